"""A whole chess book as printed (Staunton's *Blue Book*, Project Gutenberg): its layout and forms.

Grammar and replay tests per form the development corpus showed (``corpus/dev/staunton-blue-book``):
the book cut into one record per score, the long form's old ordinals (``3d``, ``2d``), squares on
the mover's own file (``K. Kt. to his 5th``), a piece that only ``checks`` or ``mates``, castling
``on K's side``, commas between moves, footnote marks ``[A]``, ``in passing``, asides after the moves, and the
e-text's PGN appendix with its ``{PGN 02}`` markers.
"""

import pytest

from notation.model import SourceText
from notation.parse.chess_book import book_spans
from notation.pipeline import read_games, split_source
from notation.rules.chess import FAMILY as CHESS


def book(replay_text, body, notation="english-descriptive"):
    (g,) = replay_text(f'[Game "chess"]\n[Notation "{notation}"]\n\n{body}\n')
    return g


def sans(g):
    return [m.normalized for m in g.moves]


def two_columns(*pairs):
    """Moves in the book's two numbered columns, as the e-text prints them."""
    lines = ["        WHITE.                        BLACK."]
    for n, (white, black) in enumerate(pairs, 1):
        lines.append(f"{n:>4}. {white:<28}{n:>3}. {black}".rstrip())
    return "\n".join(lines)


@pytest.mark.parametrize("body, expected", [
    ("1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. P. to Q's 3d.", ["e4", "e5", "Nf3", "d6"]),
    ("1. P. to Q's 4th. 1. P. to Q's 4th. 2. Q. B. to K. B's 4th. 2. Q. B. to K. B's 4th. "
     "3. Q. Kt. to Q's 2d. 3. Q. Kt. to Q's 2d.", ["d4", "d5", "Bf4", "Bf5", "Nd2", "Nd7"]),
])
def test_the_old_ordinals_3d_and_2d(replay_text, body, expected):
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g) == expected, [d.message for d in g.diagnostics]


@pytest.mark.parametrize("body, expected", [
    ("1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. P. to Q's 4th. "
     "3. K. Kt. to his 5th.", "Ng5"),
    ("1. P. to Q. B's 4th. 1. P. to K's 4th. 2. Q. to her Kt's 3d.", "Qb3"),
    ("1. P. to Q's 4th. 1. P. to Q's 4th. 2. Q. to her 3d.", "Qd3"),
    ("1. P. to K's 4th. 1. P. to K's 4th. 2. K. to his 2d.", "Ke2"),
    ("1. P. to K's 4th. 1. P. to K's 4th. 2. K. B. to Q's 3d. 2. K. Kt. to B's 3d. "
     "3. K. B. to his sq.", "Bf1"),
])
def test_a_square_on_the_movers_own_file(replay_text, body, expected):
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g)[-1] == expected, [d.message for d in g.diagnostics]


def test_a_piece_that_checks_the_board_gives_the_square(replay_text):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to K's 3d. 2. P. to Q's 4th. 2. K. B. checks.")
    assert g.status == "ok" and sans(g)[-1] == "Bb4+", [d.message for d in g.diagnostics]


@pytest.mark.parametrize("mates", ["Q. mates.", "Q. Mates."])
def test_a_piece_that_mates(replay_text, mates):
    g = book(replay_text, f"1. P. to K. B's 3d. 1. P. to K's 4th. 2. P. to K. Kt's 4th. 2. {mates}")
    assert g.status == "ok" and sans(g)[-1] == "Qh4#", [d.message for d in g.diagnostics]


@pytest.mark.parametrize("castles", ["Castles on K's side.", "Castles on the King's side.", "Castles, "])
def test_castling_on_a_side_and_commas_between_moves(replay_text, castles):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d. "
                          f"3. K. B. to Q. B's 4th. 3. K. B. to Q. B's 4th. 4. {castles} 4. P. to Q's 3d.")
    assert g.status == "ok" and sans(g)[6:] == ["O-O", "d6"], [d.message for d in g.diagnostics]


def test_footnote_marks_and_notes_in_lower_case(replay_text):
    g = book(replay_text, "1. P. to K's 4th.[A] 1. P. to K's 4th. 2. K. Kt. to B's 3d. (best.) "
                          "2. Q. Kt. to B's 3d.[B]\n\n[Footnote A: The usual opening.]")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6"], [d.message for d in g.diagnostics]


@pytest.mark.parametrize("words, expected", [
    ("P. takes P. in passing.", "exd6"), ("P. takes P. _en passant_.", "exd6")])
def test_en_passant_in_words(replay_text, words, expected):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to Q. R's 3d. 2. P. to K's 5th. 2. P. to Q's 4th. "
                          f"3. {words}")
    assert g.status == "ok" and sans(g)[-1] == expected, [d.message for d in g.diagnostics]


def test_a_pawn_named_by_its_file_with_a_possessive(replay_text):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to K's 4th. 2. K. B. to Q. B's 4th. 2. P. to Q's 3d. "
                          "3. B. takes K. B's P. (ch.)")
    assert sans(g)[-1] == "Bxf7+" and g.status == "ok", [d.message for d in g.diagnostics]


def test_an_aside_after_the_last_move_of_a_line_is_a_comment(replay_text):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. P. to Q's 3d.\n"
                          "3. K. B. to Q. B's 4th, with a fine game.")
    assert g.status == "ok" and sans(g)[-1] == "Bc4", [d.message for d in g.diagnostics]
    assert "with a fine game" in g.moves[-1].comment


def test_a_misprinted_long_form_is_repaired_and_the_game_goes_on(replay_text):
    # The book's Black Knight "to Q. B's 3d." where its Queen's Knight already stands: Kt-KB3 is meant.
    g = book(replay_text, "1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d. "
                          "3. K. B. to Q. B's 4th. 3. K. B. to Q. B's 4th. 4. P. to Q. B's 3d. "
                          "4. K. Kt. to Q. B's 3d. 5. P. to Q's 4th.")
    assert sans(g)[7:] == ["Nf6", "d4"]
    assert g.moves[7].status == "repaired"
    assert any("read as" in d.message and d.line for d in g.diagnostics if d.code == "illegal-move")


BOOK = "\n".join([
    "                         THE PREFACE.",
    "",
    "Chess is a game for two.",
    "",
    "",
    "                      GAME I.--Between A. and B.",
    "",
    two_columns(("P. to K's 4th.", "P. to K's 4th."), ("K. Kt. to B's 3d.", "Q. Kt. to B's 3d.")),
    "",
    "[Footnote A: A note that names 1. P. to K's 4th.]",
    "",
    "",
    "                      GAME II.--Between C. and D.",
    "",
    two_columns(("P. to Q's 4th.", "P. to Q's 4th."), ("P. to Q. B's 4th.", "P. takes P.")),
    "         And wins.",
    "",
    "In the first place, Black may play--",
    "",
    "  1. P. to K. B's 3d.",
    "  2. K's B. to Q's 3d.",
    "",
])


def test_a_book_is_cut_before_each_score_that_begins_at_move_one():
    spans = book_spans(BOOK, CHESS.book_moves)
    texts = [BOOK[s.start:s.end] for s in spans]
    # The first game's heading begins its record: the preface above it is a record of its own.
    assert len(texts) == 3
    assert "PREFACE" in texts[0] and "GAME I." not in texts[0]
    assert texts[1].lstrip().startswith("GAME I.") and "Footnote A" in texts[1]
    assert texts[2].lstrip().startswith("GAME II.") and "K. B's 3d." in texts[2]
    assert "".join(texts) == BOOK  # nothing dropped, nothing changed


FRACTIONS = "\n".join([
    "An opening, as the old books print it.",
    "",
    "     P to K 4",
    "  1. --------",
    "     P to K 4",
    "",
    "     Kt to K B 3",
    "  2. -----------",
    "     Kt to Q B 3",
    "",
    "The next opening.",
    "",
    "     P to Q 4",
    "  1. --------",
    "     P to Q 4",
    "",
    "     P to Q B 4",
    "  2. -----------",
    "     P takes P",
    "",
])


def test_a_score_in_fractions_is_cut_at_its_first_move():
    # Move 1's number on its fraction's bar ("1. ----"), White's move over it: the pair is the rows above and below.
    spans = book_spans(FRACTIONS, CHESS.book_moves)
    assert spans is not None
    texts = [FRACTIONS[s.start:s.end] for s in spans]
    assert len(texts) == 2 and "P to Q 4" in texts[1] and "P to Q 4" not in texts[0]
    assert "".join(texts) == FRACTIONS


def test_a_book_in_a_txt_file_gives_one_record_per_score(tmp_path):
    path = tmp_path / "book.txt"
    path.write_text(BOOK, encoding="utf-8")
    games = list(read_games([path]))
    # (The preface, no move-like word in it, is stored with the first game: no record of its own.)
    assert games[0].record.text.lstrip().startswith("THE PREFACE.") and games[0].tags["Players"] == "A and B"
    assert [sans(g) for g in games] == [["e4", "e5", "Nf3", "Nc6"], ["d4", "d5", "c4", "dxc4"]]
    assert games[0].status == "ok"


def test_a_numbered_list_of_single_moves_is_no_game():
    assert book_spans("1. P. to K. B's 3d.\n2. K's B. to Q's 3d.\n\n1. P. to K's 4th.  1. P. to K's 4th.\n", CHESS.book_moves) is None


def test_text_with_tag_pairs_is_not_cut():
    text = '[Event "A"]\n\n1. P-K4 P-K4\n\n1. P-Q4 P-Q4\n'
    assert book_spans(text, CHESS.book_moves) is None


def test_a_footnote_with_quotes_is_no_tag_line():
    source = SourceText("book.txt", '1. P-K4 P-K4\n\n[Footnote A: Taking an "open file."]\n\n2. Kt-KB3 Kt-QB3\n', "utf-8")
    (record,) = split_source(source)
    assert record.status != "unparsed" and "Footnote A" in record.body


def test_a_comment_after_the_pgn_result_is_on_the_game(replay_text):
    (g,) = replay_text('[Event "x"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n\n{PGN 02}\n')
    assert g.status == "ok" and "PGN 02" in " ".join(g.comments)


def test_castling_on_the_queens_side_in_words(replay_text):
    g = book(replay_text, "1. P. to Q's 4th. 1. P. to Q's 4th. 2. Q. Kt. to B's 3d. 2. Q. Kt. to B's 3d. "
                          "3. Q. B. to K. B's 4th. 3. Q. B. to K. B's 4th. 4. Q. to her 2d. 4. Q. to her 2d. "
                          "5. Castles on Q's side. 5. Castles on the Queen's side.")
    assert g.status == "ok" and sans(g)[8:] == ["O-O-O", "O-O-O"], [d.message for d in g.diagnostics]


def test_a_move_printed_in_the_black_column_alone_is_blacks(replay_text):
    body = ("1. P. to K's 4th. 1. P. to K's 4th. 2. K. Kt. to B's 3d. 2. Q. Kt. to B's 3d.\n\n"
            "            WHITE.                              BLACK.\n"
            "                                          2. P. to Q's 3d.\n"
            "       3. P. to Q's 4th.                  3. P. takes P.\n")
    g = book(replay_text, body)
    (v,) = g.variations
    assert [m.normalized for m in v.moves] == ["d6", "d4", "exd4"], [d.message for d in g.diagnostics]
    assert g.status == "ok"


def test_a_table_printed_with_bars_and_capital_ch(replay_text):
    body = ("| WHITE. | BLACK. |\n| 1. P. to K's 4th. | 1. P. to K's 4th. |\n"
            "| 2. K. B. to Q. B.'s 4th. | 2. Q. Kt. to B.'s 3rd. |\n"
            "| 3. Q. to K. B.'s 3rd. | 3. P. to K. R.'s 3rd. |\n| 4. Q. takes K. B.'s P. Ch. |")
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g)[-1] == "Qxf7#", [d.message for d in g.diagnostics]


def test_whites_number_repeated_in_a_line_of_its_own_is_blacks_move(replay_text):
    body = "| 1. P. to K's 4th. | 1. P. to K's 4th. |\n| 2. K.'s Kt. to B.'s 3rd. |\n\nA note.\n\n| 2. P. to Q.'s 3rd. |"
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "d6"], [d.message for d in g.diagnostics]


def test_unnumbered_moves_after_prose_are_the_authors_list_of_alternatives(replay_text):
    body = ("| 1. P. to K's 4th. | 1. P. to K's 4th. |\n| 2. K.'s Kt. to B.'s 3rd. |\n"
            "Now he may protect it in five different ways— namely, by\n"
            "P. to K. B.'s 3rd (which is bad).\n"
            "K. B. to Q.'s 3rd (which is bad also).\n"
            "Q. to K. B.'s 3rd (which is not very good).\n"
            "Suppose, therefore, that he defends his Pawn by\n| 2. P. to Q.'s 3rd. |")
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "d6"], [d.message for d in g.diagnostics]
    assert sorted(v.moves[0].normalized for v in g.variations) == ["Bd6", "Qf6", "f6"]
    assert all(v.branch_ply == 4 for v in g.variations)


def test_a_pawn_named_with_possessives_as_the_mover(replay_text):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to K's 4th. 2. P. to K. B.'s 4th. 2. P. to Q.'s 4th. "
                          "3. K. B.'s P. takes K.'s P.")
    assert g.status == "ok" and sans(g)[-1] == "fxe5", [d.message for d in g.diagnostics]


def test_moves_typeset_with_em_dashes_are_known_for_chess(tmp_path):
    path = tmp_path / "openings.txt"
    path.write_text("Petroff's Defense.—\n\n1. P—K4 P—K4\n2. Kt.—KB3 Kt.—KB3\n", encoding="utf-8")
    (g,) = read_games([path])
    assert g.family == "chess" and g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nf6"]


def test_a_score_after_the_last_game_inside_a_paragraph_takes_its_heading():
    text = ("GAME III.\n\n1. P. to K's 4th. 1. P. to K's 4th.\n2. K.'s Kt. to B.'s 3rd. 2. Q.'s Kt. to B.'s 3rd.\n\n"
            "5. Q. takes P. 5. Kt. to K.'s 2nd.\nThe game is pretty equal.\nGAME IV.\n| WHITE. | BLACK. |\n"
            "| 1. P. to K.'s 4th. | 1. P. to K.'s 4th. |\n")
    (first, second) = book_spans(text, CHESS.book_moves)
    assert text[second.start:].startswith("GAME IV.") and "pretty equal" in text[first.start:first.end]


@pytest.mark.parametrize("castles", ["Castles Q. R.", "Castles. Q. side."])
def test_castling_on_the_queens_side_with_stops(replay_text, castles):
    g = book(replay_text, "1. P. to Q's 4th. 1. P. to Q's 4th. 2. Q. Kt. to B's 3d. 2. Q. Kt. to B's 3d. "
                          "3. Q. B. to K. B's 4th. 3. Q. B. to K. B's 4th. 4. Q. to her 2d. 4. Q. to her 2d. "
                          f"5. {castles} 5. Castles on Q's side. 6. K. to Kt's sq.")
    assert g.status == "ok" and sans(g)[8:] == ["O-O-O", "O-O-O", "Kb1"], [d.message for d in g.diagnostics]


def test_in_passing_in_brackets(replay_text):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to Q. R's 3d. 2. P. to K's 5th. 2. P. to Q's 4th. "
                          "3. P. takes P. (in passing). 3. Q. takes P.")
    assert g.status == "ok" and sans(g)[4:] == ["exd6", "Qxd6"], [d.message for d in g.diagnostics]


def test_a_footnote_mark_of_two_letters(replay_text):
    g = book(replay_text, "1. P. to K's 4th. 1. P. to K's 4th. 2. K. to K's 2d. 2. K. to K's 2d. "
                          "3. K. to K's sq.[AA] 3. K. to K's sq.\n\n[Footnote AA: A note.]")
    assert g.status == "ok" and sans(g)[-2:] == ["Ke1", "Ke8"], [d.message for d in g.diagnostics]


@pytest.mark.parametrize("body, expected", [
    # The OCR of a justified page (Löwenthal's *Morphy's Games of Chess*) doubles the spaces
    # between the words of a move.
    ("1.  P.  to K's  4th.  1.  P.  to K's  4th.  2.  K.  Kt.  to K.  B's  3rd.  2.  Q.  Kt.  to B's  3rd. "
     "3.  K.  B.  to Q.  Kt's  5th.  3.  P.  to Q.  R's  3rd.", ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]),
    ("1.  P. to K's  4th.  1.  P.  to K's 4th.  2.  K.  Kt.  to B's  3rd.  2.  P.  to Q's  3rd. "
     "3.  P.  to Q's  4th.  3.  P.  takes P.  4.  Q.  takes P.  4.  Q.  Kt.  to B's  3rd.",
     ["e4", "e5", "Nf3", "d6", "d4", "exd4", "Qxd4", "Nc6"]),
])
def test_moves_with_doubled_spaces_between_their_words(replay_text, body, expected):
    g = book(replay_text, body)
    assert g.status == "ok" and sans(g) == expected, [d.message for d in g.diagnostics]


def test_a_book_whose_scores_have_doubled_spaces_is_cut_at_each_score():
    text = ("GAME I.\r\n\r\n1.  P.  to K's  4th.  1.  P.  to K's  4th. \r\n\r\n2.  K.  Kt.  to B's  3rd. \r\n\r\n"
            "GAME II.\r\n\r\n1.  P.  to Q's  4th.  1.  P.  to Q's  4th. \r\n\r\n2.  P.  to Q.  B's  4th. \r\n")
    spans = book_spans(text, CHESS.book_moves)
    assert spans is not None and len(spans) == 2
    assert text[spans[0].start:spans[0].end].startswith("GAME I.") and "Q's  4th." in text[spans[1].start:spans[1].end]


def test_a_book_whose_move_numbers_have_no_full_stop_is_cut_at_each_score():
    # The Hastings 1895 tournament book prints "1 P to K 4 P to K 4"; "K 2" is a square, not move 2.
    text = ("Game 1.\n\n1 P to K 4 P to K 4\n\n2 Kt to K B 3 Kt to K 2\n\n"
            "Game 2.\n\n1 P to Q 4 P to Q 4\n\n2 P to Q B 4 P x P\n")
    spans = book_spans(text, CHESS.book_moves)
    assert spans is not None and len(spans) == 2
    assert text[spans[1].start:spans[1].end].lstrip().startswith(("Game 2.", "1 P to Q 4"))


def test_a_footnote_numbered_1_is_no_score():
    text = "1 P to K 4 P to K 4\n\n2 Kt to K B 3 Kt to Q B 3\n\n1 P to K 3 was preferable. The Queen has seldom a good square.\n"
    assert book_spans(text, CHESS.book_moves) is None


def test_moves_numbered_without_a_full_stop_replay(replay_text):
    g = book(replay_text, "1 P to K 4 P to K 4\n2 Kt to K B 3 Kt to Q B 3\n3 B to Kt 5 P to Q R 3")
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], [d.message for d in g.diagnostics]


def test_a_footnotes_sentence_leading_to_a_move_is_no_aside_after_the_line():
    # Steinitz v. Zukertort's footnote D (the Steinitz Gambit): "If, instead of K. to Kt's 3d, 13. Kt. takes P.
    # Black wins by R. takes P.!.]". A sentence after a line's last move is the author's aside (stop 69), but not
    # one that leads to the line's next move ("Black wins by ..."): read as an aside, the note's moves were lost
    # and "K. to Kt's 3d" read as Black's, an error in a clean text.
    from pathlib import Path

    from notation.pipeline import process, read_file

    path = Path(__file__).resolve().parent.parent / "corpus" / "dev" / "staunton-blue-book" / "16377.txt"
    (record,) = [r for r in split_source(read_file(str(path))) if "Footnote D: Black wins here by" in r.body]
    g = process(record)
    assert g.status != "error", [d.message for d in g.diagnostics if d.severity == "error"]
