"""The replay kit every family shares: reporting a diagnostic, choosing a reading by look-ahead,
and noting a position's value along an ending's line. (The walk over nested variations is :func:`notation.nesting.run_nested`; the codes a diagnostic
may carry are listed in :mod:`notation.diagnostics`.)
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from itertools import chain
from typing import TypeVar

from notation.details import ValuedMove
from notation.diagnostics import Code
from notation.model import Diagnostic, Game, Move, Severity, Verdict

T = TypeVar("T")


def report(game: Game, severity: Severity | str, code: Code, message: str,
           at: tuple[int | None, int | None] = (None, None), ply: int | None = None,
           variation: int | None = None, suggestions: Iterable[str] = ()) -> Diagnostic:
    """Add a diagnostic to ``game`` at ``at`` (line, column in the file) and return it.

    ``severity`` is one of :data:`~notation.model.Severity`; the families pass it on from their own
    helpers as a plain string.
    """
    line, column = at
    diagnostic = Diagnostic(severity, code, message, line, column, ply,  # type: ignore[arg-type]
                            variation, list(suggestions))
    game.diagnostics.append(diagnostic)
    return diagnostic


def best_by_lookahead(choices: Sequence[T], reach: Callable[[T], int]) -> tuple[T, int] | None:
    """The one choice after which the rest of the line replays furthest, and how far.

    ``reach(choice)`` says how many of the following printed moves replay after ``choice``.
    ``None`` when two choices tie for the furthest, or when no choice lets even one move replay:
    then the look-ahead tells nothing.
    """
    scores = [reach(choice) for choice in choices]
    top = max(scores, default=0)
    if top == 0 or scores.count(top) != 1:
        return None
    return choices[scores.index(top)], top


def note_value(game: Game, move: Move, variation: int | None, before: Verdict | None, after: Verdict,
               side: str, winning: str) -> None:
    """The value of the position after ``move`` (``side`` to move), kept in the move's detail; a
    ``throws-away-win`` warning where ``before`` was a win for the mover and ``after`` is no loss for
    the other side. ``winning`` says the win before it, in the game's terms (``mates in 3``)."""
    detail = move.detail
    if not isinstance(detail, ValuedMove):
        raise TypeError(f"{move.printed!r}: a {type(detail).__name__} keeps no value")
    detail.value = {"value": after.value, "plies": after.plies, "settled_by": after.how, "side": side}
    if before is not None and before.value == "win" and after.value != "loss":
        report(game, "warning", "throws-away-win",
               f"{move.printed!r} lets the win go: before it {move.side} {winning}, after it the position "
               f"is a {after.describe()} for the other side", (move.line, move.column), move.ply, variation)


#: A move's number as printed before it ("25.", "19,", "12...", "7)"), a word after it (the move, maybe as the
#: OCR damaged it): its dots say Black's move follows. A figure after a letter and a space is a square's ("B to
#: K 7, ch", "e 2 - e 4"), no number.
_MOVE_NUMBER = re.compile(r"(?<![\w.])(?<![^\W\d_][ \t])(\d{1,3})[ \t]*(?:(\.{2,}|…)|[.,)])\s*(?=[^\W\d_])")


def side_printed_last(game: Game, body: str, at: int, position: Callable[[int], tuple[int, int]],
                      move_word: re.Pattern[str]) -> str | None:
    """The side ("white" or "black") whose move the text prints last before offset ``at`` of ``body``,
    where a result phrase stands ("And wins." is said of that side's move, "Resigns." by the other side),
    where the printed rows say it; ``None`` where they do not, and the line the replay made decides.

    The rows say it where a numbered move is printed after every move the replay placed before ``at``
    (main line or variation, read or kept unread where its line puts it; not a repair, a guess at other
    words; ``position`` turns an offset into its line and column), the decoder leaving it as prose
    ("25. B. takes P. (ch.), and wins."): Black's after dots ("25...") or after the same number printed
    before it (the row's White move), White's one past a row of both ("24. ... 24. ..." then "25."); a
    second word of a move's shape (``move_word``) after it is the other side's. A number in a column of
    one side's moves, a paragraph of moves after it, or a phrase after a move placed says nothing: in
    columns printed one after the other, "Resigns." under Black's column is Black's, though White moved last."""
    where = position(at)
    read = [m for m in chain(game.moves, *(v.moves for v in game.variations)) if m.status != "repaired"
            and m.line is not None and m.side in ("white", "black") and (m.line, m.column or 0) < where]
    last = max(((m.line or 0, m.column or 0) for m in read), default=None)
    numbers = list(_MOVE_NUMBER.finditer(body, 0, at))
    if not numbers or last is not None and position(numbers[-1].start()) <= last:
        return None
    printed = [int(found.group(1)) for found in numbers[-3:]]
    if numbers[-1].group(2) or printed[-2:-1] == printed[-1:]:
        side = "black"
    elif printed[-3:-1] == [printed[-1] - 1] * 2:
        side = "white"
    else:
        return None
    moves = max(1, sum(1 for _ in move_word.finditer(body, numbers[-1].end(), at)))
    if moves > 2:
        return None  # more than a row's two moves after the number: no row
    return side if moves == 1 else ("white" if side == "black" else "black")


def legal_read(game: Game) -> int:
    """Printed moves read as printed and legal, variations included (a move the text does not print, a
    threat's pass or a move a variation implies, is none)."""
    return sum(m.status == "ok" and m.printed != "" for line in [game.moves, *(v.moves for v in game.variations)]
               for m in line)


def misread(game: Game) -> int:
    """Printed words read as moves that are not legal as printed (repaired, or errors), variations included."""
    return sum(m.status != "ok" for line in [game.moves, *(v.moves for v in game.variations)] for m in line)


def reads_more(decoded: Game, layout: Game) -> bool:
    """Whether the decoder's reading of a record is kept over the layout reader's, in every family: only
    where it reads more printed moves as printed and legal (a repaired move is a guess); and where every
    move the layout reader read is legal as printed, not at the price of more words misread than it gains: a
    reading that takes a list of a note's alternatives for the game's moves ("P. to K. B.'s 3rd (which is
    bad). K. B. to Q.'s 3rd ...") reads a few more words legally, and the game's rows after them one move
    off, as errors; and never where it loses the game's last moves the layout reader read, for a note's
    moves (:func:`game_end_unread`)."""
    gained = legal_read(decoded) - legal_read(layout)
    flawless = legal_read(layout) > 0 and misread(layout) == 0
    return gained > 0 and not (flawless and misread(decoded) > gained) and not game_end_unread(decoded, layout)


def game_end_unread(reading: Game, other: Game) -> int:
    """The game's own moves ``other`` reads legally, as printed, after ``reading``'s last main-line move, that
    ``reading`` reads nowhere (no move of any of its lines at their places), where ``other``'s main line is
    ``reading``'s and goes on: the game's end it loses. A game's own move outweighs a note's: a reading that
    reads a note's line or two more but loses the score's last rows ("31. P. takes R., becoming a Q. (ch.)"
    read by the other only) is not the better one, whatever its total. (Where the two main lines differ, the
    other's moves after are no surer the game's: Löwenthal's "19. B. takes Kt", Black's, read by the layout
    reader as its 17th ply.)"""
    placed = [(m.line, m.column or 0) for m in reading.moves if m.line is not None]
    if not placed or [m.normalized for m in other.moves[:len(reading.moves)]] != [m.normalized for m in reading.moves]:
        return 0
    end = max(placed)
    read = {(m.line, m.column or 0) for line in [reading.moves, *(v.moves for v in reading.variations)] for m in line}
    return sum(1 for m in other.moves if m.status == "ok" and m.printed != "" and m.line is not None
               and (m.line, m.column or 0) > end and (m.line, m.column or 0) not in read)
