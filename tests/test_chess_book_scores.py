"""Where a book's scores begin: each score that begins again at move 1 is a record of its own."""

from notation.model import SourceText
from notation.pipeline import process, split_source

KINGS = ("       1. K. to his 3d.                 1. K. to his 4th.\n"
         "       2. K. to B's 3d.                 2. K. to B's 4th.\n")


def games_of(text):
    return [process(r) for r in split_source(SourceText("book.txt", text))]


def test_a_score_that_begins_at_blacks_move_one_in_his_column():
    # "If Black move, he plays:--" and Black's move 1 alone in his column, over rows of both columns:
    # a score of its own, from Black's move (not a note on the score above, read from White's).
    text = ("              WHITE.                           BLACK.\n" + KINGS + "\n"
            "If Black move, he plays:--\n\n"
            "                                        1. K. to his 4th.\n"
            "       2. K. to his 3d.                 2. K. to Q's 4th.\n"
            "       3. K. to B's 3d.                 3. K. to his 4th.\n")
    first, second = games_of(text)
    assert [m.side for m in first.moves] == ["white", "black"] * 2
    assert [(m.number, m.side) for m in second.moves[:2]] == [(1, "black"), (2, "white")]
    assert all(m.status == "ok" for g in (first, second) for m in g.moves), [d.message for d in second.diagnostics]


def _board(rows: list[str]) -> str:
    """A text board as the e-texts print it: White's men plain, Black's starred."""
    rule = "       +---+---+---+---+---+---+---+---+\n"
    return "                    BLACK.\n" + rule + "".join(
        "       |" + "|".join(f" {c} " if c != "*" else "   " for c in row) + "|\n" + rule for row in rows
    ) + "                    WHITE.\n"


def test_a_score_under_no_label_is_set_up_from_the_diagram_the_paragraph_above_names():
    # "No. 20." is printed pages away; the score has no label of its own: the paragraph above it names it.
    board = _board(["********", "*Q******", "*K******", "********", "********", "********", "********", "********"])
    board = board.replace("|   |   |   |   |   |   |   |   |\n       +---+---+---+---+---+---+---+---+\n"
                          "                    WHITE.", "|   | K*|   |   |   |   |   |   |\n"
                          "       +---+---+---+---+---+---+---+---+\n                    WHITE.")
    text = ("                    No. 20.\n\n" + board + "\n\n" + KINGS + "\n"
            "The next position (see Diagram 20), is a very ingenious exception to\nthis rule.\n\n"
            "              WHITE.                           BLACK.\n"
            "       1. K. to Q. B's 5th. (ch.)       1. K. to Q. B's 7th.\n"
            "       2. Q. to K. Kt's 2d. (ch.)       2. K. to Q. B's 6th.\n")
    *_, last = games_of(text)
    assert last.start == "8/1Q6/1K6/8/8/8/8/1k6 w - -"
    assert [m.normalized for m in last.moves] == ["Kc5+", "Kc2", "Qg2+", "Kc3"], [d.message for d in last.diagnostics]


def test_a_score_from_blacks_move_is_no_game_from_the_opening():
    # "P. to B's 4th." would be White's f4 from the opening; printed as Black's first, it is not:
    # the diagram its label names sets it up.
    rule = "       +---+---+---+---+---+---+---+---+\n"
    rows = [["   "] * 6 + [" K*", "   "], ["   "] * 8, [" P*"] * 3 + ["   "] * 5] + [["   "] * 8] * 4 \
        + [[" K "] + ["   "] * 7]
    board = "                    BLACK.\n" + rule + "".join("       |" + "|".join(r) + "|\n" + rule for r in rows)
    opening = ("       1. P. to K's 4th.                1. P. to K's 4th.\n"
               "       2. K. Kt. to B's 3d.             2. Q. Kt. to B's 3d.\n")
    text = ("                    No. 37.\n\n" + board + "                    WHITE.\n\n" + opening + "\n"
            "                    Diagram 37.\n\n"
            "              WHITE.                           BLACK.\n"
            "                                        1. P. to B's 4th.\n"
            "       2. K. to Kt's 2d.                2. P. to R's 4th.\n"
            "       3. K. to Kt's 3d.                3. P. to Kt's 4th.\n")
    *_, g = games_of(text)
    assert g.start == "6k1/8/ppp5/8/8/8/8/K7 b - -"
    assert g.moves[0].side == "black" and all(m.status == "ok" for m in g.moves), [d.message for d in g.diagnostics]
