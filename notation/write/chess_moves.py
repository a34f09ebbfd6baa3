"""A replayed chess line as numbered moves, each written on the position the replay made it on.

The writers of every format (PGN, and the movetext of SAN, descriptive and German) go through
:func:`boards`, so they write what the replay read from the boards it read it on: the game's start
(with the move number its set-up gives), and, where the replay went on after lost moves on a set-up
inferred from the moves after them (a move's ``setup``), that set-up.
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Iterator

import chess
import chess.variant

from notation.boards.chess import Position, full_fen
from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.model import Game, Move
from notation.write import CannotWrite


def start_fen(game: Game) -> str:
    """The FEN the replay started from: the set-up's own (its move number too: a score that begins at
    move 16 is numbered from 16), else the ``[FEN]`` tag's, else the game's start numbered as its first
    printed move (a set-up in words names no move number: the score does)."""
    if game.start is None:
        return chess.STARTING_FEN
    for given in (ChessGameDetail.of(game.detail).setup, game.record.tag("FEN")):
        if given and " ".join(given.split()[:4]) == game.start and len(given.split()) == 6:
            return " ".join(given.split())
    first = game.moves[0].number if game.moves else None
    return " ".join(full_fen(game.start).split()[:5] + [str(first or 1)])


def start_board(game: Game) -> chess.Board:
    """The board the replay started from (:func:`start_fen`), of the game's variant: Chess960's castling,
    Crazyhouse's pockets and drops (python-chess's variant boards, by the name the replay kept)."""
    fen = start_fen(game)
    if game.variant == "chess960":
        return chess.Board(fen, chess960=True)
    if game.variant in (None, "standard", "odds"):
        return chess.Board(fen)
    return chess.variant.find_variant(game.variant)(fen)


def boards(moves: Iterable[Move], start: Position,
           passes: Container[int] = ()) -> Iterator[tuple[Move, chess.Move, Position, bool]]:
    """``(move, the move made, the position it was made on, whether that position is a new set-up)`` for
    each move made of a line, from ``start``; a move with a ``setup`` is made on that set-up, not on the
    position the move before it left (the first yielded is a new set-up too). After a ply in ``passes``
    the other side moves again (a null move). Stops at the first move not made (kept as printed: the
    replay stopped before it)."""
    pos, anew = start, True
    for m in moves:
        detail = ChessMoveDetail.of(m.detail)
        if detail.uci is None:
            return
        if detail.setup is not None:
            board = pos.board
            pos, anew = Position.start(type(board)(detail.setup, chess960=board.chess960)), True
        move = chess.Move.from_uci(detail.uci)
        yield m, move, pos, anew
        pos.push(move)
        if m.ply in passes:
            pos.board.push(chess.Move.null())
        anew = False


def movetext(moves: Iterable[Move], start: Position, write: Callable[[Position, chess.Move], str],
             passes: Container[int] = (), null_move: str | None = None,
             write_long: Callable[[Position, chess.Move], str] | None = None) -> str:
    """The moves made of a line as numbered moves, each as ``write`` puts it on its position (:func:`boards`).

    A move on a new set-up has its number printed again (``36.``, Black's ``36. ...``): the gap in
    the numbers says the moves were lost, as the book's numbers did, and read back the score is
    replayed on a set-up inferred from the moves after it again: from there on each move is written
    by ``write_long`` where given, naming where its man stood, so that the set-up inferred is the
    same. After a ply in ``passes`` the other side moves again (a null move, printed as ``null_move``
    where the notation has one).
    """
    parts: list[str] = []
    for k, (m, move, pos, anew) in enumerate(boards(moves, start, passes)):
        if anew and k and write_long is not None:
            write = write_long
        board = pos.board
        if board.turn == chess.WHITE:
            parts.append(f"{board.fullmove_number}.")
        elif anew:
            parts.append(f"{board.fullmove_number}. ...")
        try:
            if not move:  # a pass printed as a move ("--", "Z0")
                if null_move is None:
                    raise CannotWrite("a pass (a null move), which the notation has no way to print; "
                                      "expected a notation with one (san, pgn)")
                parts.append(null_move)
            else:
                parts.append(write(pos, move))
        except CannotWrite as exc:
            raise CannotWrite(f"line {m.line}: {m.printed!r}: {exc}") from None
        if m.ply in passes and null_move:
            parts.append(null_move)
    return " ".join(parts)
