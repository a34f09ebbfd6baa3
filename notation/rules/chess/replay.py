"""Chess: replay printed moves with python-chess, report what is wrong, repair clear misprints.

Each printed move is *resolved* by the record's notation against the
position: the legal moves that fit what the text says. One fit: the move, as
printed. Several: an ambiguity, reported with every reading (the one that
agrees with the printed check marks, or lets the game go on, is kept). None:
the nearest legal readings, by edit distance (rapidfuzz) between the printed
text and each legal move in the forms the notation prints it; a clear winner
continues the replay as a *repair*, else the rest of the line is left
unchecked. The replay asks its notation object for all of this and never
tests a notation's name.
"""

from __future__ import annotations

from dataclasses import dataclass

import chess
from rapidfuzz.distance import Indel, Levenshtein

from notation.boards.chess import Position, colour_name, full_fen, position_key
from notation.model import (
    Claim,
    Diagnostic,
    Game,
    Move,
    ParsedRecord,
    PrintedLine,
    PrintedMove,
    Record,
    Variation,
)
from notation.parse.chess_layout import Unreadable
from notation.rules.chess.notations import ChessNotation

#: How many following moves a candidate reading is tried against, to break ties.
LOOKAHEAD = 8


def levenshtein(a: str, b: str) -> int:
    """Edit distance: insertions, deletions, substitutions, each costing one."""
    return Levenshtein.distance(a, b)


def similarity(a: str, b: str) -> float:
    """Share of letters two texts have in common, in order (0..1)."""
    return Indel.normalized_similarity(a, b)


def _plain(text: str) -> str:
    """Text compared for nearness: no spaces, no check marks, one apostrophe."""
    t = text.replace(" ", "").replace("’", "'").replace(",", "")
    for suffix in ("mate", "ch.", "ch", "+", "#", "!", "?", "."):
        t = t.removesuffix(suffix)
    return t.replace("'s", "sq")


# --------------------------------------------------------------------------
# Replay



@dataclass
class _Context:
    parsed: ParsedRecord
    game: Game
    notation: ChessNotation
    next_variation: int = 1
    pass_after_first: bool = False


def start_position(record: Record) -> tuple[chess.Board, list[Diagnostic]]:
    """The start: ``[FEN]``, else ``[SetUp]`` prose, else ``[Odds]``, else the standard position.

    A set-up that cannot be read is reported where the fault is inside the tag,
    and the replay starts from the standard position.
    """
    fen = record.tag("FEN")
    setup = record.tag("SetUp")
    odds = record.tag("Odds")
    tag, at = None, 0
    try:
        if fen:
            tag = "FEN"
            variant = (record.tag("Variant") or "").lower()
            return chess.Board(fen, chess960="960" in variant or "fischer" in variant), []
        if setup and setup.strip() not in ("0", "1"):
            from notation.parse.chess_setup import setup_fen

            tag = "SetUp"
            return chess.Board(setup_fen(setup)), []
        if odds:
            from notation.rules.chess.odds import odds_fen

            tag = "Odds"
            return chess.Board(odds_fen(odds)), []
    except ValueError as exc:
        at = getattr(exc, "offset", 0)
        line, column = record.tag_position(tag or "", at)
        return chess.Board(), [Diagnostic("error", "bad-setup",
                                          f"cannot set up the start position from [{tag}]: {exc}",
                                          line, column)]
    return chess.Board(), []


def white_moves_first(record: Record) -> int:
    """How many moves White makes before Black's first (2 at Pawn and Two Moves)."""
    odds = record.tag("Odds")
    if not odds or record.tag("FEN"):
        return 1
    from notation.rules.chess.odds import OddsError
    from notation.rules.chess.odds import odds as find

    try:
        return find(odds).first_moves
    except OddsError:
        return 1


def _two_moves_order(line: PrintedLine) -> PrintedLine:
    """At Pawn and Two Moves a book prints White's row one longer: Black's replies start after White's second move."""
    moves = line.moves
    if len(moves) < 2 or moves[1].side != "black":
        return line  # already in playing order (numbered "1. P-K4 2. P-Q4 P-K3")
    whites = [m for m in moves if m.side == "white"]
    blacks = [m for m in moves if m.side == "black"]
    ordered = whites[:1]
    for k, white in enumerate(whites[1:]):
        ordered.append(white)
        if k < len(blacks):
            ordered.append(blacks[k])
    ordered.extend(blacks[len(whites) - 1:])
    return PrintedLine(ordered, line.label, line.comment, line.start_number, line.start_side)



class Replay:
    """The replay of one family: lines, variations, moves, repairs and the result."""

    def replay(self, parsed: ParsedRecord, notation: ChessNotation) -> Game:
        record = parsed.record
        board, diagnostics = start_position(record)
        game = Game(record=record, family="chess", notation=parsed.notation, variant="standard",
                    title=record.tag("Title") or _pgn_title(record), start=position_key(board),
                    diagnostics=diagnostics + list(parsed.diagnostics), comments=list(parsed.comments))
        if record.tag("Odds"):
            game.variant = "odds"
        ctx = _Context(parsed, game, notation)
        final = Position.start(board)
        line = parsed.line
        if white_moves_first(record) == 2 and not _has_pass(line):
            # Black passes once after White's first move; the pass is no printed move.
            line = _two_moves_order(line)
            ctx.pass_after_first = True
            game.detail["passes_after_ply"] = [1]
        game.moves = self._replay_line(ctx, line, final, 1, 0)
        self._check_result(ctx, final.board)
        return game


    def probe(self, parsed: ParsedRecord, notation: ChessNotation) -> bool:
        """Whether every printed move, variations included, reads as exactly one legal move.

        Cheap (no diagnostics, no repairs): notation detection asks it of every
        notation, then replays in full only the one that reads.
        """
        board, problems = start_position(parsed.record)
        if problems:
            return False
        pass_first = white_moves_first(parsed.record) == 2 and not _has_pass(parsed.line)
        line = _two_moves_order(parsed.line) if pass_first else parsed.line
        return bool(line.moves) and self._probe_line(notation, line, Position.start(board), pass_first)

    def _probe_line(self, notation: ChessNotation, line: PrintedLine, pos: Position, pass_first: bool = False) -> bool:
        for i, pm in enumerate(line.moves):
            if any(not self._probe_line(notation, v, pos.copy()) for v in pm.variations):
                return False
            candidates = notation.resolve(pos, pm)
            if len(candidates) > 1:
                claimed, _ = notation.printed_marks(pm)
                candidates = [m for m in candidates if pos.board.gives_check(m) == claimed]
            if len(candidates) != 1:
                return False
            pos.push(candidates[0])
            if pass_first and i == 0:
                pos.board.push(chess.Move.null())
        return True

    # -- lines and variations ---------------------------------------------

    def _replay_line(self, ctx: _Context, line: PrintedLine, pos: Position, first_ply: int,
                     line_id: int) -> list[Move]:
        moves: list[Move] = []
        printed = line.moves
        for i, pm in enumerate(printed):
            ply = first_ply + i
            for alternative in pm.variations:
                self._replay_variation(ctx, alternative, pos.copy(), ply, line_id)
            move = self._replay_move(ctx, pm, pos, ply, line_id, printed[i + 1:i + 1 + LOOKAHEAD])
            moves.append(move)
            if ctx.pass_after_first and line_id == 0 and ply == 1 and move.detail.get("uci"):
                pos.board.push(chess.Move.null())
                move.position = pos.key()
            if move.detail.get("uci") is None:
                moves.extend(self._unchecked(ctx, printed[i + 1:], ply + 1, pos.board.turn))
                break
        return moves

    def _replay_variation(self, ctx: _Context, line: PrintedLine, pos: Position, branch_ply: int,
                          parent: int) -> None:
        vid = ctx.next_variation
        ctx.next_variation += 1
        variation = Variation(vid, parent, branch_ply, label=line.label, comment=line.comment)
        ctx.game.variations.append(variation)
        variation.moves = self._replay_line(ctx, line, pos, branch_ply, vid)

    def _unchecked(self, ctx: _Context, rest: list[PrintedMove], ply: int, turn: chess.Color) -> list[Move]:
        out = []
        for k, pm in enumerate(rest):
            line, column = ctx.parsed.record.position(pm.start)
            out.append(Move(ply + k, pm.side or colour_name(turn if k % 2 == 0 else not turn),
                            pm.text, None, "error", line, column, pm.number,
                            {"unchecked": True}, None, pm.comment))
        return out

    # -- one move -------------------------------------------------------------

    def _replay_move(self, ctx: _Context, pm: PrintedMove, pos: Position, ply: int, line_id: int,
                     following: list[PrintedMove]) -> Move:
        board = pos.board
        record = ctx.parsed.record
        line, column = record.position(pm.start)
        side = colour_name(board.turn)
        diag = _DiagnosticSink(ctx.game, ply, line_id, line, column)
        if pm.side and pm.side != side:
            diag.add("warning", "wrong-side",
                     f"{pm.text!r} is printed as {pm.side}'s move {pm.number or ''}".rstrip()
                     + f", but it is {side}'s turn")
        candidates = ctx.notation.resolve(pos, pm)
        status = "ok"
        if len(candidates) > 1:
            readings = [board.san(m) for m in candidates]
            chosen = self._agrees_with_check(ctx, board, pm, candidates)
            reason = "agrees with the printed check marks"
            if chosen is None:
                chosen = self._best_by_lookahead(ctx, pos, candidates, following)
                reason = "lets the game go on"
            if chosen is None:
                diag.add("error", "ambiguous-move",
                         f"{pm.text!r} is ambiguous: it can mean {' or '.join(readings)}, and the game "
                         "goes on after either", readings)
                move = candidates[0]
                status = "error"
            else:
                diag.add("warning", "ambiguous-move",
                         f"{pm.text!r} can mean {' or '.join(readings)}; only {board.san(chosen)} "
                         f"{reason}", readings)
                move = chosen
        elif len(candidates) == 1:
            move = candidates[0]
        else:
            move, suggestions = self._repair(ctx, pos, pm, following)
            what = ("cannot be read as a move" if isinstance(pm.fields, Unreadable)
                    else f"is not a legal move for {side}")
            if move is None:
                diag.add("error", "illegal-move" if not isinstance(pm.fields, Unreadable) else "unreadable",
                         f"{pm.text!r} {what}; the rest of the line cannot be checked", suggestions)
                return Move(ply, side, pm.text, None, "error", line, column, pm.number, {}, None, pm.comment)
            diag.add("error", "illegal-move" if not isinstance(pm.fields, Unreadable) else "unreadable",
                     f"{pm.text!r} {what}; read as {suggestions[0]}", suggestions)
            status = "repaired"
        detail = {
            "uci": move.uci(), "from": chess.square_name(move.from_square),
            "to": chess.square_name(move.to_square),
            "piece": chess.piece_symbol(board.piece_type_at(move.from_square) or chess.PAWN).upper(),
            "capture": board.is_capture(move),
            "promotion": chess.piece_symbol(move.promotion).upper() if move.promotion else None,
        }
        claimed_check, claimed_mate = ctx.notation.printed_marks(pm)
        san = pos.push_san(move)
        check, mate = san.endswith(("+", "#")), san.endswith("#")
        detail["check"], detail["mate"] = check, mate
        if status != "repaired" and not isinstance(pm.fields, Unreadable):
            self._check_claims(ctx, diag, pm, ply, claimed_check, claimed_mate, check, mate)
        return Move(ply, side, pm.text, san, status, line, column, pm.number, detail,
                    pos.key(), pm.comment)

    def _check_claims(self, ctx: _Context, diag: _DiagnosticSink, pm: PrintedMove, ply: int,
                      claimed_check: bool, claimed_mate: bool, check: bool, mate: bool) -> None:
        def claim(what: str, claimed: str, actual: str) -> None:
            ctx.game.claims.append(Claim(ply, what, claimed, actual, diag.line, diag.column))

        if claimed_mate:
            claim("mate", "mate", "mate" if mate else ("check" if check else "no check"))
            if not mate:
                diag.add("error", "false-mate",
                         f"{pm.text!r} claims mate, but the position is {'only check' if check else 'not even check'}")
        elif claimed_check:
            claim("check", "check", "check" if check else "no check")
            if not check:
                diag.add("error", "false-check", f"{pm.text!r} claims check, but the move does not give check")
            elif mate:
                diag.add("warning", "missed-mate", f"{pm.text!r} gives mate, printed only as check")
        elif mate:
            diag.add("warning", "missed-mate", f"{pm.text!r} gives mate, and the text does not say so")
        elif check:
            diag.add("warning", "missed-check", f"{pm.text!r} gives check, and the text does not say so")

    # -- repairs -------------------------------------------------------------

    def _repair(self, ctx: _Context, pos: Position, pm: PrintedMove,
                following: list[PrintedMove]) -> tuple[chess.Move | None, list[str]]:
        """The nearest legal readings; a clear winner (or a tie the rest of the game breaks) continues."""
        board = pos.board
        target = _plain(pm.text)
        claimed_check, _ = ctx.notation.printed_marks(pm)
        if isinstance(pm.fields, Unreadable):
            claimed_check = _plain(pm.text) != pm.text.replace(" ", "").replace(",", "").rstrip(".!?")
        scored: list[tuple[int, float, chess.Move]] = []
        for m in board.legal_moves:
            d, ratio = min((levenshtein(target, p), -similarity(target, p))
                           for p in map(_plain, ctx.notation.forms(pos, m)))
            # A reading that contradicts the printed check mark is one more letter away.
            d += board.gives_check(m) != claimed_check
            scored.append((d, ratio, m))
        if not scored:
            return None, []
        scored.sort(key=lambda x: (x[0], x[1]))
        best = scored[0][0]
        suggestions = [ctx.notation.write_move(pos, m) for _, _, m in scored[:3]]
        if best > max(1, len(target) // 3):
            return None, suggestions
        near = [(ratio, m) for d, ratio, m in scored if d == best]
        chosen: chess.Move | None = near[0][1]
        if len(near) > 1:
            # The board first: the reading after which the game goes on furthest;
            # then the typography: the reading that shares most letters with the print.
            lookahead = self._lookahead_scores(ctx, pos, [m for _, m in near], following)
            top = max(lookahead)
            tied = [(r, m) for (r, m), s in zip(near, lookahead) if s == top]
            if len(tied) > 1 and tied[0][0] == tied[1][0]:
                return None, [ctx.notation.write_move(pos, m) for _, m in tied[:4]]
            chosen = tied[0][1]
        first = ctx.notation.write_move(pos, chosen)
        return chosen, [first] + [s for s in suggestions if s != first][:2]

    def _agrees_with_check(self, ctx: _Context, board: chess.Board, pm: PrintedMove,
                           candidates: list[chess.Move]) -> chess.Move | None:
        """The one reading whose check (or its absence) matches the text, if exactly one does."""
        claimed, _ = ctx.notation.printed_marks(pm)
        agreeing = [m for m in candidates if board.gives_check(m) == claimed]
        return agreeing[0] if len(agreeing) == 1 else None

    def _best_by_lookahead(self, ctx: _Context, pos: Position, moves: list[chess.Move],
                           following: list[PrintedMove]) -> chess.Move | None:
        """The one reading after which the most following printed moves stay legal, if there is one."""
        scores = self._lookahead_scores(ctx, pos, moves, following)
        top = max(scores)
        winners = [m for m, s in zip(moves, scores) if s == top]
        return winners[0] if len(winners) == 1 else None

    def _lookahead_scores(self, ctx: _Context, pos: Position, moves: list[chess.Move],
                          following: list[PrintedMove]) -> list[int]:
        scores = []
        for m in moves:
            p = pos.copy()
            p.push(m)
            scores.append(self._playable(ctx, p, following[:LOOKAHEAD]))
        return scores

    def _playable(self, ctx: _Context, pos: Position, following: list[PrintedMove]) -> int:
        count = 0
        for pm in following:
            candidates = ctx.notation.resolve(pos, pm)
            if not candidates:
                break
            pos.push(candidates[0])
            count += 1
        return count

    # -- result ---------------------------------------------------------------

    def _check_result(self, ctx: _Context, board: chess.Board) -> None:
        game = ctx.game
        printed = ctx.parsed.result
        record = ctx.parsed.record
        claimed = pgn_result(printed, board) if printed else record.tag("Result")
        actual = None
        if board.is_checkmate():
            actual = "0-1" if board.turn == chess.WHITE else "1-0"
        elif board.is_stalemate():
            actual = "1/2-1/2"
        game.result = claimed if claimed not in (None, "*") else actual
        if claimed in (None, "*") or actual is None:
            return
        line, column = record.position(ctx.parsed.result_span[0]) if ctx.parsed.result_span else (record.line, 1)
        game.claims.append(Claim(None, "result", claimed, actual, line, column))
        if claimed != actual:
            game.diagnostics.append(Diagnostic(
                "error", "wrong-result",
                f"the result {printed or claimed!r} contradicts the final position ({_describe(board)})",
                line, column, suggestions=[actual]))

    # -- the family interface -------------------------------------------------


def _has_pass(line: PrintedLine) -> bool:
    return any(isinstance(m.fields, str) and m.fields == "--" for m in line.moves[:3])


class _DiagnosticSink:
    def __init__(self, game: Game, ply: int, variation: int, line: int, column: int) -> None:
        self.game, self.ply, self.variation, self.line, self.column = game, ply, variation, line, column

    def add(self, severity: str, code: str, message: str, suggestions: list[str] | None = None) -> None:
        self.game.diagnostics.append(Diagnostic(severity, code, message, self.line, self.column, self.ply,  # type: ignore[arg-type]
                                                self.variation or None, list(suggestions or [])))


def write_movetext(game: Game, notation: ChessNotation) -> str:
    """The main line as numbered moves in ``notation`` (a record body that reads back the same)."""
    pos = Position.start(chess.Board(full_fen(game.start)) if game.start else chess.Board())
    parts: list[str] = []
    for m in game.moves:
        uci = m.detail.get("uci")
        if uci is None:
            break
        move = chess.Move.from_uci(uci)
        board = pos.board
        if board.turn == chess.WHITE:
            parts.append(f"{board.fullmove_number}.")
        elif not parts:
            parts.append(f"{board.fullmove_number}. ...")
        parts.append(notation.write_move(pos, move))
        pos.push(move)
        if m.ply in game.detail.get("passes_after_ply", ()):
            pos.board.push(chess.Move.null())
            if notation.null_move:
                parts.append(notation.null_move)
    return " ".join(parts)


def pgn_result(printed: str, board: chess.Board) -> str:
    """A printed result as PGN's ``1-0`` / ``0-1`` / ``1/2-1/2``; "resigns" is the side to move resigning."""
    r = printed.lower()
    if r in ("1-0", "0-1", "1/2-1/2"):
        return r
    if "draw" in r or r == "½-½":
        return "1/2-1/2"
    if "white" in r:
        return "1-0" if "wins" in r else "0-1"
    if "black" in r:
        return "0-1" if "wins" in r else "1-0"
    if "resign" in r:
        return "1-0" if board.turn == chess.BLACK else "0-1"
    return "*"


def _describe(board: chess.Board) -> str:
    if board.is_checkmate():
        return f"{colour_name(board.turn)} is mated"
    if board.is_stalemate():
        return f"{colour_name(board.turn)} is stalemated"
    return "the game is not over"


def _pgn_title(record: Record) -> str | None:
    white, black = record.tag("White"), record.tag("Black")
    if white and black:
        return f"{white} – {black}" + (f", {record.tag('Event')}" if record.tag("Event") else "")
    return record.tag("Event")


