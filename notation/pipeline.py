"""Record -> Game: choose the family and notation, parse, replay.

This is the only place that strings the stages together; the CLI, the
archive and the tests all come through :func:`read_games` or :func:`process`.
"""

from __future__ import annotations

import os
import re
import sys
import traceback
from collections.abc import Callable, Iterable, Iterator
from itertools import chain
from typing import cast

from notation import families
from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.diagnostics import CODES, Code
from notation.families import Family, Identification
from notation.model import (
    STATUS_ORDER,
    Diagnostic,
    Game,
    Move,
    ParsedRecord,
    Record,
    Severity,
    SourceText,
    TagError,
    printed_moves,
)
from notation.parse import ParseError
from notation.records import NotText, iter_files, iter_records, read_file, split

#: An exception inside a family is stored as an ``internal`` diagnostic so that an import goes
#: on, but it is a bug: with ``NOTATION_STRICT=1`` (the test suite sets it) it is raised instead.
STRICT = os.environ.get("NOTATION_STRICT") == "1"


class InternalError(RuntimeError):
    """A family raised while reading a record: a bug in notation, never the record's fault."""


#: Which records to replay: the import passes one that skips what the archive already holds.
Keep = Callable[[Record], bool]
#: Told of each file refused whole because it is not text (nothing of it is read); without one, it raises.
Refused = Callable[[NotText], None]


def read_games(paths: Iterable[str | os.PathLike[str]], keep: Keep | None = None,
               refused: Refused | None = None) -> Iterator[Game]:
    """Every record under the given files and folders, replayed. Never raises for bad input
    but a file that is not text (:class:`NotText`), which goes to ``refused`` when one is given.

    With ``keep``, a record for which it answers false is neither replayed nor yielded.
    """
    for path in iter_files([str(p) for p in paths]):
        yield from games_in_file(path, keep, refused)


def split_source(source: SourceText) -> list[Record]:
    """A decoded file's records, split by the format its name says (the families' own formats known)."""
    return split(source, families.splitters())


def read_records(path: str) -> list[Record]:
    """Every record of one file. A file that cannot be read at all raises ``OSError``."""
    return split_source(read_file(path))


def games_in_file(path: str, keep: Keep | None = None, refused: Refused | None = None) -> Iterator[Game]:
    """Every record of one file (those ``keep`` keeps), replayed as the file is read.

    An unreadable file yields one unparsed game; one that is not text yields nothing and goes to ``refused``.
    """
    try:
        records = file_records(path, refused)
    except OSError as exc:
        yield process(unreadable_file(path, exc))
        return
    for record in records:
        if keep is None or keep(record):
            yield process(record)


class NoFamily(LookupError):
    """No family reads a record that names none; the message says what each family said."""


#: What a file ending adds to a family's own answer: enough to settle a tie, never to claim a text alone.
ENDING_HINT = 0.05


def file_records(path: str, refused: Refused | None = None) -> Iterator[Record]:
    """The file's records as a stream; ``OSError`` now, before the first, if the file cannot be read.

    A file that is not text has no records: it goes to ``refused``, or without one raises :class:`NotText`.
    """
    records = iter_records(path, families.splitters())
    try:
        first = next(records, None)
    except NotText as exc:
        if refused is None:
            raise
        refused(exc)
        return iter(())
    if first is None:
        return iter(())
    return chain([first], records)


def unreadable_file(path: str, exc: OSError) -> Record:
    """A record that stands for a file that cannot be read: it is stored, unparsed, with the reason."""
    return Record(SourceText(path, ""), 0, {}, "", "", 0, 0, "unparsed", f"cannot read file: {exc}")


def families_for(record: Record) -> list[tuple[Family, float]]:
    """The families that may read a record, most likely first, each with its weight.

    A ``[Game]`` tag names the family. Otherwise every family is asked
    (:meth:`Family.identify`). A sure answer (a tag only that family uses,
    moves only its notations print) settles it; else every family whose
    answer rests on the text is a candidate, and :func:`process` reads the
    record in each. Tags that several formats share (``[White]``, ``[Event]``)
    and the file ending only weigh where the text says nothing.
    :class:`NoFamily` when nothing says whose the record is.
    """
    game = record.tag("Game")
    if game:
        return [(families.get(game), 1.0)]
    hint = families.for_extension(record.path)
    answers: dict[str, Identification] = {}
    if hint is not None:
        # The family owning the ending asked first: a sure answer spares asking the others to parse the text.
        answers[hint.name] = hint.identify(record)
        if answers[hint.name].sure:
            return [(hint, answers[hint.name].score)]
    ranked = []
    for family in families.all_families():
        answer = answers.get(family.name) or family.identify(record)
        answers[family.name] = answer
        ranked.append((family, answer.score + (ENDING_HINT if answer and family is hint else 0.0)))
    ranked.sort(key=lambda pair: -pair[1])
    sure = [(family, weight) for family, weight in ranked if answers[family.name].sure]
    if len(sure) == 1:
        return sure
    from_text = [(family, weight) for family, weight in ranked if answers[family.name].from_content]
    if from_text:
        return from_text
    if ranked[0][1] > 0:
        return ranked[:1]
    if hint is not None:
        # Nothing in the text says whose it is (a bare "*" in a .pgn): the family owning the
        # ending reads it, and says what is wrong with it if anything is.
        return [(hint, 0.0)]
    raise NoFamily("no family reads this text (tried " + "; ".join(
        f"{name}: {answer.reason}" for name, answer in answers.items()) + ")")


def process(record: Record) -> Game:
    """Parse and replay one record. Bad input becomes a game with status and diagnostics, never an exception.

    A record that several families may read is read in each, and the reading
    that reads and replays the most printed moves is kept (the families'
    weights break a tie): what the moves read as decides, not the tags.
    Its diagnostics come in the order of the places they name (:func:`_in_place_order`).
    """
    return _in_place_order(_read_record(record))


def _in_place_order(game: Game) -> Game:
    """The game with its diagnostics sorted by (line, column), as the text reads: a damaged tag's error before
    the movetext's, whichever step made each. Those at one place keep the order they were made in (the sort is
    stable); one that names no place (the whole record's) comes first."""
    game.diagnostics.sort(key=lambda d: (d.line or 0, d.column or 0))
    return game


def _read_record(record: Record) -> Game:
    """:func:`process`, its diagnostics in the order they were made."""
    if record.status == "unparsed":
        game = unparsed(record, "record", record.problem or "record cannot be split")
        if record.problem_at is not None:  # a tag block that does not parse: where it stops
            game.diagnostics[0].line, game.diagnostics[0].column = record.source.position(record.problem_at)
        return game
    owner = None if record.tag("Game") or record.tag("Notation") else families.for_extension(record.path)
    clean = _guarded(owner, record, _clean_reading) if owner is not None else None
    if clean is not None:
        return with_decoding_warning(_branched(clean))
    try:
        candidates = families_for(record)
    except NoFamily as exc:
        return unparsed(record, "family", str(exc), offset=_first_text(record))
    except KeyError as exc:
        game = unparsed(record, "family", str(exc.args[0]))
        game.diagnostics[0].line, game.diagnostics[0].column = record.tag_position("Game")
        return game
    # _process always gives a game; only the fast path's answer may be None.
    readings = [(reading, weight) for family, weight in candidates if (reading := _guarded(family, record, _process))]
    game = max(readings, key=lambda pair: (_read(pair[0]), pair[1]))[0]
    return with_decoding_warning(never_silent(_branched(game)))


#: Notations whose variations are written in their own syntax, where their writer put them (PGN's SAN, PDN).
_OWN_VARIATIONS = ("san", "pdn")


def _branched(game: Game) -> Game:
    """The game with each variation hung where it first differs from its line (:meth:`Game.branch_where_lines_differ`:
    a book's note printed from a move the game already played), once, on the reading kept, for every family; a PGN's
    or PDN's variations stay as the file has them (its writer placed them: "(2. 9-14 (2. 9-14 ...))" is read and
    written back as it is)."""
    return game if game.notation in _OWN_VARIATIONS else game.branch_where_lines_differ()


def _clean_reading(family: Family, record: Record) -> Game | None:
    """The game of a record naming no family or notation, when the family owning its file ending reads
    every printed move, legally, on its fast path (a clean ``.pgn`` or ``.pdn`` game): a reading with
    nothing to report leaves nothing for identification to decide. ``None`` otherwise."""
    names = family.candidate_notations(record)
    game = family.read_fast(names[0], record)
    if game is None or not game.moves:
        return None
    game.candidates = names[:1]
    return game


def _guarded(family: Family, record: Record, read: Callable[[Family, Record], Game | None]) -> Game | None:
    """``read(family, record)``; bad input is a game with its diagnostics, a bug an internal error."""
    try:
        return read(family, record)
    except TagError as exc:
        game = unparsed(record, "bad-tag", str(exc), family=family.name)
        game.diagnostics[0].line, game.diagnostics[0].column = record.tag_position(exc.name)
        return game
    except Exception as exc:  # a bug must not stop an import; it is stored and reported
        if STRICT:
            raise InternalError(f"{record.path}:{record.line}: {family.name} raised {exc!r}") from exc
        return internal_error(record, exc, family.name)


def never_silent(game: Game) -> Game:
    """A record from which no move was read, though words of its text read as moves in some family's
    notation, is an error (``no-moves``, naming the words and where they stand), never ``empty``."""
    if game.status in ("error", "unparsed") or game.claims or game.moves or any(v.moves for v in game.variations):
        return game
    record = game.record
    words = families.move_like_words(record.body)
    if not words:
        return game
    game.diagnostics = [d for d in game.diagnostics if d.code != "empty-game"]
    shown = ", ".join(f"{word!r} ({':'.join(map(str, record.position(at)))})" for at, word in words[:6])
    game.diagnostics.append(Diagnostic(
        "error", "no-moves", f"no move was read as {game.family}{f' ({game.notation})' if game.notation else ''}, "
        f"though {len(words)} word{'s' if len(words) != 1 else ''} of the text read as moves: {shown}"
        + (" ..." if len(words) > 6 else ""), *record.position(words[0][0])))
    game.status = "error"
    return game


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
    """The game, with a warning if its file could not be decoded cleanly at a point inside this record,
    and one for each tag pair read though not written as PGN writes it (the record's tag notes: an error where
    the pair is damaged)."""
    for at, code, text in game.record.tag_notes:
        severity = cast(Severity, CODES[code].severities[0])  # a damaged tag pair's is an error: the record's too
        game.diagnostics.append(Diagnostic(severity, code, text, *game.record.source.position(at)))
        if severity == "error" and game.status != "unparsed":
            game.status = "error"
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
    # A notation whose moves a text bounds (its squares, for SAN) is not tried where another reading has
    # already read more of them as printed and legal: it could neither be the most read reading nor tie with
    # it (``outread``). (As printed: a reading's repairs may read words with no square, "exd" in German, and
    # so may the bounded notation's own: only what a reading reads as printed is held to the text's squares.)
    bounds = {name: family.most_read(name, record) for name in names}
    replayed: dict[str, Game] = {}
    outread: set[str] = set()
    for at, name in enumerate(names):
        if (bound := bounds[name]) is not None and any(_read_as_printed(g) > bound for g in replayed.values()):
            outread.add(name)
            continue
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
        elif any(later is not None and later < sum(1 for _ in printed_moves(parsed[name].line))
                 for later in (bounds[n] for n in names[at + 1:])):
            # A reading that is not clean is replayed below unless a clean one settles the record:
            # now, where what it reads may spare a later notation.
            replayed[name] = _replay_parsed(family, name, record, parsed)
    if probed:
        if clean:
            best = family.replay(parsed.pop(clean[0])).finish()
            if best.status == "ok" and not _outread_unclean(family, record, best, parsed, clean, replayed, bounds):
                others = [_replay_parsed(family, name, record, parsed) for name in clean[1:]]
                # The first clean reading stands unless another reads more of the main line's printed moves
                # (German reads "1. e4 e5" and takes the SAN after it for prose); then all are weighed below.
                # (The main line's: a PGN's comments that another notation reads as lines are no moves.)
                if all(_main_line_read(other) <= _main_line_read(best) for other in others):
                    # (One that reads fewer of them, the rest left as prose, is no rival reading.)
                    rivals = [other for other in others if _main_line_read(other) == _main_line_read(best)]
                    return _detected(best, [clean[0], *_differing(best, rivals)], record)
                parsed = {}
            replayed[clean[0]] = best  # weighed below as it is, not replayed again
    # A reading parsed for the probe and not yet replayed is replayed as it is, not parsed again.
    games = [replayed[name] if name in replayed else _replay_parsed(family, name, record, parsed)
             for name in names if name not in outread]
    # A clean reading counts only where no other reads more of the printed moves: two castlings read
    # clean as German do not outweigh a descriptive score of sixty moves with errors in it.
    # (Weighed against each clean reading's own moves: moves read inside one of its printed moves count once.)
    # (The plain count first: merging only lowers it, and a record read one way, PGN's, is not weighed at all.)
    clean_games = [g for g in games if g.status == "ok" and g.moves
                   and all(other is g or _read(other) <= _read(g) or _read(other, g) <= _read(g) for other in games)]
    if clean_games:
        best = clean_games[0]
        return _detected(best, [best.notation or "", *_differing(best, clean_games[1:])], record)
    readable = [g for g in games if g.status != "unparsed"]
    if not any(_read(g) for g in games):
        # No grammar reads a move of the text: the decoder may, against the rules (damaged figures,
        # moves named in prose).
        decoded = family.decode(record)
        if decoded is not None and _read(decoded):
            decoded.candidates = [g.notation or "" for g in readable]
            if family.extensions and record.path.lower().endswith(family.extensions):
                # A file of the family's own format (a .pdn) is that format: where its grammar stops
                # (a stray line among the moves) stays a syntax error, whatever the decoder reads.
                decoded.diagnostics[:0] = [d for g in games if g.notation == decoded.notation
                                           for d in g.diagnostics if d.code == "syntax"]
                decoded.finish()
            return decoded
    pool = readable or games
    # The reading that accounts for the most printed moves, never one that reads nothing: with
    # no move read at all, the reading that finds the most move-like words says so.
    # (None read at all: the notation whose grammar read furthest into the text says where it stops, and what it
    # expected there: a book's description of throws stopped at its wording, not a match file's "found 'T'" at line 1.)
    best = min(pool, key=lambda g: (-_read(g), -_move_like_words(g), STATUS_ORDER[g.status], *_against(g),
                                    _stopped_at(g)))
    best.candidates = [g.notation or "" for g in readable]
    return best


def _stopped_at(game: Game) -> tuple[int, int]:
    """Where a reading's grammar stopped, furthest first (negated: the least is the furthest); (0, 0) for none."""
    return min(((-(d.line or 0), -(d.column or 0)) for d in game.diagnostics if d.code == "syntax"), default=(0, 0))


def _outread_unclean(family: Family, record: Record, best: Game, parsed: dict[str, ParsedRecord],
                    clean: list[str], replayed: dict[str, Game], bounds: dict[str, int | None]) -> bool:
    """Whether a reading that is not clean reads more of the main line's printed moves than ``best``, the first
    clean one: then ``best`` is weighed with all of them, as two castlings read clean as German are with a
    descriptive score of sixty moves with errors in it. (The main line's, as clean readings are weighed: a PGN's
    comments that another notation reads as lines are no moves.) One only parsed is replayed (into ``replayed``)
    only where the cheap bounds say it could: the notation's own (:meth:`Family.most_read`: a SAN reading of a
    descriptive text reads at most its squares, its repairs aside), and the more of the moves its main line printed
    and, where the decoder reads for it, the text's words that read as moves in that notation."""
    most = _main_line_read(best)
    for name, p in parsed.items():
        if name in clean or name in replayed:
            continue
        bound = bounds.get(name)
        if bound is not None and bound <= most or \
                len(p.line.moves) <= most and len(family.notation_move_words(name, record.body)) <= most:
            continue
        replayed[name] = _replay_parsed(family, name, record, parsed)
    return any(_main_line_read(game) > most and _main_line_read(game, best) > most for game in replayed.values())


def _replay_parsed(family: Family, name: str, record: Record, parsed: dict[str, ParsedRecord]) -> Game:
    """:func:`replay_one`, with the reading already parsed when there is one."""
    if name not in parsed:
        return replay_one(family, name, record)
    game = family.read_fast(name, record)
    return game if game is not None else family.replay(parsed[name]).finish()


def _read(game: Game, against: Game | None = None) -> int:
    """Printed moves a reading read and replayed (as printed or by a clear repair), variations included;
    a fragment's moves (a score that begins in the middle of a game) and those of a score whose set-up is
    missing count as read, since none can be replayed. Weighed ``against`` a clean reading, the moves read
    inside one printed move of it count as one (:func:`_merged`)."""
    lines = [game.moves, *(v.moves for v in game.variations)]
    read = [m for line in lines for m in line if m.status in ("ok", "repaired") or _read_in_fragment(m)]
    return _merged(read, against) if against is not None else len(read)


def _spans(game: Game) -> dict[int, list[tuple[int, int]]]:
    """Where each printed move of a reading stands, by its line: its first column and the column after it."""
    spans: dict[int, list[tuple[int, int]]] = {}
    for line in [game.moves, *(v.moves for v in game.variations)]:
        for m in line:
            if m.line and m.column and m.printed and "\n" not in m.printed:
                spans.setdefault(m.line, []).append((m.column, m.column + len(m.printed)))
    return spans


def _merged(read: list[Move], against: Game) -> int:
    """How many printed moves ``read`` reads, where the moves that stand inside one printed move of the
    reading ``against`` count once: an algebraic reading of German's "S g 1 - f 3" reads the pawn move
    "f 3" and of "L b 5 - a 4" the two "b 5" and "a 4", moves no book printed there."""
    spans = _spans(against)
    units: set[object] = set()
    for at, m in enumerate(read):
        start = m.column or 0
        end = start + len(m.printed) if m.line and start and m.printed else 0
        inside = next(((m.line, *span) for span in spans.get(m.line or 0, ()) if end and span[0] <= start
                       and end <= span[1]), None)
        units.add(inside if inside is not None else at)
    return len(units)


def _read_as_printed(game: Game) -> int:
    """Printed moves a reading read as printed and legal (``ok``), variations included."""
    return sum(m.status == "ok" for line in [game.moves, *(v.moves for v in game.variations)] for m in line)


def _main_line_read(game: Game, against: Game | None = None) -> int:
    """Printed moves of the main line a reading read and replayed (as printed or by a clear repair);
    ``against`` as for :func:`_read`."""
    read = [m for m in game.moves if m.status in ("ok", "repaired")]
    return _merged(read, against) if against is not None else len(read)


def _against(game: Game) -> tuple[int, int]:
    """What counts against a reading in a tie: its errors, then its warnings. An ``info`` diagnostic
    (words said to be prose, a repair explained) is no fault of the reading: saying more must not
    change which reading is kept."""
    errors = sum(d.severity == "error" for d in game.diagnostics)
    return errors, sum(d.severity == "warning" for d in game.diagnostics)


def _read_in_fragment(move: Move) -> bool:
    """A move of a chess fragment, or of a score whose set-up is missing, that reads as a move (kept, not replayed)."""
    detail = move.detail
    return isinstance(detail, ChessMoveDetail) and bool((detail.fragment or detail.setup_missing) and detail.read)


def _move_like_words(game: Game) -> int:
    """Words a chess reading took for prose though they read as moves: the fewer, the better the reading."""
    detail = game.detail
    if not isinstance(detail, ChessGameDetail):
        return 0
    return (detail.move_like_words_in_prose or 0) + (detail.move_like_words_unread or 0)


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
                notation=record.tag("Notation"), title=record.named("Title") or record.named("Event"),
                status="unparsed")
    game.diagnostics.append(Diagnostic("error", code, message, line, column))
    return game
