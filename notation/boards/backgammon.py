"""The backgammon board: positions, the laws of moving, GNU Backgammon position and match IDs.

Every side counts points in its own frame, as the players of a ``.mat`` file
and of GNU Backgammon do: ``1`` is the side's ace point, ``24`` the point it
enters on. Index ``25`` is the bar and index ``0`` holds the men borne off.
In the ordinary game the two frames are mirror images (my point ``p`` is the
adversary's ``25 - p``); in Russian backgammon both sides enter on the same
table and move the same way, so both count the same points.

A *step* moves one man by one die; a *play* is the steps of one throw. The
laws applied here are the seed's (Foster's Hoyle, "Backgammon"): a covered
point (two or more enemy men) is closed; a man on the bar enters first; a blot
hit goes to the bar; bearing off only when all fifteen are home, a die higher
than the farthest man taking that man off; Law 12: both dice must be played
when possible, otherwise the larger.
"""

from __future__ import annotations

import base64
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any, cast

from notation.diagnostics import Code

BAR = 25
OFF = 0
MEN = 15

#: The ordinary starting position of one side, in its own frame.
START = (0, 0, 0, 0, 0, 0, 5, 0, 3, 0, 0, 0, 0, 5, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0)


@dataclass(frozen=True)
class Step:
    """One man moved by one die: ``frm`` -> ``to`` in the mover's frame (``25`` bar, ``0`` off)."""

    frm: int
    to: int
    die: int
    hit: bool = False


class IllegalStep(ValueError):
    """A step the laws forbid. ``code`` names the law: ``bar-first``, ``blocked-point``, ..."""

    def __init__(self, code: Code, message: str, point: int | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.point = point


@dataclass
class Position:
    """Both sides' men, whose turn it is, and the variant's way of meeting.

    ``men[side]`` has 26 counts in that side's own frame. ``waiting[side]`` is
    only used in Russian backgammon: men not yet entered (they enter like men
    on the bar but need not enter first).
    """

    men: list[list[int]]
    turn: int = 0
    variant: str = "standard"
    waiting: list[int] = field(default_factory=lambda: [0, 0])
    #: Russian: whether each side has made its first throw (doublets then play as usual).
    thrown: list[bool] = field(default_factory=lambda: [False, False])

    @classmethod
    def initial(cls, variant: str = "standard", turn: int = 0) -> Position:
        """The opening position: the usual set-up, or an empty board for Russian backgammon."""
        if variant == "russian":
            return cls([[0] * 26, [0] * 26], turn, variant, [MEN, MEN])
        return cls([list(START), list(START)], turn, variant)

    def copy(self) -> Position:
        return Position([list(self.men[0]), list(self.men[1])], self.turn, self.variant,
                        list(self.waiting), list(self.thrown))

    @property
    def mirror(self) -> bool:
        """Whether the adversary counts my point ``p`` as ``25 - p`` (the ordinary game)."""
        return self.variant != "russian"

    def enemy_at(self, side: int, point: int) -> int:
        """How many men of ``side``'s adversary stand on ``side``'s point ``point`` (1-24)."""
        theirs = self.men[1 - side]
        return theirs[25 - point] if self.mirror else theirs[point]

    def pips(self, side: int) -> int:
        """Pip count: points each man still has to travel (men not entered count 25)."""
        mine = self.men[side]
        return sum(p * mine[p] for p in range(1, 26)) + 25 * self.waiting[side]

    def all_home(self, side: int) -> bool:
        mine = self.men[side]
        return not self.waiting[side] and not any(mine[p] for p in range(7, 26))

    def borne_off(self, side: int) -> int:
        return self.men[side][OFF]

    # -- the laws ----------------------------------------------------------

    def check_step(self, frm: int, die: int, entering_only: bool = False) -> Step:
        """The step of the side on roll moving a man from ``frm`` by ``die``, or :class:`IllegalStep`."""
        side = self.turn
        mine = self.men[side]
        if frm == BAR:
            if not mine[BAR] and not self.waiting[side]:
                raise IllegalStep("no-man", "there is no man on the bar to enter", BAR)
        else:
            if entering_only:
                raise IllegalStep("first-throw", "the first throw of Russian backgammon enters two men", frm)
            if mine[BAR]:
                raise IllegalStep("bar-first", "a man on the bar must enter before any other man moves", frm)
            if not 1 <= frm <= 24 or not mine[frm]:
                raise IllegalStep("no-man", f"there is no man on point {frm}", frm)
        to = frm - die
        if to >= 1:
            enemy = self.enemy_at(side, to)
            if enemy >= 2:
                raise IllegalStep("blocked-point", f"point {to} is covered by {enemy} enemy men", to)
            return Step(frm, to, die, enemy == 1)
        if not self.all_home(side):
            raise IllegalStep("bear-off-early", "a man is thrown off before all fifteen are home", frm)
        if to < 0 and any(mine[p] for p in range(frm + 1, 7)):
            raise IllegalStep("bear-off-higher",
                              f"a {die} throws off from {frm} only when no man stands farther from the ace point",
                              frm)
        return Step(frm, OFF, die, False)

    def apply(self, step: Step) -> None:
        """Play one step (already checked) for the side on roll."""
        side = self.turn
        mine = self.men[side]
        if step.frm == BAR and not mine[BAR]:
            self.waiting[side] -= 1
        else:
            mine[step.frm] -= 1
        mine[step.to] += 1
        if step.hit:
            theirs = self.men[1 - side]
            q = 25 - step.to if self.mirror else step.to
            theirs[q] -= 1
            theirs[BAR] += 1

    def undo(self, step: Step, from_waiting: bool) -> None:
        side = self.turn
        mine = self.men[side]
        mine[step.to] -= 1
        if from_waiting:
            self.waiting[side] += 1
        else:
            mine[step.frm] += 1
        if step.hit:
            theirs = self.men[1 - side]
            q = 25 - step.to if self.mirror else step.to
            theirs[q] += 1
            theirs[BAR] -= 1

    def winner(self) -> int | None:
        """The side that has borne off all fifteen men, if any."""
        for side in (0, 1):
            if self.men[side][OFF] == MEN:
                return side
        return None

    def win_kind(self, winner: int) -> int:
        """1 for a hit (single game), 2 for a gammon, 3 for a backgammon (seed's English game)."""
        loser = 1 - winner
        if self.men[loser][OFF]:
            return 1
        theirs = self.men[loser]
        # Backgammon: the loser still has a man in the winner's home table or on the bar.
        if any(theirs[p] for p in range(19, 26)) or self.waiting[loser]:
            return 3
        return 2

    def key(self) -> tuple:
        """A hashable snapshot of the men (both sides) and the side on roll."""
        return (tuple(self.men[0]), tuple(self.men[1]), tuple(self.waiting), self.turn)


# --------------------------------------------------------------------------
# Dice and plays


def dice_list(d1: int, d2: int, position: Position | None = None) -> list[int]:
    """The dice to play: two, or four for doublets."""
    return [d1] * 4 if d1 == d2 else [d1, d2]


def _sources(pos) -> list[int]:
    """Points the side to move may play from, farthest first: the bar alone while a man is on it."""
    mine = pos.men[pos.turn]
    if mine[BAR]:
        return [BAR]
    sources = [p for p in range(24, 0, -1) if mine[p]]
    if pos.waiting[pos.turn]:  # Russian: men not yet entered
        sources.insert(0, BAR)
    return sources


def legal_plays(position: Position, dice: Sequence[int]) -> list[tuple[Step, ...]]:
    """Every legal play of ``dice`` (two, or four equal ones) for the side on roll.

    Plays are maximal (Law 12) and distinct by the position they lead to; the
    first play found for each resulting position is kept. An empty list means
    the throw cannot be played at all.
    """
    found: dict[tuple, tuple[Step, ...]] = {}
    best = [0]
    entering_only = position.variant == "russian" and not position.thrown[position.turn]
    pos = position.copy()
    dice = list(dice)
    doubles = len(set(dice)) == 1

    def walk(remaining: list[int], steps: list[Step], floor: int) -> None:
        extended = False
        tried: set[int] = set()
        for i, die in enumerate(remaining):
            if die in tried:
                continue
            tried.add(die)
            mine = pos.men[pos.turn]
            for frm in _sources(pos):
                # Doublets: take sources in non-increasing order, so each set of steps is tried once.
                if doubles and frm > floor:
                    continue
                try:
                    step = pos.check_step(frm, die, entering_only)
                except IllegalStep:
                    continue
                extended = True
                from_waiting = frm == BAR and not mine[BAR]
                pos.apply(step)
                steps.append(step)
                walk(remaining[:i] + remaining[i + 1:], steps, frm if doubles else BAR)
                steps.pop()
                pos.undo(step, from_waiting)
        if not extended and steps:
            n = len(steps)
            if n < best[0]:
                return
            if n > best[0]:
                best[0] = n
                found.clear()
            found.setdefault(pos.key(), tuple(steps))

    walk(dice, [], BAR)
    plays = list(found.values())
    if len(dice) == 2 and dice[0] != dice[1] and best[0] == 1:
        high = max(dice)
        larger = [p for p in plays if p[0].die == high]
        if larger:
            plays = larger
    return plays


def max_steps(position: Position, dice: Sequence[int]) -> tuple[int, bool]:
    """How many dice a legal play must use, and whether a single die must be the larger."""
    plays = legal_plays(position, dice)
    if not plays:
        return 0, False
    n = len(plays[0])
    return n, n == 1 and len(dice) == 2 and dice[0] != dice[1] and plays[0][0].die == max(dice)


def most_steps(position: Position, dice: Sequence[int]) -> int:
    """How many of ``dice`` the best play can use (Law 12); stops as soon as a play uses them all.

    The question a legality check asks of a play that leaves dice unused,
    answered without listing every legal play.
    """
    pos = position.copy()
    entering_only = pos.variant == "russian" and not pos.thrown[pos.turn]
    full = len(dice)
    doubles = len(set(dice)) == 1
    best = 0

    def walk(remaining: list[int], depth: int, floor: int) -> bool:
        nonlocal best
        if depth > best:
            best = depth
            if best == full:
                return True
        tried: set[int] = set()
        mine = pos.men[pos.turn]
        for i, die in enumerate(remaining):
            if die in tried:
                continue
            tried.add(die)
            for frm in _sources(pos):
                if doubles and frm > floor:
                    continue
                try:
                    step = pos.check_step(frm, die, entering_only)
                except IllegalStep:
                    continue
                from_waiting = frm == BAR and not mine[BAR]
                pos.apply(step)
                done = walk(remaining[:i] + remaining[i + 1:], depth + 1, frm if doubles else BAR)
                pos.undo(step, from_waiting)
                if done:
                    return True
        return False

    walk(list(dice), 0, BAR)
    return best


def can_play(position: Position, die: int) -> bool:
    """Whether a single ``die`` can be played at all by the side on roll."""
    mine = position.men[position.turn]
    entering_only = position.variant == "russian" and not position.thrown[position.turn]
    sources = [BAR] if mine[BAR] else [p for p in range(24, 0, -1) if mine[p]] + (
        [BAR] if position.waiting[position.turn] else [])
    for frm in sources:
        try:
            position.check_step(frm, die, entering_only)
            return True
        except IllegalStep:
            continue
    return False


def play_steps(position: Position, steps: Iterable[Step]) -> Position:
    """A copy of ``position`` after ``steps`` (checked by the caller), same side still on roll."""
    pos = position.copy()
    for step in steps:
        pos.apply(step)
    return pos


# --------------------------------------------------------------------------
# Writing plays (GNU Backgammon style)


def point_name(p: int) -> str:
    return "bar" if p == BAR else "off" if p == OFF else str(p)


def format_play(steps: Sequence[Step]) -> str:
    """A play as GNU Backgammon writes it: ``24/18 13/11``, ``13/7*/5``, ``8/5(2)``, ``6/off``.

    Moves are taken from the farthest point down; steps of one man are joined
    into one move, naming a point between only where a blot stood; identical
    moves are counted, ``(2)``; a hit is marked once per point.
    """
    struck = {s.to for s in steps if s.hit}  # where a blot stood before the play
    paths = [[s.frm, s.to] for s in sorted(steps, key=lambda s: (-s.frm, -s.to))]
    alive = [True] * len(paths)
    for i in range(len(paths)):
        for j in range(i + 1, len(paths)):
            if alive[i] and alive[j] and paths[i][-1] == paths[j][0] and paths[i][-1] != OFF:
                if paths[i][-1] in struck:
                    paths[i].append(paths[j][-1])
                else:
                    paths[i][-1] = paths[j][-1]
                alive[j] = False
    moves = [p for p, a in zip(paths, alive) if a]
    counted: list[tuple[list[int], int]] = []
    for path in moves:
        for k, (other, n) in enumerate(counted):
            if other == path:
                counted[k] = (other, n + 1)
                break
        else:
            counted.append((path, 1))
    flagged: set[int] = set()
    out: list[str] = []
    for path, n in counted:
        text = point_name(path[0])
        for p in path[1:-1]:
            text += f"/{point_name(p)}*"
            flagged.add(p)
        dest = path[-1]
        text += "/" + point_name(dest)
        if dest in struck and dest not in flagged:
            text += "*"
            flagged.add(dest)
        out.append(text + (f"({n})" if n > 1 else ""))
    return " ".join(out)


def format_play_plain(steps: Sequence[Step]) -> str:
    """A play step by step as GNU Backgammon's match export writes it: ``25/22 13/7*``, ``6/0``."""
    struck = {s.to for s in steps if s.hit}
    out = []
    seen: set[int] = set()
    for s in sorted(steps, key=lambda s: -s.frm):  # gnubg's order: the farthest man first
        text = f"{s.frm}/{s.to}"
        if s.to in struck and s.to not in seen:
            text += "*"
            seen.add(s.to)
        out.append(text)
    return " ".join(out)


# --------------------------------------------------------------------------
# GNU Backgammon position and match IDs


def _pack(bits: list[int], nbytes: int) -> bytes:
    data = bytearray(nbytes)
    for i, bit in enumerate(bits):
        if bit:
            data[i >> 3] |= 1 << (i & 7)
    return bytes(data)


def position_id(position: Position, on_roll: int | None = None) -> str:
    """GNU Backgammon's position ID (14 characters) with ``on_roll`` (default: the side on roll) to play.

    The key lists, for the adversary and then the player on roll, each point
    1-24 and the bar in that player's own frame as a run of 1-bits (one per
    man) closed by a 0-bit; 80 bits, little-endian, in base 64.
    """
    side = position.turn if on_roll is None else on_roll
    bits: list[int] = []
    for who in (1 - side, side):
        men = position.men[who]
        for p in range(1, 26):
            bits.extend([1] * men[p])
            bits.append(0)
    return base64.b64encode(_pack(bits, 10)).decode("ascii")[:14]


def position_from_id(pid: str) -> tuple[list[int], list[int]]:
    """The two sides' men (adversary first, then the player on roll) from a position ID.

    Raises ``ValueError`` naming what was expected when ``pid`` is not one.
    """
    if len(pid) != 14:
        raise ValueError(f"a GNU Backgammon position ID has 14 characters, not {len(pid)}: {pid!r}")
    try:
        data = base64.b64decode(pid + "==", validate=True)
    except ValueError as exc:
        raise ValueError(f"not a GNU Backgammon position ID (base 64 expected): {pid!r}") from exc
    bits = [(data[i >> 3] >> (i & 7)) & 1 for i in range(80)]
    sides: list[list[int]] = [[0] * 26, [0] * 26]
    who, p, i = 0, 1, 0
    while who < 2 and i < 80:
        if bits[i]:
            sides[who][p] += 1
        else:
            p += 1
            if p == 26:
                who, p = who + 1, 1
        i += 1
    for men in sides:
        total = sum(men[1:])
        if total > MEN:
            raise ValueError(f"position ID {pid!r} puts {total} men on one side (15 at most)")
        men[OFF] = MEN - total
    return sides[0], sides[1]


def position_from_gnubg_id(pid: str, turn: int = 0, variant: str = "standard") -> Position:
    """A position from a position ID, with side ``turn`` on roll."""
    theirs, mine = position_from_id(pid)
    men = [mine, theirs] if turn == 0 else [theirs, mine]
    return Position(men, turn, variant)


@dataclass
class MatchState:
    """What GNU Backgammon's match ID holds besides the board."""

    length: int = 0
    score: tuple[int, int] = (0, 0)
    cube: int = 1
    owner: int | None = None  # None: centred
    crawford: bool = False
    on_roll: int = 0
    turn: int | None = None  # who must act (differs from on_roll while a double is offered)
    doubled: bool = False
    resigned: int = 0
    dice: tuple[int, int] = (0, 0)
    state: int = 1  # 0 no game, 1 playing, 2 over, 3 resigned, 4 dropped
    jacoby: bool = False


def match_id(m: MatchState) -> str:
    """GNU Backgammon's match ID (12 characters): cube, owner, turn, dice, match length, score, Jacoby flag."""
    fields = [
        (m.cube.bit_length() - 1, 4),
        (3 if m.owner is None else m.owner, 2),
        (m.on_roll, 1),
        (int(m.crawford), 1),
        (m.state, 3),
        (m.on_roll if m.turn is None else m.turn, 1),
        (int(m.doubled), 1),
        (m.resigned, 2),
        (m.dice[0], 3),
        (m.dice[1], 3),
        (m.length, 15),
        (m.score[0], 15),
        (m.score[1], 15),
        (int(m.jacoby), 1),
    ]
    bits: list[int] = []
    for value, width in fields:
        bits.extend((value >> k) & 1 for k in range(width))
    return base64.b64encode(_pack(bits, 9)).decode("ascii")


def read_match_id(mid: str) -> MatchState:
    """A :class:`MatchState` from a 12-character match ID; ``ValueError`` if it is not one."""
    if len(mid) != 12:
        raise ValueError(f"a GNU Backgammon match ID has 12 characters, not {len(mid)}: {mid!r}")
    try:
        data = base64.b64decode(mid, validate=True)
    except ValueError as exc:
        raise ValueError(f"not a GNU Backgammon match ID (base 64 expected): {mid!r}") from exc
    bits = [(data[i >> 3] >> (i & 7)) & 1 for i in range(72)]
    at = 0

    def take(width: int) -> int:
        nonlocal at
        value = sum(bits[at + k] << k for k in range(width))
        at += width
        return value

    cube = 1 << take(4)
    owner = take(2)
    on_roll = take(1)
    crawford = bool(take(1))
    state = take(3)
    turn = take(1)
    doubled = bool(take(1))
    resigned = take(2)
    dice = (take(3), take(3))
    length = take(15)
    score = (take(15), take(15))
    jacoby = bool(take(1))
    return MatchState(length, score, cube, None if owner == 3 else owner, crawford, on_roll, turn,
                      doubled, resigned, dice, state, jacoby)


# --------------------------------------------------------------------------
# Random legal games (seeded dice): for round trips, benchmarks and examples


def random_game(rng, first: int | None = None, cube: bool = True, max_turns: int = 400
                ) -> list[tuple[int, str, object]]:
    """A random legal game as ``(side, kind, payload)`` actions.

    ``kind`` is ``roll`` (payload: ``(dice, steps, position before)``),
    ``double``, ``take``, ``drop``, ``resign`` or ``win`` (payload: points).
    ``rng`` is a :class:`random.Random`; the same seed gives the same game.
    """
    side = rng.randrange(2) if first is None else first
    pos = Position.initial(turn=side)
    actions: list[tuple[int, str, object]] = []
    value, owner = 1, None
    for turn in range(max_turns):
        pos.turn = side
        if cube and turn > 4 and (owner is None or owner == side) and value < 8 and rng.random() < 0.04:
            actions.append((side, "double", value * 2))
            if rng.random() < 0.3:
                actions.append((1 - side, "drop", None))
                actions.append((side, "win", value))
                return actions
            actions.append((1 - side, "take", None))
            value, owner = value * 2, 1 - side
        if turn > 30 and rng.random() < 0.01:
            actions.append((side, "resign", None))
            actions.append((1 - side, "win", value))
            return actions
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        plays = legal_plays(pos, dice_list(*dice))
        play = rng.choice(plays) if plays else ()
        actions.append((side, "roll", (dice, play, pos.copy())))
        for step in play:
            pos.apply(step)
        winner = pos.winner()
        if winner is not None:
            actions.append((winner, "win", value * pos.win_kind(winner)))
            return actions
        side = 1 - side
    return actions


def standard_text(actions: list[tuple[int, str, object]], names: tuple[str, str] = ("Black", "White")) -> str:
    """A random game's actions in standard notation, one labelled action per line."""
    lines = []
    for side, kind, payload in actions:
        if kind == "roll":
            dice, play, _ = cast(tuple[tuple[int, int], list[Step], Any], payload)
            lines.append(f"{names[side]} {dice[0]}{dice[1]}: {format_play(play)}".rstrip())
        elif kind == "double":
            lines.append(f"{names[side]} Doubles => {payload}")
        elif kind == "win":
            lines.append(f"{names[side]} Wins {payload} point{'s' if payload != 1 else ''}")
        else:
            lines.append(f"{names[side]} {kind.title()}s")
    return "\n".join(lines) + "\n"
