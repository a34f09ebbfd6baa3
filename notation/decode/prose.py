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
one after the other) or stand in running prose, :func:`mostly_prose` whether
a text is prose that names moves: the families decode a score as a game and
prose as lines.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Generic, TypeVar

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


#: A word that ends a sentence (``weak.``, ``"Alma."``): the next move is tried from the start first.
_SENTENCE_END = re.compile(r"[.!?][\"'”’)\]]*$")


def read_lines(words: list[Token], rules: Rules[P, M], start: P, line: Sequence[P] = (),
               plies: Mapping[int, int] | None = None) -> Lines[M]:
    """The moves named in ``words`` (prose), each read as a legal move where the line read so far
    puts it (see the module's docstring); read only as printed or through an OCR confusion.

    ``line`` is the position after each move of a line the words go on from (a note's words left
    after the moves its layout read): a move read may hang after any of them, ``after`` counting
    them first (``len(line) + k`` is the ``k``-th move read here). ``plies`` gives the ply a word
    is printed at (by ``id``: a table's numbered row), from the start: it is read only there, on
    the line read so far first, else on any line read before."""
    decoder: Decoder[P, M] = Decoder(rules, near=False)
    windows = decoder._windows(words)
    out: Lines[M] = Lines()
    after: list[P] = list(line)  # the position after each move of the line, then of each move read
    depth: list[int] = [k + 1 for k in range(len(line))]  # how many plies from the start each is
    parent: list[int] = [k - 1 if k else START for k in range(len(line))]  # the move each follows
    path: list[int] = list(range(len(line)))  # the line read so far: indices into ``after``
    fresh = not line  # a sentence's first move is tried from the start first; a line's words go on from it
    i = 0
    while i < len(words):
        if not windows[i]:
            fresh = fresh or bool(_SENTENCE_END.search(words[i].text))
            i += 1
            continue
        places = [START, *path[::-1]] if fresh else [*path[::-1], START]
        ply = plies.get(id(words[i])) if plies else None
        if ply is not None:
            # A numbered row: after the move of the ply before it, the line read so far first.
            places = [p for p in [*path[::-1], *range(len(after) - 1, -1, -1)]
                      if p != START and depth[p] == ply - 1] + ([START] if ply == 1 else [])
            places = list(dict.fromkeys(places))
        found = None
        for place in places:
            position = start if place == START else after[place]
            table = decoder._table(position, rules.key(position))
            hits = [(k, hit) for k, text in windows[i][::-1] for hit in table.find(text)] or \
                   [(k, hit) for k, text in windows[i][::-1] for hit in table.near(text)]
            if hits:
                found = place, position, hits[0]
                break
        if found is None:
            out.unread.append(words[i])
            i += 1
            continue
        place, position, (k, (move, _cost, how, form)) = found
        step: Step[M] = Step(words[i], words[i + k - 1], move, how, form)  # type: ignore[arg-type]
        out.moves.append(Named(step, place))
        after.append(rules.play(position, move))  # type: ignore[arg-type]
        depth.append(1 if place == START else depth[place] + 1)
        parent.append(place)
        path = _lineage(parent, place) + [len(after) - 1]
        fresh = bool(_SENTENCE_END.search(words[i + k - 1].text))
        i += k
    return out


def _lineage(parent: list[int], place: int) -> list[int]:
    """The moves from the start to ``place`` (indices into the moves read), following each to the one before."""
    out: list[int] = []
    while place != START:
        out.append(place)
        place = parent[place]
    return out[::-1]


#: Moves printed one after the other (only numbers and marks between) that make a score, not prose.
SCORE = 2
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
        run = run + 1 if all(w.number is not None or not _WORDY.search(w.text) for w in between) else 1
        best = max(best, run)
    return best >= least


def mostly_prose(words: list[Token], steps: list[Step[M]]) -> bool:
    """Whether a text is prose that names moves rather than a score among notes: more than twice as
    many words of prose as moves read (an introduction that names "11-15, 23-19, 8-11, 22-17" in a
    sentence holds a run of moves, but it is no score)."""
    return sum(1 for w in words if _WORDY.search(w.text)) > 2 * len(steps)
