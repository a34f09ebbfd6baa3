"""PDN files as programs and sites write them: a BOM, CRLF, a comment before the first tags, the roster of
tags kept on export, and a game of another variant said, never written as English draughts."""

import pytest

from notation.families import get
from notation.pipeline import read_games
from notation.write import CannotWrite

#: Legal moves (checked with notation.boards.checkers); a multi-jump, strength marks and a variation.
GAME = (
    '[Event "Scottish Championship"]\n[Date "1887.??.??"]\n[Black "Wyllie, J."]\n[White "Martins, R."]\n'
    '[Result "1-0"]\n[GameType "21"]\n\n'
    "1. 9-14 23-19 2. 6-9 22-18 3. 14x23! 27x18 4. 11-16 (4. 9-14 18x9 5. 5x14 31-27) 26-23\n"
    "5. 10-14 24-20 6. 1-6 {A weak move;\nthe books prefer 11-15 here.} 20x11 7. 7x16? 31-26 8. 8-11 26-22\n"
    "9. 2-7 30-26 10. 16-20 19-16 11. 12x19 23x16 12. 14x23x30 1-0\n"
)


def games_of(tmp_path, text, name="games.pdn"):
    path = tmp_path / name
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode())
    return list(read_games([path]))


def test_a_comment_before_the_first_tags_goes_with_the_first_game(tmp_path):
    (game,) = games_of(tmp_path, "{Games of the 1887 match,\ncollected by hand.}\n\n" + GAME)
    assert game.status == "ok" and len(game.moves) == 23 and game.result == "1-0"
    assert game.tags["Date"] == "1887.??.??" and game.tags["Black"] == "Wyllie, J."
    assert game.comments[0] == "Games of the 1887 match, collected by hand."
    assert game.moves[22].normalized == "14x23x30"


def test_the_pdn_writer_keeps_the_roster_and_joins_a_comment_s_lines(tmp_path):
    (game,) = games_of(tmp_path, GAME)
    pdn = get("checkers").write(game, "pdn")
    assert pdn.splitlines()[:4] == ['[Event "Scottish Championship"]', '[Date "1887.??.??"]',
                                    '[Black "Wyllie, J."]', '[White "Martins, R."]']
    movetext = pdn.split("\n\n")[1].splitlines()
    assert "{A weak move; the books prefer 11-15 here.}" in " ".join(movetext)
    assert all(len(line) > 60 for line in movetext[:-1])  # the comment's own line break is no break of the text


@pytest.mark.parametrize("game_type", ["20", "20,W,10,10,N2,0"])
def test_a_game_of_international_draughts_is_said_and_never_written_as_english(tmp_path, game_type):
    text = GAME + f'\n[Event "Club match"]\n[GameType "{game_type}"]\n[Result "2-0"]\n\n1. 32-28 19-23 2. 28x19 14x23 2-0\n'
    english, international = games_of(tmp_path, text)
    assert english.status == "ok" and (international.status, international.variant) == ("error", "international")
    (error,) = [d for d in international.diagnostics if d.code == "game-type"]
    assert "international draughts (10x10)" in error.message
    for fmt in ("pdn", "book"):
        with pytest.raises(CannotWrite, match="not English draughts"):
            get("checkers").write(international, fmt)


def test_a_nag_typed_with_a_space_after_its_dollar(tmp_path):
    text = '[Event "a"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n1. 11-15 $ 2 23-19 $ 1 2. 8-11 $1 22-17 *\n'
    (game,) = games_of(tmp_path, text)
    assert game.status == "ok" and [m.normalized for m in game.moves] == ["11-15", "23-19", "8-11", "22-17"]
    assert [m.annotations for m in game.moves] == [["$2"], ["$1"], ["$1"], []]


@pytest.mark.parametrize("number", ["1. ...", "1...", "1. . .", "1 ..."])
def test_the_second_players_first_move_after_a_number_and_its_full_stops(tmp_path, number):
    # White moves first from this set position (pydraughts replays the same moves from it).
    text = ('[Event "Problem"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n[GameType "21"]\n'
            '[FEN "W:W21,22,23,K3:B1,2,K30"]\n\n'
            f"{number} 22-18 2. 30-25 18-14 3. 1-6 23-19 *\n")
    (game,) = games_of(tmp_path, text)
    assert game.status == "ok" and [m.normalized for m in game.moves] == ["22-18", "30-25", "18-14", "1-6", "23-19"]
    assert [m.side for m in game.moves][:2] == ["white", "black"]


@pytest.mark.parametrize("movetext", ["*\n", "", "{Black resigned before play} 1-0\n"])
def test_a_game_without_moves_in_a_pdn_file_is_draughts_not_chess(tmp_path, movetext):
    # Player tags PGN shares and no move: the file's ending says whose it is, as a .pgn's says chess.
    (game,) = games_of(tmp_path, f'[Event "x"]\n[White "A"]\n[Black "B"]\n\n{movetext}')
    assert (game.family, game.notation, game.tags["White"]) == ("checkers", "pdn", "A")
    (chess_game,) = games_of(tmp_path, f'[Event "x"]\n[White "A"]\n[Black "B"]\n\n{movetext}', name="games.pgn")
    assert chess_game.family == "chess"


def test_a_tag_value_not_in_quotes_is_one_of_the_games_tags(tmp_path):
    text = GAME.replace('[Result "1-0"]\n', '[Round 3]\n[Result "1-0"]\n')
    first, second = games_of(tmp_path, text + "\n" + text)
    for game in (first, second):
        assert (game.family, game.status, game.tags["Round"], game.tags["White"]) == ("checkers", "ok", "3", "Martins, R.")
        assert [d.code for d in game.diagnostics if d.severity != "info"] == ["unquoted-tag"]


#: International draughts' opening, legal on its board of 50 (checked with pydraughts' "standard" variant).
TEN_BY_TEN = "1. 33-28 19-23 2. 28x19 14x23 3. 32-28 23x32 4. 37x28 10-14 5. 34-30 18-22 6. 31-26 22x33 2-0\n"


@pytest.mark.parametrize("name", ["games.pdn", "games.txt"])
def test_moves_on_a_board_of_fifty_without_a_gametype_are_international_draughts_said_once(tmp_path, name):
    (game,) = games_of(tmp_path, '[Event "Club match"]\n[White "A"]\n[Black "B"]\n\n' + TEN_BY_TEN, name=name)
    assert (game.status, game.variant, game.moves) == ("error", "international", [])
    (error,) = [d for d in game.diagnostics if d.severity != "info"]
    assert (error.code, error.line, error.column) == ("game-type", 5, 4) and "'33-28'" in error.message
    with pytest.raises(CannotWrite, match="not English draughts"):
        get("checkers").write(game, "pdn")


def test_a_gametype_error_stands_at_the_tag(tmp_path):
    (game,) = games_of(tmp_path, '[Event "Club match"]\n[GameType "20"]\n\n' + TEN_BY_TEN)
    (error,) = [d for d in game.diagnostics if d.code == "game-type"]
    assert (error.line, error.column) == (2, 12)


def test_one_square_past_32_is_a_misprint_of_english_draughts(tmp_path):
    (game,) = games_of(tmp_path, '[Event "x"]\n[White "A"]\n[Black "B"]\n\n1. 11-15 23-19 2. 8-11 22-37 *\n')
    assert game.variant == "english" and [d.code for d in game.diagnostics if d.severity == "error"] == ["bad-square"]


def test_escape_lines_before_among_and_after_the_tags_are_read_past(tmp_path):
    # PGN's escape line ("%" in the first column: a program's remark), which PDN keeps as PGN does.
    tags = '[Event "x"]\n[White "A"]\n% a remark among the tags\n[Black "B"]\n[Result "*"]\n[GameType "21"]\n'
    text = "% exported by a program\n" + tags + "\n1. 11-15 23-19\n% a remark among the moves\n2. 8-11 22-17 *\n\n" + tags + "\n1. 9-13 *\n"
    first, second = games_of(tmp_path, text)
    for game, moves in ((first, ["11-15", "23-19", "8-11", "22-17"]), (second, ["9-13"])):
        assert (game.status, game.notation, game.tags["Black"]) == ("ok", "pdn", "B")
        assert [m.normalized for m in game.moves] == moves
    assert first.record.text + second.record.text == text.replace("\r\n", "\n")


@pytest.mark.parametrize("fen, movetext, why", [
    ("B:W:B", "*", "no man on the board"),
    ("W:W:B1,2", "1. 21-17 *", "White has no men"),
    ("B:W21:B1,2", "1. 1-6 21-17 2. 6-10 17-13 *", None),  # no side bare: replayed
    ("B:W:B1,2", "1. 1-6 *", None),  # White has no men, and no move printed for White: Black's win
    ("W:W21,40:B1,2", "1. 21-17 *", "square 40 is off the board"),
    ("W:W21,22:B1,21", "1. 22-18 *", "a square is given to both sides"),
])
def test_a_fen_that_is_no_position_of_draughts_is_a_bad_setup_at_the_tag(tmp_path, fen, movetext, why):
    (game,) = games_of(tmp_path, f'[Event "A problem"]\n[FEN "{fen}"]\n\n{movetext}\n')
    bad = [d for d in game.diagnostics if d.code == "bad-setup"]
    if why is None:
        assert not bad and game.status == "ok" and game.moves
        return
    (d,) = bad
    assert d.severity == "error" and why in d.message and (d.line, d.column) == (2, 7)
    assert game.status == "error" and not game.moves and "empty-game" not in [x.code for x in game.diagnostics]
