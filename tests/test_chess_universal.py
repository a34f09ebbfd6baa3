"""Meyer's universal notation (*The Boy's Own Book of Indoor Games*, 1890): algebraic squares, the men
named K L M N O P (King, Queen, Rook, Bishop, Knight, Pawn), the move's number before a comma.

Short texts in the book's forms, each read as a user's file: the notation is found by detection, its
scores begin records, its marks say check and mate, and what a problem prints over its solution goes
with the solution.
"""

from __future__ import annotations

import chess

from notation.boards.chess import Position
from notation.model import SourceText
from notation.pipeline import process, split_source
from notation.rules.chess.decode import decode
from notation.rules.chess.notations import NOTATIONS


def games_of(text: str) -> list:
    return [process(r) for r in split_source(SourceText("book.txt", text))]


def sans(game) -> list[str | None]:
    return [m.normalized for m in game.moves]


#: A mate in four, the columns' heads over it, a note between its moves, mate marked with the double dagger.
SCHOLAR = """THE ENDINGS OF GAMES.

   WHITE.             BLACK.
   1, P e4            P e5
   2, N c4            O c6
   3, L h5            O f6

Black forgets the danger at f7, and White plays

   4, L f7:‡
"""


def test_the_universal_letters_read_as_chess_and_the_dagger_marks_as_mate():
    (game,) = games_of(SCHOLAR)
    assert game.notation == "universal" and game.status == "ok", [d.message for d in game.diagnostics]
    assert sans(game) == ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    assert not [d for d in game.diagnostics if d.code in ("missed-check", "missed-mate")]


#: The same opening, a sacrifice that checks; read by the decoder too.
SACRIFICE = """THE ENDINGS OF GAMES.

   WHITE.             BLACK.
   1, P e4            P e5
   2, N c4            O c6
   3, N f7:†          K f7:

White gives up his N at f7 to draw the K out, and plays

   4, L h5†           P g6
   5, L e5:
"""


def test_a_dagger_is_the_decoders_check_a_double_dagger_its_mate():
    # The decoder (which reads a record the layout does not read whole) takes the book's marks as the
    # grammars do: "N f7:†" gives check, "L f7:‡" mates.
    for text, marked in ((SACRIFICE, {"N f7:†": (True, False), "L h5†": (True, False)}),
                         (SCHOLAR, {"L f7:‡": (False, True)})):
        (record,) = split_source(SourceText("book.txt", text))
        notation = NOTATIONS["universal"]
        decoded = decode(notation.parse(record), notation, Position.start(chess.Board()))
        assert decoded is not None
        marks = {m.text: (m.fields.check, m.fields.mate) for m in decoded.line.moves if m.text in marked}
        assert marks == marked


def test_k_m_is_castling_on_the_wing_the_board_allows():
    (short,) = games_of("   1, P e4            P e5\n   2, O f3            O c6\n"
                        "   3, N c4            N c5\n   4, K M             O f6\n")
    assert sans(short)[-2:] == ["O-O", "Nf6"], [d.message for d in short.diagnostics]
    (long,) = games_of("   1, P d4            P d5\n   2, O c3            O c6\n   3, N f4            N f5\n"
                       "   4, L d2            L d7\n   5, K M             KM\n")
    assert sans(long)[-2:] == ["O-O-O", "O-O-O"], [d.message for d in long.diagnostics]


def test_scores_numbered_with_a_comma_each_begin_a_record():
    # Under headings, and one after the other with only a line of prose between them.
    headed = ("FIRST GAME.\n\n   1, P e4            P e5\n   2, O f3            O c6\n\n"
              "SECOND GAME.\n\n   1, P d4            P d5\n   2, P c4            P e6\n")
    games = games_of(headed)
    assert [g.title for g in games] == ["FIRST GAME.", "SECOND GAME."]
    assert [sans(g) for g in games] == [["e4", "e5", "Nf3", "Nc6"], ["d4", "d5", "c4", "e6"]]
    run_on = ("   1, P e4            P e5\n   2, O f3            O c6\n\nAnother way of opening:--\n\n"
              "   1, P d4            P d5\n   2, P c4            P e6\n")
    assert [sans(g) for g in games_of(run_on)] == [["e4", "e5", "Nf3", "Nc6"], ["d4", "d5", "c4", "e6"]]


def test_the_columns_heads_with_blacks_first_are_no_title():
    # (The game above ends where the next score's record begins: what is above that score is its own.)
    text = (SCHOLAR + "\n\nTHE ENDINGS OF GAMES.\n\nWe will now give the first move to Black.\n\n"
            "  BLACK.             WHITE.\n  1, P e5            P e4\n  2, O c6            O f3\n")
    games = games_of(text)
    assert [g.title for g in games] == ["THE ENDINGS OF GAMES.", "THE ENDINGS OF GAMES."]


def test_a_solutions_diagram_and_task_go_with_its_score():
    # The diagram, what is to be done and the solution's heading head the solution's score, so its
    # moves are read from that diagram (set up by inference here, a reconstruction), not the opening.
    text = (SCHOLAR + "\n\nThe following is the termination of a game played by Adolph Anderssen:--\n\n"
            "[Illustration: 8 + 10 = 18 pieces.]\n\nWhite to play and mate in five (5) moves.\n\n\n"
            "SOLUTION.\n\n  WHITE.             BLACK.\n  1, L e6\u2020           L e6:\n"
            "  2, O d7             L d7:\n  3, M b8\u2020           K b8:\n")
    first, solution = games_of(text)
    assert "[Illustration" not in first.record.body and "termination" in first.record.body
    assert solution.record.body.startswith("[Illustration: 8 + 10 = 18 pieces.]\n\nWhite to play")
    assert any(d.code in ("missing-setup", "setup-inferred") for d in solution.diagnostics)
    assert solution.title == "THE ENDINGS OF GAMES."


def test_only_a_text_with_a_letter_apart_from_its_square_is_tried_in_it():
    # Its clue: every move of Meyer's prints the man's letter, a space, then the square ("O f3", "O fd2").
    from notation.model import Record
    from notation.rules.chess import FAMILY as CHESS

    def candidates(text: str) -> list[str]:
        return CHESS.candidate_notations(Record(SourceText("x.txt", text), 0, {}, text, text, 0, 0))

    assert "universal" in candidates("1, P e4  P e5\n2, O f3  O c6\n")
    assert "universal" not in candidates("1. e4 e5 2. Nf3 Nc6 3. Bb5 a6\n")
    assert "universal" not in candidates("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n")
