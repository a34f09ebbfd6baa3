"""Write replayed chess games as PGN (the PGN standard's export format)."""

from __future__ import annotations

import chess
import chess.pgn

from notation.model import Game, Move, Variation

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def write_game(game: Game) -> str:
    """A replayed game as PGN: the seven tag roster, FEN if needed, moves, variations, comments.

    Repaired moves are written as repaired, with the printed text in a comment,
    so a reader of the PGN sees the misprint.
    """
    pgn = chess.pgn.Game()
    tags = {k: v for k, v in game.tags.items() if k not in ("Game", "Notation", "SetUp", "FEN")}
    pgn.headers["Event"] = tags.pop("Event", "") or game.title or "?"
    for key in SEVEN_TAGS[1:]:
        if key in tags:
            pgn.headers[key] = tags.pop(key)
    pgn.headers["Result"] = _pgn_result(game.result)
    for key, value in tags.items():
        pgn.headers[key] = value
    if game.notation:
        pgn.headers["Annotator"] = pgn.headers.get("Annotator", f"notation ({game.notation})")
    start = chess.Board(game.start) if game.start else chess.Board()
    if game.start and start.fen() != chess.STARTING_FEN:
        pgn.setup(start)
    _add_line(pgn, game.moves, game)
    by_id = {v.id: v for v in game.variations}
    for v in game.variations:
        _add_variation(pgn, game, v, by_id)
    if game.comments:
        pgn.comment = " ".join(game.comments)
    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
    return pgn.accept(exporter)


def _add_line(node: chess.pgn.GameNode, moves: list[Move], game: Game) -> None:
    passes = set(game.detail.get("passes_after_ply", ()))
    for m in moves:
        if m.detail.get("uci") is None:
            break
        node = node.add_main_variation(chess.Move.from_uci(m.detail["uci"]))
        _annotate(node, m)
        if m.ply in passes:  # a pass (PGN's null move "--"), as at Pawn and Two Moves
            node = node.add_main_variation(chess.Move.null())


def _annotate(node: chess.pgn.GameNode, m: Move) -> None:
    notes = []
    if m.status == "repaired":
        notes.append(f"printed {m.printed!r}, read as {m.normalized}")
    if m.comment:
        notes.append(m.comment)
    if notes:
        node.comment = " ".join(notes)


def _path(game: Game, line_id: int, before_ply: int, by_id: dict[int, Variation]) -> list[str]:
    """UCI moves from the start up to (not including) ``before_ply`` of a line."""
    if line_id == 0:
        moves, prefix = game.moves, []
    else:
        v = by_id[line_id]
        moves, prefix = v.moves, _path(game, v.parent, v.branch_ply, by_id)
    return prefix + [m.detail["uci"] for m in moves if m.ply < before_ply and m.detail.get("uci")]


def _add_variation(root: chess.pgn.Game, game: Game, v: Variation, by_id: dict[int, Variation]) -> None:
    node: chess.pgn.GameNode = root
    for uci in _path(game, v.parent, v.branch_ply, by_id):
        nxt = next((c for c in node.variations if c.move.uci() == uci), None)
        if nxt is None:
            return
        node = nxt
    for m in v.moves:
        if m.detail.get("uci") is None:
            break
        node = node.add_variation(chess.Move.from_uci(m.detail["uci"]))
        _annotate(node, m)


def _pgn_result(result: str | None) -> str:
    if not result:
        return "*"
    r = result.lower()
    if r in ("1-0", "0-1", "1/2-1/2", "*"):
        return result
    if "white wins" in r or "black resigns" in r:
        return "1-0"
    if "black wins" in r or "white resigns" in r:
        return "0-1"
    if "draw" in r or r == "½-½":
        return "1/2-1/2"
    return "*"
