"""Clean English descriptive records replayed on a fast path: the game the full replay gives, when
there is nothing to report.

A clean record names its notation (``[Notation "english-descriptive"]``), sets no start
(no ``[FEN]``, ``[SetUp]``, ``[Odds]`` or ``[Variant]``), and its body is compact numbered
movetext that :func:`notation.parse.chess_descriptive_clean.parse_clean` reads whole; every
move names exactly one legal move (:func:`.notations.descriptive.resolve_descriptive`, the
full replay's own reading), and its ``ch`` and ``mate`` are exactly right. The full replay
(:class:`notation.rules.chess.replay.Replay`) finds nothing to say about such a record: no
ambiguity to weigh, no repair, no misprint search, no decoder. This module gives the same
:class:`Game` without them, writing each move's SAN by python-chess's rules (its ``san``, with
its second move generation, asked only where another man of the kind attacks the square) and
the keys rank by rank as the SAN fast path does (:mod:`.clean`). At the first doubt it answers ``None`` and the full
replay reads the record, with every check and repair it makes.

A record that names no notation is left to notation detection, which weighs every notation's
reading (a fast reading of one would settle it unasked).
"""

from __future__ import annotations

from collections.abc import Iterator

import chess

from notation.boards.chess import DescriptiveMove, Origins, carry_origins
from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.model import Claim, Game, Move, Record
from notation.parse.chess_descriptive_clean import parse_clean
from notation.rules.chess.clean import _START_KEY, _Keys
from notation.rules.chess.notations.descriptive import LegalMoves, resolve_descriptive


def read_clean(record: Record) -> Game | None:
    """The finished game of a clean descriptive record, or ``None`` for the full reader to read it."""
    if not record.tag("Notation") or any(record.tag(t) for t in ("FEN", "SetUp", "Odds", "Variant")):
        return None
    parsed = parse_clean(record)
    if parsed is None:
        return None
    from notation.rules.chess.endings import settle
    from notation.rules.chess.notations import NOTATIONS
    from notation.rules.chess.replay import Replay, _Context, _pgn_title
    from notation.rules.chess.results_table import check_row

    game = Game(record=record, family="chess", notation=parsed.notation, variant="standard",
                title=record.tag("Title") or _pgn_title(record), start=_START_KEY, detail=ChessGameDetail())
    printed = parsed.line.moves
    places = record.positions([pm.start for pm in printed])
    board = chess.Board()
    keys = _Keys(board)  # the position key kept up to date rank by rank, as on the SAN fast path
    origins = dict(_START_ORIGINS)  # where each piece started: the King's Knight is the one from g1
    moves, claims = game.moves, game.claims
    names = chess.SQUARE_NAMES
    legal = _legal_out_of_check(board)
    check = False  # whether the side to move is in check: known from the move before
    for ply, (pm, (line, column)) in enumerate(zip(printed, places), 1):
        fields = pm.fields
        assert isinstance(fields, DescriptiveMove)
        candidates = resolve_descriptive(board, fields, origins, None if check else legal)
        if len(candidates) != 1:
            return None  # illegal or ambiguous: the full replay says so, and repairs or weighs
        move = candidates[0]
        start, to = move.from_square, move.to_square
        piece = board.piece_type_at(start)
        assert piece is not None
        capture = board.is_capture(move)
        san = _san(board, move, piece, capture)
        turn = board.turn
        letter = _LETTERS[piece]
        promotion = _LETTERS[move.promotion] if move.promotion else None
        carry_origins(board, move, origins)
        keys.push(move, (promotion or letter) if turn else (promotion or letter).lower())
        check = board.is_check()
        mate = check and not any(board.generate_legal_moves())
        if fields.check or fields.mate:
            if (check, mate) != (True, fields.mate):
                return None  # a false or short mark: the full replay reports it
            what = "mate" if mate else "check"
            claims.append(Claim(ply, what, what, what, line, column))
        elif check:
            return None  # a check or mate the text does not print: a warning
        detail = ChessMoveDetail.made(move.uci(), names[start], names[to], letter, capture, promotion, check, mate)
        moves.append(Move(ply, "white" if turn else "black", pm.text, san + ("#" if mate else "+" if check else ""),
                          "ok", line, column, pm.number, detail, keys.key(), pm.comment))
    # The result is checked as the full replay checks it; then what it asks of every game at its end.
    ctx = _Context(parsed, game, NOTATIONS[parsed.notation])
    Replay()._check_result(ctx, board)
    if ctx.printed_result is not None:
        from notation.rules.chess.endings import check_printed_result

        check_printed_result(game, *ctx.printed_result)
    check_row(game)
    settle(game)
    return game.finish()


def _san(board: chess.Board, move: chess.Move, piece: int, capture: bool) -> str:
    """``move``'s SAN without its check mark, as python-chess writes it; the other pieces of the kind
    that may also reach the square (python-chess's disambiguation) sought only among those attacking it."""
    if board.is_castling(move):
        return "O-O-O" if chess.square_file(move.to_square) < chess.square_file(move.from_square) else "O-O"
    start, to = move.from_square, move.to_square
    if piece == chess.PAWN:
        san = chess.FILE_NAMES[chess.square_file(start)] + "x" if capture else ""
    else:
        san = chess.piece_symbol(piece).upper()
        # A legal move of a Knight, Bishop, Rook, Queen or King to a square is an attack on it.
        rivals = board.pieces_mask(piece, board.turn) & ~chess.BB_SQUARES[start] & board.attackers_mask(board.turn, to)
        if rivals:
            san = board.san(move).rstrip("+#")
            return san
        if capture:
            san += "x"
    san += chess.SQUARE_NAMES[to]
    if move.promotion:
        san += "=" + chess.piece_symbol(move.promotion).upper()
    return san


def _legal_out_of_check(board: chess.Board) -> LegalMoves:
    """python-chess's ``generate_legal_moves`` for a side not in check, that seeks the pinned men only
    when a move needs it: out of check only a King's move, an en passant capture or a man on a line
    with its King and an enemy slider can leave the King attacked (``_is_safe`` answers yes for any other)."""

    def moves(from_mask: int, to_mask: int) -> Iterator[chess.Move]:
        turn = board.turn
        king = board.king(turn)
        assert king is not None  # (every clean game starts from the standard position)
        rays = chess.BB_RAYS[king]
        sliders = board.occupied_co[not turn] & (board.queens | board.rooks | board.bishops)
        blockers = None
        for m in board.generate_pseudo_legal_moves(from_mask, to_mask):
            if m.from_square != king and not rays[m.from_square] & sliders and not board.is_en_passant(m):
                yield m
                continue
            if blockers is None:
                blockers = board._slider_blockers(king)
            if board._is_safe(king, blockers, m):
                yield m

    return moves


#: python-chess piece type -> its letter in SAN and in the move's detail.
_LETTERS = {piece: chess.piece_symbol(piece).upper() for piece in chess.PIECE_TYPES}
#: Where each piece of the standard start stands: its own starting square.
_START_ORIGINS: Origins = {square: square for square in chess.SquareSet(chess.Board().occupied)}
