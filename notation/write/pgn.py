"""Write replayed chess games as PGN (the PGN standard's export format)."""

from __future__ import annotations

import re
from collections import Counter

import chess
import chess.pgn

from notation.boards.chess import Position
from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.model import Game, Move
from notation.write import event
from notation.write.chess_moves import movetext, start_board

SEVEN_TAGS = ("Event", "Site", "Date", "Round", "White", "Black", "Result")


def write_game(game: Game) -> str:
    """A replayed game as PGN: the seven tag roster, FEN if needed, moves, variations, comments.

    Repaired moves are written as repaired, with the printed text in a comment,
    so a reader of the PGN sees the misprint.
    """
    pgn = chess.pgn.Game()
    tags = {k: v for k, v in game.tags.items() if k not in ("Game", "Notation", "SetUp", "FEN")}
    pgn.headers["Event"] = event(game)
    tags.pop("Event", None)
    for key in SEVEN_TAGS[1:]:
        if key in tags:
            pgn.headers[key] = tags.pop(key)
    pgn.headers["Result"] = _pgn_result(game.result)
    for key, value in tags.items():
        pgn.headers[key] = value
    # The notation the moves were read in, for a reader of the PGN; a game read from PGN's own SAN has
    # nothing to tell, and an [Annotator] there would be a tag its source does not have.
    if game.notation and game.notation != "san":
        pgn.headers["Annotator"] = pgn.headers.get("Annotator", f"notation ({game.notation})")
    start = start_board(game)
    if game.start and start.fen() != type(start)().fen():
        pgn.setup(start)
    _add_lines(pgn, game)
    if game.comments:
        pgn.comment = pgn_comment(" ".join(game.comments))
    # A tag's value in PGN's export format (the standard, 8.1.1 and 7): a quote and a backslash escaped by a
    # backslash. python-chess writes a value as it is: one ending in a backslash closed no tag, and one
    # with quotes inside was none for a reader that keeps to the standard.
    for key, value in list(pgn.headers.items()):
        pgn.headers[key] = value.replace("\\", "\\\\").replace('"', '\\"')
    exporter = chess.pgn.StringExporter(headers=True, variations=True, comments=True)
    return pgn.accept(exporter)


def _add_lines(root: chess.pgn.Game, game: Game) -> None:
    """The main line, then each variation after the node its parent line reached before it branches.

    Variations come parent first (numbered in print order), so one pass
    without recursion places them all, however deep they nest.
    """
    passes = set(ChessGameDetail.of(game.detail).passes_after_ply or ())
    start: dict[int, tuple[chess.pgn.GameNode, int]] = {0: (root, 1)}  # line -> (node before it, first ply)
    after: dict[tuple[int, int], chess.pgn.GameNode] = {}  # (line, ply) -> node after that move
    # line -> (the ply it goes on from on a set-up of its own, the node telling it); a line's variations from
    # that ply on (and theirs) were made on that set-up: no node of this game holds it (counted in its comment)
    cut: dict[int, tuple[int, chess.pgn.GameNode]] = {}
    # a variation not written -> the node that says so, and why
    untold: dict[int, tuple[chess.pgn.GameNode, str]] = {}
    comments = {v.id: v.comment for v in game.variations}
    lines = [(0, 0, 1, game.moves)] + [(v.id, v.parent, v.branch_ply, v.moves) for v in game.variations]
    ends = {line_id: moves[-1].ply for line_id, _, _, moves in lines if moves}  # line -> its last move's ply
    for line_id, parent, branch_ply, moves in lines:
        node: chess.pgn.GameNode
        if line_id == 0:
            node = root
        elif parent in untold or (parent in cut and branch_ply >= cut[parent][0]):
            untold[line_id] = untold[parent] if parent in untold else (cut[parent][1], "made on that set-up")
            continue
        elif parent not in start:
            continue  # its parent line could not be written
        elif branch_ply == start[parent][1]:
            node = start[parent][0]
        elif (parent, branch_ply - 1) in after:
            node = after[(parent, branch_ply - 1)]
        else:
            continue  # the parent line stops (an unreadable move) before this branch
        if line_id and (parent, branch_ply) not in after:
            # Its line stops here (a move not read, the game's end): in PGN a variation hung where no move
            # follows is the line's own continuation, and a reader would take it for the game's moves.
            # (One after the line's last move, a note's line from its final position, "Resigns. 20...Nxe7 21 Qxd7+
            # ...", is a continuation replayed and checked: PGN has no place for it, its words stay in the comment.)
            untold[line_id] = (node, "a continuation after the line's last move, which PGN cannot hold"
                               if (parent, branch_ply - 1) in after and branch_ply - 1 == ends.get(parent)
                               else "no move of its line there to be an alternative to")
            continue
        start[line_id] = (node, branch_ply)
        for k, m in enumerate(moves):
            detail = ChessMoveDetail.of(m.detail)
            if detail.uci is None:
                break
            if detail.setup is not None:
                _goes_on_anew(node, detail.setup, moves[k:])
                cut[line_id] = (m.ply, node)
                break
            move = chess.Move.from_uci(detail.uci)
            node = node.add_main_variation(move) if line_id == 0 else node.add_variation(move)
            opening = comments.get(line_id) if k == 0 and line_id else None
            if opening:  # the note that opens the variation: "( {Or} 2... d6"
                node.starting_comment = pgn_comment(opening)
            _annotate(node, m)
            if line_id == 0 and m.ply in passes:  # a pass (PGN's null move "--"), as at Pawn and Two Moves
                node = node.add_main_variation(chess.Move.null())
            after[(line_id, m.ply)] = node
    for (told, why), n in Counter((id(node), why) for node, why in untold.values()).items():
        node = next(node for node, _ in untold.values() if id(node) == told)
        said = f"({n} {'variation' if n == 1 else 'variations'} printed from there not written: {why})"
        node.comment = f"{node.comment} {said}" if node.comment else said


def _goes_on_anew(node: chess.pgn.GameNode, setup: str, rest: list[Move]) -> None:
    """A line the replay went on with after lost moves, on a set-up inferred from the moves after them:
    a PGN game has one start, so the line stops at the gap, and the rest is told in a comment after the
    last move before it, with the set-up's FEN and the moves in SAN from it (numbered as printed)."""
    moves = movetext(rest, Position.start(chess.Board(setup)), lambda pos, move: pos.board.san(move))
    told = (f"moves lost here; the line goes on from a set-up its moves need (a reconstruction, "
            f"not the game's position), FEN {setup}: {moves}")
    node.comment = f"{node.comment} {told}" if node.comment else told


#: The annotators' symbols PGN writes as numeric annotation glyphs: the move assessments (the standard's
#: NAGs 1-6), and the symbols programs print for the standard's other NAGs (an only move, the position's
#: assessment, the ideas and a novelty: the Informator's and ChessBase's).
GLYPHS = {"!": 1, "?": 2, "!!": 3, "??": 4, "!?": 5, "?!": 6, "□": 7, "=": 10, "∞": 13,
          "+=": 14, "+/=": 14, "⩲": 14, "=+": 15, "=/+": 15, "⩱": 15, "±": 16, "+/-": 16, "∓": 17, "-/+": 17,
          "+-": 18, "-+": 19, "⨀": 22, "⟳": 32, "→": 36, "↑": 40, "=/∞": 44, "⇆": 132, "⊕": 138, "∆": 140,
          "N": 146}


def _annotate(node: chess.pgn.GameNode, m: Move) -> None:
    for glyph in m.annotations:  # as printed: "!" or "$14"; another mark (a book's own) stays in the text
        nag = GLYPHS.get(glyph) or (int(glyph[1:]) if glyph[:1] == "$" and glyph[1:].isdigit() else None)
        if nag is not None and nag < 256:
            node.nags.add(nag)
    notes = []
    if m.status == "repaired":
        notes.append(f"printed {m.printed!r}, read as {m.normalized}")
    if m.comment:
        notes.append(m.comment)
    if notes:
        node.comment = pgn_comment(" ".join(notes))


#: A line break with only white space up to the next one, and any that follow: a blank line.
_BLANK_LINES = re.compile(r"[ \t\r\f\v]*\n(?:[ \t\r\f\v]*\n)+")


def pgn_comment(text: str) -> str:
    """A book's note as a PGN comment: its blank lines folded to one line break, since a blank
    line ends a game's movetext in PGN's export format (and splits it for readers that go by it)."""
    return _BLANK_LINES.sub("\n", text)


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
