"""Notes of the annotated games of early 20th-century books: variations in brackets inside the score's running
lines, a note's note in brackets inside a note's, notes printed after the game under their labels."""

import pytest

from notation.model import Game, SourceText
from notation.pipeline import process, read_games, split_source


def book(replay_text, body, notation="english-descriptive") -> Game:
    (g,) = replay_text(f'[Game "chess"]\n[Notation "{notation}"]\n\n{body}\n')
    return g


def sans(moves) -> list[str]:
    return [m.normalized for m in moves]


def lines(g: Game) -> list[tuple[int, int, list[str]]]:
    """Each variation: the line it hangs in (0 the game), the ply it replaces, its moves."""
    return [(v.parent, v.branch_ply, sans(v.moves)) for v in g.variations]


RUY = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]


@pytest.mark.parametrize("text, outer_moves, inner_at, inner_moves", [
    # The score's layout reads both brackets as lines: the inner one hangs in the outer one's line.
    ("1. P-K4, P-K4; 2. Kt-KB3 (2. P-Q4, PxP; 3. QxP, Kt-QB3 (3. ..., P-Q3; 4. B-QB4)), Kt-QB3; 3. B-Kt5, P-QR3.",
     ["d4", "exd4", "Qxd4", "Nc6"], 6, ["d6", "Bc4"]),
    # The author's words make the decoder read it: a number in brackets is a note's (the score's rows are numbered
    # in the same line), it ends with its brackets, and the numbers in brackets repeat the game's without making
    # the text one that numbers Black's moves too.
    ("1. P-K4, P-K4; 2. Kt-KB3 (2. P-Q4, PxP; 3. QxP (best, for if 3. P-QB3, PxP), Kt-QB3), Kt-QB3; 3. B-Kt5, P-QR3.",
     ["d4", "exd4", "Qxd4", "Nc6"], 5, ["c3", "dxc3"]),
    # "17. P-B4 (the alternative was 17. P-B3 ...), B-B2": the line whose number begins the printed line goes on
    # after the brackets; the note's number, further on that line, is no row's.
    ("1. P-K4, P-K4; 2. Kt-KB3 (the alternative was 2. B-B4, Kt-KB3 (if 2. ..., B-B4, then\n"
     "3. Q-Kt4), with equality), Kt-QB3; 3. B-Kt5, P-QR3.", ["Bc4", "Nf6"], 4, ["Bc5", "Qg4"]),
])
def test_a_note_in_brackets_inside_a_note_in_brackets_is_its_variation(replay_text, text, outer_moves, inner_at,
                                                                        inner_moves):
    g = book(replay_text, text)
    assert sans(g.moves) == RUY and g.status == "ok", [d.message for d in g.diagnostics]
    outer, inner = g.variations
    assert (outer.parent, outer.branch_ply, sans(outer.moves)) == (0, 3, outer_moves)
    assert (inner.parent, inner.branch_ply, sans(inner.moves)) == (outer.id, inner_at, inner_moves)


NOTES_AFTER = ("1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3 (1); 3. B-Kt5, P-QR3 (2); 4. B-R4, Kt-B3;\n"
               "5. Castles, P-QKt4; 6. B-Kt3, B-K2. Drawn.\n\nNOTES.\n\n{one}\n\n{two}\n")


def test_notes_printed_after_the_game_under_their_labels_are_read_apart(replay_text):
    # Each note's moves hang where its own number puts them: the notes are not one line read on from the first.
    g = book(replay_text, NOTES_AFTER.format(one="(1) 2. ..., P-Q3 is Philidor's Defence.",
                                             two="(2) Black could not play 3. ..., Kt-Q5, because of 4. KtxKt."))
    assert sans(g.moves) == [*RUY[:6], "Ba4", "Nf6", "O-O", "b5", "Bb3", "Be7"] and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 4, ["d6"]), (0, 6, ["Nd4", "Nxd4"])]


def test_a_note_whose_move_is_followed_by_prose_only(replay_text):
    # "10. B-Q3 was simpler.": no words after the move read with it as a move's shape; it is the note's still.
    g = book(replay_text, NOTES_AFTER.format(one="(1) 2. ..., P-Q3 was simpler.",
                                             two="(2) A good move."))
    assert lines(g) == [(0, 4, ["d6"])], [d.message for d in g.diagnostics]


def test_a_note_without_numbers_goes_from_the_move_its_label_follows(replay_text):
    g = book(replay_text, NOTES_AFTER.format(one="(1) Or P-Q3, Philidor's Defence.",
                                             two="(2) A good move."))
    assert lines(g) == [(0, 4, ["d6"])], [d.message for d in g.diagnostics]


def test_a_note_that_supposes_moves_from_the_next_move_is_no_part_of_the_game():
    # "If 10. BxKt, ..." between the rows begins at the move the game comes to next: read as the game's line, the
    # game's own rows 10 to 17 were its variation, and the record "ok".
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    text = ("GAME I.\n\n    WHITE.             BLACK.\n    (Morphy.)          (Allies.)\n"
            " 1. P-K4               P-K4\n 2. Kt-KB3             P-Q3\n 3. P-Q4               B-Kt5\n"
            " 4. PxP                BxKt\n 5. QxB                PxP\n 6. B-QB4              Kt-KB3\n"
            " 7. Q-QKt3             Q-K2\n 8. Kt-B3              P-B3\n 9. B-KKt5             P-Kt4\n\n"
            "If 10. BxKt, QxB; 11. KtxP, PxKt.\n\n"
            "10. KtxP               PxKt\n11. BxKtP ch           QKt-Q2\n12. Castles QR         R-Q1\n"
            "13. RxKt               RxR\n14. R-Q1               Q-K3\n15. BxR ch             KtxB\n"
            "16. Q-Kt8 ch           KtxQ\n17. R-Q8 mate.\n")
    (g,) = [process(r) for r in split_source(SourceText("opera.txt", text))]
    assert g.status == "ok" and len(g.moves) == 33 and g.moves[18].normalized == "Nxb5"
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in g.variations] == [(19, ["Bxf6", "Qxf6", "Nxb5", "cxb5"])]


#: An ending set up from its piece list, its solution a sentence or a score with a lettered note under it.
ENDING = "ENDING No. 4.\n\nWhite: K at {white}. Black: K at {black}.\n\nWhite to play and win.\n\n{score}\n"


@pytest.mark.parametrize("lead", ["White plays 1. R-R8 mate.", "White mates in one: 1. R-R8."])
def test_a_single_move_told_after_a_lead_in_is_the_solution(replay_text, lead):
    # A score needs two moves: the one move after "White plays" was prose, and the record had no move.
    g = book(replay_text, ENDING.format(white="Q6, R at KR sq", black="Q sq", score=lead))
    assert sans(g.moves) == ["Rh8#"] and g.status == "ok" and g.result == "1-0", [d.message for d in g.diagnostics]


def test_a_lettered_note_that_supposes_moves_is_a_variation_and_its_verdict_the_lines():
    # "(a) If 12. KtxP, ..." under the game: "If" was read as a move (no move the grammar reads), the note's
    # moves a stretch the decoder placed, and its "and wins" the game's result, judged at the game's last move.
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    text = ("GAME XII.--Between Mr. A and Mr. B.\n\n"
            "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, P-QR3; 4. B-R4, Kt-B3;\n"
            "5. Castles, B-K2; 6. R-K sq, P-QKt4; 7. B-Kt3, P-Q3; 8. P-B3, Castles;\n"
            "9. P-KR3, Kt-QR4; 10. B-B2, P-B4; 11. P-Q4, Q-B2 (a);\n"
            "12. QKt-Q2, BPxP; 13. PxP, Kt-B3; 14. Kt-Kt3, P-QR4; 15. B-K3, P-R5.\n\n"
            "(a) If 12. KtxP, PxKt; 13. PxKP, Kt-Kt5 and wins.\n")
    (g,) = [process(r) for r in split_source(SourceText("note.txt", text))]
    assert len(g.moves) == 30 and g.result is None, [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 23, ["Nxe5", "dxe5", "dxe5", "Ng4"])]
    assert g.moves and not any(c.what == "result" for c in g.claims)
    # The verdict is the line's, for the side that made its last move (Black's Kt-Kt5).
    assert [(c.what, c.ply, c.claimed) for c in g.claims if c.what == "verdict"] == [("verdict", 26, "win for Black")]


def test_a_notes_label_under_the_score_is_no_comment_of_the_games():
    # "(a)" opens the note its mark in the score points to: the note is the variation, its label no word of the
    # game's own comments (it was the record's comment "a", beside its heading).
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    text = ("RUY LOPEZ.\n\n  1 P-K4          P-K4\n  2 Kt-KB3        Kt-QB3\n  3 B-Kt5         Kt-B3 (a)\n"
            "  4 Castles       KtxP\n\n(a) 3 ... P-QR3 is also played.\n")
    (g,) = [process(r) for r in split_source(SourceText("note.txt", text))]
    assert g.comments == ["RUY LOPEZ."] and lines(g) == [(0, 6, ["a6"])]


RUY_ROWS = ("1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, P-QR3; 4. B-R4, Kt-B3;\n"
            "5. Castles, B-K2; 6. R-K sq, P-QKt4; 7. B-Kt3, P-Q3; 8. P-B3, Castles;\n"
            "9. P-KR3, Kt-QR4; 10. B-B2, P-B4; 11. P-Q4, Q-B2;\n\n{note}\n\n"
            "12. QKt-Q2, BPxP; 13. PxP, Kt-B3; 14. Kt-Kt3, P-QR4; 15. B-K3, P-R5.")


@pytest.mark.parametrize("note, variation", [
    # The note's one move at the game's next move was read as the game's 12th, its rows after it misread.
    ("White threatens 12. KtxP.", ["Nxe5"]),
    ("The best move. White threatens 12. PxKP.", ["dxe5"]),
    ("(a) White might also play 12. PxKP, PxP; 13. QKt-Q2.", ["dxe5", "dxe5", "Nbd2"]),
])
def test_a_sentence_that_makes_its_moves_a_notes_is_a_variation_at_the_next_move(replay_text, note, variation):
    g = book(replay_text, RUY_ROWS.format(note=note))
    assert len(g.moves) == 30 and g.moves[22].normalized == "Nbd2" and g.status == "ok", \
        [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 23, variation)]


GIUOCO = ("1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-Q3, Kt-B3; 5. Castles, P-Q3; 6. P-B3, Castles.\n\n"
          "{note}\n")


def test_alternatives_with_the_same_number_are_each_a_variation_of_their_own(replay_text):
    # "5. Kt-B3; 5. P-KR3; or 5. Q-K2": the number printed again names White's 5th again, each move an alternative
    # from that ply (read on as one line, "5. P-KR3" was Black's h6); "Instead of 5. Castles" quotes the game's
    # move, no Black castling at move 5.
    g = book(replay_text, GIUOCO.format(note="Instead of 5. Castles, White may play 5. Kt-B3; 5. P-KR3; or 5. Q-K2."))
    assert sans(g.moves) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "Nf6", "O-O", "d6", "c3", "O-O"]
    assert lines(g) == [(0, 9, ["Nc3"]), (0, 9, ["h3"]), (0, 9, ["Qe2"])], [d.message for d in g.diagnostics]
    # The note's words are the note, on the first alternative they lead into.
    assert g.variations[0].comment.startswith("Instead of 5. Castles, White may play")


def test_a_notes_words_are_kept_on_the_line_the_decoder_reads(replay_text):
    # The German note under the score: its line at Black's 5th, its words the line's note, its verdict the note on
    # the line's last move; the game's result stays.
    g = book(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. c2-c3 Sg8-f6\n"
                          "5. d2-d4 e5xd4 (a)\n6. c3xd4 Lc5-b4+ 7. Lc1-d2 Lb4xd2+ 8. Sb1xd2 d7-d5\n"
                          "9. e4xd5 Sf6xd5\n0-1\n\n(a) Auf 5. ..., d7-d5 folgt 6. e4xd5, und Weiß steht besser.",
             notation="german")
    assert len(g.moves) == 18 and g.result == "0-1" and g.status == "ok", [d.message for d in g.diagnostics]
    (line,) = g.variations
    assert (line.branch_ply, sans(line.moves)) == (10, ["d5", "exd5"])
    assert line.comment == "(a) Auf" and line.moves[-1].comment == "und Weiß steht besser."


def test_notes_under_their_marks_between_the_rows_keep_their_words_and_verdicts(replay_text):
    # Pairs of moves on a line, notes "(1)" and "(*)" between the rows: each a line where its number puts it, the
    # words that lead into it its comment, the verdict that ends it on its last move (a claim of the line), and
    # the words that only join its moves ("on account of 10.") no note; the number of a line's first move is the
    # move's (PGN prints it again), not the words' that lead into it.
    g = book(replay_text, "1. P-K4  P-K4  2. Kt-KB3  Kt-QB3  3. B-Kt5  P-QR3  4. B-R4  Kt-B3\n"
                          "5. Castles  B-K2  6. R-K1  P-QKt4  7. B-Kt3  P-Q3 (1)  8. P-B3  Castles\n"
                          "9. P-KR3  Kt-QR4 (*)  10. B-B2  P-B4  11. P-Q4  Q-B2  12. QKt-Q2  BPxP\n\n"
                          "(1) If 7. ... Castles; 8. P-Q4, B-Kt5; 9. P-B3, and White has the better game.\n\n"
                          "(*) Black cannot play 9. ... KtxP on account of 10. RxKt.\n\n"
                          "13. PxP  Kt-B3  14. Kt-Kt3  P-QR4  15. B-K3  P-R5\n")
    assert len(g.moves) == 30 and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 14, ["O-O", "d4", "Bb4", "c3"]), (0, 18, ["Nxe4", "Rxe4"])]
    first, second = g.variations
    assert first.comment == "(1) If" and first.moves[-1].comment == "and White has the better game."
    assert second.comment == "(*) Black cannot play" and second.moves[0].comment is None
    assert [(c.what, c.ply, c.claimed) for c in g.claims] == [("verdict", 17, "advantage for White")]


def test_notes_on_the_lines_after_one_another_each_keep_their_words(replay_text):
    # "(a) ..." / "(b) ..." on lines of their own, no blank line between: each label heads its note, whose words
    # lead into its line, however few ("(b) Nicht 9. ...").
    g = book(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. c2-c3 Sg8-f6 5. d2-d4 e5xd4\n"
                          "6. c3xd4 Lc5-b4+ 7. Sb1-c3 Sf6xe4 (a) 8. 0-0 Lb4xc3 9. d4-d5 Lc3-f6 (b)\n"
                          "10. Tf1-e1 Sc6-e7 11. Te1xe4 d7-d6\n\n"
                          "(a) Besser war 7. ... d7-d5.\n(b) Nicht 9. ... Sc6-e5 wegen 10. Sf3xe5.\n",
             notation="german")
    assert len(g.moves) == 22 and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 14, ["d5"]), (0, 18, ["Ne5", "Nxe5"])]
    assert [v.comment for v in g.variations] == ["(a) Besser war", "(b) Nicht"]


#: A game in two columns, only White's moves numbered (or both, in Staunton's long form), a note between rows 5 and 6.
ROWS_5 = {
    "short": ("1. P-K4      P-K4\n2. Kt-KB3    Kt-QB3\n3. B-B4      Kt-B3\n4. P-Q3      P-Q3\n"
              "5. Castles   B-K2\n\n{note}\n\n6. P-KR3     Castles\n"),
    "long": ("1. P. to K's 4th.          1. P. to K's 4th.\n2. K. Kt. to B's 3rd.      2. Q. Kt. to B's 3rd.\n"
             "3. K. B. to Q. B's 4th.    3. K. Kt. to B's 3rd.\n4. P. to Q's 3rd.          4. P. to Q's 3rd.\n"
             "5. Castles.                5. K. B. to K's 2nd.\n\n{note}\n\n6. P. to K. R's 3rd.       6. Castles.\n"),
}
GAME_5 = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "d3", "d6", "O-O", "Be7", "h3", "O-O"]


@pytest.mark.parametrize("form, note", [
    ("short", "(If 5. Kt-B3, Black replies 5. B-KKt5.)"),
    ("long", "(If 5. Q. Kt. to B's 3rd, Black replies 5. Q. B. to K. Kt's 5th.)"),
    ("short", "If 5. Kt-B3, Black replies 5. B-KKt5."),
])
def test_a_notes_number_repeated_before_the_reply_numbers_the_notes_next_move(replay_text, form, note):
    # The second "5." is Black's 5th in the note's line: taken for White's, it closed the note and began another
    # from White's 5th (two variations, "Kt-B3" and "B-KKt5" read as White's Bg5).
    g = book(replay_text, "GAME I.--Between Mr. A and Mr. B.\n\n" + ROWS_5[form].format(note=note))
    assert sans(g.moves) == GAME_5 and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 9, ["Nc3", "Bg4"])]


@pytest.mark.parametrize("note", [
    "12. PxKP would be answered by PxP.",
    "12. PxKP is met by PxP.",
    "12. PxKP would be answered by 12. ..., PxP.",
])
def test_a_note_that_opens_with_its_numbered_move_and_weighs_it_is_a_variation(replay_text, note):
    # The author's hypothetical at the game's next move, and the reply he names: a variation at move 12. It was
    # prose, said as "a number with no move after it (a heading ...)", its captures unsaid; with the reply
    # numbered, the note was read as the game's line and the game's own rows 12 to 15 its variation.
    g = book(replay_text, RUY_ROWS.format(note=note))
    assert len(g.moves) == 30 and g.moves[22].normalized == "Nbd2" and g.status == "ok", \
        [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 23, ["dxe5", "dxe5"])]


def test_an_unnumbered_capture_in_a_note_is_a_move_like_word(replay_text):
    # "PxP" has no figure: it was no move-like word, said only as a word "not as its grammar reads a move" and
    # counted nowhere; the prose's move-like words now count it, and the diagnostic names it.
    from notation.details.chess import ChessGameDetail

    g = book(replay_text, RUY_ROWS.format(note="Black might now have played PxP, but he prefers to keep the pawn."))
    assert len(g.moves) == 30 and g.status == "ok"
    (said,) = [d for d in g.diagnostics if d.code == "prose"]
    assert "'PxP'" in said.message and "not as its grammar reads" not in said.message and (said.line, said.column) == (8, 29)
    assert ChessGameDetail.of(g.detail).move_like_words_in_prose == 1


@pytest.mark.parametrize("word, move_like", [
    ("PxP", True), ("KtxP", True), ("QxB ch", True), ("P. takes P.", True), ("BxKt", True),
    ("P", False), ("K.", False), ("XIV", False), ("LXV", False), ("Max", False), ("Next", False),
])
def test_a_capture_without_a_figure_is_a_move_like_word(word, move_like):
    from notation.parse.chess_layout import _parser, move_like_words

    assert bool(move_like_words(_parser("chess_descriptive.lark"), word)) is move_like


#: A game in two columns with a note after row 13: White's queen may take Black's with check at move 14.
ROWS_13 = ("GAME IV.--Between Mr. A and Mr. B.\n\n"
           "1.  Kt-KB3      P-Q4\n2.  P-K3        P-QB4\n3.  B-K2        Kt-QB3\n4.  B-Kt5       Q-Q3\n"
           "5.  Castles     P-K4\n6.  P-B4        PxP\n7.  Kt-B3       B-K2\n8.  Kt-K4       Q-Q6\n"
           "9.  Kt-Kt3      B-B3\n10. Kt-K1       Q-Q4\n11. Q-B2        B-K3\n12. Q-R4        P-K5\n"
           "13. BxKt ch     QxB\n\n{note}\n\n14. Q-Q1        Kt-K2\n15. P-Kt3       Castles\n")


def test_a_note_without_numbers_whose_captures_are_legal_at_the_next_move_is_a_variation_there(replay_text):
    # "QxQ ch" and "PxQ" print no figure: each a move's shape alone though prose follows it. The note's words
    # were left as prose, its moves unsaid.
    g = book(replay_text, ROWS_13.format(note="If White now plays QxQ ch, Black replies PxQ."))
    assert len(g.moves) == 30 and g.moves[26].normalized == "Qd1" and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 27, ["Qxc6+", "bxc6"])]


def test_a_note_without_numbers_whose_captures_are_legal_nowhere_is_said_as_prose(replay_text):
    g = book(replay_text, RUY_ROWS.format(note="If White now plays QxQ ch, Black replies PxQ."))
    assert len(g.moves) == 30 and not g.variations
    (said,) = [d for d in g.diagnostics if d.code == "prose"]
    assert "'QxQ', 'PxQ'" in said.message and (said.line, said.column) == (8, 20)


def test_a_note_of_several_numbered_moves_whose_sentence_weighs_them_is_a_variation(replay_text):
    # The sentence goes on from its moves ("..., would have given White nothing."): the note was read as the game's
    # line, the game's own rows 12 to 15 its variation, and the record "ok".
    g = book(replay_text, RUY_ROWS.format(
        note="12. PxKP, PxP; 13. QKt-Q2, R-Q sq, would have given White nothing."))
    assert len(g.moves) == 30 and g.moves[22].normalized == "Nbd2" and g.status == "ok", \
        [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 23, ["dxe5", "dxe5", "Nbd2", "Rd8"])]


def test_a_remark_of_its_own_after_a_scores_rows_is_no_weighed_note(replay_text):
    # "A note: ..." on the line after the rows, in the same paragraph, begins a sentence of its own: the rows stay
    # the game's.
    g = book(replay_text, "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3;\nA note: 2. B-B4 would be answered by Kt-B3.")
    assert sans(g.moves) == ["e4", "e5", "Nf3", "Nc6"], [d.message for d in g.diagnostics]



def _cells(rows: list[tuple[str, str]]) -> str:
    """A score as an OCR'd page of Hastings 1895's kind prints it: each row's number and cells a paragraph each."""
    return "".join(f"{n}\n\n{w}\n\n{b}\n\n" for n, (w, b) in enumerate(rows, 1))


def test_a_capture_the_score_left_does_not_draw_the_notes_window_back_over_the_pages_number(replay_text):
    # Black's last cell "RxP" is no legal move: the reading leaves it, and the notes after the score begin with it.
    # A capture without a figure is a move's shape alone only where the author's sentence names it: this one drew
    # the note's window back over the page's number "65", read as the note's, and the note's line was lost (the
    # notes were read as the game's rows). Traced in Hastings 1895 (Bird - Blackburne, "The line of defence adopted
    # by Zukertort commences : 4. Kt to K B 3, ...").
    rows = [("P to K 4", "P to K 4"), ("Kt to K B 3", "Kt to Q B 3"), ("B to Kt 5", "P to Q R 3"), ("BxKt", "QPxB"),
            ("KtxP", "Q to Q 5"), ("Kt to K B 3", "QxP, ch"), ("Q to K 2", "QxQ, ch"), ("KxQ", "B to K Kt 5"),
            ("P to K R 3", "BxKt, ch"), ("PxB", "RxP")]
    text = ("A. Smith v. B. Jones.\n\nWHITE\n\nBLACK\n\n" + _cells(rows) + "Drawn \n\ngame. \n\n65 \n\n"
            "Notes by E. Schiffers. \n\n' The usual line is : 3. B to B 4, B to B 4 ; 4. P to B 3, Kt to B 3 ; "
            "5. P to Q 4, P to Q 3 ; 6. Castles, &c. \n")
    (g,) = replay_text(text)
    assert sans(g.moves)[-3:] == ["h3", "Bxf3+", "gxf3"] and len(g.moves) == 19, [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 5, ["Bc4", "Bc5", "c3", "Nf6", "d4", "d6", "O-O"])]
    (said,) = [d for d in g.diagnostics if d.code == "prose"]
    assert "'RxP'" in said.message and said.line == 65


@pytest.mark.parametrize("note", [
    "(Instead of 5. Castles, White may play 5. BxP ch., 5. K-K2, or 5. Kt-B3.)",
    "(Or 5. BxP ch., 5. K-K2.)",
])
def test_a_number_again_after_a_moves_mark_lists_the_first_players_choices(replay_text, note):
    # "5. BxP ch., 5. K-K2": the number printed again after a move and its mark, no word of the author's between,
    # names White's 5th again (an alternative from the same ply), not Black's reply to the check (Ke7): a number
    # is the note's own reply only after the author's words ("Black replies 5. ..."), whichever reading left the
    # mark apart from its move.
    g = book(replay_text, "GAME I.--Between Mr. A and Mr. B.\n\n" + ROWS_5["short"].format(note=note))
    assert sans(g.moves) == GAME_5 and g.status == "ok", [d.message for d in g.diagnostics]
    assert [(v.branch_ply, sans(v.moves)) for v in g.variations][:2] == [(9, ["Bxf7+"]), (9, ["Ke2"])]


#: Staunton's long form in two columns, every cell numbered (Every Boy's Book, the Blue Book), a note after row 4.
BOTH_NUMBERED = ("GAME I.--Between Mr. A and Mr. B.\n\n"
                 "1. P. to K's 4th.          1. P. to K's 4th.\n2. K's Kt. to B's 3d.      2. Q's Kt. to B's 3d.\n"
                 "3. K's B. to Q. B's 4th.   3. K's B. to Q. B's 4th.\n4. P. to Q. B's 3d.        4. K's Kt. to B's 3d.\n\n"
                 "{note}\n\n"
                 "5. P. to Q's 4th.          5. P. takes P.\n6. P. takes P.             6. K's B. to Q. Kt's 5th (ch.)\n")
BOTH_GAME = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+"]


@pytest.mark.parametrize("note, variations", [
    # The side the note's words name: each "4." Black's 4th, though "P. to Q's 3d", "Q. to K's 2d" and "P. to K. R's
    # 3d" read as White's 4th too (they were read as Nc3 d6 / Qe2 h6, the quoted "Kt. to B's 3d" as White's Nc3).
    ("Instead of 4. K's Kt. to B's 3d, Black may play 4. P. to Q's 3d; 4. Q. to K's 2d; or 4. P. to K. R's 3d.",
     [(0, 8, ["d6"]), (0, 8, ["Qe7"]), (0, 8, ["h6"])]),
    ("Here he (Black) may play 4. P. to Q's 3d; 4. Q. to K's 2d; or 4. P. to K. R's 3d.",
     [(0, 8, ["d6"]), (0, 8, ["Qe7"]), (0, 8, ["h6"])]),
    ("Black's best reply is 4. P. to Q's 3d; 4. Q. to K's 2d is weaker.", [(0, 8, ["d6"]), (0, 8, ["Qe7"])]),
    # No side named: the side of the move the note quotes, as its row prints it (Black's "K's Kt. to B's 3d").
    ("Instead of 4. K's Kt. to B's 3d, 4. P. to Q's 3d; 4. Q. to K's 2d; or 4. P. to K. R's 3d, are as good.",
     [(0, 8, ["d6"]), (0, 8, ["Qe7"]), (0, 8, ["h6"])]),
    # White's alternatives to the move the game makes next: siblings, none the variation of the one before (each
    # note read since the first at the same move was hung inside the next, a chain seven deep).
    ("Instead of 5. P. to Q's 4th, White may play 5. Castles; 5. P. to Q's 3d; or 5. P. to Q. Kt's 4th.",
     [(0, 9, ["O-O"]), (0, 9, ["d3"]), (0, 9, ["b4"])]),
])
def test_a_notes_bare_numbers_take_the_side_it_names_where_both_sides_are_numbered(replay_text, note, variations):
    g = book(replay_text, BOTH_NUMBERED.format(note=note))
    assert sans(g.moves) == BOTH_GAME and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == variations


@pytest.mark.parametrize("note, variations", [
    # Both sides' 5th moves read alike where the note's words are read for either side: its words say whose.
    ("Instead of 5. K. B. to K's 2nd, Black may play 5. P. to K. R's 3rd; 5. Q. to K's 2nd; or 5. P. to Q. R's 3rd.",
     [(0, 10, ["h6"]), (0, 10, ["Qe7"]), (0, 10, ["a6"])]),
    ("Instead of 5. Castles, White may play 5. P. to K. R's 3rd; 5. Q. to K's 2nd; or 5. P. to Q. R's 3rd.",
     [(0, 9, ["h3"]), (0, 9, ["Qe2"]), (0, 9, ["a3"])]),
])
def test_a_notes_alternatives_after_black_or_white_in_the_long_form(replay_text, note, variations):
    g = book(replay_text, "GAME I.--Between Mr. A and Mr. B.\n\n" + ROWS_5["long"].format(note=note))
    assert sans(g.moves) == GAME_5 and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == variations


#: Hoyle's form of the long score: both sides' moves numbered, "..." for the cell a note interrupts.
DOTS_ROWS = ("GAME I.--Between Mr. A and Mr. B.\n\n      WHITE.                         BLACK.\n"
             "   1. P to K 4                    1. P to K 4\n   2. Kt to K B 3                 2. Kt to Q B 3\n"
             "   3. B to B 4                    3. B to B 4\n   4. P to B 3                       ...\n\n{note}\n\n"
             "      ...                         4. Kt to B 3\n   5. P to Q 4                    5. P takes P\n"
             "   6. P takes P                   6. B to Kt 5: ch.\n")


@pytest.mark.parametrize("note, variations", [
    # After White's "4. P to B 3", a bare "4." may be White's 4th again, not only Black's next: "4. P to Q 3" read
    # as Black's d6 (the note's own "4. ... P to Q 3" again after it), "4. Castles" as Black's (left unread).
    ("If 4. P to Q 3, Black replies 4. ... P to Q 3; if 4. Castles, Black replies 4. ... Kt to B 3.",
     [(0, 7, ["d3", "d6"]), (0, 7, ["O-O", "Nf6"])]),
    ("If 4. Castles, Black replies 4. ... Kt to B 3.", [(0, 7, ["O-O", "Nf6"])]),
])
def test_a_notes_bare_number_may_name_the_move_the_line_has_just_made(replay_text, note, variations):
    g = book(replay_text, DOTS_ROWS.format(note=note))
    assert sans(g.moves) == BOTH_GAME and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == variations

def test_a_word_of_the_books_language_before_a_notes_number_is_no_move_like_word():
    # "Auf" ("after") before a note's number, with the note's moves after it, fitted the algebraic shape's loose
    # lead ("Au" + "f5" of "Auf5d7-d5") and was said as a move-like word left unread. (Legal: python-chess.)
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    text = ("Partie Nr. 3.\n\nGespielt in Wien am 5. März 1873.\n\nWeiss: Anderssen.  Schwarz: Steinitz.\n\n"
            "1. e2-e4       e7-e5\n2. Sg1-f3      Sb8-c6\n3. Lf1-b5      a7-a6\n4. Lb5-a4      Sg8-f6\n"
            "5. d2-d4 (a)   e5xd4\n\n(a) Auf 5. ..., d7-d5 folgt 6. e4xd5 mit Vortheil für Weiss.\n\n"
            "6. e4-e5       Sf6-e4\n")
    (g,) = [process(r) for r in split_source(SourceText("book.txt", text))]
    assert g.status == "ok" and sans(g.moves)[-4:] == ["d4", "exd4", "e5", "Ne4"]
    assert not [d.message for d in g.diagnostics if "Auf" in d.message]
    # A damaged move among the note's words is still said: "Sg8-f9" is no square.
    damaged = text.replace("(a) Auf 5.", "(a) Auf Sg8-f9 5.")
    (g,) = [process(r) for r in split_source(SourceText("book.txt", damaged))]
    assert [d for d in g.diagnostics if "Sg8-f9" in d.message and d.line == 13]


#: A game in two numbered columns of the long form, and a note of its own numbered rows that ends after a White move
#: with "And Black wins." (7. ... Kt. to B's 6th, mate), the game's rows after it and its own result (legal:
#: python-chess; Stockfish gives Black the game, -3.8, where White resigns).
SHOULD_HAVE = ("GAME I. — KING'S KNIGHT'S OPENING.\n\nBetween Mr. Allen and Mr. Brown.\n\n"
               "1. P. to K's 4th. 1. P. to K's 4th.\n\n2. K. Kt. to B's 3rd. 2. Q. Kt. to B's 3rd.\n\n"
               "3. B. to Q. B's 4th. 3. Kt. to Q's 5th.\n\n4. Kt. takes K's P. 4. Q. to K. Kt's 4th.\n\n"
               "5. Kt. takes K. B's P. 5. Q. takes K. Kt's P.\n\n6. R. to K. B's sq. 6. Kt. to K. B's 3rd.\n\n"
               "The second player should now have moved thus, —\n\n6. Q. takes K's P. (ch.)\n\n"
               "7. B. to K's 2nd.\n\nAnd Black wins.\n\n"
               "If White interpose 7. Q. to K's 2nd, Black plays 7. Q. takes Q. (ch.), winning a piece.\n\n"
               "7. P. to K. B's 3rd. 7. P. to Q's 4th.\n\n8. P. to Q. B's 3rd. 8. P. takes B.\n\n"
               "9. P. takes Kt. 9. K. takes Kt.\n\n10. R. to K. B's 2nd. 10. Q. to K. R's 8th (ch.)\n\n"
               "11. K. to K's 2nd. 11. Q. takes Q. (ch.)\n\n12. K. takes Q. 12. P. to Q. B's 3rd.\n\n"
               "And White resigned.\n")


def test_a_notes_rows_that_end_after_a_white_move_and_its_result_leave_the_games_rows_the_game(replay_text):
    # "The second player should now have moved thus": the note's rows, ended by "And Black wins." after White's 7th,
    # are a variation at Black's 6th, the game's rows after it the game, the note's result no game's. The reading
    # that read the note's rows into the game ended with Black to move, and the rows below the note's result were
    # taken for a note of their own because none was numbered as a White move it had come to (the game's moves 7-12
    # hung as a variation at White's 7th, the game ended at the note's "7. B. to K's 2nd." with the note's result, 0-1).
    g = book(replay_text, SHOULD_HAVE)
    game = "e4 e5 Nf3 Nc6 Bc4 Nd4 Nxe5 Qg5 Nxf7 Qxg2 Rf1 Nf6 f3 d5 c3 dxc4 cxd4 Kxf7 Rf2 Qh1+ Ke2 Qxd1+ Kxd1 c6"
    assert sans(g.moves) == game.split() and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 12, ["Qxe4+", "Be2"]), (1, 13, ["Qe2", "Qxe2+"])]
    # The game's result is the one its own rows end with, not the note's above them.
    assert g.result == "0-1"


@pytest.mark.parametrize("after, result", [
    ("\n\nAnd White mates in four moves.\n\nA note on the game.\n", "And White mates in four moves."),
    ("  And White resigned.\n", "And White resigned."),
    ("\n\nAnd the game was finally drawn.\n", "And the game was finally drawn."),
    # The rows go on, or the author's words weigh the position: no result of the game's.
    ("\n\n13. P. to Q's 4th. 13. P. to Q's 4th.\n\nAnd wins.\n", None),
    ("\n\nWhite has the better game, and wins a Pawn.\n", None),
])
def test_the_result_printed_right_after_a_score_read_on_past_a_notes_result(after, result):
    # The decoder reads a game's rows on past a note's "And wins." where they go on below it: the game's own result
    # is the one printed right after the last row it read (Löwenthal's Morphy - Paulsen: "And White mates in four
    # moves.", Paulsen - Morphy: "And the game was finally drawn."), not the note's.
    from notation.parse.chess_layout import result_after_score
    from notation.rules.chess.notations import NOTATIONS

    body = "12. K. takes Q. 12. P. to Q. B's 3rd." + after
    found = result_after_score(NOTATIONS["english-descriptive"].grammar, body, body.index("3rd.") + 4)
    assert (found[0] if found else None) == result


#: Young's short form, both sides' moves numbered and a note run on after Black's 4th whose last sentence quotes the
#: game's own move by its number in words (legal: python-chess).
QUOTED_BY_ORDINAL = ("GAME I.--Between Mr. Allen and Mr. Brown.\n\n1. KP - K4. 1. KP - K4.\n\n"
                     "2. KKt - KB3. 2. QKt - QB3.\n\n3. KB - QB4. 3. KB - QB4.\n\n4. QBP - QB3.\n\n"
                     "4. KKt - KB3. Attacking the adverse KP. He may also play 4. Q - K2; 5. QP - Q4, KB - QKt3; "
                     "6. Castles, QP - Q3; 7. QKt - QR3. By his fourth move, KKt - KB 3, Black attacks the adverse "
                     "KP at once.\n\n5. QP - Q4. 5. KP X QP.\n\n6. QBP X QP. 6. KB - QKt5 ch.\n\n"
                     "7. QB - Q2. 7. KB X QB ch.\n\n8. QKt X KB. 8. QP - Q4.\n\n9. KP X QP. 9. KKt X QP.\n")


def test_a_games_move_quoted_by_its_number_in_words_is_no_variations_move(replay_text):
    # "By his fourth move, KKt - KB 3": the game's 4. ... Nf6, named. It was read as the next move of the note's line
    # (Nf6 after 7. Na3), and the note's line then taken for the game's (4. ... Qe7 the game's, its rows misread).
    g = book(replay_text, QUOTED_BY_ORDINAL)
    game = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5 exd5 Nxd5"
    assert sans(g.moves) == game.split() and g.status == "ok", [d.message for d in g.diagnostics]
    assert all("Nf6" not in moves for _, _, moves in lines(g)), lines(g)
    # The quote is read (the game's move named), not said as a move-like word left unread.
    assert not [d for d in g.diagnostics if d.line == 14 and d.column > 100]


@pytest.mark.parametrize("heads, claimed", [
    # The note's words name the side whose play its line shows: "And wins." is that side's, though White's reply
    # is the line's last move printed (it was credited to White, the last mover: the engine gives Black mate in 1).
    ("The second player should now have moved thus, —", "win for Black"),
    ("Black should have played thus: —", "win for Black"),
    # Words that name no side's play: the side that made the last move ("If Black should ...": a supposition).
    ("The following is stronger, —", "win for White"),
])
def test_and_wins_after_a_notes_line_is_the_side_the_note_names(replay_text, heads, claimed):
    text = SHOULD_HAVE.replace("And Black wins.", "And wins.").replace(
        "The second player should now have moved thus, —", heads)
    g = book(replay_text, text)
    assert lines(g)[0] == (0, 12, ["Qxe4+", "Be2"]), lines(g)
    (verdict,) = [c for c in g.claims if c.what == "verdict" and c.ply == 13]
    assert verdict.claimed == claimed
    # The verdict is the variation's: the game's result is the one its own rows end with.
    assert g.result == "0-1"


THREE_SCORES = ("1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. B-B4 B-Kt5 4. Kt-B3 P-KKt3 5. KtxP BxQ 6. BxP ch K-K2 7. Kt-Q5 mate.\n\n"
                "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 Kt-Q5 4. KtxP Q-Kt4 5. KtxBP QxKtP 6. R-B sq QxKP ch\n"
                "7. B-K2 Kt-B6 mate.\n\n"
                "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-QKt4 BxKtP 5. P-B3 B-R4 6. P-Q4 PxP\n"
                "7. B-Kt3 P-Q3, {verdict}")


def test_a_result_in_words_after_a_variations_last_move_is_that_lines_verdict(replay_text):
    # Three scores from move 1 under one heading read as the game and two variations: "and White resigns." after
    # the third was the game's result, judged at the game's mate ("contradicts the final position").
    g = book(replay_text, THREE_SCORES.format(verdict="and White resigns."))
    assert g.status == "ok" and g.result == "1-0", [d.message for d in g.diagnostics]
    last = g.variations[-1].moves[-1]
    assert (last.normalized, last.comment) == ("d6", "and White resigns.")
    # Judged where the line ends: a win for Black (the side that did not resign), at the line's last ply.
    [verdict] = [c for c in g.claims if c.what == "verdict"]
    assert (verdict.ply, verdict.claimed, verdict.line) == (14, "win for Black", last.line)
    assert not any(c.what == "result" for c in g.claims)


EVANS = ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-QKt4 BxKtP 5. P-B3 B-R4 6. P-Q4 PxP 7. Castles P-Q3\n"
         "8. PxP B-Kt3.")


def test_a_verdict_after_a_notes_line_from_a_later_move_is_that_lines(replay_text):
    # The note's "and wins." was the game's result: 0-1, for the side that made the game's last move.
    g = book(replay_text, EVANS + "\n\n6. Castles Kt-B3 7. P-Q4 Castles 8. Q-Kt3, and wins.")
    assert g.result is None and lines(g) == [(0, 11, ["O-O", "Nf6", "d4", "O-O", "Qb3"])]
    assert g.variations[0].moves[-1].comment == "and wins."
    # For White, who made the line's last move, judged at its end.
    assert [(c.what, c.ply, c.claimed) for c in g.claims if c.what in ("result", "verdict")] == \
        [("verdict", 15, "win for White")]


@pytest.mark.parametrize("body, result", [
    # The game's own score ends with it.
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-QKt4 BxKtP 5. P-B3 B-R4 6. P-Q4 PxP 7. B-Kt3 P-Q3,\n"
     "and White resigns.", "0-1"),
    # A variation in brackets closed before it: the game's.
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 (3. ... Kt-B3 4. Castles), and Black resigns.", "1-0"),
    # A paragraph of its own after the lines: the game's.
    (THREE_SCORES.format(verdict="\n\nAnd Black resigns.").replace(",", ""), "1-0"),
    # A resignation after a line from a later move: a player resigns a game, not a line of analysis (an OCR'd
    # score's last moves the reading left in a variation end so).
    (EVANS + "\n\n6. Castles Kt-B3 7. P-Q4 Castles 8. Q-Kt3, and Black resigns.", "1-0"),
])
def test_a_result_in_words_that_ends_no_variation_stays_the_games(replay_text, body, result):
    g = book(replay_text, body)
    assert g.result == result and not any(c.what == "verdict" for c in g.claims), [d.message for d in g.diagnostics]


def test_a_result_printed_as_a_paragraph_of_its_own_is_judged_once(replay_text):
    # The paragraph was the game's result and the note on the last move as well: judged twice, as the result
    # and as that line's verdict.
    g = book(replay_text, "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-QKt4 BxKtP 5. P-B3 B-R4 6. P-Q4 PxP\n"
                          "7. B-Kt3 P-Q3\n\nAnd White resigns.")
    assert g.result == "0-1" and g.moves[-1].comment is None
    assert [c.what for c in g.claims if c.what in ("result", "verdict")] == ["result"]


def test_the_games_own_result_after_a_lines_verdict_is_the_games(replay_text):
    # The note's "and wins." was the game's result, and "Black resigns." after it no more than the line's note.
    g = book(replay_text, EVANS + "\n\n6. Castles Kt-B3 7. P-Q4 Castles 8. Q-Kt3, and wins.\n\nBlack resigns.")
    assert g.result == "1-0" and g.variations[0].moves[-1].comment == "and wins."
    assert sorted((c.what, c.claimed) for c in g.claims if c.what in ("result", "verdict")) == \
        [("result", "win for White"), ("verdict", "win for White")]


def test_a_german_lines_verdict_is_judged_at_its_end(replay_text):
    # "und Weiss gewinnt." after a note's line was kept as its note, and no verdict of a German note was judged.
    g = book(replay_text, "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. b2-b4 Lc5xb4 5. c2-c3 Lb4-a5\n"
             "6. d2-d4 e5xd4 7. 0-0 d7-d6 8. c3xd4 La5-b6.\n\n6. 0-0 Sg8-f6 7. d2-d4 0-0 8. Dd1-b3, und Weiss gewinnt.\n\n"
             "Schwarz gibt auf.", notation="german")
    assert g.result == "1-0" and g.variations[0].moves[-1].comment == "und Weiss gewinnt."
    assert sorted((c.what, c.ply, c.claimed) for c in g.claims if c.what in ("result", "verdict")) == \
        [("result", None, "win for White"), ("verdict", 15, "win for White")]


@pytest.mark.parametrize("text, expected", [
    # A line of analysis from the opening, as Steinitz's *Instructor* prints it and its OCR gives the cross.
    ("The Evans Gambit arises thus: 1 P— K4, 1 P— K4; 2 KKt— B3, 2 QKt— B3; 3 B— B4, 3 B— B4; 4 P— QKt4, 4 BXP;"
     " 5 P— B3, 5 B— R4; 6 P— Q4, 6 PXP, and White has the attack.\n",
     ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4", "c3", "Ba5", "d4", "exd4"]),
    # A note on a game printed elsewhere, from its 14th move (replayed on a set-up inferred, its moves as printed).
    ("Game 2. — Move 13 BxP ch. at once was much stronger, for if 13. . . .KxB;\n14 Kt— KKt5 ch., 14 K— Kt3;"
     " 15 QxB, 15 BxP ch. ? ; 16 K— R sq., 16 P— KB4; 17 Q— R3, 17 Kt— Q2; 18 QXB, and wins.\n",
     None),
])
def test_the_ocrs_capital_x_set_close_between_two_men_is_the_cross(replay_text, text, expected):
    """The OCR reads a book's cross (×) as a capital X ("PXP", "KtXB", 835 times in Steinitz's *Instructor*): set
    close between two men it is the capture's sign, read as printed, not a word the reading stops at."""
    (g,) = replay_text(text)
    printed = [m.printed for m in g.moves]
    assert [m.status for m in g.moves] == ["ok"] * len(printed)
    assert printed[-1] in ("PXP", "QXB")
    if expected is not None:
        assert sans(g.moves) == expected


#: A line of analysis as the old books print it, check "ch." (Black's 5th), the line's verdict after its last move.
DANISH = ("The Danish Gambit runs thus: 1 P— K4, 1 P— K4; 2 P— Q4, 2 PxP; 3 P— QB3, 3 PxP; 4 B— QB4, 4 PxP;"
          " 5 BxP, 5 B— Kt5 ch.; 6 K— B sq., 6 Kt— KB3; 7 P— K5, 7 P— Q4{end}\n")


@pytest.mark.parametrize("end, checks, last", [
    # "+" set apart after a move that gives no check, where checks are "ch": the better game (Steinitz's key:
    # "+ for better game"), for the side that moved (was: a word read as no move, the line's reading stopped).
    (" +.", [10], 14),
    # "+" after a move and its "ch" (Freeborough's "9 Q-K5ch + ."): the check the "ch" says, the "+" the better
    # game (was: no verdict, and the "." after it read as a move).
    ("; 8 B— QKt5 ch. + .", [10, 15], 15),
    # Glued to the move, as the OCR prints the spaced sign as often (was: no verdict, the "+" left in the move's text).
    ("; 8 B— QKt5 ch., 8 P— B3+.", [10, 15], 16),
])
def test_a_plus_after_a_move_where_checks_are_ch_is_the_better_game(replay_text, end, checks, last):
    (g,) = replay_text(DANISH.format(end=end))
    assert not [d.message for d in g.diagnostics if d.severity == "error"]
    assert [(c.ply, c.claimed, c.actual) for c in g.claims if c.what == "check"] == [(p, "check", "check") for p in checks]
    move = g.moves[-1]
    assert (move.ply, move.comment) == (last, "+")
    assert [(c.what, c.ply, c.claimed) for c in g.claims if c.what == "verdict"] == \
        [("verdict", last, f"advantage for {'Black' if move.side == 'black' else 'White'}")]


def test_a_plus_where_checks_are_plus_stays_a_check(replay_text):
    # A text that writes its checks "+" ("B— Kt5+"): its "+" at the end is a check mark as every other.
    (g,) = replay_text(DANISH.format(end=" +.").replace("Kt5 ch.", "Kt5+"))
    assert [(c.what, c.ply, c.claimed, c.actual) for c in g.claims] == \
        [("check", 10, "check", "check"), ("check", 14, "check", "no check")]
    assert "false-check" in [d.code for d in g.diagnostics] and g.moves[-1].comment is None


OPERA_LONG = ("     WHITE.                    BLACK.\n"
              "  1. P. to K. 4th.          1. P. to K. 4th.\n"
              "  2. K. Kt. to B. 3d.       2. P. to Q. 3d.\n"
              "  3. P. to Q. 4th.          3. Q. B. to K. Kt. 5th. (a)\n"
              "  4. P. takes P.            4. B. takes Kt.\n"
              "  5. Q. takes B.            5. P. takes P.\n"
              "  6. K. B. to Q. B. 4th.    6. K. Kt. to B. Srd. (b)\n"
              "  7. Q. to Q. Kt. 3d.       7. Q. to K. 2d.\n\n"
              "(a) This move is already an error.\n\n"
              "(b) A natural developing move, but too late.\n")


@pytest.mark.parametrize("body, notation, marked", [
    # The layout reader's reading: "(a)" after 3. ... B-Kt5 in the score, its note under the game.
    (NOTES_AFTER.format(one="(1) A sound developing move.", two="(2) The Morphy Defence."), "english-descriptive",
     {4: "(1) A sound developing move.", 6: "(2) The Morphy Defence."}),
    # The decoder's (an OCR'd "Srd." in the score): the same notes on the same moves.
    (OPERA_LONG, "english-descriptive",
     {6: "(a) This move is already an error.", 12: "(b) A natural developing move, but too late."}),
])
def test_a_labelled_note_of_words_only_is_the_note_on_the_move_its_label_marks(replay_text, body, notation, marked):
    # Notes printed under the score, each under the label a move of the score carries ("B-Kt5 (a)"): the note on
    # that move, not on the game's last move (the move printed before the notes).
    g = book(replay_text, body, notation)
    assert {m.ply: m.comment for m in g.moves if m.comment and m.comment.startswith("(")} == marked, \
        [(m.ply, m.comment) for m in g.moves if m.comment]


AMOS_BURN = ("GAME 14.--RUY LOPEZ.\n\nWhite.                 Black.\nMr. Amos.              Mr. Burn.\n"
             "1 P to K 4             1 P to K 4\n2 Kt to K B 3          2 Kt to Q B 3\n"
             "3 B to Q Kt 5          3 P to Q R 3\n4 B to Q R 4           4 Kt to K B 3\n"
             "5 Castles              5 B to K 2\n6 R to K sq            6 P to Q Kt 4\n"
             "7 B to Kt 3            7 P to Q 3\n8 P to B 3             8 Castles\n"
             "9 P to K R 3{one}          9 Kt to Q R 4\n10 B to B 2            10 P to B 4{two}\n\n"
             "{one} {first}\n{two} Black has now an excellent game.\n\nDrawn.\n")


@pytest.mark.parametrize("one, two", [("*", "†"), ("*", "**"), ("†", "††"), ("*", "‡"), ("§", "*†")])
def test_a_footnotes_sign_after_a_move_is_the_mark_of_the_note_that_opens_with_it(one, two):
    # A tournament book's footnote signs ("P to K R 3*", "P to B 4†"), each note under the score opening with its
    # sign, a line each: the note on the move its sign marks, as under "(a)". Before, both notes were one comment on
    # the game's last move, and "P to B 4†" claimed a check the move does not give (an error).
    text = AMOS_BURN.format(one=one, two=two, first="A good move.")
    (g,) = [process(r) for r in split_source(SourceText("amos.txt", text))]
    assert g.status == "ok", [d.message for d in g.diagnostics if d.severity != "info"]
    assert {m.ply: m.comment for m in g.moves if m.comment} == \
        {17: f"{one} A good move.", 20: f"{two} Black has now an excellent game."}
    assert not [c for c in g.claims if c.what == "check"]


def test_the_layout_reader_puts_a_footnote_on_the_move_its_sign_marks():
    # The layout reader's own reading (the grammar reads the star after a move as a note's mark, as "(a)"), and a
    # square's rank ending the note's sentence ("To prevent B to K Kt 5.") no move number: the note was an empty
    # line "from 5." after the game's last move, under "(a)" as under "*".
    from notation.rules.chess import FAMILY
    for one in ("*", " (a)"):
        text = AMOS_BURN.format(one=one, two="†", first="To prevent B to K Kt 5.").replace(" (a) To", "(a) To")
        (record,) = split_source(SourceText("amos.txt", text))
        moves = FAMILY.notations["english-descriptive"].parse(record).line.moves
        assert {(m.number, m.side): m.comment for m in moves if m.comment} == {
            (9, "white"): f"{one.strip()} To prevent B to K Kt 5.", (10, "black"): "† Black has now an excellent game."}
        assert not moves[-1].fields.check and moves[-1].annotations == ["†"]


@pytest.mark.parametrize("sign", ["*", "†"])
def test_the_layout_reader_gives_the_kth_note_a_sign_opens_to_the_kth_move_it_marks(sign):
    # One sign after three moves (White's 9th, Black's 10th, White's 14th) and opening three notes under the score:
    # the k-th note on the k-th marked move, as "(a)", "(b)", "(c)" would be. Before, each note went to the last move
    # the sign marks before it: all three on White's 14th.
    from notation.rules.chess import FAMILY
    rows = ("11 P to Q 4            11 Q to B 2\n12 Q Kt to Q 2         12 Kt to B 3\n13 P x B P             13 P x P\n"
            f"14 Kt to B sq{sign}         14 B to K 3\n15 Kt to K 3           15 Q R to Q sq\n")
    text = AMOS_BURN.format(one=sign, two=sign, first="Many prefer P to Q 4 here.").replace(
        f"10 P to B 4{sign}\n", f"10 P to B 4{sign}\n{rows}").replace(
        f"\n{sign} Black has now an excellent game.\n", f"\n{sign} Kt to B 5 is also good.\n{sign} Kt to Kt 3 was simpler.\n")
    assert text.count(sign) == 6
    (record,) = split_source(SourceText("amos.txt", text))
    moves = FAMILY.notations["english-descriptive"].parse(record).line.moves
    assert len(moves) == 30
    assert {(m.number, m.side): m.comment for m in moves if m.comment} == {
        (9, "white"): f"{sign} Many prefer P to Q 4 here.", (10, "black"): f"{sign} Kt to B 5 is also good.",
        (14, "white"): f"{sign} Kt to Kt 3 was simpler."}


def test_a_dagger_no_note_opens_with_is_still_a_check():
    # Meyer's universal notation, the German books: the dagger after a move with no note under the score that opens
    # with it is the move's check, as before (here a check 10 ... P-B4 does not give: said, as any false check).
    text = AMOS_BURN.format(one="", two="†", first="").replace("\n \n† Black has now an excellent game.\n", "\n")
    assert "† Black" not in text
    (g,) = [process(r) for r in split_source(SourceText("amos.txt", text))]
    assert [(c.what, c.ply, c.claimed, c.actual) for c in g.claims if c.what == "check"] == \
        [("check", 20, "check", "no check")]
    assert "false-check" in [d.code for d in g.diagnostics]


def test_a_german_notes_label_with_its_closing_bracket_only_is_on_the_move_it_marks():
    # "d7—d5 1)" in the score, "1) Die beste Erwiderung. ..." under it (the period's German label, no opening
    # bracket): was the note on the game's last move; and "und gewinnt." after the score was no result.
    text = ("Partie Nr. 12.\n\nWeiss.              Schwarz.\nSteinitz.           Blackburne.\n\n"
            " 1. e2—e4           e7—e5\n 2. Sb1—c3          Sg8—f6\n 3. f2—f4           d7—d5 1)\n"
            " 4. f4xe5           Sf6xe4\n 5. Sg1—f3          Lf8—e7\n\nund gewinnt.\n\n"
            "1) Die beste Erwiderung. Auf 3. ... e5xf4 folgt 4. e4—e5.\n")
    (g,) = [process(r) for r in split_source(SourceText("partie.txt", text))]
    assert sans(g.moves) == ["e4", "e5", "Nc3", "Nf6", "f4", "d5", "fxe5", "Nxe4", "Nf3", "Be7"]
    assert g.moves[5].comment == "1) Die beste Erwiderung." and g.result == "0-1"
    assert lines(g) == [(0, 6, ["exf4", "e5"])]


GERMAN_EVANS = ("Partie Nr. 5.\n\nEvansgambit.\n\n    Weiß.              Schwarz.\n"
                " 1. e 2-e 4           e 7-e 5\n 2. S g 1-f 3         S b 8-c 6\n 3. L f 1-c 4 {one:<7}  L f 8-c 5\n"
                " 4. b 2-b 4           L c 5:b 4\n 5. c 2-c 3           L b 4-a 5\n 6. d 2-d 4           e 5:d 4\n"
                " 7. 0-0               d 7-d 6 {two}\n 8. c 3:d 4           L a 5-b 6\n 9. S b 1-c 3         S c 6-a 5\n"
                "10. L c 1-g 5         f 7-f 6\n\n{one} Auch L f 1-b 5 ist gut.\n\n{two} Besser ist 7. ... d 4:c 3.\n\n"
                "Weiß gab im 30. Zuge auf.\n")


@pytest.mark.parametrize("one, two", [("a)", "b)"), ("1)", "2)"), ("*)", "**)"), ("¹)", "²)"), ("(a)", "(b)")])
def test_a_german_notes_mark_after_a_move_in_a_column_links_its_note(one, two):
    # "d 7-d 6 a)" in Black's column, "a) Besser ist 7. ... d 4:c 3." under the score: "a)" was read as a2-a3,
    # every move after it on the wrong side. The mark is the move's, as "(a)" is; each note goes to the move
    # its mark follows ("Auch L f 1-b 5", no number, from White's 3rd).
    (g,) = [process(r) for r in split_source(SourceText("partie.txt", GERMAN_EVANS.format(one=one, two=two)))]
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g.moves) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4", "c3", "Ba5", "d4", "exd4",
                             "O-O", "d6", "cxd4", "Bb6", "Nc3", "Na5", "Bg5", "f6"]
    assert lines(g) == [(0, 5, ["Bb5"]), (0, 14, ["dxc3"])]
    assert g.result == "0-1"


def test_the_layout_reader_puts_a_german_note_on_the_move_its_mark_follows():
    # The layout reader's own reading: the note "a) ..." under the score was taken for the mark of the score's
    # last move, "L a 5-b 6" (its "a" and the note's "a)" across the blank line between them), not of 3. L f 1-c 4.
    from notation.rules.chess import FAMILY
    (record,) = split_source(SourceText("partie.txt", GERMAN_EVANS.format(one="a)", two="b)")))
    moves = FAMILY.notations["german"].parse(record).line.moves
    assert {(m.number, m.side): m.comment for m in moves if m.comment} == {(3, "white"): "a) Auch L f 1-b 5 ist gut."}


@pytest.mark.parametrize("text", [
    "Partie.\n\n1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. b4 Lxb4 5. c3 La5 6. d4 exd4 7. 0-0 d6 a) 8. cxd4 Lb6\n\n"
    "a) Besser ist 7. ... dxc3.\n",
    "Partie.\n\n1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. b2-b4 Lc5:b4 5. c2-c3 Lb4-a5 "
    "6. d2-d4 e5:d4 7. 0-0 d7-d6 1) 8. c3:d4 La5-b6\n\n1) Besser ist 7. ... d4:c3.\n",
    "GAME.\n\n1 P-K4 P-K4 2 Kt-KB3 Kt-QB3 3 B-B4 B-B4 4 P-QKt4 BxKtP 5 P-B3 B-R4 6 P-Q4 PxP "
    "7 Castles P-Q3 *) 8 PxP B-Kt3\n\n*) Better is 7 ... PxP.\n",
])
def test_a_notes_bare_mark_in_running_text_links_its_note(text):
    (g,) = [process(r) for r in split_source(SourceText("partie.txt", text))]
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g.moves)[12:] == ["O-O", "d6", "cxd4", "Bb6"]
    assert lines(g) == [(0, 14, ["dxc3"])]


# A tournament book's game, notes under their labels after the score; note (c) prints a move its number names that
# is not legal there (the f-pawn is pinned by the Queen on b3: the book's misprint, or ours).
PINNED = """GAME CXLII.

    WHITE.              BLACK.
  Mr. Gossip.      Mr. Lipschutz.

 1 P to K 4          P to K 4
 2 Kt to K B 3       Kt to Q B 3
 3 B to B 4          B to B 4
 4 P to Q Kt 4       B x Kt P
 5 P to B 3          B to R 4
 6 Castles           Kt to B 3 (a)
 7 P to Q 4          Castles
 8 P x P             Kt x K P
 9 B to Q 3          P to Q 4
10 B x Kt            P x B
11 Q to Kt 3         Kt to K 2
12 Kt to Kt 5        Kt to Kt 3
13 Kt x K P          Q to R 5
14 P to K R 3        B to K 3 (c)
15 Q x Kt P          and Black resigns.

(a) Not so good as 6 ... P to Q 3, the usual move.

(c) A blunder; 14 ... P to K B 4 was necessary.
"""


def _file_game(tmp_path, text: str) -> Game:
    path = tmp_path / "book.txt"
    path.write_text(text, encoding="utf-8")
    (game,) = read_games([path])
    return game


@pytest.mark.parametrize("text", [
    PINNED,  # read by the decoder (note (a)'s move a variation)
    PINNED.replace(" (a)", "   ").replace("(a) Not so good as 6 ... P to Q 3, the usual move.\n\n", ""),  # by the layout
])
def test_a_notes_numbered_move_legal_nowhere_its_number_names_is_an_error_with_the_nearest_readings(tmp_path, text):
    # Was `ok`: the note's words an info "taken for prose", the misprint unsaid.
    game = _file_game(tmp_path, text)
    assert game.status == "error"
    (error,) = [d for d in game.diagnostics if d.severity == "error"]
    assert error.code == "illegal-move" and (error.line, error.column) == (text.count("\n", 0, text.index("14 ... P")) + 1,
                                                                         text.splitlines()[-1].index("P to") + 1)
    assert "'P to K B 4'" in error.message and "Black's 14th move" in error.message
    assert error.suggestions and "f5" not in error.suggestions
    assert "f4" not in [m.normalized for m in game.moves] and "f5" not in [m.normalized for m in game.moves]


def test_a_notes_numbered_legal_move_is_its_variation_and_no_error(tmp_path):
    # The same note with a move legal where its number names it: a variation (branch plies counted from 1), the
    # record ok.
    game = _file_game(tmp_path, PINNED.replace("14 ... P to K B 4 was necessary", "14 ... P to Q R 3 was necessary"))
    assert game.status == "ok"
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(12, ["d6"]), (28, ["a6"])]


def test_a_note_under_its_own_label_is_no_continuation_of_the_note_before(tmp_path):
    # Note (a)'s line ends at White's 9th; note (b) begins at Black's 9th, the move its label marks in the score: it
    # was read as note (a)'s line going on (9... Nf5 after 9. Re1 in the variation), not the alternative to 9... Bf6.
    text = (" 1 P to K 4          P to K 4\n 2 Kt to K B 3       Kt to Q B 3\n 3 B to Kt 5         Kt to B 3\n"
            " 4 Castles           Kt x P\n 5 R to K sq         Kt to Q 3\n 6 Kt x P            B to K 2 (a)\n"
            " 7 B to Q 3          Castles\n 8 Kt to Q B 3       Kt x Kt\n 9 R x Kt            B to B 3 (b)\n"
            "10 R to K sq         P to K Kt 3\n\n"
            "(a) If 6 ... Kt x Kt, 7 R x Kt ch, B to K 2; 8 Kt to B 3, Castles; 9 R to K sq, and White has the better "
            "game.\n\n(b) 9 ... Kt to B 4 is perhaps better.\n")
    game = _file_game(tmp_path, text)
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [
        (12, ["Nxe5", "Rxe5+", "Be7", "Nc3", "O-O", "Re1"]), (18, ["Nf5"])]


RUY_LOPEZ = {
    "german": "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. 0-0 Le7 6. Te1 b5 7. Lb3 d6 8. c3 0-0 9. h3 {note} "
              "9. ... Sa5 10. Lc2 c5 11. d4 Dc7",
    "german long": "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6 5. 0-0 Lf8-e7 6. Tf1-e1 b7-b5 "
                   "7. La4-b3 d7-d6 8. c2-c3 0-0 9. h2-h3 {note} 9. ... Sc6-a5 10. Lb3-c2 c7-c5 11. d2-d4 Dd8-c7",
    "algebraic": "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 {note} "
           "9. ... Na5 10. Bc2 c5 11. d4 Qc7",
    "english-descriptive": "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. Castles B-K2 "
                           "6. R-K sq P-QKt4 7. B-Kt3 P-Q3 8. P-B3 Castles 9. P-KR3 {note} 9. ... Kt-QR4 "
                           "10. B-B2 P-B4 11. P-Q4 Q-B2",
}
RUY_LOPEZ_MOVES = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6",
                   "c3", "O-O", "h3", "Na5", "Bc2", "c5", "d4", "Qc7"]


@pytest.mark.parametrize("notation, note", [
    # The note's last move printed with its full stop (or the author's mark) and the closing bracket, and the
    # note's words before and between its moves: every notation reads the reply ("Lg4.)" was taken for prose).
    ("german", "(Auf 9. d4 folgt Lg4.)"),
    ("german", "(Auf 9. d4 folgt Lg4)"),
    ("german", "(Auf 9. d4 folgt Lg4)."),
    ("german", "(Auf 9. d4 Lg4.)"),
    ("german", "(9. d4 folgt Lg4!)"),
    ("german long", "(Auf 9. d2-d4 folgt Lc8-g4.)"),
    ("algebraic", "(After 9. d4 comes Bg4.)"),
    ("algebraic", "(After 9. d4 Black plays Bg4.)"),
    ("english-descriptive", "(If 9. P-Q4, B-Kt5.)"),
    ("english-descriptive", "(After 9. P-Q4 Black plays B-Kt5.)"),
])
def test_a_note_in_brackets_in_running_text_reads_its_reply_after_its_words(replay_text, notation, note):
    g = book(replay_text, RUY_LOPEZ[notation].format(note=note), notation=notation.split()[0])
    assert sans(g.moves) == RUY_LOPEZ_MOVES and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 17, ["d4", "Bg4"])], [d.message for d in g.diagnostics]
    assert not [d for d in g.diagnostics if "prose" in d.message], [d.message for d in g.diagnostics]


@pytest.mark.parametrize("notation, note, words", [
    ("german", "(Auf 9. d4 folgt am besten Lg4.)", "folgt am besten"),
    ("algebraic", "(After 9. d4 the best reply is Bg4!)", "the best reply is"),
])
def test_a_note_in_brackets_keeps_the_words_between_its_moves(replay_text, notation, note, words):
    # The words between the note's moves that are more than a joining word are the comment on the move before them.
    g = book(replay_text, RUY_LOPEZ[notation].format(note=note), notation=notation)
    assert lines(g) == [(0, 17, ["d4", "Bg4"])], [d.message for d in g.diagnostics]
    assert g.variations[0].moves[0].comment == words


def test_a_note_in_brackets_whose_reply_is_illegal_keeps_it_as_words_and_says_so(replay_text):
    # "Lh4" is no legal reply to 9. d4 (the bishop on c8 cannot reach h4): the note's line stops at 9. d4, and
    # its words stay its comment, the move-like word a diagnostic at its line and column.
    g = book(replay_text, RUY_LOPEZ["german"].format(note="(Auf 9. d4 folgt Lh4)"), notation="german")
    assert sans(g.moves) == RUY_LOPEZ_MOVES
    assert lines(g) == [(0, 17, ["d4"])]
    assert "folgt Lh4" in (g.variations[0].moves[-1].comment or ""), g.variations[0].moves[-1].comment
    assert any("Lh4" in d.message and d.column for d in g.diagnostics), [d.message for d in g.diagnostics]


@pytest.mark.parametrize("notation, note", [
    # The move the move before prevents or threatens, in brackets after it with no number: no legal move for the
    # side that made it (read so, "Bg4" was repaired to White's g4, and "B-Kt5" stopped the line), it is the other
    # side's move after it, an alternative to that side's move there (9... Na5).
    ("german", "(Lg4)"),
    ("german long", "(Lc8-g4)"),
    ("algebraic", "(Bg4)"),
    ("english-descriptive", "(B-Kt5)"),
])
def test_a_move_in_brackets_no_legal_alternative_is_the_other_sides_reply(replay_text, notation, note):
    g = book(replay_text, RUY_LOPEZ[notation].format(note=note), notation=notation.split()[0])
    assert sans(g.moves) == RUY_LOPEZ_MOVES and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 18, ["Bg4"])], [d.message for d in g.diagnostics]
    assert g.variations[0].moves[0].printed == note.strip("()")  # (its printed text kept)
    said = [d for d in g.diagnostics if d.code == "bracketed-reply"]
    assert len(said) == 1 and said[0].severity == "info" and said[0].column, [d.message for d in g.diagnostics]


@pytest.mark.parametrize("notation, note", [
    # A move in brackets legal for the side that made the move before is its other choice, numbered or not.
    ("german", "(d4)"),
    ("algebraic", "(d4)"),
    ("algebraic", "(9. d4)"),
    ("english-descriptive", "(P-Q4)"),
])
def test_a_move_in_brackets_legal_as_an_alternative_stays_an_alternative(replay_text, notation, note):
    g = book(replay_text, RUY_LOPEZ[notation].format(note=note), notation=notation)
    assert sans(g.moves) == RUY_LOPEZ_MOVES and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 17, ["d4"])]
    assert not [d for d in g.diagnostics if d.code == "bracketed-reply"]


def test_a_move_in_brackets_legal_for_neither_side_stays_an_error(replay_text):
    # "Bh4" is no move of White's after 8... O-O, nor of Black's after 9. h3: an error where it stands, not read as
    # either side's move (repaired as White's nearest reading); its error names the nearest readings of both sides.
    g = book(replay_text, RUY_LOPEZ["algebraic"].format(note="(Bh4)"), notation="algebraic")
    assert sans(g.moves) == RUY_LOPEZ_MOVES and g.status != "ok"
    assert [v.branch_ply for v in g.variations] == [17]
    (said,) = [d for d in g.diagnostics if "Bh4" in d.message and d.severity == "error"]
    assert "nor for black after 'h3' (nearest legal reading there: Bg4" in said.message, said.message
    assert said.suggestions[0] == "h4", said.suggestions
    assert not [d for d in g.diagnostics if d.code == "bracketed-reply"]


#: A column score with its notes under it, one a line under its label, no blank line between them (the books'
#: "(a) 5 R-K sq is also good."); the note's number and dots in each of the forms the books print.
COLUMN_NOTES = ("GAME 7.\n\nRUY LOPEZ.\n\n  WHITE.          BLACK.\n  Gunsberg.       Burn.\n"
                " 1 P-K4           P-K4\n 2 Kt-KB3         Kt-QB3\n 3 B-Kt5          Kt-B3\n"
                " 4 Castles        KtxP\n 5 P-Q4 (a)       Kt-Q3\n 6 BxKt           QPxB\n"
                " 7 PxP            Kt-B4 (b)\n 8 QxQ ch         KxQ\n 9 Kt-B3          K-K sq\n"
                "10 P-KR3          P-KR4 (c)\n11 B-B4           B-K2\n12 QR-Q sq        B-K3\n\n"
                "(a) 5{stop} R-K sq is also good.\n(b) If 7{black} Kt-Kt4; 8{stop} Q-K2.\n"
                "(c) Black should play 10{black} P-KR3.\n\nDrawn game.\n")
COLUMN_GAME = ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4", "d4", "Nd6", "Bxc6", "dxc6", "dxe5", "Nf5",
               "Qxd8+", "Kxd8", "Nc3", "Ke8", "h3", "h5", "Bf4", "Be7", "Rad1", "Be6"]


@pytest.mark.parametrize("stop, black", [("", " .."), ("", " ..."), ("", "..."), (".", ". .."), (".", ". ...")])
def test_notes_a_line_each_under_the_score_are_each_a_variation_at_the_move_their_number_names(stop, black):
    # The three notes were one paragraph: "is also" read as a move, "If" as a move before 7..., note (c)'s
    # move taken for prose, and the record an error though every move printed is legal.
    text = COLUMN_NOTES.format(stop=stop, black=black)
    (g,) = [process(r) for r in split_source(SourceText("gunsberg.txt", text))]
    assert sans(g.moves) == COLUMN_GAME and g.status == "ok" and g.result == "1/2-1/2", \
        [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 9, ["Re1"]), (0, 14, ["Nb5", "Qe2"]), (0, 20, ["h6"])]
    # The note's words after its move are its comment, "good." with them; the words before, the line's.
    assert g.variations[0].moves[0].comment == "is also good."
    assert [v.comment for v in g.variations] == [None, "(b) If", "(c) Black should play"]


def test_a_notes_illegal_move_under_the_score_is_said_at_its_line():
    # "Kt-Kt2" (b7, the b-pawn's square) is no legal move for the knight on d6: said, at the note's line.
    text = COLUMN_NOTES.format(stop="", black=" ..").replace("Kt-Kt4;", "Kt-Kt2;")
    (g,) = [process(r) for r in split_source(SourceText("gunsberg.txt", text))]
    assert sans(g.moves) == COLUMN_GAME
    assert [(d.line, d.message.split(";")[0]) for d in g.diagnostics if d.severity == "error"] == \
        [(21, "'Kt-Kt2' is not a legal move for black")]


#: The Fried Liver to White's 7th, as lecture books print it (a line that ends on a check).
FRIED = ("1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, Kt-B3; 4. Kt-Kt5, P-Q4; 5. PxP, KtxP; 6. KtxBP, KxKt; "
         "7. Q-B3 ch")
FRIED_SAN = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5", "exd5", "Nxd5", "Nxf7", "Kxf7", "Qf3+"]


@pytest.mark.parametrize("after, words", [
    # A new sentence after the line's last move (its full stop, "ch."), naming a move: the author's, not Black's
    # reply. Was "'White now threatens' cannot be read as a move; the rest of the line cannot be checked".
    (". White now threatens Q-B7 mate.", ["Q-B7"]),
    (". The Knight cannot be taken, for Q-B7 would be mate.", ["Q-B7"]),
    (". The King must go to K3.", []),
    # A threat's words after the comma: the same side's next move, never the other side's reply. Was read as Black's
    # 7... Q-B7, "not a legal move for black; read as Q-B3" (7... Qf6).
    (", threatening Q-B7 mate.", ["Q-B7"]),
    (", with the threat of Q-B7 mate.", ["Q-B7"]),
])
def test_a_sentence_after_the_lines_last_move_is_prose_not_the_other_sides_reply(after, words):
    text = FRIED + after
    (g,) = [process(r) for r in split_source(SourceText("fried.txt", text + "\n"))]
    assert sans(g.moves) == FRIED_SAN and g.status == "ok", [d.message for d in g.diagnostics]
    assert g.moves[-1].comment == after.lstrip(".,").strip()
    # Its words that read as moves are said, at the sentence's line and column: never silent.
    said = [d for d in g.diagnostics if d.code == "prose"]
    if words:
        assert len(said) == 1 and all(repr(w) in said[0].message for w in words)
        assert (said[0].line, said[0].column) == (1, len(FRIED) + after.index(words[0]) + 1)
    else:
        assert not said


def test_a_move_after_the_lines_last_move_with_only_a_comma_between_stays_an_error():
    # "7. Q-B3 ch, Q-B7." prints Black's reply, illegal in check: an error, never taken for the author's words.
    (g,) = [process(r) for r in split_source(SourceText("fried.txt", FRIED + ", Q-B7.\n"))]
    assert any(d.severity == "error" and d.message.startswith("'Q-B7.' is not a legal move for black") for d in g.diagnostics)


#: White's Queen to h5 against the Bishop on c4: Qxf7 is mate were Black to pass (checked with python-chess).
SCHOLAR = "1. P-K4, P-K4; 2. B-B4, B-B4; 3. Q-R5"


@pytest.mark.parametrize("after, claim, warning", [
    # The threat, after a comma or in a sentence of its own: White's move after a pass, its "mate" borne out.
    (", threatening QxBP mate.", ("Qxf7 mate", "Qxf7 mate"), None),
    (". White now threatens QxBP mate.", ("Qxf7 mate", "Qxf7 mate"), None),
    (", with the threat of QxBP.", ("Qxf7", "Qxf7 legal"), None),
    # What the text claims of it, false: said, the claim kept with what the rules find.
    (", threatening QxKP mate.", ("Qxe5 mate", "Qxe5 check"), "claims mate, but after a pass Qxe5 is only check"),
    (", with the threat of Q-Kt8.", ("Q-Kt8", "no legal move"), "is not a legal move for white"),
])
def test_a_threat_after_the_lines_last_move_is_the_same_sides_move_after_a_pass_and_its_claim_checked(
        after, claim, warning):
    (g,) = [process(r) for r in split_source(SourceText("scholar.txt", SCHOLAR + after + "\n"))]
    assert sans(g.moves) == ["e4", "e5", "Bc4", "Bc5", "Qh5"], [d.message for d in g.diagnostics]
    threats = [(c.ply, c.claimed, c.actual) for c in g.claims if c.what == "threat"]
    assert threats == [(5, *claim)]  # (on White's 3rd, ply 5)
    at = len(SCHOLAR) + after.index(claim[0][0] if claim[1] != "no legal move" else "Q-Kt8") + 1
    said = [(d.severity, d.column, d.message) for d in g.diagnostics if d.code == "false-threat"]
    if warning is None:
        assert not said and g.status == "ok"
    else:
        assert len(said) == 1 and said[0][:2] == ("warning", at) and warning in said[0][2]


def test_a_threat_after_a_check_is_an_open_claim():
    # The side in check cannot pass: the threat is made after the reply it must find, its claim left open.
    (g,) = [process(r) for r in split_source(SourceText("fried.txt", FRIED + ", threatening Q-B7 mate.\n"))]
    assert sans(g.moves) == FRIED_SAN and g.status == "ok"
    (threat,) = [c for c in g.claims if c.what == "threat"]
    assert (threat.ply, threat.claimed, threat.decided) == (13, "Q-B7 mate", False)


@pytest.mark.parametrize("text", [
    SCHOLAR + ". Threat: QxBP mate.",
    "1. e2-e4 e7-e5 2. Lf1-c4 Lf8-c5 3. Dd1-h5, droht Dh5xf7 matt.",
    "1. e2-e4 e7-e5 2. Lf1-c4 Lf8-c5 3. Dd1-h5, mit der Drohung Dh5xf7 matt.",
])
def test_a_threat_named_by_its_label_or_in_german_is_the_same_sides_move_after_a_pass(text):
    (g,) = [process(r) for r in split_source(SourceText("scholar.txt", text + "\n"))]
    assert sans(g.moves) == ["e4", "e5", "Bc4", "Bc5", "Qh5"] and g.status == "ok", [d.message for d in g.diagnostics]
    assert [(c.ply, c.claimed, c.actual) for c in g.claims if c.what == "threat"] == [(5, "Qxf7 mate", "Qxf7 mate")]


#: A Queen's Gambit Declined in long algebraic in two columns, two notes under it marked after their moves.
QGD_ROWS = ("GAME 12.\n\nQueen's Gambit Declined.\n\n"
            "1. d2-d4      d7-d5\n2. c2-c4      e7-e6\n3. Nb1-c3     Ng8-f6\n4. Bc1-g5     Bf8-e7\n"
            "5. e2-e3      Nb8-d7\n6. Ng1-f3     0-0\n7. Ra1-c1     c7-c6 {one}\n8. Bf1-d3     d5xc4\n"
            "9. Bd3xc4     Nf6-d5{two}\n10. Bg5xe7    Qd8xe7\n11. 0-0       Nd5xc3\n12. Rc1xc3    e6-e5\n\n"
            "{one} The usual defence. 7. ... b7-b6 is weaker because of 8. c4xd5 e6xd5 9. Bf1-b5.\n\n"
            "{two} {lead}If 9. ... b7-b5, then 10. Bc4-d3 a7-a6 11. a2-a4, and White stands better.\n")
QGD_GAME = ["d4", "d5", "c4", "e6", "Nc3", "Nf6", "Bg5", "Be7", "e3", "Nbd7", "Nf3", "O-O", "Rc1", "c6", "Bd3",
            "dxc4", "Bxc4", "Nd5", "Bxe7", "Qxe7", "O-O", "Nxc3", "Rxc3", "e5"]


@pytest.mark.parametrize("one, two, lead", [
    # A numbered note that opens with a sentence whose first word is a possessive: "(2)" its label, no row's number
    # (read as the game's row 2, the note's "10. Bc4-d3 a7-a6 11. a2-a4" were the game's 13th and 14th, silently).
    ("(1)", " (2)", "Capablanca's freeing manoeuvre. "),
    ("(1)", " (2)", "“Black’s freeing manoeuvre. "),
    # ... its figure with its closing bracket only, or glued to the move it marks.
    ("1)", " 2)", "Capablanca's freeing manoeuvre. "),
    ("(1)", "(2)", "Capablanca's freeing manoeuvre. "),
    # A note that opens by naming the game's last move, "(2) 12...e5 is the natural move. If 9. ...": its number
    # glued to the pawn's move ("12...e5", read as one word, no number: the note's "10. Bc4-d3 a7-a6 11. a2-a4" were
    # the game's 13th and 14th, silently); set apart, as it read already.
    ("(1)", " (2)", "12...e5 is the natural move. "),
    ("(1)", " (2)", "12...e6-e5 is the natural move. "),
    ("(1)", " (2)", "12. ... e6-e5 is the natural move. "),
])
def test_a_numbered_notes_moves_are_its_variation_never_the_game_going_on(replay_text, one, two, lead):
    g = book(replay_text, QGD_ROWS.format(one=one, two=two, lead=lead), notation="algebraic")
    assert sans(g.moves) == QGD_GAME and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 14, ["b6", "cxd5", "exd5", "Bb5"]), (0, 18, ["b5", "Bd3", "a6", "a4"])]


#: The same game in SAN rows, the note on Black's 9th under the score, its mark after the move ("Nd5 (2)").
QGD_SAN = ("1. d4 d5\n2. c4 e6\n3. Nc3 Nf6\n4. Bg5 Be7\n5. e3 Nbd7\n6. Nf3 O-O\n7. Rc1 c6\n8. Bd3 dxc4{one}\n"
           "9. Bxc4 Nd5{two}\n10. Bxe7 Qxe7\n11. O-O Nxc3\n12. Rxc3 e5\n\n{notes}\n")
CAPABLANCA = "Capablanca's freeing manoeuvre. If 9. ... b5 10. Bd3 a6 11. a4, and White stands better."


@pytest.mark.parametrize("one, two, notes", [
    # The note's label printed as a figure with its stop, "Note" before it or not, a move of the score marking it
    # "(2)": the note's label, as "(2)" is, never the game's row 2 (its words read as row 2's moves, the note's
    # "9. ... b5" a gap replayed on a reconstruction).
    ("", " (2)", "2. " + CAPABLANCA),
    ("", " (2)", "Note 2. " + CAPABLANCA),
    # ... after another note so labelled, on its line or a paragraph of its own: each note on the move it marks.
    (" (1)", " (2)", "1. Black gives up the centre.\n2. " + CAPABLANCA),
    (" (1)", " (2)", "1. Black gives up the centre.\n\n2. " + CAPABLANCA),
    # The forms that read so already: a figure in brackets, with its closing bracket only, a footnote's star.
    (" (1)", " (2)", "(1) Black gives up the centre.\n(2) " + CAPABLANCA),
    ("", " (2)", "2) " + CAPABLANCA),
    ("", "*", "* " + CAPABLANCA),
])
def test_a_notes_label_printed_with_its_stop_is_the_label_of_the_move_that_carries_it(one, two, notes):
    (g,) = [process(r) for r in split_source(SourceText("qgd.txt", QGD_SAN.format(one=one, two=two, notes=notes)))]
    assert sans(g.moves) == QGD_GAME and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 18, ["b5", "Bd3", "a6", "a4"])]
    assert g.moves[17].comment.endswith("Capablanca's freeing manoeuvre."), [(m.ply, m.comment) for m in g.moves]
    if one:
        assert g.moves[15].comment.endswith("Black gives up the centre."), [(m.ply, m.comment) for m in g.moves]


def test_a_figure_with_its_stop_is_a_notes_label_only_before_prose_where_a_move_carries_it():
    from notation.parse import stopped_labels

    body = QGD_SAN.format(one="", two=" (2)", notes="2. " + CAPABLANCA)
    # (Row 2, "2. c4 e6", is the row's number: a move follows it.)
    assert stopped_labels(body) == {body.index("2. Capablanca")}
    # No move of the score marked "(2)": the figure is no label (a row's number, as the text prints it).
    assert stopped_labels(body.replace("Nd5 (2)", "Nd5")) == frozenset()
    # Nor a bracket's close after a figure, a square's or a figure's ("R(B 2)", "(see Fig. 2)"): a book's numbered
    # paragraphs of prose ("2. In case of a complaint ...") stay its own.
    laws = "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. R(B 2) takes P (see Fig. 2)\n\n2. In case of a complaint ...\n"
    assert stopped_labels(laws) == frozenset()


#: The long algebraic page again, its moves marked by a bare figure (``{m1}``, ``{m2}``) and its notes labelled under
#: the score after a blank line (``{l1}``, ``{l2}``), as a modern games collection prints them.
QGD_BARE = QGD_ROWS.replace("c7-c6 {one}", "c7-c6{m1}").replace("Nf6-d5{two}", "Nf6-d5{m2}").replace(
    "{one} The", "{l1} The").replace("{two} {lead}", "{l2} Capablanca's freeing manoeuvre. ")


@pytest.mark.parametrize("m1, m2, l1, l2", [
    # A bare figure after the row's last move, its note labelled "1." under the score: the note's reference, as
    # "(1)" is (the "1. The usual defence. 7. ... b7-b6 ... 8. ... 9. ..." read as a game's move 1 and cut off as a
    # record of its own, its moves prose: "no move of this record could be read").
    (" 1.", " 2.", "1.", "2."),
    (" 1", " 2", "1.", "2."),
    # ... glued to the move after a caret or as a small figure ("c7-c6^1", "c7-c6¹"; read as part of the move).
    ("^1", "^2", "1.", "2."),
    ("¹", "²", "1.", "2."),
    # ... its notes labelled "(1)", "(2)" (the moves read so already; the note's words were the line's last move's).
    (" 1.", " 2.", "(1)", "(2)"),
    # A note labelled "2." that opens by naming the game's last move ("2. 12. ... e6-e5 is the natural move."): a
    # move's number after the label, no word of prose (the label was read as no label, the note's line as the game's).
    (" 1.", " 2.", "1.", "2. 12. ... e6-e5 is the natural move."),
])
def test_a_bare_figure_after_a_move_is_the_reference_of_the_note_it_labels(m1, m2, l1, l2):
    text = QGD_BARE.format(m1=m1, m2=m2, l1=l1, l2=l2)
    named = "12. ... e6-e5" in l2  # (the note's own words first, then the freeing manoeuvre's)
    text = text.replace("Capablanca's freeing manoeuvre. If", "If") if named else text
    (g,) = [process(r) for r in split_source(SourceText("qgd.txt", text))]
    assert sans(g.moves) == QGD_GAME and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 14, ["b6", "cxd5", "exd5", "Bb5"]), (0, 18, ["b5", "Bd3", "a6", "a4"])]
    assert (g.variations[0].comment or "").endswith("The usual defence."), g.variations[0].comment
    said = "natural move." if named else "Capablanca's freeing manoeuvre."
    assert (g.moves[17].comment or "").endswith(said), [(m.ply, m.comment) for m in g.moves]


def test_a_bare_figure_is_a_mark_only_after_a_move_and_where_no_row_is_numbered_so():
    from notation.parse import bare_marks, stopped_labels

    body = QGD_BARE.format(m1=" 1.", m2=" 2.", l1="1.", l2="2.")
    assert [key for _, key in bare_marks(body)] == ["1", "2"]
    assert stopped_labels(body) == {body.index("1. The usual"), body.index("2. Capablanca")}
    # The next row's number run on at the line's end, or printed again opening the next line: no mark.
    assert bare_marks("7. Ra1-c1 c7-c6 8.\nBf1-d3 d5xc4\n") == ()
    assert bare_marks("7. Ra1-c1 c7-c6 8\n8. Bf1-d3 d5xc4\n") == ()
    # A descriptive square's figure at its line's end ("P to K 4."): no move's figure before it, no mark.
    laws = "1. P to K 4.\n\n4. The pawn moves one square.\n"
    assert bare_marks(laws) == () and stopped_labels(laws) == frozenset()


@pytest.mark.parametrize("gap", ["\n\n", "\n"])
@pytest.mark.parametrize("label", ["(a)", "(2)", "2."])
def test_a_notes_rows_in_a_paragraph_of_their_own_go_on_with_its_line(replay_text, gap, label):
    # "(a) If 9. ... b5", then the note's own rows under it, a blank line between or not: they read on from the
    # note's last move (9... then 10.), so they are its line going on, never an alternative to the game's 10th move
    # (whose rows were all printed above: the score ended at 12... e5).
    mark = label.strip("()") if label != "2." else "2"
    note = f"{label} If 9. ... b5{gap}10. Bd3    a6\n11. a4     and White stands better."
    (g,) = [process(r) for r in split_source(SourceText("qgd.txt", QGD_SAN.format(one="", two=f" ({mark})",
                                                                                       notes=note)))]
    assert sans(g.moves) == QGD_GAME and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 18, ["b5", "Bd3", "a6", "a4"])]


#: A teaching book's column score to move 8, then the author's paragraph that shows how the game may go on after its
#: last row ("... thus: 9. Kt-B3, Castles; 10. R-K sq, ..."), his closing words after the line's last move.
SHOWN_LINE = ("The following was played at the Manhattan Chess Club in 1904:\n\n     WHITE.          BLACK.\n"
              "  1. P—K4           P—K4\n  2. Kt—KB3         Kt—QB3\n  3. B—Kt5          Kt—B3\n"
              "  4. Castles        KtxP\n  5. P—Q4           B—K2\n  6. Q—K2           Kt—Q3\n"
              "  7. BxKt           KtPxB\n  8. PxP            Kt—Kt2\n\n{paragraph}\n")
SHOWN_GAME = ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4", "d4", "Be7", "Qe2", "Nd6", "Bxc6", "bxc6",
              "dxe5", "Nb7"]


@pytest.mark.parametrize("paragraph, line, closing", [
    # A line short enough to be read whole: its closing words were read as a move, an error ("... cannot be read as a
    # move"); the same paragraph with more words after the moves was read by the decoder as the game's moves.
    ("Black has now lost the opportunity, and White can bring his Rook to the King's file, thus: 9. Kt-B3, Castles; "
     "10. R-K sq, P-Q4; 11. B-B4, and Black's game is cramped.", ["Nc3", "O-O", "Re1", "d5", "Bf4"],
     "and Black's game is cramped."),
    ("Black has now lost the opportunity, and White can bring his Rook to the King's file, thus: 9. Kt-B3, Castles; "
     "10. R-K sq, and Black's game is very much cramped.", ["Nc3", "O-O", "Re1"],
     "and Black's game is very much cramped."),
    # A long line, cut at its move numbers: "R—K sq" before the closing words was left out with only an info.
    ("Black has now lost the opportunity of developing his Queen's Bishop, and White can bring his Rook to the King's "
     "file with great advantage, thus: 9. Kt—B3, Castles; 10. R—K sq, and Black's game is very much cramped.",
     ["Nc3", "O-O", "Re1"], "and Black's game is very much cramped."),
])
def test_the_line_the_author_shows_after_the_scores_last_row_is_a_continuation(replay_text, paragraph, line, closing):
    # The author's line from the game's last position, whatever the paragraph's length: every move read and checked,
    # the words after its last move that line's comment.
    (g,) = replay_text(SHOWN_LINE.format(paragraph=paragraph))
    assert g.status == "ok" and not [d.message for d in g.diagnostics], [d.message for d in g.diagnostics]
    assert sans(g.moves) == SHOWN_GAME
    assert lines(g) == [(0, 17, line)]
    assert g.variations[0].moves[-1].comment == closing


def test_moves_the_author_tells_as_played_after_the_scores_last_row_are_the_games(replay_text):
    # "The game continued: ...": the game's own moves, not his line.
    (g,) = replay_text(SHOWN_LINE.format(paragraph="Black has now lost the opportunity. The game continued: "
                                         "9. Kt—B3, Castles; 10. R—K sq, and Black's game is very much cramped."))
    assert g.status == "ok" and not [d.message for d in g.diagnostics], [d.message for d in g.diagnostics]
    assert sans(g.moves) == SHOWN_GAME + ["Nc3", "O-O", "Re1"] and not g.variations
    assert g.moves[-1].comment == "and Black's game is very much cramped."
