"""Writing replayed backgammon games: match files GNU Backgammon imports, standard notation, the book's words."""

from __future__ import annotations

import re

from notation.boards.backgammon import BAR, OFF, Step, format_play, format_play_plain
from notation.details.backgammon import BackgammonGameDetail, BackgammonMoveDetail, Match
from notation.model import Game, Move

FACE = {1: "ace", 2: "deuce", 3: "trey", 4: "four", 5: "five", 6: "six"}
COUNT = {1: "a man", 2: "two men", 3: "three men", 4: "four men"}


def _detail(move: Move) -> BackgammonMoveDetail:
    return BackgammonMoveDetail.of(move.detail)


def _match(game: Game) -> Match | None:
    return BackgammonGameDetail.of(game.detail).match


def _dice(move: Move) -> list[int]:
    return _detail(move).dice or [0, 0]


def _steps(move: Move) -> list[Step]:
    return [Step(f, t, d, bool(h)) for f, t, d, h in _detail(move).steps or []]


def _side(game: Game, move: Move) -> int:
    return _detail(move).side or 0


def _names(game: Game) -> list[str]:
    match = _match(game)
    return list(match and match["players"] or ["Black", "White"])


def _mat_text(move: Move) -> str:
    kind = _detail(move).kind
    if kind == "roll":
        d1, d2 = _dice(move)
        return f"{d1}{d2}: {format_play_plain(_steps(move))}".rstrip()
    if kind == "double":
        return " " + (move.normalized or "Doubles")
    if kind in ("take", "drop"):
        return " " + (move.normalized or kind.title() + "s")
    return move.normalized or move.printed


def write_mat(game: Game) -> str:
    """One game as GNU Backgammon exports it (two columns, the first player's at 6, the second's at 34).

    The first game of a match (or a game on its own) carries the match header.
    """
    match = _match(game)
    names = _names(game)
    score = match and match["score"] or [0, 0]
    number = match and match["game"] or 1
    out: list[str] = []
    if number == 1:
        for tag in ("Site", "Event", "Round", "EventDate"):
            if game.record.tag(tag):
                out.append(f'; [{tag} "{game.record.tag(tag)}"]')
        if out:
            out.append("")
        out.append(f" {match and match['length'] or 0} point match")
        out.append("")
    out.append(f" Game {number}")
    out.append(f" {names[0] + ' : ' + str(score[0]):<31}{names[1]} : {score[1]}")
    rows: list[list[str | None]] = []
    wins: list[tuple[int, str]] = []
    for move in game.moves:
        if move.normalized is None and _detail(move).kind != "roll":
            continue
        if _detail(move).kind == "resign":
            continue  # GNU Backgammon writes a resignation as the winner's "Wins N points" alone
        side = _side(game, move)
        if _detail(move).kind == "win":
            text = move.normalized or move.printed
            if side == 1 and rows and rows[-1][0] == " Drops" and rows[-1][1] is None:
                rows[-1][1] = text  # as gnubg writes it: " Drops" and the winner's line side by side
            else:
                wins.append((side, text))
            continue
        text = _mat_text(move)
        # A new numbered line for the first player, or when the line's second column is taken.
        if side == 0 or not rows or rows[-1][1] is not None:
            rows.append([None, None])
        rows[-1][side] = text
    for i, (left, right) in enumerate(rows, start=1):
        if left == " Drops" and right:
            line = f"{i:3d})  Drops{' ' * 23}{right}"  # gnubg's spacing for a drop and the win beside it
        else:
            line = f"{i:3d}) {left or '':<27} {right or ''}".rstrip()
        out.append(line)
    for side, text in wins:
        out.append(("      " if side == 0 else " " * 34) + text)
    return "\n".join(out) + "\n"


def write_standard(game: Game) -> str:
    """``1. Black 52: 13/8 6/4 White 31: 8/5 6/5`` — one numbered line per pair of turns; the record's title a
    ``[Title]`` tag and the words printed with it ``{comments}``, as the standard grammar reads them back."""
    names = ["Black", "White"]
    # A record that names no side (a book's table of the opening throws: "With 3-1 ...") is written naming
    # none where the reading gives the same sides unnamed: its throws only, the first side 0's (Black), the
    # rest alternating. So it reads back the same without a "Black" the author never printed.
    written = [m for m in game.moves if m.normalized is not None]
    labelled = game.notation == "mat" or bool(_SIDE_WORD.search(game.record.body)) or any(
        _detail(m).kind != "roll" or _side(game, m) != i % 2 for i, m in enumerate(written))
    said = {m.comment for m in game.moves + [m for v in game.variations for m in v.moves] if m.comment}
    # The author's other plays of a throw (variations of one action, "24/14, or split, 24/18 13/9"): written
    # after it with "or", as the grammar reads them back; the words then in brackets, a brace ending the throw.
    others: dict[int, list[Move]] = {}
    for variation in game.variations:
        if variation.parent == 0 and len(variation.moves) == 1 and _detail(variation.moves[0]).kind == "roll":
            others.setdefault(variation.branch_ply, []).append(variation.moves[0])
    lines: list[str] = [_brace(c) for c in game.comments if c not in said]
    number = 0
    current: list[str] = []
    for move in game.moves:
        if move.normalized is None:
            continue
        side = _side(game, move)
        if side == 0 or not current:
            if current:
                lines.append(" ".join(current))
            number += 1
            current = [f"{number}."]
        label = f"{names[side]} " if labelled else ""
        if _detail(move).kind == "roll":
            d1, d2 = _dice(move)
            current.append(f"{label}{d1}{d2}: {format_play(_steps(move))}".rstrip())
        else:
            current.append(f"{label}{move.normalized}")
        alternatives = [m for m in others.get(move.ply, []) if m.normalized is not None and _steps(m)]
        if alternatives:
            current.extend([_aside(move.comment)] if move.comment else [])
            for other in alternatives:
                current.append(f"or {format_play(_steps(other))}")
                current.extend([_aside(other.comment)] if other.comment else [])
        elif move.comment:
            current.append(_brace(move.comment))
    if current:
        lines.append(" ".join(current))
    head = ""
    if game.title:
        title = game.title.replace("\\", "\\\\").replace('"', '\\"')
        head = f'[Game "backgammon"]\n[Notation "standard"]\n[Title "{title}"]\n\n'
    return head + "\n".join(lines) + "\n"


#: A side named as the grammars' ``SIDE`` names it ("Black 31: ...", "White throws 6-1").
_SIDE_WORD = re.compile(r"(?i)\b(?:black|white|red)\b")


def _aside(text: str) -> str:
    """A comment in brackets, on one line (a bracket inside it would end it: made a square one)."""
    return "(" + " ".join(text.replace("(", "[").replace(")", "]").split()) + ")"


def _brace(text: str) -> str:
    """A comment in braces (a brace inside it would end it: made a bracket)."""
    return "{" + text.replace("{", "(").replace("}", ")") + "}"


def _book_point(p: int) -> str:
    return str(25 - p)


def _book_clauses(steps: list[Step], on_bar: bool) -> list[str]:
    """Clauses for a play: one man's steps joined, except after entering, at a hit and before throwing off."""
    chains: list[list[Step]] = []
    for step in steps:
        for chain in reversed(chains):
            last = chain[-1]
            if last.to == step.frm and last.to != OFF and last.frm != BAR and not last.hit and step.to != OFF:
                chain.append(step)
                break
        else:
            chains.append([step])
    groups: list[tuple[tuple[int, int, bool], int]] = []
    for chain in chains:
        key = (chain[0].frm, chain[-1].to, chain[-1].hit)
        for i, (k, n) in enumerate(groups):
            if k == key and not key[2]:
                groups[i] = (k, n + 1)
                break
        else:
            groups.append((key, 1))
    clauses = []
    for (frm, to, hit), n in groups:
        men = COUNT[n]
        if frm == BAR:
            text = f"enters {men} on the {FACE[25 - to]} point" if n > 1 else f"enters on the {FACE[25 - to]} point"
        elif to == OFF:
            text = f"throws off {men} from the {FACE[frm]} point" if frm <= 6 else \
                f"throws off {men} from {_book_point(frm)}"
        else:
            text = f"plays {men} from {_book_point(frm)} to {_book_point(to)}"
        if hit:
            text += ", taking up the blot"
        clauses.append(text)
    return clauses


def throw_words(d1: int, d2: int) -> str:
    """``(5, 2)`` -> ``five-deuce``; ``(4, 4)`` -> ``double fours``."""
    if d1 == d2:
        plural = {1: "aces", 2: "deuces", 3: "treys", 4: "fours", 5: "fives", 6: "sixes"}[d1]
        return f"double {plural}"
    hi, lo = max(d1, d2), min(d1, d2)
    return f"{FACE[hi]}-{FACE[lo]}"


def write_book(game: Game) -> str:
    """The game in the book's words: ``Black throws five-deuce: enters on the deuce point, ...``."""
    names = ["Black", "White"]
    sentences: list[str] = []
    for move in game.moves:
        if move.normalized is None:
            continue
        side = names[_side(game, move)]
        kind = _detail(move).kind
        if kind == "roll":
            d1, d2 = _dice(move)
            steps = _steps(move)
            if not steps:
                sentences.append(f"{side} throws {throw_words(d1, d2)} and cannot play.")
            else:
                clauses = ", ".join(_book_clauses(steps, False))
                sentences.append(f"{side} throws {throw_words(d1, d2)}: {clauses}.")
        elif kind == "double":
            sentences.append(f"{side} doubles.")
        elif kind == "take":
            sentences.append(f"{side} takes.")
        elif kind == "drop":
            sentences.append(f"{side} refuses.")
        elif kind == "resign":
            sentences.append(f"{side} resigns.")
        elif kind == "win":
            points = BackgammonGameDetail.of(game.detail).points
            sentences.append(f"{side} wins {points} point{'s' if points != 1 else ''}.")
    return "\n".join(sentences) + "\n"
