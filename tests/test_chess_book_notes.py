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
