"""Algebraic notation as books, newspapers and web pages print it: moves between the author's prose.

A PGN file's movetext is read by the PGN grammar; a text with prose, headings,
remarks in brackets and the players after the result is read by the
``algebraic`` notation (``grammars/chess_algebraic.lark``), chosen by detection
when the record names no notation.
"""

import pytest


def one(replay_text, text, path="page.txt"):
    (g,) = replay_text(text, path)
    return g


def sans(g):
    return [m.normalized for m in g.moves]


def messages(g):
    return [d.message for d in g.diagnostics]


BLOG = """My opponent resigned early in this game. Here are the moves with my thoughts:

1. e4 e5
2. Nf3 Bc5

Bringing the bishop out before the knights is not what the books recommend.

3. c3 Nc6
4. d4 exd
5. cxd Bb4+

Though material is even, the position is bad for Black.
"""


def test_an_untagged_page_of_moves_between_paragraphs_of_prose(replay_text):
    g = one(replay_text, BLOG)
    assert g.notation == "algebraic" and g.status == "ok", messages(g)
    assert sans(g) == ["e4", "e5", "Nf3", "Bc5", "c3", "Nc6", "d4", "exd4", "cxd4", "Bb4+"]
    assert "not what the books recommend" in g.moves[3].comment


@pytest.mark.parametrize("printed, meant", [
    ("1. e4 d5 2. exd Qxd5", "exd5"),          # the file alone: the board names the square
    ("1. e4 d5 2. ed Qxd5", "exd5"),            # without the x either
    ("1. e4 d5 2. ed5 Qxd5", "exd5"),           # a capture printed without its x
])
def test_pawn_captures_in_the_short_forms(replay_text, printed, meant):
    g = one(replay_text, f'[Notation "algebraic"]\n\n{printed}\n')
    assert g.status == "ok" and sans(g)[2] == meant, messages(g)


def test_piece_captures_printed_without_the_x(replay_text):
    g = one(replay_text, '[Notation "algebraic"]\n\n1. e4 d5 2. exd5 Qd5 3. Nc3 Qa5\n')
    assert g.status == "ok" and sans(g)[3] == "Qxd5", messages(g)


def test_a_pawn_move_without_an_x_is_still_a_push(replay_text):
    # "d5" never means a capture onto d5: only a file of origin ("ed5") says so.
    g = one(replay_text, '[Notation "algebraic"]\n\n1. e4 e6 2. d4 d5 3. e5 c5 4. c3 Nc6\n')
    assert g.status == "ok" and sans(g)[2:4] == ["d4", "d5"], messages(g)


def test_evaluation_signs_after_moves(replay_text):
    g = one(replay_text, "1. e4 e5 2. Nf3 Nc6 3. Bb5 a6+= 4. Ba4 Nf6 5. O-O Be7 +/- 6. Re1 b5 ± 7. Bb3 d6 =\n")
    assert g.status == "ok" and len(g.moves) == 14, messages(g)


def test_promotion_is_not_an_evaluation_sign(replay_text):
    fen = "8/4P3/8/8/8/8/k7/4K3 w - - 0 1"
    g = one(replay_text, f'[Notation "algebraic"]\n[FEN "{fen}"]\n[SetUp "1"]\n\n1. e8=Q Kb2 2. Qe5+ Kb1\n')
    assert g.status == "ok" and sans(g) == ["e8=Q", "Kb2", "Qe5+", "Kb1"], messages(g)


def test_the_players_after_the_result_are_prose_not_moves(replay_text):
    g = one(replay_text, "1. f3 e5 2. g4 Qh4# 0–1. Smith – Jones, London, 1862.\n")
    assert g.status == "ok" and g.result == "0-1" and len(g.moves) == 4, messages(g)


def test_a_lead_in_ending_in_a_colon_before_the_moves(replay_text):
    g = one(replay_text, "The shortest game of all: 1. f3 e5 2. g4 Qh4#\n")
    assert g.status == "ok" and sans(g) == ["f3", "e5", "g4", "Qh4#"], messages(g)


def test_remarks_in_square_brackets_and_braces_are_kept_as_comments(replay_text):
    g = one(replay_text, "1. e4 e5 2. Qh5? [A beginner's move, though not a bad one.] Nc6 "
                         "3. Bc4 Nf6?? 4. Qxf7# 1-0 {Black was mated}\n")
    assert g.status == "ok" and len(g.moves) == 7, messages(g)
    assert "beginner's move" in g.moves[2].comment
    assert "Black was mated" in g.moves[-1].comment


def test_figurines_between_prose(replay_text):
    g = one(replay_text, "A short game: 1. e4 e5 2. ♗c4 ♞c6 3. ♕h5 ♞f6 4. ♕xf7#\n")
    assert g.status == "ok" and sans(g)[-1] == "Qxf7#", messages(g)


def test_readings_that_make_the_same_moves_are_not_called_ambiguous(replay_text):
    # Pawn moves and castling read alike in German and algebraic: one reading, no warning.
    g = one(replay_text, "1. e4 e5 2. d4 exd4 3. c3 dxc3\n")
    assert g.status == "ok"
    assert not any(d.code == "ambiguous-notation" for d in g.diagnostics)


def test_a_square_does_not_run_across_a_line_end(replay_text):
    # "exd" at the end of a line and "7." on the next are not the square d7.
    g = one(replay_text, '[Notation "algebraic"]\n\n1. e4 d5 2. exd\n2... Qxd5 3. Nc3\n')
    assert g.status == "ok" and sans(g) == ["e4", "d5", "exd5", "Qxd5", "Nc3"], messages(g)


def test_a_misprint_is_reported_with_the_nearest_legal_readings(replay_text):
    g = one(replay_text, '[Notation "algebraic"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb6 a6\n')
    assert g.status != "ok"
    (error,) = [d for d in g.diagnostics if d.severity == "error"]
    assert "Bb5" in error.message and (error.line, error.column) == (3, 24)


def test_a_pgn_file_is_still_read_by_the_pgn_grammar(replay_text):
    g = one(replay_text, '[Event "?"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n', "games.pgn")
    assert g.notation == "san" and g.status == "ok"


def random_game(seed: int, plies: int = 80) -> list:
    import random

    import chess

    rng, board, moves = random.Random(seed), chess.Board(), []
    for _ in range(plies):
        legal = sorted(board.legal_moves, key=lambda m: m.uci())
        if not legal:
            break
        moves.append(rng.choice(legal))
        board.push(moves[-1])
    return moves


@pytest.mark.parametrize("seed", range(12))
def test_random_games_between_paragraphs_of_prose_read_back(replay_text, seed):
    """Random legal games written in SAN, a paragraph of the author's prose after every eight
    moves, come back move for move, untagged, from a .txt page."""
    import chess

    moves = random_game(seed)
    board, lines, line = chess.Board(), [], []
    for i, move in enumerate(moves):
        number = f"{i // 2 + 1}." if i % 2 == 0 else (f"{i // 2 + 1}..." if not line else "")
        line.append(f"{number} {board.san(move)}".strip())
        board.push(move)
        if i % 8 == 7:
            lines += [" ".join(line), "", "The position is interesting here, and the author has a word on it.", ""]
            line = []
    lines.append(" ".join(line))
    g = one(replay_text, "\n".join(lines) + "\n")
    assert [m.detail.uci for m in g.moves] == [m.uci() for m in moves], messages(g)
    assert g.status == "ok", messages(g)


def test_a_web_page_list_of_moves_with_bullets_and_comments_under_each(replay_text):
    page = ("Annotated game\n\n"
            "  • 1. e4\n    The usual start, claiming the centre.\n"
            "    • 1... b5\n      ? An odd reply: 1...e5 is more common.\n"
            "      • 2. Nb1c3\n        Developing, and the b-pawn is attacked by nothing yet.\n"
            "        • 2... Bc8a6 3. a4 b4 4. Bf1xa6 Nb8xa6\n")
    g = one(replay_text, page)
    assert g.status == "ok", messages(g)
    assert sans(g) == ["e4", "b5", "Nc3", "Ba6", "a4", "b4", "Bxa6", "Nxa6"]


def test_a_two_letter_word_is_no_pawn_capture(replay_text):
    # "he" names two files, but a pawn takes only on the next file: the line is the author's.
    g = one(replay_text, "1. e4 e5 2. Nf3 Nc6\nhe develops\n3. Bb5 a6\n")
    assert g.status == "ok" and len(g.moves) == 6, messages(g)


def test_list_bullets_open_a_line_of_moves(replay_text):
    g = one(replay_text, "One way the trap arises:\n- 1. e4 e5\n- 2. Nf3 d6\n* 3. Bc4 Bg4?!\n"
                         "A pin, though not a good one.\n- 4. Nc3 g6\n- 5. Nxe5 Bxd1\n")
    assert g.status == "ok" and sans(g)[-2:] == ["Nxe5", "Bxd1"], messages(g)


def test_a_page_that_ends_one_game_and_gives_another_from_move_1():
    page = ("An ending worth knowing, from another game:\n22. Qf6+ Nxf6 23. Be7#\n\n"
            "The game itself ran:\n1. e4 e5 2. f4 exf4 3. Bc4 Qh4+ 4. Kf1 b5\n")
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    fragment, game = [process(r) for r in split_source(SourceText("page.txt", page))]
    assert any(d.code == "fragment" for d in fragment.diagnostics) and fragment.status != "ok"
    assert game.status == "ok" and len(game.moves) == 8, messages(game)


# The English books of 1900-1920 that print algebraic (Edward Lasker's kind): the piece's letter, "Kt" for the
# Knight, a space, the squares joined by an en or em dash; castling "Castles" (issue 29).
ENGLISH_LONG = """GIUOCO PIANO.

1. e2—e4            e7—e5
2. Kt g1—f3         Kt b8—c6
3. B f1—c4          B f8—c5
4. c2—c3            Kt g8—f6

White now attacks the centre with 5. d2—d4, which is the strongest continuation.

5. d2—d4            e5xd4
6. c3xd4            B c5—b4+
7. B c1—d2          B b4xd2+
8. Kt b1xd2         d7—d5

Black must free his game at once; after 8. ... Castles, 9. e4—e5 would drive away the Knight.

9. e4xd5            Kt f6xd5
10. Q d1—b3          Kt c6—e7
11. Castles          Castles
12. R f1—e1          c7—c6
"""


def test_the_english_long_form_with_kt_dashes_and_castles(replay_text):
    g = one(replay_text, ENGLISH_LONG)
    # Q, R and Kt are English letters: algebraic, not German (where B is no Bishop).
    assert g.notation == "algebraic" and g.status == "ok", messages(g)
    assert " ".join(sans(g)) == ("e4 e5 Nf3 Nc6 Bc4 Bc5 c3 Nf6 d4 exd4 cxd4 Bb4+ Bd2 Bxd2+ Nbxd2 d5 "
                                 "exd5 Nxd5 Qb3 Nce7 O-O O-O Rfe1 c6")
    # The note's "8. ... Castles, 9. e4—e5" is a variation from Black's 8th move.
    assert [(v.branch_ply, sans(v)) for v in g.variations] == [(16, ["O-O", "e5"])]
    assert not [d for d in g.diagnostics if d.severity != "info"], messages(g)


@pytest.mark.parametrize("knight", ["Kt g1-f3", "Ktg1-f3", "Kt.g1-f3", "Kt. g1—f3", "Kt g1–f3", "Ktf3", "Kt.f3"])
def test_kt_is_the_knight(replay_text, knight):
    g = one(replay_text, f'[Notation "algebraic"]\n\n1. e2-e4 e7-e5 2. {knight} d7-d6\n')
    assert g.status == "ok" and sans(g)[2] == "Nf3", messages(g)


@pytest.mark.parametrize("castles, meant", [
    ("Castles", "O-O"), ("Castles KR", "O-O"), ("Castles K R", "O-O"), ("Castles QR", "O-O-O"),
    ("Castles (Q R)", "O-O-O"), ("O-O", "O-O"), ("0-0", "O-O"), ("0-0-0", "O-O-O"),
])
def test_castling_in_words_and_in_noughts(replay_text, castles, meant):
    opening = "1. d2-d4 d7-d5 2. Kt b1-c3 Kt b8-c6 3. B c1-f4 B c8-f5 4. Q d1-d2 Q d8-d7 5. e2-e3 e7-e6 6. Kt g1-f3 Kt g8-f6"
    g = one(replay_text, f'[Notation "algebraic"]\n\n{opening} 7. B f1-e2 B f8-e7 8. {castles} a7-a6\n')
    assert g.status == "ok" and sans(g)[14] == meant, messages(g)


def test_castles_alone_is_the_queens_side_where_only_that_is_legal(replay_text):
    g = one(replay_text, '[Notation "algebraic"]\n\n1. d2-d4 d7-d5 2. Kt b1-c3 Kt b8-c6 3. B c1-f4 B c8-f5 '
                         '4. Q d1-d2 Q d8-d7 5. Castles Castles\n')
    assert g.status == "ok" and sans(g)[8:] == ["O-O-O", "O-O-O"], messages(g)


def test_a_footnotes_star_after_a_long_algebraic_move_is_no_misprint(replay_text):
    # "9. h2—h3*" over "* To prevent 9. ... B c8—g4." (a tournament book's footnote sign, the English long form): the
    # star is the note's mark, not a letter of the move. Before, "'h2—h3*' read as h3 (one letter off)", a warning.
    text = ("THE RUY LOPEZ\n\n1. e2—e4 e7—e5\n2. Kt g1—f3 Kt b8—c6\n3. B f1—b5 a7—a6\n4. B b5—a4 Kt g8—f6\n"
            "5. Castles B f8—e7\n6. R f1—e1 b7—b5\n7. B a4—b3 d7—d6\n8. c2—c3 Castles\n9. h2—h3* Kt c6—a5\n"
            "10. B b3—c2 c7—c5\n\n* To prevent 9. ... B c8—g4.\n")
    g = one(replay_text, text)
    assert g.status == "ok" and sans(g)[16:20] == ["h3", "Na5", "Bc2", "c5"], messages(g)
    assert not [d for d in g.diagnostics if d.severity != "info"], messages(g)
    assert [(v.branch_ply, sans(v)) for v in g.variations] == [(18, ["Bg4"])]
