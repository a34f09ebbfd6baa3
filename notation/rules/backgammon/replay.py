"""Backgammon: replay printed plays under the laws of the seed, write them back, draw positions.

The family reads three notations (``standard`` move notation, ``mat`` match
files, the ``book``'s words), all giving the same printed actions
(:mod:`notation.parse.backgammon_common`). Replay turns each printed play
into single-die steps on the board (:mod:`notation.boards.backgammon`),
checks them against the laws, and reports what is wrong with the legal plays
nearest the printed one. Positions are keyed by GNU Backgammon's IDs,
``positionID:matchID``, so a user can paste them into gnubg.

Variants (tag ``[Variant]``): ``english`` (gammons and backgammons count; the
default, and what match play uses), ``american`` (every game a single game),
``russian`` (the seed's Russian backgammon).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace

from notation.boards.backgammon import (
    BAR,
    OFF,
    IllegalStep,
    MatchState,
    Position,
    Step,
    can_play,
    format_play,
    legal_plays,
    match_id,
    most_steps,
    play_steps,
    position_from_gnubg_id,
    position_id,
    read_match_id,
)
from notation.details.backgammon import BackgammonExtra, BackgammonGameDetail, BackgammonMoveDetail, Match
from notation.diagnostics import Code
from notation.model import (
    Claim,
    Game,
    Move,
    ParsedRecord,
    PrintedMove,
    Record,
    TagError,
    Variation,
)
from notation.parse.backgammon_common import Action, Segment, is_game_value
from notation.rules.backgammon.notations import NOTATIONS
from notation.rules.kit import report

ON_OFF = ("on", "off", "yes", "no", "true", "false")
VARIANTS = {"english": "english", "standard": "english", "american": "american", "russian": "russian",
            "match": "english"}
KIND_NAMES = {1: "single", 2: "gammon", 3: "backgammon"}
DEFAULT_NAMES = ("Black", "White")
#: A repaired play is chosen among this many nearest legal plays ...
REPAIR_CANDIDATES = 3
#: ... by how many of the next printed throws read legally after it (at most this many are tried).
LOOKAHEAD = 16


# --------------------------------------------------------------------------
# Reading a printed play on the board


@dataclass
class Reading:
    """How a printed play was read: the steps, the dice left over, what went wrong."""

    steps: list[Step]
    unused: list[int]


def _legs(segments: Sequence[Segment]) -> list[tuple[int, int, bool]]:
    """Each printed move cut at its printed points: ``13/7*/5`` -> (13, 7, hit), (7, 5)."""
    legs = []
    for seg in segments:
        for _ in range(seg.count):
            for i in range(len(seg.path) - 1):
                legs.append((seg.path[i], seg.path[i + 1], seg.hits[i]))
    return legs


def read_play(pos: Position, dice: list[int], segments: Sequence[Segment], ordered: bool = False,
              entering_only: bool = False) -> tuple[list[Reading], list[IllegalStep]]:
    """Every way the printed ``segments`` can be made of single-die steps that the laws allow.

    A leg may take several dice (``24/14`` with six-four), in any order the
    board allows; ``ordered`` makes the dice go in the order given, any passed
    over being lost (Russian doublets: the upper faces before the opposite ones). Returns the readings
    and, when there is none, the laws the attempts broke.
    """
    legs = _legs(segments)
    readings: list[Reading] = []
    problems: list[IllegalStep] = []
    work = pos.copy()
    seen: set[tuple] = set()

    def walk(legs_left: list[tuple[int, int, bool]], dice_left: list[int], steps: list[Step],
             skipped: tuple[int, ...] = ()) -> None:
        if len(readings) > 200:
            return
        if not legs_left:
            key = (work.key(), tuple(dice_left), skipped)
            if key not in seen:
                seen.add(key)
                readings.append(Reading(list(steps), list(skipped) + list(dice_left)))
            return
        tried_legs: set[tuple[int, int]] = set()
        for i, (frm, to, hit) in enumerate(legs_left):
            if (frm, to) in tried_legs:
                continue
            tried_legs.add((frm, to))
            tried_dice: set[int] = set()
            for j, die in enumerate(dice_left):
                if die in tried_dice:
                    continue
                tried_dice.add(die)
                if to > OFF and die > frm - to:
                    continue
                try:
                    step = work.check_step(frm, die, entering_only)
                except IllegalStep as exc:
                    problems.append(exc)
                    continue
                from_waiting = frm == BAR and not work.men[work.turn][BAR]
                work.apply(step)
                steps.append(step)
                rest = legs_left[:i] + legs_left[i + 1:]
                if step.to != to:
                    rest = [(step.to, to, hit)] + rest
                if ordered:
                    # Dice go in their order; those passed over are not played.
                    walk(rest, dice_left[j + 1:], steps, skipped + tuple(dice_left[:j]))
                else:
                    walk(rest, dice_left[:j] + dice_left[j + 1:], steps, skipped)
                steps.pop()
                work.undo(step, from_waiting)

    walk(legs, list(dice), [])
    if not readings and not problems and legs:
        problems.append(IllegalStep("wrong-dice", "the printed moves cannot be made with these dice"))
    return readings, problems


def _chains(pairs: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """Moves of one man joined: (13, 7), (7, 5) -> (13, 5); as GNU Backgammon joins them."""
    paths = [list(p) for p in sorted(pairs, key=lambda p: (-p[0], -p[1]))]
    alive = [True] * len(paths)
    for i in range(len(paths)):
        for j in range(i + 1, len(paths)):
            if alive[i] and alive[j] and paths[i][1] == paths[j][0] and paths[i][1] != OFF:
                paths[i][1] = paths[j][1]
                alive[j] = False
    return [tuple(p) for p, a in zip(paths, alive) if a]  # type: ignore[misc]


def distance(printed: Sequence[Segment], steps: Sequence[Step]) -> tuple[int, int]:
    """How far a legal play is from the printed one: moves not shared, then points apart."""
    a = _chains([(s.frm, s.to) for s in _flat(printed)])
    b = _chains([(s.frm, s.to) for s in steps])
    rest_b = list(b)
    unmatched_a = []
    for m in a:
        if m in rest_b:
            rest_b.remove(m)
        else:
            unmatched_a.append(m)
    far = 0
    pool = list(rest_b)
    for m in unmatched_a:
        if not pool:
            far += 25
            continue
        best = min(pool, key=lambda n: abs(n[0] - m[0]) + abs(n[1] - m[1]))
        far += abs(best[0] - m[0]) + abs(best[1] - m[1])
        pool.remove(best)
    far += 25 * len(pool)
    return len(unmatched_a) + len(rest_b), far


class _Flat:
    def __init__(self, frm: int, to: int) -> None:
        self.frm, self.to = frm, to


def _flat(segments: Sequence[Segment]) -> list[_Flat]:
    return [_Flat(seg.frm, seg.to) for seg in segments for _ in range(seg.count)]


def does(pos: Position, steps: Sequence[Step], effect: tuple) -> bool:
    """Whether a play does what a book's words say of it (:attr:`Action.effects`), in the mover's numbering."""
    kind = effect[0]
    if kind == "hit":
        return any(s.hit for s in steps)
    if kind == "make":  # the point is made: two men or more on it after the play, and not before
        me, point = pos.turn, effect[1]
        return pos.men[me][point] < 2 <= play_steps(pos, steps).men[me][point]
    if kind == "off":  # so many men borne off, from the points the dice allow
        return sum(1 for s in steps if s.to == OFF) == effect[1]
    # A back man run: a man from the adversary's table (the mover's 19-24, or the bar) out of it (to the point).
    return any(frm >= 19 and to <= 18 and (effect[1] is None or to == effect[1])
               for frm, to in _chains([(s.frm, s.to) for s in steps]))


def plays_doing(pos: Position, dice: list[int], action: Action) -> tuple[list[tuple[Step, ...]], list[tuple[Step, ...]]]:
    """The legal plays of ``dice`` that keep the men ``action`` prints, and of those the ones that do what its
    words say (:attr:`Action.effects`)."""
    plays = legal_plays(pos, dice)
    if action.segments:
        # The men printed beside the words ("enters on the trey point and makes his five point") are kept.
        ends: set[tuple] = set()
        for reading in read_play(pos, dice, action.segments)[0]:
            after = play_steps(pos, reading.steps)
            rest = legal_plays(after, reading.unused) if reading.unused else []
            ends.update(play_steps(after, r).key() for r in rest or [()])
        plays = [p for p in plays if play_steps(pos, p).key() in ends]
    return plays, [p for p in plays if all(does(pos, p, effect) for effect in action.effects)]


def law12(pos: Position, dice: list[int], steps: Sequence[Step], russian_double: bool = False
      ) -> tuple[Code, str] | None:
    """Law 12: both dice (all four for doublets) when possible, else the larger.

    Returns ``None`` when the play keeps the law, else ``(code, message)``.
    ``russian_double``: the dice are four upper faces then four opposite ones.
    """
    if russian_double:
        up, opposite = dice[0], dice[-1]
        k1 = sum(1 for s in steps if s.die == up)
        k2 = len(steps) - k1
        plays1 = legal_plays(pos, [up] * 4)
        max1 = len(plays1[0]) if plays1 else 0
        if k1 < max1:
            return "unused-die", f"{max1} of the four upper faces can be played, only {k1} are"
        if k1 < 4 and k2:
            return "opposites-lost", ("the upper faces were not all played, so the opposite faces "
                                      "and the second throw are lost")
        if k1 == 4:
            after = play_steps(pos, steps[:4])
            plays2 = legal_plays(after, [opposite] * 4)
            max2 = len(plays2[0]) if plays2 else 0
            if k2 < max2:
                return "unused-die", f"{max2} of the four opposite faces can be played, only {k2} are"
        return None
    if len(steps) == len(dice):
        return None
    most = most_steps(pos, dice)
    if len(steps) < most:
        if most == len(dice) == 2:
            return "unused-die", "Law 12: both dice can be played, so both must be"
        if len(dice) == 4:
            return "unused-die", f"Law 12: {most} of the four can be played, only {len(steps)} are"
        return "unused-die", f"Law 12: {most} dice can be played, only {len(steps)} are"
    if len(steps) == 1 and len(dice) == 2 and steps[0].die < max(dice) and can_play(pos, max(dice)):
        try:  # the same move may be made with the larger die (a last man borne off)
            if pos.check_step(steps[0].frm, max(dice)).to == steps[0].to:
                return None
        except IllegalStep:
            pass
        return "larger-die", "Law 12: only one die can be played, so it must be the larger"
    return None
    plays = legal_plays(pos, dice)
    most = len(plays[0]) if plays else 0
    if len(steps) < most:
        if most == len(dice) == 2:
            return "unused-die", "Law 12: both dice can be played, so both must be"
        if len(dice) == 4:
            return "unused-die", f"Law 12: {most} of the four can be played, only {len(steps)} are"
        return "unused-die", f"Law 12: {most} dice can be played, only {len(steps)} are"
    if len(steps) == 1 and len(dice) == 2 and steps[0].die < max(dice) and \
            any(p[0].die == max(dice) for p in plays):
        return "larger-die", "Law 12: only one die can be played, so it must be the larger"
    return None


def check_play(pos: Position, dice: Sequence[int], segments: Sequence[Segment]) -> tuple[bool, str | None]:
    """Whether a printed play is legal for ``dice`` (two, or four equal) on ``pos``; else the law it breaks.

    The test the replay applies to every play: the printed moves must be made
    of single-die steps the laws allow, and Law 12 must be kept. Only a play
    that leaves dice unused needs the legal plays enumerated.
    """
    dice = list(dice)
    readings, problems = read_play(pos, dice, segments)
    if not readings:
        if not segments:
            return most_steps(pos, dice) == 0, "unused-die"
        return False, (problems[0].code if problems else "wrong-dice")
    best = min(readings, key=lambda r: len(r.unused))
    law = law12(pos, dice, best.steps)
    return law is None, (law[0] if law else None)


# --------------------------------------------------------------------------
# The state of a game


def score_tag(record: Record, name: str) -> tuple[int, int] | None:
    """A score tag ``[Score "3-2"]`` (the two players' points); :class:`TagError` for another form."""
    value = record.tag(name)
    if value is None or not value.strip():
        return None
    a, dash, b = value.strip().partition("-")
    if not dash or not a.strip().isdigit() or not b.strip().isdigit():
        raise TagError(name, value, "two whole numbers joined by '-', such as 3-2")
    return int(a), int(b)


@dataclass
class Table:
    """Everything the replay tracks besides the men: cube, score, whose turn, how the game ended."""

    names: tuple[str, str] = DEFAULT_NAMES
    length: int = 0
    score: tuple[int, int] = (0, 0)
    cube: int = 1
    owner: int | None = None
    crawford: bool = False
    doubled_by: int | None = None
    over: bool = False
    winner: int | None = None
    points: int | None = None
    kind: int | None = None
    resigned_by: int | None = None
    started: bool = False
    beavered_by: int | None = None

    def match_state(self, on_roll: int, dice: tuple[int, int] = (0, 0)) -> MatchState:
        state = 2 if self.over and self.resigned_by is None and self.kind else \
            3 if self.resigned_by is not None else 4 if self.over else 1
        return MatchState(self.length, self.score, self.cube, self.owner, self.crawford, on_roll,
                          on_roll if self.doubled_by is None else 1 - self.doubled_by,
                          self.doubled_by is not None, 0, dice, state)


# --------------------------------------------------------------------------
# Replay


def replay(parsed: ParsedRecord) -> Game:
    """Apply the laws to every printed action; diagnostics say where, what is wrong, the nearest legal plays."""
    return _Replay(parsed).run()


class _Replay:
    """One game's replay: walks the printed actions, keeps the board and the table."""

    def __init__(self, parsed: ParsedRecord) -> None:
        self.parsed = parsed
        self.record = parsed.record
        #: The variation being replayed (its id), ``None`` on the main line (set first: a tag's diagnostic uses it).
        self.variation: int | None = None
        tags = self.record
        # English rules (gammons count) unless the record says otherwise; match play counts gammons too.
        variant = (tags.tag("Variant") or "english").lower().split() or ["english"]
        self.variant = VARIANTS.get(variant[0], "english")
        players = BackgammonExtra.of(parsed.extra).players or (tags.tag("Player1") or "Black", tags.tag("Player2") or "White")
        self.table = Table(names=(str(players[0]), str(players[1])))
        self.table.length = tags.tag_int("MatchLength", 0) or 0
        self.table.score = score_tag(tags, "Score") or (0, 0)
        self.table.crawford = tags.tag_choice("Crawford", ("yes", "no"), "no") == "yes"
        # The money-game rules: the Jacoby rule (gammons count only once the cube is turned) and
        # beavers. Off unless the record switches them on; never in match play.
        self.jacoby = tags.tag_choice("Jacoby", ON_OFF, "off") in ("on", "yes", "true") and not self.table.length
        self.beavers = tags.tag_choice("Beavers", ON_OFF, None) or tags.tag_choice("Beaver", ON_OFF, "on")
        self.beavers_allowed = self.beavers in ("on", "yes", "true") and not self.table.length
        #: A result printed after the replay stopped: kept as printed, unchecked.
        self.printed_result: tuple[int, int | None] | None = None
        self.detail = BackgammonGameDetail()
        self.game = Game(record=self.record, family="backgammon", notation=parsed.notation,
                         variant=self.variant, title=tags.named("Title") or self._title(), detail=self.detail)
        if variant[0] not in VARIANTS:
            self.diag(None, None, "variant", f"unknown variant {tags.tag('Variant')!r}: expected English, "
                      "American or Russian; replayed as English", severity="warning")
        self.game.comments = list(parsed.comments)
        self.game.diagnostics.extend(parsed.diagnostics)
        self.pos: Position | None = None
        self.turn: int | None = None
        self.stopped = False
        # [Example "illegal"]: the book prints the play to show what the laws forbid; it is not a misprint.
        self.example = tags.tag_choice("Example", ("illegal",))
        if self.example:
            self.detail.example = self.example

    def _title(self) -> str | None:
        tags = self.record
        if tags.tag("GameNumber"):
            return f"{tags.tag('Player1')} v {tags.tag('Player2')}, game {tags.tag('GameNumber')}"
        return None

    # -- helpers -----------------------------------------------------------

    def where(self, pm: PrintedMove) -> tuple[int, int]:
        return self.record.position(pm.start)

    def diag(self, pm: PrintedMove | None, ply: int | None, code: Code, message: str,
             suggestions: list[str] | None = None, severity: str = "error") -> None:
        at = self.where(pm) if pm is not None else self.record.position(0)
        report(self.game, severity, code, message, at, ply, self.variation, suggestions or [])

    def key(self, on_roll: int) -> str:
        assert self.pos is not None
        pid = position_id(self.pos, on_roll)
        mid = match_id(self.table.match_state(on_roll))
        key = f"{pid}:{mid}"
        if self.variant == "russian":
            key += f":russian:{self.pos.waiting[on_roll]}-{self.pos.waiting[1 - on_roll]}"
        return key

    def start_position(self, first: int) -> None:
        pid = self.record.tag("Position")
        if pid:
            try:
                self.pos = position_from_gnubg_id(pid.split(":")[0], first, self.variant)
                if ":" in pid:
                    m = read_match_id(pid.split(":")[1])
                    self.table.cube, self.table.owner = m.cube, m.owner
                    if not self.record.tag("Score"):
                        self.table.score, self.table.length = m.score, m.length
            except ValueError as exc:
                self.diag(None, None, "position", f"[Position] tag: {exc}")
                self.pos = Position.initial(self.variant, first)
        else:
            self.pos = Position.initial(self.variant, first)
        self.pos.turn = first
        if pid and self.variant == "russian":
            self.pos.thrown = [True, True]
        self.game.start = self.key(first)
        self.detail.first = self.table.names[first]

    # -- the walk ----------------------------------------------------------

    def run(self) -> Game:
        self.detail.match = self._match_detail()
        self._score_claim()
        self._walk(self.parsed.line.moves, 1, self.game.moves)
        self._finish()
        return self.game

    def _walk(self, moves: list[PrintedMove], first_ply: int, out: list[Move]) -> None:
        """Replay printed actions from ``first_ply``, the moves made appended to ``out`` (the game's, or a
        variation's); each action's printed alternatives replayed from the position before it."""
        for ply, pm in enumerate(moves, start=first_ply):
            action: Action = pm.fields
            line, column = self.where(pm)
            side = action.side
            if self.pos is None:
                first = side if side is not None else 0
                self.start_position(first)
                self.turn = first
            assert self.pos is not None and self.turn is not None
            if action.kind == "roll" and side is None:
                side = self.turn
            elif side is None:
                side = self._cube_side(action)
            move = Move(ply=ply, side=self.table.names[side], printed=pm.text, normalized=None,
                        line=line, column=column, number=pm.number, comment=pm.comment)
            out.append(move)
            before = self._state() if pm.variations else None
            if self.stopped:
                move.status = "error"
                winner = side if action.kind == "win" else 1 - side
                if action.kind in ("win", "lose") and self.printed_result is None and \
                        not self._bad_score(pm, action, winner, move):
                    self.printed_result = (winner, action.value)
                continue
            if self.table.over and action.kind not in ("win", "lose"):
                self.diag(pm, ply, "after-end", f"'{pm.text}' comes after the game has ended")
                move.status = "error"
                continue
            handler = getattr(self, f"_{action.kind}")
            handler(pm, action, side, move)
            if before is not None:
                self._variations(pm, ply, before)

    def _state(self) -> tuple:
        """What an action changes: the board, whose turn, the table, whether the replay stopped."""
        assert self.pos is not None
        return self.pos.copy(), self.turn, replace(self.table), self.stopped, self.printed_result

    def _restore(self, state: tuple) -> None:
        pos, self.turn, table, self.stopped, self.printed_result = state
        self.pos, self.table = pos.copy(), replace(table)

    def _variations(self, pm: PrintedMove, ply: int, before: tuple) -> None:
        """The author's alternatives to an action ("24/14, or split, 24/18 13/9"): each replayed from the
        position before it, checked as the main line is (its diagnostics name the variation), then the main
        line goes on from where it was."""
        after = self._state()
        parent = self.variation or 0
        for line in pm.variations:
            self._restore(before)
            variation = Variation(len(self.game.variations) + 1, parent, ply, label=line.label, comment=line.comment)
            self.game.variations.append(variation)
            self.variation = variation.id
            self._walk(line.moves, ply, variation.moves)
            self.variation = parent or None
        self._restore(after)

    def _cube_side(self, action: Action) -> int:
        assert self.turn is not None
        if action.kind in ("take", "drop", "beaver"):
            return 1 - self.table.doubled_by if self.table.doubled_by is not None else 1 - self.turn
        if action.kind == "win":
            return self.table.winner if self.table.winner is not None else self.turn
        return self.turn

    def _roll(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        pos = self.pos
        assert pos is not None
        if action.unseen or action.dice is None:
            move.detail = BackgammonMoveDetail("roll", side, unseen=True)
            move.status = "error"
            self.stopped = True
            self.diag(pm, move.ply, "unseen", f"'{pm.text}': the throw or the play was not recorded; the rest of "
                      "this game is kept as printed, unchecked", severity="warning")
            return
        if self.table.doubled_by is not None:
            self.diag(pm, move.ply, "double-unanswered", "a throw before the double was taken or dropped")
            self.table.doubled_by = None
        if side != self.turn:
            if self.table.started and self.turn is not None:
                self.diag(pm, move.ply, "wrong-side",
                          f"{self.table.names[side]} throws, but it is {self.table.names[self.turn]}'s turn")
            self.turn = side
        self.table.started = True
        pos.turn = side
        d1, d2 = action.dice
        russian_double = self.variant == "russian" and d1 == d2 and pos.thrown[side]
        entering_only = self.variant == "russian" and not pos.thrown[side]
        dice = [d1] * 4 + [7 - d1] * 4 if russian_double else [d1] * 4 if d1 == d2 else [d1, d2]
        move.detail = detail = BackgammonMoveDetail("roll", side, dice=[d1, d2])
        if action.effects and not russian_double:
            told = self._told_by_effect(pm, action, move, dice)
            if told is None:
                self.stopped = True
                move.status = "error"
                return
            # The play that does what the words say, read as if its men were printed (its words kept).
            action = Action("roll", action.dice, [Segment((s.frm, s.to), (s.hit,)) for s in told], side=action.side)
        readings, problems = read_play(pos, dice, action.segments, ordered=russian_double,
                                       entering_only=entering_only)
        if self.example and (not readings or law12(pos, dice, min(readings, key=lambda r: len(r.unused)).steps,
                                                     russian_double) is not None):
            self._illegal_example(pm, action, move, dice, problems, readings, russian_double)
            return
        chosen, status, again = self._judge(pm, action, move, dice, readings, problems, russian_double)
        if chosen is None:
            self.stopped = True
            move.status = "error"
            self.diag(pm, move.ply, "replay-stopped",
                      "the replay stops here: no legal play is clearly meant", severity="info")
            return
        for step in chosen:
            pos.apply(step)
        pos.thrown[side] = True
        move.status = status  # type: ignore[assignment]
        if detail.dice_repaired is not None:
            detail.printed_dice = [d1, d2]
            d1, d2 = detail.dice_repaired
            detail.dice = [d1, d2]
        # The play as GNU Backgammon writes it; the throw (higher die first, as gnubg names it) in detail.
        move.normalized = format_play(chosen) or "cannot move"
        detail.throw = f"{max(d1, d2)}{min(d1, d2)}"
        detail.play = format_play(chosen)
        detail.steps = [[s.frm, s.to, s.die, s.hit] for s in chosen]
        detail.hits = [s.to for s in chosen if s.hit]
        detail.dice_used = len(chosen)
        if russian_double:
            detail.again = again
        winner = pos.winner()
        if winner is not None:
            kind = pos.win_kind(winner)
            unturned = self.table.cube == 1 and self.table.owner is None
            counted = 1 if self.variant == "american" or (self.jacoby and unturned) else kind
            t = self.table
            t.over, t.winner, t.kind, t.points = True, winner, kind, t.cube * counted
        next_side = side if (russian_double and again) else 1 - side
        self.turn = next_side
        move.position = self.key(next_side)
        detail.position_id, detail.match_id = move.position.split(":")[:2]
        detail.pips = [pos.pips(0), pos.pips(1)]

    def _told_by_effect(self, pm: PrintedMove, action: Action, move: Move, dice: list[int]) -> list[Step] | None:
        """The legal play of ``dice`` that keeps the men printed and does what the words say (the point named made,
        a back man run out, a blot hit); several: a warning naming them, the one after which most of the next
        throws read; none: an error naming the legal plays, and ``None``."""
        pos = self.pos
        assert pos is not None
        plays, doing = plays_doing(pos, dice, action)
        throw = f"{dice[0]}{dice[-1]}"
        words = pm.text.rstrip(". ")
        if not doing:
            self.diag(pm, move.ply, "effect-impossible", f"no legal play of {throw} does what '{words}' says",
                      [f"{throw}: {format_play(p)}" for p in plays[:3]])
            return None
        if len(doing) == 1:
            return list(doing[0])
        fits = [self._fits_ahead(move.ply, p) for p in doing]
        chosen = doing[fits.index(max(fits))]
        why = "after it the most of the next throws read" if max(fits) > min(fits) else "the first the laws give"
        self.diag(pm, move.ply, "effect-ambiguous",
                  f"'{words}': {len(doing)} legal plays of {throw} do it; read as {format_play(chosen)} ({why})",
                  [f"{throw}: {format_play(p)}" for p in doing], severity="warning")
        return list(chosen)

    def _illegal_example(self, pm: PrintedMove, action: Action, move: Move, dice: list[int],
                         problems: list[IllegalStep], readings: list[Reading], russian_double: bool) -> None:
        """The book's example of a forbidden play: the rule it breaks is named, the play is not made, nothing repaired."""
        pos = self.pos
        assert pos is not None
        if readings:
            law = law12(pos, dice, min(readings, key=lambda r: len(r.unused)).steps, russian_double)
            assert law is not None
            code, message = law
        else:
            code, message = self._explain(action, problems)
        self.diag(pm, move.ply, code, f"the book's example of an illegal play: {message}", severity="info")
        move.status = "example"
        self.stopped = True

    def _judge(self, pm: PrintedMove, action: Action, move: Move, dice: list[int],
               readings: list[Reading], problems: list[IllegalStep], russian_double: bool
               ) -> tuple[list[Step] | None, str, bool]:
        """Choose the reading of a printed play and say what is wrong with it (the laws, Law 12 last)."""
        pos = self.pos
        assert pos is not None
        printed_hits = {seg.path[i + 1] for seg in action.segments for i, h in enumerate(seg.hits) if h}
        notation = NOTATIONS[self.parsed.notation]
        for seg in action.segments:
            if seg.distance is not None and seg.to != OFF and seg.frm - seg.to != seg.distance:
                self.diag(pm, move.ply, "wrong-distance",
                          f"from {25 - seg.frm} to {25 - seg.to} is {seg.frm - seg.to} points, not {seg.distance}",
                          severity="warning")
        if readings:
            def rank(r: Reading) -> tuple[int, int]:
                actual = {s.to for s in r.steps if s.hit}
                return len(r.unused), len(actual ^ printed_hits)
            reading = min(readings, key=rank)
            law = self._law12(pos, dice, reading.steps, russian_double)
            again = russian_double and len(reading.steps) == 8
            status = "ok"
            actual_hits = {s.to for s in reading.steps if s.hit}
            for p in sorted(printed_hits - actual_hits):
                self.diag(pm, move.ply, "hit-not-blot",
                          f"a hit is printed on {p}, but no blot stands there to be taken up",
                          [f"{pm.fields.dice[0]}{pm.fields.dice[1]}: {format_play(reading.steps)}"])
                status = "repaired"
            for p in sorted(actual_hits - printed_hits):
                self.diag(pm, move.ply, "unmarked-hit", f"the play takes up a blot on {p}; the text does not say so",
                          severity="warning" if notation.marks_hits else "info")
            if law is None:
                return reading.steps, status, again
            code, message = law
            suggestions = self._nearest(action, dice, russian_double)
            self.diag(pm, move.ply, code, message, [s for s, _ in suggestions[:3]])
            # The play was made as printed: it stands (Law 9) but is marked as an error.
            return reading.steps, "error", again
        # No reading: name the law the printed play breaks.
        code, message = self._explain(action, problems)
        suggestions = self._nearest(action, dice, russian_double)
        other = self._other_dice(action, dice)
        texts = [s for s, _ in suggestions[:3]] + other
        self.diag(pm, move.ply, code, message, texts)
        if not suggestions:
            if not action.segments:
                return [], "ok", False
            return None, "error", False
        best = suggestions[0][1]
        scores = [distance(action.segments, steps) for _, steps in suggestions[:2]]
        unique = len(scores) == 1 or scores[0] < scores[1]
        if not russian_double:
            # Of the near plays and the plays as printed with another throw, the one the game goes on
            # from: after it, the most of the next printed throws read legally.
            candidates: list[tuple[list[Step], tuple[int, int] | None]] = [
                (list(steps), None) for _, steps in suggestions[:REPAIR_CANDIDATES]
                if distance(action.segments, steps)[0] <= 2]
            for text in other:
                d1, d2 = int(text[0]), int(text[1])
                readings, _ = read_play(pos, [d1] * 4 if d1 == d2 else [d1, d2], action.segments)
                candidates.append((readings[0].steps, (d1, d2)))
            fits = [self._fits_ahead(move.ply, steps) for steps, _ in candidates]
            if len(candidates) > 1 and max(fits) > min(fits):
                steps, throw = candidates[fits.index(max(fits))]
                self.diag(pm, move.ply, "repair-ahead",
                          f"read as {f'{throw[0]}{throw[1]}: ' if throw else ''}{format_play(steps)}: "
                          f"after it the next {max(fits)} printed throws read legally, more than after "
                          "the other near plays", severity="info")
                if throw is not None:
                    BackgammonMoveDetail.of(move.detail).dice_repaired = list(throw)
                return steps, "repaired", False
        if unique and scores[0][0] <= 2:
            return list(best), "repaired", russian_double and len(best) == 8
        if len(other) == 1 and not russian_double:
            # The play is right for one other throw and for no near play of this one: the dice are the misprint.
            d1, d2 = int(other[0][0]), int(other[0][1])
            readings, _ = read_play(pos, [d1] * 4 if d1 == d2 else [d1, d2], action.segments)
            BackgammonMoveDetail.of(move.detail).dice_repaired = [d1, d2]
            return readings[0].steps, "repaired", False
        if unique:
            return list(best), "error", russian_double and len(best) == 8
        return None, "error", False

    def _fits_ahead(self, ply: int, steps: Sequence[Step]) -> int:
        """How many of the next printed throws (up to :data:`LOOKAHEAD`) read legally after ``steps``."""
        assert self.pos is not None
        pos = self.pos.copy()
        for step in steps:
            pos.apply(step)
        side = pos.turn
        fits = 0
        for pm in self.parsed.line.moves[ply:]:
            action: Action = pm.fields
            if action.kind in ("win", "lose", "resign", "drop"):
                break
            if action.kind != "roll":
                continue
            if action.unseen or action.dice is None or fits == LOOKAHEAD:
                break
            side = 1 - side if action.side is None else action.side
            pos.turn = side
            d1, d2 = action.dice
            dice = [d1] * 4 if d1 == d2 else [d1, d2]
            if action.effects:  # a play told by what it does: the first legal play that does it
                doing = plays_doing(pos, dice, action)[1]
                if not doing:
                    break
                for step in doing[0]:
                    pos.apply(step)
                fits += 1
                continue
            readings, _ = read_play(pos, dice, action.segments)
            if not readings:
                break
            reading = min(readings, key=lambda r: len(r.unused))
            if law12(pos, dice, reading.steps) is not None:
                break
            for step in reading.steps:
                pos.apply(step)
            fits += 1
        return fits

    def _law12(self, pos: Position, dice: list[int], steps: list[Step], russian_double: bool
               ) -> tuple[Code, str] | None:
        return law12(pos, dice, steps, russian_double)

    def _explain(self, action: Action, problems: list[IllegalStep]) -> tuple[Code, str]:
        if not action.segments:
            return "unused-die", "no play is printed, but the throw can be played"
        order: list[Code] = ["bear-off-early", "bear-off-higher", "blocked-point", "bar-first", "first-throw",
                             "no-man", "wrong-dice"]
        for code in order:
            found = [p for p in problems if p.code == code]
            if found:
                messages = list(dict.fromkeys(str(p) for p in found))
                return code, "; ".join(messages)
        return "wrong-dice", "the printed moves do not fit the dice thrown"

    def _nearest(self, action: Action, dice: list[int], russian_double: bool
                 ) -> list[tuple[str, tuple[Step, ...]]]:
        """The legal plays nearest the printed one, best first, as ``64: 24/18 13/9`` texts."""
        pos = self.pos
        assert pos is not None
        if russian_double:
            plays = []
            for first in legal_plays(pos, dice[:4])[:30]:
                if len(first) < 4:
                    plays.append(first)
                    continue
                rest = legal_plays(play_steps(pos, first), dice[4:])
                plays.extend(first + second for second in rest[:30]) if rest else plays.append(first)
        else:
            plays = legal_plays(pos, dice)
        plays.sort(key=lambda p: distance(action.segments, p))
        d = f"{dice[0]}{dice[-1] if not russian_double else dice[0]}: "
        return [(d + format_play(p), p) for p in plays]

    def _other_dice(self, action: Action, dice: list[int]) -> list[str]:
        """When the printed play is legal with another throw, the dice may be the misprint."""
        if not action.segments:
            return []
        pos = self.pos
        assert pos is not None
        out = []
        for a in range(6, 0, -1):
            for b in range(a, 0, -1):
                other = [a] * 4 if a == b else [a, b]
                if sorted(other) == sorted(dice):
                    continue
                readings, _ = read_play(pos, other, action.segments)
                for r in readings:
                    if not r.unused and self._law12(pos, other, r.steps, False) is None:
                        out.append(f"{a}{b}: {format_play(r.steps)}")
                        break
        return out[:2]

    def _double(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        t = self.table
        move.detail = BackgammonMoveDetail("double", side)
        offered = t.cube * 2
        self._cube_value(pm, move, action, offered, "the cube goes to")
        if t.crawford:
            self.diag(pm, move.ply, "crawford-double", "no doubling in the Crawford game")
            move.status = "error"
        elif t.owner is not None and t.owner != side:
            self.diag(pm, move.ply, "cube-owner", f"{t.names[side]} doubles, but {t.names[t.owner]} owns the cube")
            move.status = "error"
        t.doubled_by = side
        move.normalized = f"Doubles => {offered}"
        move.position = self.key(side)
        BackgammonMoveDetail.of(move.detail).match_id = move.position.split(":")[1]

    def _take(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        t = self.table
        move.detail = BackgammonMoveDetail("take", side)
        if t.doubled_by is None:
            self.diag(pm, move.ply, "no-double", "a take with no double offered")
            move.status = "error"
            return
        t.cube *= 2
        t.owner = 1 - t.doubled_by
        t.doubled_by = None
        move.normalized = "Takes"
        assert self.turn is not None
        move.position = self.key(self.turn)

    def _drop(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        t = self.table
        move.detail = BackgammonMoveDetail("drop", side)
        if t.doubled_by is None:
            self.diag(pm, move.ply, "no-double", "a drop with no double offered")
            move.status = "error"
            return
        t.over, t.winner, t.points, t.kind = True, t.doubled_by, t.cube, None
        t.doubled_by = None
        move.normalized = "Drops"

    def _resign(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        t = self.table
        move.detail = BackgammonMoveDetail("resign", side)
        t.over, t.winner, t.resigned_by, t.kind = True, 1 - side, side, None
        move.normalized = "Resigns"
        if action.value is not None:
            worth = [t.cube * k for k in (1, 2, 3)]
            if action.value in worth:
                t.points, t.kind = action.value, worth.index(action.value) + 1
                move.normalized = f"Resigns {action.value} point{'s' if action.value != 1 else ''}"
            else:
                self.diag(pm, move.ply, "resign-value", f"a resignation is worth {', '.join(map(str, worth))} "
                          f"points with the cube at {t.cube}, not {action.value}")
                move.status = "error"

    def _cube_value(self, pm: PrintedMove, move: Move, action: Action, value: int, what: str) -> None:
        """The cube's printed value (``Doubles => 2``, ``Beavers => 4``) as a claim, checked against the rules."""
        if action.value is None:
            return
        self.game.claims.append(Claim(move.ply, "cube", str(action.value), str(value), move.line, move.column))
        if action.value != value:
            self.diag(pm, move.ply, "cube-value", f"{what} {value}, not {action.value}")

    def _beaver(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        """A beaver: the player doubled takes and at once redoubles, keeping the cube (money play)."""
        t = self.table
        move.detail = BackgammonMoveDetail("beaver", side)
        if t.doubled_by is None or t.doubled_by == side:
            self.diag(pm, move.ply, "no-double", "a beaver with no double offered to this player")
            move.status = "error"
            return
        if not self.beavers_allowed:
            why = "match play" if t.length else "this game ([Beavers \"off\"])"
            self.diag(pm, move.ply, "beaver-not-allowed", f"beavers are not allowed in {why}; "
                      "the beaver is replayed as printed")
            move.status = "error"
        value = t.cube * 4
        self._cube_value(pm, move, action, value, "a beaver puts the cube on")
        t.cube, t.owner, t.doubled_by = value, side, None
        t.beavered_by = side
        move.normalized = f"Beavers => {value}"

    def _raccoon(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        """A raccoon: the first doubler answers a beaver by redoubling again, keeping the cube."""
        t = self.table
        move.detail = BackgammonMoveDetail("raccoon", side)
        if t.beavered_by is None or t.beavered_by == side:
            self.diag(pm, move.ply, "no-beaver", "a raccoon answers a beaver, and none was made")
            move.status = "error"
            return
        value = t.cube * 2
        self._cube_value(pm, move, action, value, "a raccoon puts the cube on")
        t.cube, t.owner, t.beavered_by = value, side, None
        move.normalized = f"Raccoons => {value}"

    def _lose(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        """``Losses N points`` in the loser's column: the other player wins them."""
        self._win(pm, Action("win", value=action.value, side=1 - side), 1 - side, move)

    def _needed(self, side: int) -> int | None:
        """The points ``side`` needs to win the match (``None`` in money play)."""
        return self.table.length - self.table.score[side] if self.table.length else None

    def _bad_score(self, pm: PrintedMove, action: Action, side: int, move: Move) -> bool:
        """A win of points no game is worth, nor the match needs, is an error (and is not taken)."""
        value = action.value
        if value is None or is_game_value(value) or value == self._needed(side):
            return False
        needed = self._needed(side)
        self.diag(pm, move.ply, "bad-score", f"'{pm.text}': no game is worth {value} points (the cube, 1, 2, "
                  "4 ..., times 1, 2 or 3)" + (f", and {self.table.names[side]} needed {needed} to win the "
                                               "match" if needed is not None else ""))
        move.status = "error"
        return True

    def _win(self, pm: PrintedMove, action: Action, side: int, move: Move) -> None:
        t = self.table
        move.detail = BackgammonMoveDetail("win", side)
        if self._bad_score(pm, action, side, move):
            if not t.over:
                return
            action = Action("win", side=action.side)  # the game's end is still checked, not the number
        if not t.over:
            value = action.value
            if value is not None and t.cube and value % t.cube == 0 and value // t.cube in (1, 2, 3):
                # "Wins N points" with the game unfinished: the loser resigned (GNU Backgammon writes no "Resigns").
                t.over, t.winner, t.resigned_by, t.points = True, side, 1 - side, action.value
                t.kind = value // t.cube
                BackgammonMoveDetail.of(move.detail).resigned = True
            elif value is not None and (action.match or value == self._needed(side)):
                # A resignation that wins the match, written (as BackgammonGalaxy does) with the points the
                # match needed, not the game's value. Its kind as GNU Backgammon's "import mat" reads it:
                # a single game up to the cube, a gammon up to twice the cube, else a backgammon.
                t.kind = 1 if value <= t.cube else 2 if value <= 2 * t.cube else 3
                t.over, t.winner, t.resigned_by, t.points = True, side, 1 - side, t.kind * t.cube
                BackgammonMoveDetail.of(move.detail).resigned = True
            else:
                self.diag(pm, move.ply, "not-over", f"{t.names[side]} is said to win, but the game is not over")
                move.status = "error"
                return
        if t.resigned_by is not None and t.points is None:
            # A resignation is worth a single game, a gammon or a backgammon, times the cube.
            worth = [t.cube * k for k in (1, 2, 3)]
            if action.value in worth:
                t.points, t.kind = action.value, worth.index(action.value) + 1
            else:
                t.points = t.cube
        if t.winner is not None and t.winner != side:
            self.diag(pm, move.ply, "wrong-winner", f"{t.names[side]} is said to win, but {t.names[t.winner]} won")
            move.status = "error"
        if action.value is not None:
            self.game.claims.append(Claim(move.ply, "points", str(action.value), str(t.points), move.line,
                                          move.column))
            points = t.points if t.points is not None else 0
            for_match = action.value == self._needed(side)  # what the winner needed for the match
            if for_match and action.value < points:
                self.diag(pm, move.ply, "points-capped",
                          f"the game is worth {t.points} points; the text credits {action.value}, what "
                          f"{t.names[side]} needed to win the match (the convention of programs that write the "
                          "points credited, capped at the match length; GNU Backgammon writes the game's value)",
                          severity="warning")
            elif for_match and t.resigned_by is not None and action.value > points:
                self.diag(pm, move.ply, "match-resigned",
                          f"the text credits {action.value}, what {t.names[side]} needed to win the match, more "
                          f"than a resignation is worth with the cube at {t.cube} ({t.points}): the match was "
                          "resigned", severity="warning")
            elif t.points != action.value:
                self.diag(pm, move.ply, "points", f"the game is worth {t.points} points, not {action.value}")
        if action.what is not None:
            actual = KIND_NAMES.get(t.kind or 1, "single")
            if self.variant == "american" and t.kind:
                actual = "single"
            self.game.claims.append(Claim(move.ply, "result", action.what, actual, move.line, move.column))
            if action.what != actual:
                self.diag(pm, move.ply, "result", f"the game ends in a {actual}, not a {action.what}")
        move.normalized = f"Wins {t.points} point{'s' if t.points != 1 else ''}"

    def _score_claim(self) -> None:
        printed, summed = self.record.tag("Score"), self.record.tag("ScoreFromWins")
        if printed and summed and self.record.tag("GameNumber") == "1" and printed != "0-0":
            self.diag(None, None, "resumed-match", f"the match file begins at {printed}, not 0-0: a resumed "
                      "match, read from that score", severity="info")
        if printed and summed:
            self.game.claims.append(Claim(None, "score", printed, summed))
            if printed != summed:
                self.diag(None, None, "score",
                          f"the score line says {printed}, the earlier games' wins add up to {summed}")

    def _match_detail(self) -> Match:
        tags = self.record
        return {"key": tags.tag("MatchKey"), "length": self.table.length,
                "game": tags.tag_int("GameNumber", 1, minimum=1), "players": list(self.table.names),
                "score": list(self.table.score), "crawford": self.table.crawford}

    def _finish(self) -> None:
        t = self.table
        g = self.game
        if self.example and not any(m.status == "example" for m in g.moves):
            self.diag(None, None, "example-legal",
                      "the record is marked [Example \"illegal\"], but every play in it is legal", severity="warning")
        if t.over and t.winner is not None and t.points is None:
            t.points = t.cube  # a resignation with no value said: a single game
        detail = self.detail
        if BackgammonExtra.of(self.parsed.extra).unchecked_from is not None:
            detail.unchecked = True
        if not t.over and self.printed_result is not None:
            winner, points = self.printed_result
            g.result = f"{t.names[winner]} wins {points} point{'s' if points != 1 else ''} (as printed, unchecked)"
            detail.winner, detail.points, detail.how = t.names[winner], points, "as printed, unchecked"
        if t.over and t.winner is not None:
            how = KIND_NAMES.get(t.kind or 1, "single") if t.kind and t.resigned_by is None else \
                "resignation" if t.resigned_by is not None else "drop"
            g.result = f"{t.names[t.winner]} wins {t.points} point{'s' if t.points != 1 else ''}"
            detail.winner, detail.points, detail.how = t.names[t.winner], t.points, how
        detail.cube = t.cube
