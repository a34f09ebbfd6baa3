"""Record -> Game: choose the family and notation, parse, replay.

This is the only place that strings the stages together; the CLI, the
archive and the tests all come through :func:`read_games` or :func:`process`.
"""

from __future__ import annotations

import gc
import os
import re
import sys
import time
import traceback
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from itertools import chain, islice

from notation import families
from notation.archive import GameRows, game_rows
from notation.diagnostics import Code
from notation.families import Family, Identification
from notation.model import STATUS_ORDER, Diagnostic, Game, ParsedRecord, Record, SourceText, TagError
from notation.parse import ParseError
from notation.records import iter_files, iter_records, read_file, split

#: An exception inside a family is stored as an ``internal`` diagnostic so that an import goes
#: on, but it is a bug: with ``NOTATION_STRICT=1`` (the test suite sets it) it is raised instead.
STRICT = os.environ.get("NOTATION_STRICT") == "1"


class InternalError(RuntimeError):
    """A family raised while reading a record: a bug in notation, never the record's fault."""


#: Which records to replay: the import passes one that skips what the archive already holds.
Keep = Callable[[Record], bool]


def read_games(paths: Iterable[str | os.PathLike[str]], keep: Keep | None = None) -> Iterator[Game]:
    """Every record under the given files and folders, replayed. Never raises for bad input.

    With ``keep``, a record for which it answers false is neither replayed nor yielded.
    """
    for path in iter_files([str(p) for p in paths]):
        yield from games_in_file(path, keep)


def split_source(source: SourceText) -> list[Record]:
    """A decoded file's records, split by the format its name says (families loaded first)."""
    families.load_all()
    return split(source)


def read_records(path: str) -> list[Record]:
    """Every record of one file. A file that cannot be read at all raises ``OSError``."""
    return split_source(read_file(path))


def games_in_file(path: str, keep: Keep | None = None) -> Iterator[Game]:
    """Every record of one file (those ``keep`` keeps), replayed as the file is read.

    An unreadable file yields one unparsed game.
    """
    try:
        records = _records(path)
    except OSError as exc:
        yield process(_unreadable_file(path, exc))
        return
    for record in records:
        if keep is None or keep(record):
            yield process(record)


class NoFamily(LookupError):
    """No family reads a record that names none; the message says what each family said."""


#: What a file ending adds to a family's own answer: enough to settle a tie, never to claim a text alone.
ENDING_HINT = 0.05
#: An answer this sure (a tag only that family uses) needs no second opinion.
SURE = 0.9


def _records(path: str) -> Iterator[Record]:
    """The file's records as a stream; ``OSError`` now, before the first, if the file cannot be read."""
    families.load_all()  # the splitters registered
    records = iter_records(path)
    first = next(records, None)
    if first is None:
        return iter(())
    return chain([first], records)


def _unreadable_file(path: str, exc: OSError) -> Record:
    """A record that stands for a file that cannot be read: it is stored, unparsed, with the reason."""
    return Record(SourceText(path, ""), 0, {}, "", "", 0, 0, "unparsed", f"cannot read file: {exc}")


def family_of(record: Record) -> Family:
    """The record's family: its ``[Game]`` tag, else the family whose content test is surest.

    Every family is asked (:meth:`Family.identify`); the file ending only
    breaks near-ties. :class:`NoFamily` when none says the text is its own.
    """
    game = record.tag("Game")
    if game:
        return families.get(game)
    hint = families.for_extension(record.path)
    if hint is not None:
        # A sure answer from the family that owns the ending ([GameType] in a .pdn, players' tags in a
        # .pgn) settles it without asking the others to parse the text.
        answer = hint.identify(record)
        if answer.score >= SURE:
            return hint
    answers = [(family, family.identify(record)) for family in families.all_families()]

    def score(pair: tuple[Family, Identification]) -> float:
        family, answer = pair
        return answer.score + (ENDING_HINT if answer and family is hint else 0.0)

    best, answer = max(answers, key=score)
    if answer:
        return best
    if hint is not None:
        # Nothing in the text says whose it is (a bare "*" in a .pgn): the family owning the
        # ending reads it, and says what is wrong with it if anything is.
        return hint
    raise NoFamily("no family reads this text (tried " + "; ".join(
        f"{family.name}: {answer.reason}" for family, answer in answers) + ")")


def process(record: Record) -> Game:
    """Parse and replay one record. Bad input becomes a game with status and diagnostics, never an exception."""
    if record.status == "unparsed":
        game = unparsed(record, "record", record.problem or "record cannot be split")
        if record.problem_at is not None:  # a tag block that does not parse: where it stops
            game.diagnostics[0].line, game.diagnostics[0].column = record.source.position(record.problem_at)
        return game
    try:
        family = family_of(record)
    except NoFamily as exc:
        return unparsed(record, "family", str(exc), offset=_first_text(record))
    except KeyError as exc:
        game = unparsed(record, "family", str(exc.args[0]))
        game.diagnostics[0].line, game.diagnostics[0].column = record.tag_position("Game")
        return game
    try:
        game = _process(family, record)
    except TagError as exc:
        game = unparsed(record, "bad-tag", str(exc), family=family.name)
        game.diagnostics[0].line, game.diagnostics[0].column = record.tag_position(exc.name)
    except Exception as exc:  # a bug must not stop an import; it is stored and reported
        if STRICT:
            raise InternalError(f"{record.path}:{record.line}: {family.name} raised {exc!r}") from exc
        game = internal_error(record, exc, family.name)
    return with_decoding_warning(game)


def internal_error(record: Record, exc: BaseException, family: str) -> Game:
    """An unparsed game for a bug met while reading ``record``.

    The archive keeps a short message naming the exception, never a
    traceback (it holds machine paths): the traceback goes to stderr.
    """
    print(f"{record.path}:{record.line}: internal error: {type(exc).__name__}", file=sys.stderr)
    traceback.print_exception(exc, file=sys.stderr)
    text = str(exc).splitlines()[0] if str(exc) else ""
    text = re.sub(r"(?:[A-Za-z]:)?[\\/][^\s'\"]*[\\/]([^\s'\"\\/]+)", r"\1", text)[:200]
    return unparsed(record, "internal",
                    f"internal error while reading this record: {type(exc).__name__}"
                    + (f": {text}" if text else ""), family=family)


def with_decoding_warning(game: Game) -> Game:
    """The game, with a warning if its file could not be decoded cleanly at a point inside this record."""
    warning = game.record.source.decoding_warning
    if warning is None:
        return game
    at, message = warning
    record = game.record
    inside = record.start <= at < record.start + len(record.text)
    if inside or (record.index == 0 and at < record.start):
        line, column = record.source.position(at)
        game.diagnostics.append(Diagnostic("warning", "encoding", message, line, column))
    return game


def _first_text(record: Record) -> int:
    """Offset in the body of its first non-blank character (where a diagnostic about the whole text points)."""
    body = record.body
    return len(body) - len(body.lstrip()) if body.strip() else 0


def _process(family: Family, record: Record) -> Game:
    named = record.tag("Notation")
    if named:
        notation = family.notations.get(named.strip().lower())
        if notation is None:
            game = unparsed(record, "notation",
                            f"unknown notation {named!r} for {family.name}: expected one of "
                            f"{', '.join(family.notations)}", family=family.name)
            game.diagnostics[0].line, game.diagnostics[0].column = record.tag_position("Notation")
            return game
        return replay_one(family, notation.name, record)
    return detect(family, record)


def replay_one(family: Family, notation: str, record: Record) -> Game:
    """Parse with one notation and replay; a parse error gives an unparsed game.

    A family's fast path (``read_fast``), if it has one, is asked first: it
    gives the finished game of a record with nothing to report, else ``None``.
    """
    game = family.read_fast(notation, record)
    if game is not None:
        return game
    try:
        parsed = family.notations[notation].parse(record)
    except ParseError as exc:
        game = unparsed(record, "syntax", exc.reason, family=family.name, offset=exc.offset)
        game.notation = notation
        return game
    return family.replay(parsed).finish()


def detect(family: Family, record: Record) -> Game:
    """Try every notation of the family; a detection counts only when the whole record replays legally.

    One clean reading wins. Several clean readings are ambiguous: the first is
    kept and the record says which notations it could be. None clean: the
    best reading is kept, with its diagnostics, and the candidates listed.
    A family with a cheap ``probe(parsed) -> bool`` is asked that first, so
    only the reading that counts is replayed in full. Before all that, the
    family's fast path (``read_fast``) is asked for the likeliest notation:
    a game it gives has nothing to report and is the reading.
    """
    names = family.candidate_notations(record)
    if len(names) == 1:  # nothing to choose between (a .pgn file is SAN)
        game = replay_one(family, names[0], record)
        game.candidates = names if game.status == "ok" else []
        return game
    # The family's fast path may settle its likeliest notation at once (a clean .pdn record is PDN).
    fast = family.read_fast(names[0], record)
    if fast is not None:
        fast.candidates = names[:1]
        return fast
    parsed, clean, probed = {}, [], True
    for name in names:
        try:
            parsed[name] = family.notations[name].parse(record)
        except ParseError:
            continue
        answer = family.probe(parsed[name])
        if answer is None:  # the family has no cheap test: every reading is replayed in full
            probed = False
            break
        if answer:
            clean.append(name)
    if probed:
        if clean:
            best = family.replay(parsed.pop(clean[0])).finish()
            if best.status == "ok":
                others = [_replay_parsed(family, name, record, parsed) for name in clean[1:]]
                return _detected(best, [clean[0], *_differing(best, others)], record)
    # A reading parsed for the probe and not yet replayed is replayed as it is, not parsed again.
    games = [_replay_parsed(family, name, record, parsed) for name in names]
    clean_games = [g for g in games if g.status == "ok" and g.moves]
    if clean_games:
        best = clean_games[0]
        return _detected(best, [best.notation or "", *_differing(best, clean_games[1:])], record)
    readable = [g for g in games if g.status != "unparsed"]
    pool = readable or games
    # The reading that accounts for the most printed moves, never one that reads nothing: with
    # no move read at all, the reading that finds the most move-like words says so.
    best = min(pool, key=lambda g: (-_read(g), -g.detail.get("move_like_words_in_prose", 0)
                                    - g.detail.get("move_like_words_unread", 0),
                                    STATUS_ORDER[g.status], len(g.diagnostics)))
    best.candidates = [g.notation or "" for g in readable]
    return best


def _replay_parsed(family: Family, name: str, record: Record, parsed: dict[str, ParsedRecord]) -> Game:
    """:func:`replay_one`, with the reading already parsed when there is one."""
    if name not in parsed:
        return replay_one(family, name, record)
    game = family.read_fast(name, record)
    return game if game is not None else family.replay(parsed[name]).finish()


def _read(game: Game) -> int:
    """Printed moves a reading read and replayed (as printed or by a clear repair), variations included;
    a fragment's moves (a score that begins in the middle of a game) count as read, since none can be replayed."""
    lines = [game.moves, *(v.moves for v in game.variations)]
    return sum(m.status in ("ok", "repaired") or bool(m.detail.get("fragment") and m.detail.get("read")) for line in lines for m in line)


def _differing(game: Game, others: list[Game]) -> list[str]:
    """The notations of the other clean readings that make other moves: readings that replay the
    same moves (a score of pawn moves and castling reads alike in German and SAN) are one reading."""
    seen, differing = [[m.position for m in game.moves]], []
    for other in others:
        line = [m.position for m in other.moves]
        if other.status == "ok" and line not in seen:
            seen.append(line)
            differing.append(other.notation or "")
    return differing


def _detected(game: Game, candidates: list[str], record: Record) -> Game:
    game.candidates = candidates
    if len(candidates) > 1:
        game.diagnostics.append(Diagnostic(
            "warning", "ambiguous-notation",
            "the record names no notation and replays legally in several: "
            + ", ".join(candidates) + "; add a [Notation] tag", *record.position(0)))
    return game


def unparsed(record: Record, code: Code, message: str, family: str | None = None,
             offset: int = 0) -> Game:
    """A game that keeps the record's text and says why it could not be read."""
    line, column = record.position(offset) if record.source.text or record.body else (1, 1)
    game = Game(record=record, family=family or (record.tag("Game") or "unknown").lower(),
                notation=record.tag("Notation"), title=record.tag("Title") or record.tag("Event"),
                status="unparsed")
    game.diagnostics.append(Diagnostic("error", code, message, line, column))
    return game


# --------------------------------------------------------------------------
# Parallel reading: worker processes parse and replay, the caller stores.

#: Records per task given to a worker: small enough to keep both cores busy to the end.
CHUNK = 100
#: Below this much text, starting worker processes costs more than it saves.
PARALLEL_BYTES = 2_000_000


def default_jobs(paths: Iterable[str | os.PathLike[str]]) -> int:
    """Worker processes worth starting for these files: one per core for big imports, else none."""
    size = sum(os.path.getsize(f) for f in iter_files([str(p) for p in paths]) if os.path.exists(f))
    return max(1, os.cpu_count() or 1) if size >= PARALLEL_BYTES else 1


def read_games_parallel(paths: Iterable[str | os.PathLike[str]], jobs: int,
                        keep: Keep | None = None) -> Iterator[Game]:
    """The same games as :func:`read_games`, in the same order, replayed by ``jobs`` worker processes.

    The caller (the import) stores them while the workers go on. Records are
    read as a stream and sent to the workers :data:`CHUNK` at a time, at most
    :data:`IN_FLIGHT` chunks per worker ahead of the caller, so memory stays
    flat whatever the size of the file; each game comes back without its
    record (the caller has it). With one job, or where processes cannot be
    forked, this is :func:`read_games`. Workers watch this process and exit
    when it dies. Records ``keep`` turns down (already stored) are not replayed.
    """
    for chunk, games in _in_workers(paths, jobs, _replay_chunk, keep):
        for record, game in zip(chunk or [], games):
            game.record = record
            yield game


def read_rows_parallel(paths: Iterable[str | os.PathLike[str]], jobs: int,
                       keep: Keep | None = None) -> Iterator[GameRows | None]:
    """The games of :func:`read_games_parallel` as the archive's rows (:func:`notation.archive.game_rows`).

    The workers make the rows: what comes back is plain tuples, cheaper to
    send between processes than games, and the parent is left only the
    storing. This is what ``notation import`` stores
    (:meth:`notation.archive.Archive.store_rows`).

    A ``None`` among the rows says that every record has been handed out and
    the reader is about to wait for a worker: the moment to store what has
    come so far, while the workers finish, rather than all of it after them.
    """
    for chunk, rows in _in_workers(paths, jobs, _rows_chunk, keep):
        if chunk is None:
            yield None
        else:
            yield from rows


def _in_workers(paths: Iterable[str | os.PathLike[str]], jobs: int, work: Callable[[list[Record]], list],
                keep: Keep | None = None) -> Iterator[tuple[list[Record] | None, list]]:
    """(chunk of records, ``work(chunk)``) for every chunk of every file, in order, worked in ``jobs`` processes.

    Once every chunk is handed out, ``(None, [])`` comes before each wait for a worker.
    """
    import multiprocessing

    files = iter_files([str(p) for p in paths])
    if jobs <= 1 or "fork" not in multiprocessing.get_all_start_methods():
        with bulk_collection():
            for path in files:
                for chunk in _chunks(path, keep):
                    yield chunk, work(chunk)
        return
    from concurrent.futures import ProcessPoolExecutor

    with bulk_collection(), ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork"),
                                                initializer=die_with_parent, initargs=(os.getpid(),)) as pool:
        pending: deque = deque()
        for path in files:
            for chunk in _chunks(path, keep):
                pending.append((chunk, pool.submit(work, chunk)))
                while len(pending) >= IN_FLIGHT * jobs:
                    chunk, future = pending.popleft()
                    yield chunk, future.result()
        while pending:
            chunk, future = pending.popleft()
            if not future.done():
                yield None, []
            yield chunk, future.result()


#: Allocations between two collections of the youngest generation during a bulk read (Python's default: 700).
BULK_GC_THRESHOLD = 10_000


@contextmanager
def bulk_collection() -> Iterator[None]:
    """Python's cyclic garbage collector set for a long import (as it was, after).

    Everything loaded before (modules, grammars) is frozen out of its
    collections (``gc.freeze``: forked workers also leave those pages
    shared), and the youngest generation is collected every
    :data:`BULK_GC_THRESHOLD` allocations: a replay makes many small objects
    and almost no cycles, and full collections walking every long-lived
    object took 5 % of an import. Cycles are still collected, so memory stays flat.
    """
    thresholds = gc.get_threshold()
    gc.freeze()
    gc.set_threshold(BULK_GC_THRESHOLD, *thresholds[1:])
    try:
        yield
    finally:
        gc.set_threshold(*thresholds)
        gc.unfreeze()


def _chunks(path: str, keep: Keep | None = None) -> Iterator[list[Record]]:
    """The file's records that ``keep`` keeps, :data:`CHUNK` at a time; a file that cannot be read is one
    unreadable record."""
    try:
        records: Iterator[Record] = _records(path)
    except OSError as exc:
        yield [_unreadable_file(path, exc)]
        return
    if keep is not None:
        records = filter(keep, records)
    while chunk := list(islice(records, CHUNK)):
        yield chunk


#: Chunks given to each worker ahead of the one the caller waits for.
IN_FLIGHT = 3


def _replay_chunk(records: list[Record]) -> list[Game]:
    games = [process(record) for record in records]
    for game in games:
        game.record = None  # type: ignore[assignment]  # the parent has it: no need to send the text back
    return games


def _rows_chunk(records: list[Record]) -> list[GameRows]:
    return [game_rows(process(record)) for record in records]


#: Seconds between a worker's checks that the process that started it is alive.
PARENT_CHECK_SECONDS = 0.5


def die_with_parent(parent: int) -> None:
    """Worker start: exit as soon as ``parent`` is gone (even killed with ``kill -9``).

    A re-parented worker would otherwise live on with the whole file in memory.
    """
    import threading

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_SECONDS)
        os._exit(1)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
