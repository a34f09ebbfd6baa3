"""Moves named in prose: a paragraph's move words read as short lines from the start, for any game.

An encyclopaedia's introduction names openings in sentences ("The other five
replies to 11-15, namely 24-20, 23-19, 23-18, 22-18 and 22-17, ..."; "Thus
11-15, 23-19, 8-11, 22-17, if followed by 11-16, was called the Glasgow").
No score is printed, but each move word stands somewhere in a tree of lines
from the record's start, and the rules say where: each move is read as the
next move of the line read so far, from its last move back to the start, at
the first place it is legal (a run of replies, each legal only after the
move they answer, becomes alternatives at the same ply; a move that goes on
from an earlier move of the line replaces what followed it); a sentence's
first move is tried from the start first. A move word legal nowhere on the
line is left unread, for the family to report.

:func:`in_a_row` says whether a reading's moves make a score (moves printed
one after the other) or stand in running prose (:func:`numbered_alone`: one move
opening its line after its number is a score too), :func:`mostly_prose` whether
a text is prose that names moves: the families decode a score as a game and
prose as lines.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar, cast

from notation.decode.lattice import Token
from notation.decode.search import Decoder, Rules, Step

P = TypeVar("P")
M = TypeVar("M")

#: Where a move hangs in a prose reading's tree: at the start.
START = -1


@dataclass(frozen=True)
class Named(Generic[M]):
    """A move named in prose: its words and move, and the move it follows (an index into the line it
    goes on from, then the reading's moves; or :data:`START`)."""

    step: Step[M]
    after: int


@dataclass
class Lines(Generic[M]):
    """What a paragraph of prose names: its moves in the order printed, each hung where it is legal,
    and the words of a move's shape that are no legal move wherever they might stand."""

    moves: list[Named[M]] = field(default_factory=list)
    unread: list[Token] = field(default_factory=list)
    #: The position each unread word printed as its line's next move stands at (by the word's ``id``): where it was
    #: looked for alone (:func:`read_lines`), for its nearest legal readings.
    due: dict[int, object] = field(default_factory=dict)


#: A word that ends a sentence (``weak.``, ``"Alma."``): the next move is tried from the start first.
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*$")


def read_lines(words: list[Token], rules: Rules[P, M], start: P, line: Sequence[P] = (),
               plies: Mapping[int, int] | None = None, offered: Collection[int] = (),
               replacing: Collection[int] = (), instead_of: Mapping[int, Token] | None = None) -> Lines[M]:
    """The moves named in ``words`` (prose), each read as a legal move where the line read so far
    puts it (see the module's docstring); read only as printed or through an OCR confusion.

    ``line`` is the position after each move of a line the words go on from (a note's words left
    after the moves its layout read): a move read may hang after any of them, ``after`` counting
    them first (``len(line) + k`` is the ``k``-th move read here). ``plies`` gives the ply a word
    is printed at (by ``id``: a table's numbered row), from the start: it is read there first, on
    the line read so far, else on any line read before; then a ply off by one; then as prose; at
    the first of these places from which the rows below it read on (else the first it is legal at).
    ``offered`` are the words (by ``id``) of moves offered instead of another ("4 to 8 instead of 11 to 16"):
    their line ends with their sentence, and the line they left goes on after it. ``replacing`` are the words of
    those offered that open their line ("If instead Black plays 9-14"): read where they leave the line read so far,
    as the alternative to its last move they can replace (never after its last move). ``instead_of`` gives, for the
    first word of those offered before ``instead of``, the word after it naming the move they replace ("9-13 instead
    of 4-8"): read first where a line read that move, as its alternative. A word the text names a side
    as playing (:attr:`Token.plays`: "Black plays 9-14") is read only where that side is to move."""
    decoder: Decoder[P, M] = Decoder(rules, near=False)
    misprints: Decoder[P, M] | None = None  # its tables read a word a figure off too: made where one is needed
    windows = decoder._windows(words)
    out: Lines[M] = Lines()
    after: list[P] = list(line)  # the position after each move of the line, then of each move read
    depth: list[int] = [k + 1 for k in range(len(line))]  # how many plies from the start each is
    parent: list[int] = [k - 1 if k else START for k in range(len(line))]  # the move each follows
    path: list[int] = list(range(len(line)))  # the line read so far: indices into ``after``
    played: list[M | None] = [None] * len(line)  # the move read into each of ``after`` (not known for ``line``)
    fresh = not line  # a sentence's first move is tried from the start first; a line's words go on from it
    aside: list[int] | None = None  # the line read before the moves in brackets being read
    left: list[int] | None = None  # the line read before a move offered instead of another
    i = 0
    while i < len(words):
        if not windows[i]:
            fresh = fresh or bool(_SENTENCE_END.search(words[i].text))
            i += 1
            continue
        if fresh and left is not None and id(words[i]) not in offered:
            path, left = left, None  # the alternative's sentence is over: the line it left goes on
        if id(words[i]) in offered and left is None:
            left = path
        if words[i].aside and aside is None:
            aside = path  # an alternative in brackets ("(or 26 to 22)"): the line it leaves
        elif not words[i].aside and aside is not None:
            path, aside = aside, None  # after the brackets the line they left goes on
        places = [START, *path[::-1]] if fresh else [*path[::-1], START]
        if fresh:
            # A sentence's first move where the line stands or the text has just offered it ("the choice of
            # 12-16 or 10-14. After 12-16, ..."): named again, it goes on from there. So where it reads on as
            # far from several places, the nearest before it in the text where the line has read it comes
            # first, then the start, then the line's other places, nearest first.
            # (On the line read so far first; then on a line read before it: "Instead of 4-8, ..." after a
            # variation's sentence names the main line's move.)
            on_path = {START, *path}
            named = [j for j in range(len(after) - 1, len(line) - 1, -1)
                     if _plays(decoder, rules, start if parent[j] == START else after[parent[j]], windows[i], played[j])]
            again = ([parent[j] for j in named if parent[j] in on_path]
                     + [parent[j] for j in named if parent[j] not in on_path])
            places = list(dict.fromkeys([*again, *places]))
        if id(words[i]) in replacing and path:
            # An alternative to a move the line has read: where the line leaves, the nearest such place first.
            places = [*path[-2::-1], START]
        replaced = instead_of.get(id(words[i])) if instead_of else None
        told: list[int] = []
        if replaced is not None:
            # "9-13 instead of 4-8": where a line read 4-8 (the nearest first), whatever line was read last.
            marks = decoder._windows([replaced])[0]
            told = [parent[j] for j in range(len(after) - 1, len(line) - 1, -1)
                    if _plays(decoder, rules, start if parent[j] == START else after[parent[j]], marks, played[j])]
            places = list(dict.fromkeys([*told, *places]))
        if words[i].plays is not None:
            places = [p for p in places if rules.side(start if p == START else after[p]) == words[i].plays]
        ply = plies.get(id(words[i])) if plies else None
        if not fresh and ply is None and replaced is None and left is None and aside is None and out.moves \
                and i and (words[i - 1] is out.moves[-1].step.last or id(words[i - 1]) in out.due):
            # Printed right after the move read before it, in its sentence, no word between that leaves the line
            # ("or", "if by", brackets, "instead of"): the line's next move, or an alternative to its last ("27-24,
            # 22-17, 23-19"), never a move far back ("...; 31-24, 28-19; 11-16, 20-11": a misprinted 11-16 was
            # read as another first move, the record ok). So too after such a move read nowhere: the sentence's
            # moves after a misprint are the line's, unread, not other lines.
            close = {path[-1], path[-2] if len(path) > 1 else START}
            places = [p for p in places if p in close]
            out.due[id(words[i])] = after[path[-1]]
        if ply is not None:
            # A numbered row: after the move of the ply before it, on the line read so far, else on
            # another line read before; a row off by one after that (a column set a row too low or too
            # high, its moves kept on one line), then anywhere, as for prose, then on any line read.
            others = [p for p in range(len(after) - 1, -1, -1) if p not in path]
            near = [[p for p in group if depth[p] == want] + ([START] if want == 0 and group is path else [])
                    for group in (path[::-1], others) for want in (ply - 1, ply - 2, ply)]
            places = list(dict.fromkeys([p for group in near for p in group] + places + others))
        found = None
        best = (-1, -1)
        for place in places:
            position = start if place == START else after[place]
            hits = _hits(decoder, rules, position, windows[i])
            if hits and found is None:
                found = place, position, hits[0]
            if hits and ply is not None and _goes_on(decoder, rules, rules.play(position, hits[0][1][0]), words,
                                                     windows, i + hits[0][0], plies or {}):
                found = place, position, hits[0]  # a numbered row's move where the rows below it go on
                break
            if hits and (id(words[i]) in replacing or place in told):
                break  # (the nearest move it can replace, whatever is named after it)
            if hits and ply is None and fresh:
                # A sentence's first move, legal in more than one place ("Black plays 9-14" both at the
                # start and after the game told so far): where the moves named after it read on, the next few
                # (past the sentence's end too), and where alike, all of them to the first that does not ("The game
                # might go on thus: 9-14, 22-18, 14-17, 21x14, 10x17, 27-24, ..." is legal from the start for its
                # first moves only, 27-24 no move there: it goes on from the line read so far, legal throughout).
                played_at, after_it = rules.play(position, hits[0][1][0]), i + hits[0][0]
                ahead = (_reads_on(decoder, rules, played_at, windows, after_it),
                         _reads_on(decoder, rules, played_at, windows, after_it, reach=None))
                if ahead > best or ahead == best and words[i].goes_on and found is not None and found[0] == START \
                        and place in path:
                    # (Read on as far from the start as from a place on the line read so far, where its sentence
                    # says the line goes on, "now": there, the nearest first. "... 4-8, 25-22. Black now has a
                    # choice between 12-16 and 10-14.": Black's 5th, no other first move. Else the start: a
                    # survey's "The strongest reply to 12-16 is 24-20." names another opening.)
                    found, best = (place, position, hits[0]), ahead
        if found is None and ply is not None:
            # A numbered row's move read nowhere as printed may be a misprint of one figure ("22 to 19" for
            # 22 to 17): read so where its row's number puts it on the line read so far.
            misprints = misprints or Decoder(rules)
            at = next((p for p in path[::-1] if depth[p] == ply - 1), START if ply == 1 else None)
            if at is not None:
                position = start if at == START else after[at]
                hit = _misprint(decoder, misprints, rules, position, words, windows, i, plies or {}, ply)
                found = (at, position, hit) if hit is not None else None
        if found is None:
            out.unread.append(words[i])
            i += 1
            continue
        place, position, (k, (move, _cost, how, form)) = found
        step: Step[M] = Step(words[i], words[i + k - 1], move, how, form)
        out.moves.append(Named(step, place))
        after.append(rules.play(position, move))
        played.append(move)
        depth.append(1 if place == START else depth[place] + 1)
        parent.append(place)
        path = _lineage(parent, place) + [len(after) - 1]
        fresh = bool(_SENTENCE_END.search(words[i + k - 1].text))
        i += k
    return out


def _hits(decoder: Decoder[P, M], rules: Rules[P, M], position: P, windows: list[tuple[int, str]],
          printed: bool = False) -> list[tuple[int, tuple[M, float, str, str]]]:
    """The legal moves a word (with the words after it) reads as at ``position``: as printed, else (unless
    ``printed``) through an OCR confusion."""
    table = decoder._table(position, rules.key(position))
    # The table holds the rules' moves (typed ``object`` there): they are ``M``.
    found = [(k, cast(tuple[M, float, str, str], hit)) for k, text in windows[::-1] for hit in table.find(text)]
    return found or ([] if printed else [(k, cast(tuple[M, float, str, str], hit))
                                         for k, text in windows[::-1] for hit in table.near(text)])


#: How many of the next rows of a table must read on from a move for its place to be taken.
_ROWS_AHEAD = 3
#: How many of the next rows a misprint's readings are judged by, and how many must read on after the one
#: chosen (one more misprint allowed among them: a book's table with one misprint often has two).
_MISPRINT_AHEAD = 8
_MISPRINT_LEAST = 2


def _misprints(misprints: Decoder[P, M], rules: Rules[P, M], position: P,
               windows: list[tuple[int, str]]) -> list[tuple[int, tuple[M, float, str, str]]]:
    """The legal moves a word reads as at ``position`` through a misprint of one figure (and of those alone)."""
    table = misprints._table(position, rules.key(position))
    return [(k, cast(tuple[M, float, str, str], hit)) for k, text in windows[::-1]
            for hit in table.near(text) if hit[2] == "misprint"]


def _misprint(decoder: Decoder[P, M], misprints: Decoder[P, M], rules: Rules[P, M], position: P,
              words: list[Token], windows: list[list[tuple[int, str]]], i: int, plies: Mapping[int, int],
              ply: int) -> tuple[int, tuple[M, float, str, str]] | None:
    """A table's move word ``i`` at row ``ply`` read as a misprint of one figure at ``position``: the one
    such reading after which more of the next rows read on (:func:`_rows_read`) than after any other, and at
    least :data:`_MISPRINT_LEAST`; ``None`` where none does or two do alike (a repair, never a guess)."""
    scored: dict[object, tuple[int, tuple[int, tuple[M, float, str, str]]]] = {}
    for k, hit in _misprints(misprints, rules, position, windows[i]):
        if hit[0] not in scored:
            scored[hit[0]] = (_rows_read(decoder, misprints, rules, rules.play(position, hit[0]), words, windows,
                                         i + k, plies, ply + 1), (k, hit))
    ranked = sorted(scored.values(), key=lambda entry: -entry[0])
    if not ranked or ranked[0][0] < _MISPRINT_LEAST or (len(ranked) > 1 and ranked[1][0] == ranked[0][0]):
        return None
    return ranked[0][1]


def _rows_read(decoder: Decoder[P, M], misprints: Decoder[P, M], rules: Rules[P, M], position: P,
               words: list[Token], windows: list[list[tuple[int, str]]], i: int, plies: Mapping[int, int],
               ply: int) -> int:
    """How many of a table's next rows after word ``i`` (up to :data:`_MISPRINT_AHEAD`; the words between
    them left aside, but a move where the next row's number says one is missing) read on from ``position``
    at ``ply`` and after, as printed, or one of them through the one misprint of a figure that reads it."""
    read, repaired = 0, False
    while i < len(words) and read < _MISPRINT_AHEAD:
        if windows[i] and id(words[i]) not in plies:
            # A move printed off the rows (a reply on a line of its own under its column) where the next row's
            # number says a move is missing: read on through it where it is that move as printed.
            following = next((plies[id(w)] for w in words[i + 1:] if id(w) in plies), None)
            hits = _hits(decoder, rules, position, windows[i], printed=True) if following and following > ply else []
            if hits:
                k, (move, _cost, _how, _form) = hits[0]
                position = rules.play(position, move)
                read, ply, i = read + 1, ply + 1, i + k
                continue
        if not windows[i] or id(words[i]) not in plies:
            i += 1
            continue
        if plies[id(words[i])] != ply:
            break  # another line's rows, or a row the table skips
        hits = _hits(decoder, rules, position, windows[i])
        if not hits and not repaired:
            hits = _misprints(misprints, rules, position, windows[i])
            repaired = True
            if len({hit[0] for _, hit in hits}) != 1:
                break
        if not hits:
            break
        k, (move, _cost, _how, _form) = hits[0]
        position = rules.play(position, move)
        read, ply, i = read + 1, ply + 1, i + k
    return read


def _goes_on(decoder: Decoder[P, M], rules: Rules[P, M], position: P, words: list[Token],
             windows: list[list[tuple[int, str]]], i: int, plies: Mapping[int, int]) -> bool:
    """Whether the next moves of a table's numbered rows after word ``i`` read on from ``position`` as
    printed, one after the other (up to :data:`_ROWS_AHEAD`, fewer where the rows end)."""
    read = 0
    while i < len(words) and read < _ROWS_AHEAD:
        if not windows[i]:
            i += 1  # a row's number or mark between its moves ("-- 7--"), not the end of the rows
            continue
        if id(words[i]) not in plies:
            return True
        hits = _hits(decoder, rules, position, windows[i], printed=True)
        if not hits:
            return False
        k, (move, _cost, _how, _form) = hits[0]
        position = rules.play(position, move)
        read += 1
        i += k
    return True


def _reads_on(decoder: Decoder[P, M], rules: Rules[P, M], position: P, windows: list[list[tuple[int, str]]],
              i: int, reach: int | None = _ROWS_AHEAD) -> int:
    """How many of the move words after word ``i`` (up to ``reach``; ``None``: to the first that does not) read on
    from ``position`` as printed, each the next move of the one before it."""
    read = 0
    while i < len(windows) and (reach is None or read < reach):
        if not windows[i]:
            i += 1
            continue
        hits = _hits(decoder, rules, position, windows[i], printed=True)
        if not hits:
            break
        k, (move, _cost, _how, _form) = hits[0]
        position = rules.play(position, move)
        read += 1
        i += k
    return read


def _plays(decoder: Decoder[P, M], rules: Rules[P, M], position: P, windows: list[tuple[int, str]],
           move: M | None) -> bool:
    """Whether a word reads (as printed) as ``move`` at ``position``: the move named again."""
    return move is not None and any(hit[0] == move for _, hit in _hits(decoder, rules, position, windows, printed=True))


def _lineage(parent: list[int], place: int) -> list[int]:
    """The moves from the start to ``place`` (indices into the moves read), following each to the one before."""
    out: list[int] = []
    while place != START:
        out.append(place)
        place = parent[place]
    return out[::-1]


#: Moves printed one after the other (only numbers and marks between) that make a score, not prose.
SCORE = 2
#: The most words of prose ("and then") before a move's printed number that still join it to the move before.
_CONNECTIVE = 2
#: A word with letters enough to be prose (not a number, a mark like ``ch`` or ``(ch.)``, or punctuation).
_WORDY = re.compile(r"(?i)(?!(?:ch|mate|dis|check)\b)[a-z]{2,}")


def in_a_row(words: list[Token], steps: list[Step[M]], least: int = SCORE) -> bool:
    """Whether a reading holds a score: ``least`` moves in a row with nothing but numbers and marks
    between them (moves named in running prose, "after Kt-KB3 the second player replied with P-Q3",
    are no score)."""
    index = {id(w): i for i, w in enumerate(words)}
    spans = sorted((index[id(s.first)], index[id(s.last)]) for s in steps)
    run = best = 1 if spans else 0
    for (_, end), (start, _) in zip(spans, spans[1:]):
        between = words[end + 1:start]
        wordy = [w for w in between if w.number is None and _WORDY.search(w.text)]
        # A connective before the next move's printed number ("K-Kt sq, and then 2. R-R8 mate") keeps the
        # score's run: its numbers go on; prose between two moves names no number.
        numbered = bool(between) and between[-1].number is not None and len(wordy) <= _CONNECTIVE
        run = run + 1 if not wordy or numbered else 1
        best = max(best, run)
    return best >= least


def numbered_alone(words: list[Token], steps: list[Step[M]]) -> bool:
    """Whether a reading of one move is a score of one move: the move printed after its number, the first word
    of its line ("1. R-R8 mate.", an ending's whole solution), not named in a sentence."""
    if len(steps) != 1:
        return False
    index = {id(w): i for i, w in enumerate(words)}
    at = index[id(steps[0].first)]
    return at > 0 and words[at - 1].number is not None and (at == 1 or words[at - 2].line != words[at - 1].line)


def mostly_prose(words: list[Token], steps: list[Step[M]]) -> bool:
    """Whether a text is prose that names moves rather than a score among notes: more than twice as
    many words of prose as moves read (an introduction that names "11-15, 23-19, 8-11, 22-17" in a
    sentence holds a run of moves, but it is no score)."""
    return sum(1 for w in words if _WORDY.search(w.text)) > 2 * len(steps)
