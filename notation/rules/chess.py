"""Chess: replay printed moves with python-chess, report what is wrong, repair clear misprints.

Each notation's printed move is *resolved* against the position: the legal
moves that fit what the text says. One fit: the move, as printed. Several:
an ambiguity, reported with every reading (the one that lets the game go on
is kept). None: the nearest legal readings, by edit distance between the
printed text and each legal move written in the record's own notation; a
clear winner continues the replay as a *repair*, else the rest of the line
is left unchecked.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from difflib import SequenceMatcher
from functools import lru_cache
import chess
import chess.svg

from notation.model import Claim, Diagnostic, Game, Move, ParsedRecord, PrintedLine, PrintedMove, Record, Variation
from notation.parse.chess_descriptive import DescriptiveMove, EnglishDescriptive, PieceSpec, SquareSpec
from notation.parse.chess_german import German, GermanMove
from notation.parse.chess_layout import Unreadable
from notation.parse.chess_san import San
from notation.write import chess_descriptive as desc_writer
from notation.write import chess_german as german_writer

Origins = dict[int, int]

SYMBOLS = {"P": chess.PAWN, "N": chess.KNIGHT, "B": chess.BISHOP, "R": chess.ROOK,
           "Q": chess.QUEEN, "K": chess.KING}
#: Figurine algebraic -> SAN letters (either colour's figurine may be printed).
FIGURINES = str.maketrans("♔♕♖♗♘♚♛♜♝♞", "KQRBNKQRBN")
#: File piece -> file index, for the King's (K) and Queen's (Q) wings.
WING_FILES = {("K", "B"): 5, ("K", "N"): 6, ("K", "R"): 7, ("Q", "B"): 2, ("Q", "N"): 1, ("Q", "R"): 0}
CENTRE_FILES = {"K": 4, "Q": 3}
#: How many following moves a candidate reading is tried against, to break ties.
LOOKAHEAD = 8


def position_key(board: chess.Board) -> str:
    """FEN without the move counters: equal positions get equal keys whatever the move number.

    The same text as ``board.epd(en_passant="legal")``, built from the
    bitboards: it is written for every ply of every import, and python-chess's
    square-by-square ``board_fen`` was most of the replay's time.
    """
    cells: dict[int, str] = {}
    for color, case in ((chess.WHITE, str.upper), (chess.BLACK, str.lower)):
        mine = board.occupied_co[color]
        for piece, mask in ((chess.PAWN, board.pawns), (chess.KNIGHT, board.knights),
                            (chess.BISHOP, board.bishops), (chess.ROOK, board.rooks),
                            (chess.QUEEN, board.queens), (chess.KING, board.kings)):
            symbol = case(chess.PIECE_SYMBOLS[piece])  # type: ignore[arg-type]
            for square in chess.scan_forward(mask & mine):
                cells[square] = symbol
    occupied = board.occupied
    ranks = []
    for rank in range(7, -1, -1):
        row = (occupied >> (8 * rank)) & 0xFF
        ranks.append(_RANK_TEMPLATES[row].format(*[cells[8 * rank + f] for f in _RANK_FILES[row]]))
    ep = "-"
    if board.ep_square is not None and board.has_legal_en_passant():
        ep = chess.SQUARE_NAMES[board.ep_square]
    return f"{'/'.join(ranks)} {'w' if board.turn else 'b'} {board.castling_xfen()} {ep}"


def _rank_template(row: int) -> str:
    """FEN of one rank with ``{}`` for each piece: 0b00010011 -> ``{}{}2{}3``."""
    out, empty = [], 0
    for f in range(8):
        if row >> f & 1:
            if empty:
                out.append(str(empty))
                empty = 0
            out.append("{}")
        else:
            empty += 1
    if empty:
        out.append(str(empty))
    return "".join(out)


_RANK_TEMPLATES = [_rank_template(row) for row in range(256)]
_RANK_FILES = [[f for f in range(8) if row >> f & 1] for row in range(256)]


def colour_name(color: chess.Color) -> str:
    return "white" if color == chess.WHITE else "black"


# --------------------------------------------------------------------------
# Resolving a printed move: the legal moves that fit what the text says


def files_of(wing: str | None, file_piece: str) -> set[int]:
    """Files a file name may mean: ``KB`` is f; ``B`` alone is c or f; ``K`` is e."""
    if file_piece in CENTRE_FILES:
        return {CENTRE_FILES[file_piece]}
    if wing:
        return {WING_FILES[(wing, file_piece)]}
    return {WING_FILES[("K", file_piece)], WING_FILES[("Q", file_piece)]}


def squares_of(spec: SquareSpec, color: chess.Color) -> set[int]:
    """Squares a descriptive square name may mean, counted from ``color``'s side."""
    rank = spec.rank - 1 if color == chess.WHITE else 8 - spec.rank
    return {chess.square(f, rank) for f in files_of(spec.wing, spec.file)}


def _piece_matches(spec: PieceSpec, square: int, origins: Origins) -> bool:
    """Whether the piece on ``square`` answers to ``spec``'s qualifiers (``KKt``, ``QBP``, ``KP``)."""
    if spec.kind == "P":
        if spec.file is None:
            return True
        return chess.square_file(square) in files_of(spec.wing, spec.file)
    if spec.wing is None or spec.kind in ("K", "Q"):
        return True
    # The King's Knight is the one that started on the King's side.
    origin = origins.get(square, square)
    return chess.square_file(origin) in files_of(spec.wing, spec.kind)


def resolve_descriptive(board: chess.Board, mv: DescriptiveMove, origins: Origins) -> list[chess.Move]:
    """The legal moves an English descriptive move can mean."""
    color = board.turn
    if mv.kind == "castle":
        out = [m for m in board.legal_moves if board.is_castling(m)]
        if mv.castle == "K" or (mv.castle == "" and len(out) > 1):
            # "Castles" alone is with the King's Rook, as the books use it.
            out = [m for m in out if chess.square_file(m.to_square) == 6]
        elif mv.castle == "Q":
            out = [m for m in out if chess.square_file(m.to_square) == 2]
        return out
    assert mv.piece is not None
    kind = SYMBOLS[mv.piece.kind]
    to_squares = squares_of(mv.to, color) if mv.to is not None else None
    from_squares = squares_of(mv.origin, color) if mv.origin is not None else None
    # Only the named kind of piece, and for a plain move only the named squares: python-chess
    # then generates a handful of moves instead of every legal move of the position.
    from_mask = board.pieces_mask(kind, color)
    to_mask = chess.BB_ALL
    if mv.kind == "move" and to_squares is not None:
        to_mask = 0
        for square in to_squares:
            to_mask |= chess.BB_SQUARES[square]
    out = []
    for m in board.generate_legal_moves(from_mask, to_mask):
        if board.piece_type_at(m.from_square) != kind or board.is_castling(m):
            continue
        if from_squares is not None and m.from_square not in from_squares:
            continue
        if not _piece_matches(mv.piece, m.from_square, origins):
            continue
        capture = board.is_capture(m)
        if mv.kind == "move":
            if capture or m.to_square not in to_squares:  # type: ignore[operator]
                continue
        elif mv.kind == "capture":
            if not capture or (to_squares is not None and m.to_square not in to_squares):
                continue
            if board.is_en_passant(m):
                at = m.to_square + (-8 if color == chess.WHITE else 8)
                taken = chess.PAWN
            else:
                at, taken = m.to_square, board.piece_type_at(m.to_square)
            assert mv.target is not None
            if taken != SYMBOLS[mv.target.kind] or not _piece_matches(mv.target, at, origins):
                continue
            if mv.en_passant and not board.is_en_passant(m):
                continue
        elif mv.kind == "queens" and not m.promotion:
            continue
        if m.promotion:
            if m.promotion != SYMBOLS[mv.promotion or "Q"]:
                continue
        elif mv.promotion and mv.kind != "queens":
            continue
        out.append(m)
    return out


def resolve_german(board: chess.Board, mv: GermanMove, origins: Origins) -> list[chess.Move]:
    """The legal moves a German move can mean."""
    if mv.castle:
        side = 6 if mv.castle == "K" else 2
        return [m for m in board.legal_moves if board.is_castling(m) and chess.square_file(m.to_square) == side]
    to = chess.parse_square(mv.to) if mv.to else None
    kind = SYMBOLS[mv.piece]
    if to is None:
        return []
    out = []
    for m in board.generate_legal_moves(board.pieces_mask(kind, board.turn), chess.BB_SQUARES[to]):
        if m.to_square != to or board.piece_type_at(m.from_square) != kind or board.is_castling(m):
            continue
        if mv.origin:
            if len(mv.origin) == 2 and m.from_square != chess.parse_square(mv.origin):
                continue
            if mv.origin.isalpha() and chess.square_file(m.from_square) != "abcdefgh".index(mv.origin):
                continue
            if mv.origin.isdigit() and chess.square_rank(m.from_square) != int(mv.origin) - 1:
                continue
        if mv.capture != board.is_capture(m):
            continue
        if m.promotion and m.promotion != SYMBOLS[mv.promotion or "Q"]:
            continue
        if mv.promotion and not m.promotion:
            continue
        out.append(m)
    return out


def resolve_san(board: chess.Board, text: str, origins: Origins) -> list[chess.Move]:
    """The legal moves a SAN token can mean (python-chess reads it; an ambiguous one gives every reading)."""
    # "exf6 e.p.": python-chess reads the capture without the mark; figurines read as letters.
    text = text.replace("e. p.", "").replace("e.p.", "").strip().translate(FIGURINES)
    try:
        return [board.parse_san(text)]
    except chess.AmbiguousMoveError:
        bare = text.rstrip("+#!?")
        return [m for m in board.legal_moves if _undisambiguated(board, m) == bare]
    except ValueError:
        return []


def _undisambiguated(board: chess.Board, move: chess.Move) -> str:
    san = board.san(move).rstrip("+#")
    piece = board.piece_type_at(move.from_square)
    if piece == chess.PAWN or board.is_castling(move):
        return san
    capture = "x" if board.is_capture(move) else ""
    return f"{san[0]}{capture}{chess.square_name(move.to_square)}"


def resolve(notation: str, board: chess.Board, fields, origins: Origins) -> list[chess.Move]:
    """The legal moves a printed move can mean, in its notation."""
    if isinstance(fields, Unreadable) or fields is None:
        return []
    if notation == "english-descriptive":
        return resolve_descriptive(board, fields, origins)
    if notation == "german":
        return resolve_german(board, fields, origins)
    return resolve_san(board, fields, origins)


def printed_check(notation: str, fields) -> tuple[bool, bool]:
    """(check, mate) as the text claims them."""
    if isinstance(fields, (DescriptiveMove, GermanMove)):
        return fields.check or fields.mate, fields.mate
    if isinstance(fields, str):
        return fields.rstrip("!?").endswith(("+", "#")), fields.rstrip("!?").endswith("#")
    return False, False


# --------------------------------------------------------------------------
# Writing a move in a notation (for repairs and for conversion)


@lru_cache(maxsize=4096)
def _read_descriptive(text: str) -> DescriptiveMove | None:
    from notation.parse import load
    from notation.parse.chess_descriptive import DescriptiveTransformer

    try:
        tree = load("chess_descriptive.lark").parse(text)
    except Exception:
        return None
    items = DescriptiveTransformer(text, 0).transform(tree)
    moves = [m for seg in items if hasattr(seg, "items") for m in seg.items if isinstance(m, PrintedMove)]
    return moves[0].fields if len(moves) == 1 else None


def read_descriptive_move(board: chess.Board, text: str, origins: Origins) -> list[chess.Move]:
    """Resolve one descriptive move given as text (used by the writer to prove a form unique)."""
    fields = _read_descriptive(text)
    return resolve_descriptive(board, fields, origins) if fields else []


def write_move(notation: str, board: chess.Board, move: chess.Move, origins: Origins) -> str:
    """``move`` written in ``notation``: the shortest unambiguous form."""
    if notation == "english-descriptive":
        return desc_writer.write_move(board, move, origins, read_descriptive_move)
    if notation == "german":
        return german_writer.write_move(board, move)
    return board.san(move)


def forms(notation: str, board: chess.Board, move: chess.Move, origins: Origins) -> list[str]:
    """Every way a book might print ``move`` in ``notation`` (for the nearest-reading search)."""
    if notation == "english-descriptive":
        return desc_writer.forms(board, move, origins)
    if notation == "german":
        return german_writer.forms(board, move)
    san = board.san(move)
    return [san.rstrip("+#"), move.uci()]


def levenshtein(a: str, b: str) -> int:
    """Edit distance: insertions, deletions, substitutions, each costing one."""
    if len(a) < len(b):
        a, b = b, a
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        current = [i]
        for j, cb in enumerate(b, 1):
            current.append(min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (ca != cb)))
        previous = current
    return previous[-1]


def similarity(a: str, b: str) -> float:
    """Share of letters two texts have in common, in order (difflib's ratio)."""
    return SequenceMatcher(None, a, b).ratio()


def _plain(text: str) -> str:
    """Text compared for nearness: no spaces, no check marks, one apostrophe."""
    t = text.replace(" ", "").replace("’", "'").replace(",", "")
    for suffix in ("mate", "ch.", "ch", "+", "#", "!", "?", "."):
        if t.endswith(suffix):
            t = t[: -len(suffix)]
    return t.replace("'s", "sq")


# --------------------------------------------------------------------------
# Replay


@dataclass
class _Context:
    parsed: ParsedRecord
    game: Game
    notation: str
    next_variation: int = 1
    pass_after_first: bool = False


@dataclass
class Position:
    """A board plus where each piece started (to tell the King's Knight from the Queen's)."""

    board: chess.Board
    origins: Origins = field(default_factory=dict)
    #: The piece symbol on each square, and the FEN of each rank (a1-h1 first),
    #: kept up to date move by move for :meth:`key`.
    cells: list[str | None] = field(default_factory=list)
    ranks: list[str] = field(default_factory=list)

    @classmethod
    def start(cls, board: chess.Board) -> "Position":
        cells = [p.symbol() if p else None for p in map(board.piece_at, chess.SQUARES)]
        return cls(board, {sq: sq for sq in chess.SquareSet(board.occupied)}, cells,
                   position_key(board).split(" ", 1)[0].split("/")[::-1])

    def copy(self) -> "Position":
        return Position(self.board.copy(stack=False), dict(self.origins), list(self.cells), list(self.ranks))

    def key(self) -> str:
        """:func:`position_key` of the board, from the ranks the moves changed."""
        board = self.board
        castling = board.castling_xfen() if board.castling_rights else "-"
        ep = "-"
        if board.ep_square is not None and board.has_legal_en_passant():
            ep = chess.SQUARE_NAMES[board.ep_square]
        return f"{'/'.join(self.ranks[::-1])} {'w' if board.turn else 'b'} {castling} {ep}"

    def _refresh(self, squares: tuple[int, ...]) -> None:
        board, cells = self.board, self.cells
        for sq in squares:
            piece = board.piece_at(sq)
            cells[sq] = piece.symbol() if piece else None
        for rank in {sq >> 3 for sq in squares}:
            row = (board.occupied >> (8 * rank)) & 0xFF
            self.ranks[rank] = _RANK_TEMPLATES[row].format(*[cells[8 * rank + f] for f in _RANK_FILES[row]])

    def push(self, move: chess.Move) -> None:
        """Make the move, keeping track of where each piece started."""
        self._push(move, False)

    def push_san(self, move: chess.Move) -> str:
        """Make the move and return its SAN (check and mate marks included), in one pass."""
        return self._push(move, True)  # type: ignore[return-value]

    def _push(self, move: chess.Move, san: bool) -> str | None:
        board, origins = self.board, self.origins
        changed: tuple[int, ...] = (move.from_square, move.to_square)
        if board.is_castling(move):
            rank = chess.square_rank(move.from_square)
            kingside = chess.square_file(move.to_square) > chess.square_file(move.from_square)
            rook_from = chess.square(7 if kingside else 0, rank)
            rook_to = chess.square(5 if kingside else 3, rank)
            if board.chess960 or board.piece_type_at(move.to_square) == chess.ROOK:
                rook_from = move.to_square
            king_to = chess.square(6 if kingside else 2, rank)
            king_origin = origins.pop(move.from_square, move.from_square)
            rook_origin = origins.pop(rook_from, rook_from)
            origins[king_to], origins[rook_to] = king_origin, rook_origin
            changed += (king_to, rook_from, rook_to)
        else:
            if board.is_en_passant(move):
                taken = move.to_square + (-8 if board.turn == chess.WHITE else 8)
                origins.pop(taken, None)
                changed += (taken,)
            origins[move.to_square] = origins.pop(move.from_square, move.from_square)
        text = board.san_and_push(move) if san else board.push(move)
        self._refresh(changed)
        return text


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
            from notation.rules.chess_odds import odds_fen

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
    from notation.rules.chess_odds import OddsError, odds as find

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


class ChessFamily:
    """Chess in English descriptive, German and SAN notation, replayed with python-chess."""

    name = "chess"
    notations = {"english-descriptive": EnglishDescriptive(), "german": German(), "san": San()}
    formats = ("pgn", "san", "english-descriptive", "descriptive", "german")
    extensions = (".pgn",)

    def identify(self, record: Record) -> bool:
        return any(record.tag(t) for t in ("White", "Black", "Event", "FEN", "Odds"))

    def candidate_notations(self, record: Record) -> list[str]:
        """Notations worth trying for a record that names none (a .pgn file is SAN by the standard)."""
        if record.path.lower().endswith(".pgn"):
            return ["san"]
        return list(self.notations)

    def replay(self, parsed: ParsedRecord) -> Game:
        record = parsed.record
        board, diagnostics = start_position(record)
        game = Game(record=record, family="chess", notation=parsed.notation, variant="standard",
                    title=record.tag("Title") or _pgn_title(record), start=position_key(board),
                    diagnostics=diagnostics + list(parsed.diagnostics), comments=list(parsed.comments))
        if record.tag("Odds"):
            game.variant = "odds"
        ctx = _Context(parsed, game, parsed.notation)
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

    def read_fast(self, notation: str, record: Record) -> Game | None:
        """The finished game if the record is clean PGN, read on the fast path; else ``None``."""
        from notation.rules.chess_clean import read_clean

        return read_clean(notation, record)

    def probe(self, parsed: ParsedRecord) -> bool:
        """Whether every printed move, variations included, reads as exactly one legal move.

        Cheap (no diagnostics, no repairs): notation detection asks it of every
        notation, then replays in full only the one that reads.
        """
        board, problems = start_position(parsed.record)
        if problems:
            return False
        pass_first = white_moves_first(parsed.record) == 2 and not _has_pass(parsed.line)
        line = _two_moves_order(parsed.line) if pass_first else parsed.line
        return bool(line.moves) and self._probe_line(parsed.notation, line, Position.start(board), pass_first)

    def _probe_line(self, notation: str, line: PrintedLine, pos: Position, pass_first: bool = False) -> bool:
        for i, pm in enumerate(line.moves):
            if any(not self._probe_line(notation, v, pos.copy()) for v in pm.variations):
                return False
            candidates = resolve(notation, pos.board, pm.fields, pos.origins)
            if len(candidates) > 1:
                claimed, _ = printed_check(notation, pm.fields)
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
        candidates = resolve(ctx.notation, board, pm.fields, pos.origins)
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
        claimed_check, claimed_mate = printed_check(ctx.notation, pm.fields)
        san = pos.push_san(move)
        check, mate = san.endswith(("+", "#")), san.endswith("#")
        detail["check"], detail["mate"] = check, mate
        if status != "repaired" and not isinstance(pm.fields, Unreadable):
            self._check_claims(ctx, diag, pm, ply, claimed_check, claimed_mate, check, mate)
        return Move(ply, side, pm.text, san, status, line, column, pm.number, detail,
                    pos.key(), pm.comment)

    def _check_claims(self, ctx: _Context, diag: "_DiagnosticSink", pm: PrintedMove, ply: int,
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
        claimed_check, _ = printed_check(ctx.notation, pm.fields)
        if isinstance(pm.fields, Unreadable):
            claimed_check = _plain(pm.text) != pm.text.replace(" ", "").replace(",", "").rstrip(".!?")
        scored: list[tuple[int, float, chess.Move]] = []
        for m in board.legal_moves:
            d, ratio = min((levenshtein(target, p), -similarity(target, p))
                           for p in map(_plain, forms(ctx.notation, board, m, pos.origins)))
            # A reading that contradicts the printed check mark is one more letter away.
            d += board.gives_check(m) != claimed_check
            scored.append((d, ratio, m))
        if not scored:
            return None, []
        scored.sort(key=lambda x: (x[0], x[1]))
        best = scored[0][0]
        suggestions = [write_move(ctx.notation, board, m, pos.origins) for _, _, m in scored[:3]]
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
                return None, [write_move(ctx.notation, board, m, pos.origins) for _, m in tied[:4]]
            chosen = tied[0][1]
        first = write_move(ctx.notation, board, chosen, pos.origins)
        return chosen, [first] + [s for s in suggestions if s != first][:2]

    def _agrees_with_check(self, ctx: _Context, board: chess.Board, pm: PrintedMove,
                           candidates: list[chess.Move]) -> chess.Move | None:
        """The one reading whose check (or its absence) matches the text, if exactly one does."""
        claimed, _ = printed_check(ctx.notation, pm.fields)
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
            candidates = resolve(ctx.notation, pos.board, pm.fields, pos.origins)
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

    def write(self, game: Game, fmt: str) -> str:
        """PGN, or the moves in SAN, English descriptive or German notation."""
        if fmt == "pgn":
            from notation.write.pgn import write_game

            return write_game(game)
        notation = {"descriptive": "english-descriptive"}.get(fmt, fmt)
        return write_movetext(game, notation)

    def picture(self, position_key: str) -> str:
        """The position as an SVG board (python-chess's ``chess.svg``)."""
        return chess.svg.board(chess.Board(_full_fen(position_key)), size=320)


def _has_pass(line: PrintedLine) -> bool:
    return any(isinstance(m.fields, str) and m.fields == "--" for m in line.moves[:3])


class _DiagnosticSink:
    def __init__(self, game: Game, ply: int, variation: int, line: int, column: int) -> None:
        self.game, self.ply, self.variation, self.line, self.column = game, ply, variation, line, column

    def add(self, severity: str, code: str, message: str, suggestions: list[str] | None = None) -> None:
        self.game.diagnostics.append(Diagnostic(severity, code, message, self.line, self.column, self.ply,  # type: ignore[arg-type]
                                                self.variation or None, list(suggestions or [])))


def write_movetext(game: Game, notation: str) -> str:
    """The main line as numbered moves in ``notation`` (a record body that reads back the same)."""
    pos = Position.start(chess.Board(_full_fen(game.start)) if game.start else chess.Board())
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
        parts.append(write_move(notation, board, move, pos.origins))
        pos.push(move)
        if m.ply in game.detail.get("passes_after_ply", ()):
            pos.board.push(chess.Move.null())
            if notation == "san":
                parts.append("--")
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


def _full_fen(key: str) -> str:
    parts = key.split()
    return key if len(parts) >= 6 else " ".join(parts + ["0", "1"])


def _pgn_title(record: Record) -> str | None:
    white, black = record.tag("White"), record.tag("Black")
    if white and black:
        return f"{white} – {black}" + (f", {record.tag('Event')}" if record.tag("Event") else "")
    return record.tag("Event")


FAMILY = ChessFamily()
