"""Browsing the archive in Datasette: every page and canned query, through Datasette's own test client.

The archive is built from model objects (tests/datasette_archive.py), so
these tests do not depend on any parser.
"""

from __future__ import annotations

import importlib.metadata
import json
import re
import sqlite3
from pathlib import Path
from urllib.parse import quote_plus

import chess
import chess.svg
import pytest
import pytest_asyncio
from datasette.app import Datasette
from datasette_archive import FOSTER_OPENINGS, HOSTILE_TITLE, SHARED, build

from notation import families
from notation.archive import Archive, enable_search
from notation.datasette import METADATA, SETTINGS, metadata_for, plugin, serve_args


@pytest.fixture
def built(tmp_path):
    return build(tmp_path / "archive.db")


def make_datasette(path: Path, **settings) -> Datasette:
    typed = {"sql_time_limit_ms": 2000, "facet_time_limit_ms": 500, "max_returned_rows": 2000,
             "allow_download": False}
    typed.update(settings)
    # As `notation serve` runs it: not immutable (an import may be writing), read through mode=ro.
    return Datasette([str(path)], metadata=metadata_for(path), settings=typed)


@pytest_asyncio.fixture
async def ds(built):
    datasette = make_datasette(built.path)
    await datasette.invoke_startup()
    return datasette


async def html(ds, path: str) -> str:
    response = await ds.client.get(path, follow_redirects=True)
    assert response.status_code == 200, (path, response.status_code, response.text[:500])
    return response.text


async def ds_get(ds, path: str):
    return await ds.client.get(path)


async def rows(ds, path: str) -> list[dict]:
    sep = "&" if "?" in path else "?"
    response = await ds.client.get(path.replace("/archive/", "/archive/", 1) + sep + "_shape=array")
    assert response.status_code == 200, (path, response.text[:500])
    return response.json()


def canned(query_name: str, **params: str) -> str:
    query = "&".join(f"{k}={quote_plus(v)}" for k, v in params.items())
    return f"/archive/{query_name}.json?{query}"


def assert_escaped(text: str) -> None:
    assert "<script>alert" not in text
    assert "<img src=x" not in text
    assert "<b>bold</b>" not in text


# --------------------------------------------------------------------------
# Installation and metadata


async def test_plugin_is_registered_through_the_package_entry_point(ds):
    points = importlib.metadata.entry_points(group="datasette")
    assert any(p.name == "notation" and p.value == "notation.datasette.plugin" for p in points)
    installed = (await ds.client.get("/-/plugins.json")).json()
    ours = [p for p in installed if p["name"] == "notation"]
    assert ours, installed
    assert {"render_cell", "register_routes", "prepare_connection"} <= set(ours[0]["hooks"])


def archive_schema(tmp_path) -> dict[str, list[str]]:
    archive = Archive(str(tmp_path / "schema.db"))
    enable_search(archive.db)
    return {t.name: [c.name for c in t.columns] for t in archive.db.tables
            if not t.name.startswith("games_fts")}


async def test_metadata_describes_every_table_and_every_column(tmp_path):
    metadata = json.loads(METADATA.read_text())
    tables = metadata["databases"]["archive"]["tables"]
    for table, columns in archive_schema(tmp_path).items():
        assert tables[table]["description"], table
        missing = [c for c in columns if not tables[table]["columns"].get(c)]
        assert not missing, f"{table}: columns without a description: {missing}"
    assert metadata["title"] and metadata["description_html"]


async def test_metadata_names_each_source_book_with_its_licence(ds):
    books = metadata_for("archive.db")["plugins"]["notation"]["books"]
    assert {"Foster's Complete Hoyle", "Hoyle's Games Modernized", "Round Games with Cards"} <= {
        b["name"] for b in books}
    assert all(b["licence"] == "Public domain" and "Gutenberg" in b["via"] for b in books)
    index = await html(ds, "/")
    for book in books:
        assert book["title"].replace("'", "&#39;") in index or book["title"] in index
    assert "Public domain" in index


async def test_metadata_follows_the_archive_whatever_its_file_is_called(tmp_path):
    built = build(tmp_path / "games-1897.db")
    assert "games-1897" in metadata_for(built.path)["databases"]
    datasette = make_datasette(built.path)
    page = await html(datasette, "/games-1897/games")
    assert "One row per record" in page
    assert "misprints" in await html(datasette, "/games-1897")


async def test_database_page_lists_the_canned_queries(ds):
    page = await html(ds, "/archive")
    for name in ("misprints", "misprints_per_book", "records_reaching_position", "openings",
                 "records_by_status", "status_summary", "search"):
        assert f'href="/archive/{name}"' in page, name


async def test_every_table_page_renders_with_its_description(ds, tmp_path):
    metadata = metadata_for("archive.db")["databases"]["archive"]["tables"]
    for table in archive_schema(tmp_path):
        page = await html(ds, f"/archive/{table}")
        first_sentence = metadata[table]["description"].split(":")[0].split(".")[0]
        assert first_sentence.replace("'", "&#39;").replace('"', "&#34;") in page or first_sentence in page, table


async def test_games_are_faceted_by_family_notation_status_and_source(ds):
    data = (await ds.client.get("/archive/games.json?_size=0")).json()
    facets = data["facet_results"]
    facets = facets.get("results", facets)  # Datasette 1.0 nests them
    assert {"family", "notation", "status", "source_id"} <= set(facets)
    statuses = {r["value"]: r["count"] for r in facets["status"]["results"]}
    assert statuses == {"repaired": 1, "error": 1, "ok": 3}


async def test_games_are_searchable_in_full_text(ds):
    data = await rows(ds, "/archive/games.json?_search=Allgaier")
    assert [r["title"] for r in data] == ["Allgaier Gambit"]


# --------------------------------------------------------------------------
# Board pictures


async def test_position_cells_show_the_familys_picture(ds, built):
    page = await html(ds, "/archive/positions")
    start = chess.Board().fen()
    src = "/-/notation/picture.svg?family=chess&amp;key=" + quote_plus(start).replace("%2F", "%2F")
    assert f'<img class="notation-board" loading="lazy" src="{src}"' in page
    response = await ds.client.get(src.replace("&amp;", "&"))
    assert response.status_code == 200
    assert response.headers["content-type"].startswith("image/svg+xml")
    assert response.text == families.get("chess").picture(start)
    assert "default-src 'none'" in response.headers["content-security-policy"]


async def test_position_row_page_shows_the_board(ds):
    pid = (await rows(ds, "/archive/positions.json?key=" + quote_plus(SHARED)))[0]["id"]
    page = await html(ds, f"/archive/positions/{pid}")
    assert 'class="notation-board"' in page
    assert quote_plus(SHARED) in page
    # The row page links to the moves that reach the position.
    assert "moves" in page and "position_id" in page


async def test_a_position_row_leads_to_the_records_that_reach_it(ds):
    pid = (await rows(ds, "/archive/positions.json?key=" + quote_plus(SHARED)))[0]["id"]
    search = f"/-/notation/positions?db=archive&amp;position_id={pid}"
    for path in (f"/archive/positions/{pid}", "/archive/positions"):
        assert f'<a href="{search}">the records that reach it' in await html(ds, path)
    found = await html(ds, search.replace("&amp;", "&"))
    assert "Ruy Lopez" in found and "Reti order" in found


async def test_a_ply_in_the_moves_diagnostics_and_tokens_tables_goes_to_the_replay_at_that_move(ds, built):
    replay = f"/-/notation/game/{built.allgaier}?line=0&amp;ply=5&amp;db=archive"
    diagnostics = await html(ds, f"/archive/diagnostics?game_id={built.allgaier}")
    assert f'<a href="{replay}" title="the board after this move">5 ▸</a>' in diagnostics
    moves = await html(ds, f"/archive/moves?game_id={built.allgaier}")
    assert replay in moves
    assert f"/-/notation/game/{built.allgaier}?line=1&amp;ply=4&amp;db=archive" in moves  # the variation's move
    # The body's words after the tag pairs (the model-built record stores only its transcriber's tokens).
    body = max(t["end"] for t in await rows(ds, f"/archive/tokens.json?game_id={built.allgaier}"))
    conn = sqlite3.connect(built.path)
    conn.executemany("INSERT INTO tokens (game_id, start, \"end\", role, variation, ply, reading) VALUES "
                     "(?, ?, ?, ?, ?, ?, ?)", [(built.allgaier, body + 20, body + 26, "move", 0, 5, "Nf3"),
                                               (built.allgaier, body + 27, body + 29, "number", None, None, None)])
    conn.commit()
    conn.close()
    tokens = await html(ds, f"/archive/tokens?game_id={built.allgaier}")
    assert replay in tokens
    assert tokens.count(' title="the board after this move">') == 1  # the move's ply; a number has none


async def test_move_and_game_position_references_show_small_boards(ds):
    page = await html(ds, "/archive/moves")
    boards = re.findall(r'<img class="notation-board"[^>]*width="(\d+)"', page)
    assert boards and set(boards) == {str(plugin.THUMBNAIL_WIDTH)}
    games = await html(ds, "/archive/games?_col=start_position_id&_col=final_position_id")
    assert games.count('class="notation-board"') >= 8  # start and final boards of 4 chess records


async def test_a_family_without_a_picture_module_shows_its_keys_as_text(ds, built, monkeypatch):
    page = await html(ds, "/archive/positions?family=go")
    assert '<code class="notation-key">B:D4</code>' in page
    assert "notation-board" not in page
    missing = await ds.client.get("/-/notation/picture.svg?family=go&key=B:D4")
    assert missing.status_code == 400 and "Unknown game family 'go'" in missing.text
    # A family the registry names but whose module does not import yet.
    monkeypatch.setitem(families.FAMILY_MODULES, "go", "notation.rules._go_is_not_written")
    page = await html(ds, "/archive/positions?family=go")
    assert '<code class="notation-key">B:D4</code>' in page
    replay = await html(ds, f"/-/notation/game/{built.go}")
    data = replay_data(replay)
    assert data["lines"]["0"]["moves"][0]["position"] == {"id": data["lines"]["0"]["moves"][0]["position"]["id"],
                                                          "key": "B:D4", "picture": None}


async def test_a_key_the_family_rejects_shows_as_text_not_an_error(ds):
    response = await ds.client.get("/-/notation/picture.svg?family=chess&key=not+a+fen")
    assert response.status_code == 404
    assert plugin.render_picture("chess", "not a fen") is None


async def test_the_chess_family_draws_with_chess_svg():
    svg = plugin.render_picture("chess", SHARED)
    size = int(re.search(r'<svg[^>]*width="(\d+)"', svg).group(1))
    assert svg == chess.svg.board(chess.Board(SHARED), size=size)


# --------------------------------------------------------------------------
# Replay page


def replay_data(page: str) -> dict:
    match = re.search(r'<script type="application/json" id="replay-data">(.*?)</script>', page, re.S)
    assert match, "replay data missing"
    return json.loads(match.group(1))


async def test_replay_page_shows_moves_as_printed_beside_normalised(ds, built):
    page = await html(ds, f"/-/notation/game/{built.allgaier}")
    assert "<h1 class=\"notation-title\">Allgaier Gambit</h1>" in page
    items = re.findall(r'<span class="printed" title="as printed">([^<]*)</span>\s*'
                       r'<span class="arrow" aria-hidden="true">→</span>\s*'
                       r'<span class="normalized" title="normalised">([^<]*)</span>', page)
    assert items[:5] == [("P-K4", "e4"), ("P-K4", "e5"), ("P-KB4", "f4"), ("PxP", "exf4"), ("P-Q4", "d5")]
    assert ("Kt-KB4", "Nf3") in items and ("Kt-Kt5", "Ng5") in items
    for control in ("step-first", "step-back", "step-forward", "step-last"):
        assert f'id="{control}"' in page
    assert '<script src="/-/notation/static/replay.js">' in page
    js = await ds.client.get("/-/notation/static/replay.js")
    assert js.status_code == 200 and "ArrowRight" in js.text and "ArrowLeft" in js.text
    css = await ds.client.get("/-/notation/static/notation.css")
    assert css.status_code == 200 and ".move.current" in css.text


async def test_game_page_shows_the_books_verdict_beside_the_engines(ds, built):
    page = await html(ds, f"/-/notation/game/{built.ruy}")
    assert "The book (after ply 5): <strong>advantage for White</strong>" in page
    assert "the engine: +0.40 at depth 18 (not exact)" in page
    [row] = await rows(ds, "/archive/claims.json?what=verdict")
    assert (row["how"], row["evaluation"], row["depth"]) == ("engine", "+0.40", 18)


async def test_game_page_shows_a_printed_result_beside_the_engines_reading(ds, built):
    page = await html(ds, f"/-/notation/game/{built.reti}")
    assert "The book: <strong>win for White</strong>" in page
    assert "the engine: +0.10 at depth 12 (not exact) ✗ draw" in page
    assert "the replay finds" not in page


async def test_replay_page_highlights_diagnostics_on_their_moves_with_repairs(ds, built):
    page = await html(ds, f"/-/notation/game/{built.allgaier}")
    move = re.search(r'<(li|td) class="move status-repaired diag-error"\s+id="move-0-5".*?</\1>', page, re.S)
    assert move, "the repaired move is not marked"
    assert "no knight can reach KB4" in move.group(0)
    assert re.findall(r'<code class="suggestion">([^<]*)</code>', move.group(0)) == ["Kt-KB3", "Kt-K2"]


async def test_replay_page_carries_a_board_for_every_step(ds, built):
    data = replay_data(await html(ds, f"/-/notation/game/{built.allgaier}"))
    main = data["lines"]["0"]
    assert main["before"]["key"] == chess.Board().fen()
    board = chess.Board()
    for move in main["moves"]:
        board.push_san(move["normalized"])
        assert move["position"]["key"] == board.fen()
        assert move["position"]["picture"].startswith("/-/notation/picture.svg?family=chess&key=")
    # The variation 2...P-Q4 replaces ply 4: it starts from the position after ply 3.
    variation = data["lines"]["1"]
    assert variation["branch_ply"] == 4 and variation["label"] == "A"
    assert variation["before"]["key"] == main["moves"][2]["position"]["key"]
    assert main["moves"][3]["variations"] == [1]


async def test_replay_page_shows_variations_under_their_branch_move(ds, built):
    page = await html(ds, f"/-/notation/game/{built.allgaier}")
    branch = re.search(r'id="move-0-4".*?id="move-0-5"', page, re.S).group(0)
    assert 'class="variation" data-variation="1"' in branch
    assert "variation 1: A" in branch and "the counter-gambit" in branch
    assert 'id="move-1-1"' in branch and "P-Q4" in branch


async def test_replay_page_names_the_source_and_its_licence(ds, built):
    page = await html(ds, f"/-/notation/game/{built.allgaier}")
    assert "Foster&#39;s Complete Hoyle, Chess, The Openings" in page
    assert "licence: Public domain" in page and "Project Gutenberg" in page
    assert "corpus/chess/foster.txt, line 1" in page
    # The book's text without the transcriber's tags, which are shown apart.
    assert '<pre class="printed-text">P-K4 P-K4 P-KB4' in page
    assert "The transcriber's tags (not the book's text)" in page and "<th>Notation</th>" in page
    assert "the Allgaier proper" in page  # a move's comment


async def test_replay_page_opens_at_the_requested_move(ds, built):
    page = await html(ds, f"/-/notation/game/{built.allgaier}?ply=3")
    assert '"index": 3' in page and '"line": 0' in page
    page = await html(ds, f"/-/notation/game/{built.allgaier}?line=1&ply=4")
    assert '"index": 1' in page and '"line": 1' in page


async def test_replay_page_shows_the_board_it_opens_on_without_the_script(ds, built):
    for query, line, index in (("", "0", 0), ("?ply=3", "0", 3), ("?line=1&ply=4", "1", 1)):
        page = await html(ds, f"/-/notation/game/{built.allgaier}{query}")
        data = replay_data(page)
        shown = data["lines"][line]["before"] if index == 0 else data["lines"][line]["moves"][index - 1]["position"]
        board = re.search(r'<img id="board"[^>]*>', page).group(0)
        assert f'src="{shown["picture"].replace("&", "&amp;")}"' in board and f'alt="{shown["key"]}"' in board
        assert f'<code>{shown["key"]}</code>' in page
        search = re.search(r'<a id="position-search" href="([^"]*)" data-base="/-/notation/positions">', page)
        assert search.group(1) == f"/-/notation/positions?db=archive&amp;position_id={shown['id']}"


async def test_a_records_players_lead_to_every_record_that_names_them(built):
    conn = sqlite3.connect(built.path)
    conn.execute("UPDATE games SET tags = json_set(tags, '$.White', 'Morphy', '$.Black', '?') WHERE id = ?",
                 [built.reti])
    conn.commit()
    conn.close()
    datasette = make_datasette(built.path)
    page = await html(datasette, f"/-/notation/game/{built.reti}")
    assert re.findall(r'<a class="player" href="([^"]*)"[^>]*>([^<]*)</a>', page) == [
        ("/archive/search?q=Morphy", "Morphy")]  # an unknown player ("?") is no link
    assert (await datasette.client.get("/archive/search?q=Morphy")).status_code == 200


async def test_replay_page_of_a_missing_game_is_not_found(ds):
    assert (await ds.client.get("/-/notation/game/999")).status_code == 404
    assert (await ds.client.get("/-/notation/game/1?db=nope")).status_code == 404


async def test_record_level_diagnostics_and_claims_are_shown(ds, built):
    page = await html(ds, f"/-/notation/game/{built.hostile}")
    assert "Diagnostics on the whole record" in page
    page = await html(ds, f"/-/notation/game/{built.allgaier}")
    assert "Claims in the text" in page and 'class="claim-ok"' in page


async def test_games_table_links_each_title_to_its_replay(ds, built):
    page = await html(ds, "/archive/games")
    assert f'href="/-/notation/game/{built.allgaier}?db=archive">replay ▸</a>' in page


# --------------------------------------------------------------------------
# Position search


async def test_position_search_finds_every_record_reaching_a_pasted_fen(ds, built):
    fen = SHARED.rsplit(" ", 2)[0] + " 0 1"  # other move counters: still the same position
    page = await html(ds, "/-/notation/positions?family=chess&key=" + quote_plus(fen))
    assert "2 records reach this position" in page
    assert f'/-/notation/game/{built.ruy}?ply=4&amp;db=archive">Ruy Lopez</a>' in page
    assert f'/-/notation/game/{built.reti}?ply=4&amp;db=archive">Reti order</a>' in page
    assert 'id="searched-board"' in page


async def test_position_search_by_a_position_picked_from_a_game(ds, built):
    data = replay_data(await html(ds, f"/-/notation/game/{built.ruy}"))
    picked = data["lines"]["0"]["moves"][3]["position"]["id"]
    page = await html(ds, f"/-/notation/positions?position_id={picked}")
    assert "2 records reach this position" in page
    start = data["lines"]["0"]["before"]["id"]
    page = await html(ds, f"/-/notation/positions?position_id={start}")
    assert "4 records reach this position" in page  # the four chess records start there
    assert "start" in page


async def test_position_search_explains_what_it_could_not_read(ds):
    page = await html(ds, "/-/notation/positions?family=chess&key=" + quote_plus("8/8/8 w"))
    assert "not a complete FEN" in page and "No stored chess position matches" in page
    page = await html(ds, "/-/notation/positions")
    assert "<textarea" in page and "Which records reach this position?" in page


async def test_the_menu_offers_the_position_search(ds):
    assert 'href="/-/notation/positions">Position search</a>' in await html(ds, "/")


# --------------------------------------------------------------------------
# Canned queries


async def test_misprints_per_book(ds, built):
    found = await rows(ds, canned("misprints", book=""))
    allgaier = [r for r in found if r["record"] == built.allgaier]
    assert allgaier == [{
        "book": "Foster's Complete Hoyle", "source": FOSTER_OPENINGS, "record": built.allgaier,
        "title": "Allgaier Gambit", "line": 2, "column": 25, "ply": 5, "move_number": 3, "side": "white",
        "printed_text": "Kt-KB4", "what_is_wrong": "Kt-KB4: no knight can reach KB4 (f4 holds a pawn)",
        "suggested_reading": "Kt-KB3 or Kt-K2", "read_as": "Nf3", "severity": "error",
        "code": "illegal-move", "replay": f"/-/notation/game/{built.allgaier}?line=0&ply=5"}]
    assert {r["record"] for r in found} == {built.allgaier, built.hostile}
    assert await rows(ds, canned("misprints", book="Hoyle's Games")) == []
    counts = await rows(ds, canned("misprints_per_book"))
    foster = next(r for r in counts if r["book"] == "Foster's Complete Hoyle")
    assert (foster["records"], foster["records_with_problems"], foster["errors"]) == (3, 2, 2)


async def test_the_claims_queries_run(ds):
    # what they count is tested with notation claims (tests/test_claims_report.py): here, that Datasette runs them
    for found in (await rows(ds, canned("claims_per_book")), await rows(ds, canned("engine_disputes"))):
        assert isinstance(found, list)
    assert all({"book", "kind", "claims", "exact", "engine", "open"} <= set(r) for r in await rows(ds, canned(
        "claims_per_book")))


async def test_misprints_page_links_each_row_to_its_move(ds, built):
    page = await html(ds, "/archive/misprints?book=Foster")
    assert f'href="/-/notation/game/{built.allgaier}?line=0&amp;ply=5&amp;db=archive">replay ▸</a>' in page
    assert_escaped(page)


async def test_records_reaching_a_position_by_fen_or_by_id(ds, built):
    fen = SHARED.rsplit(" ", 2)[0] + " 7 9"
    by_fen = await rows(ds, canned("records_reaching_position", fen=fen, position_id=""))
    assert [(r["title"], r["ply"], r["normalized"]) for r in by_fen] == [
        ("Ruy Lopez", 4, "Nc6"), ("Reti order", 4, "e5")]
    pid = by_fen[0]["position_id"]
    by_id = await rows(ds, canned("records_reaching_position", fen="", position_id=str(pid)))
    assert [r["title"] for r in by_id] == ["Ruy Lopez"]
    assert await rows(ds, canned("records_reaching_position", fen="8/8/8/8/8/8/8/K1k5 w - - 0 1",
                                 position_id="")) == []
    page = await html(ds, "/archive/records_reaching_position?position_id=&fen=" + quote_plus(fen))
    assert page.count('class="notation-board"') == 2


async def test_openings_by_name(ds, built):
    found = await rows(ds, canned("openings", name="gambit"))
    assert [(r["opening"], r["record"]) for r in found] == [("Allgaier Gambit", built.allgaier)]
    assert [r["opening"] for r in await rows(ds, canned("openings", name="Spanish"))] == ["Ruy Lopez"]
    everything = await rows(ds, canned("openings", name=""))
    assert len(everything) == 4 and all(r["family"] == "chess" for r in everything)


async def test_records_by_status(ds, built):
    assert [r["record"] for r in await rows(ds, canned("records_by_status", status="repaired"))] == [built.allgaier]
    worst_first = await rows(ds, canned("records_by_status", status=""))
    assert [r["status"] for r in worst_first] == ["error", "repaired", "ok", "ok", "ok"]
    summary = await rows(ds, canned("status_summary"))
    assert {(r["family"], r["status"]): r["records"] for r in summary} == {
        ("chess", "ok"): 2, ("chess", "repaired"): 1, ("chess", "error"): 1, ("go", "ok"): 1}


async def test_search_over_titles_sources_and_comments(ds, built):
    assert [r["record"] for r in await rows(ds, canned("search", q="Allgaier"))] == [built.allgaier]
    assert [r["record"] for r in await rows(ds, canned("search", q="Modernized"))] == [built.reti]
    # FTS syntax in the query is taken literally, not as an error.
    assert await rows(ds, canned("search", q='"unbalanced AND (')) == []


# --------------------------------------------------------------------------
# Safety


async def test_hostile_text_shows_as_text_on_every_page(ds, built):
    position = (await rows(ds, "/archive/positions.json?_size=1"))[0]["id"]
    for path in ("/archive/games", f"/archive/games/{built.hostile}", f"/-/notation/game/{built.hostile}",
                 "/archive/misprints?book=", "/archive/records_by_status?status=",
                 "/archive/moves", "/archive/diagnostics", "/archive/search?q=alert",
                 f"/-/notation/positions?position_id={position}", "/archive/sources"):
        page = await html(ds, path)
        assert_escaped(page)
    page = await html(ds, f"/-/notation/game/{built.hostile}")
    assert "&lt;script&gt;alert(&#39;pwned&#39;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;" in page
    # The replay data is JSON inside a <script> element: it must not be able to close it.
    data_block = re.search(r'id="replay-data">(.*?)</script>', page, re.S).group(1)
    assert "<" not in data_block
    assert HOSTILE_TITLE not in page


async def test_no_write_endpoints(ds, built):
    # Read connections are opened mode=ro: SQLite itself refuses to write.
    conn = ds.databases["archive"].connect()
    with pytest.raises(sqlite3.OperationalError, match="readonly"):
        conn.execute("DELETE FROM games")
    for path in (f"/-/notation/game/{built.allgaier}", "/-/notation/positions", "/archive/misprints",
                 "/archive/games", "/archive", "/-/logout", "/-/messages"):
        for method in ("post", "put", "patch", "delete"):
            response = await getattr(ds.client, method)(path)
            assert response.status_code == 405, (method, path, response.status_code)
            assert "read-only" in response.text
    response = await ds.client.get("/archive.json?sql=" + quote_plus("DELETE FROM games"))
    assert response.status_code == 400
    for name, query in metadata_for("archive.db")["databases"]["archive"]["queries"].items():
        assert not query.get("write"), name
        assert query["sql"].lstrip().upper().startswith("SELECT"), name
    with sqlite3.connect(built.path) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (5,)


async def test_sql_time_limit(built):
    datasette = make_datasette(built.path, sql_time_limit_ms=100)
    endless = "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n"
    response = await datasette.client.get("/archive.json?sql=" + quote_plus(endless))
    assert response.status_code == 400
    assert "too long" in response.text


async def test_serve_command_line_is_read_only_and_time_limited(tmp_path):
    args = serve_args("x.db", port=8123, metadata_file="m.json")
    assert "--immutable" not in args and "x.db" in args
    settings = {args[i + 1]: args[i + 2] for i, a in enumerate(args) if a == "--setting"}
    assert settings == SETTINGS and int(settings["sql_time_limit_ms"]) <= 5000
    assert args[args.index("--metadata") + 1] == "m.json" and "8123" in args
    assert args[args.index("--host") + 1] == "127.0.0.1"


async def test_a_growing_archive_is_served_with_every_committed_record(tmp_path):
    """An import writing while Datasette reads: each page shows what is committed, never a malformed image."""
    path = tmp_path / "live.db"
    archive = Archive(str(path))  # WAL mode; the connection stays open, as an import's does
    datasette = make_datasette(path)
    await datasette.invoke_startup()
    for n in range(1, 4):
        archive.conn.execute("INSERT INTO games (hash, family, status, printed) VALUES (?, 'chess', 'ok', ?)",
                             (f"h{n}", f"record {n} <b>"))
        archive.conn.commit()
        assert Path(f"{path}-wal").stat().st_size > 0  # not folded into the file: read through the log
        response = await datasette.client.get("/live.json?sql=" + quote_plus("select count(*) from games")
                                              + "&_shape=arrays")
        assert response.status_code == 200, response.text
        assert response.json()["rows"] == [[n]]
        assert (await datasette.client.get("/live/games?_col=title")).status_code == 200
    archive.conn.close()


async def test_books_are_recognised_by_name_or_alias_else_by_the_text_before_the_comma():
    known = metadata_for("archive.db")["plugins"]["notation"]["books"]
    assert plugin.book_name(known, "Foster, Complete Hoyle, Piquet, Pic") == "Foster's Complete Hoyle"
    assert plugin.book_name(known, "Foster’s Complete Hoyle, Chess") == "Foster's Complete Hoyle"
    assert plugin.book_name(known, "Hoyle's Games Modernized, Bezique") == "Hoyle's Games Modernized"
    assert plugin.book_name(known, "Cribbage (five-card), the tables") == "Cribbage (five-card)"
    assert plugin.book_name(known, None) is None
    assert plugin.book_for(known, "Round Games with Cards, Nap")["licence"] == "Public domain"
    assert plugin.book_name(known, "Baxter-Wray, Round Games with Cards (1891), Nap") == "Round Games with Cards"


async def test_a_book_named_with_a_comma_in_brackets_is_named_whole():
    source = "Every Boy's Book (ed. Edmund Routledge, 1869), \"The Game of Chess\""
    assert plugin.book_name([], source) == "Every Boy's Book (ed. Edmund Routledge, 1869)"
    assert plugin.book_section(None, source) == '"The Game of Chess"'
    assert plugin.book_name([], "Cribbage (five-card), the tables") == "Cribbage (five-card)"


async def test_a_record_of_a_book_the_metadata_does_not_know_cites_it_once(built):
    conn = sqlite3.connect(built.path)
    conn.execute("UPDATE sources SET name = ? WHERE id = (SELECT source_id FROM games WHERE id = ?)",
                 ["Every Boy's Book (ed. Edmund Routledge, 1869), \"The Game of Chess\"", built.go])
    conn.commit()
    conn.close()
    datasette = make_datasette(built.path)
    page = await html(datasette, f"/-/notation/game/{built.go}")
    cited = re.search(r'<p class="notation-source-line">(.*?)</p>', page, re.S).group(1)
    assert " ".join(cited.split()).startswith(
        "Every Boy&#39;s Book (ed. Edmund Routledge, 1869), &#34;The Game of Chess&#34; ·")
    home = await html(datasette, "/")
    assert "Every Boy&#39;s Book (ed. Edmund Routledge, 1869)</a>" in home


async def test_the_comments_are_shown_with_their_etext_markup_rendered_like_the_books_text(built):
    conn = sqlite3.connect(built.path)
    conn.execute("UPDATE games SET comments = ? WHERE id = ?",
                 ["=Object of the Game.= The court cards count nothing. {160}", built.ruy])
    conn.commit()
    conn.close()
    page = await html(make_datasette(built.path), f"/-/notation/game/{built.ruy}")
    comments = re.search(r'<pre class="comments">(.*?)</pre>', page, re.S).group(1)
    assert comments.startswith("<strong>Object of the Game.</strong> The court cards count nothing.")
    assert "=Object" not in comments and "[p. 160]" in comments


@pytest.mark.parametrize("source, section", [
    ("Foster, Complete Hoyle (1897), Cassino: Combining", "Cassino: Combining"),
    ("Round Games with Cards (Braille ASCII), Pope Joan", "Pope Joan"),
    ("Foster's Complete Hoyle, Chess, The Openings (table from the New York Sun)",
     "Chess, The Openings (table from the New York Sun)")])
def test_a_year_or_edition_after_the_books_name_is_not_part_of_the_section(source, section):
    known = metadata_for("archive.db")["plugins"]["notation"]["books"]
    assert plugin.book_section(plugin.book_for(known, source), source) == section


async def test_counts_on_the_books_and_front_pages_are_singular_for_one(more_ds, more):
    for path in ("/-/notation/books", "/", f"/-/notation/game/{more.ending}"):
        counts = re.findall(r"\b(\d+) (move|record|section|book)(s?)\b", await html(more_ds, path))
        assert counts and all((n == "1") == (not s) for n, _, s in counts), (path, counts)
    assert plugin.counted(1, "move") == "1 move" and plugin.counted(0, "move") == "0 moves"



# --------------------------------------------------------------------------
# Issue 13: boards that never mislead, a front page that leads to the games, viewer features

@pytest.fixture
def more(tmp_path):
    return build(tmp_path / "archive.db", more=True)


@pytest_asyncio.fixture
async def more_ds(more):
    datasette = make_datasette(more.path)
    await datasette.invoke_startup()
    return datasette


async def test_metadata_is_one_real_file_at_the_top_of_the_checkout():
    assert METADATA.is_file() and not METADATA.is_symlink()
    assert METADATA.name == "datasette-metadata.json"  # the wheel's copy: tests/test_packaging.py
    queries = json.loads(METADATA.read_text())["databases"]["archive"]["queries"]
    assert all(q.get("hide_sql") for q in queries.values())


async def test_front_page_leads_to_the_books_misprints_openings_search_and_positions(more_ds):
    page = await html(more_ds, "/")
    for href in ("/-/notation/books?db=archive", "/archive/misprints", "/archive/openings", "/archive/search",
                 "/-/notation/positions?db=archive"):
        assert f'href="{href}' in page or f'action="{href}' in page, href
    assert "Foster&#39;s Complete Hoyle: An Encyclopedia of Games" in page
    database = await html(more_ds, "/archive")
    assert 'href="/-/notation/books"' in database and 'href="/-/notation/positions"' in database


async def test_books_page_lists_each_section_with_its_records_in_book_order(more_ds, more):
    page = await html(more_ds, "/-/notation/books")
    foster = page[page.index('id="book-foster-s-complete-hoyle"'):]
    openings = foster[foster.index("Chess, The Openings"):]
    titles = re.findall(r'<li><a href="/-/notation/game/(\d+)\?db=archive">', openings.split("</ol>")[0])
    assert [int(t) for t in titles] == [more.allgaier, more.ruy, more.ending]  # file order, then line
    assert "Checkers, or Draughts, The End Game" in foster


async def test_games_table_folds_its_long_columns(more_ds, more):
    compact = await ds_get(more_ds, "/archive/games")
    assert compact.status_code == 302
    location = compact.headers["location"]
    assert location == "/archive/games?" + "&".join(f"_col={c}" for c in plugin.COMPACT_GAMES)
    page = await html(more_ds, location)
    header = re.findall(r'<th [^>]*class="col-([a-z_]+)"', page)
    assert header == ["id", *plugin.COMPACT_GAMES], header
    assert "show every column" in page and "printed" not in header
    assert (await ds_get(more_ds, "/archive/games?status=ok")).headers["location"].endswith("&status=ok")
    assert (await ds_get(more_ds, "/archive/games.json")).status_code == 200  # the data is never redirected
    every = re.search(r'<a href="(\?_col=hash[^"]+)">show every column</a>', page).group(1).replace("&amp;", "&")
    page = await html(more_ds, "/archive/games" + every)
    assert '<details class="folded"><summary>show' in page
    row = (await more_ds.client.get(f"/archive/games/{more.allgaier}.json?_shape=objects")).json()["rows"][0]
    assert row["printed"].startswith("[Game")  # the JSON keeps every column whole


async def test_chess_and_checkers_moves_are_in_two_numbered_columns(more_ds, more):
    page = await html(more_ds, f"/-/notation/game/{more.checkers}")
    table = re.search(r'<table class="move-table".*?</table>', page, re.S).group(0)
    assert "<th scope=\"col\">Black</th><th scope=\"col\">White</th>" in table
    rows = re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>")[1], re.S)
    cells = [re.findall(r'class="printed"[^>]*>([^<]*)<', r) for r in rows]
    numbers = [re.findall(r'<th scope="row" class="move-number">(\d+)\.</th>', r) for r in rows]
    assert cells == [["11-15", "22-18"], ["15x22"]] and numbers == [["1"], ["2"]]
    assert replay_data(page)["columns"] == ["black", "white"]
    chess_page = await html(more_ds, f"/-/notation/game/{more.ruy}")
    assert "<th scope=\"col\">White</th><th scope=\"col\">Black</th>" in chess_page


async def test_an_inferred_setup_is_marked_as_a_reconstruction_not_a_starting_position(more_ds, more):
    start = replay_data(await html(more_ds, f"/-/notation/game/{more.checkers}"))["lines"]["0"]["before"]
    assert start["caption"] == "Reconstructed position"
    assert start["note"].startswith("Reconstruction — not the book's diagram")
    plain = replay_data(await html(more_ds, f"/-/notation/game/{more.ruy}"))["lines"]["0"]["before"]
    assert plain["caption"] == "Starting position" and plain["note"] is None


async def test_the_board_stays_after_a_move_that_moves_nothing_with_a_note(more_ds, more):
    moves = replay_data(await html(more_ds, f"/-/notation/game/{more.ending}"))["lines"]["0"]["moves"]
    assert moves[1]["position"]["key"] == moves[0]["position"]["key"]
    assert moves[1]["position"]["picture"] and moves[1]["position"]["carried"]
    assert "the board shows the last position" in moves[1]["position"]["note"]


async def test_last_move_travels_to_the_picture(more_ds, more):
    data = replay_data(await html(more_ds, f"/-/notation/game/{more.checkers}"))
    picture = data["lines"]["0"]["moves"][2]["position"]["picture"]
    assert "last=15-22" in picture
    svg = (await more_ds.client.get(picture)).text
    assert svg.count('class="last-move"') == 2
    chess_moves = replay_data(await html(more_ds, f"/-/notation/game/{more.ruy}"))["lines"]["0"]["moves"]
    svg = (await more_ds.client.get(chess_moves[0]["position"]["picture"])).text
    assert "last=e2e4" in chess_moves[0]["position"]["picture"] and "lastmove" in svg
    flipped = (await more_ds.client.get(chess_moves[0]["position"]["picture"] + "&flip=1")).text
    assert flipped != svg


async def test_result_as_printed_beside_what_the_replay_finds(more_ds, more):
    page = await html(more_ds, f"/-/notation/game/{more.allgaier}")
    assert "notation-result" not in page  # no result printed, none claimed
    data = replay_data(page)
    assert data["example"] is None


async def test_previous_and_next_record_of_the_same_section(more_ds, more):
    page = await html(more_ds, f"/-/notation/game/{more.ruy}")
    assert f'rel="prev" class="prev" href="/-/notation/game/{more.allgaier}?db=archive"' in page
    assert f'rel="next" class="next" href="/-/notation/game/{more.ending}?db=archive"' in page
    first = await html(more_ds, f"/-/notation/game/{more.allgaier}")
    assert 'rel="prev"' not in first


async def test_download_the_record_as_its_family_writes_it(more_ds, more):
    page = await html(more_ds, f"/-/notation/game/{more.checkers}")
    assert f'href="/-/notation/game/{more.checkers}?download=pdn&amp;db=archive"' in page
    response = await more_ds.client.get(f"/-/notation/game/{more.checkers}?download=pdn")
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    assert "11-15 22-18" in response.text and "15x22" in response.text
    assert (await more_ds.client.get(f"/-/notation/game/{more.checkers}?download=docx")).status_code == 404


async def test_copy_the_position_names_its_form(more_ds, more):
    assert '<span class="key-name">PDN FEN</span>' in await html(more_ds, f"/-/notation/game/{more.checkers}")
    assert '<span class="key-name">FEN</span>' in await html(more_ds, f"/-/notation/game/{more.ruy}")


async def test_what_was_played_next_from_a_position(more_ds, more):
    page = await html(more_ds, "/-/notation/positions?family=chess&key=" + quote_plus(SHARED))
    section = page[page.index("What was played next from here"):]
    assert re.findall(r"<td><code>([^<]*)</code></td><td class=\"count\">(\d+)</td>", section) == [("Bb5", "1")]
    start = await html(more_ds, "/-/notation/positions?family=chess&key=" + quote_plus(chess.Board().fen()))
    played = re.findall(r"<td><code>([^<]*)</code></td><td class=\"count\">(\d+)</td>",
                        start[start.index("What was played next from here"):])
    assert ("e4", "4") in played and ("Nf3", "1") in played


@pytest.mark.filterwarnings("ignore")
def test_page_marks_and_etext_markup_are_shown_as_a_historian_cites_them():
    assert plugin.page_marks("the {62} certainty ... {63}") == "pp. 61–63"
    assert plugin.page_marks("no marks") is None
    shown = str(plugin.printed_html('[Game "cribbage"]\n; a transcriber\'s note\n{=Sequences.= A {160} B}', {}))
    assert "Game" not in shown and "transcriber" not in shown
    assert "<strong>Sequences.</strong>" in shown and "[p. 160]" in shown and "=Sequences" not in shown
    assert plugin.book_section({"name": "Foster's Complete Hoyle"},
                               "Foster's Complete Hoyle, Chess, The Openings") == "Chess, The Openings"


@pytest.mark.filterwarnings("ignore")
def test_a_backgammon_record_names_its_players_and_the_dice_and_has_a_cube_only_if_it_has_one():
    bg = families.get("backgammon")
    book = {"detail": {"match": {"players": ["Black", "White"], "length": 0, "key": None}, "cube": 1}}
    roll = {"detail": {"kind": "roll", "dice": [5, 2], "side": 0}}
    assert bg.picture_view(book, roll) == {"names": "Black|White", "dark": "0", "dice": "52", "dice_side": "0"}
    match = {"detail": {"match": {"players": ["Anna", "Ben"], "length": 3, "key": "x"}, "cube": 1}}
    assert bg.picture_view(match, None) == {"names": "Anna|Ben", "dark": "1", "cube": "1"}


async def test_table_boards_are_served_by_position_id_without_a_query_per_cell(more_ds, more):
    page = await html(more_ds, "/archive/games?_col=start_position_id&_col=final_position_id")
    srcs = re.findall(r'<img class="notation-board" loading="lazy" src="([^"]+)"', page)
    assert srcs and all("position_id=" in s for s in srcs)
    svg = await more_ds.client.get(srcs[0].replace("&amp;", "&"))
    assert svg.status_code == 200 and svg.text.startswith("<svg")
    go_start = (await more_ds.client.get(f"/archive/games/{more.go}.json?_shape=objects")).json()["rows"][0]
    text = await more_ds.client.get(f"/-/notation/picture.svg?db=archive&position_id={go_start['start_position_id']}")
    assert text.status_code == 200 and "empty 19x19" in text.text  # a family without pictures: its key, drawn
    assert (await more_ds.client.get("/-/notation/picture.svg?db=archive&position_id=99999")).status_code == 404


# --------------------------------------------------------------------------
# Position search: an index lookup in every form, for every family


async def test_position_search_reads_each_chess_key_form(ds, built):
    placement, side, castling, _, _, _ = SHARED.split()
    for key, found in ((SHARED, 2), (f"{placement} {side} {castling} -", 2), (f"{placement} {side}", 2),
                       (placement, 2), ("8/8/8/8/8/8/8/K1k5 w - -", 0)):
        page = await html(ds, "/-/notation/positions?family=chess&key=" + quote_plus(key))
        if found:
            assert f"{found} records reach this position" in page, key
        else:
            assert "No stored chess position matches" in page
    page = await html(ds, "/-/notation/positions?family=chess&key=" + quote_plus(placement))
    assert "matched the piece placement, whoever is to move" in page.lower()


def search_plans(conn: sqlite3.Connection, family: str, key: str) -> list[str]:
    sql, params = plugin.position_lookup(family, families.get(family).position_query(key))
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, params)]
    plan += [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + plugin.reached_sql(2), [1, 2, 1, 2, 10])]
    return plan


#: Real files of the families' corpora, every family's real position keys. The test asks for a family's
#: fourth position by id (a hash of its key): these files hold the four of each family that an import of the
#: four folders whole finds first (the same keys, read in 1.9 s of CPU instead of 5-13 s; the folders whole
#: are imported by tests/test_cli_archive.py, and the development books, replayed by their floors in
#: tests/test_corpus_dev.py, add no family).
CORPUS_FILES = ["backgammon/game_book.txt", "backgammon/gnubg_export.mat", "cards/cribbage_000_foster.txt",
                "cards/faro_000_foster.txt", "cards/piquet_000_precedence.txt", "checkers/end_game_positions.txt",
                "chess/openings.txt"]


@pytest.fixture(scope="module")
def corpus_archive(tmp_path_factory):
    """An archive of real corpus files of every family (:data:`CORPUS_FILES`)."""
    from click.testing import CliRunner

    from notation.cli import cli

    db = tmp_path_factory.mktemp("corpus") / "corpus.db"
    root = Path(__file__).resolve().parent.parent / "corpus"
    files = [str(root / name) for name in CORPUS_FILES]
    result = CliRunner().invoke(cli, ["import", *files, "--db", str(db), "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return db


async def test_every_family_and_key_form_is_found_by_an_index_lookup(corpus_archive):
    conn = sqlite3.connect(corpus_archive)
    datasette = make_datasette(corpus_archive)
    await datasette.invoke_startup()
    for family in ("chess", "checkers", "backgammon", "cards"):
        key, = conn.execute("SELECT key FROM positions WHERE family = ? ORDER BY id LIMIT 1 OFFSET 3",
                            (family,)).fetchone()
        forms = {"key": key, **families.get(family).position_forms(key)}
        for form, value in forms.items():
            plan = search_plans(conn, family, value)
            assert not [step for step in plan if step.startswith("SCAN")], (family, form, plan)
            page = await html(datasette, f"/-/notation/positions?db=corpus&family={family}&key="
                              + quote_plus(value))
            assert re.search(r"\d+ records? reach", page), (family, form, value)


async def test_a_search_that_runs_out_of_time_says_so_not_500(ds, monkeypatch):
    from datasette.database import QueryInterrupted

    async def too_slow(*args):
        raise QueryInterrupted(None, "SELECT ...", [])

    monkeypatch.setattr(plugin, "_search", too_slow)
    page = await html(ds, "/-/notation/positions?family=chess&key=" + quote_plus(SHARED))
    assert "The search took longer than this archive&#39;s time limit (2000 ms)" in page


async def test_the_canned_position_query_is_an_index_lookup(built):
    sql = metadata_for("archive.db")["databases"]["archive"]["queries"]["records_reaching_position"]["sql"]
    conn = sqlite3.connect(built.path)
    conn.create_function("notation_position_query", 3, plugin.position_query_sql, deterministic=True)
    plan = [row[3] for row in conn.execute("EXPLAIN QUERY PLAN " + sql, {"fen": SHARED, "position_id": ""})]
    assert not [step for step in plan if step.startswith("SCAN") and "positions" in step], plan


# --------------------------------------------------------------------------
# The web face under hostile use


@pytest.mark.parametrize("sql", [
    "INSERT INTO games (hash, family, status, printed) VALUES ('x', 'chess', 'ok', 'x')",
    "UPDATE games SET title = 'x'", "DROP TABLE games", "PRAGMA journal_mode = DELETE",
    "WITH x AS (SELECT 1) DELETE FROM games", "ATTACH DATABASE '/tmp/other.db' AS other",
    "SELECT load_extension('/tmp/nothing.so')", "SELECT * FROM pragma_database_list; DELETE FROM games",
])
async def test_no_sql_can_write_attach_or_load_code(ds, built, sql):
    response = await ds.client.get("/archive.json?sql=" + quote_plus(sql))
    assert response.status_code in (400, 403), (sql, response.status_code)
    with sqlite3.connect(built.path) as conn:
        assert conn.execute("SELECT count(*) FROM games").fetchone() == (5,)
        assert conn.execute("PRAGMA journal_mode").fetchone() == ("wal",)
    # Even past Datasette's own checks, a read connection cannot write or attach.
    for statement in ("DELETE FROM games", "ATTACH DATABASE ':memory:' AS m"):
        with pytest.raises(sqlite3.OperationalError):
            await ds.databases["archive"].execute_fn(lambda conn, sql=statement: conn.execute(sql))


async def test_one_heavy_function_call_is_refused_not_sent(ds):
    response = await ds.client.get("/archive.json?sql=" + quote_plus("select hex(randomblob(30000000))"))
    assert response.status_code == 400 and "too big" in response.text
    assert len(response.content) < 10_000


async def test_responses_over_the_size_limit_are_refused_or_cut():
    sent = []

    async def send(message):
        sent.append(message)

    capped = plugin.capped(send, limit=100)
    await capped({"type": "http.response.start", "status": 200, "headers": []})
    await capped({"type": "http.response.body", "body": b"x" * 500})
    assert sent[0]["status"] == 400 and b"over this archive's limit of 100" in sent[1]["body"]
    sent.clear()
    streamed = plugin.capped(send, limit=100)
    await streamed({"type": "http.response.start", "status": 200, "headers": []})
    for _ in range(5):
        await streamed({"type": "http.response.body", "body": b"y" * 40, "more_body": True})
    assert sent[0]["status"] == 200
    assert sum(len(m.get("body", b"")) for m in sent[1:]) == 100 and sent[-1]["more_body"] is False


async def test_numbers_no_row_can_have_are_not_found(ds):
    for path in ("/-/notation/game/9223372036854775808", "/-/notation/game/99999999999999999999999",
                 "/-/notation/positions?position_id=9223372036854775808", "/-/notation/positions?position_id=abc",
                 "/-/notation/positions?position_id=424242"):
        response = await ds.client.get(path)
        assert response.status_code == 404, (path, response.status_code)


async def test_the_picture_endpoint_refuses_unknown_families_and_oversized_keys(ds):
    response = await ds.client.get("/-/notation/picture.svg?family=<script>&key=x")
    assert response.status_code == 400 and response.headers["content-type"].startswith("text/plain")
    response = await ds.client.get("/-/notation/picture.svg?family=chess&key=" + "8/" * 5000)
    assert response.status_code == 400 and "over the limit of 2,000" in response.text


async def test_record_text_is_escaped_on_the_search_pages(ds):
    page = await html(ds, "/-/notation/positions?family=chess&key=" + quote_plus(HOSTILE_TITLE))
    assert_escaped(page)
    page = await html(ds, "/-/notation/positions?family=" + quote_plus("<b>bold</b>") + "&key=x")
    assert_escaped(page)


# --------------------------------------------------------------------------
# Issue 28: the docs' /archive/... paths work on the archive ./scripts/serve-corpus serves

ROOT = Path(__file__).resolve().parent.parent
#: A path the docs show on the server: after the host and port, or on its own in backticks.
DOC_PATH = re.compile(r"(?:127\.0\.0\.1|localhost):8001(/[^\s'\"`<>)]+)|`(/archive/[^\s`]+)`")


def documented_paths() -> list[str]:
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    found = {a or b for doc in docs if doc.is_file() for a, b in DOC_PATH.findall(doc.read_text(encoding="utf-8"))}
    return sorted(found)


def serve_corpus_call(tmp_path) -> list[str]:
    """The `notation serve` command line scripts/serve-corpus runs (python stood in for: nothing is installed)."""
    import os
    import subprocess

    venv, log = tmp_path / "venv", tmp_path / "calls.log"
    (venv / "bin").mkdir(parents=True)
    (venv / "bin" / "python").write_text(f'#!/bin/sh\necho "$@" >> {log}\nexit 0\n')
    (venv / "bin" / "python").chmod(0o755)
    env = {k: v for k, v in os.environ.items() if k != "NOTATION_DB"} | {"VIRTUAL_ENV": str(venv)}
    subprocess.run([str(ROOT / "scripts" / "serve-corpus")], env=env, check=True, timeout=60)
    calls = [line.split() for line in log.read_text().splitlines()]
    call = next((call for call in calls if call[:3] == ["-m", "notation", "serve"]), None)
    assert call is not None, calls
    return call


async def test_the_docs_paths_resolve_under_the_name_serve_corpus_serves_its_archive_as(tmp_path):
    from notation.cli import serve as serve_command
    from notation.datasette import database_name, served_path

    call = serve_corpus_call(tmp_path)
    options = serve_command.make_context("serve", call[3:]).params
    name = options["name"] or database_name(options["db_path"])
    paths = documented_paths()
    assert any(p.startswith("/archive/") for p in paths), paths
    for path in paths:
        assert path.split("/")[1] in (name, "-"), f"{path}: the docs name a database other than {name!r}"
    # Served as `notation serve` serves it: the corpus's file name, under that name.
    built = build(tmp_path / Path(options["db_path"]).name, more=True)
    (tmp_path / "serve").mkdir()
    served = served_path(built.path, options["name"], tmp_path / "serve")
    datasette = make_datasette(Path(served))
    await datasette.invoke_startup()
    assert [db for db in datasette.databases if db != "_internal"] == [name]
    for path in paths:
        response = await datasette.client.get(path, follow_redirects=True)
        assert response.status_code == 200, (path, response.status_code)


def test_serving_under_a_name_links_to_the_archive_itself(tmp_path):
    from notation.datasette import ServeError, served_path

    db = tmp_path / "corpus.db"
    sqlite3.connect(db).execute("CREATE TABLE games (x)").connection.close()
    assert served_path(db, None, tmp_path) == str(db) and served_path(db, "corpus", tmp_path) == str(db)
    link = Path(served_path(db, "archive", tmp_path))
    assert link.name == "archive.db" and link.resolve() == db.resolve()
    with pytest.raises(ServeError, match="a database name is letters"):
        served_path(db, "../x", tmp_path)
