"""Notes of the annotated games of early 20th-century books: variations in brackets inside the score's running
lines, a note's note in brackets inside a note's, notes printed after the game under their labels."""

import pytest

from notation.model import Game


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
    assert line.comment == "(a) Auf 5. ...," and line.moves[-1].comment == "und Weiß steht besser."


def test_notes_under_their_marks_between_the_rows_keep_their_words_and_verdicts(replay_text):
    # Pairs of moves on a line, notes "(1)" and "(*)" between the rows: each a line where its number puts it, the
    # words that lead into it its comment, the verdict that ends it on its last move (a claim of the line), and
    # the words that only join its moves ("on account of 10.") no note.
    g = book(replay_text, "1. P-K4  P-K4  2. Kt-KB3  Kt-QB3  3. B-Kt5  P-QR3  4. B-R4  Kt-B3\n"
                          "5. Castles  B-K2  6. R-K1  P-QKt4  7. B-Kt3  P-Q3 (1)  8. P-B3  Castles\n"
                          "9. P-KR3  Kt-QR4 (*)  10. B-B2  P-B4  11. P-Q4  Q-B2  12. QKt-Q2  BPxP\n\n"
                          "(1) If 7. ... Castles; 8. P-Q4, B-Kt5; 9. P-B3, and White has the better game.\n\n"
                          "(*) Black cannot play 9. ... KtxP on account of 10. RxKt.\n\n"
                          "13. PxP  Kt-B3  14. Kt-Kt3  P-QR4  15. B-K3  P-R5\n")
    assert len(g.moves) == 30 and g.status == "ok", [d.message for d in g.diagnostics]
    assert lines(g) == [(0, 14, ["O-O", "d4", "Bb4", "c3"]), (0, 18, ["Nxe4", "Rxe4"])]
    first, second = g.variations
    assert first.comment == "(1) If 7. ..." and first.moves[-1].comment == "and White has the better game."
    assert second.comment == "(*) Black cannot play 9. ..." and second.moves[0].comment is None
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
    assert [v.comment for v in g.variations] == ["(a) Besser war 7. ...", "(b) Nicht 9. ..."]
