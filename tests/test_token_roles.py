"""Every word accounted for (notation/archive/roles.py): a record's text cut into tokens with roles,
stored with the record, read back, and marked on the replay page.

Records of every family, read through the pipeline as a user's would be: a descriptive score with
headings, a note and a variation; a Hastings 1895 score as the OCR gives it; a checker ending with
its variations; a backgammon match file; a cribbage deal.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from datasette.app import Datasette

from notation.archive import SCHEMA_VERSION, Archive
from notation.archive.read import read_tokens
from notation.archive.roles import Token, roles
from notation.datasette import metadata_for
from notation.model import Game
from notation.pipeline import read_games

ROOT = Path(__file__).resolve().parent.parent
DEV = ROOT / "corpus" / "dev"

SCORE = """[Game "chess"]
[Notation "english-descriptive"]

GAME I.
Played at London between Mr. A and Mr. B.

1. P-K4 P-K4
2. B-B4 B-B4
3. Q-R5 Kt-KB3 ?
4. QxBP mate. And White wins.

Black should have defended the pawn. Or this;
3. --------- Q-K2
4. Kt-QB3 Kt-KB3
"""

LETTER = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4\n\nThanks for the game! Next time 1. d4.\n"


@pytest.fixture(scope="module")
def games(tmp_path_factory) -> dict[str, Game]:
    folder = tmp_path_factory.mktemp("records")
    (folder / "score.txt").write_text(SCORE, encoding="utf-8")
    # Hastings 1895, game 1 as the OCR gives it (the lines tests/test_decode.py reads).
    lines = (DEV / "hastings-1895" / "hastings-chess-tournament-1895.txt").read_text(encoding="utf-8").splitlines()
    (folder / "hastings-game-1.txt").write_text("\n".join(lines[1459:1575]) + "\n", encoding="utf-8")
    # a descriptive score and a remark after it with a move of another notation, which the reading leaves
    (folder / "letter.txt").write_text(LETTER, encoding="utf-8")
    first = {name: next(iter(read_games([path]))) for name, path in [
        ("score", folder / "score.txt"), ("ocr", folder / "hastings-game-1.txt"),
        ("checkers", ROOT / "corpus" / "checkers" / "end_game_positions.txt"),
        ("backgammon", ROOT / "corpus" / "backgammon" / "match.mat"),
        ("cards", ROOT / "corpus" / "cards" / "cribbage_002_illustrative_deals.txt"),
        ("braille", ROOT / "corpus" / "cards" / "braille_004_pope_joan.txt"), ("letter", folder / "letter.txt")]}
    return first


def words(game: Game, tokens: list[Token], *kinds: str) -> list[tuple[str, str]]:
    """(role, text) of the tokens of the roles asked (all but prose and the transcriber's when none is)."""
    text = game.record.text
    return [(t.role, text[t.start:t.end]) for t in tokens
            if (t.role in kinds if kinds else t.role not in ("prose", "transcriber"))]


@pytest.mark.parametrize("name", ["score", "ocr", "checkers", "backgammon", "cards", "braille"])
def test_every_character_of_the_text_is_in_exactly_one_token(games, name):
    game = games[name]
    tokens = roles(game)
    assert tokens[0].start == 0 and tokens[-1].end == len(game.record.text)
    assert all(a.end == b.start for a, b in zip(tokens, tokens[1:]))
    assert all(t.start < t.end for t in tokens)
    # each token's line and column are where its text stands in the file
    lines = game.record.text.split("\n")
    for t in tokens:
        line = lines[t.line - game.record.line]
        assert line[t.column - 1:].startswith(game.record.text[t.start:t.end].split("\n")[0]), t


def test_a_descriptive_score_with_headings_a_note_and_a_variation(games):
    game = games["score"]
    tokens = roles(game)
    assert words(game, tokens, "transcriber") == [
        ("transcriber", '[Game "chess"]\n'), ("transcriber", '[Notation "english-descriptive"]\n')]
    assert words(game, tokens) == [
        ("heading", "GAME I."), ("heading", "Played at London between Mr. A and Mr. B."),
        ("number", "1."), ("move", "P-K4"), ("move", "P-K4"), ("number", "2."), ("move", "B-B4"), ("move", "B-B4"),
        ("number", "3."), ("move", "Q-R5"), ("move", "Kt-KB3"), ("mark", "?"),
        ("number", "4."), ("move", "QxBP mate."), ("result", "And White wins."),
        ("number", "3."), ("variation", "Q-K2"), ("number", "4."), ("variation", "Kt-QB3"), ("variation", "Kt-KB3")]
    moves = [t for t in tokens if t.role in ("move", "variation")]
    assert [(t.variation, t.ply, t.reading) for t in moves] == [
        (0, 1, "e4"), (0, 2, "e5"), (0, 3, "Bc4"), (0, 4, "Bc5"), (0, 5, "Qh5"), (0, 6, "Nf6"), (0, 7, "Qxf7#"),
        (1, 6, "Qe7"), (1, 7, "Nc3"), (1, 8, "Nf6")]
    assert next(t for t in tokens if t.role == "result").reading == "1-0"
    note = game.record.text.index("Black should")
    assert any(t.role == "prose" and t.start <= note < t.end for t in tokens)  # the note is prose


def test_an_ocr_corrected_move_is_marked_with_its_reading(games):
    game = games["ocr"]
    tokens = roles(game)
    text = game.record.text
    corrected = [(text[t.start:t.end], t.ply, t.reading) for t in tokens if t.correction == "ocr"]
    assert ("P toKs", 9, "e3") in corrected
    assert all(t.role == "move" for t in tokens if t.correction)
    assert ("heading", "A. Burn v. C. von Bardeleben.") in words(game, tokens, "heading")
    assert ("heading", "WHITE") in words(game, tokens, "heading")  # a column's head
    # "KRtoQsq" (the spaces lost; "sq" run into its file's letter) is a move: it was a move-like word left unused.
    assert ("KRtoQsq", 25, "Rfd1") in [(text[t.start:t.end], t.ply, t.reading) for t in tokens if t.role == "move"]
    # "Q Kt to Q 2" in Black's column is read whole (the "4" before it ends Black's move before, no number
    # that makes "Q Kt" dear and "Q" prose): no move-like word is left unused.
    assert ("Q Kt to Q 2", 24, "Nbd7") in [(text[t.start:t.end], t.ply, t.reading) for t in tokens if t.role == "move"]
    assert [t for t in tokens if t.role == "prose" and t.reading] == []
    # every main-line move that stands in the text is marked
    assert sum(t.role == "move" for t in tokens) == len(game.moves)


def test_a_checkers_record_marks_its_variations_their_heads_and_the_result(games):
    game = games["checkers"]
    tokens = roles(game)
    found = words(game, tokens)
    assert found[:3] == [("move", "27-32"), ("move", "8 11"), ("move", "32-27")]
    assert ("result", "B wins") in found
    assert ("heading", "Var A.") in found and ("heading", "Var B.") in found
    assert ("move", "14-13") in found
    assert next(t for t in tokens if game.record.text[t.start:t.end] == "14-13").correction == "repaired"
    variation = [t for t in tokens if t.role == "variation"]
    assert {t.variation for t in variation} == {v.id for v in game.variations}
    assert len(variation) == sum(len(v.moves) for v in game.variations)


def test_a_backgammon_match_file_marks_its_game_heading_numbers_and_plays(games):
    game = games["backgammon"]
    found = words(game, roles(game))
    assert ("heading", "Game 1") in found
    assert found[found.index(("number", "2)")) + 1:][:2] == [("move", "63: 24/18 13/10"), ("move", "41: 13/9 6/5")]
    assert sum(role == "move" for role, _ in found) == len(game.moves)


def test_a_card_record_marks_each_action_and_leaves_the_authors_words_as_prose(games):
    game = games["cards"]
    tokens = roles(game)
    found = words(game, tokens)
    assert found[:2] == [("move", "Players: A (elder hand), B (dealer)"), ("move", "A pegs 3 for three for last")]
    assert sum(role == "move" for role, _ in found) == len(game.moves)
    assert "He decides, therefore" in "".join(text for role, text in words(game, tokens, "prose"))


def test_a_braille_records_actions_are_marked_where_they_stand_in_braille(games):
    """The moves are read in print; the text kept is the Braille: each action is marked on its Braille line."""
    game = games["braille"]
    found = words(game, roles(game))
    assert found == [("move", ",players3 ,a 7eldest hand71 ,b1 ,c1 ,d1 ,e 7dealer7"),
                     ("move", ",a holds #e and #g of diamonds1 #d and knave of hearts1 knave and king of spades1 "
                              "ace and queen of clubs"),
                     ("move", ",turn-up3 the #g of hearts")]
    assert len(found) == len(game.moves)


def test_the_tokens_are_stored_with_the_record_and_read_back(games, tmp_path):
    archive = Archive(str(tmp_path / "a.db"))
    ids = {name: archive.store(game) for name, game in games.items()}
    conn = archive.conn
    for name, game in games.items():
        made = roles(game)
        assert read_tokens(conn, ids[name]) == made, name
        stored = conn.execute("SELECT count(*) FROM tokens WHERE game_id = ?", (ids[name],)).fetchone()[0]
        plain = sum(t.role == "prose" and t.reading is None for t in made)
        assert stored == len(made) - plain  # the plain prose between tokens is not stored
    assert conn.execute("SELECT count(*) FROM tokens WHERE role = 'move' AND correction = 'ocr'").fetchone()[0] >= 1
    # a game's tokens are found by its id: the table's key begins with it
    assert conn.execute("SELECT name FROM pragma_index_info('sqlite_autoindex_tokens_1')").fetchall()[:1] == [
        ("game_id",)]


def test_an_archive_of_schema_3_gets_the_tokens_of_its_stored_games(games, tmp_path):
    path = tmp_path / "old.db"
    archive = Archive(str(path))
    game_id = archive.store(games["score"])
    archive.conn.executescript("DROP TABLE tokens; PRAGMA user_version = 3;")
    archive.conn.close()
    conn = Archive(str(path)).conn
    assert conn.execute("PRAGMA user_version").fetchone() == (SCHEMA_VERSION,)
    assert read_tokens(conn, game_id) == roles(games["score"])


@pytest.mark.asyncio
async def test_the_replay_page_shows_the_books_text_with_each_words_role(games, tmp_path):
    path = tmp_path / "archive.db"
    archive = Archive(str(path))
    ids = {name: archive.store(game) for name, game in games.items()}
    archive.conn.close()
    ds = Datasette([str(path)], metadata=metadata_for(path), settings={"allow_download": False})
    await ds.invoke_startup()

    async def page(name: str) -> str:
        response = await ds.client.get(f"/-/notation/game/{ids[name]}")
        assert response.status_code == 200
        return response.text

    score = await page("score")
    text = score[score.index('<pre class="printed-text">'):]
    text = text[:text.index("</pre>")]
    assert '<span class="role role-heading" title="heading">GAME I.</span>' in text
    # a move links to the board after it: the page's ?line=&ply=, and its index in the replay for the script
    assert ('<a class="role role-move" href="?line=0&amp;ply=7" data-line="0" data-index="7" '
            'title="main line, ply 7: read as Qxf7#">QxBP mate.</a>') in text
    assert 'class="role role-variation" href="?line=1&amp;ply=6"' in text
    assert '<span class="role role-result" title="result: 1-0">And White wins.</span>' in text
    assert '<span class="role role-number" title="move number">1.</span>' in text
    assert '<span class="role role-mark" title="mark">?</span>' in text
    assert "Black should have defended the pawn." in text  # prose, unmarked
    assert "[Game" not in text  # the transcriber's tags are shown apart
    assert 'class="role-legend"' in score and "a move of a variation" in score

    ocr = await page("ocr")
    assert 'class="role role-move role-ocr"' in ocr and "through an OCR correction" in ocr
    assert "&#39;P toKs&#39; read as e3" in ocr  # the correction's diagnostic in the move's title
    # every move-like word is read: none is shown unused, and the legend names only what the page shows
    assert "role-unused" not in ocr and "reads as a move, left as prose" not in ocr
    letter = await page("letter")  # a move-like word left as prose is marked, and the legend says what that is
    assert 'class="role role-prose role-unused"' in letter and "&#39;d4&#39;" in letter
    assert "reads as a move, left as prose" in letter
    for name in ("checkers", "backgammon", "cards"):
        assert 'class="role role-move"' in await page(name), name


def test_an_old_archive_without_tokens_still_has_them_made_for_the_page(games, tmp_path):
    """An archive loaded from Parquet shards keeps no tokens: they are made from the game read back."""
    archive = Archive(str(tmp_path / "a.db"))
    game_id = archive.store(games["cards"])
    archive.conn.execute("DELETE FROM tokens")
    archive.conn.commit()
    assert read_tokens(sqlite3.connect(tmp_path / "a.db"), game_id) == roles(games["cards"])



CLEAN = """[Event "Casual game"]
[White "A"]
[Black "B"]
[Result "1-0"]

1. e4 e5 2. Qh5 Nc6 3. Bc4 Nf6 4. Qxf7# 1-0
"""
DESCRIPTIVE = """[Game "chess"]
[Notation "english-descriptive"]

1. P-K4 P-K4
2. B-B4 B-B4
3. Q-R5 Kt-KB3
4. QxBP mate.
"""


@pytest.mark.asyncio
async def test_a_game_read_with_nothing_to_report_has_its_tokens_made_when_asked_not_stored(tmp_path):
    """A clean game's roles are the plain ones: the archive stores none and makes them from the game read
    back; a heading above the score, or a column's head within it, makes the archive store them again."""
    texts = {"clean.pgn": CLEAN, "plain.txt": DESCRIPTIVE,
             "heading.txt": DESCRIPTIVE.replace("\n1. ", "\nGAME I.\n\n1. "),
             "column head.txt": DESCRIPTIVE.replace("\n3. ", "\nWHITE.  BLACK.\n3. ")}
    for name, text in texts.items():
        (tmp_path / name).write_text(text, encoding="utf-8")
    games = {name: next(iter(read_games([tmp_path / name]))) for name in texts}
    assert all(game.status == "ok" and not game.diagnostics for game in games.values())
    path = tmp_path / "a.db"
    archive = Archive(str(path))
    ids = {name: archive.store(game) for name, game in games.items()}
    stored = {name: archive.conn.execute("SELECT count(*) FROM tokens WHERE game_id = ?", (game_id,)).fetchone()[0]
              for name, game_id in ids.items()}
    assert stored == {"clean.pgn": 0, "plain.txt": 0, "heading.txt": 14, "column head.txt": 14}
    for name, game in games.items():
        assert read_tokens(archive.conn, ids[name]) == roles(game), name
    clean = games["clean.pgn"]
    assert [role for role, _ in words(clean, roles(clean))] == ["number", "move", "move"] * 3 + ["number", "move", "result"]
    assert words(games["heading.txt"], roles(games["heading.txt"]), "heading") == [("heading", "GAME I.")]
    assert words(games["column head.txt"], roles(games["column head.txt"]), "heading") == [
        ("heading", "WHITE.  BLACK.")]
    archive.conn.close()
    ds = Datasette([str(path)], metadata=metadata_for(path), settings={"allow_download": False})
    await ds.invoke_startup()
    page = (await ds.client.get(f"/-/notation/game/{ids['clean.pgn']}")).text
    assert ('<a class="role role-move" href="?line=0&amp;ply=7" data-line="0" data-index="7" '
            'title="main line, ply 7: read as Qxf7#">Qxf7#</a>') in page
    assert '<span class="role role-result" title="result: 1-0">1-0</span>' in page


def test_a_move_of_another_notation_left_as_prose_is_marked_with_its_diagnostic(games):
    game = games["letter"]
    text = game.record.text
    unused = [(text[t.start:t.end], t.line, t.column, t.reading) for t in roles(game) if t.role == "prose" and t.reading]
    assert unused == [("d4", 3, 35, "prose")]  # the reading is the code of the diagnostic that names it
    assert any(d.code == "prose" and (d.line, d.column) == (3, 35) for d in game.diagnostics)  # where it stands
