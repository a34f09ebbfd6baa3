"""The checkers family: replay book notation and PDN under English rules (Foster's laws).

Every printed move is matched against the legal moves of the position
(:mod:`notation.boards.checkers`); what does not fit is reported with
where it is, what is wrong and the nearest legal readings, and the replay
goes on when one reading is clearly meant:

* a missed capture (the huff/compel rule) is an error; the move stands, as
  the laws allow the opponent to let it stand;
* a capture that stops short is an error repaired to the completed capture;
* a short capture (``11x25``, ``11-25``) that two paths fit is resolved by
  the next printed move, or else reported with both paths;
* a square misprint (one square changed) is repaired when one reading fits.

A record with no set-up whose moves cannot start from the opening gets the
smallest position its moves need (see :func:`infer_setup`), marked
``setup_inferred`` in :attr:`Game.detail`.
"""

from __future__ import annotations

import re
from typing import Any

from notation.boards.checkers import (
    BLACK,
    CROWN_ROW,
    JUMP,
    SIDE_NAMES,
    STEP,
    WHITE,
    Board,
    FenError,
    FenPositionError,
    match_moves,
    square_xy,
)
from notation.boards.checkers import Move as BoardMove
from notation.details.checkers import CheckersExtra, CheckersGameDetail, CheckersMoveDetail
from notation.diagnostics import Code
from notation.model import (
    Claim,
    Diagnostic,
    Game,
    Move,
    ParsedRecord,
    PrintedLine,
    PrintedMove,
    TagError,
    Variation,
    printed_moves,
)
from notation.nesting import Nested, run_nested
from notation.parse import without_page_marks
from notation.rules.checkers.endings import book_words, settle_claim, values_along
from notation.rules.checkers.notations import BOOK_RESULT_PDN, NOTATIONS, SquareMove
from notation.rules.checkers.notations.book import mover_wins
from notation.rules.checkers.notations.pdn import PDN_RESULTS, SCORED_RESULTS
from notation.rules.kit import best_by_lookahead, report

#: English draughts in PDN's GameType numbering.
GAME_TYPE = 21
#: PDN's GameType numbers of the draughts variants (PDN 3.0): the variant a file names, said where it is
#: not English draughts, and kept as the game's variant.
GAME_TYPES = {
    20: ("international", "international draughts (10x10)"), 21: ("english", "English draughts"),
    22: ("italian", "Italian draughts"), 23: ("american-pool", "American pool checkers"),
    24: ("spanish", "Spanish draughts"), 25: ("russian", "Russian draughts"),
    26: ("brazilian", "Brazilian draughts"), 27: ("canadian", "Canadian draughts (12x12)"),
    28: ("portuguese", "Portuguese draughts"), 29: ("czech", "Czech draughts"),
    30: ("turkish", "Turkish draughts"), 31: ("thai", "Thai draughts"),
    40: ("frisian", "Frisian draughts (10x10)"), 41: ("spantsiretti", "Spantsiretti (10x8)"),
}


# --------------------------------------------------------------------------
# Set-up inference


def infer_setup(line: PrintedLine, first: int = BLACK) -> tuple[Board, set[int]]:
    """The smallest position the printed moves need, and the squares they touch.

    Every from-square holds a piece of the mover, every jumped square an
    enemy piece, every landing square is empty when first reached; a piece
    that moves backwards (and was not crowned on the way) starts as a king.
    Variations are walked from the position before the move they replace,
    so their pieces are in the set-up too. The printing's side marks (a
    hyphen for Black) are trusted over plain alternation.
    """
    setup: dict[int, list[Any]] = {}
    touched: set[int] = set()

    def walk(printed: PrintedLine, pieces: dict[int, list[Any]], empty: set[int], side: int) -> None:
        for pm in printed.moves:
            fields: SquareMove = pm.fields
            if fields.side is not None:
                side = BLACK if fields.side == "black" else WHITE
            for variation in pm.variations:
                walk(variation, {s: list(p) for s, p in pieces.items()}, set(empty), side)
            if not _infer_move(fields.squares, side, pieces, empty, setup, touched):
                return
            side = 1 - side

    walk(line, {}, set(), first)
    board = Board.from_pieces({s: (p[0], p[1] or bool(CROWN_ROW[p[0]] >> (s - 1) & 1))
                               for s, p in setup.items()}, first)
    return board, touched


def _infer_move(squares: tuple[int, ...], side: int, pieces: dict[int, list[Any]], empty: set[int],
                setup: dict[int, list[Any]], touched: set[int]) -> bool:
    if not squares or any(not 1 <= s <= 32 for s in squares):
        return False
    start = squares[0]
    if start in pieces:
        piece = pieces[start]
        if piece[0] != side:
            return False
    elif start in empty:
        return False
    else:
        # [side, king, square it started on]
        piece = [side, False, start]
        setup[start] = [side, False]
        touched.add(start)
    path = [start]
    for a, b in zip(squares, squares[1:]):
        leg = _leg(a, b, 1 - side, pieces, empty)
        if leg is None:
            return False
        path.extend(leg)
    forward = 1 if side == BLACK else -1
    rows = [square_xy(s)[0] for s in path]
    if not piece[1] and any((r2 - r1) * forward < 0 for r1, r2 in zip(rows, rows[1:])):
        # A man never moves backwards: this piece was a king from the start.
        piece[1] = True
        if piece[2] is not None:
            setup[piece[2]][1] = True
    pieces.pop(start, None)
    empty.add(start)
    for a, b in zip(path, path[1:]):
        if abs(square_xy(a)[0] - square_xy(b)[0]) == 2:
            over = _between(a, b)
            if over not in pieces and over not in empty:
                setup[over] = [1 - side, False]
            touched.add(over)
            pieces.pop(over, None)
            empty.add(over)
        touched.add(b)
    end = path[-1]
    empty.discard(end)
    if CROWN_ROW[side] >> (end - 1) & 1:
        piece[1] = True
    pieces[end] = piece
    return True


def _between(a: int, b: int) -> int:
    for d in range(4):
        if JUMP[a - 1][d] == b - 1:
            return STEP[a - 1][d] + 1
    raise ValueError(f"{a} and {b} are not a jump apart")


def _leg(a: int, b: int, enemy: int, pieces: dict[int, list[Any]], empty: set[int]) -> list[int] | None:
    """Squares after ``a`` on the way to ``b``: one step, or the shortest chain of jumps over possible enemies."""
    for d in range(4):
        if STEP[a - 1][d] == b - 1:
            return [b]
    frontier = [[a]]
    seen = {a}
    while frontier:
        nxt = []
        for path in frontier:
            at = path[-1]
            for d in range(4):
                land, over = JUMP[at - 1][d] + 1, STEP[at - 1][d] + 1
                if land == 0 or land in seen:
                    continue
                if over in pieces and pieces[over][0] != enemy or over in empty:
                    continue
                if land in pieces and land != path[0]:
                    continue
                if land == b:
                    return path[1:] + [land]
                seen.add(land)
                nxt.append(path + [land])
        frontier = nxt
    return None


# --------------------------------------------------------------------------
# Replay


def _near(a: int, b: int) -> bool:
    """Whether two square numbers are a likely misprint of each other (one digit changed, swapped, dropped or added)."""
    x, y = str(a), str(b)
    if x == y:
        return True
    if len(x) == len(y):
        diff = [i for i in range(len(x)) if x[i] != y[i]]
        return len(diff) == 1 or (len(diff) == 2 and x[::-1] == y)
    short, long = sorted((x, y), key=len)
    return any(long[:i] + long[i + 1:] == short for i in range(len(long)))


def _best_by_lookahead(board: Board, choices: list[BoardMove], rest: list[PrintedMove],
                       horizon: int = 6) -> tuple[BoardMove, int] | None:
    """The one choice after which more of the following printed moves are legal than after any other, and how many."""
    def reach(choice: BoardMove) -> int:
        position, n = board.push(choice), 0
        for pm in rest[:horizon]:
            found = match_moves(position.legal_moves(), list(pm.fields.squares))
            if not found:
                break
            position, n = position.push(found[0]), n + 1
        return n
    return best_by_lookahead(choices, reach)


def verdict(board: Board) -> str:
    """What the rules say of a position at the end of a line, in book words."""
    if board.is_game_over():
        return "W wins" if board.turn == BLACK else "B wins"
    count = {BLACK: 0, WHITE: 0}
    for side, _king in board.pieces().values():
        count[side] += 1
    return (f"undecided: {SIDE_NAMES[board.turn]} to move, "
            f"Black {count[BLACK]} v White {count[WHITE]} pieces")


#: How the decoder read words that are not a printed form of their move (``SquareMove.decoded``).
_CORRECTIONS = {"ocr": "an OCR confusion", "misprint": "a figure off", "damaged": "only the first and last "
                "figures legible", "illegible": "only the first and last figures legible, where the next row's "
                "number says a move stands", "lost": "past reading, where the row's number says a move stands: "
                "the move the next printed moves follow from"}


class _Replay:
    def __init__(self, game: Game, parsed: ParsedRecord) -> None:
        self.game = game
        self.parsed = parsed
        self.record = parsed.record
        self.notation = NOTATIONS[parsed.notation]
        self.variation_ids = 0
        #: Move numbers count Black's moves: a game that White begins starts at "1...".
        self.offset = 0

    def where(self, pm: PrintedMove) -> tuple[int, int]:
        return self.record.position(pm.start)

    def diag(self, severity: str, code: Code, message: str, pm: PrintedMove, ply: int,
             variation: int | None, suggestions: list[str] | None = None) -> None:
        report(self.game, severity, code, message, self.where(pm), ply, variation, suggestions or [])

    def line(self, board: Board, printed: PrintedLine, ply: int, variation: int | None,
             label_results: dict[str, tuple[str, int | None]]) -> tuple[list[Move], Board, bool]:
        """Replay one line from ``board``: its moves, the last position, whether it was replayed to its end."""
        return run_nested(self._line(board, printed, ply, variation, label_results))

    def _line(self, board: Board, printed: PrintedLine, ply: int, variation: int | None,
              label_results: dict[str, tuple[str, int | None]]) -> Nested:
        # A nested call (notation.nesting): variations may nest deeper than Python's stack.
        moves: list[Move] = []
        stopped = False
        for k, pm in enumerate(printed.moves):
            fields: SquareMove = pm.fields
            line_no, column = self.where(pm)
            side = SIDE_NAMES[board.turn]
            detail = CheckersMoveDetail(losing=True if fields.losing else None, again=len(fields.again) or None)
            out = Move(ply=ply, side=side, printed=pm.text, normalized=None, status="error",
                       line=line_no, column=column, number=(ply + self.offset + 1) // 2, detail=detail,
                       comment=without_page_marks(pm.comment), annotations=list(pm.annotations))
            moves.append(out)
            if stopped:
                continue
            for sub in pm.variations:
                yield self._variation(board, sub, ply, variation, label_results)
            move, status = self.resolve(board, pm, printed.moves[k + 1:], ply, variation)
            if move is None:
                stopped = True
                if k + 1 < len(printed.moves):
                    later = len(printed.moves) - k - 1
                    self.diag("info", "replay-stopped",
                              f"the replay of this line stops here; {later} later "
                              + ("move is" if later == 1 else "moves are") + " kept as printed, unchecked",
                              pm, ply, variation)
                continue
            if fields.decoded not in (None, "printed"):
                self.diag("warning", "ocr", f"{pm.text!r} read as {move} ({_CORRECTIONS[fields.decoded]})",
                          pm, ply, variation, [str(move)])
                status = "repaired"
            elif fields.ocr and status == "ok":  # read by the grammar through the OCR's l and O (said where read)
                status = "repaired"
            if self.notation.side_marks and fields.side is not None and fields.side != side:
                mark = ("a hyphen marks Black's moves" if (fields.side, fields.joiner) == ("black", "-")
                        else "a space marks White's moves" if (fields.side, fields.joiner) == ("white", " ")
                        else f"its row names it {fields.side.title()}'s")  # a table's side initial ("B.")
                self.diag("warning", "side-mark", f"{pm.text!r}: {mark}, but it is {side.title()}'s move "
                          "(a move may be missing before it)", pm, ply, variation)
            if fields.crowned and not move.crowned:
                self.diag("warning", "crown-mark", f"{pm.text!r} is marked crowned, but the man does not reach "
                          "the king row (or is a king already)", pm, ply, variation)
            if self.notation.capture_mark and fields.joiner == "x" and not move.captures:
                self.diag("warning", "x-for-move", f"{pm.text!r} is written as a capture but captures nothing; "
                          f"read as {move}", pm, ply, variation)
            board = board.push(move)
            out.normalized = str(move)
            out.status = status  # type: ignore[assignment]
            out.position = board.fen()
            detail.from_, detail.to, detail.path = move.start, move.end, list(move.path)
            detail.captures, detail.crowned = list(move.captures), move.crowned
            ply += 1
        return moves, board, not stopped

    def _variation(self, board: Board, printed: PrintedLine, ply: int, parent: int | None,
                   label_results: dict[str, tuple[str, int | None]]) -> Nested:
        self.variation_ids += 1
        vid = self.variation_ids
        entry = Variation(id=vid, parent=parent or 0, branch_ply=ply, label=printed.label,
                          comment=without_page_marks(printed.comment))
        self.game.variations.append(entry)
        entry.moves, end, finished = yield self._line(board, printed, ply, vid, label_results)
        claimed = label_results.get(printed.label or "")
        if claimed:
            said = mover_wins(claimed[0], entry.moves[-1].side if entry.moves else None)
            # The line's verdict, kept on it for the writers (which end the line with it), replayed or not.
            words = book_words(said)
            entry.result = words if words in BOOK_RESULT_PDN else None
            if finished:
                self.claim(said, end, entry.moves, claimed[1])

    def claim(self, claimed: str, board: Board, moves: list[Move], offset: int | None) -> None:
        actual = self.notation.result_text(verdict(board))
        line, column = self.record.position(offset) if offset is not None else (None, None)
        ply = moves[-1].ply if moves else None
        if not board.is_game_over():
            # the game goes on: the endgame database or a proof search settles the claim if it can
            self.game.claims.append(settle_claim(claimed, board, ply, line, column, self.game,
                                                  self.notation.result_text, actual))
            return
        self.game.claims.append(Claim(ply, "result", claimed, actual, line, column))

    def resolve(self, board: Board, pm: PrintedMove, rest: list[PrintedMove], ply: int,
                variation: int | None) -> tuple[BoardMove | None, str]:
        """The legal move a printed move means, and ``ok``/``repaired``/``error``; ``None`` when nothing fits.

        ``rest`` is the printed moves after it in its line: the look-ahead that
        settles a short capture or picks the one misprint reading the game goes on from.
        """
        squares = pm.fields.squares
        side = SIDE_NAMES[board.turn].title()
        bad = [s for s in squares if not 1 <= s <= 32]
        if bad or len(squares) < 2:
            self.diag("error", "bad-square", f"{pm.text!r}: square {bad[0] if bad else '?'} is not on the board "
                      "(expected squares 1-32)", pm, ply, variation,
                      [str(m) for m in board.legal_moves()][:8])
            return None, "error"
        legal = board.legal_moves()
        found = self.notation.resolve(board, pm)
        if len(found) == 1:
            return found[0], "ok"
        if len(found) > 1:
            return self.ambiguous(board, pm, found, rest, ply, variation)
        if not legal:
            self.diag("error", "no-move", f"{pm.text!r}: {side} has no legal move here (the game is over: "
                      f"{verdict(board)})", pm, ply, variation)
            return None, "error"
        start, end = squares[0], squares[-1]
        if board.captures():
            plain = match_moves(board.plain_moves(), list(squares))
            if plain:
                captures = [str(m) for m in legal]
                self.diag("error", "missed-capture",
                          f"{pm.text!r}: {side} must capture ({', '.join(captures)}); the move is let stand "
                          "(the huff/compel rule)", pm, ply, variation, captures)
                return plain[0], "error"
            short = [m for m in legal if m.start == start and end in m.path[1:-1]]
            if len(short) == 1:
                self.diag("error", "incomplete-capture",
                          f"{pm.text!r}: a capture must be completed; read as {short[0]}", pm, ply, variation,
                          [str(short[0])])
                return short[0], "repaired"
        one = [m for m in legal if (m.start == start) != (m.end == end)]
        close = [m for m in one if _near(m.start, start) and _near(m.end, end)]
        choices = close or one
        piece = board.piece_at(start)
        if piece is None:
            what = f"square {start} is empty"
        elif piece[0] != board.turn:
            what = f"square {start} holds a {SIDE_NAMES[piece[0]]} piece, but it is {side}'s move"
        else:
            what = f"it is not a legal move for {side}"
        suggestions = [str(m) for m in (choices or legal)][:8]
        if len(choices) == 1:
            self.diag("error", "illegal-move", f"{pm.text!r}: {what}; read as {choices[0]}",
                      pm, ply, variation, suggestions)
            return choices[0], "repaired"
        best = _best_by_lookahead(board, choices, rest)
        if best is not None:
            move, n = best
            self.diag("error", "illegal-move", f"{pm.text!r}: {what}; read as {move}, the one reading "
                      f"after which the next {n} printed moves are legal", pm, ply, variation, suggestions)
            return move, "repaired"
        self.diag("error", "illegal-move", f"{pm.text!r}: {what}", pm, ply, variation, suggestions)
        return None, "error"

    def ambiguous(self, board: Board, pm: PrintedMove, found: list[BoardMove], rest: list[PrintedMove],
                  ply: int, variation: int | None) -> tuple[BoardMove, str]:
        results = {board.push(m) for m in found}
        if len(results) == 1:
            return found[0], "ok"
        paths = [str(m) for m in found]
        best = _best_by_lookahead(board, found, rest)
        if best is not None:
            self.diag("warning", "ambiguous-capture",
                      f"{pm.text!r} fits {' and '.join(paths)}; the next printed moves fit only {best[0]}",
                      pm, ply, variation, paths)
            return best[0], "ok"
        self.diag("error", "ambiguous-capture", f"{pm.text!r} fits {' and '.join(paths)}; "
                  f"the replay goes on with {paths[0]}", pm, ply, variation, paths)
        return found[0], "error"


def _no_position(parsed: ParsedRecord) -> str | None:
    """Why the record's ``[FEN]`` is no position its moves can be replayed from (a man on a square off the board,
    no man at all, a side without men that the printed moves make move), else ``None``: as chess's ``[FEN]``
    that is no position of the game, a ``bad-setup`` at the tag. A FEN that does not read is a ``bad-tag``."""
    fen = parsed.record.tag("FEN")
    if not fen:
        return None
    try:
        board = Board.from_fen(fen)
    except FenPositionError as exc:
        return f"not a position of the board ({str(exc).split(': ', 1)[-1]})"
    except FenError:
        return None  # (read again by starting_board: a bad-tag)
    if not board.black and not board.white:
        return "not a position of the game (no man on the board)"
    plies = len(parsed.line.moves)
    movers = [board.turn, 1 - board.turn][:plies]
    bare = [side for side in movers if not (board.black if side == BLACK else board.white)]
    if bare:
        return (f"not a position of the game ({SIDE_NAMES[bare[0]].title()} has no men, "
                "and the moves printed make them move)")
    return None


def starting_board(parsed: ParsedRecord, game: Game) -> Board:
    """The position a record starts from: its FEN, the position in words, an inferred set-up, or the opening.

    :class:`TagError` for a FEN that cannot be read.
    """
    record = parsed.record
    fen = record.tag("FEN")
    if fen:
        try:
            return Board.from_fen(fen)
        except FenError as exc:
            raise TagError("FEN", fen, f"a PDN FEN such as W:W21,22:B1,K2 ({exc})") from None
    initial = Board.initial()
    moves = parsed.line.moves
    extra = CheckersExtra.of(parsed.extra)
    words = extra.pieces
    if words:
        # The position in words ("Black men on 1, 3; White King on 32") or a diagram, before the moves.
        first = WHITE if extra.to_move == "white" else BLACK
        board = Board.from_pieces({square: (BLACK if side == "black" else WHITE, king)
                                   for square, (side, king) in words.items()}, first)
        if extra.diagram and moves and not match_moves(
                board.legal_moves(), list(moves[0].fields.squares)) and match_moves(
                initial.legal_moves(), list(moves[0].fields.squares)):
            # The moves printed under a problem's diagram may be the game that led to it.
            game.diagnostics.append(Diagnostic(
                "info", "diagram-not-start", "the first move does not fit the diagram's position but fits "
                "the opening: the moves are replayed from the opening", *record.position(moves[0].start), 1))
            return initial
        return board
    first_fits = bool(moves) and bool(match_moves(initial.legal_moves(), list(moves[0].fields.squares)))
    to_move = extra.to_move
    # [SetUp "1"] with no FEN: a set position the text does not give (a diagram not printed).
    set_position = record.tag_choice("SetUp", ("0", "1"), "0") == "1"
    if moves and (to_move is not None or set_position or not first_fits):
        first = WHITE if to_move == "white" else BLACK
        if to_move is None and moves[0].fields.side == "white":
            first = WHITE
        board, touched = infer_setup(parsed.line, first)
        detail = CheckersGameDetail.of(game.detail)
        detail.setup_inferred, detail.setup, detail.touched = True, board.fen(), sorted(touched)
        game.diagnostics.append(Diagnostic(
            "info", "setup-inferred",
            f"no set-up is given{'' if first_fits else ' and the moves do not start from the opening'}: "
            f"replayed on the smallest "
            f"position they need, {board.fen()}", *record.position(moves[0].start), 1))
        return board
    return initial


#: A move of PDN movetext as squares (``33-28``, ``28x19``, ``22x33x44``), and a comment, which names none.
_SQUARE_MOVE = re.compile(r"(?<![\w./-])\d{1,2}(?:[-x]\d{1,2})+(?![\w/-])")
_PDN_COMMENT = re.compile(r"\{[^}]*\}|;[^\n]*")


def _ten_by_ten(body: str, pdn: bool) -> tuple[int, str] | None:
    """Where the first move of a movetext (outside its comments) that names a square past 32 stands, and its
    text, when two moves at least name squares past 32 and none past 50 (the squares of international
    draughts' board of 50), and, in a text not read as PDN (a book's columns, where OCR makes a 33 of a
    23), a quarter of its moves at least; ``None`` otherwise: a square past 32 is a misprint of English
    draughts'."""
    text = _PDN_COMMENT.sub(lambda m: " " * len(m.group()), body)
    past: list[tuple[int, str]] = []
    moves = 0
    for match in _SQUARE_MOVE.finditer(text):
        squares = [int(square) for square in re.split("[-x]", match.group())]
        if 0 in squares:
            continue  # a result (2-0, 0-2), no move
        if any(square > 50 for square in squares):
            return None
        moves += 1
        if any(square > 32 for square in squares):
            past.append((match.start(), match.group()))
    return past[0] if len(past) >= 2 and (pdn or len(past) * 4 >= moves) else None


def replay(parsed: ParsedRecord) -> Game:
    """Replay a parsed checkers record under English rules."""
    record = parsed.record
    detail = CheckersGameDetail()
    game = Game(record=record, family="checkers", notation=parsed.notation, variant="english",
                title=record.named("Title") or record.named("Event"), detail=detail)
    game.diagnostics.extend(parsed.diagnostics)
    # (An e-text's page marks in the notes are the book's furniture: no words of theirs, the archive keeps the text.)
    game.comments.extend(note for text in parsed.comments if (note := without_page_marks(text)))
    game_type = record.tag("GameType")
    if game_type:
        number = game_type.split(",")[0].strip()
        if number != str(GAME_TYPE):
            known = GAME_TYPES.get(int(number)) if number.isdigit() else None
            what = f"is {known[1]}, not English draughts" if known else "is not English draughts"
            game.variant = known[0] if known else f"gametype-{number}"
            game.diagnostics.append(Diagnostic(
                "error", "game-type", f"GameType {game_type!r} {what} (GameType {GAME_TYPE}); "
                "the moves are not replayed", *record.tag_position("GameType")))
            return game
    elif (board_of := _ten_by_ten(record.body, parsed.notation == "pdn")) is not None:
        # No [GameType], but the moves name the squares of a board of 50: international draughts, never
        # English draughts read with its squares past 32 taken for misprints.
        at, first = board_of
        game.variant = GAME_TYPES[20][0]
        game.diagnostics.append(Diagnostic(
            "error", "game-type", f"no [GameType] tag, but the moves name squares past 32 ({first!r} first): "
            f"{GAME_TYPES[20][1]}, not English draughts (GameType {GAME_TYPE}); the moves are not replayed",
            *record.position(at)))
        return game
    extra = CheckersExtra.of(parsed.extra)
    if extra.slip:
        detail.two_move_restriction = True
    problem = _no_position(parsed)
    if problem is not None:
        count = sum(1 for _ in printed_moves(parsed.line))
        kept = f"; its {count} printed moves are not replayed" if count else ""
        game.diagnostics.append(Diagnostic(
            "error", "bad-setup", f"cannot set up the start position from [FEN]: {problem}{kept}",
            *record.tag_position("FEN")))
        return game
    board = starting_board(parsed, game)
    game.start = board.fen()
    run = _Replay(game, parsed)
    run.offset = 0 if board.turn == BLACK else 1
    game.moves, end, finished = run.line(board, parsed.line, 1, None, extra.results)
    if parsed.result:
        parsed.result = mover_wins(parsed.result, game.moves[-1].side if game.moves else None)
        game.result = BOOK_RESULT_PDN.get(parsed.result, parsed.result)
        printed = extra.printed_result
        if printed in SCORED_RESULTS and PDN_RESULTS[printed] == game.result:
            detail.pdn_result = printed  # the file's own form of the result, kept for the file written back
        if finished and parsed.result != "*":
            offset = parsed.result_span[0] if parsed.result_span else None
            run.claim(parsed.result, end, game.moves, offset)
    values_along(game)  # endings: the value after each move, from the endgame database
    return game
