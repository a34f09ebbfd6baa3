"""Clean English descriptive records replayed on a fast path: the game the full replay gives, when
there is nothing to report.

A clean record names its notation (``[Notation "english-descriptive"]``), sets no start
(no ``[FEN]``, ``[SetUp]``, ``[Odds]`` or ``[Variant]``), and its body is compact numbered
movetext that :func:`notation.parse.chess_descriptive_clean.scan_clean` reads whole; every
move names exactly one legal move (:func:`.notations.descriptive.resolve_descriptive`, the
full replay's own reading), and its ``ch`` and ``mate`` are exactly right. The full replay
(:class:`notation.rules.chess.replay.Replay`) finds nothing to say about such a record: no
ambiguity to weigh, no repair, no misprint search, no decoder. This module gives the same
:class:`Game` without them, writing each move's SAN by python-chess's rules (its ``san``, with
its second move generation, asked only where another man of the kind attacks the square) and
the keys rank by rank as the SAN fast path does (:mod:`.clean`). At the first doubt it answers ``None`` and the full
replay reads the record, with every check and repair it makes.

A process that has replayed many clean plies, or is told it will (a big import: :func:`.clean.expect`),
replays instead with the SAN path's compiled kernel (:mod:`.clean_kernel`): each move given to it as what
``resolve_descriptive`` asks of the legal move it names, in masks of squares (:func:`_code`: ``KKt`` the
Knight that started on g1 or g8, ``B3`` c3 or f3 counted from the mover's side, ``PxP`` the capture of a
Pawn), the kernel requiring exactly one legal move to answer and working out SAN's disambiguation, the keys
and their Polyglot numbers. Where it does not read a ply cleanly the full replay reads the record.

A record that names no notation is left to notation detection, which weighs every notation's
reading (a fast reading of one would settle it unasked).
"""

from __future__ import annotations

from collections.abc import Iterator

import chess

from notation.boards.chess import SYMBOLS, Origins, PieceSpec, carry_origins, files_of, squares_of
from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.model import Claim, Game, Move, ParsedRecord, PrintedLine, Record
from notation.parse.chess_descriptive_clean import Scanned, reading, scan_clean
from notation.parse.chess_descriptive_words import NAME
from notation.rules.chess import clean
from notation.rules.chess.clean import _START_KEY, _Keys, made_moves
from notation.rules.chess.clean_compiled import ALL, mask
from notation.rules.chess.notations.descriptive import LegalMoves, resolve_descriptive


def read_clean(record: Record) -> Game | None:
    """The finished game of a clean descriptive record, or ``None`` for the full reader to read it."""
    if not record.tag("Notation") or any(record.tag(t) for t in ("FEN", "SetUp", "Odds", "Variant")):
        return None
    scanned = scan_clean(record.body)
    if scanned is None:
        return None
    printed, result = scanned
    from notation.rules.chess.endings import settle
    from notation.rules.chess.notations import NOTATIONS
    from notation.rules.chess.replay import Replay, _Context, _pgn_title
    from notation.rules.chess.results_table import check_row

    game = Game(record=record, family="chess", notation=NAME, variant="standard",
                title=record.named("Title") or _pgn_title(record), start=_START_KEY, detail=ChessGameDetail())
    places = record.positions([at for _, at, _, _, _, _ in printed])
    # The compiled kernel once the process has replayed enough plies, or is told it will (as for SAN: :mod:`.clean`).
    if clean._python_plies >= clean.COMPILED_AFTER:
        board = _compiled(game, printed, places)
    else:
        clean._python_plies += len(printed)
        board = _replay(game, printed, places)
    if board is None:
        return None
    # The result is checked as the full replay checks it, which reads of the parsed record only its result.
    parsed = ParsedRecord(record, "chess", NAME, PrintedLine())
    if result is not None:
        parsed.result, parsed.result_span = result[0], (result[1], result[1] + len(result[0]))
    ctx = _Context(parsed, game, NOTATIONS[NAME])
    Replay()._check_result(ctx, board)
    if ctx.printed_result is not None:
        from notation.rules.chess.endings import check_printed_result

        check_printed_result(game, *ctx.printed_result)
    # What the full replay asks of every game at its end: a results-table row's numbers, an ending's values.
    check_row(game)
    settle(game, parsed)
    return game.finish()


def _replay(game: Game, printed: list[Scanned], places: list[tuple[int, int]]) -> chess.Board | None:
    """The moves of ``game`` made with python-chess, and its final board; ``None`` at the first doubt."""
    board = chess.Board()
    keys = _Keys(board)  # the position key kept up to date rank by rank, as on the SAN fast path
    origins = dict(_START_ORIGINS)  # where each piece started: the King's Knight is the one from g1
    moves, claims = game.moves, game.claims
    names = chess.SQUARE_NAMES
    legal = _legal_out_of_check(board)
    check = False  # whether the side to move is in check: known from the move before
    for ply, ((text, _, number, _, printed_move, mark), (line, column)) in enumerate(zip(printed, places), 1):
        candidates = resolve_descriptive(board, reading(printed_move), origins, None if check else legal)
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
        if mark != ("mate" if mate else "ch" if check else ""):
            return None  # a false, short or missing mark: the full replay reports it
        if mark:
            what = "mate" if mate else "check"
            claims.append(Claim(ply, what, what, what, line, column))
        detail = ChessMoveDetail.made(move.uci(), names[start], names[to], letter, capture, promotion, check, mate)
        moves.append(Move(ply, "white" if turn else "black", text, san + ("#" if mate else "+" if check else ""),
                          "ok", line, column, number, detail, keys.key(), None))
    return board


def _compiled(game: Game, printed: list[Scanned], places: list[tuple[int, int]]) -> chess.Board | None:
    """The moves of ``game`` made by the compiled kernel (:mod:`.clean_kernel`, the SAN path's) and its final
    board; ``None`` where a ply is not clean (the full replay then reads the record)."""
    from notation.rules.chess import clean_compiled as kernel

    codes = [_code(move, mark, side == "white") for _, _, _, side, move, mark in printed]
    played = kernel.play(list(map(kernel.pack, codes)))
    if played is None:
        return None
    columns, positions, fen = played
    names = chess.SQUARE_NAMES
    letters = [_LETTERS.get(code[0], "K") for code in codes]  # (7-9: castling)
    promotions = [_LETTERS[promoted] if promoted else None for promoted in columns[6]]
    normalized = []
    for start, to, capture, check, mate, letter, promotion, shown in zip(
            columns[0], columns[1], columns[2], columns[3], columns[4], letters, promotions, columns[7]):
        if letter == "K" and abs(to - start) == 2:
            san = "O-O" if to > start else "O-O-O"
        else:
            san = (names[start][0] + "x" if capture else "") if letter == "P" else \
                letter + names[start][0] * (shown & 1) + names[start][1] * (shown >> 1) + ("x" if capture else "")
            san += names[to] + ("=" + promotion if promotion else "")
        normalized.append(san + ("#" if mate else "+" if check else ""))
    made_moves(game, columns, positions, [p[0] for p in printed], normalized, [p[3] for p in printed], letters,
               promotions, [p[5] for p in printed], [p[2] for p in printed], places)
    return chess.Board(fen)


#: A printed move's kernel fields (:data:`.clean_compiled.FIELDS`) by its move, mark and side.
_codes: dict[tuple[str, str, bool], tuple[int, ...]] = {}


def _code(move: str, mark: str, white: bool) -> tuple[int, ...]:
    """The kernel's fields for a move scanned by :func:`scan_clean`: what :func:`resolve_descriptive` asks of
    the legal move it names, as masks of squares."""
    key = (move, mark, white)
    code = _codes.get(key)
    if code is not None:
        return code
    fields = reading(move)
    marked = 2 if mark == "mate" else 1 if mark == "ch" else 0
    if fields.kind == "castle":
        code = ({"K": 7, "Q": 8}.get(fields.castle or "", 9), ALL, ALL, ALL, 0, ALL, ALL, 0, 0, 0, marked)
    else:
        assert fields.piece is not None
        color = chess.WHITE if white else chess.BLACK
        from_mask = _on(squares_of(fields.origin, color) if fields.origin else None)
        from_mask &= _standing(fields.piece)
        to = _on(squares_of(fields.to, color) if fields.to else None)
        target = fields.target
        code = (SYMBOLS[fields.piece.kind], mask(from_mask), mask(_started(fields.piece)), mask(to),
                SYMBOLS[target.kind] if target else 0, mask(_standing(target)) if target else ALL,
                mask(_started(target)) if target else ALL, SYMBOLS[fields.promotion] if fields.promotion else 0,
                chess.QUEEN, -1, marked)
    if len(_codes) < 100_000:
        _codes[key] = code
    return code


def _on(squares: frozenset[int] | None) -> int:
    """The mask of ``squares``; every square for none named."""
    if squares is None:
        return chess.BB_ALL
    return sum(chess.BB_SQUARES[s] for s in squares)


def _on_files(files: set[int]) -> int:
    return sum(chess.BB_FILES[f] for f in files)


def _standing(spec: PieceSpec) -> int:
    """Where a man so named may stand: a Pawn named by its file (``KBP``, ``BP``) on that file."""
    if spec.kind == "P" and spec.file is not None:
        return _on_files(files_of(spec.wing, spec.file))
    return chess.BB_ALL


def _started(spec: PieceSpec) -> int:
    """Where a man so named may have started: a Knight, Bishop or Rook named by its wing (``KKt``) on its
    files (as :func:`.notations.descriptive._piece_matches` reads it)."""
    if spec.kind in ("N", "B", "R") and spec.wing is not None:
        return _on_files(files_of(spec.wing, spec.kind))
    return chess.BB_ALL


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
