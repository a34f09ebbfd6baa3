"""The storing process of an import: what it does to be cheaper must not change what it stores."""

from __future__ import annotations

import gc

from big_pgn import write_games

from notation import archive as archive_module
from notation import parallel
from notation.archive import Archive, begin_write


def _threshold(records: list) -> list[int]:
    """A worker's task: its collector's threshold, once a record."""
    return [gc.get_threshold()[0]] * len(records)


def test_the_receiving_process_collects_less_often_than_its_workers(tmp_path, monkeypatch):
    """While workers replay, the process that receives their rows (the import's storing one) collects its
    young objects only after :data:`RECEIVING_GC_THRESHOLD` of them (the rows in flight are freed by their
    counts); the workers, forked from it, keep :data:`BULK_GC_THRESHOLD`; after the import, the setting is
    as it was."""
    monkeypatch.setattr(parallel, "CHUNK", 4)
    before = gc.get_threshold()
    path = write_games(tmp_path / "few.pgn", 20, seed=7)
    here, there = [], []
    for chunk, result in parallel.in_workers([path], 2, _threshold):
        if chunk is not None:
            here.append(gc.get_threshold()[0])
            there += result
    assert len(there) == 20
    assert there[0] == parallel.BULK_GC_THRESHOLD  # the first record, worked before the workers are forked
    assert set(there[1:]) == {parallel.BULK_GC_THRESHOLD}  # the workers
    assert set(here[1:]) == {parallel.RECEIVING_GC_THRESHOLD} != {parallel.BULK_GC_THRESHOLD}
    assert gc.get_threshold() == before


def test_a_batchs_positions_are_stored_in_order_with_their_family_and_forms_as_first_met(tmp_path):
    """The positions not stored yet go in by number, each with its family's name as given (a quote in it
    too), a position without a number or a key (a move not replayed) is none; the search forms of new
    positions are stored in the order the positions were first met, and none twice."""
    archive = Archive(str(tmp_path / "a.db"))
    conn = archive.conn
    begin_write(conn, "the test")
    archive._store_positions("o'hare", {5: "five", None: "none", 3: "three", 7: "", 1: "one"})
    assert conn.execute("SELECT id, family, key FROM positions ORDER BY rowid").fetchall() == [
        (1, "o'hare", "one"), (3, "o'hare", "three"), (5, "o'hare", "five")]
    assert archive._positions == {1, 3, 5}
    number = archive_module.position_number
    # Chess keys not as the replay writes them (whole FENs) have search forms; their numbers out of order.
    fens = ["4k3/8/8/8/8/8/8/4K3 w - - 0 1", "4k3/8/8/8/8/8/8/3K4 b - - 0 1", "4k3/8/8/8/8/8/8/5K2 w - - 3 9"]
    found = dict(sorted(((number("chess", f), f) for f in fens), reverse=True))
    archive._store_positions("chess", found)
    first = conn.execute("SELECT position_id, form, value FROM position_forms ORDER BY rowid").fetchall()
    assert first == archive_module.form_rows("chess", list(found.items())) and len(first) >= 3
    assert conn.execute("SELECT id FROM positions WHERE family = 'chess' ORDER BY rowid").fetchall() == [
        (n,) for n in sorted(found)]
    archive._positions.clear()  # forgotten: met again, stored once by the table, their forms not again
    other = "8/8/8/8/8/8/8/K1k5 w - - 0 1"
    archive._store_positions("chess", [*found.items(), (number("chess", other), other)])
    again = conn.execute("SELECT position_id, form, value FROM position_forms ORDER BY rowid").fetchall()
    assert again == first + archive_module.form_rows("chess", [(number("chess", other), other)])
    conn.execute("ROLLBACK")
