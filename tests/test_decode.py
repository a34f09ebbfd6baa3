"""The decoder (notation/decode/): a page read against the rules, and chess's part in it.

Grammar-level tests for the words and their orders, then whole records through
the pipeline: which words are moves is decided by what is legal where they stand.
"""

from __future__ import annotations

import re
import textwrap
from pathlib import Path

import chess
import pytest

from notation.boards.chess import Position
from notation.decode import Decoder, joined, named_sides, segments, tokens
from notation.decode.prose import START, read_lines
from notation.decode.search import REPEAT, _Known, second_numbered, told_in_rows, told_in_sentences
from notation.details.chess import ChessGameDetail
from notation.pipeline import read_games
from notation.records import line_name
from notation.rules.chess.decode import (
    _BLACK_HEAD,
    _FORMS,
    _WHITE_HEAD,
    MOVERS,
    ChessRules,
    _descriptive_mover,
    _line,
    _pseudo_legal,
    _rows_go_on,
    _rows_resume,
    _unexplained,
    compact_algebraic,
    compact_descriptive,
    compact_spaced,
    counted_by_mover,
    prints_space_for_dash,
    rest_of_a_move,
    variation_headings,
)
from notation.rules.chess.notations import NOTATIONS
from notation.rules.chess.notations.descriptive import write_move
from notation.write.pgn import write_game


@pytest.mark.parametrize("printed, compact", [
    ("P-K4", "p-k4"), ("P. to K's 4th.", "p-k4"), ("P to K 4", "p-k4"), ("PtoK4", "p-k4"),
    ("Kt. to K. B's 3rd.", "kt-kb3"), ("KttoQB3", "kt-qb3"), ("QKttoB3", "qkt-b3"), ("N-KB3", "kt-kb3"),
    ("R's P. takes P.", "rpxp"), ("Q. takes P.", "qxp"), ("B X Kt", "bxkt"), ("P.  takts B.", "pxb"),
    ("K. to B^s sq.", "k-b1"), ("K to R sq", "k-r1"), ("R.  to R  s  5th.", "r-r5"), ("B x P, ch", "bxp"),
    ("Kt. to Q. Kt*s 5tli.", "kt-qkt5"), ("Castles", "castles"), ("Castles QR", "castlesqr"),
    # The possessive with the space lost; "her" and "his": the queen's and the king's own wing.
    ("P.  to Q's4th.", "p-q4"), ("Q. to her 4th.", "q-q4"), ("Q. to her Kt's 3d.", "q-qkt3"),
    ("K.  to his' 2nd,", "k-k2"), ("K. to his B's sq.", "k-kb1"),
    ("Kt.  to Q.  Rs  4th.", "kt-qr4"), ("R.  to Ks sq.", "r-k1"), ("P. to K. Kts 3rd.", "p-kkt3"),
    # A pawn made a Queen, its square going without saying.
    ("P. Queens.", "p=q"), ('R. P. "Queens" (ch.)', "rp=q"),
    # ... told in words after the move, a capture's too (the Blue Book's "P. takes R., becoming a Q. (ch.)").
    ("P. takes R., becoming a Q. (ch.)", "pxr=q"), ("P. takes Kt. and queens", "pxkt=q"),
    ("P. to K's 8th, becoming a Queen", "p-k8=q"), ("P-Kt8, queening", "p-kt8=q"), ("P. to R's 8th (becomes a Queen)", "p-r8=q"),
    # A move told by the mate it gives, the piece alone: read where exactly one of that man's moves mates.
    ("Kt. mates.", "kt-mate"), ("Q. mates", "q-mate"), ("Q. B. checkmates.", "qb-mate"),
    # "t." for "takes" (London 1883's scores), its stop or space lost; "Kt. P" stays the knight's pawn.
    ("P t. P", "pxp"), ("Bt. Kt", "bxkt"), ("Ktt. P", "ktxp"), ("RtR", "rxr"), ("Q t. K Kt P", "qxkktp"),
    ("Kt. P", "ktp"), ("Kt. to K. B's 3rd.", "kt-kb3"), ("Bt, Kt", "bxkt"), ("Pt, P", "pxp"), ("Kt, P", "ktp"), ("r, t, r", "rtr"),
    # A note's reference run into the move ("KtoB2(B)", "BtoQ3(!)(E)"); "Castles (Q)" names the side.
    ("KtoB2(B)", "k-b2"), ("Q to K2ch(A)", "q-k2"), ("BtoQ3(!)(E)", "b-q3"), ("PtoQ3(?)", "p-q3"),
    ("Castles (Q)", "castlesqr"),
    # The wing named with its owner (Philidor's "The king castles on his queen's side.").
    ("castles on his queen's side.", "castlesqr"), ("Castles on his king's side", "castles"),
    # "to" as the OCR damaged it: "~", read as "-" through an OCR confusion (named, at its cost).
    ("PtcQ4", "p~q4"), ("Pt0Q3", "p~q3"), ("QteoQ2", "q~q2"), ("Pio K 5", "p~k5"), ("P wo Kt7", "p~kt7"),
    ("Kttokt5", "kt-kt5"),
    # ... its "o" read as "w" ("PtwQ3", "PtwoQR3"), or its "t" lost after a man's letter ("Bo B4", "BoQ3": London
    # 1883); never after "K" or "Kt", where "KtoB2" is the King's move and "Ktto" the Knight's.
    ("PtwQ3", "p~q3"), ("PtwoQR3", "p~qr3"), ("Bo B4", "b~b4"), ("BoQ3", "b~q3"), ("Ktto B3", "kt-b3"),
    # ... with the stops of the abbreviated long form kept ("P. loK. 4.", "Kt. loQ. B. 3.": "lo" run into the square).
    ("P. loK. 4.", "p~k4"), ("Kt. loQ. B. 3.", "kt~qb3"), ("P. tcQ. 4.", "p~q4"),
    # ... its round "o" read twice ("PtooK B4", "PteeQR4", "KtteeQKt5") or open at the top ("PtuR5"): London 1883.
    ("PtooK B4", "p~kb4"), ("BtooB4", "b~b4"), ("PteeQR4", "p~qr4"), ("KtteeQKt5", "kt~qkt5"), ("PtuR5", "p~r5"),
    # ("Kt. tukts P.", Löwenthal's "takes" with its "a" read as "u", is no "to" before Kt 5.)
    ("Kt. tukts P.", "kttuktsp"),
    # The long form spelled out in words (Philidor's English editors, 1803): names to initials, "at" for
    # "to", a pawn's step counted in squares, "his" before a rank alone its own file; "The same." the
    # reply that mirrors the move before; the colour of a piece taken says nothing more.
    ("King’s knight at king’s bishop’s 3d square.(b)", "kkt-kb3"), ("King’s bishop’s pawn 2 squares.", "kbp^2"),
    ("Queen’s pawn 1 square", "qp^1"), ("K. P. one square", "kp^1"), ("Queen at her own bishop’s 2d.", "q-qb2"),
    ("Queen at her king’s bishop’s 3d.", "q-kb3"), ("The king at his knight’s 2d.", "k-kkt2"),
    ("King’s rook at the king’s square.", "kr-k1"), ("Queen’s bishop at his 1st square.", "qb-qb1"),
    ("K. Kt. to his 5th", "kkt-kkt5"), ("The king castles.", "castles"),
    ("The king’s pawn takes the black pawn.", "kpxp"), ("King’s bishop takes the pawn and gives check.", "kbxp"),
    ("The same.", REPEAT), ("The king’s pawn takes the black[23] pawn.", "kpxp"),
    # "his" before a file after a man of one wing: that wing's file; after a man of none, the mover's side only.
    ("King’s knight at his bishop’s 3d square.", "kkt-kb3"), ("Queen’s knight at his bishop’s 3d.", "qkt-qb3"),
    ("King’s bishop at his knight’s 2d.", "kb-kkt2"), ("Knight at his bishop’s 3d square.(v2)", "kt-b3"),
    ("The rook at his knight’s square.", "r-kt1"), ("Queen’s knight at his king’s 4th square.(o)", "qkt-k4"),
    # (Before a rank alone, after a man of no wing, "his" stays: the form is left for the near reading, as before.)
    ("Kt.  to his  3rd.", "kt-his3"), ("R. to his 4th.", "r-his4"),
    # A square named from a side: compacted with that side (read as the mover counts it where the position is known).
    ("Knight at the black queen’s knight’s 4th", "kt-@bqkt4"), ("Queen at the white king’s rook’s 3d square.", "q-@wkr3"),
    ("King’s knight at the adversary’s king’s 4th.", "kkt-@ok4"), ("Rook at black queen’s knight’s square", "r-@bqkt1"),
    ("The rook at the adverse queen’s bishop’s 2d.", "r-@oqb2"), ("The rook at its queen’s bishop’s square.", "r-qb1"),
    # A check said in words after the square; a pawn's name and its count with the word "square" not yet read.
    ("Rook at the king’s square, giving check.(d)", "r-k1"), ("King’s knight’s pawn 1", "kktp1"),
    ("The king retires to his rook’s square.", "k-kr1"), ("The queen’s knight’s pawn 1 square, discovering check.", "qktp^1"),
    # A move told by what it does to a check, without its square: the man's move that checks, or covers the check;
    # a check given at a square is the move to that square.
    ("The rook gives check.", "r-check"), ("The king’s bishop gives check.(c)", "kb-check"), ("KB gives check", "kb-check"),
    ("The bishop covers the check.(b)", "b-cover"), ("The king’s knight’s pawn covers the check.", "kktp-cover"),
    ("The queen gives check at the adverse king’s rook’s 2d.", "q-@okr2"), ("The knight gives check at his queen’s 3d.", "kt-q3"),
])
def test_descriptive_words_compact_to_one_form(printed, compact):
    assert compact_descriptive(printed) == compact


#: What :func:`compact_descriptive` looks for before running a pattern (every match of it has it).
_GATES = ("_QUOTED", "_TO_AS_TEN_GATE", "_T_TAKES_GATE", "_OCR_TO_GATE", "_LOST_QUOTE_GATE", "_ORDINAL_GATE", "_OWN_GATE")
_GATED = ("_TO_AS_TEN", "_T_TAKES", "_OCR_TO", "_LOST_QUOTE", "_ORDINAL", "_OWN_WING", "_HIS")


def test_a_pattern_is_skipped_only_where_it_would_match_nothing(monkeypatch):
    """Each pattern of the compaction runs only where the text has what every match of it has (its gate):
    with every gate open, random texts of a move's pieces and the OCR's damage compact the same."""
    import random

    import notation.rules.chess.decode as chess_decode

    rng = random.Random(29)
    pieces = ["P", "Kt", "K", "Q", "B", "R", "KB", "QR", ".", " ", "  ", ",", "to", "t", "t.", "t,", "tc", "wo", "o", "too", "tee", "tu", "Ptc", " wo ", "Bo",
              "10", " 10 ", " lo ", "io", "s", " s ", "'s", "’s", "*s", "4th", "3rd", "2nd", "sq", "5", "8", "-", "—",
              "~", "x", "K. to his", "Q to her", "KR to his", "Kt to his", "B. to its", "takes", "(ch)", "Castles",
              "the", "King’s", "pawn", "at", "square", "g", "kk", "38"]
    texts = ["".join(rng.choice(pieces) for _ in range(rng.randint(1, 9))) for _ in range(10000)]
    compact = compact_descriptive.__wrapped__
    gated = [compact(text) for text in texts]
    for name in _GATED:  # (the texts give each pattern matches that count)
        with monkeypatch.context() as patched:
            patched.setattr(chess_decode, name, re.compile("(?!)()()"))  # (groups for the replacements)
            assert sum(compact(text) != was for text, was in zip(texts, gated)) > 20, name
    for name in _GATES:
        monkeypatch.setattr(chess_decode, name, re.compile(""))
    assert [compact(text) for text in texts] == gated


@pytest.mark.parametrize("printed, compact", [
    ("S g 1-f 3", "Sg1-f3"), ("e 2-e 4", "e2-e4"), ("D e 8-c 6 +", "De8-c6"), ("d4:e5", "d4xe5"),
    ("O-O", "0-0"), ("exd6 e.p.", "exd6"),
    # A note's bracket at the move's edge is the note's ("(Auf 9. d4 folgt Lg4.)"); so is a note's reference glued to
    # the move, its letter or figure in a pair ("Sf3(a)", "Nf6-d5(2)"), no part of the move.
    ("Lg4.)", "Lg4"), ("Lg4).", "Lg4"), ("Bg4!)]", "Bg4"), ("(Lg4", "Lg4"), ("Sf3(a)", "Sf3"), ("Sf3(a))", "Sf3"),
    ("Nf6-d5(2)", "Nf6-d5"), ("Nf6-d5(2).", "Nf6-d5"),
])
def test_algebraic_words_compact_to_one_form(printed, compact):
    assert compact_algebraic(printed) == compact


def test_a_number_run_into_its_move_is_two_words_an_ordinal_is_not():
    assert [t.text for t in tokens("4PtoQ3 P. to K's 4th. 12.Kt-B3")] == [
        "4", "PtoQ3", "P.", "to", "K's", "4th.", "12.", "Kt-B3"]
    assert [t.number for t in tokens("12. (8) 12... 4th. x")] == [12, 8, 12, None, None]


def test_a_heading_run_into_its_lines_number_by_a_dash_is_two_words():
    # An openings article names each line before its moves ("_Berlin Defence._--3. ...,", "Ruy Lopez.—1. P-K4"): the
    # heading, then the move's number. A dash in a move ("P--K4") or a checkers line's ("A.--24-19,") stays whole.
    assert [(t.text, t.number) for t in tokens("_Berlin Defence._--3. ..., Kt-B3; Lopez.—1. P--K4 A.--24-19,")] == [
        ("_Berlin", None), ("Defence._--", None), ("3. ...,", 3), ("Kt-B3;", None), ("Lopez.—", None),
        ("1.", 1), ("P--K4", None), ("A.--24-19,", None)]


def test_a_notes_reference_run_into_a_move_opens_no_aside():
    words = tokens("7 KtoB2(B) QtoR5ch(!) (If 8 P-K4) 9 P-K4 (A)")
    assert [(t.text, t.aside) for t in words][:4] == [("7", False), ("KtoB2(B)", False), ("QtoR5ch(!)", False),
                                                      ("(If", True)]
    assert [t.aside for t in words[-3:]] == [False, False, True]


def test_a_white_column_before_a_black_column_is_read_as_two_streams():
    text = "Game IV.\nwniTF.  (Mr. M.)\n1. P. to K's 4th.\n2. Kt. to K. B's 3rd.\nBLACK. (Mr. H.)\n" \
           "1. P. to K's 4th.\n2. P. to Q's 3rd.\n3. P. to Q's 4th.  3. P. takes P.\n"
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [1, 2, 1]
    white, black = cut[1].orders[0]
    assert " ".join(t.text for t in white) == "1. P. to K's 4th. 2. Kt. to K. B's 3rd."
    assert " ".join(t.text for t in black) == "1. P. to K's 4th. 2. P. to Q's 3rd."
    assert _sans(text) == ["e4", "e5", "Nf3", "d6", "d4", "exd4"]


def test_a_black_column_printed_before_the_white_column_is_read_as_two_streams():
    # The OCR gives the right-hand column first: Black's moves 3-4 under "BLACK.", then White's under
    # "WHITE.". Read as printed, Black's "Kt. to Q. 5." would be White's third move.
    text = "WHITE.\n1 P. to K. 4.\n2 Kt. to K. B. 3.\nBLACK.\n1 P. to K. 4.\n2 Kt. to Q. B. 3.\n" \
           "BLACK.\n3\nKt. to Q. 5.\n4\nP. takes Kt.\nWHITE.\n3 B. to Q. Kt. 5.\n4 Kt. takes Kt.\n"
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [2, 2]
    white, black = cut[1].orders[0]
    assert " ".join(t.text for t in white) == "3 B. to Q. Kt. 5. 4 Kt. takes Kt."
    assert " ".join(t.text for t in black) == "3 Kt. to Q. 5. 4 P. takes Kt."
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nd4", "Nxd4", "exd4"]
    # A lone "BLACK." over a column is paired with no "WHITE." below that begins at another move.
    other = "BLACK.\n3\nKt. to Q. 5.\nWHITE.\n1 P. to K. 4.\n"
    assert [len(s.orders) for s in segments(tokens(other), _WHITE_HEAD, _BLACK_HEAD)] == [1]


#: The first 45 moves of a long game (Stockfish 8 v. AlphaZero, corpus/dev/python-chess-pgn), legal in turn.
_LONG_GAME = ("e4 e5 Nf3 Nc6 Bb5 Nf6 d3 Bc5 Bxc6 dxc6 O-O Nd7 Nbd2 O-O Qe1 f6 Nc4 Rf7 a4 Bf8 Kh1 Nc5 a5 Ne6 Ncxe5 fxe5 "
              "Nxe5 Rf6 Ng4 Rf7 Ne5 Re7 a6 c5 f4 Qe8 axb7 Bxb7 Qa5 Nd4 Qc3 Re6 Be3 Rb6 Nc4 Rb4 b3 a5 Rxa5 Rxa5 Nxa5 "
              "Ba6 Bxd4 Rxd4 Nc4 Rd8 g3 h6 Qa5 Bc8 Qxc7 Bh3 Rg1 Rd7 Qe5 Qxe5 Nxe5 Ra7 Nc4 g5 Rc1 Bg7 Ne5 Ra8 Nf3 Bb2 "
              "Rb1 Bc3 Ng1 Bd7 Ne2 Bd2 Rd1 Be3 Kg2 Bg4 Re1 Bd2 Rf1 Ra2").split()


def test_a_column_of_the_other_sides_numbers_counts_for_no_line_of_the_first_column():
    # Bird's books print a long score's columns one after the other: White's moves each on its numbered line,
    # then Black's numbers in a column of their own ("1" .. "45"), then "BLACK." over Black's moves without
    # numbers. The first column is twice its moves' lines: counted line by line, "BLACK." stood past the
    # longest column looked for (a score of sixty moves), no pair was read, and Black's moves were read after
    # White's 45th, in printed order (Morphy v. Boden, 50 moves, 44 / 63 read legal).
    board, white, black = chess.Board(), [], []
    for k, san in enumerate(_LONG_GAME):
        move = board.parse_san(san)
        form = write_move(board, move)  # (a capture as the books print it, without its squares: "QxQBP")
        (white if k % 2 == 0 else black).append(re.sub(r"\(\w+\)", "", form) if "x" in form else form)
        board.push(move)
    moves = len(white)
    text = ("WHITE.\n" + "".join(f"{n} {m}\n" for n, m in enumerate(white, 1))
            + "".join(f"{n}\n" for n in range(1, moves + 1)) + "BLACK.\n" + "".join(f"{m}\n" for m in black))
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders[0]) for s in cut] == [2]
    first, second = cut[0].orders[0]
    assert first[-1].text == str(moves) and second[0].text == black[0].split()[0]
    assert _sans(text) == _LONG_GAME


def test_fractions_in_a_row_are_read_move_by_move():
    # Issue 29: White's moves over the bars, Black's under them; read row by row they were "e4 Nf6 Bb5 e5 ...".
    text = "     P to K 4       Kt to K B 3      B to Kt 5\n  1. --------    2. -----------   3. ----------\n" \
           "     P to K 4       Kt to Q B 3      P to Q R 3\n"
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [2]
    (stream,) = cut[0].orders[0]
    assert " ".join(t.text for t in stream) == \
        "1. P to K 4 P to K 4 2. Kt to K B 3 Kt to Q B 3 3. B to Kt 5 P to Q R 3"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    # Two lines' fractions side by side ("4. ----   4. ----") are no row of one line's: the columns read them.
    beside = "     P to B 3        Castles\n  4. --------    4. ---------\n     Kt to B 3       Kt to B 3\n"
    assert all(len(s.orders) == 1 for s in segments(tokens(beside), _WHITE_HEAD, _BLACK_HEAD))


def _one_game(tmp_path: Path, text: str):
    """The one record a text holds, read from a file as a user's would be."""
    path = tmp_path / "book.txt"
    path.write_text(text, encoding="utf-8")
    (game,) = read_games([path])
    return game


def _reading(text: str, board: chess.Board | None = None):
    rules = ChessRules(NOTATIONS["english-descriptive"])
    return Decoder(rules).read(segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD), Position.start(board or chess.Board()))


def _in_san(steps, start: chess.Board | None = None) -> list[str]:
    """Steps of a reading, played from ``start``, in SAN."""
    board, out = (start or chess.Board()).copy(), []
    for step in steps:
        out.append(board.san(step.move))
        board.push(step.move)
    return out


def _sans(text: str, start: chess.Board | None = None) -> list[str]:
    return _in_san(_reading(text, start).steps, start)


def test_a_pawn_that_queens_in_words_is_read_as_its_promotion():
    ending = chess.Board("8/1Q6/1K6/8/8/8/p7/1k6 b - - 0 1")
    assert _sans("1. ...  1. P. Queens.  2. K. to Q. B's 5th. (ch.)", ending) == ["a1=Q", "Kc5+"]


def test_a_promotion_told_in_words_after_the_move_is_read():
    # The Blue Book's "31. P. takes R., becoming a Q. (ch.)", the game's last move: the capture made a Queen.
    taking = chess.Board("3r2k1/4P3/8/8/8/8/8/4K3 w - - 0 1")
    assert _sans("1. P. takes R., becoming a Q. (ch.)  K. to R's 2d.", taking) == ["exd8=Q+", "Kh7"]
    assert _sans("1. P. takes Kt. and queens.  K. to R's 2d.", chess.Board("3n2k1/4P3/8/8/8/8/8/4K3 w - - 0 1")) \
        == ["exd8=Q+", "Kh7"]
    pushing = chess.Board("6k1/4P3/8/8/8/8/8/4K3 w - - 0 1")
    assert _sans("1. P. to K's 8th, becoming a Queen (ch.)  K. to R's 2d.", pushing) == ["e8=Q+", "Kh7"]


def test_a_mate_told_by_the_piece_alone_is_the_one_move_of_it_that_mates():
    # "20. Kt. mates.": of the knight's moves only Nf7 mates (the smothered mate); "Q. mates.": Qd8, not Qd5.
    assert _sans("1. Kt. mates.", chess.Board("6rk/6pp/8/6N1/8/8/8/6K1 w - - 0 1")) == ["Nf7#"]
    assert _sans("1. Q. mates.", chess.Board("6k1/5ppp/8/8/8/8/8/3Q2K1 w - - 0 1")) == ["Qd8#"]
    # A capture that mates is told so too ("R. mates": Rxd8, the rook taken).
    assert _sans("1. R. mates.", chess.Board("3r2k1/5ppp/8/8/8/8/8/3R2K1 w - - 0 1")) == ["Rxd8#"]


def test_a_notes_moves_are_not_the_games():
    # The note's "2. B-B4, Kt-KB3" reads as legal moves where it stands (Black's Bc5, then Nf3 is
    # no longer White's to make); read as the game, it throws every later move to the other side,
    # and the numbers printed before White's moves say no.
    text = "1. P-K4 P-K4 2. Kt-KB3 (If 2. B-B4, Kt-KB3 is best.) Kt-QB3 3. B-Kt5 P-QR3 4. B-R4 Kt-B3 5. Castles B-K2"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]


OPERA = ("1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. P-Q4 B-Kt5 4. PxP BxKt 5. QxB PxP 6. B-QB4 Kt-KB3 7. Q-QKt3 Q-K2\n"
         "8. Kt-QB3 P-QB3 9. B-KKt5 P-QKt4 10. KtxP PxKt 11. BxP ch QKt-Q2 12. Castles R-Q sq 13. RxKt RxR\n"
         "14. R-Q sq Q-K3 15. BxR ch KtxB 16. Q-Kt8 ch KtxQ 17. R-Q8 mate.")


def test_castles_alone_is_with_the_queens_rook_where_only_that_lets_the_game_go_on():
    # Both castlings are legal at White's 12th; "Castles" is with the King's Rook in the books' usage, but then
    # "13. RxKt" reads as no move, and the game's five last moves were left unread.
    assert _sans(OPERA)[22:] == ["O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7", "Qb8+", "Nxb8",
                                 "Rd8#"]
    # Where the game goes on either way, it is castling with the King's Rook.
    assert _sans("1. P-Q4 P-Q4 2. Kt-QB3 Kt-QB3 3. B-B4 B-B4 4. Q-Q2 Q-Q2 5. P-K3 P-K3 6. B-Q3 B-Q3 7. Kt-B3 Kt-B3\n"
                 "8. Castles Castles 9. P-QR3")[14:] == ["O-O", "O-O", "a3"]


def test_a_text_that_numbers_both_sides_moves_reads_black_after_its_number():
    # Löwenthal's rows: a number before Black's move too (elsewhere it marks White's move).
    assert _sans("1. P-K4  1. P-K4\n2. Kt-KB3  2. P-Q3\n3. P-Q4  3. P. takes P.") == [
        "e4", "e5", "Nf3", "d6", "d4", "exd4"]


def test_rows_numbered_twice_though_broken_below_still_number_both_sides():
    # Löwenthal's rows, then a column of White's moves alone (a diagram's page): fewer than two in five
    # of the numbers repeat the one before, but most move numbers are printed twice. Black's numbered
    # moves are Black's: the note's "P. to Q. B's 4th" is no move of the game (read as one, every later
    # move needed a correction or went to the other side), and the rows read as printed.
    text = ("1.  P.  to K's  4th.  1.  P.  to Q's  4th.\n"
            "Sounder than either P.  to K's  3rd or P.  to Q.  B's  4th  at this stage.\n"
            "2.  P.  takes P.  2.  Q.  takes P.\n3.  Kt.  to Q.  B's  3rd.  3.  Q.  to Q.  R's  4th.\n"
            "4.  P.  to Q's  4th.  4.  P.  to K's  4th.\n5.  P.  takes P.  5.  Q.  takes P.  (ch.)\n"
            "6.  B.  to K's  2nd.  6.  B.  to Q.  Kt's  5th.\n7.  Kt.  to B's  3rd.\n8.  Castles.\n"
            "9.  B.  to Q's  3rd.\n10.  R.  to K's sq.\n11.  B.  to Q's  2nd.\n7.\n8.\n9.\n10.\n11.\n")
    assert second_numbered(tokens(text))
    rules = ChessRules(NOTATIONS["english-descriptive"])
    reading = Decoder(rules, returns=True).read(segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD),
                                                Position.start(chess.Board()))
    board, main = chess.Board(), []
    for step in reading.steps[:12]:
        main.append(board.san(step.move))
        board.push(step.move)
    assert main == ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qa5", "d4", "e5", "dxe5", "Qxe5+", "Be2", "Bb4"]
    # A score numbering White's moves only, its squares' bare figures beside them, numbers neither side twice.
    assert not second_numbered(tokens("1 P to K 4 P to K 4\n2 Kt to K B 3 Kt to Q B 3\n3 B to Kt 5 P to Q R 3\n"
                                      "4 B to R 4 Kt to B 3\n5. Castles B to K 2\n"))


def test_the_long_form_spelled_out_in_words_reads_with_its_steps_and_the_same_reply():
    # Each move on a line of its own under its number, as Philidor's Studies of Chess (1803) prints it.
    text = ("White. The king’s pawn 2 squares.\nBlack. The same.\n\n                    2.\n"
            "    W. Queen’s pawn 1 square.(a)\n    B. King’s knight’s pawn 1 square.\n\n                    3.\n"
            "    W. King’s knight at king’s bishop’s 3d square.(b)\n    B. King’s bishop’s pawn 2 squares.(c)\n\n"
            "                    4.\n    W. The king’s pawn takes the black pawn.\n"
            "    B. The king’s knight’s pawn takes the white pawn.\n")
    assert _sans(text) == ["e4", "e5", "d3", "g6", "Nf3", "f5", "exf5", "gxf5"]


def test_the_same_is_a_move_only_in_a_moves_place():
    # A numbered cell of a row (Walker's McDonnell - La Bourdonnais games), after a move and its comma in a run;
    # not the author's "the same" going on past it, nor after a word of his sentence.
    decoder = Decoder(ChessRules(NOTATIONS["english-descriptive"]))

    def repeats(text: str) -> list[str]:
        words = tokens(text)
        return [words[i].text for i, here in enumerate(decoder._windows(words)) if any(t == REPEAT for _, t in here)]

    assert repeats("1. K. P. two squares.           1. The same.\n2. The same.  2. Ditto.\n") == ["The", "The", "Ditto."]
    assert repeats("1. P-K4, the same; 2. Kt-KB3, the same move.\n") == ["the", "the"]
    assert repeats("3. The same players met.\nHe played 1. P-K4, the same way.\nBlack played the same.\n") == []
    assert repeats("(k) An adventurous speculation.\n\n(l) Ditto.\n") == []  # a note's (Philidor's, 1803)
    assert _sans("1. P. to K's 4th.  1. The same.\n2. Kt. to K. B's 3rd.  2. Q. Kt. to B's 3rd.\n"
                 "3. The same.  3. Kt. to B's 3rd.\n") == ["e4", "e5", "Nf3", "Nc6", "Nc3", "Nf6"]


def test_a_square_named_from_a_side_is_counted_from_that_side():
    # "the fifth square of his own file, which is the fourth on the adversary's side" (Philidor's editor, 1803).
    assert counted_by_mover("kt-@bqkt4", white=True) == "kt-qkt5"
    assert counted_by_mover("kt-@bqkt4", white=False) == "kt-qkt4"
    assert counted_by_mover("q-@wkr3", white=False) == "q-kr6"
    assert counted_by_mover("kkt-@ok4", white=True) == counted_by_mover("kkt-@ok4", white=False) == "kkt-k5"
    text = ("White. The king’s pawn 2 squares.\nBlack. The same.\n\n                    2.\n"
            "    W. King’s knight at king’s bishop’s 3d square.\n    B. Queen’s knight at his bishop’s 3d square.\n\n"
            "                    3.\n    W. King’s bishop at the black queen’s knight’s 4th square.\n"
            "    B. Queen’s rook’s pawn 1 square.\n\n                    4.\n"
            "    W. The bishop at the black queen’s rook’s 5th.\n    B. King’s knight at his bishop’s 3d square.\n\n"
            "                    5.\n    W. The king castles.\n    B. The king’s bishop at the white king’s 7th.\n\n"
            "                    6.\n    W. Rook at his king’s square.\n    B. Queen’s knight’s pawn 2 squares.\n\n"
            "                    7.\n    W. The bishop at the adversary’s queen’s knight’s 6th.\n")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3"]


def test_a_move_spans_more_than_seven_words_only_spelled_out():
    # Philidor's "Queen’s knight at the black queen’s knight’s 4th square." needs 8 words (9 with "square"); an
    # abbreviated form's words, split by the OCR ("Q. R. P. takes Q. Kt. s P."), are read in 7 at most, as before.
    decoder = Decoder(ChessRules(NOTATIONS["english-descriptive"]))
    spelled = decoder._windows(tokens("Queen’s knight at the black queen’s knight’s 4th square."))[0]
    assert (8, "qkt-@bqkt4") in spelled
    abbreviated = decoder._windows(tokens("Q. R. P. takes Q. Kt. s P."))[0]
    assert abbreviated and max(k for k, _ in abbreviated) <= 7


def test_a_figure_after_a_move_in_words_is_the_next_moves_number():
    # Staunton's "7. Knight takes Bishop.  7. Queen takes Knight.": the second "7." is no part of the first move
    # (a bare figure is a word of the spelled form only as a pawn's count, "King’s knight’s pawn 1").
    decoder = Decoder(ChessRules(NOTATIONS["english-descriptive"]))
    assert decoder._windows(tokens("Knight takes Bishop.  7. Queen takes Knight."))[0] == [(3, "ktxb")]
    assert compact_descriptive("King’s knight’s pawn 1") == "kktp1"


def test_a_pawns_name_with_its_wing_is_read_whole():
    # "King’s knight’s pawn 1 square": the wing is part of the name; read without it, "knight’s pawn" would be
    # either knight's pawn (b6 or g6).
    text = ("White. The king’s pawn 2 squares.\nBlack. The same.\n\n                    2.\n"
            "    W. Queen’s pawn 1 square.(a)\n    B. King’s knight’s pawn 1 square.\n")
    steps = _reading(text).steps
    assert [s.form for s in steps] == ["kp^2", "kp^2", "qp^1", "kktp^1"]


def test_a_check_said_in_words_is_the_moves_check(tmp_path):
    text = ("EXAMPLE I.\n\n                    1.\n    White. The king’s pawn 2 squares.\n    Black. The same.\n\n"
            "                    2.\n    W. King’s bishop at queen’s bishop’s 4th square.\n"
            "    B. Queen’s knight at his bishop’s 3d square.\n\n                    3.\n"
            "    W. Queen at the black king’s rook’s 4th.\n    B. King’s knight at his bishop’s 3d square.\n\n"
            "                    4.\n    W. The queen takes the king’s bishop’s pawn, and gives check-mate.\n")
    game = _one_game(tmp_path, text)
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Bc4", "Nc6", "Qh5", "Nf6", "Qxf7#"]
    assert not [d for d in game.diagnostics if d.code in ("missed-check", "missed-mate", "ambiguous-move")]


def test_a_move_told_by_the_check_it_gives_or_covers_is_that_mans_move():
    # Philidor's first ending (1803): the rook's one check, and the one man that can be put between.
    start = chess.Board("4k3/3r4/4K3/4B3/8/8/8/2R5 w - - 0 1")
    text = ("                    1.\n    W. The rook gives check.\n    B. The rook covers the check.\n\n"
            "                    2.\n    W. The rook at the adverse queen’s bishop’s 2d.\n")
    assert _sans(text, start) == ["Rc8+", "Rd8", "Rc7"]
    assert [s.form for s in _reading(text, start).steps][:2] == ["r-check", "r-cover"]


def test_a_connective_before_the_next_moves_number_keeps_the_score(tmp_path):
    # "and then" between two moves breaks no run where the next move's number follows it: the moves are the
    # ending's score (before, no run of two moves: the decoder read nothing, and 'and then' was a bad move).
    text = ("DIAGRAM 7.\n\nWhite: K at KKt6, R at QR1. Black: K at KR1.\n\nBlack to move.\n\n"
            "1. ... K-Kt sq, and then 2. R-R8 mate.\n")
    game = _one_game(tmp_path, text)
    assert game.status == "ok" and [m.normalized for m in game.moves] == ["Kg8", "Ra8#"]


def test_a_score_of_one_move_keeps_its_notes_alternative(tmp_path):
    # An ending solved in one move ("1. K-K6, stalemate.") is a score, though no run of two moves: the note's
    # "1. K-Kt6, Black replies K-Q2" is its variation (before, the decoder read nothing and left them prose).
    text = ("ENDING 4.\n\nWhite: K at KB6, P at K7. Black: K at K sq.\n\nWhite to move. Drawn.\n\n"
            "1. K-K6, stalemate.\n\nIf instead White plays 1. K-Kt6, Black replies K-Q2, and wins the Pawn.\n")
    game = _one_game(tmp_path, text)
    assert game.status == "ok" and [m.normalized for m in game.moves] == ["Ke6"]
    assert [m.normalized for m in game.variations[0].moves] == ["Kg6", "Kd7"]


GIUOCO_PIANO = """\
The Giuoco Piano begins 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4. White now
plays P-B3, and Black answers Kt-B3. If instead Black plays P-Q3, White gets a strong
centre by P-Q4. White continues P-Q4, and Black takes, PxP.
"""


@pytest.mark.parametrize("told", [
    "If instead Black plays P-Q3,",
    "Statt dessen spielt Schwarz P-Q3, and",  # (the German cue and side, the verb before the side)
])
def test_a_move_offered_instead_in_running_prose_is_a_variation(tmp_path, told):
    # "If instead Black plays P-Q3": the alternative to Black's last move (4... Nf6), its sentence's moves its line;
    # the next sentence takes the game up again (was: 5. d3 on the main line, then 5... d5, and "PxP" ambiguous).
    game = _one_game(tmp_path, GIUOCO_PIANO.replace("If instead Black plays P-Q3,", told))
    assert game.status == "ok" and [m.normalized for m in game.moves][6:] == ["c3", "Nf6", "d4", "exd4"]
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(8, ["d6", "d4"])]


OPENING_TAUGHT = (
    "Let us begin with the moves 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4. White now continues with 4. P-B3, "
    "preparing P-Q4. Black replies 4. ... Kt-B3, attacking the King's Pawn, and White plays 5. P-Q4. If now 5. ... "
    "PxP, White gets a fine game by 6. P-K5, P-Q4; 7. B-QKt5, Kt-K5; 8. PxP, B-Kt3. Black had better play 5. ... "
    "B-Kt3, when 6. PxP, KtxKP follows.\n")


def test_a_plan_named_in_running_prose_is_no_move_of_the_game(tmp_path):
    # "preparing P-Q4": the move White means to play, not Black's 4th, which the book prints with its number after it
    # ("4. ... Kt-B3"). Read as 4... d5 (a move earned what going back to "4. ..." cost), everything after it was a
    # variation of the wrong move. The plan is the author's words, no move of any line (was: White's move after a
    # pass, a variation "4... -- 5. d4" no line printed; issue 29), said as prose.
    game = _one_game(tmp_path, OPENING_TAUGHT)
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4",
                                                  "e5", "d5", "Bb5", "Ne4", "cxd4", "Bb6"]
    assert [(v.branch_ply, [m.normalized for m in v.moves][:2]) for v in game.variations] == [(10, ["Bb6", "dxe5"])]
    assert game.moves[6].comment == "preparing P-Q4. Black replies"
    assert [d.code for d in game.diagnostics if "'P-Q4.'" in d.message] == ["prose"]


def test_a_plan_after_the_last_move_stays_the_authors_words(tmp_path):
    # No move follows to read it against: the plan is a comment, its move word said (never Black's 4... d5).
    game = _one_game(tmp_path, OPENING_TAUGHT.split(" Black replies")[0] + "\n")
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3"]
    assert game.moves[-1].comment == "preparing P-Q4."
    assert [(d.code, d.severity) for d in game.diagnostics if "'P-Q4.'" in d.message] == [("prose", "info")]


def test_a_threat_printed_with_its_number_stays_a_notes_line(tmp_path):
    # "threatening 5. Q-Kt3": its own number makes it a note's line from White's 5th, as before the plan's cost (no
    # plan's mark on a numbered move): the game's moves are read as in the book's main line.
    game = _one_game(tmp_path, OPENING_TAUGHT.replace("preparing P-Q4", "threatening 5. Q-Kt3"))
    assert [m.normalized for m in game.moves][:10] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4",
                                                       "exd4"]
    assert [(v.branch_ply, [m.normalized for m in v.moves][:2]) for v in game.variations] == [
        (9, ["Qb3"]), (10, ["Bb6", "dxe5"])]


GAME_TOLD = (
    "Let us consider the following game. White opens with 1. P-K4, and Black answers 1. ... P-K4. White now attacks "
    "the King's Pawn by 2. Kt-KB3, and Black defends it with 2. ... Kt-QB3. The Bishop now comes out with 3. B-B4, and "
    "Black replies 3. ... B-B4. If now White tries 4. KtxP, Black replies 4. ... KtxKt, and White has lost a piece for "
    "a Pawn; therefore White plays 4. P-B3, preparing P-Q4. Black should answer 4. ... Kt-B3, attacking the King's "
    "Pawn. After 5. P-Q4, PxP; 6. PxP, B-Kt5 ch, White cannot well play 7. K-B sq, but must interpose 7. B-Q2.\n")
GAME_TOLD_LINE = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+", "Bd2"]


def test_a_move_the_author_tries_or_cannot_play_is_a_variation_and_what_he_plays_the_game(tmp_path):
    # "If now White tries 4. KtxP" and "White cannot well play 7. K-B sq" weigh their moves as not played; "therefore
    # White plays 4. P-B3" and "must interpose 7. B-Q2" tell the game's (issue 29). Was: 4. Nxe5 Nxe5 the game's, the
    # game itself from 4. c3 a variation of it, 7. Kf1 its line, all silently.
    game = _one_game(tmp_path, GAME_TOLD)
    main, variations = _lines(game)
    assert main == GAME_TOLD_LINE
    assert [(ply, moves) for _, ply, moves in variations if moves[0] != "--"] == [(7, ["Nxe5", "Nxe5"]), (13, ["Kf1"])]


def test_a_game_told_in_sentences_keeps_the_words_that_join_its_moves(tmp_path):
    # "and Black answers 1. ... P-K4", "Black replies 4. ... KtxKt": the author's words between two moves of one
    # sentence, the note on the move before them (issue 29: were dropped as a score's joiners, "1. P-K4, P-K4; 2.").
    game = _one_game(tmp_path, GAME_TOLD)
    assert [m.comment for m in game.moves[:5]] == [
        "and Black answers", "White now attacks the King's Pawn by", "and Black defends it with",
        "The Bishop now comes out with", "and Black replies"]
    (tries,) = [v for v in game.variations if v.moves[0].normalized == "Nxe5"]
    assert tries.moves[0].comment == "Black replies"


def test_a_score_drops_its_joining_words_still(tmp_path):
    # A score's "1. P-K4, P-K4; 2. Kt-KB3 ..." joins its moves by marks alone, "then" and "or 5." too: no note.
    game = _one_game(tmp_path, "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; then 3. B-B4, B-B4.\n")
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]
    assert all(m.comment is None for m in game.moves)


def test_a_plan_in_a_game_told_in_sentences_is_the_authors_words_no_variation(tmp_path):
    # "therefore White plays 4. P-B3, preparing P-Q4.": the plan is no move of any line (it is not played at its
    # turn): its words kept as printed on 4. P-B3, its move said as prose; was a variation "4... -- 5. d4" with a
    # null move no line prints, "preparing P-Q4" lost.
    game = _one_game(tmp_path, GAME_TOLD)
    main, variations = _lines(game)
    assert main == GAME_TOLD_LINE
    assert [(ply, moves) for _, ply, moves in variations] == [(7, ["Nxe5", "Nxe5"]), (13, ["Kf1"])]
    assert game.moves[6].comment == "preparing P-Q4. Black should answer"
    assert [d.code for d in game.diagnostics if "'P-Q4.'" in d.message] == ["prose"]


@pytest.mark.parametrize("plan", [
    "preparing to advance in the centre with P-Q4",  # (words between the plan's word and "with")
    # (Not "to be followed by P-Q4": Freeborough's notes print the same side's next moves so, "Or 7 Kt-B3 to be
    # followed by Kt.K2", a line of one side's moves, :class:`_PlanRules`; as a plan of one move its Table 8 lost 15
    # moves legal.)
])
def test_a_plan_with_words_before_its_move_is_no_variation(tmp_path, plan):
    # An openings article: "White now generally plays 4. P-B3, preparing to advance in the centre with P-Q4, and Black
    # answers with 4. Kt-B3." Was: 4. d4 a variation of 4. c3, "and Black answers with" its comment.
    game = _one_game(tmp_path, (
        "This opening arises after the moves 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4. White now generally "
        f"plays 4. P-B3, {plan}, and Black answers with 4. Kt-B3. The game may go on 5. P-Q4, PxP; 6. PxP, B-Kt5 ch; "
        "7. B-Q2, BxB ch; 8. QKtxB, P-Q4; and the position is about even.\n"))
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+",
                    "Nbxd2", "d5"]
    assert variations == []
    assert game.moves[6].comment == f"{plan}, and Black answers with"


GAME_TOLD_SHORT = (
    "White opens with 1. P-K4, and Black answers 1. ... P-K4. White now attacks the Pawn by 2. Kt-KB3, and Black "
    "defends it with 2. ... Kt-QB3. The Bishop comes out with 3. B-B4, and Black replies 3. ... B-B4. {told} After 5. "
    "P-Q4, PxP; 6. PxP, B-Kt5 ch; 7. B-Q2, BxB ch; 8. QKtxB, P-Q4 the game is even.\n")


@pytest.mark.parametrize("told", [
    "Should White play 4. KtxP, Black replies 4. ... KtxKt; so White plays 4. P-B3, and Black answers 4. ... Kt-B3.",
    "White might play 4. KtxP, but 4. ... KtxKt refutes it; the game went on 4. P-B3, Kt-B3.",
    "4. KtxP would be met by 4. ... KtxKt. White played 4. P-B3, and Black answered 4. ... Kt-B3.",
    "4. KtxP is bad, because of 4. ... KtxKt. Accordingly White plays 4. P-B3, and Black 4. ... Kt-B3.",
    "White cannot play KtxP because of KtxKt. He plays 4. P-B3, and Black answers 4. ... Kt-B3.",
])
def test_the_words_that_weigh_a_move_as_not_played_make_it_a_variation(tmp_path, told):
    # "Should", "might play", "would be met by", "is bad", "cannot play" (a move without its number too): the moves
    # they weigh are a variation at White's 4th, the game going on with the move printed after them at that number.
    game = _one_game(tmp_path, GAME_TOLD_SHORT.format(told=told))
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+",
                    "Nbxd2", "d5"]
    assert [(ply, moves) for _, ply, moves in variations] == [(7, ["Nxe5", "Nxe5"])]


def test_the_second_players_move_he_must_not_make_is_a_variation(tmp_path):
    # "Black must not take the Pawn: if 5. ... KtxP, 6. RxKt wins": Black's 5th weighed as not played, its line a
    # variation; "After 5. ... P-Q3" goes on with the game (was: 5... Nxe4 6. Rxe4 the game's).
    game = _one_game(tmp_path, GAME_TOLD_SHORT.split(" {told}")[0] + (
        " White plays 4. Castles, and Black answers 4. ... Kt-B3; 5. R-K sq. Black must not take the Pawn: if 5. ... "
        "KtxP, 6. RxKt wins a piece. After 5. ... P-Q3; 6. P-B3, Castles; 7. P-Q4 the game is even.\n"))
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "Nf6", "Re1", "d6", "c3", "O-O", "d4"]
    assert [(ply, moves) for _, ply, moves in variations] == [(10, ["Nxe4", "Rxe4"])]


def test_not_one_move_but_another_makes_the_first_a_variation(tmp_path):
    # "White plays not 7. K-B sq but 7. B-Q2": the move after "but" is the game's (was: 7. Kf1 the game's).
    game = _one_game(tmp_path, GAME_TOLD_SHORT.split(" {told}")[0] + (
        " White plays 4. P-B3, and Black answers 4. ... Kt-B3. After 5. P-Q4, PxP; 6. PxP, B-Kt5 ch, White plays not 7."
        " K-B sq but 7. B-Q2, BxB ch; 8. QKtxB, P-Q4.\n"))
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+",
                    "Nbxd2", "d5"]
    assert [(ply, moves) for _, ply, moves in variations] == [(13, ["Kf1"])]


OPENING_IN_ONE_PARAGRAPH = "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-B3, Kt-B3{more}. {note}\n"


@pytest.mark.parametrize("more, note, instead", [
    ("", "If instead of 4. P-B3 White plays 4. P-Q3, Black answers 4. ... Kt-B3.", "d3"),
    ("", "If instead of 4. P-B3 White plays 4. Castles, Black answers 4. ... Kt-B3.", "O-O"),
    ("", "If White plays 4. Castles instead, Black answers 4. ... Kt-B3.", "O-O"),
    ("", "Instead of 4. P-B3, White may play 4. Castles, when Black answers 4. ... Kt-B3.", "O-O"),
    ("", "If 4. Castles, Kt-B3.", "O-O"),
    ("; 5. P-Q4, PxP", "If instead of 4. P-B3 White plays 4. P-Q3, Black answers 4. ... Kt-B3.", "d3"),
])
def test_a_number_behind_the_line_in_its_own_paragraph_opens_a_variation(tmp_path, more, note, instead):
    # An openings article prints the opening and its note in one paragraph (issue 29: "the printed numbers and sides
    # agreeing"): the note's "4." names White's 4th, a move the line has made, so its moves are a variation there,
    # as under a score in rows. Was: "4. P-Q3" read as White's 5th (its number ignored) and "4. ... Kt-B3" left in
    # the comment, silently; "If 4. Castles, Kt-B3." an ambiguity error, 5. O-O the game's; after the score to move
    # 5, "4. P-Q3" read as 6. h3, an error.
    game = _one_game(tmp_path, OPENING_IN_ONE_PARAGRAPH.format(more=more, note=note))
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6"] + (["d4", "exd4"] if more else [])
    assert [(ply, moves) for _, ply, moves in variations] == [(7, [instead, "Nf6"])]
    assert game.status == "ok"
    assert not [d for d in game.diagnostics if d.severity != "info"]


SCORE_IN_ROWS_NOTED = (
    "1. P-K4. 1. P-K4.\n\n2. Kt-KB3. 2. Kt-QB3.\n\n3. B-Kt5. This move threatens to win the Pawn, by 4. BxKt, QPxB;\n"
    "5. KtxP. If 4. P-Q4, 4. PxP; 5. KtxP, B-B4.\n\n3. Kt-B3. He cannot play 3. P-QR3 at once, on account of 4. BxKt,\n"
    "QPxB; 5. KtxP, Q-Q5; 6. Kt-KB3.\n\n4. Castles. If 4. P-Q4, 4. PxP; 5. P-K5, Kt-K5.\n\n4. KtxP. 5. P-Q4.\n")
SCORE_IN_ROWS_APART = "".join(f"{' ' * 20}{n}.\n    W. {w}\n    B. {b}\n\n" for n, (w, b) in enumerate([
    ("The king's pawn 2 squares.", "The same."), ("King's bishop's pawn 2 squares.", "The pawn takes the pawn."),
    ("King's knight at his bishop's 3d.", "King's knight's pawn 2 squares."),
    ("King's bishop at his queen's bishop's 4th.", "King's bishop at his knight's 2d.")], 1)) + (
    "(a) Instead of that move, you might have pushed your king's rook's pawn two squares.\n")


def test_a_score_in_rows_is_told_apart_from_a_game_told_in_sentences():
    # The words that weigh a move as not played weigh the game's line only where it runs in sentences: a score in rows
    # sets its notes apart itself (Philidor's "4." over "W. ..." / "B. ...", Young's "3. Kt-B3." rows, their notes naming
    # more numbers than the rows print), and a row the OCR damaged may take the note's move in its place (was: Philidor
    # 2,859 -> 2,845 moves legal, Young's games read from a later one). A game told in sentences begins a line with its
    # number only where its lines happen to wrap, however narrow.
    assert told_in_rows(tokens(SCORE_IN_ROWS_NOTED))
    assert told_in_rows(tokens(SCORE_IN_ROWS_APART))
    for width in (30, 50, 70):
        assert not told_in_rows(tokens(textwrap.fill(GAME_TOLD, width)))
    assert not told_in_rows(tokens(GAME_TOLD_SHORT.format(told="White plays 4. P-B3, and Black answers 4. ... Kt-B3.")))


def test_an_ocrd_pages_rows_are_rows_under_its_page_number_and_its_notes_high_numbers():
    # An OCR'd congress book's page: its running head's page number and a note's line numbered far past the rows
    # begin lines too, and the rows 1 to 6 cover less than half of 1 to 94: four rows numbered in turn are a score in
    # rows all the same (was: its notes' "If" weighed the score's moves, and London 1883 lost 31 moves legal).
    page = ("94 LONDON CHESS TOURNAMENT.\n\n1 P to K 4 P to K 4\n2 Kt to K B 3 Kt to Q B 3\n3 B to Kt 5 P to Q R 3\n"
            "4 B to R 4 Kt to B 3\n5 Castles B to K 2\n6 R to K sq P to Q Kt 4\n\n(A) If 6 P to Q 4, P takes P.\n"
            "88 P to R 5, and wins.\n")
    assert told_in_rows(tokens(page))


NOTES_PAGE = (
    "Game 5.-- Kt-B sq., 36 PxB; 37 PxP (if KtxP, the answer is P-KB4), 37. . . . R-R3; 38 Kt-R2 (if 38 Q-R2, 38 R-R7\n"
    "ch. wins at least a piece) 38 R-K3 with a fine attack.\n\nGame 2.-- After 8 KKtxKt, 8 KtPxKt; 9 BxB, 9 PxB; 10 "
    "Castles, we somewhat prefer White. Much better was 10 KtxKt; 11 PxKt, 11 P-Q4.\n\nGame 2.-- 20 R-B2 would not "
    "have been good, as Black might have replied P-KKt4, and if 21 PxP, 21 Kt-K2, and wins.\n")


def test_a_page_of_notes_on_games_printed_elsewhere_is_no_game_told_in_sentences():
    # A game told in sentences is told from its first move, its first numbers 1 and then 2; an OCR'd page of notes
    # takes its games up at their notes' moves, and its words ("would not have been good", "Much better was") weigh
    # no game's line (was: Steinitz's Modern Chess Instructor lost 21 moves legal over seven such records).
    assert told_in_sentences(tokens(GAME_TOLD))
    assert not told_in_sentences(tokens(NOTES_PAGE))
    assert not told_in_sentences(tokens(SCORE_IN_ROWS_NOTED))
    # (A stray "1" the OCR split from a number, "the time limit was fixed at 1 5 moves per hour", is no first move.)
    assert not told_in_sentences(tokens("The time limit was fixed at 1 5 moves per hour. " + NOTES_PAGE))
    # (Nor a table's head line, its first number opening its paragraph: its columns' notes weigh none of its moves.)
    assert not told_in_sentences(tokens("Table 98.-THE KIESERITZKY GAMBIT.\n\n1 P-K4, P-K4; 2 P-KB4, PxP; 3 Kt-KB3, "
                                        "P-KKt4.\n\n(3) If 7 .., Q-K2; 8 Q-R5ch, K-Q sq; 9 Q-K2.\n"))


def test_a_weighing_word_denied_or_past_the_next_move_weighs_none(tmp_path):
    # "White has nothing better than 9. PxP" tells the game's move; a row's "3 BtoB4 BtoB4" is not weighed by the note
    # below it, "QtoKR38 would lose." (were: each weighed as not played, the game read on another line).
    from notation.parse import weighed

    text = "In this position White has nothing better than 9. PxP, KKtxP.\n"
    assert weighed(text, text.index("PxP"), 0, False) is None
    other = text.replace("nothing better than", "a better move in")
    assert weighed(other, other.index("PxP"), 0, False) == "supposed"
    rows = "1 PtoK4 PtoK4\n2 PtoQ4 PtoQ4\n3 BtoB4 BtoB4\nA note: QtoKR38 would lose.\n"
    assert weighed(rows, rows.index("3 BtoB4") + 2, rows.index("3 BtoB4"), False) is None
    assert weighed("3 BtoB4 would lose.", 2, 0, False) == "supposed"


RUY_LOPEZ_TAUGHT = (
    "1 P-K4, P-K4; 2 Kt-KB3, Kt-QB3; 3 B-Kt5, Kt-B3; 4 Castles, KtxP. After 4 ... KtxP, 5 P-Q4 is the strongest. Black "
    "replies 5 ... B-K2, and White plays 6 Q-K2.\n")


def test_a_move_named_again_with_its_numbers_dots_is_the_lines_own(tmp_path):
    # "After 4 ... KtxP": Black's 4th named again, the move the row has just played. Read as the game's move (its
    # number's bonus twice), the row's "KtxP." was left as prose and read apart as White's alternative 4. Nxe5.
    game = _one_game(tmp_path, RUY_LOPEZ_TAUGHT)
    assert _lines(game) == (["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4", "d4", "Be7", "Qe2"], [])


def test_a_move_named_again_before_a_threat_is_not_the_other_sides(tmp_path):
    # "4 ... KtxP" read as White's 5th (its dots say Black's) and "5 P-Q4" as Black's 5... d5 made the threat "6 R-K
    # sq" the game's and the book's own line a variation: the dots cost more contradicted than a bare number does.
    game = _one_game(tmp_path, RUY_LOPEZ_TAUGHT.replace("strongest.", "strongest, threatening 6 R-K sq."))
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4", "d4", "Be7", "Qe2"]
    assert [v[1:] for v in variations] in ([], [(11, ["Re1"])])


LECTURE_NOTE = (
    "In the Ruy Lopez, after 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5, Kt-B3; 4. Castles, KtxP; 5. P-Q4, B-K2; "
    "6. Q-K2, Kt-Q3; 7. BxKt, KtPxB; 8. PxP, Kt-Kt2, White has a fine development. Black may also try {number}, "
    "Kt-Q3{instead}, when 6. BxKt, QPxB; 7. PxP, Kt-B4; 8. QxQ ch, KxQ leads to an ending in which Black has the two "
    "Bishops.")
LECTURE_MAIN = ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4", "d4", "Be7", "Qe2", "Nd6", "Bxc6", "bxc6",
                "dxe5", "Nb7"]


def _wrapped(text: str, width: int) -> str:
    """The text set in lines of ``width`` characters at most, broken between words, as a book's lines are."""
    lines: list[str] = []
    for word in text.split(" "):
        if lines and len(lines[-1]) + 1 + len(word) <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("width", [72, 60, 53, 36, 1000])
@pytest.mark.parametrize("number, instead", [("5...", ""), ("5....", " (instead of 5...., B-K2)"),
                                             ("5....", " (in place of 5...., B-K2)")])
def test_a_notes_line_run_on_in_a_sentence_goes_on_however_its_lines_are_wrapped(tmp_path, width, number, instead):
    # Lasker's lectures: "8. PxP, Kt-Kt2, ... Black may also try 5..., / Kt-Q3, when 6. BxKt, ...". The note's "5...,"
    # ends a line that begins with the game's "8.": a number below the one its line begins with is no row's but the
    # author's, going back; read as the row's, the note was no line, "Kt-Q3" prose, and its "6. BxKt" taken back to
    # the game's 6th ("Kt-B4" Nc5 from e4 there), all silently. "(instead of 5...., B-K2)" quotes the game's move the
    # note replaces (its four dots three and a stop): no move of the note's line, nor a sibling of it (with "5....,"
    # beginning a line, it was read as the note's own variation, Be7), and its words are explained, not prose. The
    # widths put the note's first number, or the bracket's, at a line's start too (53, 36; 60). "In place of" says it as
    # "instead of" does (the one shared pattern, notation.parse.INSTEAD_OF).
    game = _one_game(tmp_path, _wrapped(LECTURE_NOTE.format(number=number, instead=instead), width))
    assert _lines(game) == (LECTURE_MAIN, [(0, 10, ["Nd6", "Bxc6", "dxc6", "dxe5", "Nf5", "Qxd8+", "Kxd8"])])
    assert game.status == "ok" and game.diagnostics == [], [d.message for d in game.diagnostics]


@pytest.mark.parametrize("end, comment", [("ch.", None), ("(ch.)", None), ("check.", None),
                                          ("ch. And so on.", "And so on.")])
def test_a_variations_last_move_keeps_its_check_in_words_as_its_mark_not_its_comment(tmp_path, end, comment):
    # Lasker's lectures: "Black may also try 5..., Kt-Q3; ... 7. PxP, Kt-B4; 8. QxQ ch." ending its paragraph. The
    # "ch." is the move's check (Qxd8+), read with it as in the main line; it was kept as the move's comment too
    # ("8. Qxd8+ { ch. }"). The words after it are the note's still.
    text = LECTURE_NOTE.split(" Black may")[0] + "\nBlack may also try 5..., Kt-Q3; 6. BxKt, QPxB; 7. PxP, Kt-B4; " \
        f"8. QxQ {end}\n"
    game = _one_game(tmp_path, text)
    assert _lines(game) == (LECTURE_MAIN, [(0, 10, ["Nd6", "Bxc6", "dxc6", "dxe5", "Nf5", "Qxd8+"])])
    assert game.variations[0].moves[-1].comment == comment


def test_a_notes_move_with_its_numbers_dots_that_the_line_did_not_play_is_a_variation(tmp_path):
    # The note's "4 ... KtxP" repeats the words of White's 4th, for Black, where the row played 4... KtxKt: the
    # alternative at Black's 4th, not the line's move named again.
    text = ("1 P-K4, P-K4; 2 Kt-KB3, Kt-QB3; 3 B-Kt5, Kt-B3; 4 KtxP, KtxKt.\nAfter 4 ... KtxP, 5 Q-K2 wins the piece "
            "back.\n5 P-Q4, Kt-B3.\n")
    main, variations = _lines(_one_game(tmp_path, text))
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "Nxe5", "Nxe5", "d4", "Nc6"]
    assert [v[1:] for v in variations] == [(8, ["Nxe4", "Qe2"])]


@pytest.mark.parametrize(("text", "planned"), [
    ("4. P-B3, preparing [P-Q4]", True),
    ("intending to play [P-Q4]", True),
    ("with the idea of playing [P-Q4]", True),
    ("in order to play [P-Q4]", True),
    ("so as to play [P-Q4]", True),
    # (A few words between the plan's words and its move, and the move's own number: a plan all the same.)
    ("4. P-B3, with the idea of building a centre by 5. [P-Q4]", True),
    ("intending later to play [P-Q4]", True),
    ("in order, after castling, to play [P-KB4]", True),
    ("so as to play 8. ... [P-Q4]", True),
    ("the moves in order: 1. [P-K4]", False),  # ("in order" names a plan only with "to play" after it)
    ("in order to win. 5. [P-Q4]", False),  # (a sentence's end between)
    ("in der Absicht, [d4]", True),
    ("um [d4] zu spielen", True),
    ("um [d4] vorzubereiten", False),  # (no "zu" after the move: not German's "um ... zu")
    ("White plays [P-Q4]", False),
    # (A threat's words are the note reader's own, :func:`notation.rules.chess.decode._threat`: no plan's mark on the
    # score's reading. Marked so, the OCR'd books' readings moved: Steinitz's figure 2523/3790 -> 2554/3860.)
    ("White threatens [QxP]", False),
    ("Weiß droht [Dxf7]", False),
    ("which he prepared by [P-Q4]", False),
])
def test_the_words_that_name_a_move_as_a_plan(text, planned):
    from notation.parse import plan_named

    at = text.index("[")  # (the move word's place, marked)
    assert plan_named(text.replace("[", "").replace("]", ""), at) is planned


def test_a_move_offered_instead_of_which_replaces_the_last_move_of_the_side_named(tmp_path):
    # "instead of which": the alternative to the move just told (Black's Kt-B3); "White may play P-Q4 at once" after
    # Black's move: the alternative to White's last move (P-B3), not to Black's.
    game = _one_game(tmp_path, GIUOCO_PIANO.replace(
        "Kt-B3. If instead Black plays P-Q3,", "Kt-B3, instead of which he may play P-Q3, when"))
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(8, ["d6", "d4"])]
    game = _one_game(tmp_path, GIUOCO_PIANO.replace(
        "If instead Black plays P-Q3, White", "Instead, White may play P-Q4 at once; Black then"))
    assert game.status == "ok" and [m.normalized for m in game.moves][6:] == ["c3", "Nf6", "d4", "exd4"]
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(7, ["d4", "d5"])]


def test_a_move_a_side_is_named_as_playing_is_not_read_for_the_other_side():
    text = "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3. Black now plays B-B4."
    rules = ChessRules(NOTATIONS["english-descriptive"])
    words = named_sides(text, tokens(text), "white")
    assert [w.plays for w in words if w.text.startswith("B-")] == [1]
    # Prose read as lines: a sentence's first move is tried from the start first ("Weiß zieht P-Q4": 1. d4), but
    # "Black plays P-Q3" only where Black moves (after 1. d4), never as White's 1. d3 from the start.
    text = "1. P-K4, P-K4. Weiß zieht P-Q4. Black plays P-Q3."
    lines = read_lines(named_sides(text, tokens(text), "white"), rules, Position.start(chess.Board()))
    assert [(n.step.move.uci(), n.after) for n in lines.moves] == [("e2e4", START), ("e7e5", 0), ("d2d4", START),
                                                                   ("d7d6", 2)]


def test_the_same_in_a_sentence_is_no_move():
    # "does the same" in a note: no line of its own, so no reply mirrored.
    assert _sans("1. P. to K's 4th. And Black does the same.\n2. P. to Q's 4th.") == ["e4", "d5"]


def test_t_for_takes_reads_as_printed():
    # "P t. P" is the book's own form of a capture, read as printed, not as a misprint of "P x P".
    reading = _reading("1 PtoK4 PtoK4\n2 PtoKB4 Pt. P\n3 Kt to K B3 PtoKKt4\n4 Bto B4 P to Kt 5\n5 Castles Pt Kt")
    assert [s.how for s in reading.steps] == ["printed"] * 10
    assert _sans("1 PtoK4 PtoK4\n2 PtoKB4 Pt. P\n3 Kt to K B3 PtoKKt4\n4 Bto B4 P to Kt 5\n5 Castles Pt Kt")[-1] == "gxf3"


def test_to_damaged_by_the_ocr_is_read_through_a_named_confusion():
    reading = _reading("1 PtcQ4 PtoQ4\n2 PtoK3 BtoB4\n3 Kt to K B3 Pio K 3\n4 BtoK2 BtoQ3")
    assert [s.how for s in reading.steps] == ["ocr", "printed", "printed", "printed", "printed", "ocr", "printed",
                                               "printed"]
    assert _sans("1 PtcQ4 PtoQ4\n2 PtoK3 BtoB4\n3 Kt to K B3 Pio K 3\n4 BtoK2 BtoQ3") == [
        "d4", "d5", "e3", "Bf5", "Nf3", "e6", "Be2", "Bd6"]


def test_to_with_its_o_read_twice_or_open_is_read_through_a_named_confusion():
    # London 1883's "PtooK B4", "PteeQR4", "KttuKB3" (Sellman - Blackburne's "K KttuB3" was past reading's guess, a
    # Bishop's move, and the game's reading off from there): read through the confusion, named, not a letter off.
    score = "1 PtoK4 PtoK4\n2 PtooK B4 Pt. P\n3 KttuKB3 PtoQ3\n4 PteeQR4 Q KttoB3"
    assert [s.how for s in _reading(score).steps] == ["printed", "printed", "ocr", "printed", "ocr", "printed", "ocr",
                                                      "printed"]
    assert _sans(score) == ["e4", "e5", "f4", "exf4", "Nf3", "d6", "a4", "Nc6"]


def test_a_move_past_reading_where_the_rows_say_one_stands_is_the_move_the_next_ones_follow_from(tmp_path):
    # London 1883's OCR (game 125, as printed): "Ft." is no move in any reading, but it follows row 2's number,
    # so White's second move stands there, and Black's "Qt P" (QxP) follows only from a pawn's capture on Q4.
    score = "1PtK4 P to Q 4\n2 Ft. Qt P\n3 KttoQB3 QtoQsq\n4 PtoQ4 PtoK3\n5 KttoKB3 KttoKB3\n"
    assert [s.how for s in _reading(score).steps][2:4] == ["lost", "printed"]
    assert _sans(score) == ["e4", "d5", "exd5", "Qxd5", "Nc3", "Qd8", "d4", "e6", "Nf3", "Nf6"]
    # Black's move too, where its row ends before the next row's number: the rows after stay in step.
    rows = "1 PtoK4 PtoK4\n2 KttoKB3 xqz\n3 BtoB4 BtoB4\n4 PtoB3 KttoB3\n5 PtoQ4 PtP\n"
    assert _sans(rows)[4:] == ["Bc4", "Bc5", "c3", "Nf6", "d4", "exd4"]
    # Where no row's number says a move stands (a note's sentence), nothing is restored.
    assert "lost" not in [s.how for s in _reading("1 PtoK4 PtoQ4 2 Ft. Qt P 3 KttoQB3 QtoQsq").steps]
    path = tmp_path / "game-125.txt"
    path.write_text("Game 125, played on the 1st of June.\nFRENCH GAME.\n\nWhite. Black.\n" + score, encoding="utf-8")
    game, = read_games([path])
    lost = game.moves[2]
    assert (lost.printed, lost.normalized, lost.status) == ("Ft.", "exd5", "repaired")
    assert any(d.code == "ocr" and "'Ft.' read as exd5 (past reading" in d.message for d in game.diagnostics)


def test_a_move_legible_only_by_its_piece_and_last_letter_keeps_the_rows_in_step(tmp_path):
    # London 1883's OCR (game 67, as printed): "P:t.-P" is no form, nor a letter off one; the next row's
    # number says Black's third move stands there, and its piece and last letter say which ("pxp").
    rows = ("1PtoK 4 PtoK 3\n2PtoQ4 Pto Q4\n3 Pt. P P:t.-P\n4 Ktto K B: Kt to K B3\n5 BwQ3 BtoQ3\n"
            "6 Castles Castles\n7 KttoB3 Kt to B3\n8 BtoK Kt5 Bto K Kt5(A)\n")
    reading = _reading(rows)
    assert [s.how for s in reading.steps][4:8] == ["printed", "illegible", "misprint", "printed"]
    assert _sans(rows)[:8] == ["e4", "e6", "d4", "d5", "exd5", "exd5", "Nf3", "Nf6"]
    # Where no row's number follows, the word is left as prose: nothing says a move stands there.
    assert [s.how for s in _reading("1 PtoK 4 PtoK 3 2 PtoQ4 Pto Q4 3 Pt. P P:t.-P").steps] == ["printed"] * 5
    # The piece is the form's, not its first letter: Hastings' "K RtoQsqS" (the king's rook) is no knight's move.
    rules = ChessRules(NOTATIONS["english-descriptive"])
    assert rules.same_piece("pt-p", "pxp") and not rules.same_piece("kr-q1s", "kt-k5")
    # Nor where the word stands on a line of its own, outside the row its move's number begins (a column's
    # moves one a line, as Löwenthal's OCR gives them, where the rows say less).
    assert "illegible" not in [s.how for s in _reading(rows.replace(" P:t.-P", "\nP:t.-P")).steps]
    path = tmp_path / "game-67.txt"
    path.write_text("Game 67, played on the 30th of April.\nFRENCH GAME.\n\nWhite. Black.\n" + rows, encoding="utf-8")
    game, = read_games([path])
    sixth = game.moves[5]
    assert (sixth.printed, sixth.normalized, sixth.status) == ("P:t.-P", "exd5", "repaired")
    assert any(d.code == "ocr" and d.ply == 6 and "only the piece and the last letter legible" in d.message
               for d in game.diagnostics)
    assert [m.normalized for m in game.moves[-2:]] == ["Bg5", "Bg4"]


def test_two_columns_side_by_side_are_read_left_then_right():
    # The OCR gives each line as a row of the left column and a row of the right one (moves 1-4, 5-7).
    text = ("White. Black. White. Black.\n"
            "1 PtoK4 PtoK4 5 Castles Castles\n"
            "2 KttoKB3 KttoQB3 6 PtoQ4 Pt. P\n"
            "3 BtoB4 BtoB4 7 Pt. P BtoKt3\n"
            "4 PtoB3 KttoB3 [1st hour.]\n")
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [1, 2]
    assert " ".join(t.text for t in cut[1].orders[0][0]) == (
        "1 PtoK4 PtoK4 2 KttoKB3 KttoQB3 3 BtoB4 BtoB4 4 PtoB3 KttoB3 [1st hour.] 5 Castles Castles 6 PtoQ4 Pt. P "
        "7 Pt. P BtoKt3")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "O-O", "O-O", "d4", "exd4", "cxd4",
                           "Bb6"]


def test_a_right_rows_number_the_ocr_damaged_still_begins_its_row():
    # London 1883, game 67 as printed: "86" is 36, "3L" is 31 (the OCR's 8 for 3, L for 1): in the column
    # of rows the number expected is known, so the row is the right column's, not run into the left's.
    text = ("White. Black. White. Black.\n"
            "5 BwQ3 BtoQ3 30 BtoQ2 PtoBSd\n6 Castles Castles 3L QR to K sq R to K Bsq\n"
            "7 KttoB3 Kt to B3 32 Pto K Kt 4 RtoKs\n8 BtoK Kt5 Bto K Kt5(A) 33 PtoK R3 P to K Kt 4\n"
            "9 K to R sq B to K 2(B) 34 Q to Q sq QtoKR3\n"
            "10 BtoK3(C) QteQ2 35 QtoB3 Q to Kt 3\n11 BtoK2 Bt. Kt 86 QtoQsq(E) QtoR3\n"
            "12 Bt. B Kt to Q sq 37 QtoB3 Bto B2\n")
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert " ".join(t.text for t in cut[-1].orders[0][0]) == (
        "5 BwQ3 BtoQ3 6 Castles Castles 7 KttoB3 Kt to B3 8 BtoK Kt5 Bto K Kt5(A) 9 K to R sq B to K 2 (B) "
        "10 BtoK3(C) QteQ2 11 BtoK2 Bt. Kt 12 Bt. B Kt to Q sq "
        "30 BtoQ2 PtoBSd 3 L QR to K sq R to K Bsq 32 Pto K Kt 4 RtoKs 33 PtoK R3 P to K Kt 4 34 Q to Q sq QtoKR3 "
        "35 QtoB3 Q to Kt 3 86 QtoQsq(E) QtoR3 37 QtoB3 Bto B2")


def test_two_pairs_of_columns_whose_rows_the_ocr_interleaved_are_read_left_then_right():
    # Hastings 1895 prints a score in two pairs of columns (WHITE BLACK WHITE BLACK); the OCR gives a row
    # of the left pair, then a row of the right pair, each cell on a line of its own ("I" is 1, "lo" 10).
    text = ("WHITE\nBLACK\nWHITE\nBLACK\nI P to K 4\nP to K 4\n4 P to Q 4\nKtxP\n2 Kt to K B 3\nKt to Q B 3\n"
            "5 PxP\nKt to B 4\n3 B to Kt 5\nKt to B 3\n6 Castles\nB to K 2\n144 THE HASTINGS CHESS TOURNAMENT\n")
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [1, 2, 1]
    assert " ".join(t.text for t in cut[1].orders[0][0]) == (
        "I P to K 4 P to K 4 2 Kt to K B 3 Kt to Q B 3 3 B to Kt 5 Kt to B 3 "
        "4 P to Q 4 KtxP 5 PxP Kt to B 4 6 Castles B to K 2")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "d4", "Nxe4", "dxe5", "Nc5", "O-O", "Be7"]


def test_interleaved_rows_take_a_damaged_number_a_figure_that_ends_a_move_and_a_row_alone():
    # Each row on one line or on several; "n" for 11 (a row's number the OCR lost: the left pair's row
    # comes in turn), a figure alone ending a move ("P to K R" / "4"), the left pair running on alone.
    text = ("9 PxKt\nKt to Q 2\n45 R to Q 6\nP to B 5\nlo B to Q 3\nP to K R 3\n46 P to B 5\nP to K R\n4\n"
            "n Q to K 2\nQ to K 2\n47 P to B 6\nK to K 2\n12 B to B 2\nCastles\n13 B to K R 4\n")
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [2]
    assert " ".join(t.text for t in cut[0].orders[0][0]) == (
        "9 PxKt Kt to Q 2 lo B to Q 3 P to K R 3 n Q to K 2 Q to K 2 12 B to B 2 Castles 13 B to K R 4 "
        "45 R to Q 6 P to B 5 46 P to B 5 P to K R 4 47 P to B 6 K to K 2")


def test_interleaved_rows_end_at_a_column_head_over_the_next_page():
    # Hastings 1895: a score begun in two pairs of columns goes on over the page in one pair, White's column
    # under "WHITE" (its rows numbered 7, 8, 9: the numbers the right pair goes on with; the page's number is
    # a figure alone, as may end a move), then Black's under
    # "BLACK". The interleaved rows end at the head: the columns after it are read as columns.
    text = ("WHITE\nBLACK\nWHITE\nBLACK\nI P to K 4\nP to K 4\n4 P to Q 4\nKtxP\n2 Kt to K B 3\nKt to Q B 3\n"
            "5 PxP\nKt to B 4\n3 B to Kt 5\nKt to B 3\n6 Castles\nB to K 2\n42\nTHE HASTINGS CHESS TOURNAMENT\n"
            "WHITE\n7 Kt to B 3\n8 B to K 3\n9 Q to K 2\nBLACK\nCastles\nP to Q 3\nP to Q R 3\n")
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [1, 2, 2]  # (the heads, the rows with the page's head, the columns)
    assert [" ".join(t.text for t in stream) for stream in cut[2].orders[0]] == [
        "7 Kt to B 3 8 B to K 3 9 Q to K 2", "Castles P to Q 3 P to Q R 3"]
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "d4", "Nxe4", "dxe5", "Nc5", "O-O", "Be7",
                           "Nc3", "O-O", "Be3", "d6", "Qe2", "a6"]


def test_a_left_pairs_black_column_interleaved_with_the_right_pairs_rows_is_read_in_turn():
    # Hastings 1895 (Pollock v. Vergani): a score in two pairs of columns (moves 1-3 WHITE BLACK | moves 4-6
    # WHITE BLACK), the OCR giving the left pair's WHITE column alone, then the heads of the rest, then the
    # left BLACK column's cells each before a row of the right pair ("P to K 4", "4 P to Q 4", "KtxP", then
    # Black's second, ...), a cell wrapped over two lines ("Kt to Q B" / "3"). Read as printed, White's
    # column is both sides' moves and the rows after it a move off.
    text = ("WHITE\nP to K 4\nKt to K B 3\nB to Kt 5\nBLACK\nWHITE\nBLACK\n"
            "P to K 4\n4 P to Q 4\nKtxP\nKt to Q B\n3\n5 PxP\nKt to B 4\nKt to B 3\n6 Castles\nB to K 2\n")
    (cut,) = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [" ".join(t.text for t in stream) for stream in cut.orders[0]] == [
        "P to K 4 Kt to K B 3 B to Kt 5", "P to K 4 Kt to Q B 3 Kt to B 3",
        "4 P to Q 4 KtxP 5 PxP Kt to B 4 6 Castles B to K 2"]
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "d4", "Nxe4", "dxe5", "Nc5", "O-O", "Be7"]
    # White's column may print its numbers ("1 P to K 4"), and the score may end before the right pair's
    # rows do: the left column's last cells follow the right pair's last row.
    numbered = ("WHITE\n1 P to K 4\n2 Kt to K B 3\n3 B to Kt 5\nBLACK\nWHITE\nBLACK\n"
                "P to K 4\n4 P to Q 4\nKtxP\nKt to Q B 3\n5 PxP\nKt to B 4\nKt to B 3\n")
    assert _sans(numbered) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "d4", "Nxe4", "dxe5", "Nc5"]


def test_a_second_column_that_runs_on_in_rows_is_read_in_turn_after_the_columns():
    # Hastings 1895 (Bird v. Walbrodt): White's first moves under "WHITE", Black's under "BLACK", then the
    # score runs on in rows of both sides' moves with no head or number, before its numbered rows. Read as
    # two columns alone, the rows were prose; as printed, White's second move was Black's first.
    text = ("WHITE\nP to K 4\nKt to K B 3\nBLACK\nP to K 4\nKt to Q B 3\nB to Kt 5 P to Q R 3\n"
            "B to R 4 Kt to B 3\n")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    # A second column as long as the first, or longer by a line no longer than a move (a move wrapped, a
    # stray line: Walbrodt v. Mason's "PxP«" under a column run a line long), has no such order.
    # Nor where a line past it is prose (Bird's Chess Openings: a note's sentence under a column run short).
    for black in ("P to K 4\n", "P to K 4\nPxP\n", "P to K 4\nthis so? Continuing the variation we may play.\n"):
        (_, cut) = segments(tokens(f"Game 1.\nWHITE\nP to K 4\nBLACK\n{black}"), _WHITE_HEAD, _BLACK_HEAD)
        assert len(cut.orders) == 2


def test_castles_alone_is_castling_with_the_queens_rook_where_only_that_is_legal():
    # A book prints "Castles" for either castling where only one is legal (as the layout reader reads it).
    text = ("1 P to Q 4 P to Q 4 2 Kt to Q B 3 Kt to Q B 3 3 B to B 4 B to B 4 4 Q to Q 2 Q to Q 2 5 Castles Castles "
            "6 P to K 3 P to K 3")
    assert _sans(text) == ["d4", "d5", "Nc3", "Nc6", "Bf4", "Bf5", "Qd2", "Qd7", "O-O-O", "O-O-O", "e3", "e6"]
    # Where both are legal, "Castles" alone is with the King's Rook.
    both = ("1 P to K 4 P to K 4 2 Kt to K B 3 Kt to Q B 3 3 B to B 4 B to B 4 4 P to Q 3 P to Q 3 5 B to K 3 "
            "B to K 3 6 Q Kt to Q 2 Q to Q 2 7 Q to K 2 Kt to B 3 8 Castles Castles")
    assert _sans(both)[-2:] == ["O-O", "O-O"]


def test_a_piece_named_by_the_square_it_comes_from_in_brackets_is_that_piece():
    # Hastings 1895: "R (Kt sq) to QB sq" says which rook ("R to QB sq" names both), the move wrapped in its
    # column; "Kt (Q5)xB" which knight takes.
    rooks = chess.Board("1r3rk1/8/8/8/8/8/8/4K3 b - - 0 1")
    assert _sans("R (Kt sq) to\nQB sq", rooks) == ["Rbc8"]
    assert _sans("R (B sq) to Q sq", rooks) == ["Rfd8"]
    knights = chess.Board("k7/8/5b2/3N3N/8/8/8/K7 w - - 0 1")
    assert _sans("Kt (Q5)xB", knights) == ["Ndxf6"]
    assert _sans("Kt (K R 5) x B", knights) == ["Nhxf6"]
    assert "Kt(Q5)xB" in NOTATIONS["english-descriptive"].forms(Position.start(knights), chess.Move.from_uci("d5f6"))


def test_rows_in_order_or_a_note_in_short_lines_are_no_interleaved_columns():
    # One pair of columns, each cell on a line: the rows go on in order, nothing to read otherwise.
    rows = "1 P to K 4\nP to K 4\n2 Kt to K B 3\nKt to Q B 3\n3 B to Kt 5\nP to Q R 3\n4 B to R 4\n"
    assert [len(s.orders) for s in segments(tokens(rows), _WHITE_HEAD, _BLACK_HEAD)] == [1]
    # A right pair's row once, then another number: too few rows in turn.
    once = "1 P to K 4\nP to K 4\n20 Q to K 2\nR to K sq\n2 Kt to K B 3\n144 THE HASTINGS CHESS TOURNAMENT\n"
    assert [len(s.orders) for s in segments(tokens(once), _WHITE_HEAD, _BLACK_HEAD)] == [1]


def test_rows_numbered_twice_or_in_a_note_are_no_second_column():
    text = "1. P-K4  1. P-K4\n2. Kt-KB3  2. P-Q3\n3. P-Q4  3. P. takes P.\n(D) Intending 15.... Kt t. P, 16 Pt. Kt\n"
    assert [len(s.orders) for s in segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)] == [1]


def test_ocr_damage_is_read_at_a_cost_and_named():
    reading = _reading("1 P to K 4 P to K 4 2 Kt to K B 3 Kt to Q B 3 3 B to Kt s P to Q R 3")
    assert [s.how for s in reading.steps] == ["printed"] * 4 + ["ocr", "printed"]


def test_a_notes_line_that_leaves_the_game_is_a_variation_where_it_branches():
    # Löwenthal's notes print their lines in the game's own numbered rows: the note goes back to move 3,
    # and the game goes on at move 4 after it. The note's moves are a variation at White's third move,
    # the game's moves its main line, each read where it stands.
    text = ("1. P. to K's 4th. 1. P. to K's 4th.\n2. Kt. to K. B's 3rd. 2. Kt. to Q. B's 3rd.\n"
            "3. B. to B's 4th. 3. B. to B's 4th.\nThe following moves show it:\n"
            "3. P. to Q. B's 3rd. 3. Kt. to B's 3rd.\n4. P. to Q's 4th. 4. P. takes P.\n"
            "5. P. takes P. 5. B. to Kt's 5th. (ch.)\nAnd Black is well.\n"
            "4. Castles. 4. P. to Q's 3rd.\n5. P. to Q. B's 3rd. 5. Kt. to B's 3rd.\n")
    rules = ChessRules(NOTATIONS["english-descriptive"])
    reading = Decoder(rules, returns=True).read(segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD),
                                                Position.start(chess.Board()))
    main = _in_san(reading.steps)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O", "d6", "c3", "Nf6"]
    (branch,) = reading.branches
    board = chess.Board()
    for step in reading.steps[:branch.ply]:
        board.push(step.move)
    assert branch.ply == 4 and _in_san(branch.steps[:1], board) == ["c3"]
    assert [s.first.line for s in branch.steps] == [4, 4, 5, 5, 6, 6]
    # Without going back, the note's line is read as the game's, and the game's moves after it are lost.
    assert len(Decoder(rules).read(segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD),
                                   Position.start(chess.Board())).steps) < 12


def test_a_notes_line_numbered_with_dots_goes_back_to_the_second_players_move():
    # "3... Kt-B3" begins a note's line in the game's rows: Black's third move (Nf6), not White's (Nc3, as legal);
    # read as White's, the note's line and the game's rows after it went to the wrong sides.
    text = "1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-B4 B-B4\n3... Kt-B3 4. Kt-Kt5 Castles\n4. P-B3 Kt-B3\n5. P-Q4 P-K5\n"
    rules = ChessRules(NOTATIONS["english-descriptive"])
    reading = Decoder(rules, returns=True).read(segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD),
                                                Position.start(chess.Board()))
    main = _in_san(reading.steps)
    assert main[:9] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4"]
    (branch,) = reading.branches
    board = chess.Board()
    for step in reading.steps[:branch.ply]:
        board.push(step.move)
    assert branch.ply == 5 and _in_san(branch.steps[:2], board) == ["Nf6", "Ng5"]


def test_a_move_number_the_ocr_damaged_is_a_number_of_no_known_value():
    words = tokens("li. Q. to B's 4th. i). B. takes P. -5. B. to R's 4th. 12. P. to K's 4th. Kt. ri")
    assert [w.text for w in words if w.numeral] == ["li.", "i).", "-5."]
    assert [w.number for w in words if w.number is not None] == [12]


def test_a_move_numbers_dots_are_one_word_with_it_and_say_the_second_players_move_follows():
    # "12. … Sa4xc3" (German Wikipedia), "7. . . . Kt x Kt", "14 . . . R to K sq" (Hastings 1895's notes), "26....Rto
    # B5" and "18... . Qto Kt5" (London 1883's): the dots are the number's, and say Black's move follows.
    # Two dots together are the same mark ("7 .. PxP", "10 .. P-KR3", "7.. dxc3", "7. .. d4:c3").
    text = ("12. … Sa4xc3 7. . . . Kt x Kt 14 . . . R to K sq 26....Rto B5 18... . Qto Kt5 12…Kt 7 .. PxP 7.. dxc3 "
            "7. .. d4:c3\n")
    words = tokens(text)
    numbers = [(w.text, w.number, w.side) for w in words if w.number is not None]
    assert numbers == [("12. …", 12, 1), ("7. . . .", 7, 1), ("14 . . .", 14, 1), ("26....", 26, 1),
                       ("18... .", 18, 1), ("12…", 12, 1), ("7 ..", 7, 1), ("7..", 7, 1), ("7. ..", 7, 1)]
    assert all(text[w.start:w.end] == w.text for w in words)
    # A bare number, or one with its full stop and a stray one, says nothing of the side; the stray stop stays a word.
    assert [(w.text, w.side) for w in tokens("8. . P to R 3 9 P")] == [
        ("8.", None), (".", None), ("P", None), ("to", None), ("R", None), ("3", None), ("9", None), ("P", None)]


def test_a_notes_move_printed_for_black_is_a_variation_of_blacks_move(tmp_path):
    # "If 2... P. to Q's 3rd.": d6 for Black, though d3 is as legal for White at move 2 (read there, the note was
    # placed against its printed side).
    text = ("Game I.\nWHITE. BLACK.\n1. P. to K's 4th. 1. P. to K's 4th.\n2. Kt. to K. B's 3rd. 2. Kt. to Q. B's 3rd.\n"
            "If 2... P. to Q's 3rd. is the better defence.\n3. B. to Q. Kt's 5th. 3. P. to Q. R's 3rd.\n")
    game = _one_game(tmp_path, text)
    assert ChessGameDetail.of(game.detail).decoded
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"]
    (variation,) = game.variations
    assert variation.branch_ply == 4
    assert [(m.side, m.number, m.normalized) for m in variation.moves] == [("black", 2, "d6")]


#: A score as the books of the 1900s print it, a game's notes below it (the main line ends at 13... Ne7).
_NOTED_SCORE = (
    "GAME 8.\n\nEVANS GAMBIT.\n\n  WHITE.          BLACK.\n  Chigorin.       Mason.\n 1 P-K4           P-K4\n"
    " 2 Kt-KB3         Kt-QB3\n 3 B-B4           B-B4\n 4 P-QKt4         BxP\n 5 P-B3           B-R4\n"
    " 6 P-Q4           PxP\n 7 Castles        P-Q3 (a)\n 8 PxP            B-Kt3\n 9 Kt-B3          Kt-R4\n"
    "10 B-KKt5 (b)     P-KB3\n11 B-B4           KtxB\n12 Q-R4 ch        P-B3\n13 QxKt           Kt-K2\n\n{notes}\n\n"
    "White won after 45 moves.\n")


def test_a_notes_line_after_two_dots_is_a_variation_of_blacks_move(tmp_path):
    # "(a) Here 7 .. PxP is dangerous, e. g. 8 Q-Kt3, Q-B3; ...": the two dots say Black's 7th, as three do, and the
    # note's line goes on from it. Before, the dots were a word of prose: the variation was 7... dxc3 alone, and the
    # note's 8 Q-Kt3, Q-B3; 9 P-K5, Q-Kt3 the game's 14. Qb3 Qc7 15. e5 Qb8, two of them a letter off.
    notes = ("(a) Here 7 .. PxP is dangerous, e. g. 8 Q-Kt3, Q-B3; 9 P-K5, Q-Kt3; 10 KtxP.\n"
             "(b) The usual move is 10 B-Q3.")
    game = _one_game(tmp_path, _NOTED_SCORE.format(notes=notes))
    main, variations = _lines(game)
    assert len(main) == 26 and main[-1] == "Ne7"
    assert [(ply, moves) for _, ply, moves in variations] == [
        (14, ["dxc3", "Qb3", "Qf6", "e5", "Qg6", "Nxc3"]), (19, ["Bd3"])]


_BARE_ROWS = (
    "GAME No. 1,234.\n\nRuy Lopez.\n\nWhite.                 Black.\nMr. Amos.              Mr. Burn.\n"
    "1 P to K 4             1 P to K 4\n2 Kt to K B 3          2 Kt to Q B 3\n3 B to Q Kt 5          3 P to Q R 3\n"
    "4 B to Q R 4           4 Kt to K B 3\n5 Castles              5 B to K 2\n6 R to K sq            6 P to Q Kt 4\n"
    "7 B to Kt 3            7 P to Q 3\n8 P to B 3             8 Castles\n9 P to K R 3 {nine}      9 Kt to Q R 4\n"
    "10 B to B 2 {ten}       10 P to B 4\n\n{note}\n\nAnd the game was abandoned as drawn.\n")
_RUY = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3", "O-O",
        "h3", "Na5", "Bc2", "c5"]


@pytest.mark.parametrize(("mark", "note", "ply"), [
    (9, "(a) If 9 P to Q 4, B to K Kt 5.", 17),
    (9, "(a) If 9 P to Q 4, then B to K Kt 5.", 17),
    (9, "(a) If 9 P-Q4, B-KKt5.", 17),
    (9, "(a) 9 P to Q 4 is met by B to K Kt 5.", 17),
    (10, "(a) If 9 P to Q 4, B to K Kt 5.", 17),
    (10, "(a) If 10 P to Q 4, B to K Kt 5.", 19),
    # (The note wrapped onto a second line, its number there: still under its label. Before, appended silently.)
    (9, "(a) Many players prefer here the more enterprising\ncontinuation 9 P to Q 4, B to K Kt 5.", 17),
])
def test_a_notes_moves_numbered_bare_under_rows_numbered_bare_are_a_variation(tmp_path, mark, note, ply):
    # (``ply``: the branch ply, of White's 9th or 10th move, counted from 1.)
    # Capablanca's and the newspapers' form: rows numbered without a stop ("9 P to K R 3 (a)"), and the notes'
    # moves so too ("(a) If 9 P to Q 4, B to K Kt 5."). Before, the bare 9 was no move's number to the layout reader
    # nor to the decoder, and the note's two moves were the game's 11th, silently: the record ok, its PGN a wrong game.
    text = _BARE_ROWS.format(nine="(a)" if mark == 9 else "   ", ten="(a)" if mark == 10 else "   ", note=note)
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok" and main == _RUY
    assert [(at, moves) for _, at, moves in variations] == [(ply, ["d4", "Bg4"])]


@pytest.mark.parametrize(("sign", "attached"), [("*", True), ("*", False), ("†", True), ("†", False), ("**", True),
                                               ("§", False)])
def test_a_footnotes_sign_after_a_move_heads_its_notes_line_as_a_label_does(tmp_path, sign, attached):
    # A tournament book's or a newspaper's footnote sign after the move ("9 P to K R 3*", "9 P to K R 3 †"), the note
    # under the score opening with it ("* If 9 P to Q 4, B to K Kt 5."): the note's line from the move it marks, as
    # under "(a)". Before, the note's moves were the game's 11th or a variation after its last move, and the dagger
    # a check that 9. h3 does not give (an error).
    text = _BARE_ROWS.format(nine=sign, ten="   ", note=f"{sign} If 9 P to Q 4, B to K Kt 5.")
    if attached:
        text = text.replace(f"P to K R 3 {sign}", f"P to K R 3{sign} ")
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok" and main == _RUY, [d.message for d in game.diagnostics if d.severity != "info"]
    assert [(at, moves) for _, at, moves in variations] == [(17, ["d4", "Bg4"])]
    assert "false-check" not in [d.code for d in game.diagnostics]


#: A fifteen-move score that marks three moves with one footnote sign, White's 9th, Black's 10th and White's 14th, and
#: opens three notes with it after the result, in the same order, each naming the marked move's alternative.
_THREE_SIGNS = (
    "GAME No. 7.\n\nRuy Lopez.\n\nWhite.                 Black.\nMr. Amos.              Mr. Burn.\n"
    "1 P to K 4             1 P to K 4\n2 Kt to K B 3          2 Kt to Q B 3\n3 B to Q Kt 5          3 P to Q R 3\n"
    "4 B to Q R 4           4 Kt to K B 3\n5 Castles              5 B to K 2\n6 R to K sq            6 P to Q Kt 4\n"
    "7 B to Kt 3            7 P to Q 3\n8 P to B 3             8 Castles\n9 P to K R 3{s}          9 Kt to Q R 4\n"
    "10 B to B 2            10 P to B 4{s}\n11 P to Q 4            11 Q to B 2\n12 Q Kt to Q 2         12 Kt to B 3\n"
    "13 P x B P             13 P x P\n14 Kt to B sq{s}         14 B to K 3\n15 Kt to K 3           15 Q R to Q sq\n\n"
    "Drawn.\n\n{s} P to Q 4 is more usual.\n{s} Kt to B 5 is also good.\n{s} Kt to Kt 3 was simpler.\n")


@pytest.mark.parametrize("sign", ["*", "†"])
def test_a_footnote_sign_that_opens_several_notes_gives_the_kth_note_to_the_kth_move_it_marks(tmp_path, sign):
    # Books (and their OCR, that prints every sign as "*") mark several moves of a game with one sign and open as
    # many notes with it, in order: the first note is the first marked move's. Before, the sign marked three moves,
    # so no one of them: the notes' moves, after the result, were no variation (each note's move left as prose).
    game = _one_game(tmp_path, _THREE_SIGNS.format(s=sign))
    main, variations = _lines(game)
    assert game.status == "ok" and len(main) == 30, [d.message for d in game.diagnostics if d.severity != "info"]
    assert [(at, moves) for _, at, moves in variations] == [(17, ["d4"]), (20, ["Nc4"]), (27, ["Nb3"])]


def test_a_signs_notes_are_paired_in_order_only_where_as_many_as_the_rows_marks():
    from notation.parse import sign_marks, sign_order
    text = _THREE_SIGNS.format(s="*")
    heads = [at for at in range(len(text)) if text.startswith("\n* ", at - 1)]
    assert [sign_order(text, "*", at) for at in heads] == [0, 1, 2]
    # (A star the OCR left in a note's prose, "for his Kt*, with ...", marks no row: no move's mark.)
    assert len(sign_marks(text.replace("was simpler.", "was simpler, for his Kt*, with a pawn."), "*")) == 3
    # Löwenthal's Morphy - Paulsen: four rows marked, three notes (the OCR read a fourth sign otherwise): the order
    # says nothing (paired in order, the first note went to 7. Castles, its line a variation there, the note being
    # 11 ... R to B 2's).
    fourth = text.replace("8 Castles\n", "8 Castles*\n")
    assert [sign_order(fourth, "*", at + 1) for at in heads] == [None, None, None]


@pytest.mark.parametrize("note", ["(a) If 12 P to Q 4, B to K Kt 5.", "(a) If 12. P to Q 4, B to K Kt 5."])
def test_a_notes_moves_numbered_after_the_games_end_are_said_not_the_game_going_on(tmp_path, note):
    # The note's line names a move later than the one after the score's last, under a score with no result: no
    # position of the game for it, and no game's going on (the layout reader put it in the author's sentence).
    # Before, the decoder read it as the game's 11th, silently. (One naming the move after the last is the game's
    # continuation: the next test.)
    game = _one_game(tmp_path, _BARE_ROWS.format(nine="(a)", ten="   ", note=note))
    main, variations = _lines(game)
    assert main == _RUY and variations == []
    (said,) = [d for d in game.diagnostics if d.code == "note-past-end"]
    assert said.severity == "warning" and (said.line, said.column) == (18, note.index("P to") + 1)
    assert "'P to Q 4'" in said.message and "Black's 10th move" in said.message


#: The same score with its rows numbered with their stops ("9. P to K R 3 (a)"), as many books print it over notes
#: that number their moves bare ("(a) If 9 P to Q 4, B to K Kt 5."): the two columns, White's and Black's.
_STOPPED_ROWS = (
    "GAME No. 12.\n\nRuy Lopez.\n\nWhite.                 Black.\nMr. Amos.              Mr. Burn.\n"
    "1. P to K 4            1. P to K 4\n2. Kt to K B 3         2. Kt to Q B 3\n3. B to Q Kt 5         3. P to Q R 3\n"
    "4. B to Q R 4          4. Kt to K B 3\n5. Castles             5. B to K 2\n6. R to K sq           6. P to Q Kt 4\n"
    "7. B to Kt 3           7. P to Q 3\n8. P to B 3            8. Castles\n9. P to K R 3 {nine:<4}   9. Kt to Q R 4 {black}\n"
    "10. B to B 2           10. P to B 4 {ten}\n\n{note}\n\nAnd the game was abandoned as drawn.\n")


@pytest.mark.parametrize(("mark", "note", "expected"), [
    ("(a)", "(a) If 9 P to Q 4, B to K Kt 5.", [(17, ["d4", "Bg4"])]),
    ("(a)", "(a) If 9 P-Q4, B-KKt5.", [(17, ["d4", "Bg4"])]),
    ("(a)", "(a) 9 P to Q 4 is met by B to K Kt 5.", [(17, ["d4", "Bg4"])]),
    # (Wrapped over two lines; its label alone on its line, the note under it.)
    ("(a)", "(a) Many players prefer here the more enterprising\ncontinuation 9 P to Q 4, B to K Kt 5.",
     [(17, ["d4", "Bg4"])]),
    ("(a)", "(a)\nIf 9 P to Q 4, B to K Kt 5.", [(17, ["d4", "Bg4"])]),
    # (The labels' other forms: a closing bracket only, a figure's, a footnote's sign.)
    ("a)", "a) If 9 P to Q 4, B to K Kt 5.", [(17, ["d4", "Bg4"])]),
    ("1)", "1) If 9 P to Q 4, B to K Kt 5.", [(17, ["d4", "Bg4"])]),
    ("*", "* If 9 P to Q 4, B to K Kt 5.", [(17, ["d4", "Bg4"])]),
    ("†", "† If 9 P to Q 4, B to K Kt 5.", [(17, ["d4", "Bg4"])]),
    # (Two notes, (a) on White's 10th too, (b) on Black's, the second's line numbering Black's move by its dots.)
    ("(a)", "(a) If 9 P to Q 4, B to K Kt 5.\n(b) If 10 .. B to Q 2, 11 P to Q 4.",
     [(17, ["d4", "Bg4"]), (20, ["Bd7", "d4"])]),
])
def test_a_notes_moves_numbered_bare_under_rows_numbered_with_stops_are_a_variation(tmp_path, mark, note, expected):
    # Books number the score's rows with stops and the notes' moves without, or the reverse: a note whose label a move
    # of the score carries is that move's, and a bare figure in it before a move is the move's number whatever the
    # rows print. Before, the bare 9 was no move's number (the rows printing "9."), and the note's moves were the
    # game's 11th, silently: "9. h3 { (a) If } 9... Na5 10. Bc2 c5 11. d4 Bg4 1/2-1/2", the record ok.
    text = _STOPPED_ROWS.format(nine=mark, black="", ten="(b)" if "(b)" in note else "", note=note)
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok" and main == _RUY, [d.message for d in game.diagnostics if d.severity != "info"]
    assert [(at, moves) for _, at, moves in variations] == expected


@pytest.mark.parametrize("note", ["(a) If 11 P to Q 4, B to K Kt 5.",
                                  "(a) Many players prefer here the more enterprising\ncontinuation 11 P to Q 4, "
                                  "B to K Kt 5.", "(a)\nIf 11 P to Q 4, B to K Kt 5."])
def test_a_labelled_notes_moves_past_the_games_end_under_rows_with_stops_are_its_continuation(tmp_path, note):
    # The note's line names the move after the score's last: never the game going on (once the game's 11th, silently,
    # under its result), but a continuation from the game's final position, its moves replayed and checked (before,
    # a note-past-end warning, its moves never replayed).
    game = _one_game(tmp_path, _STOPPED_ROWS.format(nine="(a)", black="", ten="", note=note))
    main, variations = _lines(game)
    assert game.status == "ok" and main == _RUY and variations == [(0, 21, ["d4", "Bg4"])]
    assert not [d for d in game.diagnostics if d.code in ("note-past-end", "prose")]


def test_a_bare_rows_notes_line_after_the_games_last_move_is_its_continuation(tmp_path):
    # The bare rows' form of the same (the note on White's 9th naming White's 11th, after Black's 10th, the last).
    game = _one_game(tmp_path, _BARE_ROWS.format(nine="(a)", ten="   ", note="(a) If 11 P to Q 4, B to K Kt 5."))
    main, variations = _lines(game)
    assert game.status == "ok" and main == _RUY and variations == [(0, 21, ["d4", "Bg4"])]


#: Anderssen - Dufresne as a modern book prints it: the score to the resignation, then the line the loser saw.
_RESIGNED = (
    "Adolf Anderssen – Jean Dufresne\nBerlin, 1852\n\n1 e4 e5 2 Nf3 Nc6 3 Bc4 Bc5 4 b4 Bxb4 5 c3 Ba5 6 d4 exd4 "
    "7 O-O d3 8 Qb3 Qf6 9 e5 Qg6 10 Re1 Nge7 11 Ba3 b5 12 Qxb5 Rb8 13 Qa4 Bb6 14 Nbd2 Bb7 15 Ne4 Qf5 16 Bxd3 Qh5 "
    "17 Nf6+ gxf6 18 exf6 Rg8 19 Rad1 Qxf3 20 Rxe7+ Resigns.{gap}Anderssen gives the pleasant line 20...{first} "
    "21 Qxd7+ Kxd7 22 Bf5+ Ke8 23 Bd7+ Kf8 24 Bxe7 {end}.\n")
_RESIGNED_LINE = ["Nxe7", "Qxd7+", "Kxd7", "Bf5+", "Ke8", "Bd7+", "Kf8", "Bxe7#"]
#: The same in descriptive, the line in the sentence of the resignation ("and Black resigns, for if ...").
_RESIGNED_DESCRIPTIVE = (
    "Adolf Anderssen v. Jean Dufresne.\n\n1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-QKt4, BxKtP; "
    "5. P-B3, B-R4; 6. P-Q4, PxP; 7. Castles, P-Q6; 8. Q-Kt3, Q-B3; 9. P-K5, Q-Kt3; 10. R-K sq, KKt-K2; "
    "11. B-R3, P-Kt4; 12. QxP, R-QKt sq; 13. Q-R4, B-Kt3; 14. QKt-Q2, B-Kt2; 15. Kt-K4, Q-B4; 16. BxQP, Q-R4; "
    "17. Kt-B6 ch, PxKt; 18. PxP, R-Kt sq; 19. QR-Q sq, QxKt; 20. RxKt ch, and Black resigns{gap}"
    "20... KtxR; 21. QxQP ch, KxQ; 22. B-KB5 ch, K-K sq; 23. B-Q7 ch, K-B sq; 24. BxKt {end}.\n")


@pytest.mark.parametrize(("text", "gap"), [(_RESIGNED, " "), (_RESIGNED, "\n\n"),
                                           (_RESIGNED_DESCRIPTIVE, ", for if "),
                                           (_RESIGNED_DESCRIPTIVE, ".\n\nFor if ")],
                         ids=["algebraic", "algebraic-next-paragraph", "descriptive", "descriptive-next-paragraph"])
def test_a_notes_line_after_the_resignation_is_the_games_continuation(tmp_path, text, gap):
    # Issue 29: the line a book gives after the game's last move, numbered from the move after it, in the same
    # paragraph or the next, is a variation from the game's final position, every move replayed, its marks checked.
    # Before, a note-past-end warning, its moves never replayed (a misprint or a false mate in it unseen).
    game = _one_game(tmp_path, text.format(gap=gap, first="Nxe7" if "Nf3" in text else "", end="mate"))
    main, variations = _lines(game)
    assert game.status == "ok", [d.message for d in game.diagnostics if d.severity != "info"]
    assert len(main) == 39 and main[-1] == "Rxe7+" and game.tags.get("Result", "1-0") == "1-0"
    assert variations == [(0, 40, _RESIGNED_LINE)]
    assert not [d for d in game.diagnostics if d.code in ("note-past-end", "prose", "missed-mate")]
    assert any(c.what == "mate" and c.claimed == c.actual == "mate" for c in game.claims)


@pytest.mark.parametrize("text", [_RESIGNED, _RESIGNED_DESCRIPTIVE], ids=["algebraic", "descriptive"])
def test_a_false_mate_in_a_continuation_after_the_games_end_is_a_wrong_claim(tmp_path, text):
    # The line's mate claimed a move early, "23 Bd7+ Kf8 mate": checked as any variation's claim (a false-mate
    # error in the continuation), where before the line was never replayed.
    wrong = text.replace("Kf8 24 Bxe7 {end}", "Kf8 mate 24 Bxe7 {end}").replace("K-B sq; 24. BxKt {end}",
                                                                                "K-B sq mate; 24. BxKt {end}")
    game = _one_game(tmp_path, wrong.format(gap=" " if "Nf3" in text else ", for if ", first="Nxe7" if "Nf3" in text else "", end="mate"))
    (false,) = [d for d in game.diagnostics if d.code == "false-mate"]
    assert false.variation == 1 and false.ply == 46 and false.severity == "error"
    assert game.status == "error"


@pytest.mark.parametrize("text", [_RESIGNED, _RESIGNED_DESCRIPTIVE], ids=["algebraic", "descriptive"])
def test_a_notes_line_after_the_games_end_illegal_from_its_final_position_is_said(tmp_path, text):
    # "20...Nxe8" (no knight reaches e8; descriptive "20... KtxB"): no continuation read from the final position, the
    # words stay the note's, said as an illegal move with the legal moves nearest it.
    bad = text.replace("20...{first}", "20...Nxe8").replace("20... KtxR;", "20... QxB;")
    game = _one_game(tmp_path, bad.format(gap=" " if "Nf3" in text else ", for if ", first="", end="mate"))
    main, variations = _lines(game)
    assert len(main) == 39 and variations == []
    (said,) = [d for d in game.diagnostics if d.code == "illegal-move"]
    assert said.severity == "error" and "after the game's last" in said.message and said.suggestions
    assert game.status == "error"


def test_a_note_citing_the_games_last_move_by_a_bare_number_is_no_continuation(tmp_path):
    # The Blue Book numbers both sides' moves "35." alike: in Marshall – Janowsky, "the fatal 35. Q. to R's 4th" in
    # the footnote to Black's 34th names White's 35th, the game's last move, not Black's 35th after it (read so, an
    # illegal-move error: "no continuation of the game read from it").
    book = (Path(__file__).parent.parent / "corpus/dev/staunton-blue-book/16377.txt").read_text(encoding="latin-1")
    lines = book.splitlines()
    start = lines.index("                Between Frank J. Marshall and D. Janowsky.")
    end = next(k for k in range(start, len(lines)) if lines[k].startswith("[Footnote O:"))
    game = _one_game(tmp_path, "\n".join(lines[start:end + 3]) + "\n")
    assert [m.normalized for m in game.moves][-3:] == ["Nf6", "gxf6", "Qh4"]
    assert not [d for d in game.diagnostics if "after the game's last" in d.message], \
        [d.message for d in game.diagnostics if d.severity != "info"]


def test_a_notes_move_illegal_where_it_names_a_move_of_the_continuation_is_said(tmp_path):
    # A later note names a move of the continuation ("22...Qa1", Black's queen reaching no a1, his King in check):
    # the continuation's positions are the game's too, so the move is an illegal-move error there. Before, no
    # position of that number (the line never replayed): the record ok, the word unchecked.
    text = _RESIGNED.format(gap="\n\n", first="Nxe7", end="mate") + (
        "\nHad Black played 22...Qa1 instead, the end was the same.\n")
    game = _one_game(tmp_path, text)
    (said,) = [d for d in game.diagnostics if d.code == "illegal-move"]
    assert "Black's 22nd move" in said.message and said.line == 8 and game.status == "error"


def test_a_notes_line_past_the_end_the_grammar_leaves_in_its_sentence_is_said(tmp_path):
    # "11 P to Q 4 is met by B to K Kt 5.": the layout's grammar reads the sentence as prose (more words than moves),
    # no line to replay from the game's end: its words are the note's, said.
    note = "(a) 11 P to Q 4 is met by B to K Kt 5."
    game = _one_game(tmp_path, _STOPPED_ROWS.format(nine="(a)", black="", ten="", note=note))
    main, variations = _lines(game)
    assert main == _RUY and variations == []
    (said,) = [d for d in game.diagnostics if d.code == "note-past-end"]
    assert said.severity == "warning" and "'P to Q 4'" in said.message


def test_a_row_beside_a_labelled_notes_line_is_the_scores(tmp_path):
    # An OCR'd page of two columns sets the score's rows beside a note's lines, "(J) Black threatened 26.... P 45 K
    # toQ2 BtoQ6" (London 1883): a row, its number and both moves bare to the line's end, is the score's even on the
    # lines of a note whose label a move carries. Before, rows 4 and 5 were held back as the note's: lost moves.
    text = ("GAME No. 12.\n\nRuy Lopez.\n\nWhite.                 Black.\n1 P to K 4             P to K 4\n"
            "2 Kt to K B 3          Kt to Q B 3\n3 B to Kt 5 (a)        P to Q R 3\n\n"
            "(a) Here the old     4 B to R 4       Kt to B 3\nbooks like it well. 5 Castles        B to K 2\n"
            "6 R to K sq            P to Q Kt 4\n7 B to Kt 3            P to Q 3\n\n"
            "And the game was abandoned as drawn.\n")
    game = _one_game(tmp_path, text)
    assert game.status == "ok", [d.message for d in game.diagnostics if d.severity != "info"]
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
                                                  "Re1", "b5", "Bb3", "d6"]


def test_a_notes_label_is_carried_only_where_a_move_of_the_score_bears_it_too():
    from notation.parse import carried_labels, label_carried
    text = _STOPPED_ROWS.format(nine="(a)", black="", ten="", note="(a) If 9 P to Q 4, B to K Kt 5.\n(b) Also good.")
    assert carried_labels(text) == frozenset({"a"})
    at = text.index("(a) If")
    assert label_carried(text, at) and not label_carried(text, text.index("(b) Also"))
    # (A row of column marks, "a) b) c)", marks no move; a square's figure in brackets, "B 1)", neither.)
    marks = "a) b) c)\nb) If 9 P to Q 4.\nThe Q to B 1) ...\n1) If 9 P to Q 4."
    assert not carried_labels(marks)
    assert not label_carried(marks, marks.index("1) If")) and not label_carried(marks, marks.index("b) If"))
    # (Nor a figure in both brackets, Freeborough's tables' column marks, alone on a line and after a cell's move.)
    table = "KKt-K2  (4)\n(4)\nP-QR3\n(4) If 9 P to Q 4."
    assert not label_carried(table, table.index("(4) If"))
    # (An e-text's footnote reference, glued to its move or set apart, carries its footnote's label.)
    etext = "10. P--B4[1]   R--K sq\n11. Kt--Kt3 [A]   P--B3\n\n[Footnote 1: _A bold move._]\n[Footnote A: Good.]\n" \
            "[Footnote 2: No move.]"
    assert carried_labels(etext) == frozenset({"1", "A"})
    # (A label a note's words cite, "cf. note (K)", is no move's mark: London's Game 2 read its notes as the game's.)
    cite = "9. P to K R 3 (a)\n(a) Better, cf. note (b).\n(b) If 9 P to Q 4, B to K Kt 5."
    assert carried_labels(cite) == frozenset({"a"}) and not label_carried(cite, cite.index("(b) If"))


def test_an_etexts_footnote_reference_glued_to_a_word_is_a_word_of_its_own():
    # ("P--B4[1]" read as one word was no move as printed: read one letter off, a repair of a clean text.)
    assert [t.text for t in tokens("10. P--B4[1]   R--K sq[A]\nP x P.[*] [2]\n\n[Footnote 1: A bold move.]")][:11] == \
        ["10.", "P--B4", "[1]", "R--K", "sq", "[A]", "P", "x", "P.", "[*]", "[2]"]


def test_a_comma_after_an_algebraic_move_is_the_sentences():
    # "Black's best course now is to play 6...Nxe5, where with 7.Qxh5 ..." (English Wikipedia): the comma is no part
    # of the move, as a descriptive move's is not ("B x P, ch"); read a letter off, it was read only where the search
    # looked for damaged words (its best readings), and never in a note's line.
    assert compact_algebraic("Nxe5,") == "Nxe5" and compact_algebraic("Qb5+;") == "Qb5"
    rules = ChessRules(NOTATIONS["san"])
    reading = Decoder(rules, near=False).read(segments(tokens("1. e4, e5; 2. Nf3, Nc6,"), _WHITE_HEAD, _BLACK_HEAD),
                                              Position.start(chess.Board()))
    assert [(step.form, step.how) for step in reading.steps] == [
        ("e4", "printed"), ("e5", "printed"), ("Nf3", "printed"), ("Nc6", "printed")]


def _lines(game) -> tuple[list[str], list[tuple[int, int, list[str]]]]:
    """A game's main line and its variations (parent, branch ply, moves), in SAN."""
    return ([m.normalized for m in game.moves],
            [(v.parent, v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations])


def test_a_notes_line_named_in_a_sentence_is_a_variation_where_the_games_rows_go_on(tmp_path):
    # German Wikipedia's Byrne - Fischer: "11. … Sb6–a4! 12. Dc5–a3 / Auf 12. Sc3xa4 folgt ... oder 13. ... / 12. …
    # Sa4xc3 13. b2xc3": the note named in a sentence goes back to White's move the line has made, a note within it
    # goes back within the note, and the rows take the game up again where the line left it. Read as the game's,
    # the note's longer line put the game's own rows out ("12. … Sa4xc3" no legal move where it stood).
    text = ("1. e2–e4 e7–e5 2. Sg1–f3 Sb8–c6 3. Lf1–c4\n\nBesser ist 3. Lf1–b5 a7–a6 4. Lb5–a4 Sg8–f6 5. 0–0 Lf8–e7 "
            "oder 4. Lb5xc6 d7xc6 5. 0–0 f7–f6.\n\n3. … Lf8–c5 4. c2–c3 Sg8–f6\n")
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok" and main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6"]
    (note, inner) = variations
    assert note[1:] == (5, ["Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"])
    assert inner[1:] == (7, ["Bxc6", "dxc6", "O-O", "f6"]) and inner[0] != note[0]


def test_a_notes_line_from_the_lines_next_move_waits_for_the_row_that_goes_on(tmp_path):
    # The Legal Trap (English Wikipedia): "play 6...Nxe5, where with 7.Qxh5 ..." names the move the line makes next;
    # the game's row "6... Bxd1" takes the line up there, and the note's moves are a variation of Black's 6th. Two
    # notes named one after the other from the same move ("5...Bxf3, or 5...Be6") are each a variation of it.
    text = ("1. e4 e5 2. Nf3 Nc6 3. Bc4 d6 4. Nc3 Bg4 5. h3 Bh5\nRelatively best is 5...Bxf3, or 5...Be6.\n\n6. Nxe5\n"
            "Black's best course now is to play 6...Nxe5, where with 7.Qxh5 Nxc4 8.Qb5+ White remains a pawn ahead.\n\n"
            "6... Bxd1 7. Bxf7+ Ke7 8. Nd5#\n")
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok"
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "d6", "Nc3", "Bg4", "h3", "Bh5", "Nxe5", "Bxd1", "Bxf7+", "Ke7",
                    "Nd5#"]
    assert [v[1:] for v in variations] == [(10, ["Bxf3"]), (10, ["Be6"]), (12, ["Nxe5", "Qxh5", "Nxc4", "Qb5+"])]


#: An encyclopaedia's openings article (issue 29): an opening's moves, its usual continuation in the author's sentence,
#: then a named defence from an earlier move, its name run in before its number.
_RUY_LOPEZ = ("_Ruy Lopez._--1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5. This opening is the most popular of all. "
              "The usual reply is 3. ..., P-QR3; when 4. B-R4, Kt-B3; 5. Castles, B-K2; 6. R-K sq, P-QKt4; 7. B-Kt3, "
              "P-Q3; 8. P-B3, Kt-QR4; 9. B-B2, P-B4; 10. P-Q4, Q-B2, and the game is even.")
_RUY_LOPEZ_MAIN = ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6", "c3",
                   "Na5", "Bc2", "c5", "d4", "Qc7"]
_BERLIN = ["Nf6", "O-O", "Nxe4", "d4", "Be7", "Qe2", "Nd6", "Bxc6", "bxc6", "dxe5", "Nb7"]


def _variation_boards(game) -> None:
    """Every variation's moves replayed by python-chess from where it branches: each legal."""
    for v in game.variations:
        assert v.parent == 0  # (from the game's own line)
        board = chess.Board()
        for m in game.moves[:v.branch_ply - 1]:  # (the ply it replaces, counted from 1)
            board.push_san(m.normalized)
        for m in v.moves:
            board.push_san(m.normalized)


@pytest.mark.parametrize("berlin", [
    "\n\n_Berlin Defence._--3. ..., Kt-B3; 4. Castles, KtxP; 5. P-Q4, B-K2; 6. Q-K2, Kt-Q3; 7. BxKt, KtPxB; "
    "8. PxP, Kt-Kt2. White has the freer game.\n",
    " The Berlin Defence, 3. ..., Kt-B3, is solid: 4. Castles, KtxP; 5. P-Q4, B-K2; 6. Q-K2, Kt-Q3; 7. BxKt, "
    "KtPxB; 8. PxP, Kt-Kt2.\n"], ids=["its-own-paragraph", "same-paragraph"])
def test_an_openings_line_given_first_is_the_games_a_named_line_after_it_a_variation(tmp_path, berlin):
    # The line given first goes on with the game, the named line that goes back to Black's 3rd is its variation. Its
    # name run into its number by a dash ("_Berlin Defence._--3.") hid the number: the game's line could not go back
    # there, and the Berlin was read as the game's 3rd, the usual reply a note; the name left in its marks.
    game = _one_game(tmp_path, _RUY_LOPEZ + berlin)
    main, variations = _lines(game)
    assert game.status == "ok" and main == _RUY_LOPEZ_MAIN
    assert [v[1:] for v in variations] == [(6, _BERLIN)]
    _variation_boards(game)
    pgn = " ".join(write_game(game).split())  # (its lines joined: the writer wraps them)
    assert "{ Ruy Lopez. } 1. e4" in pgn and "_--" not in pgn
    assert "( { Berlin Defence. } 3... Nf6" in pgn if berlin.startswith("\n\n") else "( { The Berlin Defence, } 3... Nf6" in pgn


def test_openings_named_lines_are_variations_in_the_order_printed(tmp_path):
    # A second named defence after the first ("_Steinitz Defence._--3. ..., P-Q3"): both variations at Black's 3rd,
    # in the order printed, each named by its heading without the marks of italics and the dash.
    text = (_RUY_LOPEZ + "\n\n_Berlin Defence._--3. ..., Kt-B3; 4. Castles, KtxP; 5. P-Q4, B-K2 (or 5. ..., Kt-Q3); "
            "6. Q-K2, Kt-Q3; 7. BxKt, KtPxB; 8. PxP, Kt-Kt2. White has the freer game.\n\n"
            "_Steinitz Defence._--3. ..., P-Q3; 4. P-Q4, B-Q2; 5. Kt-B3, KKt-K2; 6. Castles, Kt-Kt3. Black is cramped.\n")
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok" and main == _RUY_LOPEZ_MAIN
    berlin, inner, steinitz = variations
    assert berlin[1:] == (6, _BERLIN) and steinitz[1:] == (6, ["d6", "d4", "Bd7", "Nc3", "Nge7", "O-O", "Ng6"])
    assert inner[0] != 0 and inner[1:] == (10, ["Nd6"])  # ("or 5. ..., Kt-Q3": the Berlin's own variation)
    pgn = " ".join(write_game(game).split())  # (its lines joined: the writer wraps them)
    assert "{ Ruy Lopez. } 1. e4" in pgn and "( { Berlin Defence. } 3... Nf6" in pgn
    assert "( { Steinitz Defence. } 3... d6" in pgn and "_--" not in pgn


#: The same article with the usual reply run on in the sentence after White's 3rd, and the named defence's number
#: beginning a line of its own below its name.
_RUY_LOPEZ_RUN_ON = ("Ruy Lopez.--1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5. The usual reply is 3. ..., P-QR3; when "
                     "4. B-R4, Kt-B3; 5. Castles, B-K2; 6. R-K sq, P-QKt4; 7. B-Kt3, P-Q3, and the game is even.\n\n")


@pytest.mark.parametrize("name, gap, wrapped", [
    ("Berlin Defence.", "\n", False), ("Berlin Defence.", "\n\n", False), ("BERLIN DEFENCE.", "\n", False),
    ("BERLIN DEFENCE.", "\n\n", False), ("Berlin Defence.", "\n", True)],
    ids=["over-its-line", "its-own-paragraph", "capitals", "capitals-own-paragraph", "wrapped"])
def test_an_openings_line_run_on_in_the_authors_sentence_is_the_games_a_named_row_below_a_variation(
        tmp_path, name, gap, wrapped):
    # "3. B-Kt5. The usual reply is 3. ..., P-QR3; when 4. B-R4 ...": the author's sentence, run on from the game's
    # last move in its paragraph, carries the game on; the named line whose number begins a line of its own below
    # ("Berlin Defence." over "3. ..., Kt-B3;", or a paragraph of its own) goes back to Black's 3rd, a variation
    # named by its heading. (Read as a note on Black's 3rd, the usual reply left the Berlin to be the game's.) The
    # Legal Trap's note on the next move, under the game's row of one number's move, stays a note.
    # (Its lines wrapped as a book's are, White's 3rd beginning one, the sentence after it the next: the same.)
    first = _RUY_LOPEZ_RUN_ON.replace(" 3. B-Kt5. ", "\n3. B-Kt5.\n") if wrapped else _RUY_LOPEZ_RUN_ON
    text = first + name + gap + ("3. ..., Kt-B3; 4. Castles, KtxP; 5. P-Q4, B-K2; 6. Q-K2, Kt-Q3. "
                                            "White has the freer game.\n")
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok"
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Re1", "b5", "Bb3", "d6"]
    assert [v[1:] for v in variations] == [(6, _BERLIN[:7])]
    _variation_boards(game)
    pgn = " ".join(write_game(game).split())  # (its lines joined: the writer wraps them)
    assert "{ Ruy Lopez. } 1. e4" in pgn and f"( {{ {name} }} 3... Nf6" in pgn
    assert "{ and the game is even. } *" in pgn  # (the name no comment of the game's last move)


def test_an_openings_line_in_brackets_after_the_games_move_is_a_note(tmp_path):
    # The same sentence in brackets after the game's 3rd ("3. B-Kt5 (the usual reply is 3. ..., P-QR3; ...), Kt-B3")
    # is set apart as a note: the game goes on with the move after its brackets, the note a variation of Black's 3rd.
    game = _one_game(tmp_path, "Ruy Lopez.--1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5 (the usual reply is 3. ..., "
                               "P-QR3; when 4. B-R4, Kt-B3; 5. Castles, B-K2), Kt-B3; 4. Castles, KtxP; 5. P-Q4, B-K2.\n")
    main, variations = _lines(game)
    assert game.status == "ok" and main == ["e4", "e5", "Nf3", "Nc6", "Bb5", *_BERLIN[:5]]
    assert [v[1:] for v in variations] == [(6, ["a6", "Ba4", "Nf6", "O-O", "Be7"])]

def test_a_lines_name_alone_is_a_few_words_with_a_capital_a_sentence_is_not():
    # A paragraph above a variation's first move opens it only where it is a name (:func:`line_name`): not the
    # author's verdict on the line before ("And Black preserves the Gambit Pawn with at least an equal position.").
    assert [line_name(t) for t in ("Berlin Defence.", "BERLIN DEFENCE.", "_Berlin Defence._", "Defence of the Queen's Pawn")] \
        == ["Berlin Defence.", "BERLIN DEFENCE.", "Berlin Defence.", "Defence of the Queen's Pawn"]
    # (Without a dash to set them apart, a verdict's few words are no name: each word of a name has its capital.)
    for verdict in ("And Black preserves the Gambit Pawn with at least an equal position.", "White has the freer game.",
                    "White wins.", "Drawn.", "Even game."):
        assert line_name(verdict) is None


def test_to_read_by_the_ocr_as_ten_is_an_ocr_confusion():
    # Löwenthal's "1. P. 10 K. B's 4th." (Black's Dutch Defence): read as P-KB4 at an OCR correction's cost,
    # not left as prose (which threw every later move to the other side); "to" itself and a move number
    # after a move stay as they were.
    assert compact_descriptive("P. 10 K. B's 4th.") == "p~kb4" and compact_descriptive("B lo Kt 3") == "b~kt3"
    assert compact_descriptive("P. to K 4") == "p-k4"
    rules = ChessRules(NOTATIONS["english-descriptive"])
    assert not rules.plausible(compact_descriptive("B. takes Kt. 10 Kt. to B's 3rd"))
    text = ("1.  P.  to Q's  4th.  1.  P.  10  K.  B's  4th.\n2.  P.  to Q.  B's  4th.  2.  P.  to K's  3rd.\n"
            "3.  Kt.  to Q.  B's  3rd.  3.  Kt.  to K.  B's  3rd.\n")
    assert _sans(text) == ["d4", "f5", "c4", "e6", "Nc3", "Nf6"]
    assert [s.how for s in _reading(text).steps] == ["printed", "ocr"] + ["printed"] * 4


def test_t_before_a_square_is_to_with_its_o_lost_and_t_before_a_man_takes():
    # London 1883's OCR drops the "o" of "to" ("1PtK4", "6 BtK3", "8 Bt Q3"): a capture names the man taken,
    # never a square, so "t" before a square is "to" read through an OCR confusion (named). Left as "takes"
    # or as prose, White's first move was lost and Black's "P to K 4" read as White's, every ply one off.
    assert compact_descriptive("PtK4") == "p~k4" and compact_descriptive("Bt Q3") == "b~q3"
    assert compact_descriptive("Bt.Q3") == "b~q3" and compact_descriptive("PtQB4") == "p~qb4"
    assert compact_descriptive("Pt Kt") == "pxkt" and compact_descriptive("BtP") == "bxp"
    assert compact_descriptive("Kt B3") == "ktb3"  # after a lone "K" no "to": the knight, not the king
    text = "1 PtK4 PtoK4\n2 KttoKB3 KttoQB3\n3 BtoKt5 PtoQR3\n4 BtQR4 KttoB3\n5 Castles Bt K2\n6 Bt. Kt QPt. B\n"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7", "Bxc6", "dxc6"]
    assert [s.how for s in _reading(text).steps] == ["ocr"] + ["printed"] * 5 + ["ocr", "printed", "printed", "ocr",
                                                                                 "printed", "printed"]


def test_the_kings_file_read_twice_is_an_ocr_confusion():
    # London 1883's "1 PtoK4 PtoKk4", "PtoKk 3": the "K" doubled by the OCR, read at an OCR correction's cost
    # (named); a letter off, it was read as "P to Kt 4" where that was legal.
    assert compact_descriptive("PtoKk4") == "p-¤k4" and compact_descriptive("Pto Kk 3") == "p-¤k3"
    assert compact_descriptive("KKt to B3") == "kkt-b3"
    text = "1 PtoK4 PtoKk4\n2 KttoKB3 KttoQB3\n3 BtoB4 BtoB4\n4 PtoQ3 PtoQ3\n"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "d3", "d6"]
    assert [s.how for s in _reading(text).steps] == ["printed", "ocr"] + ["printed"] * 6


def test_sq_with_its_q_misread_is_the_first_rank_through_an_ocr_confusion():
    # London 1883's OCR prints "sq" as "sy" (197 times), "syq", "sqg" after the file's letter: read as the first
    # rank at an OCR correction's cost (named). Left as it was, the move was no form, and the rows after it read
    # for the wrong side.
    assert compact_descriptive("K to R sy") == "k-r¤1" and compact_descriptive("QRtoBsyq") == "qr-b¤1"
    assert compact_descriptive("RtoK Ktsy") == "r-kkt¤1" and compact_descriptive("P to K 4 says") == "p-k4says"
    text = "1 PtoK4 PtoK4\n2 KttoKB3 KttoQB3\n3 BtoB4 BtoB4\n4 Castles KttoB3\n5 R to K sy Castles\n6 PtoQ3 K to R sy\n"
    assert _sans(text)[-4:] == ["Re1", "O-O", "d3", "Kh8"]
    assert [s.how for s in _reading(text).steps] == ["printed"] * 8 + ["ocr", "printed", "printed", "ocr"]


def test_letters_the_ocr_misread_in_a_descriptive_word_are_read_through_an_ocr_confusion():
    # Löwenthal's OCR: "Kf", "Ki" and "KV" for "Kt", "8" for the possessive's "s" before the rank, "IC"
    # for "K": each read at an OCR correction's cost and named (never as printed); a stray dash after a
    # move's full stop ("Castles.-") is punctuation, as the full stop is.
    assert compact_descriptive("P.  to Q.  Kfs  4th.") == "p-q¤kt4"
    assert compact_descriptive("B.  to Kf s  5th.") == "b-¤kt5" and compact_descriptive("Ki. to B's 3rd.") == "¤kt-b3"
    assert compact_descriptive("Kt.  to K.  B*8  3rd.") == "kt-kb¤3" and compact_descriptive("P.  to ICs  4th.") == "p-¤k4"
    assert compact_descriptive("Castles.-") == "castles" and compact_descriptive("Kt. to K. B's 3rd.") == "kt-kb3"
    text = ("1.  P.  to ICs  4th.  1.  P.  to K's  4th.\n2.  Ki.  to K.  B's  3rd.  2.  Kt.  to Q.  B*8  3rd.\n"
            "3.  B.  to Kfs  5th.  3.  P.  to Q.  R's  3rd.\n4.  B.  to R's  4th.  4.  Kt.  to B's  3rd.\n"
            "5.  Castles.-  5.  B.  to K's  2nd.\n")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
    assert [s.how for s in _reading(text).steps] == ["ocr", "printed", "ocr", "ocr", "ocr"] + ["printed"] * 5


def test_sq_run_into_its_files_letter_is_the_first_rank():
    # Hastings 1895 and London 1883 print "QRtoQsq", "KRtoKsq", "R toQ Bsq", "KtoBsq" with the spaces lost:
    # the first rank as "R. to K's sq." gives it. Left as "qr-qsq" the word read as no move (or another, a
    # letter off), and the next printed move was read for the wrong side.
    assert compact_descriptive("QRtoQsq") == compact_descriptive("Q R to Q sq") == "qr-q1"
    assert compact_descriptive("KRtoKsq") == "kr-k1" and compact_descriptive("R toQ Bsq") == "r-qb1"
    assert compact_descriptive("KttoQBsq.") == "kt-qb1" and compact_descriptive("K to Ktsq") == "k-kt1"
    text = ("1 P to K 4 P to K 4\n2 Kt to K B 3 Kt to Q B 3\n3 B to Kt 5 Kt to B 3\n4 Castles B to K 2\n"
            "5 KRtoKsq P to Q 3\n6 P to Q 4 Castles\n7 B toK Bsq PxP\n")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Be7", "Re1", "d6", "d4", "O-O",
                           "Bf1", "exd4"]
    assert all(s.how == "printed" for s in _reading(text).steps)


def test_the_3_of_3rd_read_by_the_ocr_as_s_is_an_ocr_confusion():
    # Löwenthal's "3.  P.  to Q's Srd.": the ordinal's figure as an "S", read at an OCR correction's cost
    # (named); left as prose it lost Black's move, and every later move was read for the other side.
    assert compact_descriptive("P.  to Q's Srd.") == "p-q¤3"
    text = ("1.  P.  to K's  4th.  1.  P.  to K's  4th.\n2.  Kt.  to K.  B's  3rd.  2.  Kt.  to K.  B's  3rd.\n"
            "3.  Kt.  takes P.  3.  P.  to Q's Srd.\n4.  Kt.  to K.  B's  3rd.  4.  Kt.  takes P.\n")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nf6", "Nxe5", "d6", "Nf3", "Nxe4"]
    assert [s.how for s in _reading(text).steps] == ["printed"] * 5 + ["ocr", "printed", "printed"]


def test_the_bishops_file_read_as_a_figure_is_an_ocr_confusion():
    # Steinitz's *Instructor*: "Kt— 63" for "Kt— B3", "P— Q64", "B— 84" (about 700 times), and "$" for "5"
    # ("B— Kt$"): read at an OCR correction's cost (named). Read a letter off instead, "KKt— 63" was Nh3.
    assert compact_descriptive("Kt— 63") == "kt-¤b3" and compact_descriptive("P— Q64") == "p-q¤b4"
    assert compact_descriptive("B— 84") == "b-¤b4" and compact_descriptive("B— Kt$") == "b-kt¤5"
    # A square's rank and the next move's number stay as they were ("P— K6", "P-K 6 3").
    assert compact_descriptive("P— K6") == "p-k6" and compact_descriptive("P-K 6 3") == "p-k63"
    text = "P— K4\nP— K4\nKKt— 63\nQKt— 63\nB— Kt$\nKt— 63\nCastles\nP— Q3\n"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "d6"]
    assert [s.how for s in _reading(text).steps] == ["printed"] * 2 + ["ocr"] * 4 + ["printed"] * 2


def test_q_read_as_g_and_the_dash_as_an_underscore_are_ocr_confusions():
    # The same book's OCR: "g" for "Q" as a man's or a wing's letter ("gxR", "KB— gB4", "K— g3"), "_" for the
    # dash ("Q_B3", "P_gKt4"): read at an OCR correction's cost. Left as they were, "P— gB4" was no move, and
    # "Q_B3" ("qb3") no move's shape.
    assert compact_descriptive("KB— gB4") == "kb-¤qb4" and compact_descriptive("gxR") == "¤qxr"
    assert compact_descriptive("Q_B3") == "q~b3" and compact_descriptive("P_gKt4") == "p~¤qkt4"
    assert compact_descriptive("great") == "great" and compact_descriptive("Bg7") == "bg7"
    assert compact_descriptive("g-ermany").startswith("g-") and compact_descriptive("g— R6") == "¤q-r6"
    assert compact_descriptive("g_B2") == "¤q~b2"
    text = "P— K4\nP— K4\nP— gB4\nKt— KB3\nQKt— B3\nP_Q3\ng_B2\nB— K2\n"
    assert _sans(text) == ["e4", "e5", "c4", "Nf6", "Nc3", "d6", "Qc2", "Be7"]
    assert [s.how for s in _reading(text).steps] == ["printed"] * 2 + ["ocr", "printed", "printed", "ocr", "ocr",
                                                                        "printed"]


def test_q_read_as_o_for_a_squares_file_is_an_ocr_confusion():
    # The same book's OCR: "O" for "Q" as a square's file after the dash, with a full stop or none before the
    # rank ("Kt— O.2", "B — O2", "P— O.4", a dozen times): read at an OCR correction's cost. Left as it was,
    # "B— O2" was one letter off both "B— Q2" and "B— K2" (Bd2 or Be2 here), either one a guess.
    assert compact_descriptive("Kt— O.2") == "kt-¤q2" and compact_descriptive("P— O.4.") == "p-¤q4"
    assert compact_descriptive("B — O2,") == "b-¤q2"
    # Castling is left as it is, and with the next row's number run in ("O— O 4").
    assert compact_descriptive("O— O") == "o-o" and compact_descriptive("O— O 4") == "o-o4"
    text = "P— K4\nP— K4\nP— Q4\nPxP\nQxP\nQKt— B3\nQ— K3\nKKt— B3\nB— O2\nB— K2\nKt— QB3\nCastles\n"
    assert _sans(text) == ["e4", "e5", "d4", "exd4", "Qxd4", "Nc6", "Qe3", "Nf6", "Bd2", "Be7", "Nc3", "O-O"]
    assert [s.how for s in _reading(text).steps] == ["printed"] * 8 + ["ocr"] + ["printed"] * 3


def test_a_move_number_the_ocr_read_as_letters_run_into_its_move_is_a_numeral():
    # Steinitz's columns: the small figures of a move's number run into it as letters ("nB— R4" for "11 B— R4",
    # "lUB— K2", "i6Q— K2"): a number stands there, the move is the rest, read as printed. Left as one word, the
    # move was no form ("ub-k4"), and the moves after it read for the other side.
    assert [(t.text, t.numeral) for t in tokens("nKt-Q4 1UQ—K2 lOKKtxQP")] == [
        ("n", True), ("Kt-Q4", False), ("1U", True), ("Q—K2", False), ("lO", True), ("KKtxQP", False)]
    # A word of a move or of prose is not cut: "OKt" (the OCR's "QKt"), "lo" for "to" before a square, "In".
    assert [t.text for t in tokens("OKt-B3 P. loK. 4. In Kt— B3 4PtoQ3")] == [
        "OKt-B3", "P.", "loK.", "4.", "In", "Kt—", "B3", "4", "PtoQ3"]
    text = "UP— K4\nP— K4\n2KKt— B3\nQKt— B3\nJB— Kt5\nP— QR3\nnB— R4\nKt— B3\nCastles\nlUB— K2\n"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7"]
    assert all(s.how == "printed" for s in _reading(text).steps)


def test_a_move_number_the_ocr_read_as_letters_standing_alone_before_its_move_is_that_number():
    # Steinitz's notes number both sides' moves, and "11" set small is read as one letter or two ("10 KtxKt; u PxKt,
    # u QxP", "; ii B— Kt 3 ch., n K— R sq.", "; II QxBP"), "10" as "io" or "IO": before a move, that number.
    words = tokens("10 KtxKt; u PxKt, u QxP; ii B— Kt 3 ch., n K— R sq. IO R — Kt sq. ; II QxBP, u O— O")
    assert [(w.text, w.number) for w in words if w.number is not None and not w.text.isdigit()] == [
        ("u", 11), ("u", 11), ("ii", 11), ("n", 11), ("IO", 10), ("II", 11), ("u", 11)]
    # Not before a word of prose, nor "lo" (Bird's "to"), nor English words.
    assert all(w.number is None for w in tokens("n is u and II. lo K— B3 in Kt— B3"))
    # Nor at a line's start, where a column's row number stands (Hastings 1895's "II KtxP" in two pairs of
    # columns: the layout's orders read it against the number the column expects).
    assert [w.number for w in tokens("10 P to K 4\nPxP\nII KtxP\nKt to K 2") if w.text == "II"] == [None]
    # A note's line that repeats move 11 after the game's move 11 is no twelfth move: read as prose, it was
    # the game's 12 KtxP (a letter off) and 12 PxKt.
    text = ("1 P— K4, 1 P— K4; 2 KKt— B3, 2 QKt— B3; 3 B— B4, 3 B— B4; 4 P— Q3, 4 P— Q3; 5 O— O, 5 KKt— B3; "
            "6 P— B3, 6 O— O; 7 QKt— Q2, 7 P— Q4; 8 PxP, 8 KtxP; 9 Kt— K4, 9 B— Kt3; 10 B— KKt5, 10 Q— Q3; "
            "11 KtxQ, 11 PxKt. Thus u KtxQ, u PxKt.")
    rules = ChessRules(NOTATIONS["english-descriptive"])
    reading = Decoder(rules, returns=True).read(segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD),
                                                Position.start(chess.Board()))
    board = chess.Board()
    for step in reading.steps:
        board.push(step.move)
    assert len(reading.steps) == 22 and board.move_stack[-1] == chess.Move.from_uci("c7d6")


def test_the_last_figure_of_a_move_is_no_move_number_before_the_next():
    # Hastings 1895's rows "2 K Kt to B 3 Q Kt to B 3": the "3" ending White's move is its square, not a
    # number printed before Black's. Taken for one (the wrong one), it made "Q Kt to B 3" dearer than "Q"
    # left as prose and "Kt to B 3" read: an ambiguous move (Nc6 or Nf6) where the book prints which.
    text = ("1 P to K 4 P to K 4\n2 K Kt to B 3 Q Kt to B 3\n3 B to B 4 K Kt to B 3\n4 Castles B to B 4\n"
            "5 P to Q 3 P to Q 3\n6 Q Kt to Q 2 Castles\n7 K R to K sq Q R to Kt sq\n")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Bc5", "d3", "d6", "Nbd2", "O-O",
                           "Re1", "Rb8"]
    assert [s.first.text for s in _reading(text).steps] == ["P", "P", "K", "Q", "B", "K", "Castles", "B", "P", "P",
                                                           "Q", "Castles", "K", "Q"]


def test_the_last_figure_of_a_columns_move_is_no_move_number_before_its_next():
    # Hastings 1895's columns, each number on a line of its own over White's move: in Black's column the
    # word before "Q Kt to B 3" is the "4" that ended Black's move before it, no move number.
    white = ["P to K 4", "K Kt to B 3", "B to B 4", "Castles", "P to Q 3", "Q Kt to Q 2", "K R to K sq"]
    black = ["P to K 4", "Q Kt to B 3", "K Kt to B 3", "B to B 4", "P to Q 3", "Castles", "Q R to Kt sq"]
    text = ("WHITE\n\n" + "".join(f"{n}\n\n{w}\n\n" for n, w in enumerate(white, 1)) + "BLACK\n\n"
            + "".join(f"{b}\n\n" for b in black))
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "O-O", "Bc5", "d3", "d6", "Nbd2", "O-O",
                           "Re1", "Rb8"]
    assert [s.first.text for s in _reading(text).steps] == ["P", "P", "K", "Q", "B", "K", "Castles", "B", "P", "P",
                                                           "Q", "Castles", "K", "Q"]


def test_a_move_the_words_leave_ambiguous_is_settled_by_its_printed_check_mark():
    # "B. takes P. (ch.)" can be Bxf7+, Bxa6 or Bxh6, and the game goes on after each: only Bxf7+ gives the
    # check the text prints, so the words are settled (a warning names the others), not an error.
    text = ("1.  P.  to K's  4th.  1.  P.  to K's  4th.\n2.  Kt.  to K.  B's  3rd.  2.  P.  to Q's  3rd.\n"
            "3.  B.  to B's  4th.  3.  P.  to K.  R's  3rd.\n4.  P.  to Q's  3rd.  4.  P.  to Q.  R's  3rd.\n"
            "5.  B.  takes P.  (ch.)  5.  K.  to K's  2nd.\n6.  B.  to Kt's  3rd.  6.  Kt.  to K.  B's  3rd.\n")
    rules = ChessRules(NOTATIONS["english-descriptive"])
    moves = _line(text, _reading(text).steps, Position.start(chess.Board()), rules)
    takes = moves[8].fields
    board = chess.Board()
    for step in _reading(text).steps[:8]:
        board.push(step.move)
    assert board.san(takes.move) == "Bxf7+" and takes.check
    assert sorted(board.san(m) for m in takes.also) == ["Bxa6", "Bxh6"] and not takes.unsettled
    # Without the mark, nothing settles it.
    moves = _line(text.replace("(ch.)", ""), _reading(text.replace("(ch.)", "")).steps, Position.start(chess.Board()), rules)
    assert moves[8].fields.unsettled


DEV = Path(__file__).resolve().parent.parent / "corpus" / "dev"


def test_an_ocr_score_in_two_columns_is_decoded_and_every_correction_named(tmp_path):
    # Hastings 1895, game 1 as the OCR gives it: White's column (numbers lost or garbled: "ri",
    # footnote digits run in: "B to K 2 1", "PtoKB36"), then BLACK and Black's column.
    lines = (DEV / "hastings-1895" / "hastings-chess-tournament-1895.txt").read_text(encoding="utf-8").splitlines()
    game = _one_game(tmp_path, "\n".join(lines[1459:1575]) + "\n")
    assert ChessGameDetail.of(game.detail).decoded
    assert [m.normalized for m in game.moves[:17]] == [
        "d4", "d5", "c4", "e6", "Nc3", "Nf6", "Nf3", "Be7", "e3", "O-O", "Be2", "dxc4", "O-O", "c5", "dxc5",
        "Bxc5", "Bxc4"]
    assert sum(m.status == "ok" for m in game.moves) >= 44
    # "P toKs" is read as P-K3, and the record says so where it stands.
    fifth = game.moves[8]
    assert fifth.printed == "P toKs" and fifth.status == "repaired"
    assert any(d.code == "ocr" and d.ply == 9 and d.line == fifth.line for d in game.diagnostics)
    assert game.status in ("repaired", "error")


def test_a_result_in_the_second_pair_of_columns_does_not_end_the_first(tmp_path):
    # London 1883, Winawer v. Zukertort: moves 1-30 in the page's left pair of columns, 31-38 and "Resigns." in the
    # right pair on the same lines, the OCR's reading order row by row; "Resigns." stands on row 3's line and
    # the left column's rows 4 to 30 go on below it: the score is read to its end.
    lines = (DEV / "london-1883-minchin" / "london-international-chess-tournament-1883.txt").read_text(
        encoding="utf-8").splitlines()
    game = _one_game(tmp_path, "\n".join(lines[6587:6680]) + "\n")
    assert [m.normalized for m in game.moves[:10]] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "O-O", "Nxe4", "d4", "a6"]
    # (53 moves, 46 legal: the 59 read before took six of notes (K)'s and (L)'s moves, "e.g., 32 P to B 5 ch, Bt. P",
    # lines 68-89, as the game's 27... to 30th; a note whose label a move carries is no game's going on.)
    assert len(game.moves) >= 53 and sum(m.status == "ok" for m in game.moves) >= 45


def test_a_layout_reading_past_move_1_under_a_printed_move_1_is_no_fragment(tmp_path):
    # London 1883, Englisch v. Noa: the heading, the columns' heads and the players run on into the two pairs of
    # columns ("1PtoQ4 PtoK3 98 KtoR2 RtoB4"); the layout reader lost rows 1 to 7 and began at "8 Castles". That
    # is no game taken up at move 8 (which the decoder leaves to the layout's reading): move 1 is printed above.
    lines = (DEV / "london-1883-minchin" / "london-international-chess-tournament-1883.txt").read_text(
        encoding="utf-8").splitlines()
    game = _one_game(tmp_path, "\n".join(lines[25167:25240]) + "\n")
    assert ChessGameDetail.of(game.detail).decoded
    assert [m.normalized for m in game.moves[:6]] == ["d4", "e6", "c4", "d5", "Nc3", "dxc4"]
    assert sum(m.status == "ok" for m in game.moves) >= 60
    # Blackburne v. Englisch: the second pair's first row ("21 Pto B3 Q to Kt 3") beside the heads, "1PtoK 4" two
    # lines below it.
    game = _one_game(tmp_path, "\n".join(lines[19304:19330]) + "\n")
    assert [m.normalized for m in game.moves[:4]] == ["e4", "e5", "Nf3", "Nc6"]
    assert sum(m.status == "ok" for m in game.moves) >= 60


def test_a_wing_word_is_read_as_part_of_the_move_it_begins(tmp_path):
    # Hastings 1895, Tchigorin v. Marco: "8 Q Kt to Q 2 Kt to K Kt 5". Left as prose, the "Q" let "Kt to Q 2" be
    # either Knight, and the reading of the rows after chose the King's (Nfd2): a move's words are read whole
    # (``PARTLY``).
    lines = (DEV / "hastings-1895" / "hastings-chess-tournament-1895.txt").read_text(encoding="utf-8").splitlines()
    game = _one_game(tmp_path, "\n".join(lines[28253:28320]) + "\n")
    assert (game.moves[14].printed, game.moves[14].normalized) == ("Q Kt to Q 2", "Nbd2")


def test_only_words_of_a_moves_shape_are_counted_as_move_like_words_left_as_prose():
    # Steinitz's notes as the OCR gives them: a move no position of the line has ("Kt— Kt5" here) is a
    # move-like word left as prose, named; the words around it are not: "next" (its "n" no knight), "by"
    # before a move, the full stops of "7. . . .Kt— B sq.".
    rules = ChessRules(NOTATIONS["english-descriptive"])
    for text, counted in (("the next move, by Kt— Kt5", ["Kt—"]), ("next by 7. . . .Kt— B sq.", [".Kt—"])):
        assert [w for stretch in _unexplained(tokens(text), [], rules, text) for w in stretch[3]] == counted
    assert _unexplained(tokens("QxKt, or Castles"), [], rules, "QxKt, or Castles")[0][3] == ["QxKt,", "Castles"]
    assert _unexplained(tokens("or by R(Qsq)— Q5"), [], rules, "or by R(Qsq)— Q5")[0][3] == ["R(Qsq)—"]
    # A word the OCR damaged stays move-like ("QgxR", "nO-0"), "Rook" of a sentence does not.
    assert _unexplained(tokens("or QgxR, the Rook gone, and nO-0"), [], rules, "or QgxR, the Rook gone, and nO-0")[0][3] == ["QgxR,", "nO-0"]
    # A move of another notation ("d4", SAN) is a stretch of its own with none of the notation's words:
    # the replay says it where it stands (tests/test_never_silent.py).
    text = "Next time Kt-QB3, or 1. d4."
    assert _unexplained(tokens(text), [], rules, text) == [
        (10, 17, "not a move of the game as the decoder reads it", ["Kt-QB3,"]),
        (24, 27, "not a move of the game as the decoder reads it", [])]


def test_words_in_brackets_are_asides_but_a_bracketed_mark_is_part_of_its_move():
    words = tokens("1. P-K4 (If 1. P-Q4 then\nP-Q4.) Q-R5 (ch.) P-KKt3\n\n(unclosed P-K4\n\nP-Q4")
    assert [(w.text, w.aside) for w in words] == [
        ("1.", False), ("P-K4", False), ("(If", True), ("1.", True), ("P-Q4", True), ("then", True),
        ("P-Q4.)", True), ("Q-R5", False), ("(ch.)", False), ("P-KKt3", False), ("(unclosed", True),
        ("P-K4", True), ("P-Q4", False)]


def test_a_column_head_the_ocr_broke_is_a_head():
    assert _BLACK_HEAD("bt-ack:.    (Mr-  M.)") and _WHITE_HEAD("wniTF.    (Mr.  M.)")
    assert _BLACK_HEAD("black.    (Mr.  T.'^")  # its bracket not closed
    assert not _BLACK_HEAD("P.  to K's  4th.") and not _BLACK_HEAD("Castles.")


def test_two_columns_one_after_the_other_without_heads_are_read_as_two_streams():
    # Löwenthal's rows broken by the OCR: White's 6th and 7th, a note, then Black's 6th and 7th.
    text = ("1. P. to K's 4th.  1. P. to Q. B's 4th.\n2. P. to Q's 4th.  2. P. takes P.\n"
            "3. Kt. to K. B's 3rd.  3. Kt. to Q. B's 3rd.\n4. Kt. takes P.  4. P. to K's 3rd.\n"
            "5. Kt. to Kt's 5th.  5. P. to Q's 3rd.\n6. B. to K. B's 4th.\nCorrectly played.\n"
            "7. B. to K's 3rd.\n6. P. to K's 4th.\n7. P. to B's 4th.\n8. Q. Kt. to B's 3rd.  8. P. to B's 5th.\n")
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert [len(s.orders) for s in cut] == [1, 2, 1]
    assert _sans(text)[10:] == ["Bf4", "e5", "Be3", "f5", "N1c3", "f4"]
    # A row broken over two lines ("6. B-B4" / "6. P-K4") and a variation in rows are no columns.
    rows = "5. Kt. to Kt's 5th.\n5. P. to Q's 3rd.\n6. B. to K. B's 4th.\n6. P. to K's 4th.\n"
    assert [len(s.orders) for s in segments(tokens(rows), _WHITE_HEAD, _BLACK_HEAD)] == [1]
    variation = "15. R-K1  15. B-B3\n15. P-KB4\n16. QxP  16. KtxKt\n16. Q-K4  16. P-KKt3\n"
    assert [len(s.orders) for s in segments(tokens(variation), _WHITE_HEAD, _BLACK_HEAD)] == [1]


def test_a_first_column_that_runs_on_in_rows_is_read_after_the_second():
    # White's column ends in rows of both sides' moves ("3. ...", then "3. ..." again: Black's 3rd under
    # White's), then BLACK heads Black's column of moves 1-2: the rows are read after it.
    text = ("WHITE.\n1. P. to K's 4th.\n2. Kt. to K. B's 3rd.\n3. B. to B's 4th.\nA note.\n3. B. to B's 4th.\n"
            "4. P. to Q. Kt's 4th.  4. B. takes P.\nbt-ack:.  (Mr-  M.)\nP. to K's 4th.\nKt. to Q. B's 3rd.\n")
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4"]


def test_a_columns_numbers_printed_apart_from_its_moves_are_read_with_them(tmp_path):
    # Löwenthal's pages as the OCR gives them: White's column as its numbers and each move's first word
    # ("2.  Kt."), then the rest of each move ("to K. B's 3rd."), then Black's column in rows; and
    # Black's numbers alone, then his moves. Each move is read on its number's line.
    text = ("1.  P.  to K's  4th.  1.  P.  to K's  4th.\n2.  Kt.\n3.  B.\n4.  P.\n"
            "to K.  B's  3rd.\nto B's  4th.\nto Q.  B's  3rd.\n2.  Kt.  to Q.  B's  3rd.\n3.  B.  to B's  4th.\n"
            "4.  Kt.  to B's  3rd.\n5.  P.  to Q's  4th.  5.  P.  takes P.\n6.  P.  takes P.\n7.  B.  to Q's  2nd.\n"
            "8.  Q.  Kt.  takes B.\n6.\n7.\n8.\nB.  to Kt's  5th.  (ch.)\nB.  takes B.  (ch.)\nKt.  takes K's P.\n")
    words = joined(tokens(text), rest_of_a_move)
    assert {w.line for w in words if w.text == "takes"} == {10, 11, 13, 15, 16}  # (rows 5-8, Black's 7th, 8th)
    assert [w.text for w in words if w.joined][:3] == ["to", "K.", "B's"]
    # A line of prose is no move's rest, nor is a whole move beside its number a first word ("16 BxB").
    assert joined(tokens("2.  Kt.\n3.  B.\n4.  P.\nThe best move.\nto B's 4th.\nto Q. B's 3rd.\n"),
                  rest_of_a_move)[-1].line == 5
    assert not any(w.joined for w in joined(tokens("16 BxB\n17 PxP\n18 RxQ\nKt to B 3\nB to Kt 2\nP to K 4\n"),
                                            rest_of_a_move))
    # Through the pipeline: a move printed in two pieces is printed as both.
    game = _one_game(tmp_path, text)
    assert ChessGameDetail.of(game.detail).decoded
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4",
                                                  "exd4", "cxd4", "Bb4+", "Bd2", "Bxd2+", "Nbxd2", "Nxe4"]
    assert game.moves[2].printed == "Kt. to K.  B's  3rd."
    assert all(m.status == "ok" for m in game.moves)


def _counting_proofs(monkeypatch) -> list[str]:
    """The mate proofs and the endings' checks the replay makes, counted (by the function's name)."""
    import notation.rules.chess.replay as replay

    made: list[str] = []

    def counting(name: str):
        search = getattr(replay, name)

        def counted(*args, **kwargs):
            made.append(name)
            return search(*args, **kwargs)
        return counted

    for name in ("settle_mate", "settle"):
        monkeypatch.setattr(replay, name, counting(name))
    return made


def test_a_mate_claim_is_proved_for_the_reading_kept_alone(tmp_path, monkeypatch):
    # Löwenthal's Table No. 1 (Morphy v. Baucher): the layout reader's reading stops in error (a Bishop's
    # move, "B. to Q*s", the OCR cut short), the decoder's reads on; "And White mates in two moves" is
    # proved at the decoder's last position only, not at the layout's first (no reading there to keep), and
    # the endings' checks are made of the decoder's reading alone.
    lines = (DEV / "lowenthal-morphys-games" / "morphys-games-of-chess.txt").read_text(encoding="utf-8").splitlines()
    path = tmp_path / "table-1.txt"
    path.write_text("\n".join(lines[12527:12690]) + "\n", encoding="utf-8")
    made = _counting_proofs(monkeypatch)
    game, = read_games([path])
    assert ChessGameDetail.of(game.detail).decoded
    assert [(c.claimed, c.actual) for c in game.claims if c.what == "mate"] == [("mate in 2", "no mate in 2")]
    assert made == ["settle_mate", "settle"]


def test_a_mate_claim_of_a_reading_in_error_is_proved_where_it_is_kept(monkeypatch):
    # The layout's reading in error (5. Kt-Q5 gives no check), replayed first without its proof and its endings'
    # checks: kept, they are made (the claim, its error where it stands), once.
    from tests.conftest import replay

    made = _counting_proofs(monkeypatch)
    (game,) = replay('[Game "chess"]\n[Notation "english-descriptive"]\n1. P-K4 P-K4 2. Kt-QB3 Kt-QB3 3. Kt-Q5 B-B4 '
                     "4. Kt-QB3 B-Kt3 5. Kt-Q5 ch P-Q3\nBlack mates in two moves.\n")
    assert [(c.claimed, c.actual) for c in game.claims if c.what == "mate"] == [("mate in 2", "no mate in 2")]
    assert [d.code for d in game.diagnostics] == ["false-check", "wrong-result"]
    assert made == ["settle_mate", "settle"]


def test_a_mate_claim_after_moves_not_replayed_is_open_not_proved(monkeypatch):
    # The replay stops at 3. ... K-Q8 (no move, in any reading): "Black mates in two moves" is said of the
    # position after it, which was not reached; proving it where the replay stopped (Black to move after 3. B-B4)
    # would judge another position. So too a claim with no move read before it and no position set up.
    from tests.conftest import replay

    made = _counting_proofs(monkeypatch)
    (game,) = replay('[Game "chess"]\n[Notation "english-descriptive"]\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 K-Q8\n'
                     "Black mates in two moves.\n")
    claim, = [c for c in game.claims if c.what == "mate"]
    assert (claim.claimed, claim.actual, claim.decided) == ("mate in 2", "open", False)
    assert "not all replayed" in claim.reason and "'K-Q8'" in claim.reason
    assert [d.code for d in game.diagnostics] == ["illegal-move"]
    assert "settle_mate" not in made


def test_a_blindfold_boards_number_is_no_diagrams_label_for_the_decoded_moves(tmp_path):
    # "Board No. 1." heads a blindfold game: the decoder's reading starts from the opening, so the
    # heading's number names no diagram (the OCR's "K*s" is no word the layout reader reads).
    lines = (DEV / "lowenthal-morphys-games" / "morphys-games-of-chess.txt").read_text(encoding="utf-8").splitlines()
    game = _one_game(tmp_path, "\n".join(lines[16095:16140]) + "\n")
    assert ChessGameDetail.of(game.detail).decoded
    assert not any(d.code == "missing-setup" for d in game.diagnostics)
    assert [m.normalized for m in game.moves[:8]] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Nf6", "Ng5", "d5"]
    assert sum(m.status == "ok" for m in game.moves) >= 20


def test_the_collector_is_paused_for_a_search_and_left_as_it_was():
    """The search runs with Python's cyclic collector off (it walked the rules' caches again and again),
    and gives it back as it found it: on after a search begun with it on, off after one begun off."""
    import gc

    from notation.decode.search import collector_paused

    seen = []

    class Watching(ChessRules):
        def play(self, position, move):
            seen.append(gc.isenabled())
            return super().play(position, move)

    rules = Watching(NOTATIONS["english-descriptive"])
    was = gc.isenabled()
    try:
        for state in (True, False):
            (gc.enable if state else gc.disable)()
            reading = Decoder(rules).read(segments(tokens("1. P-K4 P-K4 2. Kt-KB3"), _WHITE_HEAD, _BLACK_HEAD),
                                          Position.start(chess.Board()))
            assert [s.form for s in reading.steps] == ["p-k4", "p-k4", "kt-kb3"]
            assert gc.isenabled() is state
            with collector_paused():
                assert not gc.isenabled()
            assert gc.isenabled() is state
    finally:
        (gc.enable if was else gc.disable)()
    assert seen and not any(seen)


def _random_positions(seed: int, games: int, plies: int) -> list[Position]:
    """Positions of random games (castling, captures, en passant and promotions among them), each with
    where its men started."""
    import random

    rng = random.Random(seed)
    out = [Position.start(chess.Board("4k3/1P4P1/8/3pP3/8/8/6p1/R3K2R w KQ d6 0 1"))]
    for _ in range(games):
        position = Position.start(chess.Board())
        for _ in range(plies):
            moves = list(position.board.legal_moves)
            if not moves:
                break
            out.append(position)
            position = position.copy()
            position.push(rng.choice(moves))
    return out


def test_a_positions_forms_made_a_kind_of_man_at_a_time_are_every_legal_moves_forms():
    # The forms are made for the kind of man a form names (MOVERS), and all of them only when asked
    # for all: whatever is asked first, each form reads as the legal moves that print it, in the
    # position's order, and every form a legal move prints names the kind of man that moves.
    rules = ChessRules(NOTATIONS["english-descriptive"])
    notation, mover = rules.notation, MOVERS["english-descriptive"]
    for position in _random_positions(29, 6, 80):
        board = position.board
        expected: dict[str, list[tuple[chess.Move, float]]] = {}
        for move in board.legal_moves:
            kind = board.piece_type_at(move.from_square)
            for form in dict.fromkeys(sorted({compact_descriptive(f) for f in notation.read_forms(position, move)})):
                assert mover(form) == kind, (board.fen(), move, form)
                expected.setdefault(form, []).append((move, 0.0))
        _FORMS.clear()
        lazy = rules.forms(position)
        _FORMS.clear()
        whole = rules.forms(position)
        whole.complete()  # (made whole first, as where a damaged word's near forms are looked for: looked up by form)
        for form in [*expected, "kt-kb3", "p-k4", "castles", "q-r8", "ktxp"]:
            want = expected.get(form)
            if form == "castles" and want is None:  # "Castles" alone: the only castling legal, with either rook
                want = expected.get("castlesqr")
            assert lazy.get(form) == want and whole.get(form) == want, (board.fen(), form)
        assert dict(lazy.items()) == expected and set(lazy) == set(expected)
        assert sorted(expected, key=whole.order) == list(whole)  # (a form's place, asked alone)
        _FORMS.clear()
        eager = rules.forms(position)
        assert len(eager) == len(expected) and dict(eager.items()) == expected
    _FORMS.clear()


def test_a_positions_moves_are_made_as_python_chess_makes_them_in_its_order():
    # A position's table makes a kind of man's pseudo-legal moves (or all) by python-chess's own steps without a
    # Move for each: the same moves, promotions, castling and en passant among them, in the same order.
    positions = _random_positions(29, 20, 160)
    positions.append(Position.start(chess.Board("r3k2r/1P4P1/8/3pP3/8/8/p5p1/R3K2R b KQkq - 0 1")))
    kinds = [0, 0, 0, 0]  # promotions, castling, en passant, moves
    for position in positions:
        board = position.board
        for mask in [chess.BB_ALL, *(board.pieces_mask(kind, board.turn) for kind in chess.PIECE_TYPES)]:
            want = list(board.generate_pseudo_legal_moves(mask))
            assert _pseudo_legal(board, mask) == [(m.from_square, m.to_square, m.promotion, None) for m in want]
            if mask == chess.BB_ALL:
                kinds[0] += sum(m.promotion is not None for m in want)
                kinds[1] += sum(map(board.is_castling, want))
                kinds[2] += sum(map(board.is_en_passant, want))
                kinds[3] += len(want)
    assert all(kinds), kinds


def _one_letter_off(a: str, b: str) -> bool:
    """Whether ``a`` and ``b`` differ by one letter changed, added or lost at most (the plain comparison)."""
    if len(a) < len(b):
        a, b = b, a
    if len(a) - len(b) > 1:
        return False
    i = 0
    while i < len(b) and a[i] == b[i]:
        i += 1
    return a[i + 1:] == (b[i + 1:] if len(a) == len(b) else b[i:])


def test_the_index_of_known_forms_finds_what_comparing_every_form_finds():
    # A damaged word's near forms are looked up by their letters (_Known), not compared with every form
    # known: the same forms, as more become known, for words a letter off, damaged and of which only the
    # piece and the last letter are legible.
    import random
    rng = random.Random(9)
    rules = ChessRules(NOTATIONS["english-descriptive"])
    forms: list[str] = []
    for position in _random_positions(31, 2, 40):
        forms.extend(form for form in rules.forms(position) if form not in forms)
    known = _Known()
    letters = "pktqbrx-12345678"
    for size in range(100, len(forms) + 300, 300):
        known.update(forms[:size])
        keys = known.keys
        words = ["pxp", "p-k4", "kt-kb3", "ktxp", "qxkt", "b-qkt5", "castles", "r-k1"]
        for _ in range(20):  # words a letter or two off a known form (and whole)
            word = list(rng.choice(keys))
            for _ in range(rng.choice((0, 1, 1, 2))):
                i = rng.randrange(len(word))
                word[i:i + 1] = rng.choice(([rng.choice(letters)], [], [word[i], rng.choice(letters)]))
            if word:
                words.append("".join(word))
        for word in words:
            off, damaged = known.near(word)
            assert sorted(off) == sorted(k for k in keys if k[0] == word[0] and _one_letter_off(k, word)), word
            assert sorted(damaged) == sorted(k for k in keys if abs(len(k) - len(word)) <= 2
                                             and k[-1] == word[-1] and k[:2] == word[:2]), word
            assert sorted(known.ends(word)) == sorted(k for k in keys if abs(len(k) - len(word)) <= 2
                                                      and k[0] == word[0] and k[-1] == word[-1]), word
            assert len(off) == len(set(off)) and len(damaged) == len(set(damaged))


def test_a_descriptive_form_names_the_kind_of_man_it_moves():
    assert [_descriptive_mover(f) for f in ("kt-kb3", "qktxp", "kbp-b4", "p=q", "castlesqr", "o-o-o", "kxp", "qr-q1")] \
        == [chess.KNIGHT, chess.KNIGHT, chess.PAWN, chess.PAWN, chess.KING, chess.KING, chess.KING, chess.ROOK]
    assert _descriptive_mover("kt") is None and _descriptive_mover("zz-k4") is None


def test_a_result_after_a_notes_line_ends_no_game_whose_rows_go_on_below_it(tmp_path):
    # Löwenthal's Morphy - Kipping: a footnote of the page before (its line "29. .. 31." and "And wins.") stands
    # between the game's third and fourth rows. The rows go on below the result at the move the reading comes
    # to next: the result was the note's, and the game is read on.
    text = ("Game II. — Evans's Gambit.\nMr.  Morphy and Mr.  Kipping.\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  K.)\n\n"
            "1.  P.  to K's  4th:  1.  P.  to K's  4th.\n\n2.  Kt.  to K.  B's  3rd,  2.  Kt.  to Q.  B's  3rd.\n\n"
            "3.  B.  to B's  4th.  3.  B.  to B's  4th.\n\n*  If—  29.  Q.  to K's  3rd.\n\n"
            "30.  Kt.  takes R's P.  (ch.)  30.  K.  to R's sq.\n\n31.  B.  takes Kt's P.  (ch.)\n\nAnd wins.\n\n"
            "4.  P.  to Q.  Kt's  4th.  4.  B.  takes P.\n\n5.  P.  to B's  3rd.  5.  B.  to R's  4th.\n\n"
            "6.  P.  to Q's  4th.  6.  P.  takes P.\n\n7.  Castles.  7.  P.  to Q's  3rd.\n")
    game = _one_game(tmp_path, text)
    assert ChessGameDetail.of(game.detail).decoded
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4", "c3",
                                                  "Ba5", "d4", "exd4", "O-O", "d6"]
    assert game.result in (None, "*")
    # Only the row of the move White makes next (4. after three pairs, or after White's 3rd where the reading ended
    # with Black to move: a note's line ends so, "31. B. takes Kt's P. (ch.) / And wins."), and not below a score
    # that begins again at move 1 (another game's, under a heading the OCR damaged).
    start = Position.start(chess.Board())
    below = "And wins.\n\n4.  P.  to Q.  Kt's  4th.  4.  B.  takes P.\n"
    assert _rows_go_on(below, 0, start, 6) and _rows_go_on(below, 0, start, 5)
    assert not _rows_go_on(below, 0, start, 4) and not _rows_go_on(below, 0, start, 3)
    assert not _rows_go_on(below, 0, start, 8)
    assert not _rows_go_on("And wins.\n\n1.  P.  to K's  4th.  1.  P.  to K's  4th.\n" + below[9:], 0, start, 6)



#: A game in the form of London 1883's OCR'd rows (a row's number once, its cells run together at times: "KttoKB38",
#: "Kt t. Kt", "Pt.KP"), Kasparov - Deep Blue, New York 1997, game 2, to move 30.
_LONDON_ROWS = (
    "1 PtoK 4          P to K 4\n"
    "2 KttoKB38        Kt to QB 3\n"
    "3 B to Kt 5         P to QR 3\n"
    "4 BtoR 4          Kt to B 3\n"
    "5 Castles           B to K 2\n"
    "6 R to K sq         P to QKt 4\n"
    "7 BtoKt 3         P to Q 3\n"
    "8 P to B 3          Castles\n"
    "9 P to KR 3         P to R 3\n"
    "10 PtoQ 4          R to K sq\n"
    "11 Kt(QKt sq) to Q 2 B to B sq\n"
    "12 Kt to B sq        B to Q 2\n"
    "13 KttoKt 3        Kt to QR 4\n"
    "14 B to B 2          P to B 4\n"
    "15 PtoKt3é         Kt to B 3\n"
    "16 PtoQ 5          Kt to K 2\n"
    "17 B to K 3          Kt to Kt 3\n"
    "18 Q to Q 2          Kt to R 2\n"
    "19 PtoQR 4         Kt to R 5\n"
    "20 Kt t. Kt       Qt.Kt\n"
    "21 Q to K 2          Q to Q sq\n"
    "22 PtoKt 4         Q to B 2\n"
    "23 R(K sq) to QB sq  P to B 5\n"
    "24 R to R 3          R(K sq) to QB sq\n"
    "25 R(QB sq)toQR sq Q to Q sq\n"
    "26 P to B 4          Kt to B 3\n"
    "27 Pt. KP        Pt.KP\n"
    "28 QtoB sq         Kt to K sq\n"
    "29 Q to B 2          Kt to Q 3\n"
    "30 B to Kt 6        Q to K sq\n"
)
_LONDON_SAN = ("e4 e5 Nf3 Nc6 Bb5 a6 Ba4 Nf6 O-O Be7 Re1 b5 Bb3 d6 c3 O-O h3 h6 d4 Re8 Nbd2 Bf8 Nf1 Bd7 Ng3 Na5 Bc2 c5 "
               "b3 Nc6 d5 Ne7 Be3 Ng6 Qd2 Nh7 a4 Nh4 Nxh4 Qxh4 Qe2 Qd8 b4 Qc7 Rec1 c4 Ra3 Rec8 Rca1 Qd8 f4 Nf6 fxe5 "
               "dxe5 Qf1 Ne8 Qf2 Nd6 Bb6 Qe8").split()


@pytest.mark.parametrize("result", ["and wins easily.", "and wins."])
def test_a_result_ending_a_notes_line_numbered_past_the_rows_ends_no_game_whose_rows_resume_below_it(tmp_path, result):
    # London 1883, Sellman - Winawer: the OCR put the previous game's note ("96 ... 103 K to K sq ... and wins
    # easily.") between the score's rows 25 and 26. Its numbers are past the score's, and the rows take up again
    # below it at 26, after 25 above it: the result is the note's, and the game is read on to its 30th move.
    rows = _LONDON_ROWS.split("\n")
    text = ("Game 12.\nRUY LOPEZ.\n\nWhite. Black.\nA. Smith. B. Jones.\n" + "\n".join(rows[:25])
            + f"\n\n96 ... 103 K to K sq, {result}\n\nWhite. Black.\n" + "\n".join(rows[25:]))
    game = _one_game(tmp_path, text)
    assert ChessGameDetail.of(game.detail).decoded and game.result in (None, "*")
    assert [m.normalized for m in game.moves] == _LONDON_SAN
    board = chess.Board()
    for move, san in zip(game.moves, _LONDON_SAN):
        board.push_san(san)
        assert move.status in ("ok", "repaired") and move.position == " ".join(board.fen().split()[:4])
    # The note's words are said where they stand, on the move before them.
    assert game.moves[49].comment.startswith(f"96 ... 103 K to K sq, {result}")


def test_a_result_after_the_scores_own_rows_is_no_notes_though_a_table_below_numbers_as_them():
    # A score's last rows numbered in turn, its result, then a note's table numbered from a row of the score: no
    # note's line numbered past the rows stands before the result.
    note = "24 R to R 3 Q to K 2\n25 Q to K 3\n\n96 ... 103 K to K sq, and wins.\n\n"
    assert _rows_resume(note + "26 P to B 4 Kt to B 3\n27 P takes P P takes P\n", 56)
    # (Rows below that go on in turn, not a line of a note's words opening with a figure.)
    assert not _rows_resume(note + "26 P to B 4, and K to Q 8 is also disastrous.\n", 56)
    score = "24 R to R 3 Q to K 2\n25 Q to K 3 Q to B 3\n26 R to K 2 R to K sq\n\nAnd wins.\n\n26 P to B 4 Kt to B 3\n"
    assert not _rows_resume(score, score.index("And"))
    assert not _rows_resume("25 Q to K 3\n\n96 ... 103 K to K sq, and wins.\n\n1 P to K 4 P to K 4\n", 35)

@pytest.mark.parametrize("ending", ["8.  Q.  to K. Kt's 8th.  (ch.),  and wins.", "8.  Q.  to K. Kt's 8th.  (ch.)\n\nResigns."])
def test_a_result_phrase_is_said_of_the_move_printed_before_it_not_of_the_lines_last(tmp_path, ending):
    # Löwenthal's Morphy - Lowenthal: "25. B. takes P. (ch.), and wins." under a note, the move not read: the main line
    # ends on Black's move, but the text's last move is White's, and "and wins" (or Black's "Resigns.") is said of it.
    text = ("Game II. — Evans's Gambit.\nMr.  Morphy and Mr.  Kipping.\nWHITE.    (Mr.  M.)  BLACK.    (Mr.  K.)\n\n"
            "1.  P.  to K's  4th:  1.  P.  to K's  4th.\n\n2.  Kt.  to K.  B's  3rd,  2.  Kt.  to Q.  B's  3rd.\n\n"
            "3.  B.  to B's  4th.  3.  B.  to B's  4th.\n\n*  If—  29.  Q.  to K's  3rd.\n\n"
            "30.  Kt.  takes R's P.  (ch.)  30.  K.  to R's sq.\n\n"
            "4.  P.  to Q.  Kt's  4th.  4.  B.  takes P.\n\n5.  P.  to B's  3rd.  5.  B.  to R's  4th.\n\n"
            "6.  P.  to Q's  4th.  6.  P.  takes P.\n\n7.  Castles.  7.  P.  to Q's  3rd.\n\n"
            f"A blunder.\n\n{ending}\n")
    game = _one_game(tmp_path, text)
    assert ChessGameDetail.of(game.detail).decoded and game.moves[-1].side == "black"
    assert game.result == "1-0"


def test_a_ranks_figures_as_a_worn_descriptive_page_prints_them_are_ocr_confusions():
    # London 1883's OCR reads a rank's "3" as "8" or "s" ("5 BtoK8" for B to K 3, "PtoQR8", "KttoQBs" for Kt to
    # Q B 3), "5" as "d" ("Bto Ktd"): where no move is printed as the word stands, the other figure is read
    # through an OCR confusion (named), as "s" is read as "5" elsewhere (either, the moves after deciding).
    # Read a letter off, "B to K 8" was the first neighbour the position gave (B to K 6 where legal).
    text = "1 PtoK4 PtoK4\n2 KttoKB3 KttoQB3\n3 BtoB4 BtoB4\n4 PtoQ3 PtoQ3\n5 BtoK8 BtoK8\n6 PtoQR8 PtoQR8\n"
    assert _sans(text)[-4:] == ["Be3", "Be6", "a3", "a6"]
    assert [s.how for s in _reading(text).steps][-4:] == ["ocr"] * 4
    text = "1 PtoK4 PtoK4\n2 KttoKB3 KttoQBs\n3 Bto Ktd PtoQR3\n4 BtoR4 KttoBs\n"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6"]
    assert compact_descriptive("B to Kt s") == "b-kts"  # (Löwenthal's "s" for "5" read by the shared fold)
    # A move to the eighth rank printed as it stands is read as printed (R to Q R 3 is legal too).
    assert _sans("1 RtoR8 ch KtoR2", chess.Board("6k1/8/8/8/8/8/8/R3K3 w - - 0 1")) == ["Ra8+", "Kh7"]


def test_a_notes_reference_after_castles_and_its_side_is_no_part_of_the_move():
    # London 1883 prints "15 Castles QR(A)": the bracket names a note, not the side ("Castles (Q R)" does).
    # Read into the move, "castlesqra" was no form, and the King's side's castling was read a letter off.
    assert compact_descriptive("Castles QR(A)") == compact_descriptive("Castles (Q R)") == "castlesqr"
    assert compact_descriptive("Castles (A)") == "castles" and compact_descriptive("Castles (Q)") == "castlesqr"
    text = ("1 PtoQ4 PtoQ4\n2 KttoQB3 KttoKB3\n3 BtoKt5 PtoK3\n4 QtoQ3 BtoK2\n5 BtKt BtB\n"
            "6 Castles QR(A) Castles (B)\n")
    assert _sans(text)[-2:] == ["O-O-O", "O-O"]


def test_a_ranks_3_read_as_38_is_the_third_rank():
    # London 1883's OCR prints a rank's "3" as "38" after the file's letter 244 times ("Ktto B38", "PtoK R38");
    # any other two figures there are a row's number run in, a few times each. Read a letter off, "Kt to B 8"
    # was as near as "Kt to B 3", the first the position gave chosen.
    assert compact_descriptive("Ktto B38") == compact_descriptive("Kt to B 38") == "kt-b¤3"
    assert compact_descriptive("R to K 3 38") == "r-k338"  # (a figure apart: no rank's damage)
    text = "1 PtoK4 PtoK4\n2 KttoKB38 KttoQB38\n3 BtoB4 PtoK R38\n"
    assert _sans(text) == ["e4", "e5", "Nf3", "Nc6", "Bc4", "h6"]
    assert [s.how for s in _reading(text).steps] == ["printed", "printed", "ocr", "ocr", "printed", "ocr"]


def test_t_before_a_square_whose_rank_the_ocr_misread_is_to():
    # London 1883's "6 PtKRS" (P to K R 3), "5 ... BtQs" (B to Q 3), "Pte KBs": "t" (or "te") before a square
    # is "to" with its "o" lost also where the rank is printed as a worn page prints it ("s", "d", "g"); read
    # as "takes", "pxkrs" was no form and the move was read a letter off or lost.
    assert compact_descriptive("PtKRS") == "p~krs" and compact_descriptive("BtQs") == "b~qs"
    assert compact_descriptive("Pte KBs") == "p~kbs" and compact_descriptive("Bt Ktd") == "b~ktd"
    assert compact_descriptive("Pt Kt") == "pxkt" and compact_descriptive("Bt. Q") == "bxq"
    text = "1 PtoQ4 PtoQ4\n2 PtoQB4 PtoK3\n3 PtKRS BtQs\n"
    assert _sans(text)[-2:] == ["h3", "Bd6"]
    assert [s.how for s in _reading(text).steps][-2:] == ["ocr", "ocr"]


def test_a_games_own_confusion_is_read_one_way_only():
    # The OCR prints a worn "3" as "8"; it does not print an "8" for a "3". A hand-keyed "Kt to B 3" where no
    # Knight goes to B 3 is a misprint to be repaired among every near move, never an OCR'd "Kt to B 8" (read
    # both ways, Hoyle's "Kt to B 3" was Nf8 at an OCR confusion's cost).
    board = chess.Board("4k3/3N4/8/8/8/8/8/4K3 w - - 0 1")
    steps = _reading("1 KttoB3", board).steps
    assert [s.how for s in steps] != ["ocr"]
    assert _sans("1 KttoB8", board) == ["Nf8"] or _sans("1 KttoB8", board) == ["Nb8"]


def test_a_possessives_s_before_its_rank_is_no_worn_rank():
    # Löwenthal's OCR prints "Kt's" as "Kfs" and "K's" as "K»s": read short of its rank, "R. to Kfs" was a worn
    # page's "R to Kt 3" (the game's own confusion) with "5th." left as prose, as cheap as the move read whole.
    board = chess.Board("4k3/8/8/8/8/8/8/4K1R1 w - - 0 1")
    assert _sans("1. R.  to Kfs  5th.", board) == ["Rg5"]
    assert _sans("1. P.  to Kfs  4th.  P.  to K»s  4th.") == ["g4", "e5"]  # (no "g3" and a "4th." left as prose)
    assert _sans("1. P.  to K»s  4th.  P.  to K»s  4th.") == ["e4", "e5"]


#: A whole game on one line, as a web page or a newspaper's column prints it (legal to its end).
ONE_LINE = (
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Re1 b5 7. Bb3 d6 8. c3 O-O 9. h3 Nb8 10. d4 Nbd7 "
    "11. c4 c6 12. cxb5 axb5 13. Nc3 Bb7 14. Bg5 b4 15. Nb1 h6 16. Bh4 c5 17. dxe5 Nxe4 18. Bxe7 Qxe7 "
    "19. exd6 Qf6 20. Nbd2 Nxd6 21. Nc4 Nxc4 22. Bxc4 Nb6 23. Ne5 Rae8 24. Bxf7+ Rxf7 25. Nxf7 Rxe1+ "
    "26. Qxe1 Kxf7 27. Qe3 Qg5 28. Qxg5 hxg5 29. b3 Ke6 30. a3 Kd6 31. axb4 cxb4 32. Ra5 Nd5 33. f3 Bc8 "
    "34. Kf2 Bf5 35. Ra7 g6 36. Ra6+ Kc5 37. Ke1 Nf4 38. g3 Nxh3 39. Kd2 Kb5 40. Rd6 Kc5 41. Ra6 Nf2 "
    "42. g4 Bd3 43. Re6 1/2-1/2\n")


@pytest.mark.parametrize("notation", ["algebraic", "san"])
def test_a_pieces_move_is_read_whatever_the_other_men_where_its_forms_were_first_made(notation):
    # The decoder makes a move's forms once for every position where its men are the same. SAN names the
    # square a Knight leaves only where the other Knight goes there too: made where both could go to d5
    # (Black's 20th), b6-d5's forms were "Nbd5" alone, and at Black's 32nd, the other Knight gone, the
    # printed "Nd5" read as no move: ten plies of the game were left as prose (74 of 85 read).
    rules = ChessRules(NOTATIONS[notation])
    reading = Decoder(rules).read(segments(tokens(ONE_LINE), _WHITE_HEAD, _BLACK_HEAD), Position.start(chess.Board()))
    assert len(reading.steps) == 85 and all(step.how == "printed" for step in reading.steps)


def test_sans_read_forms_name_the_square_left_every_way_whatever_the_other_men():
    board = chess.Board("8/1b4p1/1n1k4/R5p1/1p6/1P5P/5PP1/6K1 b - - 1 32")
    forms = NOTATIONS["san"].read_forms(Position.start(board), chess.Move.from_uci("b6d5"))
    assert forms[:4] == ["Nd5", "Nbd5", "N6d5", "Nb6d5"]
    board.set_piece_at(chess.F4, chess.Piece(chess.KNIGHT, chess.BLACK))  # (another Knight goes to d5 too)
    assert NOTATIONS["san"].read_forms(Position.start(board), chess.Move.from_uci("b6d5")) == forms
    assert NOTATIONS["german"].read_forms(Position.start(board), chess.Move.from_uci("b6d5"))[1:] == \
        ["Sd5", "Sbd5", "S6d5", "Sb6d5"]


def test_a_decoded_sans_check_mark_is_its_own(tmp_path):
    # A game the layout reader cannot read whole (a move printed twice) is the decoder's: its "Bxf7+" keeps
    # its check (no "the text does not say so"), and a move's number is no move-like word left as prose.
    path = tmp_path / "game.txt"
    path.write_text(ONE_LINE.replace("17. dxe5 Nxe4 ", "17. dxe5 Nxe4 17... Nxe4 "), encoding="utf-8")
    game, = read_games([path])
    assert len(game.moves) == 85 and game.status == "ok"
    assert not [d for d in game.diagnostics if d.code == "missed-check"]
    # (The move printed twice is read where the row prints it, "17. dxe5 Nxe4": the one after, "17... Nxe4", names
    # Black's 17th again (search.AGAIN), and is said as prose. Before, the row's word was the one left as prose.)
    (said,) = [d for d in game.diagnostics if d.code == "prose"]
    assert "'Nxe4'" in said.message and (said.line, said.column) == (1, 194)


def test_a_squares_figure_with_the_moves_full_stop_is_no_move_number():
    # "1. K P - K 4. 1. K P - K 3." (Young's Minor Tactics): "4." after "K" is the square's; counted as a number,
    # the rows' numbers did not repeat one another, and the text was taken to number White's moves alone.
    text = "1. K P - K 4. 1. K P - K 3.\n2. Q P - Q 4. 2. Q P - Q 4.\n3. K P X Q P. 3. KP X P.\n4. K B - Q 3. 4. KKt-KB3.\n"
    assert second_numbered(tokens(text))


def test_whether_both_sides_are_numbered_is_judged_on_the_printed_order():
    # Young's Bird - Brien: the players' heads above the rows ("White (Mr. Bird). Black [Mr. Brien).") and a
    # diagram's below ("(Black.)") make a pair of columns whose first is the rows and empty before them: the rows
    # of both sides' numbers are in the printed order, which the decoder judges.
    text = ("White (Mr. Bird). Black [Mr. Brien).\n1. K P - K 4. 1. K P - K 3.\n2. Q P - Q 4. 2. Q P - Q 4.\n3. K P X Q P. 3. KP X P.\n"
            "4. K B - Q 3. 4. KKt-KB3.\n(Black.)\n■ 4 li ■*\n[White.]\n")
    cut = segments(tokens(text), _WHITE_HEAD, _BLACK_HEAD)
    assert len(cut[0].orders) > 1 and not cut[0].orders[0][0]
    decoder = Decoder(ChessRules(NOTATIONS["english-descriptive"]))
    decoder.read(cut, Position.start(chess.Board()))
    assert decoder.second_numbered


def test_a_list_of_a_notes_alternatives_is_not_read_as_the_games_moves(tmp_path):
    # The Chess-Player's Text Book's GAME I: five defences listed, one a line, then the game's row "2. P. to Q.'s 3rd.".
    # Read as the game's moves one after another, the list gains a few legal words and puts the rows after it one
    # move off (errors): the layout reader's reading (the list as variations of Black's second move) stands.
    book = Path(__file__).parent.parent / "corpus/dev/chess-players-text-book/pages-113-114.txt"
    game = _one_game(tmp_path, "\n".join(book.read_text(encoding="utf-8").splitlines()[5:40]) + "\n")
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "d6", "d4", "f5", "dxe5", "fxe4", "Ng5", "d5",
                                                   "e6", "Nh6"]
    # (The fourth defence, "P. to Q.'s 3rd (which is much better)", is the game's own 2... d6: no variation of it,
    # its words kept at the game's move, said in an info.)
    assert [v.moves[0].normalized for v in game.variations][:4] == ["f6", "Bd6", "Qf6", "Bc4"]
    assert game.moves[3].comment.endswith("2... P. to Q.'s 3rd which is much better")
    assert [d.ply for d in game.diagnostics if d.code == "repeated-line"] == [4]
    assert game.status == "ok"


#: Freeborough and Ranken's *Chess Openings, Ancient and Modern* (1896; corpus/dev/freeborough-chess-openings):
#: a column's line, then its notes, each opened by its mark in brackets and naming the move it goes back to.
_PHILIDOR = ("The Philidor form is  1  P-K4,  P-K4;  2  Kt-KB3,  P-Q3;  3  P-Q4,  P x P;  4  Kt x  P,  Kt-KB3 ;    "
             "5  Kt-QB3,  B-K2 ;  6  B-K2,  0-0 ;  7  0-0,  R-Ksq.\n")


def test_castling_set_with_the_figure_nought_is_castling():
    # "7  0-0,  R-Ksq": the figures of castling, as the layout grammar reads them; left as another notation's
    # word, both sides' castling was lost from a note's line and "R-Ksq" read as Black's Rg1 or left as prose.
    assert compact_descriptive("0-0,") == "o-o" and compact_descriptive("0 - 0 - 0") == "o-o-o"
    assert compact_descriptive("10-0") != "o-o"
    assert _sans(_PHILIDOR)[-3:] == ["O-O", "O-O", "Re8"]


def test_a_stop_for_the_dash_set_close_is_an_ocr_confusion():
    # Freeborough's OCR: "1  P.K4,  P.K4;  2  Kt.KB3,  P.Q3" (the dash read as a full stop). The words were no move
    # and no move-like word either: the line was read from its third move on, the rest dropped unsaid. Read through
    # an OCR confusion (named); the long form's stops and a man named by his square stay as they were.
    assert compact_descriptive("P.K4,") == "p~k4" and compact_descriptive("Kt.KB3") == "kt~kb3"
    assert compact_descriptive("Q.R5ch,") == "q~r5" and compact_descriptive("K.K2") == "k~k2"
    assert compact_descriptive("Kt. to K. B's 3rd.") == "kt-kb3" and compact_descriptive("K.B.P.") == "kbp"
    text = "The Philidor form is  1  P.K4,  P.K4;  2  Kt.KB3,  P.Q3;  3  P.Q4,  PxP;  4  Kt X  P,  Kt-KB3 ;  5  Kt-QB3."
    assert _sans(text) == ["e4", "e5", "Nf3", "d6", "d4", "exd4", "Nxd4", "Nf6", "Nc3"]
    assert [s.how for s in _reading(text).steps][:6] == ["ocr"] * 5 + ["printed"]


#: Bird's *Chess Openings*, GAME 7 (the Scotch Gambit) as its OCR gives it: White's column above the heading,
#: Black's under it, a verdict, then a variation's heading and its table (a column of numbers, White's moves
#: without them, Black's with them, a verdict).
_BIRD_GAME_7 = (
    "WHITE.\n1 P. to K. 4.\n2 Kt. to K. B. 3.\n3 P. to Q. 4.\n4 B. to Q. B. 4.\n5 Kt. to K. Kt. 5,\n6 Q, to K. R. 5,\n"
    "7 Castles.\n8 P. to K. R. 3.\n9 P. to K. B. 4.\nGAME 7.\nBLACK.\n1 P. to K. 4.\n2 Kt. to Q. B. 3.\n3 P. takes P.\n"
    "4 B. to Q. B. 4.\n5 Kt. to K. R. 3.\n6 Q. to K, 2.\n7 P. to Q, 3,\n8 B, toQ. 2,\n9 Castles Q. R,\n"
    "And Black preserves the Gambit Pawn with at least an equal position.\n"
    "{heading}\n6\n7\n8\n9\n10\nWHITE.\nCastles.\nP. to K. R. 3.\nP. to Q. B. '6.\nK. to R. sq.\nP, toK, B. 4.\n"
    "BLACK.\n6 P. to Q. 3.\n7 B. to Q. 2.\n8 Q, to K, B, 3,\n9 Castles Q. R.\n"
    "While has a good opening, but Black still retains the Gambit Pawn.\n")
_GAME_7_LINE = ["e4", "e5", "Nf3", "Nc6", "d4", "exd4", "Bc4", "Bc5", "Ng5", "Nh6", "Qh5", "Qe7", "O-O", "d6", "h3",
                "Bd7", "f4", "O-O-O"]


def test_a_variations_heading_reads_its_table_as_a_variation_at_the_move_it_names(tmp_path):
    # "Variation at White's 6th Move," heads a table of the line from White's 6th: its moves are no moves of the
    # game (strung on after 9...O-O-O they were legal, by chance, and the record said nothing), and its columns
    # are read as a score's are (the numbers apart, White's moves without them, "P. to Q. B. '6." one letter off).
    game = _one_game(tmp_path, _BIRD_GAME_7.format(heading="Variation at White's 6th Move,"))
    assert [m.normalized for m in game.moves] == _GAME_7_LINE
    (variation,) = game.variations
    assert variation.branch_ply == 11  # White's 6th move
    assert [m.normalized for m in variation.moves] == ["O-O", "d6", "h3", "Bd7", "c3", "Qf6", "Kh1", "O-O-O", "f4"]
    assert variation.label == "Variation at White's 6th Move,"
    assert variation.comment == "While has a good opening, but Black still retains the Gambit Pawn."
    assert game.status == "repaired" and not [d for d in game.diagnostics if d.severity == "error"]


@pytest.mark.parametrize("heading", ["Yariation 2 AT White's 6th Move,", "Variation\n2\nAT\nWhite's\n6th Move.",
                                     "Variation Commencing\nAl\nWhite's 6th Move,", "Second A^ariation at\nWhite's 6th Move."])
def test_a_variations_heading_numbered_broken_over_lines_or_with_its_v_damaged_heads_its_table(tmp_path, heading):
    # Bird's headings as its OCR gives them: a number after "Variation", its words on lines of their own, "Commencing"
    # before "at" ("Al"), the V read as Y or "A^". Not taken for headings, their tables were strung on to the game.
    game = _one_game(tmp_path, _BIRD_GAME_7.format(heading=heading))
    assert [m.normalized for m in game.moves] == _GAME_7_LINE
    (variation,) = game.variations
    assert variation.branch_ply == 11
    assert variation.label == " ".join(heading.split())


def test_a_variations_heading_as_the_ocr_damaged_it_names_its_move():
    body = ("x\nVariation at White's 5tii Move.\nx\nVariation at Black's IOtii Move.\nx\nVariation at\nWhite' s\n"
            "5th Move.\nSubstituted Variation AT Black's 10th Move.\nVariation at 9Tn Move.\nVariation at Black's I\n"
            "?Tii Move.\nMr. Blackburne has recently introduced a Variation at\nWhite's 5th move.\n")
    assert [(h.number, h.side) for h in variation_headings(body)] == [
        (5, 0), (10, 1), (5, 0), (10, 1), (9, None), (None, 1)]  # (a sentence's "a Variation at" heads nothing)


def test_a_variation_that_cannot_be_read_is_said_and_kept_off_the_games_line(tmp_path):
    # The heading names a move past the line read: its table is not read, and not strung on to the game.
    game = _one_game(tmp_path, _BIRD_GAME_7.format(heading="Variation at White's 12th Move,"))
    assert [m.normalized for m in game.moves] == _GAME_7_LINE
    assert not game.variations
    (said,) = [d for d in game.diagnostics if d.code == "unread-variation"]
    assert said.severity == "error" and said.line == 23 and game.status == "error"


def test_castles_with_its_wing_is_read_whole():
    # Both castlings legal at Black's 9th: "Castles Q. R," is the Queen's side, not "Castles" (the position's
    # first castling) with its wing left as prose, which cost nothing more.
    score = _BIRD_GAME_7.split("{heading}")[0]
    assert _sans(score) == _GAME_7_LINE


def test_a_column_of_moves_without_numbers_beside_a_column_of_numbers_is_one_sides_column():
    # "6" .. "8", then White's moves under "WHITE." without numbers, then Black's with them: the squares' figures
    # of White's column ("R. 3.") are no row numbers, neither where its column ends nor before its next move.
    board = chess.Board()
    for san in _GAME_7_LINE[:10]:
        board.push_san(san)
    text = ("6\n7\n8\nWHITE.\nCastles.\nP. to K. R. 3.\nP. to Q. B. 3.\nBLACK.\n6 P. to Q. 3.\n7 B. to Q. 2.\n"
            "8 Q, to K, B, 3,\n")
    assert _sans(text, board) == ["O-O", "d6", "h3", "Bd7", "c3", "Qf6"]


#: Morphy – Duke of Brunswick and Count Isouard (Paris, 1858) set as an Edwardian primer sets a game: the
#: players under the columns' heads, lettered notes after the score (their moves named by number).
_OPERA = """GAME XII

        WHITE                 BLACK
     P. MORPHY           DUKE OF BRUNSWICK

  1. P-K4                P-K4
  2. Kt-KB3              P-Q3
  3. P-Q4                B-Kt5 (a)
  4. PxP                 BxKt
  5. QxB                 PxP
  6. B-QB4               Kt-KB3
  7. Q-QKt3              Q-K2
  8. Kt-B3               P-B3
  9. B-KKt5              P-Kt4 (b)
 10. KtxP                PxKt
 11. BxKtP ch            QKt-Q2
 12. {castles}       R-Q sq
 13. RxKt                RxR
 14. R-Q sq              Q-K3
 15. BxR ch              KtxB
 16. Q-Kt8 ch            KtxQ
 17. R-Q8 mate

(a) Better is 3. ..., PxP.

(b) If 9. ..., Q-B2; 10. BxKt, PxB.
"""


@pytest.mark.parametrize("castles", ["Castles (Q)", "Castles Q side", "Castles QR", "Castles on Q side"])
def test_castling_with_its_wing_named_is_read_whole(tmp_path, castles):
    # "Castles (Q)" and "Castles Q side" were read as "Castles" (O-O) and a word left over: the game went wrong
    # from move 12 (R-Q sq ambiguous, 13. RxKt no move), and the layout reader's reading, with the note (b)
    # read on as the game's move 18, stood. Every wing's form compacts to castling's own (``castlesqr``).
    assert {compact_descriptive(f) for f in ("Castles (Q)", "Castles Q side", "Castles on the Queen's side",
                                            "Castles Q. R,", "Castles (Q.R.)")} == {"castlesqr"}
    assert {compact_descriptive(f) for f in ("Castles", "Castles (K)", "Castles K R", "Castles on K's side")} == {"castles"}
    game = _one_game(tmp_path, _OPERA.format(castles=castles.ljust(16)))
    assert [m.normalized for m in game.moves][22:] == ["O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6", "Bxd7+", "Nxd7",
                                                        "Qb8+", "Nxb8", "Rd8#"]
    assert [[m.normalized for m in v.moves] for v in game.variations] == [["exd4"], ["Qc7", "Bxf6", "gxf6"]]
    assert not [d for d in game.diagnostics if d.severity == "error"]


#: Anderssen – Dufresne (Berlin, 1852) as a primer of the 1900s prints a game: a paragraph of moves, a note's label
#: in brackets after a move, the notes below each opening with its label.
_EVERGREEN = (
    "White: A. Anderssen. Black: J. Dufresne.\n\n"
    "1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; 4. P-QKt4, BxKtP; 5. P-B3, B-R4; 6. P-Q4, PxP; "
    "7. Castles, P-Q6 (1); 8. Q-Kt3, Q-B3; 9. P-K5, Q-Kt3; 10. R-K sq, KKt-K2; 11. B-R3, P-Kt4; 12. QxP, R-QKt sq; "
    "13. Q-R4, B-Kt3; 14. QKt-Q2, B-Kt2 (2); 15. Kt-K4, Q-B4; 16. BxP, Q-R4; 17. Kt-B6 ch, PxKt; 18. PxP, R-Kt sq; "
    "19. QR-Q sq, QxKt; 20. RxKt ch, KtxR; 21. QxP ch, KxQ; 22. B-B5 dbl. ch, K-K sq; 23. B-Q7 ch, K-B sq; "
    "24. BxKt mate.\n\n(1) A better defence is 7. ..., P-Q3.\n\n(2) Black should have played 14. ..., Q-B4.\n")


def test_a_notes_label_in_brackets_is_no_move_number(tmp_path):
    # "(1)" opening the note was read as a move number (as "(12) P-Q4" is): the note's line began at move 1 and
    # its "7. ..., P-Q3." was left as prose. Before the note's words or its own number it is the note's label.
    assert [w.number for w in tokens("(1) A better defence is 7. ..., P-Q3.")][:2] == [None, None]
    assert [w.number for w in tokens("(4) 4 .., Kt-KB3")][:2] == [None, 4]
    assert tokens("(12) P-Q4, P-Q3")[0].number == 12
    # ... before a sentence whose first word is a possessive, quoted, or hyphened; nor a figure with its closing
    # bracket only ("2) The ..."), a label as a book prints it too; a man's possessive is a move's word.
    for note in ("(2) Capablanca's freeing manoeuvre.", "(2) “Black’s best.", "(2) Self-evident.", "2) The usual defence."):
        assert tokens(note)[0].number is None, note
    assert tokens("(12) Kt's P, P-Q3")[0].number == 12
    game = _one_game(tmp_path, _EVERGREEN)
    assert [m.normalized for m in game.moves][-3:] == ["Bd7+", "Kf8", "Bxe7#"]
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(14, ["d6"]), (28, ["Qf5"])]


def test_a_number_after_a_labels_word_is_no_move_number(tmp_path):
    # "Diagram 12." between a score and its note: its 12 took the reading back before Black's 12th, and the note's
    # "If instead of 13. P-QR4 White plays 13. Kt-K4, ..." became the variation 12... a5 (the quoted move, read as
    # Black's) beside the right one; the record ok.
    assert [w.number for w in tokens("Diagram 12. If instead of 13. P-QR4")] == [None, None, None, None, None, 13, None]
    assert [w.number for w in tokens("See Fig. 3 and No. 5, p. 7; 8. P. 3")] == [None, None, None, None, None, None,
                                                                             None, None, 8, None, 3]
    # (A move that ends in a pawn's letter is no page's "p.": London 1883's "P:t.-P 28 Qto BS", its next column's row.)
    assert [w.number for w in tokens("3 Pt. P P:t.-P 28 Qto BS")] == [3, None, None, None, 28, None, None]
    game = _one_game(tmp_path, (
        "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-B3 Kt-B3 5. P-Q4 P x P 6. P x P B-Kt5 ch 7. B-Q2 B x B ch "
        "8. QKt x B P-Q4 9. P x P KKt x P 10. Q-Kt3 QKt-K2 11. 0-0 0-0 12. KR-K1 P-QB3 13. P-QR4 Q-Kt3 14. Q x Q P x Q\n\n"
        "Diagram 12.\n\n"
        "If instead of 13. P-QR4 White plays 13. Kt-K4, then 13. ... Q-Kt3 14. Q-R3 B-K3 and Black stands well.\n"))
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [
        (25, ["Ne4", "Qb6", "Qa3", "Be6"])]


def test_a_double_or_discovered_check_in_words_is_the_moves_check_mark(tmp_path):
    # "22. B-B5 dbl. ch": read as a move printed with no mark ("gives check, and the text does not say so").
    game = _one_game(tmp_path, _EVERGREEN)
    assert not [d for d in game.diagnostics if d.code == "missed-check"]
    assert compact_descriptive("B-B5 dbl. ch") == compact_descriptive("B-B5 dis. ch.") == "b-b5"


def test_a_pawns_step_in_words_and_a_checkmate_given_in_words(tmp_path):
    # The Blue Book's Scholar's Mate: "3. Q. P. one." (the Queen's Pawn one square) was read as no move, and
    # "giving checkmate" as no mark (the mate unsaid). "one" and "two" after a pawn are its step, as "one square" is.
    assert compact_descriptive("Q. P. one.") == compact_descriptive("Q. P. one square.") == "qp^1"
    assert compact_descriptive("K. P. two.") == "kp^2"
    assert compact_descriptive("P. one, becoming a Queen.") != "p^1"  # (a pawn queening, read whole by the grammar)
    game = _one_game(tmp_path, "            WHITE.                         BLACK.\n"
                     "    1. P. to K's 4th.                1. P. to K's 4th.\n"
                     "    2. K. B. to Q. B's 4th.          2. K. B. to Q. B's 4th.\n"
                     "    3. Q. to K. R's 5th.             3. Q. P. one.\n"
                     "    4. Q. takes K. B. P., giving checkmate.\n")
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Bc4", "Bc5", "Qh5", "d6", "Qxf7#"]
    assert game.status == "ok" and not game.diagnostics


@pytest.mark.parametrize("said", [", checkmate.", ". Checkmate.", ", mate.", " (mate).", ", giving checkmate."])
def test_a_mate_said_in_words_after_the_move_is_its_mate_mark(tmp_path, said):
    # "R. to Q. 8th, checkmate." read by the decoder (the score's "Srd." an OCR's "3rd."): the mate was unsaid
    # ("gives mate, and the text does not say so"), though the layout reader's grammar reads the word.
    game = _one_game(tmp_path, "            WHITE.                         BLACK.\n"
                     "    1. P. to K's 4th.                1. P. to K's 4th.\n"
                     "    2. K. B. to Q. B's 4th.          2. K. Kt. to B's Srd.\n"
                     "    3. Q. to K. R's 5th.             3. P. to Q's 3d.\n"
                     f"    4. Q. takes K. B. P.{said}\n")
    assert [m.normalized for m in game.moves][-1] == "Qxf7#" and game.detail.decoded
    assert not [d for d in game.diagnostics if d.code == "missed-mate"], [d.message for d in game.diagnostics]


#: A German book's game page: a column score whose notes send it to the decoder.
_GERMAN_PAGE = (
    'Partie Nr. 7.\n'
    'Gespielt zu Berlin am 12. März 1858.\n'
    '\n'
    '        Weiß: Anderssen.          Schwarz: von der Lasa.\n'
    '\n'
    ' 1. e2—e4        e7—e5\n'
    ' 2. Sg1—f3       Sb8—c6\n'
    ' 3. Lf1—c4       Lf8—c5\n'
    ' 4. b2—b4        Lc5×b4\n'
    ' 5. c2—c3        Lb4—a5\n'
    ' 6. d2—d4        e5×d4\n'
    ' 7. 0—0          d4—d3 a)\n'
    ' 8. Dd1—b3       Dd8—f6\n'
    ' 9. e4—e5        Df6—g6\n'
    '10. Tf1—e1       Sg8—e7\n'
    '11. Lc1—a3       b7—b5 b)\n'
    '12. Db3×b5       Ta8—b8\n'
    '13. Db5—a4       La5—b6\n'
    '14. Sb1—d2      Lc8—b7\n'
    '15. Sd2—e4       Dg6—f5\n'
    '16. Lc4×d3       Df5—h5\n'
    '17. Se4—f6+      g7×f6\n'
    '18. e5×f6        Th8—g8\n'
    '19. Ta1—d1       Dh5×f3\n'
    '20. Te1×e7+      Sc6×e7\n'
    '21. Da4×d7+      Ke8×d7\n'
    '22. Ld3—f5+      Kd7—e8\n'
    '23. Lf5—d7+      Ke8—f8\n'
    '24. La3×e7 matt.\n'
    '\n'
    'a) Besser ist hier 7. ... La5—b6 oder 7. ... Sg8—f6.\n'
    'b) Auf 11. ... d7—d6 folgt 12. e5×d6 c7×d6 13. Sb1—d2 mit gutem Spiel für Weiß.\n'
)


@pytest.mark.parametrize("check, mate", [(" Schach", " matt."), (" Schach.", " Matt"), (", Schach!", ", matt!")])
def test_a_german_check_or_mate_in_its_own_word_is_the_moves_mark(tmp_path, check, mate):
    # "24. La3×e7 matt." read by the decoder: the word was the move's comment and the mate unsaid ("gives mate, and
    # the text does not say so"), though the German grammar reads it as the layout reader's mark.
    text = _GERMAN_PAGE.replace("Se4—f6+", "Se4—f6" + check).replace(" matt.", mate)
    game = _one_game(tmp_path, text)
    assert game.detail.decoded and game.status == "ok"
    assert [m.normalized for m in game.moves][32] == "Nf6+" and game.moves[-1].normalized == "Bxe7#"
    assert not [d for d in game.diagnostics if d.code in ("missed-mate", "missed-check")], \
        [d.message for d in game.diagnostics]


def test_a_notes_move_that_names_the_games_own_move_is_no_variation(tmp_path):
    # "instead of 4. ..., B x P": the words may mean Bxb4 (the game's, by its printed marks) or Bxf2+; the note
    # names the game's move, not a variation 4... Bxf2+ (an ambiguous-move error, and the game's check unsaid).
    game = _one_game(tmp_path, "The Evans Gambit arises after 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-B4, B-B4; "
                     "4. P-QKt4. Black should accept it by 4. ..., B x P; then follows 5. P-B3, B-R4.\n\n"
                     "If Black, instead of 4. ..., B x P, plays 4. ..., B-Kt3, then 5. P-QR4, P-QR3.\n")
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4", "c3", "Ba5"]
    assert [[m.normalized for m in v.moves] for v in game.variations] == [["Bb6", "a4", "a6"]]
    assert game.status == "ok" and not [d for d in game.diagnostics if d.severity != "warning"]


def test_a_rank_in_words_is_a_rank_only_after_a_files_name():
    # "K. B. to Q. B. fourth." is Bc4's form; Philidor's "one white knight, at the first view, seems protected" is
    # prose (read as a knight's move to the first rank, the game's move).
    assert compact_descriptive("K. B. to Q. B. fourth.") == "kb-qb4"
    assert compact_descriptive("Q. to her Kt. third.") == compact_descriptive("Q. to her Kt's 3d.")
    assert "1" not in compact_descriptive("white knight, at the first view")


def test_a_pawns_step_in_words_is_a_move_only_where_its_stop_ends_it():
    # Philidor's note "(o) ... to push your king's knight's pawn two steps." was read as the game's g4 (the window
    # of words ends at "two", the note's "steps" beyond it): "one" or "two" alone is a step where its stop ends it.
    assert compact_descriptive("king's knight's pawn two") != "kktp^2"
    assert compact_descriptive("K. Kt. P. two.") == "kktp^2"


def test_a_notes_paragraph_between_rows_leaves_the_game_to_the_rows(tmp_path):
    # The paragraph between rows 7 and 8 names more moves than the beam has places, each legal where it
    # stands ("Q. takes K. Kt.'s P., to which Black replies, K's Kt. to B's 3d."): the reading that waits
    # for row 8 must not be pushed out before the row's number comes, or the game goes on with the note's
    # moves and every row after is read a move off (Every Boy's Book, the Allgaier gambit).
    text = ("         WHITE.                            BLACK.\n"
            "  1. P. to K's 4th.                 1. P. to K's 4th.\n"
            "  2. P. to K. B's 4th.              2. P. takes P.\n"
            "  3. K's Kt. to B's 3d.             3. P. to K. Kt.'s 4th.\n"
            "  4. P. to K. R's 4th.              4. P. to K. Kt.'s 5th.\n"
            "  5. Kt. to Kt.'s 5th.              5. P. to K. R's 3d.\n"
            "  6. Kt. takes K. B's P.            6. K. takes Kt.\n"
            "  7. B. to Q. B's 4th. (ch.)        7. P. to Q's 4th.\n\n"
            "Your 7th move gives a far more embarrassing attack than the old move of\n"
            "Q. takes K. Kt.'s P., to which Black replies, K's Kt. to B's 3d. with a\n"
            "winning position.\n\n"
            "In the present game Black's reply of P. to Q's 4th is his only move. If\n"
            "he retire K. to Kt.'s sq., you must gain some advantage by Q. takes K.\n"
            "Kt.'s P., &c.\n\n"
            "  8. B. takes P. (ch.)              8. K. to K's sq.\n\n"
            "In our opinion the move of K. to K's sq. is preferable to K. to Kt.'s\n"
            "2d.\n\n"
            "   9. P. to Q's 4th.                 9. P. to K. B's 6th. (best.)\n"
            "  10. P. takes P.                   10. B. to K's 2d.\n")
    game = _one_game(tmp_path, text)
    assert [m.normalized for m in game.moves][14:] == ["Bxd5+", "Ke8", "d4", "f3", "gxf3", "Be7"], \
        [d.message for d in game.diagnostics]
    assert all(m.status == "ok" for m in game.moves)


def test_a_notes_line_does_not_wait_for_the_rows_in_the_games_place(tmp_path):
    # The reading that waits for the next row is the game's own line, never a note's line read as a variation
    # (one that went back at "If White had played 9. P takes Q P"): kept past the beam's width too, such readings
    # crowd out the game's, and the note's 9. P takes Q P, P takes P became the game (Hoyle, the Four Knights).
    text = ("      WHITE.                         BLACK.\n"
            "   1. P to K 4                    1. P to K 4\n"
            "   2. Kt to Q B 3                 2. Kt to K B 3\n"
            "   3. Kt to B 3                   3. Kt to B 3\n"
            "   4. B to Kt 5                   4. B to Kt 5\n"
            "   5. Castles                     5. Castles\n"
            "   6. Kt to Q 5                   6. Kt takes Kt\n"
            "   7. P takes Kt                  7. P to K 5\n"
            "   8. P takes Kt                  8. P takes Kt\n"
            "   9. Q takes P\n\n"
            "If White had played 9. P takes Q P, Black's best reply would have been 9.\n"
            "... P takes P, attacking the Rook; if 9. P takes Kt P, Black replies 9. ...\n"
            "B takes Kt P, with a promising attack.\n\n"
            "      ...                         9. Q P takes P\n"
            "  10. B to K 2                   10. B to Q 3\n")
    game = _one_game(tmp_path, text)
    assert [m.normalized for m in game.moves][16:] == ["Qxf3", "dxc6", "Be2", "Bd6"], \
        [d.message for d in game.diagnostics]


def test_a_printed_check_that_settles_the_reading_is_the_reason_given(tmp_path):
    # "21. QxP ch" (Qxd7+ or Qxa7): the printed check says which, as the layout reader's replay says ("agrees with
    # the printed check marks"); the decoder's reading said "only Qxd7+ lets the game go on", as if the mark said
    # nothing. "16. BxP" (Bxd3 or Bxf7+) prints no check: its absence says which too.
    game = _one_game(tmp_path, _EVERGREEN)
    # (Whichever reader reads the record: since its notes' sentences, "A better defence is 7. ..., P-Q3.", are
    # notes to the layout reader too, the layout reader's replay reads it, naming the word with its mark.)
    ambiguous = [d.message for d in game.diagnostics if d.code == "ambiguous-move"]
    # (Which mark said it, the one printed or its absence: was "agrees with the printed check marks" for BxP too.)
    for word, chosen, other, why in (("QxP", "Qxd7+", "Qxa7", "gives the check printed"),
                                     ("B-B5", "Bf5+", "Bc5", "gives the check printed"),
                                     ("BxP", "Bxd3", "Bxf7+", "gives no check, as the text prints none")):
        assert any(m.startswith(f"'{word}") and other in m.split(";")[0]
                   and m.endswith(f"only {chosen} {why}") for m in ambiguous), ambiguous


#: The Opera game (Morphy - Duke of Brunswick and Count Isouard, Paris 1858) as an e-text of 1900-1925 prints it:
#: a row a move, a note in a paragraph of its own after the move it speaks of (:func:`_with_note`).
_OPERA_ROWS = [("P-K4", "P-K4"), ("Kt-KB3", "P-Q3"), ("P-Q4", "B-Kt5"), ("PxP", "BxKt"), ("QxB", "PxP"),
          ("B-QB4", "Kt-KB3"), ("Q-QKt3", "Q-K2"), ("Kt-B3", "P-B3"), ("B-KKt5", "P-Kt4"), ("KtxP", "PxKt"),
          ("BxKtP ch", "QKt-Q2"), ("Castles QR", "R-Q1"), ("RxKt", "RxR"), ("R-Q1", "Q-K3"), ("BxR ch", "KtxB"),
          ("Q-Kt8 ch", "KtxQ"), ("R-Q8 mate.", "")]
_OPERA_SAN_MOVES = ["e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3", "Qxf3", "dxe5", "Bc4", "Nf6", "Qb3", "Qe7", "Nc3",
              "c6", "Bg5", "b5", "Nxb5", "cxb5", "Bxb5+", "Nbd7", "O-O-O", "Rd8", "Rxd7", "Rxd7", "Rd1", "Qe6",
              "Bxd7+", "Nxd7", "Qb8+", "Nxb8", "Rd8#"]


def _with_note(number: int, side: str, note: str) -> str:
    """The Opera game's score with ``note`` after White's move ``number`` (``side`` "white": the row is split, Black's
    move printed after the note as ``number. ...``) or after the row (``side`` "black")."""
    out = ["GAME I.", "", "    WHITE.             BLACK.", "    (Morphy.)          (Allies.)"]
    for n, (white, black) in enumerate(_OPERA_ROWS, 1):
        if n == number and side == "white":
            out += [f"{n:2}. {white}", "", note, "", f"{n:2}. ...{'':16}{black}"]
            continue
        out.append(f"{n:2}. {white:18} {black}".rstrip())
        if n == number:
            out += ["", note, ""]
    return "\n".join(out) + "\n"


@pytest.mark.parametrize(("number", "side", "note", "branch", "line"), [
    # After Black's move, White to move: Black's QxQ after a pass (White's QxQ, Qxe6+, is as legal, and was read).
    (14, "black", "Black threatened QxQ.", 29, ["--", "Qxb3"]),
    (14, "black", "Black threatens QxQ, and White must act at once.", 29, ["--", "Qxb3"]),
    # After White's move, Black to move: the threat is the mover's, after Black's pass (no Black move reads QxP).
    (7, "white", "White threatens QxP, winning the Rook.", 14, ["--", "Qxb7"]),
    (6, "white", "Threatening QxP mate.", 12, ["--", "Qxf7#"]),
    (14, "white", "The threat was BxR ch.", 28, ["--", "Bxd7+"]),
    # Named after the reply that met it, the threat was made before the reply: past, it is read there first.
    (7, "black", "White threatened QxP, winning the Rook.", 14, ["--", "Qxb7"]),
])
def test_a_threat_is_a_move_of_the_side_that_threatens_after_a_pass(tmp_path, number, side, note, branch, line):
    game = _one_game(tmp_path, _with_note(number, side, note))
    main, variations = _lines(game)
    assert game.status == "ok" and main == _OPERA_SAN_MOVES
    assert [v[1:] for v in variations] == [(branch, line)]
    (variation,) = game.variations
    assert variation.moves[0].side == game.moves[branch - 1].side  # the pass stands for the move it replaces
    # The pass is no printed move (the threat's word is the note's): not counted as a move read legally.
    assert variation.moves[0].printed == "" and variation.moves[0].normalized == "--"
    from notation.rules.kit import legal_read
    assert legal_read(game) == len(game.moves) + len(variation.moves) - 1


def test_a_threat_is_written_as_a_pass_in_pgn(tmp_path):
    from notation.families import get

    game = _one_game(tmp_path, _with_note(14, "black", "Black threatened QxQ."))
    assert "15. Bxd7+ ( 15. -- Qxb3 ) 15... Nxd7" in " ".join(get("chess").write(game, "pgn").split())


def test_a_move_warded_off_is_the_other_sides(tmp_path):
    # "To prevent Kt-Kt5" after Black's P-B3: White's Nb5, not Black's Ng4 (as legal, and the move just played's side).
    game = _one_game(tmp_path, _with_note(8, "black", "To prevent Kt-Kt5."))
    assert _lines(game)[1] == [(0, 17, ["Nb5"])]


@pytest.mark.parametrize(("number", "side", "note", "branch", "line"), [
    # The next row's number ("10.") numbers none of the note's moves: "Q-B2" is Black's 9th, not his 10th.
    (9, "black", "Q-B2 would have been better.", 18, ["Qc7"]),
    (6, "black", "The only move; if Kt-B3, then QxP mate.", 12, ["Nc6", "Qxf7#"]),
    # A word warding a move off in the sentence before says nothing of the next sentence's move (Black's h6).
    (8, "black", "Played to stop the advance of the Pawn. P-KR3 was also good.", 16, ["h6"]),
])
def test_an_unnumbered_notes_moves_go_from_the_move_it_follows(tmp_path, number, side, note, branch, line):
    game = _one_game(tmp_path, _with_note(number, side, note))
    main, variations = _lines(game)
    assert main == _OPERA_SAN_MOVES
    assert [v[1:] for v in variations] == [(branch, line)]


def test_a_position_started_from_a_board_keeps_its_men_and_key():
    """``Position.start`` reads the men off the board's occupied squares alone and makes the ranks of its
    key from them (the set-up inference starts thousands of positions): the same cells, ranks and key as
    the board's own, for boards along random games and a variant's."""
    import random

    import chess.variant

    from notation.boards.chess import position_key
    from tests.test_chess_roundtrip import random_game

    rng = random.Random(20)
    boards = [chess.Board(), chess.Board.empty(), chess.variant.CrazyhouseBoard()]
    for seed in range(20):
        board = chess.Board()
        for move in random_game(seed, rng.randint(1, 60)):
            board.push(move)
        boards.append(board.copy(stack=False))
    for board in boards:
        position = Position.start(board)
        assert position.cells == [p.symbol() if p else None for p in map(board.piece_at, chess.SQUARES)]
        assert position.ranks == position_key(board).split(" ", 1)[0].split("/")[::-1]
        assert position.origins == {sq: sq for sq in chess.SquareSet(board.occupied)}
        assert position.key() == position_key(board)


#: 1.e4 e5 2.Nf3 Nc6 3.c3 Nf6 4.d4 Nxe4 5.dxe5 d5 in the periodicals' long German form, each capture marked after
#: the square it is made on ("Sf6-e4:", "d4-e5:"), with the OCR's damage in two moves: "q" for the "c" of "Sb8-c6"
#: and of "c2-c3".
_RUN_ON_GERMAN = "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-q6 3. q2-q3 Sg8-f6 4. d2-d4 Sf6-e4: 5. d4-e5: d7-d5"
_GAME = ["e4", "e5", "Nf3", "Nc6", "c3", "Nf6", "d4", "Nxe4", "dxe5", "d5"]


def _legal(sans: list[str]) -> None:
    board = chess.Board()
    for san in sans:
        board.push_san(san)


def test_a_capture_marked_after_its_square_is_a_form_the_decoder_reads(tmp_path):
    # The grammar reads "Sf6-e4:" and "d4-e5:" (TAKEN); the decoder's forms had only "Sf6:e4" and "Sxe4", so in
    # two columns whose OCR damage sends the record to the decoder "Sf6-e4:" was read as Nh5 (only its piece
    # and last figure legible) and "d4-e5:" as a move lost past reading.
    _legal(_GAME)
    rows = [_RUN_ON_GERMAN.split()[k:k + 3] for k in range(0, 15, 3)]
    text = "Weiss.        Schwarz.\n" + "".join(f"{n} {w:<10} {b}\n" for n, w, b in rows)
    game = _one_game(tmp_path, '[Game "chess"]\n' + text)
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", game.moves[4].normalized,
                                                  "Nf6", "d4", "Nxe4", "dxe5", "d5"]
    assert [m.status for m in game.moves[7:]] == ["ok", "ok", "ok"]
    assert {m.printed for m in game.moves[7:9]} == {"Sf6-e4", "d4-e5"}
    forms = {compact_algebraic(f) for f in NOTATIONS["german"].read_forms(
        Position.start(chess.Board("rnbqkb1r/pppp1ppp/2n2n2/4p3/3PP3/2P2N2/PP3PPP/RNBQKB1R b KQkq - 0 4")),
        chess.Move.from_uci("f6e4"))}
    assert {"Sf6-e4x", "Se4x", "Sf6xe4"} <= forms


def test_a_run_on_scores_numbers_say_where_a_move_the_ocr_lost_stands(tmp_path):
    # Run on in one line, the rows are the numbers within it: "3. q2-q3" reads as no move, but its number says
    # White's third move stands there, so it is read as a move lost to the OCR (named, the moves it may be listed)
    # and the moves after are read for their own sides. Before, the reading passed over "Sb8-q6" and "q2-q3"
    # (and with them "Sf6-e4:" and "d4-e5:") and took e4 e5 Nf3 Nf6 d4 d5, the numbers 3 to 5 disagreeing.
    game = _one_game(tmp_path, '[Game "chess"]\n' + _RUN_ON_GERMAN + "\n")
    sans = [m.normalized for m in game.moves]
    assert len(sans) == 10 and sans[:4] == _GAME[:4] and sans[5:] == _GAME[5:]
    # "Sb8-q6" one letter off, repaired; the lost move any of several (c3, h3, ...), a guess: an error.
    assert [m.status for m in game.moves[3:5]] == ["repaired", "error"]
    assert game.status == "error"
    said = {(d.line, d.column, d.code) for d in game.diagnostics}
    column = _RUN_ON_GERMAN.index("q2-q3") + 1
    assert (2, column, "ambiguous-move") in said and (2, _RUN_ON_GERMAN.index("Sb8-q6") + 1, "ocr") in said
    # English descriptive run on in one line, the capture's man set apart ("Ktx P"): the same game.
    english = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. P-B3 Kt-B3 4. P-Q4 Ktx P 5. PxP P-Q4"
    game = _one_game(tmp_path, '[Game "chess"]\n' + english + "\n")
    assert [m.normalized for m in game.moves] == _GAME


def test_a_number_inside_a_line_begins_a_row_only_where_the_lines_numbers_run_on():
    # "1. e2-e4 e7-e5 2. ..." runs its rows on in one line; a rank's figure with its stop ("10 Kt. to K. 4.", Bird's
    # *Chess Openings*) and a second pair of columns' bare number ("3 PtoQ4 PxP 33 RtoK1 QxR") begin none.
    from notation.decode.search import _row_of, _run_on

    words = tokens(_RUN_ON_GERMAN)
    at = [w.text for w in words].index("q2-q3")
    assert words[_row_of(words, at)].number == 3 and _run_on(words, at - 1)
    for text in ("10 Kt. to K. 4. JO Q. P. takes P.", "3 PtoQ4 PxP 33 RtoK1 QxR"):
        words = tokens(text)
        assert not any(_run_on(words, i) for i in range(len(words))), text


# A note printed as whole rows after White's 9th ("If-" / "9. ... 9. ..." / "10. ... 10. ..." / "11. ..."), then the
# game's rows again, Black's 9th alone on its row: Staunton's long form, both sides numbered, as Löwenthal prints it.
_NOTE_OF_ROWS = """Game IV. — Giuoco Piano.
Between Mr.  Smith and Mr.  Jones.

WHITE.    (Mr.  S.)  BLACK.    (Mr.  J.)

1.  P.  to K's  4th.  1.  P.  to K's  4th.

2.  K.  Kt.  to B's  3rd.  2.  Q.  Kt.  to B's  3rd.

3.  B.  to Q.  B's  4th.  3.  B.  to Q.  B's  4th.

4.  P.  to Q.  B's  3rd.  4.  K.  Kt.  to B's  3rd.

5.  P.  to Q's  3rd.  5.  P.  to Q's  3rd.

6.  Castles.  6.  Castles.

7.  R.  to K's sq.  7.  P.  to Q.  R's  3rd.

8.  B.  to Q.  Kt's  3rd.  8.  B.  to Q.  R's  2nd.

9.  P.  to K.  R's  3rd.
If—

9.  B.  to K.  Kt's  5th.  9.  P.  to K.  R's  3rd.

10.  B.  to K.  R's  4th.  10.  P.  to K.  Kt's  4th.

11.  B.  to K.  Kt's  3rd.

With a  good game.

9.  B.  to K's  3rd.

10.  Q.  Kt.  to Q's  2nd.  10.  R.  to K's sq.

11.  Kt.  to K.  B's sq.  11.  P.  to Q's  4th.

And the game was drawn.
"""
_NOTE_OF_ROWS_GAME = "e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d3 d6 O-O O-O Re1 a6 Bb3 Ba7 h3 Be6 Nbd2 Re8 Nf1 d5".split()


def test_a_row_printing_both_sides_cells_opens_with_the_first_players_move():
    # "9. B. to K. Kt's 5th.  9. P. to K. R's 3rd." after the game's "9. P. to K. R's 3rd." is White's 9th again (the
    # row prints its number twice), a note's line from before White's 9th; "9. B. to K's 3rd." alone on its row takes
    # the game up again. Before, the bare "9." was read as Black's 9th where the game stood (B. to K. Kt's 5th is
    # ...Bg4 as well), or, gone back to at Black's 9th, the note's line from White's 9th (Bg5) became the game's.
    rules = ChessRules(NOTATIONS["english-descriptive"])
    reading = Decoder(rules, returns=True, sentences=True).read(
        segments(tokens(_NOTE_OF_ROWS), _WHITE_HEAD, _BLACK_HEAD), Position.start(chess.Board()))
    assert _in_san(reading.steps) == _NOTE_OF_ROWS_GAME
    (branch,) = reading.branches
    assert branch.ply == 16 and _in_san(branch.steps, _board_after(_NOTE_OF_ROWS_GAME[:16])) == [
        "Bg5", "h6", "Bh4", "g5", "Bg3"]


def test_a_note_of_whole_rows_after_whites_move_is_a_variation_and_the_game_goes_on(tmp_path):
    # The layout reader reads the note's rows as the game's (moves on the wrong side, repaired): the decoder reads
    # the record, and may now go back at the note's row, as it does where the layout's replay ends in error.
    game = _one_game(tmp_path, _NOTE_OF_ROWS)
    assert [m.normalized for m in game.moves] == _NOTE_OF_ROWS_GAME and game.status == "ok"
    (variation,) = game.variations
    assert variation.branch_ply == 17 and [m.normalized for m in variation.moves] == ["Bg5", "h6", "Bh4", "g5", "Bg3"]


def _board_after(sans: list[str]) -> chess.Board:
    board = chess.Board()
    for san in sans:
        board.push_san(san)
    return board


def test_castles_read_with_the_queens_rook_is_said(replay_text):
    (g,) = replay_text(f'[Game "chess"]\n[Notation "english-descriptive"]\n\n{OPERA}\n')
    assert g.status == "ok" and len(g.moves) == 33 and g.result == "1-0", [d.message for d in g.diagnostics]
    # (Read by the layout reader, then mended by the replay, as the decoder reads it in a book's columns.)
    (said,) = [d for d in g.diagnostics if d.code == "ambiguous-move" and "Castles" in d.message]
    assert said.severity == "warning" and said.message.startswith("'Castles' can mean O-O-O or O-O; only O-O-O lets")


#: The Evergreen game (Anderssen - Dufresne, Berlin 1852) as a newspaper's column prints it: a space for the dash.
EVERGREEN = """GAME No. 1234.--EVANS GAMBIT.

     White.          Black.
   Mr. Anderssen.   Mr. Dufresne.
 1 P K4           P K4
 2 Kt K B3        Kt Q B3
 3 B B4           B B4
 4 P Q Kt4        B x Kt P
 5 P B3           B R4
 6 P Q4           P x P
 7 Castles        P Q6
 8 Q Kt3          Q B3
 9 P K5           Q Kt3
10 R K sq         K Kt K2
11 B R3           P Kt4
12 Q x P          R Q Kt sq
13 Q R4           B Kt3
14 Q Kt Q2        B Kt2
15 Kt K4          Q B4
16 B x Q P        Q R4
17 Kt B6 ch       P x Kt
18 P x P          R Kt sq
19 Q R Q sq       Q x Kt
20 R x Kt ch      Kt x R
21 Q x P ch       K x Q
22 B B5 dis ch    K K sq
23 B Q7 ch        K B sq
24 B x Kt mate.
"""
EVERGREEN_SAN = ("e4 e5 Nf3 Nc6 Bc4 Bc5 b4 Bxb4 c3 Ba5 d4 exd4 O-O d3 Qb3 Qf6 e5 Qg6 Re1 Nge7 Ba3 b5 Qxb5 Rb8 Qa4 Bb6 "
                 "Nbd2 Bb7 Ne4 Qf5 Bxd3 Qh5 Nf6+ gxf6 exf6 Rg8 Rad1 Qxf3 Rxe7+ Nxe7 Qxd7+ Kxd7 Bf5+ Ke8 Bd7+ Kf8 "
                 "Bxe7#").split()


@pytest.mark.parametrize("printed, compact", [
    ("P K4", "p-k4"), ("Kt K B3", "kt-kb3"), ("P Q Kt4", "p-qkt4"), ("B B5 dis ch", "b-b5"),
    # "sq" for the first rank; a wing's man ("Q R Q sq" is QR-Q sq, "K Kt K2" KKt-K2), split where the square is whole.
    ("R K sq", "r-k1"), ("Q R Q sq", "qr-q1"), ("K Kt K2", "kkt-k2"), ("Q Kt Q2", "qkt-q2"),
    # A man's letter before a square with no file of its own is the man: "Q B3" is the Queen's move.
    ("Q B3", "q-b3"), ("Q Kt3", "q-kt3"), ("K B sq", "k-b1"),
    # No square, stops between the words, or the rank set apart: no such move ("K B" in a sentence, "P Q" in a
    # heading, initials; Hoyle's "Kt to Q B 3", whose last words are no Queen's move).
    ("K B", "kb"), ("P Q", "pq"), ("Mr. P. K. Smith", "mrpksmith"), ("Q. B. 3.", "qb3"), ("B x Kt P", "bxktp"),
    ("Q B 3", "qb3"),
])
def test_a_space_for_the_dash_compacts_to_the_dash_in_a_score_printed_so(printed, compact):
    # Only in a score that prints its moves so: elsewhere the words compact as they did, no move as printed.
    assert compact_spaced(printed) == compact
    assert compact_descriptive(printed) == compact.replace("-", "")


def test_which_score_prints_a_space_for_the_dash():
    assert prints_space_for_dash(EVERGREEN) and prints_space_for_dash("1. P K4 P K4 2. Kt K B3 Kt Q B3")
    assert not prints_space_for_dash("1. P-K4 P-K4 2. Kt-KB3 Kt QB3 3. B-B4 B-B4 4. P Q4")
    assert not prints_space_for_dash("Mr. P. K. Smith: the K B was strong. 1. P to K 4 P to K 4")


def test_rows_with_a_space_for_the_dash_are_read_as_printed(tmp_path):
    # Numbered "1" and "1." in two columns, in running text after a number; the capture keeps its cross. Before, no
    # move was read (without a capture among them, the record's words were no chess moves at all).
    rows = _one_game(tmp_path, " 1 P K4           P K4\n 2 Kt K B3        Kt Q B3\n 3 B B4           B B4\n")
    assert rows.status == "ok" and [m.normalized for m in rows.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]
    dotted = _one_game(tmp_path, "1. P K4     P K4\n2. Kt K B3  Kt Q B3\n3. B B4     B B4\n4. P Q Kt4  B x Kt P\n")
    assert dotted.status == "ok"
    assert [m.normalized for m in dotted.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4"]
    running = _one_game(tmp_path, "1. P K4 P K4 2. Kt K B3 Kt Q B3 3. B B4 B B4 4. P Q Kt4 B x Kt P 5. Castles P Q3\n")
    assert running.status == "ok"
    assert [m.normalized for m in running.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "b4", "Bxb4", "O-O", "d6"]


def test_the_evergreen_game_printed_with_a_space_for_the_dash(tmp_path):
    # "R K sq" (Re1), "K Kt K2" (Nge7), "Q Kt Q2" (Nbd2), "Q R Q sq" (Rad1): every move read and legal. Before,
    # a fragment "begins at move 24", its last move alone, every other line taken for prose.
    game = _one_game(tmp_path, EVERGREEN)
    assert [m.normalized for m in game.moves] == EVERGREEN_SAN
    assert all(m.status == "ok" for m in game.moves) and game.result == "1-0"
    assert not [d for d in game.diagnostics if d.severity == "error" or d.code == "prose"]


@pytest.mark.parametrize("text, cue", [
    ("If instead Black plays P-Q3, White gets a strong centre by P-Q4.", True),
    ("If, instead, Black plays P-Q3, White gets a strong centre.", True),
    ("Instead, 9.14 is better.", True),
    # The move before an "instead" a comma or stop follows is the one offered: no cue of the moves after it
    # (Löwenthal's Morphy: "If White had taken the Rook instead, Black would have saved his Queen by R to K's sq.").
    ("If White had taken the Rook instead, Black would have saved his Queen by R to K's sq.", False),
    ("Q to either B sq. instead, followed by P-KR3, would have secured the King.", False),
])
def test_an_instead_offers_the_moves_after_it_only_where_it_comes_before_them(text, cue):
    from notation.parse import instead_cues

    assert bool(instead_cues(text)) is cue


@pytest.mark.parametrize("text", ["If, instead of the bishop, the pawn had taken the knight, K to Q 2.",
                                  "If instead of this White had played Q to Q 7, he would have lost."])
def test_instead_of_a_thing_named_is_no_cue_of_the_moves_after_it(text):
    from notation.parse import instead_cues

    assert not instead_cues(text)


#: Four rows of a game typed as a new user would, a blank line, then a note's paragraph.
_ROWS = " 1. P-K4      P-K4\n 2. Kt-KB3    P-Q3\n 3. P-Q4      B-Kt5\n 4. PxP       BxKt\n\n"
_ROWS_SAN = ["e4", "e5", "Nf3", "d6", "d4", "Bg4", "dxe5", "Bxf3"]


@pytest.mark.parametrize("note, branch, moves, told", [
    # The note's line printed from the game's 2. Kt-KB3 (its numbers go back from the game's 5): a variation of
    # Black's 2nd move. It was read as the game's moves 5 and 6, "Kt-KB3" repaired as Nc3 and "B-Kt5" ambiguous:
    # the reading that went back could not begin with the game's own move there.
    ("The usual defence is 2. Kt-KB3, Kt-QB3; 3. B-Kt5, Kt-B3.", 4, ["Nc6", "Bb5", "Nf6"],
     "The usual defence is 2. Kt-KB3"),
    # From the first move: the game's moves repeated were a variation of 1. e4 beginning with 1. e4.
    ("The usual defence is 1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3; 3. B-Kt5.", 4, ["Nc6", "Bb5"],
     "The usual defence is 1. P-K4 P-K4 2. Kt-KB3"),
    ("Instead of this, 2. Kt-KB3, Kt-QB3; 3. B-Kt5, Kt-B3.", 4, ["Nc6", "Bb5", "Nf6"],
     "Instead of this, 2. Kt-KB3"),
    # (Read so before: a line from the move it changes stays as it was.)
    ("The usual defence is 2. ..., Kt-QB3; 3. B-Kt5, Kt-B3.", 4, ["Nc6", "Bb5", "Nf6"], "The usual defence is"),  # (its number the move's)
    ("Better is 3. B-B4, B-K2; 4. P-B3, Kt-KB3.", 5, ["Bc4", "Be7", "c3", "Nf6"], "Better is"),
])
def test_a_notes_line_printed_from_a_move_the_game_played_branches_where_it_differs(tmp_path, note, branch, moves,
                                                                                    told):
    game = _one_game(tmp_path, _ROWS + note + "\n")
    assert [m.normalized for m in game.moves] == _ROWS_SAN
    assert [(v.parent, v.branch_ply, [m.normalized for m in v.moves], v.comment) for v in game.variations] == [
        (0, branch, moves, told)]
    assert not [d for d in game.diagnostics if d.severity != "info"]


#: An opening manual's line in its numbers without a stop (Freeborough and Ranken's form), then a note's paragraph.
_BARE = "1  P-K4,  P-K4;  2  Kt-KB3,  Kt-QB3;  3  B-B4,  B-B4;  4  P-B3,  Kt-B3;  5  P-Q4,  PxP.\n\n"
_BARE_SAN = ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d4", "exd4"]


@pytest.mark.parametrize("note, branch, moves", [
    # The opening named again from its first move in the author's sentence, its number bare: the move's number, not
    # a figure (a square's follows a man's letters). Read as a figure, "P-K4" was the game's 6. e5 (one letter off)
    # and "Kt-KB3 ; 3" its 6... g6 (the piece and the last figure).
    ("In Petroff's Counter Attack,  after  1  P-K4,  P-K4  ;  2  Kt-KB3,  Kt-KB3 ;  3  B-B4,  may be played.",
     4, ["Nf6", "Bc4"]),
    ("The Queen's Pawn opening,  1  P-Q4,  P-Q4 ;  2  B-B4,  P-K3,  is on the usual lines.", 1,
     ["d4", "d5", "Bf4", "e6"]),
])
def test_a_bare_first_number_in_a_sentence_names_the_first_move(tmp_path, note, branch, moves):
    game = _one_game(tmp_path, _BARE + note + "\n")
    assert [m.normalized for m in game.moves] == _BARE_SAN
    assert [(v.parent, v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [
        (0, branch, moves)]
    assert not [d for d in game.diagnostics if d.severity != "info"]


def test_a_notes_line_that_repeats_the_games_moves_all_through_is_a_comment_where_it_ends(tmp_path):
    # No variation of nothing: the note's words are kept at the game's move where its line ends, and said.
    game = _one_game(tmp_path, _ROWS + "Here 3. P-Q4, B-Kt5; 4. PxP, BxKt is the game.\n")
    assert [m.normalized for m in game.moves] == _ROWS_SAN and not game.variations
    assert game.moves[-1].comment == "Here 3. P-Q4 B-Kt5 4. PxP BxKt is the game."
    assert [(d.code, d.ply, d.variation) for d in game.diagnostics] == [("repeated-line", 8, None)]


def test_a_move_named_after_instead_of_is_the_one_replaced_not_a_notes_first(tmp_path):
    # Every Boy's Book's Scotch Gambit, Variation A: "Instead of 6. Castles, ... by 6. P. takes P." offers White's
    # 6. bxc3 for the game's 6. O-O. Read as the note's line beginning with the game's own move again, its "6. P.
    # takes P." became Black's reply 6... cxb2.
    book = Path(__file__).parent.parent / "corpus/dev/every-boys-book-chess/the-game-of-chess.txt"
    game = _one_game(tmp_path, "\n".join(book.read_text(encoding="utf-8").splitlines()[614:634]) + "\n")
    assert [m.normalized for m in game.moves][:12] == ["e4", "e5", "Nf3", "Nc6", "d4", "exd4", "Bc4", "Bb4+", "c3",
                                                       "dxc3", "O-O", "c2"]
    assert [(v.parent, v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(0, 11, ["bxc3"])]
    # ("Castles," the move replaced is the game's 6th quoted: its words explained, no prose. It was said as prose.)
    assert not any(d.code == "prose" and "Castles" in d.message for d in game.diagnostics)


def test_a_note_under_its_row_keeps_its_label_once_and_leaves_the_next_rows_number_to_its_move(tmp_path):
    # Notes printed between the rows, each under the row whose move it marks: was "(a) (a) The usual defence." (the
    # row's mark and the note's label both) and "is the open defence. 6." (the next row's number in the note).
    text = (" 1. P-K4        P-K4\n 2. Kt-KB3      Kt-QB3\n 3. B-Kt5       P-QR3 (a)\n"
            "  (a) The usual defence.\n 4. B-R4        Kt-B3\n 5. Castles     B-K2 (b)\n"
            "  (b) 5 ... KtxP is the open defence.\n 6. R-K sq      P-QKt4\n")
    game = _one_game(tmp_path, text)
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4", "Nf6", "O-O", "Be7",
                                                  "Re1", "b5"]
    assert game.moves[5].comment == "(a) The usual defence."
    (variation,) = game.variations
    assert [m.normalized for m in variation.moves] == ["Nxe4"]
    assert variation.moves[-1].comment == "is the open defence."


#: A congress book's page: the rows numbered without stops in two columns, spaced descriptive moves, the result printed
#: under the columns, then the notes under their labels.
_CONGRESS_PAGE = (
    "     WHITE.                 BLACK.\n  Mr. M. Weiss.         Mr. S. Lipschütz.\n\n"
    " 1 P—K 4                1 P—K 4\n 2 Kt—K B 3             2 Kt—Q B 3\n 3 B—Kt 5               3 Kt—B 3\n"
    " 4 Castles              4 Kt x P\n 5 P—Q 4                5 B—K 2 (a)\n 6 Q—K 2                6 Kt—Q 3 (b)\n\n"
    "   {result}\n\n"
    "(a) The usual defence. If 5 .. Kt—Q 3; 6 B x Kt, Q P x B; 7 P x P, Kt—B 4; 8 Q x Q ch, K x Q, and the ending "
    "is even.\n\n{note}\n")


@pytest.mark.parametrize("result, pgn", [("Drawn.", "1/2-1/2"), ("Drawn game.", "1/2-1/2"), ("White resigns.", "0-1")])
def test_a_result_under_a_column_score_is_the_games_though_the_notes_below_print_moves(tmp_path, result, pgn):
    # The note under "(a)" below the result prints moves: no column going on under the result. The result was
    # left a comment, the game's "*".
    game = _one_game(tmp_path, _CONGRESS_PAGE.format(result=result, note="(b) Weiss plays for a draw."))
    main, variations = _lines(game)
    assert game.result == pgn and len(main) == 12
    assert [v[1:] for v in variations] == [(10, ["Nd6", "Bxc6", "dxc6", "dxe5", "Nf5", "Qxd8+", "Kxd8"])]


#: A score in the Blue Book's form (Staunton's *Chess Theory and Practice*, its e-text): two columns of numbered long-
#: form descriptive moves, footnote references glued to the moves ("B. to Kt's 5th.[A]"), the footnotes after it.
_BLUE_BOOK = (
    "         GAME III.--Between M. Tchigorin and H. N. Pillsbury.\n\n"
    "           WHITE. (Mr. T.)                BLACK. (Mr. P.)\n"
    "        1. P. to K's 4th.              1. P. to K's 4th.\n"
    "        2. K. Kt. to B's 3d.           2. K. Kt. to B's 3d.\n"
    "        3. Kt. to B's 3d.              3. Kt. to B's 3d.\n"
    "        4. B. to Kt's 5th.             4. B. to Kt's 5th.\n"
    "        5. Castles.                    5. Castles.\n"
    "        6. P. to Q's 3d.               6. P. to Q's 3d.\n"
    "        7. B. to Kt's 5th.[A]          7. B. takes Kt.\n"
    "        8. P. takes B.                 8. Kt. to K's 2d.\n"
    "        9. B. takes Kt.                9. P. takes B.\n"
    "       10. Q. to Q's 2d.              10. Kt. to Kt's 3d.\n"
    "       11. K. to R's sq.              11. K. to R's sq.\n"
    "       12. P. to Q's 4th.             12. R. to K. Kt's sq.\n"
    "       13. B. to Q's 3d.              13. Q. to K's 2d.\n"
    "       14. Q. R. to Kt's sq.[B]       14. P. to Kt's 3d.\n"
    "       15. Kt. to Kt's sq.            15. B. to K's 3d.!\n"
    "       16. P. to Q's 5th.?            16. B. to Q's 2d.\n\n"
    "[Footnote A: In this familiar \"double Lopez\" predicament,\n"
    "7. B. takes Kt. is highly recommended.]\n\n{note}\n")
_BLUE_BOOK_MAIN = ["e4", "e5", "Nf3", "Nf6", "Nc3", "Nc6", "Bb5", "Bb4", "O-O", "O-O", "d3", "d6", "Bg5", "Bxc3",
                   "bxc3", "Ne7", "Bxf6", "gxf6", "Qd2", "Ng6", "Kh1", "Kh8", "d4", "Rg8", "Bd3", "Qe7", "Rab1", "b6",
                   "Ng1", "Be6", "d5", "Bd7"]


def _blue_book_ok(tmp_path, note: str):
    """The Blue Book score with ``note`` as its second footnote, read: ``ok``; the game, its main line, its
    variations."""
    game = _one_game(tmp_path, _BLUE_BOOK.format(note=note))
    main, variations = _lines(game)
    assert game.status == "ok", [d.message for d in game.diagnostics if d.severity != "info"]
    return game, main, variations


@pytest.mark.parametrize("cited", ["16. P. to Q's 5th?", "16. P. to Q's 5th!", "16. P. to Q's 5th."])
def test_a_footnote_that_cites_a_later_move_of_the_game_by_its_number_reads_its_line_from_its_own_move(tmp_path, cited):
    # The Blue Book's "[Footnote D: Routine--indirectly including the questionable / 16. P. to Q's 5th? At once Kt.
    # to Kt's sq., ..." on White's 14th: the note cites the game's own 16th, as played; its line (Kt. to Kt's sq.)
    # is the other move at the 14th, the note's. Before, the footnotes were one line strung from the first note's
    # move through the rest, and the cited move, beginning its line, a row of the score left unread (an error). (The
    # first footnote's "7. B. takes Kt." is White's other 7th, though Black's 7th was B. takes Kt.)
    note = f"[Footnote B: Routine--indirectly including the questionable\n{cited} At once Kt. to Kt's sq.\nwould " \
           "have been better.]"
    game, main, variations = _blue_book_ok(tmp_path, note)
    assert main == _BLUE_BOOK_MAIN
    assert [(at, moves) for _, at, moves in variations] == [(13, ["Bxc6"]), (27, ["Ng1"])]


def test_a_footnote_that_cites_its_own_move_reads_no_second_move_from_its_words(tmp_path):
    # The Blue Book's "[Footnote H: ... With 20. Q. R. to B's sq. he commenced ..." on White's 20th: the note names the
    # move it is on. Before, its words were read again as Black's 20th (an ambiguous move, an error).
    note = "[Footnote B: With 14. Q. R. to Kt's sq. he began\na slow attack.]"
    game, main, variations = _blue_book_ok(tmp_path, note)
    assert main == _BLUE_BOOK_MAIN and [(at, moves) for _, at, moves in variations] == [(13, ["Bxc6"])]


@pytest.mark.parametrize("misprint", ["Q. to K. R's 6th. (ch.)", "B. to K. B's 4th. (ch.)"])
def test_a_transcribers_footnote_quoting_the_originals_misprint_is_no_line_to_replay(tmp_path, misprint):
    # The Blue Book's "[Footnote B: Transcriber's Note: This move is notated as the impossible / 14. B. to K. B's
    # 4th. (ch.) in the original text.]": prose about the printed text. Before, its move was a variation, its "(ch.)"
    # a false check (an error), or, no legal move at its number, an illegal move of the note's (an error).
    note = f"[Footnote B: Transcriber's Note: This move is notated as the impossible\n14. {misprint} in the " \
           "original text.]"
    game, main, variations = _blue_book_ok(tmp_path, note)
    assert main == _BLUE_BOOK_MAIN and [(at, moves) for _, at, moves in variations] == [(13, ["Bxc6"])]
    assert any(d.code == "prose" and "transcriber" in d.message for d in game.diagnostics)


def test_a_footnotes_number_going_back_opens_another_line_of_the_note(tmp_path):
    # The Blue Book's Lasker - Tarrasch, "[Footnote D: If 10.., P. takes P., then 11. R. takes P., ... because of
    # 12. R. to Q. B's 4th. Nor could 10.., K. to K's 2d be played, because of 11. P. takes P., ...": two lines from
    # Black's 10th. Before, one line read on through both (the second 10.. passed over), its last moves wrong, and
    # the second line's "11. P. takes P.", beginning its line, a row of the score left unread (an error).
    text = ("                FRENCH DEFENCE.\n\n"
            "          WHITE. (Dr. L.)                  BLACK. (Dr. T.)\n"
            "       1. P. to K's 4th.                1. P. to K's 3d.\n"
            "       2. P. to Q's 4th.                2. P. to Q's 4th.\n"
            "       3. Kt. to Q. B's 3d.             3. Kt. to K. B's 3d.\n"
            "       4. B. to Kt's 5th.               4. B to Kt's 5th.\n"
            "       5. P. takes P.                   5. Q. takes P.\n"
            "       6. Kt. to B's 3d.                6. P. to B's 4th.\n"
            "       7. B. takes Kt.                  7. P. takes B.\n"
            "       8. Q. to Q's 2d.                 8. B. takes Kt.\n"
            "       9. Q. takes B.                   9. Kt. to Q's 2d.\n"
            "      10. R. to Q's sq.                10. R. to K. Kt's sq.[D]\n"
            "      11. P. takes P.                  11. Q. takes P.\n"
            "      12. Q. to Q's 2d.                12. Q. to Kt's 3d.\n"
            "      13. P. to B's 3d.                13. P. to Q. R's 3d.\n\n"
            "[Footnote D: If 10.., P. takes P., then 11. R. takes P., and Black could\n"
            "not challenge the Queen with 11.., Q. to Q. B's 4th, because of\n"
            "12. R. to Q. B's 4th. Nor could 10.., K. to K's 2d be played, because of\n"
            "11. P. takes P., and 11.., Q. takes B. P. would be answered with\n"
            "12. R. takes Kt. winning the Queen.]\n")
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok", [d.message for d in game.diagnostics if d.severity != "info"]
    assert len(main) == 26
    assert [(at, moves) for _, at, moves in variations] == [(20, ["cxd4", "Rxd4", "Qc5", "Rc4"]),
                                                           (20, ["Ke7", "dxc5", "Qxc5", "Rxd7+"])]


def test_a_footnotes_move_printing_a_check_it_does_not_give_is_no_line_of_the_note(tmp_path):
    # The Blue Book's "[Footnote B: If he had taken the P., Black, by taking the K. B. P. with his B., checking, and
    # when the K. took the B., playing Q. to K. R's 5th (ch.), would have gained ...]": the moves before the printed
    # one are told in words, so it stands nowhere the reading can put it. Before, it was read at the footnote's move,
    # its "(ch.)" a false check (an error), though every move of the game is legal.
    note = "[Footnote B: Better, by bringing the Kt. round to its K. B's 5th\nfirst, and then Q. to K. R's 6th (ch.), " \
           "winning.]"
    game, main, variations = _blue_book_ok(tmp_path, note)
    assert main == _BLUE_BOOK_MAIN and [(at, moves) for _, at, moves in variations] == [(13, ["Bxc6"])]




@pytest.mark.parametrize("lead", ["Better was", "(a) Better was"])
def test_a_bare_number_a_notes_sentence_names_is_its_move_not_the_game_going_on(tmp_path, lead):
    # "Better was 4 d4": a number printed without its stop in the author's sentence names White's 4th, as "4. d4" does.
    # Read against it, d4 was the game's 6th move, silently (status ok, no word said).
    text = f"1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. c3 Nf6 5. d3 d6\n\n{lead} 4 d4, but White plays for a draw.\n"
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "c3", "Nf6", "d3", "d6"]
    assert [v[1:] for v in variations] == [(7, ["d4"])]


def test_a_notes_bare_number_at_the_games_next_move_goes_on_and_its_later_namesake_is_the_alternative(tmp_path):
    # After Black's 6th, "by 7 O-O dxc3; and if 7 Qb3 Qe7": the first names the game's 7th and goes on with it; the
    # second, at the same number, is its alternative. Read on as the game's, the alternative was its 8th silently.
    text = "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. b4 Bxb4 5. c3 Ba5 6. d4 exd4\n\nWhite wins by 7 O-O dxc3; and if 7 Qb3 Qe7.\n"
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert main[-4:] == ["d4", "exd4", "O-O", "dxc3"] and len(main) == 14
    assert [v[1:] for v in variations] == [(13, ["Qb3", "Qe7"])]


@pytest.mark.parametrize("text", [
    # Issue 29 (the page typed as the books print it): the note's words were the game's 7. P-B4 B-B3, the record repaired.
    "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-Kt5 Kt-B3 4. P-Q3 P-Q3 5. P-B3 B-K2 (a) 6. QKt-Q2 Castles\n\n"
    "(a) Black intends Kt-K sq, P-B4 and B-B3, with a fine game.\n",
    # (Read as the game's 7. d4, the note's words after it prose.)
    "1. e4 e5 2. Nf3 Nc6 3. Bb5 Nf6 4. d3 d6 5. c3 Be7 (a) 6. Nbd2 O-O\n\n"
    "(a) Black intends Ne8; then d4 is met by f5.\n",
])
def test_a_labelled_notes_moves_are_no_games_going_on_past_its_last_row(tmp_path, text):
    # The label names the move the note is on, as a number does: its moves after the score's last row cost as much
    # as moves against their number, never the game's 7th. (No plan of Black's from 5... Be7 is legal, the King on
    # e8: the note's words are prose, said at their line and column.)
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert main == ["e4", "e5", "Nf3", "Nc6", "Bb5", "Nf6", "d3", "d6", "c3", "Be7", "Nbd2", "O-O"]
    assert game.status == "ok" and variations == []
    prose = [d for d in game.diagnostics if d.code == "prose"]
    assert prose and all(d.severity == "info" and d.line == 3 for d in prose)


@pytest.mark.parametrize(("text", "side", "branch", "line"), [
    # A White plan after Black's move, White to move: White's moves with Black's passes between.
    ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (a) 4. c3 Nf6\n\n(a) White intends d4, O-O and Re1.\n",
     "White", 7, ["d4", "--", "O-O", "--", "Re1"]),
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 (a) 4. P-B3 P-Q3\n\n"
     "(a) White will play P-Q4, Castles and R-K sq.\n", "White", 7, ["d4", "--", "O-O", "--", "Re1"]),
    # A Black plan after Black's move: White passes first, then Black's moves one after another.
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 (a) 4. P-B3 Kt-B3\n\n"
     "(a) Black intends P-Q3, KKt-K2 and Castles.\n", "Black", 7, ["--", "d6", "--", "Nge7", "--", "O-O"]),
    ("1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 (a) 4. c3 Nf6\n\n(a) Black intends d6, Nge7 and O-O.\n",
     "Black", 7, ["--", "d6", "--", "Nge7", "--", "O-O"]),
    # A threat of two moves is one side's too: White's, after Black's pass ("5. d4 Rg8" of the game's, before).
    ("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. Castles (a) Kt-B3\n\n(a) Threatening P-Q4 and R-K sq.\n",
     "White", 8, ["--", "d4", "--", "Re1"]),
])
def test_a_plan_is_one_sides_moves_each_after_the_one_before(tmp_path, text, side, branch, line):
    # Read as a line of both sides' moves in turn, the plan's second move was the other side's ("4. d4 Be6"), or
    # the note's words were prose. Said: the line is a plan, no line that was or might have been played.
    game = _one_game(tmp_path, text)
    main, variations = _lines(game)
    assert game.status == "ok" and len(main) == 8
    assert [v[1:] for v in variations] == [(branch, line)]
    (plan,) = [d for d in game.diagnostics if d.code == "plan"]
    assert plan.severity == "info" and plan.message.startswith(f"a plan of {side}'s: ") and plan.line == 3
