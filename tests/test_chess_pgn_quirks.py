"""PGN as other readers take it: what python-chess, ChessBase, engines and mail programs write."""

import io

import chess.pgn
import pytest

from notation.pipeline import read_games
from notation.rules.chess import FAMILY


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


def test_prose_after_the_result_is_kept_as_the_games(tmp_path):
    # A signature or a remark with no word that reads as a move: the game's, kept whole as its comment.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 1-0\n\nThanks for the game! Next time, a longer one.\n')
    assert g.status == "ok" and sans(g) == ["e4", "e5"]
    assert g.comments == ["Thanks for the game! Next time, a longer one."]


def test_a_remark_with_a_move_after_the_result_is_a_record_that_says_what_it_could_not_read(tmp_path):
    # Never silent: "1. d4" after the result is no prose of the game's; read alone it is no game either.
    text = '[Event "A"]\n\n1. e4 e5 1-0\n\nThanks for the game! Next time 1. d4.\n'
    game, remark = games(tmp_path, text)
    assert game.status == "ok" and sans(game) == ["e4", "e5"] and not game.comments
    assert remark.status == "error" and remark.record.line == 5 and remark.record.text == "Thanks for the game! Next time 1. d4.\n"
    assert any(d.severity == "error" and "'d4'" in d.message and (d.line, d.column) == (5, 35) for d in remark.diagnostics)
    assert game.record.text + remark.record.text == text  # nothing lost


PGN_GAME = '[Event "x"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *'


@pytest.mark.parametrize("between, after, family, notation, printed", [
    ("\n\n", "1. d4 d5 2. c4", "chess", "san", ["d4", "d5", "c4"]),  # no result of its own
    ("\n\n", "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3", "chess", "english-descriptive", ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3"]),
    ("\n", "P-K4 P-K4 Kt-KB3 Kt-QB3", "chess", "english-descriptive", ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3"]),
    (" ", "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3", "chess", "english-descriptive", ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3"]),
    (" {PGN 02}\n", "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3", "chess", "english-descriptive", ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3"]),
    # German letters in a .pgn are SAN's reader's as well (a German program's export), tried first there.
    ("\n\n", "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6", "chess", "san", ["e2-e4", "e7-e5", "Sg1-f3", "Sb8-c6"]),
    ("\n\n", "1. 11-15 23-19 2. 8-11 22-17", "checkers", "pdn", ["11-15", "23-19", "8-11", "22-17"]),
])
@pytest.mark.parametrize("crlf", [False, True])
def test_moves_after_a_pgn_result_begin_a_record_of_their_own(tmp_path, between, after, family, notation, printed, crlf):
    """Whatever notation they are in, moves after a game's result are another game, read by the family and
    notation they belong to; the first game keeps its comment on it, and every character is in one record."""
    text = f"{PGN_GAME}{between}{after}\n"
    (tmp_path / "g.pgn").write_bytes((text.replace("\n", "\r\n") if crlf else text).encode())
    first, second = read_games([tmp_path / "g.pgn"])
    assert first.status == "ok" and sans(first) == ["e4", "e5", "Nf3"]
    assert not any(d.code == "prose" for d in first.diagnostics)
    assert (second.family, second.notation, second.status) == (family, notation, "ok"), second.diagnostics
    assert [m.printed for m in second.moves] == printed
    line = text[:text.index(after)].count("\n") + 1
    assert (second.moves[0].line, second.moves[0].column) == (line, text.index(printed[0]) - text.rindex("\n", 0, text.index(after)))
    assert first.record.text + second.record.text == text


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


def test_a_mate_claimed_on_a_variants_board_is_left_open_not_refuted(replay_text):
    # "and Black mates in one move" after a game of Three-check: the mate search plays standard chess, and the
    # claim was decided "no mate in 1", an error (wrong-result), on a board it had not searched.
    (g,) = replay_text('[Game "chess"]\n[Variant "Three-check"]\n[Notation "english-descriptive"]\n\n'
                       "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 Kt-Q5 4. KtxP Q-Kt4 5. KtxBP QxKtP 6. R-B sq QxKP ch\n"
                       "7. B-K2, and Black mates in one move.\n")
    assert g.status == "ok" and g.variant == "3check", [d.message for d in g.diagnostics]
    (claim,) = [c for c in g.claims if c.what == "mate"]
    assert (claim.actual, claim.decided, claim.how) == ("open", False, "open") and "3check" in claim.reason


def test_chess960_from_its_fen(tmp_path):
    text = ('[Variant "fischerandom"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w KQkq - 0 1"]\n\n'
            "1. d4 d5 *\n")
    (g,) = games(tmp_path, text)
    assert g.status == "ok" and g.variant == "chess960"


@pytest.mark.parametrize("rights", ["GDgd", "KQkq"])
def test_a_fen_whose_castling_is_chess960s_replays_as_chess960_and_says_so(tmp_path, rights):
    # Rooks on d and g, the King on e: only Chess960 castles so, whether the FEN names the rooks' files
    # (Shredder-FEN) or says KQkq (X-FEN); no [Variant] tag names it.
    moves = ("1. d4 d5 2. c3 Nb6 3. e4 dxe4 4. Bxe4 g6 5. g4 c6 6. Qf3 Ne6 7. Nb3 Qf6 8. Qxf6 exf6 "
             "9. h4 O-O 10. Be3 *")
    text = f'[Event "A"]\n[FEN "nbbrknrq/pppppppp/8/8/8/8/PPPPPPPP/NBBRKNRQ w {rights} - 0 1"]\n\n{moves}\n'
    (g,) = games(tmp_path, text)
    assert (g.status, g.variant, len(g.moves)) == ("ok", "chess960", 19)
    assert [(d.code, d.severity, d.line) for d in g.diagnostics] == [("variant", "warning", 2)]
    assert g.moves[17].normalized == "O-O" and g.moves[17].position.startswith("1bbr1rk1/")


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


def test_a_books_score_with_tags_keeps_its_notes_after_the_result_in_a_text_file(tmp_path):
    # Only PGN's movetext ends at its result: a descriptive score's notes after "1-0" are the game's.
    text = ('[Event "Match"]\n[White "Morphy"]\n[Black "Anderssen"]\n\n'
            "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 1-0\n\nIf 3. P-Q4, then 3. ... PxP 4. KtxP KtxKt.\n")
    (g,) = games(tmp_path, text, name="g.txt")
    assert (g.notation, g.status, len(g.moves)) == ("english-descriptive", "ok", 6)
    assert any(d.code == "prose" and "'P-Q4'" in d.message for d in g.diagnostics)


def test_a_pgn_game_with_tags_in_a_text_file_ends_at_its_result(tmp_path):
    text = f"{PGN_GAME}\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3\n"
    first, second = games(tmp_path, text, name="g.txt")
    assert (first.notation, first.status, sans(first)) == ("san", "ok", ["e4", "e5", "Nf3"])
    assert (second.notation, second.status, len(second.moves)) == ("english-descriptive", "ok", 4)
    assert first.record.text + second.record.text == text


def test_a_tagged_game_with_a_bad_move_still_ends_where_a_score_begins_again_at_move_one(tmp_path):
    # The bad word ("Qz9") makes the first game no PGN movetext read whole; the book's game after its
    # result is still a game of its own, read in its own notation, not prose of the first.
    text = ('[Event "Club"]\n[White "A"]\n[Black "B"]\n[Result "1-0"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qz9 Nf6 1-0'
            "\n\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-Kt5 P-QR3\n")
    first, second = games(tmp_path, text, name="g.txt")
    assert (first.status, sans(first)[:6], first.tags["White"]) == ("error", ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"], "A")
    assert (second.notation, second.status, sans(second)) == (
        "english-descriptive", "ok", ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"])
    assert first.record.text + second.record.text == text


def test_a_books_numbered_note_after_the_result_is_no_new_game(tmp_path):
    text = ('[Event "Match"]\n[White "Morphy"]\n\n1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. Kt-KB9 B-B4 1-0\n\n'
            "1. The Two Knights were better; 3. P-Q4, then PxP.\n")
    (g,) = games(tmp_path, text, name="g.txt")
    assert (g.notation, len(g.moves)) == ("english-descriptive", 6)


def test_a_word_any_move_may_mean_names_the_first_readings_and_how_many_more(tmp_path):
    (g,) = games(tmp_path, '[Event "Club"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Qz9 Nf6 1-0\n', name="g.txt")
    (d,) = [d for d in g.diagnostics if d.code == "ambiguous-move"]
    assert d.severity == "error" and "or any of" in d.message and "after each" in d.message
    assert len(d.suggestions) > 6


@pytest.mark.parametrize("text", [
    '{Exported by a database}\n[Event "A"]\n[White "B"]\n\n1. e4 e5 *\n',
    '; Arena 3.5 export\n\n[Event "A"]\n[White "B"]\n\n1. e4 e5 *\n',
    '{An export\nover two lines}\n[Event "A"]\n[White "B"]\n\n1. e4 e5 *\n',
    '[Event "A"]\n{a remark among the tags}\n[White "B"]\n\n1. e4 e5 *\n',
    '[Event "A"] ; the event\n[White "B"] {and the player}\n\n1. e4 e5 *\n',
])
def test_comments_before_or_among_the_tags_are_the_games_not_a_record_of_their_own(tmp_path, text):
    (g,) = games(tmp_path, text)
    assert (g.status, sans(g), g.tags) == ("ok", ["e4", "e5"], {"Event": "A", "White": "B"})
    assert g.record.text == text  # the remark is kept with the game's text


@pytest.mark.parametrize("between", ["\n", "\n\n", ""])
def test_a_game_of_tags_only_is_a_record_of_its_own(tmp_path, between):
    # A tag name the block already holds begins the next game: its tags are not the next game's.
    text = f'[Event "A"]\n[White "B"]\n{between}[Event "C"]\n[White "D"]\n\n1. e4 e5 *\n'
    empty, game = games(tmp_path, text)
    assert (empty.status, empty.tags) == ("empty", {"Event": "A", "White": "B"})
    assert [(d.code, d.line, d.column) for d in empty.diagnostics] == [("empty-game", 1, 1)]
    assert (game.status, game.tags, sans(game)) == ("ok", {"Event": "C", "White": "D"}, ["e4", "e5"])


@pytest.mark.parametrize("movetext, annotations", [
    ("1. e4 $1 !? e5 2. Nf3 *", [["$1", "!?"], [], []]),
    ("1. e4 !! e5 $2 ?? 2. Nf3 ?! *", [["!!"], ["$2", "??"], ["?!"]]),
])
def test_a_glyph_after_a_nag_or_standing_alone_is_the_moves(tmp_path, movetext, annotations):
    (g,) = games(tmp_path, f'[Event "A"]\n\n{movetext}\n')
    assert g.status == "ok" and sans(g) == python_chess_sans(f'[Event "A"]\n\n{movetext}\n')
    assert [m.annotations for m in g.moves] == annotations


@pytest.mark.parametrize("movetext", [
    "1. Pe4 e5 2. Nf3 Nc6 3. Pd4 Pexd4 *",  # a pawn's letter, as typed by hand
    "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8=q *",  # a promotion's piece in lower case
    "1. e4 d5 2. exd5 c6 3. dxc6 Nf6 4. cxb7 Nbd7 5. bxa8q *",
])
def test_hand_typed_pawn_moves(tmp_path, movetext):
    (g,) = games(tmp_path, f'[Event "A"]\n\n{movetext}\n')
    assert g.status == "ok", [d.message for d in g.diagnostics]
    expected = python_chess_sans(f'[Event "A"]\n\n{movetext.replace("P", "").replace("=q", "=Q").replace("8q", "8=Q")}\n')
    assert sans(g) == expected and len(expected) == len(g.record.body.split()) - 1 - movetext.count(".")


def test_a_doubled_check_mark(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7++ 1-0\n')
    assert g.status == "ok" and sans(g)[-1] == "Qxf7#" and g.result == "1-0"


@pytest.mark.parametrize("setup, movetext, said", [
    ("", "1. e4 e5 2. Bc4 Nc6 3. Qh5 Nf6 4. Qxf7++", []),  # mate: "++" as the older books print it
    ("4k3/8/8/8/4N3/8/8/4RK2 w - - 0 1", "1. Nf6++ Kf7", []),  # a double check, Knight and Rook
    ("", "1. e4 e5 2. Bc4 Nc6 3. Bxf7++", [("warning", "false-check")]),  # a single check
    ("", "1. e4 e5 2. Nf3++", [("error", "false-check")]),  # no check at all
])
def test_a_doubled_check_mark_is_a_double_check_or_mate(tmp_path, setup, movetext, said):
    # "++" means a double check to some and mate to others: either bears it out, a single check does not.
    tags = f'[SetUp "1"]\n[FEN "{setup}"]\n' if setup else ""
    (g,) = games(tmp_path, f'[Event "A"]\n{tags}\n{movetext} *\n')
    # (The "*" after a mate is said too: test_a_star_at_mate_is_kept_and_said.)
    marks = [(d.severity, d.code) for d in g.diagnostics if d.code != "wrong-result"]
    assert marks == said, [d.message for d in g.diagnostics]
    (claim,) = [c for c in g.claims if c.what == "check"] or [None]
    assert claim is None or claim.ok == (not said)


def test_a_result_and_the_next_games_tags_on_one_line_are_two_games(tmp_path):
    for name in ("g.pgn", "g.txt"):
        text = '[Event "x"]\n[Result "*"]\n\n1. e4 e5 * [Event "y"]\n[Result "1-0"]\n\n1. d4 d5 1-0\n'
        first, second = games(tmp_path, text, name)
        assert (first.status, sans(first), first.tags["Event"]) == ("ok", ["e4", "e5"], "x"), name
        assert (second.status, sans(second), second.tags["Event"], second.result) == ("ok", ["d4", "d5"], "y", "1-0")


def test_a_german_score_ends_at_pgns_unfinished_mark(tmp_path):
    (g,) = games(tmp_path, '[Game "chess"]\n[Notation "german"]\n\n1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 *\n', "g.txt")
    assert (g.status, sans(g), g.diagnostics) == ("ok", ["e4", "e5", "Nf3", "Nc6"], [])
    # A PGN game of pawn moves only reads as German too: with tags over PGN's movetext it stays SAN.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 2. d4 exd4 *\n', "g.txt")
    assert (g.status, g.notation, sans(g)) == ("ok", "san", ["e4", "e5", "d4", "exd4"])


def test_a_nag_before_the_first_move_is_kept_and_said(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n$1 1. e4 e5 ( !? 1... c5 ) *\n')
    assert g.status == "ok" and sans(g) == ["e4", "e5"]
    assert [(d.severity, d.code, d.line, d.column) for d in g.diagnostics] == [("info", "stray-nag", 3, 1),
                                                                             ("info", "stray-nag", 3, 15)]
    assert g.comments == ["$1"] and g.variations[0].comment == "!?"


def test_a_note_that_reports_the_games_score_is_no_verdict_for_the_engine(tmp_path):
    # (The note and the game's '*' disagree: that is said, at the note's score, but the engine judges nothing.)
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 2. Nf3 {White wins 1-0} *\n')
    assert g.status == "ok" and g.claims == [] and [d.code for d in g.diagnostics] == ["note-result"]


@pytest.mark.parametrize("result, pgn", [("½-½", "1/2-1/2"), ("1/2-1/2", "1/2-1/2"), ("1/2 - 1/2", "1/2-1/2"),
                                         ("1 - 0", "1-0"), ("0 - 1", "0-1")])
def test_a_result_printed_with_the_fractions_glyph_or_spaced_dashes(tmp_path, result, pgn):
    (g,) = games(tmp_path, f'[Event "A"]\n[Result "{pgn}"]\n\n1. e4 e5 2. Nf3 {result}\n')
    assert (g.status, sans(g), g.result, g.diagnostics) == ("ok", ["e4", "e5", "Nf3"], pgn, [])


def test_a_result_tag_the_printed_result_contradicts_is_said(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n[Result "0-1"]\n\n1. e4 e5 2. Nf3 1-0\n')
    assert g.status == "ok" and g.result == "1-0"
    assert [(d.severity, d.code, d.line, d.column) for d in g.diagnostics] == [("warning", "result-tag", 4, 17)]
    assert "0-1" in g.diagnostics[0].message


def test_german_piece_letters_in_a_pgn_read_as_san(tmp_path):
    # A German program's export: Springer, Läufer, Turm, Dame (python-chess stops at the first).
    german = "1. e4 e5 2. Sf3 Sc6 3. Lb5 a6 4. La4 Sf6 5. O-O Le7 6. Te1 b5 7. Lb3 d6 8. c3 O-O 9. h3 Sb8 10. d4 Sbd7 11. Dd3 *"
    (g,) = games(tmp_path, f'[Event "A"]\n\n{german}\n')
    english = german.translate(str.maketrans("SLTD", "NBRQ"))
    assert (g.status, sans(g)) == ("ok", python_chess_sans(f'[Event "A"]\n\n{english}\n'))


def test_a_piece_letter_in_lower_case_is_repaired_as_that_piece_not_as_a_pawn(tmp_path):
    # "nf3" is Nf3 typed in lower case before it is f3 with a letter too many; "bd2" the Bishop's.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 2. nf3 nc6 3. d4 exd4 4. Nxd4 Bc5 5. Be3 Qf6 6. c3 Nge7 7. bc4 *\n')
    assert g.status == "repaired"
    assert [(m.printed, m.normalized) for m in g.moves if m.status == "repaired"] == [
        ("nf3", "Nf3"), ("nc6", "Nc6"), ("bc4", "Bc4")]
    assert all(d.line == 3 for d in g.diagnostics)


@pytest.mark.parametrize("movetext", [
    "1 e4 e5 2 Nf3 Nc6 3 Bb5 a6 4 O-O *",  # move numbers typed with no full stop
    "1. e4 Nf6 2. e5 d5 3. exd6ep cxd6 4. d4 d5 5. c4 dxc4 6. d5 e5 7. dxe6 e.p. Bxe6 *",  # "ep" glued, "e.p."
])
def test_hand_typed_numbers_and_en_passant_marks(tmp_path, movetext):
    text = f'[Event "A"]\n\n{movetext}\n'
    (g,) = games(tmp_path, text)
    assert (g.status, g.diagnostics) == ("ok", [])
    assert sans(g) == python_chess_sans(text.replace("ep ", " ").replace("e.p.", "")) and len(sans(g)) > 6


def test_a_variation_before_the_first_move_is_an_alternative_to_it(tmp_path):
    # It was dropped without a word; nothing precedes it to replace, so it branches where the game begins.
    (g,) = games(tmp_path, '[Event "A"]\n\n(1. d4 d5) 1. e4 e5 *\n')
    assert (g.status, sans(g)) == ("ok", ["e4", "e5"])
    (v,) = g.variations
    assert [m.normalized for m in v.moves] == ["d4", "d5"] and v.moves[0].ply == 1


@pytest.mark.parametrize("remark", ["{c}\n", "% escape\n", "; remark\n"])
def test_a_remark_over_a_tagless_game_is_that_games_not_the_next_tag_blocks(tmp_path, remark):
    text = f'{remark}1. e4 e5 *\n[Event "x"]\n\n1. d4 d5 *\n'
    first, second = games(tmp_path, text)
    assert (first.record.text, first.record.line) == (f"{remark}1. e4 e5 *\n", 1)
    assert (second.record.text, second.record.line, second.tags) == ('[Event "x"]\n\n1. d4 d5 *\n', 3, {"Event": "x"})
    assert sans(first) == ["e4", "e5"] and sans(second) == ["d4", "d5"]


@pytest.mark.parametrize("movetext, variation, at", [
    ("1. e4 e5 2. Nf3 (2. f4 exf4 *", ["f4", "exf4"], (3, 17)),  # a variation left open at the result
    ("1. e4 e5 2. Nf3 (2. f4 exf4", ["f4", "exf4"], (3, 17)),  # ... at the end of the text
    ("1. e4 e5 2. Nf3 (2. f4 exf4)) Nc6 *", ["f4", "exf4"], (3, 29)),  # a ')' that closes none
])
def test_a_variations_brackets_that_do_not_pair_are_said_and_the_game_read(tmp_path, movetext, variation, at):
    # The whole record was unparsed: every move lost for one bracket.
    (g,) = games(tmp_path, f'[Event "A"]\n\n{movetext}\n')
    assert g.status == "ok" and sans(g)[:3] == ["e4", "e5", "Nf3"]
    assert [m.normalized for m in g.variations[0].moves] == variation
    assert [(d.code, d.severity, d.line, d.column) for d in g.diagnostics] == [("unbalanced-variation", "warning", *at)]


@pytest.mark.parametrize("result", ["*", "1-0"])
def test_variations_left_open_with_no_room_before_the_result_are_closed_there(tmp_path, result):
    # No room for two brackets in the one space before the result: the record was an error, no move kept.
    (g,) = games(tmp_path, f'[Event "A"]\n\n1. e4 (1. d4 d5 2. c4 e5 (2... e6 {result}\n')
    assert sans(g) == ["e4"] and g.status == "ok"
    assert [[m.normalized for m in v.moves] for v in g.variations] == [["d4", "d5", "c4", "e5"], ["e6"]]
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [
        ("unbalanced-variation", 3, 7), ("unbalanced-variation", 3, 26)]
    assert g.result == ("1-0" if result == "1-0" else None)


@pytest.mark.parametrize("after", ["", "\n\n{more} 2... Nc6 1-0\n"])
def test_a_comment_never_closed_is_said_where_it_opens_and_the_moves_before_it_read(tmp_path, after):
    # It was "found '{'; expected ... or a {comment}", and the game kept no move.
    (g,) = games(tmp_path, f'[Event "A"]\n\n1. e4 e5 2. Nf3 {{unclosed comment 2... e5 3. Nf3 *{after.replace("}", "")}\n')
    assert sans(g) == ["e4", "e5", "Nf3"] and g.status == "error"
    [error] = [d for d in g.diagnostics if d.severity == "error"]
    assert (error.code, error.line, error.column) == ("unclosed-comment", 3, 17)
    assert "opened at 3:17 is never closed" in error.message
    assert g.moves[-1].comment.startswith("unclosed comment 2... e5")


@pytest.mark.parametrize("stray, what", [("}", "closes no comment"), ("]", "closes no tag"), ("[", "opens no tag")])
def test_a_stray_bracket_among_the_moves_is_an_error_at_it_and_every_move_read(tmp_path, stray, what):
    # A hand-edited file or a broken export: it was "found '}'; expected ...", the record unparsed, no move kept.
    (g,) = games(tmp_path, f'[Event "A"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 {stray} Nc6 3. Bb5 a6 *\n')
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] and g.status == "error"
    [error] = [d for d in g.diagnostics if d.severity != "info"]
    assert (error.code, error.severity, error.line, error.column) == ("stray-bracket", "error", 4, 17)
    assert f"a {stray!r} that {what}" in error.message


def test_a_stray_brace_after_the_result_is_an_error_at_it(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 1-0 }\n')
    assert sans(g) == ["e4", "e5"] and g.result == "1-0"
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [("stray-bracket", 3, 14)]


@pytest.mark.parametrize("text, moves, column", [("1. d4 } d5 0-1\n", ["d4", "d5"], 7),
                                                  ("1. e4 ] e5 2. Nf3 *\n", ["e4", "e5", "Nf3"], 7)])
def test_a_stray_bracket_in_a_tagless_game_is_san_with_the_bracket_said(tmp_path, text, moves, column):
    # It was German (or algebraic) read clean, the layout reading past the bracket unsaid: "ok", no diagnostic.
    (g,) = games(tmp_path, text)
    assert (g.notation, sans(g), g.status) == ("san", moves, "error")
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [("stray-bracket", 1, column)]


@pytest.mark.parametrize("notation, text, moves", [("german", "1. d4 } d5 2. Sf3 Sf6 0-1\n", 4),
                                                   ("algebraic", "1. e4 ] e5 2. Nf3 *\n", 3),
                                                   ("english-descriptive", "1. P-K4 } P-K4 2. Kt-KB3 *\n", 3)])
def test_a_stray_bracket_is_said_whichever_notation_reads_the_record(tmp_path, notation, text, moves):
    (g,) = games(tmp_path, f'[Notation "{notation}"]\n{text}', name="g.txt")
    assert g.notation == notation and len(g.moves) == moves and g.status == "error"
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity == "error"] == [
        ("stray-bracket", 2, text.index(" ", 3) + 2)]


def test_a_command_outside_its_braces_is_read_as_the_comment_it_was(tmp_path):
    # lichess and ChessBase write "{ [%clk 0:01:00] }"; a broken export leaves it bare. python-chess keeps it.
    (g,) = games(tmp_path, '[Event "A"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 [%clk 0:01:00] Nc6 3. Bb5 a6 *\n')
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6"] and g.status == "ok"
    assert g.moves[2].comment == "[%clk 0:01:00]"
    assert [(d.code, d.severity, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [
        ("bare-command", "warning", 4, 17)]


def test_a_reserved_token_is_skipped_as_the_standard_says(tmp_path):
    # PGN section 8.2: "<" ... ">" is reserved for future expansion. It was read as a move that cannot be.
    (g,) = games(tmp_path, '[Event "A"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 <reserved> 4. Ba4 *\n')
    assert sans(g) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Ba4"] and g.status == "ok"
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.code == "reserved-token"] == [("reserved-token", 4, 31)]
    assert all(d.severity == "info" for d in g.diagnostics)
    # A reserved token ends on its line: a lone "<" takes no moves with it to a ">" lines below.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 < e5\n2. Nf3 > Nc6 *\n')
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity == "error"] == [("unreadable", 3, 7)]


def test_a_stray_bracket_and_an_unpaired_variation_are_each_said(tmp_path):
    # The two mechanisms meet: the ')' read past (unbalanced-variation), the '}' a stray bracket, offsets kept.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 (1. d4 } d5)) e5 2. Nf3 *\n')
    assert sans(g) == ["e4", "e5", "Nf3"] and [[m.normalized for m in v.moves] for v in g.variations] == [["d4", "d5"]]
    assert sorted((d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info") == [
        ("stray-bracket", 3, 14), ("unbalanced-variation", 3, 19)]


def test_a_star_at_mate_is_kept_and_said(tmp_path):
    # The record gives '*' where the position is mate: the export keeps the record's result, and the
    # disagreement is a warning at the '*', not a result silently changed to 0-1.
    text = '[Event "A"]\n\n1. f4 e6 2. Nc3 d5 3. g3 h5 4. h3 Kd7 5. g4 Qh4# *\n'
    (g,) = games(tmp_path, text)
    assert g.result is None  # as for any "*": no result given
    (d,) = [d for d in g.diagnostics if d.code == "wrong-result"]
    assert (d.severity, d.line, d.column, d.suggestions) == ("warning", 3, text.splitlines()[2].index("*") + 1, ["0-1"])
    pgn = chess.pgn.read_game(io.StringIO(FAMILY.write(g, "pgn")))
    assert pgn.headers["Result"] == "*" and pgn.end().board().is_checkmate()
    # With no result printed at all, the mate gives it.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. f4 e6 2. Nc3 d5 3. g3 h5 4. h3 Kd7 5. g4 Qh4#\n')
    assert g.result == "0-1" and not [d for d in g.diagnostics if d.code == "wrong-result"]


@pytest.mark.parametrize("result", ["*", "0-1"])
def test_a_note_reporting_a_result_the_game_contradicts(tmp_path, result):
    text = f'[Event "A"]\n\n1. e4 e5 2. Nf3 {{White wins 1-0}} {result}\n'
    (g,) = games(tmp_path, text)
    (d,) = [d for d in g.diagnostics if d.code == "note-result"]
    assert (d.severity, d.line, d.column) == ("warning", 3, text.splitlines()[2].index("1-0") + 1)
    (g,) = games(tmp_path, text.replace(f"}} {result}", "} 1-0"))
    assert not [d for d in g.diagnostics if d.code == "note-result"]


@pytest.mark.parametrize("glyph, nag", [("+-", 18), ("-+", 19), ("±", 16), ("+/-", 16), ("∓", 17), ("⩲", 14),
                                        ("+=", 14), ("=+", 15), ("=", 10), ("∞", 13), ("=/∞", 44), ("□", 7),
                                        ("N", 146), ("∆", 140), ("→", 36), ("⇆", 132)])
def test_an_annotators_symbol_standing_alone_is_the_moves_nag(tmp_path, glyph, nag):
    # A program's text export prints the NAG's symbol, not "$18": it stopped the whole game ("cannot be
    # read as a move"); python-chess skips it.
    text = f'[Event "A"]\n\n1. e4 e5 2. Nf3 {glyph} Nc6 (2... d6 {glyph}) 3. Bb5 a6 {glyph} *\n'
    (g,) = games(tmp_path, text)
    assert (g.status, g.diagnostics, sans(g)) == ("ok", [], python_chess_sans(text))
    assert [m.annotations for m in g.moves] == [[], [], [glyph], [], [], [glyph]]
    assert g.variations[0].moves[0].annotations == [glyph]
    back = chess.pgn.read_game(io.StringIO(FAMILY.write(g, "pgn")))
    assert [node.nags for node in back.mainline()] == [set(), set(), {nag}, set(), set(), {nag}]


@pytest.mark.parametrize("setup, movetext, expected", [
    ("", "1. e4 e5 2. Nf3 Nc6 3. Bc4 Nf6 4. B:f7+ K:f7 5. Nf3:e5+ Nc6:e5", ["Bxf7+", "Kxf7", "Nxe5+", "Nxe5"]),
    ("", "1. e4 d5 2. e:d5 Q:d5", ["exd5", "Qxd5"]),  # a colon for the capture: older programs, the continent
    ("8/4P3/8/8/8/8/k7/7K w - - 0 1", "1. e8(Q) Ka3", ["e8=Q", "Ka3"]),  # a promotion's piece in brackets
    ("8/4P3/8/8/8/8/k7/7K w - - 0 1", "1. e8/N Ka3", ["e8=N", "Ka3"]),  # ... or after a slash
    ("3r4/4P3/8/2k5/8/8/8/K7 w - - 0 1", "1. e:d8(N) Kd6", ["exd8=N", "Kd6"]),
])
def test_captures_marked_with_a_colon_and_promotions_in_brackets(tmp_path, setup, movetext, expected):
    # Each stopped the line: "'B:f7+' cannot be read as a move", "'e8' is not a legal move" (python-chess too).
    tags = f'[SetUp "1"]\n[FEN "{setup}"]\n' if setup else ""
    (g,) = games(tmp_path, f'[Event "A"]\n{tags}\n{movetext} *\n')
    assert g.status == "ok" and sans(g)[-len(expected):] == expected
    assert not [d for d in g.diagnostics if d.code != "throws-away-win"]  # (an under-promotion the engine judges)


@pytest.mark.parametrize("movetext, at", [("1. Qf6+ 1/2-1/2", (6, 9)),  # at the result printed
                                          ("1. Qf6+", (4, 10))])  # else at the [Result] tag's value
def test_a_result_the_endgame_tables_refute_is_said_where_the_record_gives_it(tmp_path, movetext, at):
    # The tables' error had no line or column: a database's drawn result at a won ending.
    text = f'[Event "A"]\n[SetUp "1"]\n[FEN "7k/5Q2/6K1/8/8/8/8/8 w - - 0 1"]\n[Result "1/2-1/2"]\n\n{movetext}\n'
    (g,) = games(tmp_path, text)
    (d,) = [d for d in g.diagnostics if d.code == "wrong-result"]
    assert (d.severity, d.line, d.column, d.suggestions) == ("error", *at, ["1-0"])
    (claim,) = [c for c in g.claims if c.what == "result"]
    assert (claim.line, claim.column, claim.ok) == (*at, False)


def test_a_variation_ending_in_a_result_of_its_own(tmp_path):
    # The whole record was unparsed for the "1-0" that ends the line (python-chess reads on, said).
    text = '[Event "A"]\n\n1. e4 e5 2. Nf3 (2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0 {mate}) Nc6 *\n'
    (g,) = games(tmp_path, text)
    assert (g.status, sans(g), g.result, g.diagnostics) == ("ok", ["e4", "e5", "Nf3", "Nc6"], None, [])
    (v,) = g.variations
    assert [m.normalized for m in v.moves][-1] == "Qxf7#" and v.moves[-1].comment == "1-0 mate"
    back = chess.pgn.read_game(io.StringIO(FAMILY.write(g, "pgn")))
    assert [m.uci() for m in back.mainline_moves()] == ["e2e4", "e7e5", "g1f3", "b8c6"] and not back.errors


@pytest.mark.parametrize("value", ['The "Big" Match', "C:\\", "C:\\games\\x", 'a \\" b'])
def test_a_tag_value_with_quotes_or_backslashes_is_written_escaped_and_reads_back(tmp_path, value):
    # Written as it was, '[Event "C:\"]' closed no tag: the export read back as an unparsed record.
    escaped = value.replace("\\", "\\\\").replace('"', '\\"')
    (g,) = games(tmp_path, f'[Event "{escaped}"]\n\n1. e4 *\n')
    assert g.tags["Event"] == value
    pgn = FAMILY.write(g, "pgn")
    assert f'[Event "{escaped}"]' in pgn.splitlines()
    (back,) = games(tmp_path, pgn, name="back.pgn")
    assert (back.status, back.tags["Event"], sans(back)) == ("ok", value, ["e4"])


@pytest.mark.parametrize("short, long", [("Ke1-g1", "Ke8-c8"), ("e1-g1", "e8xc8"), ("Ke1g1", "Ke8c8")])
def test_castling_written_as_the_kings_move_in_long_algebraic(tmp_path, short, long):
    # "Ke1-g1" was an illegal move, repaired as an error ("read as O-O"); the long castling stopped the line.
    text = f'[Event "A"]\n\n1. e4 d5 2. exd5 Qxd5 3. Nf3 Bg4 4. Be2 Nc6 5. {short} {long} *\n'
    (g,) = games(tmp_path, text)
    assert (g.status, g.diagnostics) == ("ok", []), [d.message for d in g.diagnostics]
    assert sans(g)[-2:] == ["O-O", "O-O-O"] == python_chess_sans(text.replace(short, "O-O").replace(long, "O-O-O"))[-2:]


@pytest.mark.parametrize("check, mate", [("ch", " mate"), ("†", "‡"), (" ch", "mate"), ("+", " mate.")])
def test_check_and_mate_in_words_or_signs(tmp_path, check, mate):
    # Typed by hand as the books print them: "'mate' cannot be read as a move" stopped the game there.
    text = (f'[Event "A"]\n\n1. e4 e5 2. Nf3 Nc6 3. Bc4 Nd4 4. Nxe5 Qg5 5. Nxf7 Qxg2 6. Rf1 Qxe4{check} '
            f'7. Be2 Nf3{mate} 0-1\n')
    (g,) = games(tmp_path, text)
    assert (g.status, g.diagnostics, g.result) == ("ok", [], "0-1"), [d.message for d in g.diagnostics]
    assert sans(g)[-3:] == ["Qxe4+", "Be2", "Nf3#"]
    # A mark the move does not bear out is said, as "+" and "#" are.
    (g,) = games(tmp_path, '[Event "A"]\n\n1. e4 e5 2. Nf3 mate *\n')
    assert [(d.code, d.severity, d.line, d.column) for d in g.diagnostics] == [("false-mate", "error", 3, 13)]


def _python_chess(text):
    game = chess.pgn.read_game(io.StringIO(text))
    return dict(game.headers), [node.san() for node in game.mainline()]


@pytest.mark.parametrize("text, name, line", [
    ('[Event "a"]\n[Event "a"]\n[White "X"]\n[Black "Y"]\n[Result "1-0"]\n\n1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0\n',
     "Event", 2),
    ('[Event "a"]\n[White "X"]\n[White "Z"]\n[Black "Y"]\n[Result "*"]\n\n1. e4 e5 *\n', "White", 3),
    ('[Event "a"]\n[White "X"]\n\n[Black "Y"]\n[White "Z"]\n[Result "*"]\n\n1. e4 e5 *\n', "White", 5),
])
def test_a_tag_given_twice_is_one_game_keeping_the_last_and_said(tmp_path, text, name, line):
    # The block's first name again after other names begins the next game (a game of tags only, above);
    # any other name given twice is a repeat inside one block: python-chess keeps the last value.
    (g,) = games(tmp_path, text)
    headers, moves = _python_chess(text)
    assert g.status == "ok" and sans(g) == moves
    assert all(g.tags[k] == headers[k] for k in g.tags)
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [("duplicate-tag", line, 1)]


def test_a_tag_value_not_in_quotes_is_read_and_said(tmp_path):
    text = '[Event "a"]\n[Round 3]\n[Date 1851.06.21]\n[White "X"]\n[Black "Y"]\n[Result "*"]\n\n1. e4 e5 *\n'
    (g,) = games(tmp_path, text)
    assert g.status == "ok" and sans(g) == ["e4", "e5"]
    assert (g.tags["Round"], g.tags["Date"], g.tags["White"]) == ("3", "1851.06.21", "X")
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [
        ("unquoted-tag", 2, 1), ("unquoted-tag", 3, 1)]


@pytest.mark.parametrize("before", ["", '[Event "a"]\n\n1. d4 d5 *\n\n'])
def test_a_tag_value_not_in_quotes_opens_a_tag_block_over_a_tag_line(tmp_path, before):
    # '[Event Test]' first was the body of a record of its own (an empty game), its game another record, tagless.
    text = f'{before}[Event Test]\n[Result "*"]\n\n1. e4 e5 *\n'
    *_, g = games(tmp_path, text)
    line = before.count("\n") + 1
    assert len(games(tmp_path, text)) == (2 if before else 1)
    assert g.status == "ok" and sans(g) == ["e4", "e5"] and g.tags == {"Event": "Test", "Result": "*"}
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [("unquoted-tag", line, 1)]


def test_a_damaged_tag_pair_is_read_its_game_replayed_and_the_fault_said_on_its_line(tmp_path):
    # The record was unparsed, "no family reads it": its moves not read at all; the fault named on the next line.
    text = '[Event "Missing bracket"\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. e4 e5 *\n'
    (g,) = games(tmp_path, text)
    assert g.family == "chess" and sans(g) == ["e4", "e5"] and all(m.status == "ok" for m in g.moves)
    assert g.tags == {"Event": "Missing bracket", "White": "A", "Black": "B", "Result": "*"}
    assert g.status == "error"
    assert [(d.code, d.severity, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [
        ("damaged-tag", "error", 1, 25)]


@pytest.mark.parametrize("damaged, column", [('[Event E"]', 8), ('[Event Casual game"]', 8), ('[Site  S"]', 8)])
def test_a_tag_value_missing_its_opening_quote_is_a_damaged_tag_in_one_record(tmp_path, damaged, column):
    # The tags after it were a record of their own: '[Event E"]' the body of an empty game over them.
    text = f'{damaged}\n[White "A"]\n[Result "*"]\n\n1. e4 e5 2. Nf3 *\n'
    (g,) = games(tmp_path, text)
    name, value = damaged[1:-2].split(maxsplit=1)
    assert sans(g) == ["e4", "e5", "Nf3"] and all(m.status == "ok" for m in g.moves) and g.status == "error"
    assert g.tags == {name: value, "White": "A", "Result": "*"}
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [("damaged-tag", 1, column)]
    assert "has no opening quote" in g.diagnostics[0].message


def test_a_records_diagnostics_are_in_the_order_of_their_places(tmp_path):
    # The damaged tag's error (line 2) was given after the movetext's (line 5), as the steps made them.
    (g,) = games(tmp_path, '[Event "E"]\n[Site S"]\n[Result "*"]\n\n1. e4 e5 2. Nf9 Nc6 3. Bb5 } a6 *\n')
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity != "info"] == [
        ("damaged-tag", 2, 7), ("unreadable", 5, 13), ("stray-bracket", 5, 28)]
    places = [(d.line or 0, d.column or 0) for d in g.diagnostics]
    assert places == sorted(places)


def test_a_book_note_in_brackets_outside_a_tag_block_is_no_tag(tmp_path):
    (g,) = games(tmp_path, "[Footnote 3]\n\n1. e4 e5 2. Nf3 *\n", name="g.txt")
    assert "Footnote" not in g.tags and sans(g) == ["e4", "e5", "Nf3"]


@pytest.mark.parametrize("text", [
    '[Event "A"]\n[White "B"] { a note that\nruns on } [Black "C"]\n\n1. e4 e5 *\n',
    '[Event "A"]\n[White "B"] { a note that\nruns on\n}\n[Black "C"]\n\n1. e4 e5 *\n',
])
def test_a_comment_a_tag_line_opens_and_a_later_line_closes_is_the_tag_blocks(tmp_path, text):
    (g,) = games(tmp_path, text)
    assert (g.status, sans(g), g.tags) == ("ok", ["e4", "e5"], {"Event": "A", "White": "B", "Black": "C"})
    assert g.record.text == text


def test_a_comment_a_tag_line_opens_that_moves_follow_is_the_games(tmp_path):
    (g,) = games(tmp_path, '[Event "A"]\n[White "B"] {The opening\nof the match} 1. e4 e5 *\n')
    assert (g.status, sans(g), g.tags) == ("ok", ["e4", "e5"], {"Event": "A", "White": "B"})
    assert g.comments == ["The opening\nof the match"]


def test_a_nag_typed_with_a_space_after_its_dollar(tmp_path):
    (g,) = games(tmp_path, '[Event "a"]\n[Result "*"]\n\n1. e4 $ 2 e5 $1 2. Nf3 *\n')
    assert g.status == "ok" and sans(g) == ["e4", "e5", "Nf3"]
    assert [m.annotations for m in g.moves] == [["$2"], ["$1"], []]


@pytest.mark.parametrize("fen, why", [
    ("8/8/8/8/8/8/8/8 w - - 0 1", "the board is empty"),
    ("8/8/8/4P3/8/8/8/8 w - - 0 1", "White has no king"),
    ("4k3/8/8/8/8/8/8/8 w - - 0 1", "White has no king"),
    ("4k3/8/8/8/8/8/8/4K2P w - - 0 1", "a pawn stands on the first or the eighth rank"),
])
def test_a_fen_that_is_no_position_is_a_bad_setup_at_the_tag(tmp_path, fen, why):
    (g,) = games(tmp_path, f'[Event "a"]\n[SetUp "1"]\n[FEN "{fen}"]\n[Result "*"]\n\n*\n')
    assert g.status == "error"
    (error,) = [d for d in g.diagnostics if d.code == "bad-setup"]
    assert (error.severity, error.line, error.column) == ("error", 3, 7) and why in error.message


@pytest.mark.parametrize("text, comments", [
    ('{Exported by a database}\n[Event "A"]\n[White "B"]\n\n1. e4 e5 *\n', ["Exported by a database"]),
    ('[Event "A; B"] ; the event\n[White "B"] {and the player}\n\n1. e4 e5 *\n', ["the event", "and the player"]),
    ('[Event "A"]\n[White "B"]\n\n1. e4 e5 (1... c5) *\n', []),
])
def test_a_comment_before_or_among_the_tags_is_the_games_comment(tmp_path, text, comments):
    # Kept as PDN keeps it, so that the PGN written back still has it (python-chess drops it, or reads it as a game).
    (g,) = games(tmp_path, text)
    assert g.status == "ok" and g.comments[:len(comments)] == comments
    assert all(c in FAMILY.write(g, "pgn") for c in comments)


def test_a_book_remark_in_brackets_under_a_tag_block_is_no_tag(tmp_path):
    # A transcription's tags, then the book's own bracketed line: only the standards' names are read
    # with a value out of quotes; the remark stays the text it is (here the game's odds).
    text = '[Event "a"]\n[Result "*"]\n[Remove White\'s Q\'s Kt.]\n\n1. P-K4 P-K4 2. P-Q4 *\n'
    (g,) = games(tmp_path, text, name="g.txt")
    assert "Remove" not in g.tags and g.variant == "odds" and "unquoted-tag" not in [d.code for d in g.diagnostics]


# --------------------------------------------------------------------------
# A tagged record's body is cut into games only where it reads as PGN: a word no PGN reads before its first
# result says it does not, at once (chess_san.word_before_result), without lexing the whole body first.

def test_a_word_before_the_first_result_means_the_body_is_no_pgn_movetext():
    import random

    from notation.families import move_like_words
    from notation.parse.chess_san import game_ends, word_before_result
    from notation.rules.chess import _pgn_movetext

    rng = random.Random(57)
    pieces = ["1.", "e4", "e5", "2.", "Nf3", "Nc6", "(", ")", "{a note}", "1-0", "*", "0-1", "P-K4", "Kt-KB3",
              "and", "1/2-1/2", "3...", "Bb5", "$1", "!", ";x\n", "]", "O-O", "11-15", "%c\n", "--"]
    words = 0
    for _ in range(3000):
        body = " ".join(rng.choice(pieces) for _ in range(rng.randint(1, 20)))
        if word_before_result(body):
            words += 1
            ends = game_ends(body, move_like_words)
            assert not (ends and _pgn_movetext(body[:ends[0]])), body
    assert words > 500
    assert word_before_result("P-K4 " * 100_000 + "1-0\n1. e4 e5 *")
    assert word_before_result("1. e4 (1. d4 P-Q4) e5 1-0")  # in a variation too: the grammar's unreadable
    assert not word_before_result("1. e4 (1. d4 d5) e5 1-0 P-K4")  # after the result: another game, or prose


def test_a_tagged_book_score_with_a_result_inside_stays_one_record(tmp_path):
    text = ('[Game "chess"]\n[Title "A book\'s game"]\n\nP-K4 P-K4 Kt-KB3 Kt-QB3 * a star in a note\n'
            "B-B4 B-B4 1-0\n")
    (tmp_path / "book.txt").write_text(text, encoding="utf-8")
    (game,) = read_games([tmp_path / "book.txt"])
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]


# --------------------------------------------------------------------------
# A game's end, then a book's heading over the next game's move 1: the heading, with no move-like word in it,
# hides no boundary; the game below it is a record of its own, titled by its heading as in a book.

_BOOK_GAME = "GAME 2.--Between Mr. X and Mr. Y.\n\n1. P-K4 P-K4\n2. Kt-KB3 Kt-Q9\n"


@pytest.mark.parametrize("result", ["*", "1-0"])
@pytest.mark.parametrize("second", ["Qz9", "Nc6"])  # a word no PGN reads in the first game, or none
def test_a_tagged_pgn_game_then_a_books_game_under_its_heading_are_two_records(tmp_path, result, second):
    text = f'[Event "Bad"]\n[White "A"]\n[Black "B"]\n\n1. e4 e5 2. Nf3 {second} 3. Bb5 {result}\n\n{_BOOK_GAME}'
    first, book = games(tmp_path, text, name="bad.txt")
    assert first.tags == {"Event": "Bad", "White": "A", "Black": "B"} and len(first.moves) == 5
    if second == "Qz9":
        assert [(d.line, d.column) for d in first.diagnostics if d.severity == "error"] == [(5, 17)]
    else:
        assert first.status == "ok"
    (alone,) = games(tmp_path, _BOOK_GAME, name="book.txt")
    assert book.tags == alone.tags and book.tags["Players"] == "X and Y" and book.tags["Round"] == "2"
    assert (book.notation, [m.printed for m in book.moves]) == ("english-descriptive", ["P-K4", "P-K4", "Kt-KB3", "Kt-Q9"])
    assert [(d.line, d.column) for d in book.diagnostics if d.severity == "error"] == [(10, 11)]
    assert first.record.text + book.record.text == text


def test_a_tagged_pgn_game_then_an_untagged_one_under_a_heading_are_two_records(tmp_path):
    text = '[Event "Bad"]\n[White "A"]\n\n1. e4 e5 2. Nf3 Qz9 3. Bb5 *\n\nGame 2\n\n1. d4 d5 2. c4 e6 *\n'
    first, game = games(tmp_path, text, name="g.txt")
    assert first.tags == {"Event": "Bad", "White": "A"} and len(first.moves) == 5
    assert (game.status, sans(game), game.tags["Round"]) == ("ok", ["d4", "d5", "c4", "e6"], "2")
    assert first.record.text + game.record.text == text


def test_a_note_with_moves_after_a_games_result_stays_the_games(tmp_path):
    # "If 30. R-K1, R-Q8 wins": a comment on the finished game; a move 1 below it is the note's, no new score.
    text = '[Event "Bad"]\n[White "A"]\n\n1. e4 e5 2. Nf3 Qz9 3. Bb5 1-0\n\nIf 4. Bc4, Qh4 wins.\n\n1. d4 was better.\n'

    (g,) = games(tmp_path, text, name="g.txt")
    assert len(g.moves) == 5 and g.record.text == text


@pytest.mark.parametrize("end", ["White resigns.", "1-0"])
def test_a_books_game_then_a_tagged_pgn_game_are_two_records(tmp_path, end):
    text = (f"GAME 1.--Between Mr. X and Mr. Y.\n\n1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n\n{end}\n\n"
            '[Event "Next"]\n[White "C"]\n[Black "D"]\n\n1. e4 e5 2. Nf3 Nc6 *\n')
    book, pgn = games(tmp_path, text, name="g.txt")
    assert (book.notation, book.tags["Players"], len(book.moves)) == ("english-descriptive", "X and Y", 4)
    assert (pgn.status, pgn.tags, sans(pgn)) == ("ok", {"Event": "Next", "White": "C", "Black": "D"}, ["e4", "e5", "Nf3", "Nc6"])


@pytest.mark.parametrize("crlf", [False, True])
def test_a_pgn_files_game_typed_in_descriptive_is_read_as_descriptive(tmp_path, crlf):
    # An old game typed into a .pgn with its tags, in the book's notation: was one error at "P-K4" ("nearest legal
    # reading: h4, g4, f4"), no move read; SAN is the standard, but the moves name no square.
    text = ('[Event "Casual game"]\n[Site "London"]\n[Date "1851.06.21"]\n[White "Anderssen, Adolf"]\n'
            '[Black "Kieseritzky, Lionel"]\n[Result "1-0"]\n\n1. P-K4 P-K4 2. P-KB4 PxP 3. B-B4 Q-R5+ 4. K-B1 P-QKt4 '
            '5. BxKtP Kt-KB3 6. Kt-KB3 Q-R3 1-0\n')
    (g,) = games(tmp_path, text.replace("\n", "\r\n") if crlf else text)
    assert g.notation == "english-descriptive" and g.status == "ok"
    assert sans(g) == ["e4", "e5", "f4", "exf4", "Bc4", "Qh4+", "Kf1", "b5", "Bxb5", "Nf6", "Nf3", "Qh6"]
    assert g.tags["White"] == "Anderssen, Adolf" and g.result == "1-0"


#: A game with every piece's letter, castling on both sides, captures, a promotion and checks, in SAN.
LETTERED = ("e4 d5 exd5 c6 dxc6 Nf6 cxb7 Nbd7 bxa8=Q Qa5 Nf3 e6 Be2 Bb4 c3 Bxc3 O-O O-O Qxc8 Rxc8 dxc3 Qxc3 "
            "Bd2 Qc2 Qxc2 Rxc2 Kh1 Ng4 Bb4 Nxf2+ Rxf2 Rc1+ Bf1 h6 Na3 Kh7").split()

#: Each language's letters for King, Queen, Rook, Bishop, Knight, as its books print them.
LANGUAGE_LETTERS = {
    "French": {"K": "R", "Q": "D", "R": "T", "B": "F", "N": "C"},
    "Spanish or Italian": {"K": "R", "Q": "D", "R": "T", "B": "A", "N": "C"},
    "Portuguese": {"K": "R", "Q": "D", "R": "T", "B": "B", "N": "C"},
    "Dutch": {"K": "K", "Q": "D", "R": "T", "B": "L", "N": "P"},
    "Russian": {"K": "Кр", "Q": "Ф", "R": "Л", "B": "С", "N": "К"},
}


def _in_letters(sans_, letters, promotion="="):
    """SAN moves with a language's piece letters (the promotion's too, after ``promotion``)."""
    out = []
    for san in sans_:
        if san[0] in letters:
            san = letters[san[0]] + san[1:]
        if "=" in san:
            at = san.index("=")
            san = san[:at] + promotion + letters[san[at + 1]] + san[at + 2:]
        out.append(san)
    return out


def _numbered(sans_):
    return " ".join(f"{i // 2 + 1}. {s}" if i % 2 == 0 else s for i, s in enumerate(sans_))


@pytest.mark.parametrize("language", list(LANGUAGE_LETTERS))
@pytest.mark.parametrize("name, tags, promotion", [("g.txt", "", ""), ("g.pgn", '[Event "A"]\n[White "B"]\n[Black "C"]\n'
                                                    '[Result "*"]\n\n', "=")])
def test_another_languages_piece_letters_read_as_the_records_language(tmp_path, language, name, tags, promotion):
    # A book or a program's export in French, Spanish, Italian, Portuguese, Dutch or Russian: every move of the
    # record in its letters (French "R" the King, Dutch "P" the Knight), written as English SAN, the language said.
    moves = _in_letters(LETTERED, LANGUAGE_LETTERS[language], promotion)
    (g,) = games(tmp_path, f"{tags}{_numbered(moves)} *\n", name)
    english = python_chess_sans(f'[Event "A"]\n\n{_numbered(LETTERED)} *\n')
    assert (g.status, sans(g)) == ("ok", english)
    assert [m.printed for m in g.moves] == moves  # as printed, not as read
    assert [(d.severity, d.code) for d in g.diagnostics] == [("info", "piece-letters")]
    assert language in g.diagnostics[0].message
    pgn = FAMILY.write(g, "pgn")
    assert python_chess_sans(pgn) == english and "Nf3" in pgn and "Qa5" in pgn


def test_a_french_r_is_the_kings_where_the_rooks_move_is_legal_too(tmp_path):
    # "Rf1": the King's in a French record, though English's Rook could go there as well.
    (g,) = games(tmp_path, "1. e4 e5 2. Cf3 Cc6 3. Fc4 Fc5 4. Rf1 Cf6 5. d3 d6 *\n", "g.txt")
    assert g.status == "ok" and g.moves[6].normalized == "Kf1"
    assert chess.Move.from_uci("e1f1") == chess.Move.from_uci(g.moves[6].detail.uci)


def test_an_english_records_r_stays_the_rooks(tmp_path):
    # English that reads: no other language tried. English with a stray "Cf3" misprint: French letters would make its
    # Rooks Kings and read less, so English's reading stands, the misprint said.
    (g,) = games(tmp_path, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Rf1 Nf6 *\n", "g.txt")
    assert g.status == "ok" and g.moves[6].normalized == "Rf1" and not g.diagnostics
    (g,) = games(tmp_path, "1. e4 e5 2. Nf3 Nc6 3. Bc4 Bc5 4. Rf1 Nf6 5. d3 d6 6. Rg1 Cg4 *\n", "g.txt")
    assert [m.normalized for m in g.moves[:10]] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Rf1", "Nf6", "d3", "d6"]
    assert g.moves[10].normalized == "Rg1"
    assert all(d.code != "piece-letters" for d in g.diagnostics) and g.status == "error"


def test_a_russian_records_diagnostic_stands_where_its_word_is_printed(tmp_path):
    # "Кр" is two letters where SAN's "K" is one: a word after it on the line is still said at its own column.
    line = "1. e4 e5 2. Кf3 Кc6 3. Сc4 Сc5 4. Крf1 Кf6 5. Фe2 Кp9 *\n"
    (g,) = games(tmp_path, line, "g.txt")
    assert [m.normalized for m in g.moves[:9]] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "Kf1", "Nf6", "Qe2"]
    assert g.moves[6].printed == "Крf1" and g.moves[6].column == line.index("Крf1") + 1
    (error,) = [d for d in g.diagnostics if d.severity == "error"]
    assert (error.line, error.column) == (1, line.index("Кp9") + 1) and "'Кp9'" in error.message
