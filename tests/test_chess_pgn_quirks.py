"""PGN as other readers take it: what python-chess, ChessBase, engines and mail programs write."""

import io

import chess.pgn
import pytest

from notation.pipeline import read_games


def games(tmp_path, text, name="g.pgn"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return list(read_games([path]))


def sans(game):
    return [m.normalized for m in game.moves]


def test_a_blank_line_among_the_tags(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n[White "B"]\n[Black "C"]\n\n1. e4 e5 1-0\n')
    assert g.status == "ok" and g.tags["White"] == "B" and sans(g) == ["e4", "e5"]


def test_quotes_inside_a_tag_value(tmp_path):
    (g,) = games(tmp_path, '[Event "The "Big" Match"] [White "A"]\n\n1. e4 *\n')
    assert g.tags["Event"] == 'The "Big" Match' and g.tags["White"] == "A" and g.status == "ok"


def test_prose_after_the_result_is_kept_and_said_to_be_prose(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 1-0\n\nThanks for the game! Next time 1. d4.\n')
    assert g.status == "ok" and sans(g) == ["e4", "e5"]
    assert g.comments == ["Thanks for the game! Next time 1. d4."]
    (prose,) = [d for d in g.diagnostics if d.code == "prose"]
    assert "follows the result" in prose.message and "'d4'" in prose.message


def test_a_descriptive_score_after_the_result_is_said_to_have_move_like_words(tmp_path):
    # Never silent: after the result, the words of any chess notation read as moves are named, not only SAN's.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 *\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n')
    (prose,) = [d for d in g.diagnostics if d.code == "prose"]
    assert prose.line == 5 and "'P-K4'" in prose.message and "'Kt-QB3'" in prose.message


def test_tagless_games_one_after_another(tmp_path):
    found = games(tmp_path, "1. e4 e5 {1-0 is not an end in a comment} 1-0 1. d4 d5 0-1\n* *\n")
    assert [sans(g) for g in found] == [["e4", "e5"], ["d4", "d5"], [], []]
    assert [g.result for g in found] == ["1-0", "0-1", None, None]
    assert [g.status for g in found] == ["ok", "ok", "empty", "empty"]  # "*" alone is an empty game


@pytest.mark.parametrize("null", ["--", "Z0", "0000"])
def test_null_moves(tmp_path, null):
    (g,) = games(tmp_path, f'[Event "A"]\n\n1. e4 {null} 2. d4 *\n')
    assert g.status == "ok" and sans(g) == ["e4", "--", "d4"]


def test_dashes_glued_to_a_number_are_no_null_move():
    # A checker book numbers its rows "--24--" between the two sides' moves: no chess null move there.
    from notation.rules.chess.notations import NOTATIONS

    assert NOTATIONS["san"].book_moves("   1 to  6      --24--   5 to  1\n") == 0
    assert NOTATIONS["san"].book_moves("1. e4 -- 2. d4 --") == 4


def test_long_algebraic_and_uci_moves(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n1. g1f3 d7d5 2. e2-e4 d5xe4 3. Nf3-g5 Ng8-f6 4. Ng5xe4 *\n')
    assert g.status == "ok" and sans(g) == ["Nf3", "d5", "e4", "dxe4", "Ng5", "Nf6", "Nxe4"]
    (g,) = games(tmp_path, '[FEN "8/3P4/8/8/8/8/8/k6K w - - 0 1"]\n\n1. d7d8R *\n')
    assert sans(g) == ["d8=R"]


def test_castling_typeset_with_dashes(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. O–O Nf6 5. d3 O—O *\n')
    assert g.status == "ok" and sans(g)[6] == "O-O" and sans(g)[-1] == "O-O"


@pytest.mark.parametrize("variant, moves, expected", [
    ("Crazyhouse", "1. e4 d5 2. exd5 Qxd5 3. Nc3 Qa5 4. P@d5", "@d5"),
    ("Antichess", "1. e3 b5 2. Bxb5 Bb7 3. Bxd7", "Bxd7"),
    ("Atomic", "1. e4 d5 2. exd5", "exd5"),
    ("King of the Hill", "1. e4 e5 2. Ke2 d5 3. Ke3 dxe4 4. Kxe4#", "Kxe4#"),
    ("Three-check", "1. e4 e5 2. Bc4 Nc6 3. Bxf7+", "Bxf7+"),
    ("Horde", "1. e5 d6 2. exd6", "exd6"),
    ("Racing Kings", "1. Kh3 Ka3", "Ka3"),
])
def test_variants_replay_on_their_own_boards(tmp_path, variant, moves, expected):
    (g,) = games(tmp_path, f'[Variant "{variant}"]\n\n{moves} *\n')
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g)[-1] == expected and g.variant != "standard"
    from notation.rules.chess import FAMILY

    assert "<svg" in FAMILY.picture(g.moves[-1].position)


def test_chess960_from_its_fen(tmp_path):
    text = ('[Variant "fischerandom"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]\n\n'
            "1. d4 d5 *\n")
    (g,) = games(tmp_path, text)
    assert g.status == "ok" and g.variant == "chess960"


def test_a_variant_it_cannot_replay_is_an_error_not_standard_chess(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n[Variant "Shogi"]\n\n1. e4 e5 *\n')
    assert g.status == "error"
    (d,) = [d for d in g.diagnostics if d.severity == "error"]
    assert d.code == "unknown-variant" and "Shogi" in d.message and "Crazyhouse" in d.message
    assert (d.line, d.column) == (2, 11)
    assert all(m.normalized is None for m in g.moves) and [m.printed for m in g.moves] == ["e4", "e5"]


def test_braces_nested_inside_a_comment(tmp_path):
    # An e-text's transcriber nests braces ("the Black {K. B.} is brought into play"): the comment
    # ends at its matching brace, and the game reads on.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e6 2. d4 d5 {If White take exd5, the Black {K. B.} is '
                           'brought into play; and if not, c4 is threatened.} 3. Nc3 Bb4 1-0\n')
    assert g.status == "ok" and sans(g) == ["e4", "e6", "d4", "d5", "Nc3", "Bb4"]
    assert "{K. B.}" in g.moves[3].comment


def test_a_brace_left_open_inside_a_comment_ends_at_the_first_closing_brace(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 {a { b} e5 {c} 2. Nf3 1-0\n')
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3"]


def python_chess_sans(text):
    """The SAN moves python-chess reads from a text, every game of it in turn."""
    handle, out = io.StringIO(text), []
    while (game := chess.pgn.read_game(handle)) is not None:
        board = game.board()
        for move in game.mainline_moves():
            out.append(board.san(move))
            board.push(move)
    return out


@pytest.mark.parametrize("text", [
    '  [Event "A"]\n  [White "B"]\n\n1. e4 e5 2. Nf3 *\n',
    '\t[Event "A"]\n\t[White "B"]\n1. e4 e5 2. Nf3 *\n',
    '  [Event "A"]\n  [White "B"] 1. e4 e5 2. Nf3 *\n',
])
def test_tag_lines_indented(tmp_path, text):
    (g,) = games(tmp_path, text)
    assert g.status == "ok" and sans(g) == python_chess_sans(text) == ["e4", "e5", "Nf3"]
    assert (g.tags["Event"], g.tags["White"]) == ("A", "B")  # python-chess takes them for movetext


@pytest.mark.parametrize("text", [
    '[Event "A"]\n[Result "1-0"] 1. e4 e5 2. Nf3 1-0\n',
    '[Event "A"] [Result "1-0"] 1. e4 e5\n2. Nf3 1-0\n',
])
def test_tag_pairs_and_the_first_moves_on_one_line(tmp_path, text):
    # python-chess skips the whole line as a malformed tag (its moves with it); the moves are read
    # here as python-chess reads them with the tag pairs on a line of their own.
    (g,) = games(tmp_path, text)
    own_line = text.replace('"1-0"] 1.', '"1-0"]\n1.', 1)
    assert g.status == "ok" and sans(g) == python_chess_sans(own_line) == ["e4", "e5", "Nf3"]
    assert (g.tags["Event"], g.tags["Result"]) == ("A", "1-0")
    first = g.moves[0]
    assert (first.line, first.column) == (text[:text.index("e4")].count("\n") + 1,
                                          text.index("e4") - text.rfind("\n", 0, text.index("e4")))


@pytest.mark.parametrize("movetext", ["1. ... 2. e4 e5", "1. . 2. e4 e5", "1.. e4 e5", "1. e4 . e5",
                                      "1. e4 e5 2.. Nf3", "1. e4 1.... e5", "1. e4 e5 ... 2. Nf3"])
def test_a_move_number_followed_by_nothing_or_stray_full_stops(tmp_path, movetext):
    text = f'[Event "A"]\n\n{movetext} *\n'
    (g,) = games(tmp_path, text)
    assert g.status == "ok", [d.message for d in g.diagnostics]
    assert sans(g) == python_chess_sans(text)
