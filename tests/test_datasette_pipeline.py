"""A chess record imported through the real pipeline (``notation import``), then browsed in Datasette."""

from __future__ import annotations

import json
import re
from urllib.parse import quote_plus

import chess
import pytest_asyncio
from click.testing import CliRunner
from datasette.app import Datasette

from notation import families
from notation.cli import cli
from notation.datasette import metadata_for

# Foster's Petroff, as printed in two columns; "K-KB3" is a misprint for Kt-KB3.
RECORDS = """\
[Game "chess"]
[Notation "english-descriptive"]
[Title "Petroff’s Counter Attack"]
[Source "Foster's Complete Hoyle, Chess, The Openings"]
P-K4 Kt-KB3 KtxP K-KB3 1 ------ 2 ------ 3 ------- 4 -------- P-K4 Kt-KB3 P-Q3 KtxP

[Game "chess"]
[Notation "english-descriptive"]
[Title "Two Knights"]
[Source "Foster's Complete Hoyle, Chess, The Openings"]
P-K4 Kt-KB3 1 ------ 2 ------ P-K4 Kt-KB3
"""

PETROFF = ["e4", "e5", "Nf3", "Nf6", "Nxe5", "d6", "Nf3", "Nxe4"]


@pytest_asyncio.fixture
async def ds(tmp_path):
    corpus = tmp_path / "openings.txt"
    corpus.write_text(RECORDS, encoding="utf-8")
    db = tmp_path / "archive.db"
    result = CliRunner().invoke(cli, ["import", str(corpus), "--db", str(db), "--quiet"])
    assert result.exit_code == 0, result.output
    # Served as `notation serve` does: not immutable, read through the write-ahead log.
    datasette = Datasette([str(db)], metadata=metadata_for(db),
                          settings={"sql_time_limit_ms": 2000})
    await datasette.invoke_startup()
    return datasette


async def get_json(ds, path):
    response = await ds.client.get(path)
    assert response.status_code == 200, response.text[:500]
    return response.json()


async def test_imported_record_replays_with_its_repair(ds):
    games = await get_json(ds, "/archive/games.json?_shape=array&title=Petroff’s Counter Attack")
    assert [g["status"] for g in games] == ["repaired"]
    game_id = games[0]["id"]
    page = (await ds.client.get(f"/-/notation/game/{game_id}")).text
    pairs = re.findall(r'<span class="printed" title="as printed">([^<]*)</span>\s*'
                       r'<span class="arrow" aria-hidden="true">→</span>\s*'
                       r'<span class="normalized" title="normalised">([^<]*)</span>', page)
    assert [n for _, n in pairs] == PETROFF
    assert pairs[6] == ("K-KB3", "Nf3")
    repaired = re.search(r'<(li|td) class="move status-repaired[^"]*"\s+id="move-0-7".*?</\1>', page, re.S)
    assert repaired and "Kt-KB3" in re.findall(r'<code class="suggestion">([^<]*)</code>', repaired.group(0))
    # Every step has a board drawn by the chess family, at the position the rules reached.
    data = json.loads(re.search(r'id="replay-data">(.*?)</script>', page, re.S).group(1))
    board = chess.Board()
    for san, move in zip(PETROFF, data["lines"]["0"]["moves"]):
        board.push_san(san)
        chess_family = families.get("chess")
        assert chess_family.position_query(move["position"]["key"]) == chess_family.position_query(board.fen())
    svg = await ds.client.get(move["position"]["picture"])
    assert svg.status_code == 200 and svg.text.startswith("<svg")
    assert svg.headers["content-type"].startswith("image/svg+xml")


async def test_imported_misprint_is_listed_for_its_book(ds):
    rows = await get_json(ds, "/archive/misprints.json?_shape=array&book=Foster")
    petroff = [r for r in rows if r["title"] == "Petroff’s Counter Attack"]
    assert len(petroff) == 1
    row = petroff[0]
    assert row["book"] == "Foster's Complete Hoyle"
    assert (row["ply"], row["printed_text"], row["read_as"]) == (7, "K-KB3", "Nf3")
    assert row["suggested_reading"].startswith("Kt-KB3")


async def test_both_imported_records_reach_the_petroff_position(ds):
    board = chess.Board()
    for san in PETROFF[:4]:
        board.push_san(san)
    fen = board.fen().rsplit(" ", 2)[0] + " 0 1"
    rows = await get_json(ds, "/archive/records_reaching_position.json?_shape=array&position_id=&fen="
                          + quote_plus(fen))
    assert sorted(r["title"] for r in rows) == ["Petroff’s Counter Attack", "Two Knights"]
    page = (await ds.client.get("/-/notation/positions?family=chess&key=" + quote_plus(fen))).text
    assert "2 records reach this position" in page


async def test_a_card_records_replay_opens_at_the_deal_with_no_empty_step_before_it(tmp_path):
    """A card record has no start position: the page starts at its first position (the deal)."""
    from pathlib import Path

    corpus = Path(__file__).resolve().parent.parent / "corpus"
    db = tmp_path / "archive.db"
    files = [corpus / "cards" / "ecarte_002_game_of_five.txt", corpus / "chess" / "endings.txt"]
    result = CliRunner().invoke(cli, ["import", *map(str, files), "--db", str(db), "--quiet"])
    assert result.exit_code == 0, result.output
    datasette = Datasette([str(db)], metadata=metadata_for(db), settings={"sql_time_limit_ms": 2000})
    await datasette.invoke_startup()
    for game in await get_json(datasette, "/archive/games.json?_shape=array&_col=family"):
        page = (await datasette.client.get(f"/-/notation/game/{game['id']}")).text
        data = json.loads(re.search(r'id="replay-data">(.*?)</script>', page, re.S).group(1))
        initial = json.loads(re.search(r'id="replay-initial">(.*?)</script>', page, re.S).group(1))
        main = data["lines"]["0"]
        if game["family"] == "cards":
            assert main["before"]["key"] is None and main["moves"][0]["position"]["key"]
            assert main["first"] == 1 and initial == {"line": 0, "index": 1}
            zero = (await datasette.client.get(f"/-/notation/game/{game['id']}?ply=0")).text
            assert '"index": 1' in re.search(r'id="replay-initial">(.*?)</script>', zero, re.S).group(1)
        else:
            assert main["before"]["key"] and main["first"] == 0 and initial == {"line": 0, "index": 0}
