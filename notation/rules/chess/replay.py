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

import re
from collections.abc import Callable
from copy import deepcopy
from dataclasses import dataclass, field, replace
from functools import cached_property

import chess
from rapidfuzz.distance import Indel, Levenshtein

from notation.boards.chess import Position, colour_name, gives_mate, position_key
from notation.decode import tokens
from notation.details.chess import ChessExtra, ChessGameDetail, ChessMoveDetail
from notation.diagnostics import Code
from notation.families import move_like_words
from notation.model import (
    Claim,
    Diagnostic,
    Game,
    Move,
    ParsedRecord,
    PrintedLine,
    PrintedMove,
    Record,
    Status,
    Variation,
    printed_moves,
)
from notation.nesting import Nested, run_nested
from notation.parse import ParseError, next_turn
from notation.parse.chess_descriptive_words import cardinal
from notation.parse.chess_layout import AFTER_RESULT, Unreadable, result_after_score, result_words, scores_in
from notation.rules.chess.decode import (
    TRANSCRIBED,
    ChessRules,
    Decoded,
    begins_a_move,
    rules_for,
)
from notation.rules.chess.endings import (
    SCORE,
    check_printed_result,
    later_move,
    reported_result,
    settle,
    settled_mate_claim,
)
from notation.rules.chess.notations import MOVE_WORD, NOTATION_WORD, NOTATIONS, ChessNotation
from notation.rules.chess.odds import Odds
from notation.rules.chess.results_table import check_row
from notation.rules.chess.setups import mover_first, text_start
from notation.rules.kit import best_by_lookahead, report, side_printed_last
from notation.solve.chess_search import mate_within, settle_mate

#: How many plies before a move that stops the game the search for a legal misprint looks back first; further
#: back, as many plies as the rest of the line from that move is long (:meth:`Replay._misprint`).
MISPRINT_WINDOW = 6
#: A near reading of a printed move tried as a legal misprint: letters changed, ply, move, the look-alike form read.
_Reading = tuple[int, int, chess.Move, str | None]
#: How many legal misprints one main line may have found this way.
MISPRINTS = 4
#: Moves the search over an ambiguity's readings may make (the rest of the game, at any depth).
SEARCH_BUDGET = 5_000


def levenshtein(a: str, b: str) -> int:
    """Edit distance: insertions, deletions, substitutions, each costing one."""
    return Levenshtein.distance(a, b)


def similarity(a: str, b: str) -> float:
    """Share of letters two texts have in common, in order (0..1)."""
    return Indel.normalized_similarity(a, b)


def _named(text: str) -> str:
    """The pieces and squares a move's text names, without its signs (``Dc5-c7`` -> ``Dc5c7``)."""
    return "".join(c for c in text if c.isalnum())


#: Letters and figures an OCR reads one for another, each a pair that looks alike in the type of the period's
#: books (a file's "c" and "e", "b" and "h"; a rank's "3" and "8", "5" and "6", "6" and "8", "1" and "7").
_LOOKALIKE = {frozenset(pair) for pair in ("ce", "bh", "38", "56", "68", "17")}


def _one_letter_for_another(printed: str, form: str) -> bool:
    """Whether ``printed`` is ``form`` with one letter read as another that looks like it (:data:`_LOOKALIKE`)
    wherever it stands, more than once (``c2-c3`` for ``e2-e3``: the OCR's "c" for "e", the file named twice):
    one confusion, however many times the word prints it."""
    if len(printed) != len(form) or printed == form:
        return False
    pairs = {(a, b) for a, b in zip(printed, form) if a != b}
    return len(pairs) == 1 and sum(a != b for a, b in zip(printed, form)) > 1 \
        and frozenset(next(iter(pairs))) in _LOOKALIKE and next(iter(pairs))[1] not in printed


def _marks_reason(check: bool, mate: bool) -> str:
    """Why the marks settled a reading: the mark printed, or none printed where the other reading gives check."""
    if mate:
        return "gives the mate printed"
    return "gives the check printed" if check else "gives no check, as the text prints none"


def _either(readings: list[str], shown: int = 6) -> str:
    """Readings joined with "or"; past ``shown`` of them, how many more (a word no move is near: any legal move)."""
    if len(readings) <= shown:
        return " or ".join(readings)
    return f"{' or '.join(readings[:shown])} or any of {len(readings) - shown} other moves"


def _may_look_alike(printed: str) -> bool:
    """Whether some form could be ``printed`` with one letter read as another (:func:`_one_letter_for_another`):
    only where ``printed`` has a lookalike letter twice or more and not the letter it may stand for (what each
    form is asked, found once for the print: a print without such a letter asks no move for its forms)."""
    return any(printed.count(a) > 1 and b not in printed for pair in _LOOKALIKE for a, b in (tuple(pair), tuple(pair)[::-1]))


#: A printed check or mate mark at the end of a move, as :func:`_plain` strips it.
_CHECK_MARK = re.compile(r"(?:mate|ch\.?|\+|#|†|‡)[.!?]*$")


def _plain(text: str) -> str:
    """Text compared for nearness: no spaces, no check marks, one apostrophe, one kind of dash,
    no full stops (``D. d 8 – a 5.`` is ``Dd8-a5``); the long form of the 1850s in the short
    one (``K. Kt. to Q. B's 3d.`` is ``KKt-QB3``)."""
    t = text.replace("’", "'")
    t = _CHECK_IN_BRACKETS.sub("", t)
    t = _LONG_TO.sub("-", t)
    t = _LONG_TAKES.sub("x", t)
    t = _ORDINAL.sub(r"\1", t)
    t = _POSSESSIVE.sub("", t)
    t = t.replace(" ", "").replace(",", "").replace("–", "-").replace("—", "-")
    for suffix in ("!", "?", ".", "mate", "ch.", "ch", "+", "#", "†", "‡", "!", "?", "."):
        t = t.removesuffix(suffix)
    # A book's "sq." is the first rank a writer prints as "1" ("K-B sq" is "K-B1").
    return t.replace("'s", "sq").replace(".", "").replace("sq", "1")


#: A check mark in words after a move ("Q-K8 ch.", "BxPch", "KtxKtch"): a "ch" of its own or after a move's figure,
#: capital or "Kt" (not "which", "each").
_CH_MARK = re.compile(r"(?:\b|(?<=\d)|(?<=[A-Z])|(?<=Kt)|(?<=sq))ch\b")
#: A "+" printed close after a move's word ("Bxf7+", "P-KKt4+)"): a text's check mark, where it writes them so.
_PLUS_MARK = re.compile(r"(?<=[\w)])\+")
#: A "+" after a move, or after its check mark in words: "P-QR3 +.", "Q-K5ch + .", "10 KtxQ +.", "Kt-Q2+" (an OCR
#: sets the book's spaced sign close as often as not): ``_SIGN_AFTER`` where the move's printed text stops at its
#: word, ``_SIGN_IN_TEXT`` where it holds its marks.
_SIGN_AFTER = re.compile(r"(?P<ch>[,:]?\s*(?:dis\.?\s*)?(?:ch|check)\b\.?\s*|\s*)\+(?![+\w])")
_SIGN_IN_TEXT = re.compile(r"(?P<ch>(?:ch|check)\b\.?\s*|\s*)\+[.\s]*$")
#: A check mark in words at the end of a move's printed text ("B-QKt5 ch."): the "+" after it is the sign.
_CH_AT_END = re.compile(r"(?:ch|check)\b\.?\s*$")


def writes_check_as_ch(body: str) -> bool:
    """Whether a text writes check as ``ch`` (its check marks words, more of them than "+" after a move's word):
    then a "+" after a move is no check mark but the old books' sign for the better game."""
    words = len(_CH_MARK.findall(body))
    return words > 0 and words > len(_PLUS_MARK.findall(body))


def better_game_sign(body: str, pm: PrintedMove) -> tuple[bool, bool]:
    """(whether a "+" follows the move, whether "ch" is printed before it) in the record's ``body``."""
    found = _SIGN_AFTER.match(body, pm.end) or _SIGN_IN_TEXT.search(pm.text)
    if found is None:
        return False, False
    return True, bool(found.group("ch").strip()) or _CH_AT_END.search(pm.text) is not None


_CHECK_IN_BRACKETS = re.compile(r"\s*\((?:disc?\.?\s*)?ch(?:eck)?\.?(?:,\s*(?:best|good|bad)\.?)?\s*\)")
_LONG_TO = re.compile(r"\s+to\s+")
_LONG_TAKES = re.compile(r"\s+takes\s+")
_ORDINAL = re.compile(r"(\d)(?:st|nd|rd|th|d)\b")
#: "K's 4th", "B's sq", "K's B.": a possessive inside a name says nothing.
_POSSESSIVE = re.compile(r"'s(?=\s*(?:\d|sq\b|[A-Z]))")


# --------------------------------------------------------------------------
# Replay



#: How the decoder read a word that is not a printed form of its move (see :class:`Decoded`).
_CORRECTIONS = {"ocr": "an OCR confusion", "misprint": "one letter off", "damaged": "only the piece and "
                "the last figure legible", "illegible": "only the piece and the last letter legible, where the "
                "next row's number says a move stands", "lost": "past reading, where the row's number says a move "
                "stands: the move the next printed moves follow from"}


@dataclass
class _Context:
    parsed: ParsedRecord
    game: Game
    notation: ChessNotation
    next_variation: int = 1
    pass_after_first: bool = False
    #: A result printed in words where the game goes on, for the engine: (final board, result, words, line, column).
    printed_result: tuple[chess.Board, str, str, int | None, int | None] | None = None
    #: Legal misprints found by :meth:`Replay._misprint`: the printed move (by its offset), the move
    #: meant, and what the diagnostic says.
    misprints: dict[int, tuple[chess.Move, str, list[str]]] = field(default_factory=dict)
    #: The main line's printed moves (by offset) read on after the first of readings alike (:meth:`Replay._repair`):
    #: where a legal misprint is looked for, the line stops there as at a move not made (of the last replay only).
    guessed: set[int] = field(default_factory=set)
    #: Whether the checks of the ending (a mate claim's proof, :func:`.endings.settle`) are made where the
    #: reading is in error already (:meth:`Replay.replay_deferring` leaves them for the reading kept).
    prove: bool = True
    #: ... and left out even where the reading is in no error (:meth:`Replay.replay_deferring`'s ``always``).
    always: bool = False
    #: The checks left out, in the order they are made.
    deferred: list[Callable[[], None]] = field(default_factory=list)

    @cached_property
    def checks_in_words(self) -> bool:
        """Whether the record's text writes check as ``ch`` (:func:`writes_check_as_ch`)."""
        return writes_check_as_ch(self.parsed.record.body)


class VariantError(ValueError):
    """A ``[Variant]`` this replay has no board for."""


def variant_board(record: Record) -> tuple[type[chess.Board], bool, str]:
    """The board class, Chess960 flag and name for the record's ``[Variant]`` tag.

    python-chess's variant boards (Crazyhouse, Antichess, Atomic, King of the
    Hill, Three-check, Horde, Racing Kings ...) by any of their names;
    Chess960 (Fischerandom, FRC) on the standard board with its castling.
    :class:`VariantError` naming the known variants otherwise: never a
    silent replay as standard chess.
    """
    import chess.variant

    name = (record.tag("Variant") or "").strip()
    low = name.lower().replace(" ", "").replace("-", "")
    if not low or low in ("standard", "chess", "normal", "classical", "fromposition"):
        return chess.Board, False, "standard"
    if "960" in low or "fischer" in low or low == "frc":
        return chess.Board, True, "chess960"
    try:
        board = chess.variant.find_variant(name)
    except ValueError:
        known = ", ".join(["Chess960"] + [b.aliases[0] for b in chess.variant.VARIANTS[1:]])
        raise VariantError(f"cannot replay the variant {name!r}: expected one of {known}") from None
    return board, False, board.uci_variant or name


def heading_odds(parsed: ParsedRecord) -> tuple[Odds, int] | None:
    """The odds the game's heading states ("Remove White's Q. R. from the Board.", "at the odds of
    the Pawn and Move") and the offset in the body where it says so, when no tag sets the start."""
    record = parsed.record
    if any(record.tag(name) for name in ("FEN", "SetUp", "Odds")):
        return None
    from notation.rules.chess.odds import odds_in_heading

    for at, text in ChessExtra.of(parsed.extra).headings:
        found = odds_in_heading(text)
        if found is not None:
            return found[0], at + found[1]
    return None


def start_position(record: Record, parsed: ParsedRecord | None = None) -> tuple[chess.Board, list[Diagnostic]]:
    """The start: ``[FEN]``, else ``[SetUp]`` prose, else ``[Odds]``, else the odds the heading
    states, else the variant's start position.

    A set-up that cannot be read is reported where the fault is inside the tag,
    and the replay starts from the standard position. A ``[Variant]`` it has
    no board for raises :class:`VariantError`.
    """
    stated = heading_odds(parsed) if parsed is not None else None
    if stated is not None and record.tag("Variant") is None:
        given, at = stated
        line, column = record.position(at)
        side = "White" if given.giver == chess.WHITE else "Black"
        men = ", ".join(f"the {chess.piece_name(chess.Board().piece_type_at(sq) or chess.PAWN)} on "
                        f"{chess.square_name(sq)}" for sq in given.removed)
        return given.board(), [Diagnostic("info", "odds", f"the heading says the game is played at odds "
                                          f"({given.name}): replayed with {side}'s men but {men}", line, column)]
    board_class, chess960, _ = variant_board(record)
    fen = record.tag("FEN")
    setup = record.tag("SetUp")
    odds = record.tag("Odds")
    tag, at = None, 0
    try:
        if fen:
            tag = "FEN"
            board = _possible(board_class(fen, chess960=chess960))
            return board, _chess960_by_its_fen(record, board)
        if setup and setup.strip() not in ("0", "1"):
            from notation.parse.chess_setup import setup_fen

            tag = "SetUp"
            return _possible(chess.Board(setup_fen(setup))), []
        if odds:
            from notation.rules.chess.odds import odds_fen

            tag = "Odds"
            return chess.Board(odds_fen(odds)), []
    except ValueError as exc:
        at = getattr(exc, "offset", 0)
        line, column = record.tag_position(tag or "", at)
        return board_class(chess960=chess960), [Diagnostic("error", "bad-setup",
                                                           f"cannot set up the start position from [{tag}]: {exc}",
                                                           line, column)]
    return board_class(chess960=chess960), []


#: What makes a set-up no position of the game (python-chess's statuses; each variant's board says which
#: apply to it, as antichess has no kings): its men are read, but no move can be replayed from it.
_IMPOSSIBLE = ((chess.STATUS_EMPTY, "the board is empty"), (chess.STATUS_NO_WHITE_KING, "White has no king"),
               (chess.STATUS_NO_BLACK_KING, "Black has no king"),
               (chess.STATUS_TOO_MANY_KINGS, "a side has more than one king"),
               (chess.STATUS_PAWNS_ON_BACKRANK, "a pawn stands on the first or the eighth rank"),
               (chess.STATUS_OPPOSITE_CHECK, "the side that has just moved is in check"))


def _possible(board: chess.Board) -> chess.Board:
    """The board, when it is a position of its game; else ``ValueError`` saying why not (an empty board,
    a side without its king: a set-up no move can be replayed from)."""
    status = board.status()
    why = [text for flag, text in _IMPOSSIBLE if status & flag]
    if why:
        raise ValueError(f"not a position of the game ({'; '.join(why)})")
    return board


def _chess960_by_its_fen(record: Record, board: chess.Board) -> list[Diagnostic]:
    """A standard board whose ``[FEN]`` gives castling rights only Chess960 has (a rook's file, ``GDgd``;
    a king or rook off its square) is made Chess960's, and says so: no ``[Variant]`` tag named it."""
    if board.chess960 or type(board) is not chess.Board or not board.has_chess960_castling_rights():
        return []
    board.chess960 = True
    fields = (record.tag("FEN") or "").split()
    rights = fields[2] if len(fields) > 2 else board.castling_shredder_fen()
    return [Diagnostic("warning", "variant", f"the FEN's castling rights ({rights}) are Chess960's, and no [Variant] "
                       "tag names it: replayed as Chess960", *record.tag_position("FEN"))]


def _set_by_record(parsed: ParsedRecord) -> bool:
    """Whether a tag (``[FEN]``, ``[SetUp]``, ``[Odds]``) or the heading's odds set the start: then
    the text's own set-ups are not read."""
    return any(parsed.record.tag(name) for name in ("FEN", "SetUp", "Odds")) or heading_odds(parsed) is not None


def white_moves_first(record: Record, parsed: ParsedRecord | None = None) -> int:
    """How many moves White makes before Black's first (2 at Pawn and Two Moves)."""
    stated = heading_odds(parsed) if parsed is not None else None
    if stated is not None:
        return stated[0].first_moves
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

    def replay(self, parsed: ParsedRecord, notation: ChessNotation, infer: bool = False) -> Game:
        """The record replayed from its start; ``infer``: from the smallest set-up its moves need
        (:mod:`.infer`) where nothing sets the start (``None`` when there is none)."""
        return self._replay(parsed, notation, infer, True)[0]

    def replay_deferring(self, parsed: ParsedRecord, notation: ChessNotation, always: bool = False,
                         from_whites_side: bool = False) -> tuple[Game, Callable[[], None]]:
        """The record replayed as :meth:`replay` replays it, but for the checks of its ending where the
        reading is in error before them; and what makes them, where it is kept.

        The checks (a mate claim's proof, the endings' tables and the engine: :func:`.endings.settle`) add
        claims and diagnostics, an error at worst, and change no move: a reading in error stays in error, and
        reads as many moves, whatever they find. A reading the decoder's replaces needs none of them (whole
        Löwenthal: 0.7 s of proofs and 2 s of ``settle``, the layout readings' the decoder's replaced). Made,
        they leave the game as :meth:`replay` leaves it, each claim and diagnostic where it stands. ``always``:
        left out even where the reading is in no error (the decoder's reading, which may not be kept).
        ``from_whites_side``: with Black's squares counted from White's side in the set-up above the moves
        (:func:`.setups.text_start`)."""
        game, ctx = self._replay(parsed, notation, False, False, always, from_whites_side)

        def complete() -> None:
            for check in ctx.deferred:
                check()
            ctx.deferred.clear()
        return game, complete

    def _replay(self, parsed: ParsedRecord, notation: ChessNotation, infer: bool,
                prove: bool, always: bool = False, from_whites_side: bool = False) -> tuple[Game, _Context]:
        """The game replayed (:meth:`replay`), and its context (the checks it left out, ``prove`` false)."""
        record = parsed.record
        parsed = result_of_its_line(parsed, notation.grammar)
        try:
            board, diagnostics = start_position(record, parsed)
        except VariantError as exc:
            game = self._unknown_variant(parsed, notation, exc)
            return game, _Context(parsed, game, notation)
        printed = None if _set_by_record(parsed) else text_start(parsed, notation, from_whites_side)
        if printed is not None:
            board, diagnostics = printed.board or board, diagnostics + printed.diagnostics
            # A problem's solution numbered from 1 with Black to move first: each number's first move is Black's.
            parsed = replace(parsed, line=mover_first(printed, parsed.line))
        variant = "chess960" if board.chess960 else variant_board(record)[2]
        game = Game(record=record, family="chess", notation=parsed.notation, variant=variant,
                    title=record.named("Title") or _pgn_title(record), start=position_key(board),
                    diagnostics=diagnostics + list(parsed.diagnostics), comments=list(parsed.comments),
                    detail=ChessGameDetail())
        if record.tag("Odds") or any(d.code == "odds" for d in diagnostics):
            game.variant = "odds"
        ctx = _Context(parsed, game, notation, prove=prove, always=always)
        # (Notes under a diagram's caption with no board, "See Diagram, page 168.", have no position either.)
        if (printed is None or printed.board is None) and not _set_by_record(parsed) and record.tag("Kind") is not None:
            from notation.parse.chess_book import KIND, NOTES  # (loaded where a book's record is)

            if record.tag(KIND) == NOTES:
                return self._notes_apart(ctx), ctx
        if printed is not None:
            for name, value in printed.detail.items():
                setattr(ChessGameDetail.of(game.detail), name, value)
            if printed.board is None:  # the set-up is missing or unreadable
                missing = [d for d in printed.diagnostics if d.code == "missing-setup"]
                inferred = _inferred(ctx, missing[0]) if missing else None  # (a bad set-up stays an error)
                if inferred is None and printed.fallback is not None:  # the opening's, after all
                    game.diagnostics.remove(missing[0])
                    ChessGameDetail.of(game.detail).setup_missing = None
                    inferred = printed.fallback
                if inferred is None:  # the moves are kept, unreplayed
                    game.moves = self._kept(ctx, parsed.line, 0, "setup_missing")
                    _account_for_prose(parsed, game)
                    return game, ctx
                board = inferred
        if fragment_start(parsed) is not None and not ChessGameDetail.of(game.detail).setup:
            inferred = _inferred(ctx, None)
            if inferred is None:
                return self._fragment(ctx), ctx
            board = inferred
        elif infer and printed is None and not _set_by_record(parsed):
            board = _inferred(ctx, None) or board
        final = Position.start(board)
        line = parsed.line
        if white_moves_first(record, parsed) == 2 and not _has_pass(line):
            # Black passes once after White's first move; the pass is no printed move.
            line = _two_moves_order(line)
            ctx.pass_after_first = True
            ChessGameDetail.of(game.detail).passes_after_ply = [1]
        start, marks = final.copy(), (len(game.diagnostics), len(game.claims))
        game.moves = self._main_line(ctx, line, final)
        if not ctx.pass_after_first and game.variations and _faulty(game):
            reread = self._reread(ctx, line, start.copy())
            if reread is not None:  # replay the new reading from the start, keeping what it said
                said = game.diagnostics[-1]
                del game.diagnostics[marks[0]:], game.claims[marks[1]:]
                game.diagnostics.append(said)
                marks = (marks[0] + 1, marks[1])
                line, game.variations, ctx.next_variation, final = reread, [], 1, start.copy()
                game.moves = self._main_line(ctx, line, final)
        while not ctx.pass_after_first and len(ctx.misprints) < MISPRINTS:
            found = self._misprint(ctx, line, start.copy(), game.moves)
            if found is None:
                break
            # Replay again from the start with the move meant where the misprint stands.
            ctx.misprints[found[0]] = found[1]
            del game.diagnostics[marks[0]:], game.claims[marks[1]:]
            game.variations, ctx.next_variation, final = [], 1, start.copy()
            game.moves = self._main_line(ctx, line, final)
        self._check_result(ctx, final.board)
        _scores_among_moves(ctx, notation.grammar)
        _account_for_prose(parsed, game, *self._continuations(ctx, final))
        _check_diagrams(parsed, game)
        if ctx.printed_result is not None:  # judged once the words taken for prose are known
            check_printed_result(game, *ctx.printed_result)
        check_row(game)  # a row of a printed results table: its numbers recomputed
        # endings: the book's claims against the tables, the value after each move
        if ctx.prove or not ctx.always and not game.in_error():
            settle(game, parsed)
        else:
            ctx.deferred.append(lambda: settle(game, parsed))
        return game, ctx

    def _continuations(self, ctx: _Context, final: Position) -> tuple[set[int], set[int]]:
        """Each note's line left for prose whose number names the move after the game's last ("20 Rxe7+ Resigns.
        Anderssen gives ... 20...Nxe7 21 Qxd7+ ... 24 Bxe7 mate."; "and Black resigns, for if 30... K-R sq; 31.
        Q-R6, and mates next move"): a variation from the game's final position, branching at the ply after the
        last, its moves replayed and their marks and claims checked as any variation's. Its words from its number
        on are read by the notation's grammar where they stand (the rest of the body blanked, offsets kept). One
        whose first move is no legal move there stays the note's words, said (an ``illegal-move`` error with the
        nearest legal moves). The offsets of the words read so, which are no prose; and of the first words of those
        said so, whose stretches stay prose."""
        game, parsed = ctx.game, ctx.parsed
        body = parsed.record.body
        last = game.moves[-1] if game.moves else None
        read: set[int] = set()
        said: set[int] = set()
        if last is None or last.number is None or last.side is None or _uci(last) is None or final.board.is_game_over():
            return read, said
        number, side = (last.number, chess.BLACK) if last.side == "white" else (last.number + 1, chess.WHITE)
        # (Not where the reading leaves rows of the score, "34 P to B 4" beginning its line after the rows read, or a
        # misprint's row: the score is not read whole, its last move read no game's end; an unread-cell error.)
        if ChessExtra.of(parsed.extra).rows_unread:
            return read, said
        for start, end, _, words in ChessExtra.of(parsed.extra).prose:
            found = [(start + m.start(), m.group()) for m in MOVE_WORD.finditer(body[start:end])] if words is None \
                else _in_place(body, start, end, words) if words else []
            if not found:
                continue
            # (The stretch's first move-like word numbered so: the note's words before it are its comment.)
            at = found[0][0]
            number_at = _NUMBER_BEFORE.search(body, max(0, at - 16), at)
            numbered = _numbered_note_move(body, at)
            if number_at is None or numbered is None or numbered[0] != number or numbered[1] not in (None, side):
                continue
            # (To its paragraph's end: a stretch may end at its last move, before the marks printed after it, "mate.")
            stop = body.find("\n\n", end)
            stop = len(body) if stop < 0 else stop
            masked = "".join(c if number_at.start() <= k < stop or c == "\n" else " " for k, c in enumerate(body))
            try:
                line = ctx.notation.parse(replace(parsed.record, body=masked)).line
            except ParseError:
                continue
            moves = [pm for pm in line.moves if start <= pm.start < end]
            if not moves or moves[0].start != at:
                continue
            line = PrintedLine(moves, comment=" ".join(body[start:number_at.start()].split()) or None,
                               start_number=number, start_side=colour_name(side))
            # (Its first move numbered as printed: a bare number names the side to move.)
            moves[0] = replace(moves[0], side=colour_name(side))
            if not ctx.notation.resolve(final, moves[0]):
                if numbered[1] is None and last.side == "white":
                    # (A bare number that is the game's last move's too, "the fatal 35. Q. to R's 4th" after White's
                    # 35th: the note cites the game's own move, no continuation.)
                    continue
                shown = moves[0].text
                rules = rules_for(ctx.notation, body)
                line_no, column = parsed.record.position(at)
                game.diagnostics.append(Diagnostic(
                    "error", "illegal-move", f"{shown!r}: its number names {colour_name(side).capitalize()}'s "
                    f"{number}{_suffix(number)} move, the one after the game's last, where it is not a legal move: "
                    "no continuation of the game read from it; kept as the note's words", line_no, column,
                    suggestions=_nearest_forms(rules.compact(shown), final, rules)))
                said.add(at)  # (said here: not said again as a note past the end; its words stay prose)
                continue
            run_nested(self._replay_variation(ctx, line, final.copy(), last.ply + 1, 0))
            read.update(pm.start for pm in printed_moves(line))
            read.update(k for k, _ in found if k < at)  # (words before the number: the note's, its comment)
        return read, said

    # -- the reading search: which printed moves are the main line ---------

    def _reread(self, ctx: _Context, line: PrintedLine, start: Position) -> PrintedLine | None:
        """A division of the printed moves between main line and alternative that replays where the
        printed order does not.

        Two layouts printed side by side and flattened into one stream (a
        two-column score beside the same moves as a fraction) put an
        alternative's moves where the main line goes on. When the main line
        fails (an illegal move, a false check or mate) at or after a move that
        has an alternative printed for it, the alternative is tried as the
        main line's continuation, and the displaced moves as an alternative
        where they replay; the new reading is kept only when every move of
        both replays with its marks borne out.
        """
        moves = line.moves
        fault = self._first_fault(ctx, moves, start.copy())
        if fault is None:
            return None
        for i in range(min(fault, len(moves) - 1), -1, -1):
            for k, alternative in enumerate(moves[i].variations):
                # The alternative's moves that go on from the main line, as far as they replay;
                # the main line's own moves from here, and the alternative's rest, are displaced.
                stop = self._first_fault(ctx, moves[:i] + alternative.moves, start.copy())
                taken = len(alternative.moves) if stop is None else stop - i
                if taken < 1:
                    continue
                main = moves[:i] + alternative.moves[:taken]
                displaced = moves[i:] + alternative.moves[taken:]
                at = self._fits_at(ctx, main, displaced, start)
                if at is None:
                    continue
                others = [v for j, v in enumerate(moves[i].variations) if j != k]
                new_main = [_shallow(m) for m in main]
                new_main[i].variations = others + list(new_main[i].variations)
                # The displaced moves take the numbers of the moves they stand in for.
                displaced = [_shallow(m) for m in displaced]
                number, side = new_main[at].number, new_main[at].side
                for m in displaced:
                    m.variations, m.number, m.side = [], number, side
                    number, side = next_turn(number, side)
                new_main[at].variations = [PrintedLine(displaced, label=alternative.label)] + new_main[at].variations
                record = ctx.parsed.record
                where, column = record.position(alternative.moves[0].start)
                ctx.game.diagnostics.append(Diagnostic(
                    "warning", "reread",
                    f"the printed order does not replay; read as two layouts side by side: "
                    f"{alternative.moves[0].text!r} and what follows go on from the main line, and "
                    f"{displaced[0].text!r} and what follows are the alternative at ply {at + 1}",
                    where, column))
                return PrintedLine(new_main, line.label, line.comment, line.start_number, line.start_side)
        return None

    def _first_fault(self, ctx: _Context, moves: list[PrintedMove], pos: Position) -> int | None:
        """Index of the first printed move that is illegal or whose check or mate is false, or ``None``."""
        for k, pm in enumerate(moves):
            candidates = ctx.notation.resolve(pos, pm)
            marks = ctx.notation.printed_marks(pm)
            agreeing = _agreeing(pos.board, candidates, marks)
            if not candidates or (marks[0] and not any(pos.board.gives_check(m) for m in agreeing)):
                return k
            move = agreeing[0] if agreeing else candidates[0]
            pos.push(move)
            if marks[1] and not pos.board.is_checkmate():
                return k
        return None

    def _fits_at(self, ctx: _Context, main: list[PrintedMove], displaced: list[PrintedMove],
                 start: Position) -> int | None:
        """The ply (index into ``main``) where the displaced moves replay as an alternative, if one does."""
        pos = start.copy()
        for j, pm in enumerate(main):
            if self._first_fault(ctx, displaced, pos.copy()) is None:
                return j
            candidates = _agreeing(pos.board, ctx.notation.resolve(pos, pm), ctx.notation.printed_marks(pm))
            if not candidates:
                return None
            pos.push(candidates[0])
        return None

    def _fragment(self, ctx: _Context) -> Game:
        """A score that begins in the middle of a game with no position to begin from (a page that
        opens at move 26): its moves are read and kept, none is replayed from the starting position,
        where they would mean nothing, and the record says so: it cannot be shown legal."""
        parsed, game = ctx.parsed, ctx.game
        first = parsed.line.moves[0]
        line, column = parsed.record.position(first.start)
        number = f"{first.number}{'...' if first.side == 'black' else '.'}"
        read = sum(not isinstance(pm.fields, Unreadable) for pm in printed_moves(parsed.line))
        game.diagnostics.append(Diagnostic(
            "error", "fragment",
            f"the score begins at move {number} {first.text!r} without the position (no diagram, FEN or "
            f"set-up): it is a fragment of a game; its {read} printed moves are read and kept but cannot "
            "be replayed, and no position can be found from the moves alone",
            line, column))
        ChessGameDetail.of(game.detail).fragment_from = first.number
        game.moves = self._kept(ctx, parsed.line, 0)
        _account_for_prose(parsed, game)
        return game

    @staticmethod
    def _notes_apart(ctx: _Context) -> Game:
        """A page of notes on a game printed apart from its score (``[Kind "notes"]``: "Amateur v. Kieseritzky."
        over "70. Game 8.— ... 14 Q — Q5 ch."): each note's line is played from the game's position at the move
        it names, which this record does not have. Replayed from the opening they were a wall of illegal moves
        (or, by chance, a few legal ones that mean nothing): none is replayed, and the record says once, at the
        first note, which game they are on and how many move-like words are left as the notes' words."""
        from notation.parse.chess_book import GAME_NOTE_LABEL

        game, record = ctx.game, ctx.parsed.record
        words = move_like_words(record.body)
        note = GAME_NOTE_LABEL.search(record.body)
        at = note.start() if note is not None else (words[0][0] if words else 0)
        players = " v. ".join(name for name in (record.named("White"), record.named("Black")) if name)
        named = " ".join(part for part in (note.group(1).strip(" .") if note is not None else "",
                                           f"({players})" if players else "") if part) or "the game"
        line, column = record.position(at)
        game.diagnostics.append(Diagnostic(
            "error", "notes-apart",
            f"notes on {named}, printed apart from its score: their lines are played from that game's positions, "
            f"which this record does not have; their {len(words)} move-like words are kept as the notes' words, "
            "not replayed", line, column))
        game.moves = []
        ChessGameDetail.of(game.detail).move_like_words_in_prose = len(words)
        return game

    def _kept(self, ctx: _Context, line: PrintedLine, parent: int, why: str = "fragment") -> list[Move]:
        """The moves as printed, unchecked, with their variations, of a fragment (``why``) or of a
        score whose set-up is missing (``"setup_missing"``)."""
        out = []
        for k, pm in enumerate(line.moves):
            at, column = ctx.parsed.record.position(pm.start)
            for alternative in pm.variations:
                variation = Variation(ctx.next_variation, parent, k + 1, label=alternative.label,
                                      comment=alternative.comment)
                ctx.next_variation += 1
                ctx.game.variations.append(variation)
                variation.moves = self._kept(ctx, alternative, variation.id, why)
            out.append(Move(k + 1, pm.side or "", pm.text, None, "error", at, column, pm.number,
                            ChessMoveDetail(unchecked=True, fragment=why == "fragment" or None,
                                            setup_missing=why == "setup_missing" or None,
                                            read=not isinstance(pm.fields, Unreadable)),
                            None, pm.comment))
        return out

    def _unknown_variant(self, parsed: ParsedRecord, notation: ChessNotation, exc: VariantError) -> Game:
        """Every printed move kept, none checked: the rules of an unknown variant are not guessed."""
        record = parsed.record
        line, column = record.tag_position("Variant")
        game = Game(record=record, family="chess", notation=parsed.notation,
                    variant=record.tag("Variant"), title=record.named("Title") or _pgn_title(record),
                    diagnostics=[Diagnostic("error", "unknown-variant", str(exc), line, column)],
                    comments=list(parsed.comments), detail=ChessGameDetail())
        game.moves = self._unchecked(_Context(parsed, game, notation), parsed.line.moves, 1, chess.WHITE)
        return game

    def probe(self, parsed: ParsedRecord, notation: ChessNotation) -> bool:
        """Whether every printed move, variations included, reads as exactly one legal move.

        Cheap (no diagnostics, no repairs): notation detection asks it of every
        notation, then replays in full only the one that reads.
        """
        try:
            board, problems = start_position(parsed.record, parsed)
        except VariantError:
            return False
        if any(d.severity == "error" for d in problems):
            return False
        printed = None if _set_by_record(parsed) else text_start(parsed, notation)
        if printed is not None:
            if printed.board is None:
                return False
            board = printed.board
            parsed = replace(parsed, line=mover_first(printed, parsed.line))
        pass_first = white_moves_first(parsed.record, parsed) == 2 and not _has_pass(parsed.line)
        line = _two_moves_order(parsed.line) if pass_first else parsed.line
        return bool(line.moves) and run_nested(self._probe_line(notation, line, Position.start(board), pass_first))

    def _probe_line(self, notation: ChessNotation, line: PrintedLine, pos: Position,
                    pass_first: bool = False) -> Nested:
        # A nested call (notation.nesting): variations may nest deeper than Python's stack.
        for i, pm in enumerate(line.moves):
            for v in pm.variations:
                if not (yield self._probe_line(notation, v, pos.copy())):
                    return False
            candidates = notation.resolve(pos, pm)
            if len(candidates) > 1:
                candidates = _agreeing(pos.board, candidates, notation.printed_marks(pm))
            if len(candidates) != 1:
                return False
            pos.push(candidates[0])
            if pass_first and i == 0:
                pos.board.push(chess.Move.null())
        return True

    # -- lines and variations ---------------------------------------------

    def _replay_line(self, ctx: _Context, line: PrintedLine, pos: Position, first_ply: int,
                     line_id: int) -> Nested:
        """The moves of ``line`` (a nested call, see :mod:`notation.nesting`: variations nest without limit)."""
        moves: list[Move] = []
        printed = line.moves
        before: Position | None = None  # the position one move back, kept only where a variation needs it
        for i, pm in enumerate(printed):
            ply = first_ply + i
            gap = _gap(printed, i)
            # The printed number says moves are lost here, and the moves after it do not replay on the board
            # without them: stop at the number rather than go on on a wrong board, and go on from it on the
            # smallest set-up the moves after it need, where there is one.
            lost = gap is not None and self._fails_within(ctx, pos, printed[i:])
            after = self._after_gap(ctx, printed[i:]) if lost else None
            rest = None
            passed = None
            if not lost and i and self._other_sides(ctx, pm, pos):
                # "42. g7-g6" where White is to move: his move is lost, and the line goes on from Black's: on
                # the board with White's move left out where the moves after it replay there, else on the
                # smallest set-up they need, else (too few to say one) on that board all the same.
                rest = [replace(pm, side=colour_name(not pos.board.turn)),
                        *_sides_shifted(ctx.parsed.record.body, printed[i + 1:])]
                passed = self._passed(pos)
                if passed is not None and self._first_fault(ctx, rest[:_RESYNC_PLIES], passed.copy()) is None:
                    after = passed
                elif self._lost_ply(ctx, pm, pos, ply, line_id, printed[i:]):
                    after = self._after_gap(ctx, rest)
                if after is None and passed is not None and self._first_fault(ctx, rest[:1], passed.copy()) is None:
                    after = passed
                if after is not passed:
                    passed = None
                if after is None:
                    rest = None
            replies: list[tuple[PrintedLine, Position, Position | None]] = []  # (the other side's moves after it, :meth:`_reply`)
            if after is None:  # (where the line goes on on a set-up, they are replayed with the move, on it)
                for alternative in pm.variations:
                    # (Not where the line stops at lost moves before this one: the move is not made here.)
                    answer = None if ctx.pass_after_first and ply == 1 or gap is not None and lost \
                        else self._reply(ctx, alternative, pm, pos)
                    if answer is not None and answer[0]:
                        replies.append((alternative, pos.copy(), before))
                        continue
                    vid = ctx.next_variation
                    yield self._replay_variation(ctx, alternative, pos.copy(), ply, line_id, before)
                    if answer is not None:  # legal for neither side: the error names the other side's readings too
                        self._neither_said(ctx, alternative, pm, answer[1], ply, vid)
            if i + 1 < len(printed) and printed[i + 1].variations:
                before = pos.copy()
            if gap is not None and lost:
                self._lost_moves(ctx, gap[0], pm, ply, line_id, len(printed) - i, after)
                if after is None:
                    moves.extend(self._unchecked(ctx, printed[i:], ply, pos.board.turn))
                else:
                    moves.extend((yield self._resume(ctx, PrintedLine(printed[i:]), pos, after, ply, line_id)))
                break
            if gap is not None:
                self._maybe_lost(ctx, gap[0], pm, gap[1], ply, line_id)
            if rest is not None and after is not None:
                self._lost_ply_said(ctx, pm, pos, ply, line_id, len(rest), after, passed is not None)
                moves.extend((yield self._resume(ctx, PrintedLine(rest), pos, after, ply + 1, line_id)))
                break
            move = self._replay_move(ctx, pm, pos, ply, line_id, printed[i + 1:])
            move.annotations = list(pm.annotations)
            moves.append(move)
            for reply, at, earlier in replies:
                if _uci(move) is not None and ctx.notation.resolve(pos, reply.moves[0]):
                    self._reply_said(ctx, reply, pm, at, ply + 1)
                    yield self._replay_variation(ctx, reply, pos.copy(), ply + 1, line_id, at)
                else:  # (the move read is not the one the reply was legal after: an alternative, as printed)
                    yield self._replay_variation(ctx, reply, at, ply, line_id, earlier)
            if ctx.pass_after_first and line_id == 0 and ply == 1 and _uci(move):
                pos.board.push(chess.Move.null())
                move.position = pos.key()
            if _uci(move) is None:
                jump = next((j for j in range(i + 1, min(len(printed), i + _RESYNC_PLIES))
                             if _gap(printed, j) is not None), None)
                after = None
                if jump is not None:  # the move fails where the printed numbers say moves are lost
                    after = self._after_gap(ctx, printed[jump:])
                    self._lost_moves(ctx, _gap(printed, jump)[0], printed[jump], ply + jump - i,  # type: ignore[index]
                                     line_id, len(printed) - jump, after)
                if after is None or jump is None:
                    moves.extend(self._unchecked(ctx, printed[i + 1:], ply + 1, pos.board.turn))
                else:
                    moves.extend(self._unchecked(ctx, printed[i + 1:jump], ply + 1, pos.board.turn))
                    moves.extend((yield self._resume(ctx, PrintedLine(printed[jump:]), pos, after, ply + jump - i,
                                                     line_id)))
                break
        return moves

    def _resume(self, ctx: _Context, line: PrintedLine, pos: Position, after: Position, first_ply: int,
                line_id: int) -> Nested:
        """The rest of a line after lost moves, replayed on the set-up ``after`` inferred from its moves (the
        line's position becomes it: the result is read on its board). Its first move made keeps the set-up
        (``setup``): the moves after it were made on that board, not on the one before, and a writer
        starts again from it."""
        pos.board, pos.origins, pos.cells, pos.ranks = after.board, after.origins, after.cells, after.ranks
        setup = after.board.fen()
        moves: list[Move] = yield self._replay_line(ctx, line, pos, first_ply, line_id)
        if moves and _uci(moves[0]) is not None:
            ChessMoveDetail.of(moves[0].detail).setup = setup
        return moves

    def _fails_within(self, ctx: _Context, pos: Position, moves: list[PrintedMove]) -> bool:
        """Whether one of the next few printed moves is illegal (or its check or mate false) from here."""
        return self._first_fault(ctx, moves[:_RESYNC_PLIES], pos.copy()) is not None

    def _lost_moves(self, ctx: _Context, before: PrintedMove, at: PrintedMove, ply: int, line_id: int,
                    rest: int, after: Position | None = None) -> None:
        line, column = ctx.parsed.record.position(at.start)
        then = (f"the position after it is not known, so the rest of the line ({rest} moves from {at.text!r}) "
                "is kept unchecked") if after is None else (
                f"the rest of the line ({rest} moves from {at.text!r}) is replayed on the smallest set-up its "
                f"moves need: {after.board.fen()} (a reconstruction, not the game's position)")
        ctx.game.diagnostics.append(Diagnostic(
            "error", "lost-moves",
            f"the printed number {_turn_name(at)} follows {_turn_name(before)} {before.text!r}: moves are lost "
            f"here (not printed, or not read), and the score does not replay across the gap; {then}",
            line, column, ply, line_id or None))

    @staticmethod
    def _other_sides(ctx: _Context, pm: PrintedMove, pos: Position) -> bool:
        """Whether ``pm`` is a long pawn move only the other side can make (by its direction: ``g7-g6`` is
        Black's) that reads as no legal move here: a move of the side to move is lost before it."""
        from notation.rules.chess.infer import pawn_side

        return pawn_side(pm) == (not pos.board.turn) and not ctx.notation.resolve(pos, pm) \
            and not ctx.parsed.record.tag("Variant") and ctx.game.variant != "odds"

    @staticmethod
    def _lost_ply(ctx: _Context, pm: PrintedMove, pos: Position, ply: int, line_id: int,
                  rest: list[PrintedMove]) -> bool:
        """Whether, a move of the side to move lost before ``pm`` (:meth:`_other_sides`), there are moves
        enough after it that follow one another to say the set-up they go on from."""
        from notation.rules.chess.infer import FIRST_MOVES, stretch

        other = not pos.board.turn
        return len(stretch(PrintedLine([replace(pm, side=colour_name(other)), *rest[1:]]))) >= FIRST_MOVES

    @staticmethod
    def _passed(pos: Position) -> Position | None:
        """The position with the side to move's move left out (a pass: the other side to move), where that
        is a position (the side to move not in check); ``None`` otherwise."""
        if pos.board.is_check():
            return None
        passed = pos.copy()
        passed.board.push(chess.Move.null())
        passed.board.clear_stack()
        return passed if passed.board.is_valid() else None

    def _lost_ply_said(self, ctx: _Context, pm: PrintedMove, pos: Position, ply: int, line_id: int,
                       rest: int, after: Position, passed: bool = False) -> None:
        line, column = ctx.parsed.record.position(pm.start)
        side, other = colour_name(pos.board.turn).capitalize(), colour_name(not pos.board.turn).capitalize()
        under = f"under the number {_turn_name(pm)}" if _numbered(ctx.parsed.record.body, pm) else \
            "where no number stands"
        then = (f"the rest of the line ({rest} moves from {pm.text!r}) is replayed on the board with {side}'s move "
                f"left out: {after.board.fen()} (a reconstruction, not the game's position)") if passed else (
                f"the score does not replay across the gap; the rest of the line ({rest} moves from {pm.text!r}) "
                f"is replayed on the smallest set-up its moves need: {after.board.fen()} (a reconstruction, not "
                "the game's position)")
        ctx.game.diagnostics.append(Diagnostic(
            "error", "lost-moves",
            f"{pm.text!r} {under} is a pawn's move only {other} can make: {side}'s move before it is lost (not "
            f"printed, or not read); {then}", line, column, ply, line_id or None))

    def _after_gap(self, ctx: _Context, rest: list[PrintedMove]) -> Position | None:
        """The smallest set-up the moves after lost moves need (:mod:`.infer`), as for a fragment: the
        score after a gap is one; ``None`` where there is none, or in a game of a variant."""
        if ctx.parsed.record.tag("Variant") or ctx.game.variant == "odds":
            return None
        from notation.rules.chess.infer import infer_setup

        board = infer_setup(PrintedLine(rest), ctx.notation)
        return None if board is None else Position.start(board)

    def _maybe_lost(self, ctx: _Context, before: PrintedMove, at: PrintedMove, plies: int, ply: int,
                    line_id: int) -> None:
        row = _row_between(ctx.parsed.record.body, before, at, ctx.game.notation)
        if row is not None:
            # The lost moves' row is printed between them: its words are the moves, not read.
            ctx.game.diagnostics.append(Diagnostic(
                "error", "unread-cell", f"{row[1]!r} stands where its row's number prints a move, but the reading "
                "of the game leaves it out (no move is read from it); the moves after it are read in turn",
                *ctx.parsed.record.position(row[0])))
        line, column = ctx.parsed.record.position(at.start)
        ctx.game.diagnostics.append(Diagnostic(
            "warning", "numbers-disagree",
            f"the printed number {_turn_name(at)} is {plies} plies past the count from {_turn_name(before)} "
            f"{before.text!r}: moves may be lost here (not printed, or not read); the moves after it replay all "
            "the same, so the replay goes on, on a board that may lack them", line, column, ply, line_id or None))

    @staticmethod
    def _reply(ctx: _Context, line: PrintedLine, pm: PrintedMove, pos: Position) -> tuple[bool, Position] | None:
        """Whether a line printed in brackets right after ``pm`` with no number ("9. h3 (Bg4)", "9. P-KR3
        (B-Kt5)", "9. h2-h3 (Lg4)") may be the other side's move after it: the move ``pm`` prevents or threatens.
        ``None`` where its first move is a legal move where ``pm`` stands (an alternative to ``pm``, the reading
        of a bracket first: "9. h3 (d4)" is White's other choice), or where the line is numbered, labelled or
        no bracket's; else whether it is a legal move after ``pm`` (after a reading of it), and that position
        (after ``pm``'s first reading where none). (Not in PGN, whose standard makes every variation the move's
        alternative.)"""
        if ctx.game.notation == "san" or not line.moves or line.label is not None or line.start_number is not None:
            return None
        first = line.moves[0]
        if first.number is not None or first.side is not None or any(
                isinstance(m.fields, (Decoded, Unreadable)) for m in (pm, first)):
            return None
        if ctx.notation.resolve(pos, first):
            return None
        positions = []
        for move in ctx.notation.resolve(pos, pm):
            after = pos.copy()
            after.push(move)
            if ctx.notation.resolve(after, first):
                return True, after
            positions.append(after)
        return (False, positions[0]) if positions else None

    def _neither_said(self, ctx: _Context, line: PrintedLine, pm: PrintedMove, after: Position, ply: int,
                      vid: int) -> None:
        """The error of a bracket's move legal for neither side (:meth:`_reply`) names the other side's nearest
        legal readings after ``pm`` besides its own side's."""
        first = line.moves[0]
        side, other = colour_name(not after.board.turn), colour_name(after.board.turn)
        said = next((d for d in ctx.game.diagnostics if d.code == "illegal-move" and d.variation == vid
                     and d.ply == ply), None)
        readings = [ctx.notation.write_move(after, m) for *_, m in self._scored(ctx, after, first)[:3]]
        if said is None or not readings:
            return
        said.message = said.message.replace(
            f"is not a legal move for {side}", f"is not a legal move for {side}, nor for {other} after {pm.text!r} "
            f"(nearest legal reading there: {', '.join(readings)})", 1)

    @staticmethod
    def _reply_said(ctx: _Context, line: PrintedLine, pm: PrintedMove, pos: Position, ply: int) -> None:
        first = line.moves[0]
        side, other = colour_name(pos.board.turn), colour_name(not pos.board.turn)
        at, column = ctx.parsed.record.position(first.start)
        ctx.game.diagnostics.append(Diagnostic(
            "info", "bracketed-reply",
            f"{first.text!r} in brackets after {pm.text!r} is no legal move for {side} there: read as {other}'s "
            f"move after it (the move {pm.text!r} prevents or threatens), an alternative to {other}'s move there",
            at, column, ply, ctx.next_variation))  # (the variation it begins, replayed next)

    def _replay_variation(self, ctx: _Context, line: PrintedLine, pos: Position, branch_ply: int,
                          parent: int, before: Position | None = None) -> Nested:
        vid = ctx.next_variation
        ctx.next_variation += 1
        implied = self._implied_move(ctx, line, pos, before)
        if implied is not None:
            # The text gives the move the variation turns on in words ("if the King goes on
            # to the Queen's square ..."): the one legal move after which it all replays.
            pos = before.copy()  # type: ignore[union-attr]
            branch_ply -= 1
        variation = Variation(vid, parent, branch_ply, label=line.label, comment=line.comment)
        ctx.game.variations.append(variation)
        moves = []
        if implied is not None:
            moves.append(self._implied(ctx, line, pos, implied, branch_ply, vid))
        variation.moves = moves + (yield self._replay_line(ctx, line, pos, branch_ply + len(moves), vid))

    def _implied_move(self, ctx: _Context, line: PrintedLine, pos: Position,
                      before: Position | None) -> chess.Move | None:
        """The unprinted move one ply earlier that the variation needs, when it fails as printed
        and exactly one legal move there lets every one of its printed moves replay."""
        if before is None or not line.moves or self._playable(ctx, pos.copy(), line.moves) == len(line.moves):
            return None
        fits = []
        for m in before.board.legal_moves:
            trial = before.copy()
            trial.push(m)
            if self._playable(ctx, trial, line.moves) == len(line.moves):
                fits.append(m)
                if len(fits) > 1:
                    return None
        return fits[0] if fits else None

    def _implied(self, ctx: _Context, line: PrintedLine, pos: Position, move: chess.Move, ply: int,
                 vid: int) -> Move:
        record = ctx.parsed.record
        at, column = record.position(line.moves[0].start)
        side = colour_name(pos.board.turn)
        written = ctx.notation.write_move(pos, move)
        ctx.game.diagnostics.append(Diagnostic(
            "warning", "implied-move",
            f"the variation does not replay from the move it is printed at; it begins one move earlier, "
            f"with {side}'s {written} (not printed as a move: the only one after which every printed "
            "move of the variation is legal)", at, column, ply, vid, [written]))
        number = pos.board.fullmove_number
        san = pos.push_san(move)
        return Move(ply, side, "", san, "ok", at, column, number,
                    ChessMoveDetail(uci=move.uci(), implied=True, written=written), pos.key(), None)

    def _unchecked(self, ctx: _Context, rest: list[PrintedMove], ply: int, turn: chess.Color) -> list[Move]:
        out = []
        for k, pm in enumerate(rest):
            line, column = ctx.parsed.record.position(pm.start)
            out.append(Move(ply + k, pm.side or colour_name(turn if k % 2 == 0 else not turn),
                            pm.text, None, "error", line, column, pm.number,
                            ChessMoveDetail(unchecked=True), None, pm.comment))
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
        decoded = pm.fields if isinstance(pm.fields, Decoded) else None
        if decoded is not None and decoded.how == "omitted" and board.is_legal(decoded.move):
            return self._omitted_reply(ctx, diag, decoded, pos, ply, following)
        if decoded is not None:  # the decoder's reading: the move it chose, legal where it stands
            # (a pass, where a note names a threat: the other side's move after it, never in check)
            passes = not decoded.move and not board.is_check()
            candidates = [decoded.move] if passes or board.is_legal(decoded.move) else []
        else:
            candidates = ctx.notation.resolve(pos, pm)
        status: Status = "ok"
        misprint = ctx.misprints.get(pm.start) if line_id == 0 else None
        if decoded is not None and decoded.also and candidates:
            readings = [board.san(m) for m in (decoded.move, *decoded.also)]
            if decoded.unsettled:
                diag.add("error", "ambiguous-move", f"{pm.text!r} is ambiguous: it can mean "
                         f"{_either(readings)}, and the game goes on after "
                         f"{'either' if len(readings) == 2 else 'each'}", readings)
                status = "error"
            else:
                reason = _marks_reason(decoded.check, decoded.mate) if decoded.marked else \
                    "lets the game go on as the decoder reads it"
                diag.add("warning", "ambiguous-move", f"{pm.text!r} can mean {' or '.join(readings)}; only "
                         f"{readings[0]} {reason}", readings)
        if decoded is not None and decoded.how != "printed" and candidates:
            diag.add("warning", "ocr",
                     f"{pm.text!r} read as {board.san(decoded.move)} ({_CORRECTIONS[decoded.how]})",
                     [board.san(decoded.move)])
            # Read through the OCR, but a reading the decoder could not settle stays an error (a lost move
            # read where its row stands, any of several moves: the one stored is a guess, not the book's).
            status = "error" if status == "error" else "repaired"
        if misprint is not None and _castles_either(pm, board, misprint[0]):
            # "Castles" alone, read with the Queen's Rook: the words' other meaning, no misprint (the books' usage
            # is the King's Rook where both are legal), as the decoder says it too.
            move = misprint[0]
            readings = [board.san(move)] + [board.san(m) for m in candidates if m != move]
            diag.add("warning", "ambiguous-move", f"{pm.text!r} can mean {' or '.join(readings)}; only "
                     f"{readings[0]} lets the game go on", readings)
        elif misprint is not None:
            move, message, suggestions = misprint
            diag.add("error", "legal-misprint", message, suggestions)
            status = "repaired"
        elif len(candidates) > 1:
            readings = [board.san(m) for m in candidates]
            chosen = self._agrees_with_check(ctx, board, pm, candidates)
            reason = _marks_reason(*ctx.notation.printed_marks(pm))
            if chosen is None:
                chosen = self._best_by_lookahead(ctx, pos, candidates, following)
                reason = "lets the game go on"
            if chosen is None:
                chosen = self._best_by_later_marks(ctx, pos, candidates, following)
                reason = "lets the check and mate marks printed after it be true"
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
        elif decoded is None and len(damaged := ctx.notation.damaged_readings(pos, pm)) == 1:
            # One part of the word damaged, the rest of it read as one legal move only: an OCR confusion (or a
            # misprint: a page transcribed by hand prints them too, and the word does not say which).
            move, said = damaged[0]
            diag.add("warning", "ocr", f"{pm.text!r}: {said} (an OCR confusion, or the printer's)",
                     [board.san(move)])
            status = "repaired"
        else:
            repaired, suggestions, settled = self._repair(ctx, pos, pm, following)
            what = ("cannot be read as a move" if isinstance(pm.fields, Unreadable)
                    else f"is not a legal move for {side}")
            if repaired is None:
                diag.add("error", "illegal-move" if not isinstance(pm.fields, Unreadable) else "unreadable",
                         f"{pm.text!r} {what}; the rest of the line cannot be checked", suggestions)
                return Move(ply, side, pm.text, None, "error", line, column, pm.number, ChessMoveDetail(), None,
                            pm.comment)
            if settled:
                diag.add("error", "illegal-move" if not isinstance(pm.fields, Unreadable) else "unreadable",
                         f"{pm.text!r} {what}; read as {suggestions[0]}", suggestions)
                status = "repaired"
            else:  # (the move stored is the first reading of several: a guess, so the move stays an error)
                if line_id == 0:
                    ctx.guessed.add(pm.start)
                diag.add("error", "illegal-move" if not isinstance(pm.fields, Unreadable) else "unreadable",
                         f"{pm.text!r} {what}; it may be read as {' or '.join(suggestions)}, and "
                         f"the rest of the line replays after either: read on after {suggestions[0]}", suggestions)
                status = "error"
            move = repaired
        detail = ChessMoveDetail(
            uci=move.uci(), from_=chess.square_name(move.from_square), to=chess.square_name(move.to_square),
            piece=chess.piece_symbol(board.piece_type_at(move.from_square) or chess.PAWN).upper(),
            capture=board.is_capture(move),
            promotion=chess.piece_symbol(move.promotion).upper() if move.promotion else None)
        claimed_check, claimed_mate = ((decoded.check, decoded.mate) if decoded is not None
                                       else ctx.notation.printed_marks(pm))
        double = pm.text.rstrip("!? ").endswith("++") and board.gives_check(move) and len(_checkers_after(board, move)) > 1
        comment = pm.comment
        # (the layout reader's note: a "+" set apart after the move)
        plus = any(a.rstrip(" .") == "+" for a in pm.annotations)
        if ctx.checks_in_words and not claimed_mate:
            # Where a text writes check as "ch", a "+" after a move is the old books' sign for the better game
            # ("P-QR3 +.", "Q-K5ch + ."), not a check mark: kept as the move's note, a verdict the engine judges
            # at a line's end (:func:`.endings.verdict_of`). One after a move that gives check, with no "ch"
            # before it, stays its check mark (nothing says otherwise).
            sign, ch = better_game_sign(record.body, pm)
            sign, ch = sign or plus, ch or plus and claimed_check
            if sign and (ch or not board.gives_check(move)):
                claimed_check = ch
                if not (comment or "").startswith("+"):  # (a note the layout began with the sign keeps it once)
                    comment = f"+ {comment}" if comment else "+"
            elif sign:
                claimed_check = True
        elif plus:
            claimed_check = True  # (in a text that writes check as "+", its check mark)
        san = pos.push_san(move)
        check, mate = san.endswith(("+", "#")), san.endswith("#")
        detail.check, detail.mate = check, mate
        if status != "repaired" and not isinstance(pm.fields, Unreadable):
            self._check_claims(ctx, diag, pm, ply, claimed_check, claimed_mate, check, mate, double)
            _check_stalemate(ctx.game, record, pm, ply, diag.variation, board)
            if pm.threat is not None:
                self._check_threat(ctx, diag, pm.threat, pos, ply)
        # (any notation's fields: those the layout read through an OCR confusion name it)
        confusions: tuple[str, ...] = getattr(pm.fields, "confusions", ())
        if status == "ok" and confusions:
            status = "repaired"  # read through an OCR confusion (the layout's warning names it): not as printed
        return Move(ply, side, pm.text, san, status, line, column, pm.number, detail,
                    pos.key(), comment)

    def _omitted_reply(self, ctx: _Context, diag: _DiagnosticSink, decoded: Decoded, pos: Position, ply: int,
                       following: list[PrintedMove]) -> Move:
        """A reply the text leaves out before the other side's move its next number prints ("1. R-Q R sq. 2. R-R8
        mate.", or told in words between them: "The King must go to Kt sq."): stored as not printed (``implied``).
        Where it is the side's only legal move, it is that move; where the side has several, the mate the next
        move claims is checked against every reply, as a solution's "any move; 2. R-R8 mate." is (a ``wrong-claim``
        warning names a reply after which it does not mate); with no such claim to check, the move stored is one
        of several the text does not choose among: ``ambiguous-move``."""
        board = pos.board
        side = colour_name(board.turn)
        move = decoded.move
        written = ctx.notation.write_move(pos, move)
        after = following[0] if following else None
        shown = f" before {after.text!r}" if after is not None else ""
        replies = list(board.legal_moves)
        status: Status = "ok"
        claimed_mate = after is not None and (after.fields.mate if isinstance(after.fields, Decoded)
                                              else ctx.notation.printed_marks(after)[1])
        if len(replies) == 1:
            diag.add("info", "unprinted-reply", f"{side}'s reply is not printed{shown}: {written}, the only "
                     "legal move")
        elif claimed_mate and after is not None:
            escapes = []
            for reply in replies:
                trial = pos.copy()
                trial.push(reply)
                made = [m for m, _ in ChessRules(ctx.notation).forms(trial).get(after.fields.form, ())] \
                    if isinstance(after.fields, Decoded) else ctx.notation.resolve(trial, after)
                if not any(gives_mate(trial.board, m) for m in made):
                    escapes.append(reply)
            printed = " ".join(after.text.split()).rstrip(".")
            claimed = f"{printed} after every reply"
            actual = claimed if not escapes else f"no mate by {printed} after {board.san(escapes[0])}"
            ctx.game.claims.append(Claim(ply, "mate", claimed, actual, diag.line, diag.column, how="search",
                                         reason=f"{len(replies)} replies tried"))
            diag.add("info", "unprinted-reply", f"{side}'s reply is not printed{shown}: any of {len(replies)} "
                     f"moves, the mate checked after each ({written} stored)")
            if escapes:
                diag.add("warning", "wrong-claim", f"{printed!r} after {side}'s reply not printed: after "
                         f"{board.san(escapes[0])} it does not mate"
                         + (f" (nor after {len(escapes) - 1} other replies)" if len(escapes) > 1 else ""))
        else:
            readings = [board.san(m) for m in (move, *decoded.also)]
            if decoded.also:
                diag.add("error", "ambiguous-move", f"{side}'s reply is not printed{shown}, and the move after it "
                         f"follows {_either(readings)}: read on after {readings[0]}", readings)
                status = "error"
            else:
                diag.add("info", "unprinted-reply", f"{side}'s reply is not printed{shown}: {written}, the only "
                         "move after which it is legal")
        line, column = diag.line, diag.column
        detail = ChessMoveDetail(
            uci=move.uci(), from_=chess.square_name(move.from_square), to=chess.square_name(move.to_square),
            piece=chess.piece_symbol(board.piece_type_at(move.from_square) or chess.PAWN).upper(),
            capture=board.is_capture(move), implied=True, written=written)
        number = board.fullmove_number
        san = pos.push_san(move)
        detail.check, detail.mate = san.endswith(("+", "#")), san.endswith("#")
        return Move(ply, side, "", san, status, line, column, number, detail, pos.key(), None)

    def _check_threat(self, ctx: _Context, diag: _DiagnosticSink, threat: PrintedMove, pos: Position,
                      ply: int) -> None:
        """The move the author's words name as threatened after the move of ``ply`` (``pos``, the position after
        it): the same side's move were the other to pass, legal there, and a mate where the text says "mate". A
        ``threat`` claim; a warning where the text's claim is false. (The side in check cannot pass: the claim is
        open there, the threat being made after the reply the check forces.)"""
        # (Said at the threat's words, not at the move they follow.)
        line, column = ctx.parsed.record.position(threat.start)
        diag = _DiagnosticSink(ctx.game, ply, diag.variation, line, column)
        mark = " mate" if ctx.notation.printed_marks(threat)[1] else ""
        claimed = threat.text.rstrip(".,;!? ")  # (as printed, where no move reads it)
        if pos.board.is_check():
            ctx.game.claims.append(Claim(ply, "threat", claimed, "open", line, column, decided=False,
                                         reason="the other side is in check: it cannot pass"))
            return
        passed = pos.copy()
        passed.push(chess.Move.null())
        moves = ctx.notation.resolve(passed, threat)
        if len(moves) != 1:
            actual = "no legal move" if not moves else "ambiguous"
            ctx.game.claims.append(Claim(ply, "threat", claimed, actual, line, column))
            diag.add("warning", "false-threat", f"{threat.text!r}, named as the threat, is "
                     f"{'not a legal move' if not moves else 'ambiguous'} for {colour_name(passed.board.turn)} "
                     "were the other side to pass",
                     [passed.board.san(m) for m in moves])
            return
        board = passed.board.copy(stack=False)
        san = board.san(moves[0]).rstrip("+#")
        board.push(moves[0])
        actual = "mate" if board.is_checkmate() else "check" if board.is_check() else "legal"
        ctx.game.claims.append(Claim(ply, "threat", f"{san}{mark}", f"{san} {actual}" if mark else f"{san} legal",
                                     line, column))
        if mark and actual != "mate":
            diag.add("warning", "false-threat", f"{threat.text!r}, named as the threat, claims mate, but after a pass "
                     f"{san} is {'only check' if actual == 'check' else 'not even check'}", [san])

    def _check_claims(self, ctx: _Context, diag: _DiagnosticSink, pm: PrintedMove, ply: int,
                      claimed_check: bool, claimed_mate: bool, check: bool, mate: bool, double: bool = False) -> None:
        def claim(what: str, claimed: str, actual: str) -> None:
            ctx.game.claims.append(Claim(ply, what, claimed, actual, diag.line, diag.column))

        if claimed_check and not claimed_mate and pm.text.rstrip("!? ").endswith("++"):
            # "++" is a double check in some books and programs, mate in others: either bears it out.
            said = "double check or mate"
            claim("check", said, said if mate or double else "check" if check else "no check")
            if not check:
                diag.add("error", "false-check", f"{pm.text!r} claims a double check or mate ('++'), but the move "
                                                 "does not give check")
            elif not (mate or double):
                diag.add("warning", "false-check", f"{pm.text!r} claims a double check or mate ('++'), but the move "
                                                   "gives a single check")
            return
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

    def _scored(self, ctx: _Context, pos: Position, pm: PrintedMove) -> list[tuple[int, int, int, float, chess.Move]]:
        """Every legal move with its distance from the print: letters changed, letters changed
        but for their case, letters of the pieces and squares named changed, and (negative) the share
        of letters in common; nearest first.

        A letter in the wrong case is the nearest change of all: ``nf3`` is ``Nf3`` typed in lower case
        before it is ``f3`` with a letter too many."""
        board = pos.board
        target = _plain(pm.text)
        folded = target.casefold()
        claimed_check, _ = ctx.notation.printed_marks(pm)
        if isinstance(pm.fields, Unreadable):
            claimed_check = _CHECK_MARK.search(pm.text.replace(" ", "").replace(",", "")) is not None
        scored: list[tuple[int, int, int, float, chess.Move]] = []
        for m in board.legal_moves:
            d, case, squares, ratio = min((levenshtein(target, p), levenshtein(folded, p.casefold()),
                                           levenshtein(_named(target), _named(p)), -similarity(target, p))
                                          for p in map(_plain, ctx.notation.forms(pos, m)))
            # A reading that contradicts the printed check mark is one more letter away.
            d += board.gives_check(m) != claimed_check
            scored.append((d, case, squares, ratio, m))
        scored.sort(key=lambda x: (x[0], x[1], x[2], x[3]))
        return scored

    @staticmethod
    def _near_enough(pm: PrintedMove) -> int:
        """The most letters a misprint may have changed in ``pm``: one, or one in three of a long print."""
        return max(1, len(_plain(pm.text)) // 3)

    def _nearest(self, ctx: _Context, pos: Position, pm: PrintedMove) -> list[tuple[float, chess.Move]]:
        """The nearest legal readings of a move that reads as none, if near enough: ``(ratio, move)``."""
        scored = self._scored(ctx, pos, pm)
        if not scored or scored[0][0] > self._near_enough(pm):
            return []
        best, case = scored[0][0], scored[0][1]
        # At the same distance, a reading that keeps every piece and square the print names (only
        # a sign differs: "D. c 5 – c 7." for Dc5:c7) is nearer than one that changes a square.
        fewest = min(squares for d, c, squares, _, _ in scored if (d, c) == (best, case))
        return [(ratio, m) for d, c, squares, ratio, m in scored if (d, c, squares) == (best, case, fewest)]

    def _main_line(self, ctx: _Context, line: PrintedLine, final: Position) -> list[Move]:
        """The main line replayed from ``final`` (which is changed), what the last replay guessed forgotten."""
        ctx.guessed.clear()
        return run_nested(self._replay_line(ctx, line, final, 1, 0))

    def _repair(self, ctx: _Context, pos: Position, pm: PrintedMove,
                following: list[PrintedMove]) -> tuple[chess.Move | None, list[str], bool]:
        """The nearest legal readings, and whether the one returned is settled: a clear winner (or a tie the
        rest of the game breaks) continues; so does the first of a tie whose every reading lets the whole rest
        of the line replay, unsettled."""
        scored = self._scored(ctx, pos, pm)
        suggestions = [ctx.notation.write_move(pos, m) for *_, m in scored[:3]]
        near = self._nearest(ctx, pos, pm)
        if not near:
            return None, suggestions, False
        chosen: chess.Move = near[0][1]
        if len(near) > 1:
            # The board first: the reading after which the game goes on furthest;
            # then the typography: the reading that shares most letters with the print.
            moves = [m for _, m in near]
            lookahead = self._lookahead_scores(ctx, pos, moves, following)
            top = max(lookahead)
            if top < len(following) and lookahead.count(top) > 1:
                # No reading lets the game go on to its end: a second misprint further on stops
                # them all. Replay again, letting the replay repair one more move on the way.
                lookahead = self._lookahead_scores(ctx, pos, moves, following, repairs=1)
                top = max(lookahead)
            tied = [(r, m) for (r, m), s in zip(near, lookahead) if s == top]
            if len(tied) > 1 and tied[0][0] == tied[1][0]:
                readings = [ctx.notation.write_move(pos, m) for r, m in tied if r == tied[0][0]][:4]
                if not following or top < len(following):  # (nothing after it to read on: no guess stored)
                    return None, readings, False
                # Each of them lets the whole rest of the line replay ("Q-K4" for Q-K3 or Q-B4, the same mate
                # after either): which the book meant stays unsaid (an error), but the line is read on after the
                # first, rather than its every later move lost.
                return tied[0][1], readings, False
            chosen = tied[0][1]
        first = ctx.notation.write_move(pos, chosen)
        return chosen, [first] + [s for s in suggestions if s != first][:2], True

    def _misprint(self, ctx: _Context, printed: PrintedLine, start: Position,
                  moves: list[Move]) -> tuple[int, tuple[chess.Move, str, list[str]]] | None:
        """A legal misprint before the move where the main line stops: the one near reading of an earlier
        move after which every printed move to the end of the line replays.

        A misprint that names another legal move ("B. to Q's 6th." printed for R. to Q's 6th.)
        replays, and the game only fails a move or more later. Each move before the failure is tried in
        each of its near readings (as near as a repair's), nearest first; the one reading that lets the whole
        rest of the line replay is the move meant. The search widens only where the narrower one found no
        reading at all (a tie there stays unsettled, never a guess): the last :data:`MISPRINT_WINDOW` moves,
        then as far back as the rest of the line from the failure is long, then the readings of both that let
        the failing move replay, with one later move that reads as none mended by its nearest reading (a second
        misprint further on), where the move made does not let the line so. The bounds keep the evidence
        strong: the moves between the misprint and the failure replay either way, so what tells the reading is
        the rest of the line from the failure, which replays under no other reading tried (were it shorter than
        the reach back, any far move's odd reading that ended the game alike would do); the failing move itself
        replays as printed, and the one repair after it is :meth:`_nearest`'s, as near as any.
        ``(offset of the printed move, (move, message, suggestions))``.
        """
        fail = next((i for i, m in enumerate(moves) if _uci(m) is None
                     or i < len(printed.moves) and printed.moves[i].start in ctx.guessed), None)
        if fail is None or fail + 1 >= len(printed.moves):
            return None  # the last move alone: nothing after it to tell the readings apart
        pms = printed.moves
        positions = [start.copy()]
        for k, made in enumerate(moves[:fail]):
            if ChessMoveDetail.of(made.detail).setup is not None or not positions[-1].board.is_legal(_made(made)):
                # Moves after lost ones, replayed on the set-up they need: the line stops at the gap.
                fail = k
                break
            after = positions[-1].copy()
            after.push(_made(made))
            positions.append(after)
        budget = [SEARCH_BUDGET]
        near = range(fail - 1, max(-1, fail - 1 - MISPRINT_WINDOW), -1)
        far = range(near.stop, max(-1, fail - 1 - (len(pms) - fail)), -1)
        found, passing = self._mending(ctx, pms, positions, moves, near, fail, budget)
        if not found:
            found, further = self._mending(ctx, pms, positions, moves, far, fail, budget)
            passing += further
        if not found:
            # A second misprint further on: the readings that let the move where the line stopped replay,
            # and the line go on to its end with one later move mended by its nearest reading.
            mends: dict[int, bool] = {}  # whether the move made at a ply lets the line so, asked once
            for d, j, m, alike in passing:
                if self._reach_from(ctx, positions[j], m, pms[j + 1:], budget, 1) < len(pms) - j - 1:
                    continue
                if j not in mends:
                    mends[j] = self._reach_from(ctx, positions[j], _made(moves[j]), pms[j + 1:], budget, 1) \
                        == len(pms) - j - 1
                if not mends[j]:
                    found.append((d, j, m, alike))
        if not found:
            return None
        found.sort(key=lambda x: x[0])
        if len(found) > 1 and found[1][0] == found[0][0]:
            return None  # two readings mend the game equally: the text does not say which
        _, j, meant, alike = found[0]
        before, played = positions[j], _made(moves[j])
        written = ctx.notation.write_move(before, meant)
        stop = pms[fail]
        message = (f"{pms[j].text!r} is a legal move, but the game cannot go on from it: {stop.text!r}, "
                   f"{fail - j} {'ply' if fail - j == 1 else 'plies'} later, fits no legal move; "
                   f"read as {written}, after which every following move replays")
        if alike is not None:
            printed_letter, meant_letter = next((a, b) for a, b in zip(_plain(pms[j].text), alike) if a != b)
            message += f" ({printed_letter!r} read as {meant_letter!r} wherever it stands: an OCR confusion)"
        return pms[j].start, (meant, message, [written, ctx.notation.write_move(before, played)])

    def _mending(self, ctx: _Context, pms: list[PrintedMove], positions: list[Position], moves: list[Move],
                 plies: range, fail: int, budget: list[int]) -> tuple[list[_Reading], list[_Reading]]:
        """The near readings of the printed moves at ``plies`` (other than the move made) after which the whole
        rest of the line replays, and those after which the move at ``fail`` at least does: ``(letters changed,
        ply, move, the look-alike form read)``."""
        found: list[_Reading] = []
        passing: list[_Reading] = []
        for j in plies:
            pm, before = pms[j], positions[j]
            if pm.start in ctx.misprints or isinstance(pm.fields, Unreadable):
                continue
            played = _made(moves[j])
            limit = self._near_enough(pm)
            target = _plain(pm.text)
            lookalike = _may_look_alike(target)
            for d, *_, m in self._scored(ctx, before, pm):
                # A letter the OCR read for another that looks like it, wherever it stands, is as near as one off.
                alike = next((_plain(form) for form in ctx.notation.forms(before, m)
                              if _one_letter_for_another(target, _plain(form))), None) \
                    if d > limit and lookalike else None
                if (d > limit and alike is None) or m == played:
                    continue
                reach = self._reach_from(ctx, before, m, pms[j + 1:], budget, 0)
                if reach == len(pms) - j - 1:
                    found.append((d, j, m, alike))
                elif reach > fail - j - 1:
                    passing.append((d, j, m, alike))
        return found, passing

    def _reach_from(self, ctx: _Context, before: Position, move: chess.Move, following: list[PrintedMove],
                    budget: list[int], repairs: int) -> int:
        """How far ``following`` replays after ``move`` from ``before`` (:meth:`_reach`)."""
        trial = before.copy()
        trial.push(move)
        return self._reach(ctx, trial, following, budget, repairs)

    def _agrees_with_check(self, ctx: _Context, board: chess.Board, pm: PrintedMove,
                           candidates: list[chess.Move]) -> chess.Move | None:
        """The one reading whose check and mate (or their absence) match the text, if exactly one does."""
        agreeing = _agreeing(board, candidates, ctx.notation.printed_marks(pm))
        return agreeing[0] if len(agreeing) == 1 else None

    def _best_by_lookahead(self, ctx: _Context, pos: Position, moves: list[chess.Move],
                           following: list[PrintedMove]) -> chess.Move | None:
        """The one reading after which the most following printed moves stay legal, if there is one.

        The whole rest of the line is tried, every reading of each later
        ambiguous move too: a Knight move that only fails forty plies later is
        found. A search budget bounds a pathological line.
        """
        best = best_by_lookahead(moves, self._reach_after(ctx, pos, following))
        return best[0] if best is not None else None

    def _best_by_later_marks(self, ctx: _Context, pos: Position, moves: list[chess.Move],
                             following: list[PrintedMove]) -> chess.Move | None:
        """The one reading after which no later printed check or mate is false, where the line goes on
        after each ("R-R7" as Ra7 or Rh7, and "R-R8 mate." after it mate from KR7 only).

        The rest of the line is replayed after each, at each move its first reading the marks bear out;
        only a mark printed and false counts (a check the book left unmarked is no contradiction: the
        books often leave them so)."""
        clean = [m for m in moves if not self._marks_contradicted(ctx, pos, m, following)]
        return clean[0] if len(clean) == 1 else None

    def _marks_contradicted(self, ctx: _Context, pos: Position, move: chess.Move,
                            following: list[PrintedMove]) -> bool:
        """Whether a later printed check or mate is false after ``move`` (the line replayed as far as
        it goes)."""
        p = pos.copy()
        p.push(move)
        for pm in following:
            candidates = ctx.notation.resolve(p, pm)
            if not candidates:
                return False
            check, mate = ctx.notation.printed_marks(pm)
            board = p.board
            if (check or mate) and not any(board.gives_check(m) for m in candidates):
                return True
            if mate and not any(gives_mate(board, m) for m in candidates):
                return True
            p.push((_agreeing(board, candidates, (check, mate)) or candidates)[0])
        return False

    def _reach_after(self, ctx: _Context, pos: Position, following: list[PrintedMove],
                     repairs: int = 0) -> Callable[[chess.Move], int]:
        """How far the following printed moves replay after a move from ``pos`` (:meth:`_reach`);
        the moves asked share one search budget."""
        budget = [SEARCH_BUDGET]

        def reach(m: chess.Move) -> int:
            p = pos.copy()
            p.push(m)
            return self._reach(ctx, p, following, budget, repairs)
        return reach

    def _reach(self, ctx: _Context, pos: Position, following: list[PrintedMove], budget: list[int],
               repairs: int = 0) -> int:
        """How far the following printed moves replay, taking at each ambiguous one the reading
        that goes furthest, and at up to ``repairs`` moves that read as none their nearest readings
        (pos is changed)."""
        for k, pm in enumerate(following):
            candidates = ctx.notation.resolve(pos, pm)
            if len(candidates) > 1:
                candidates = _agreeing(pos.board, candidates, ctx.notation.printed_marks(pm)) or candidates
            if len(candidates) == 1 and (other := _other_wing(pm, pos.board, candidates[0])) is not None:
                candidates = [*candidates, other]  # "Castles" alone: the King's Rook first, as the books use it
            if not candidates and repairs > 0:
                candidates = [m for _, m in self._nearest(ctx, pos, pm)]
                repairs -= 1
            if not candidates and self._other_sides(ctx, pm, pos) and not pos.board.is_check():
                # The side to move's move lost before the other side's pawn move (:meth:`_replay_line`): the
                # line goes on without it where the pawn's move is legal and its marks agree.
                pos.board.push(chess.Move.null())
                candidates = _agreeing(pos.board, ctx.notation.resolve(pos, pm), ctx.notation.printed_marks(pm))
            if not candidates:
                return k
            budget[0] -= 1
            if len(candidates) == 1 or budget[0] <= 0:
                pos.push(candidates[0])
                continue
            best = 0
            for m in candidates:
                trial = pos.copy()
                trial.push(m)
                best = max(best, 1 + self._reach(ctx, trial, following[k + 1:], budget, repairs))
                if best == len(following) - k:
                    break
            return k + best
        return len(following)

    def _lookahead_scores(self, ctx: _Context, pos: Position, moves: list[chess.Move],
                          following: list[PrintedMove], repairs: int = 0) -> list[int]:
        """How far the rest of the line replays after each of ``moves``."""
        reach = self._reach_after(ctx, pos, following, repairs)
        return [reach(m) for m in moves]

    def _playable(self, ctx: _Context, pos: Position, following: list[PrintedMove]) -> int:
        """How many of the following printed moves replay legally, one after another (pos is changed)."""
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
        last = game.moves[-1] if game.moves else None
        turn, mover = board, None
        if printed and _IN_WORDS.search(printed) and ctx.parsed.result_span and not board.is_game_over():
            # "And wins", "Aufgegeben" are said of the move printed last before them: where the printed rows
            # say whose it is (a numbered move the replay did not place), theirs; else the line's last move's.
            mover = side_printed_last(game, record.body, ctx.parsed.result_span[0], record.position, MOVE_WORD)
        if printed and mover is None and last is not None and _uci(last) is None and last.side in ("white", "black"):
            mover = last.side  # the replay stopped before the line's last printed move: said after it
        if mover is not None and (mover == "white") != (board.turn == chess.BLACK):
            turn = board.copy(stack=False)
            turn.turn = mover == "black"
        claimed = pgn_result(printed, turn) if printed else record.tag("Result")
        _check_result_tag(game, record, claimed, ctx.parsed.result_span)
        actual = None
        if type(board) is not chess.Board:  # a variant's own ends (Antichess, King of the Hill ...)
            outcome = board.outcome()
            actual = outcome.result() if outcome else None
        elif board.is_checkmate():
            actual = "0-1" if board.turn == chess.WHITE else "1-0"
        elif board.is_stalemate():
            actual = "1/2-1/2"
        # A record's own "*" (printed, or its Result tag where nothing is printed) gives no result, even where the
        # position ends the game: none is put in its place (the export keeps the "*"), the disagreement is said below.
        unfinished = (printed.strip() if printed else claimed) == "*"
        game.result = claimed if claimed not in (None, "*") else None if unfinished else actual
        _check_reported_result(ctx, "*" if unfinished else game.result)
        _stops_short(ctx, board, claimed)
        mate = mate_claim(printed) if printed else None
        if mate is not None and claimed in ("1-0", "0-1") and not board.is_checkmate() and 1 <= mate <= MATE_SEARCH:
            # "Black mates in two moves": a mate within N moves against every defence (proved by our own
            # search; the engine, where there is one, proposes the attack).
            line, column = record.position(ctx.parsed.result_span[0]) if ctx.parsed.result_span else (record.line, 1)
            winner = chess.WHITE if claimed == "1-0" else chess.BLACK
            unreached = _unreached(last, board)
            if unreached:  # said of a position the replay did not reach: nothing to prove it at
                game.claims.append(Claim(None, "mate", f"mate in {mate}", "open", line, column, decided=False,
                                         reason=unreached))
                return
            at = (len(game.claims), len(game.diagnostics))  # (where its claim and error stand, proved later)
            if ctx.prove or not ctx.always and not game.in_error():
                _prove_mate(game, board, mate, winner, printed, line, column, at)
            else:
                final = board.copy()  # (its moves too: a proof reads the game's repetitions)
                ctx.deferred.append(lambda: _prove_mate(game, final, mate, winner, printed, line, column, at))
            return
        if claimed in ("1-0", "0-1", "1/2-1/2") and actual is None and printed and _IN_WORDS.search(printed) \
                and last is not None and last.status == "ok" and type(board) is chess.Board and turn is board:
            # "Resigns.", "Drawn game.", "And wins." at a position still being played: the book's verdict
            # (on the line's last position: not where it follows another move than the line's last)
            line, column = record.position(ctx.parsed.result_span[0]) if ctx.parsed.result_span else (record.line, 1)
            ctx.printed_result = (board.copy(stack=False), claimed, printed, line, column)
        if actual is not None and unfinished:
            line, column = record.position(ctx.parsed.result_span[0]) if ctx.parsed.result_span else (record.line, 1)
            game.claims.append(Claim(None, "result", "*", actual, line, column))
            game.diagnostics.append(Diagnostic(
                "warning", "wrong-result", f"the result '*' says the game goes on, but the final position ends it "
                f"({_describe(board)}: {actual}); kept as printed", line, column, suggestions=[actual]))
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


def _unreached(last: Move | None, board: chess.Board) -> str:
    """Why a claim printed after the line's moves is not said of ``board`` (the replay's last position), or
    ``""`` where it is: the line's last printed move was not made (the replay stopped before it), or no move
    was read and no set-up given (the opening position is no position a book claims a mate at)."""
    if last is not None and _uci(last) is None:
        return f"the moves before it were not all replayed (stopped before {last.printed!r})"
    if last is None and board.fen() == chess.STARTING_FEN:
        return "no move before it was read and no position is set up"
    return ""


def _prove_mate(game: Game, board: chess.Board, mate: int, winner: chess.Color, printed: str | None,
                line: int | None, column: int | None, at: tuple[int, int]) -> None:
    """The printed "mate in ``mate``" proved or refuted at ``board``, its claim and any error put at ``at``
    (the game's claims and diagnostics as they stood where the result was read)."""
    if type(board) is not chess.Board:
        # The mate search and the engine know standard chess only: on a variant's board (a third check wins, a
        # king explodes) the claim is left open, never refuted by rules that are not the game's.
        game.claims.insert(at[0], Claim(None, "mate", f"mate in {mate}", "open", line, column, decided=False,
                                        reason=f"not searched: the mate search plays standard chess, not "
                                               f"{board.uci_variant or 'this variant'}"))
        return
    # printed after the mating side's check: every reply must be mated within N
    proof = settle_mate(board, mate, mated=board.turn != winner)
    found = proof.mates is True
    shown = " ".join(proof.line)
    reason = f"proved: {shown}" if found else f"{shown} escapes" if shown else ""
    game.claims.insert(at[0], settled_mate_claim(proof, None, line, column, reason))
    if proof.mates is None:
        return
    if proof.how == "engine":  # the engine's word, not a proof: a warning where it disagrees
        if not found:
            game.diagnostics.insert(at[1], Diagnostic(
                "warning", "engine-disputes", f"the result {printed!r} claims a mate in {mate}; {proof.reason} "
                f"({_describe(board)}, {colour_name(board.turn)} to move): not proved either way", line, column))
        return
    if not found:
        escape = f"; after {proof.line[0]}, {proof.line[1]} escapes" if len(proof.line) > 1 else ""
        game.diagnostics.insert(at[1], Diagnostic(
            "error", "wrong-result", f"the result {printed!r} claims a mate in {mate} that the final "
            f"position does not give ({_describe(board)}, {colour_name(board.turn)} to move{escape})",
            line, column))


#: A result printed in words ("Resigns.", "Drawn game."), not a score ("1-0") that every PGN game ends with.
_IN_WORDS = re.compile(r"[^\W\d_]")


def _inferred(ctx: _Context, missing: Diagnostic | None) -> chess.Board | None:
    """The smallest set-up the moves need (:mod:`.infer`), for a fragment or a score under a diagram
    the text only names (``missing``, its error): the game starts from it, marked as a reconstruction
    (``setup_inferred``), with an ``info`` in place of the error; ``None`` when there is none."""
    if missing is None and ctx.parsed.record.tag("Variant"):
        return None
    from notation.rules.chess.infer import infer_setup

    board = infer_setup(ctx.parsed.line, ctx.notation)
    if board is None:
        return None
    game = ctx.game
    detail = ChessGameDetail.of(game.detail)
    detail.setup, detail.setup_inferred, detail.setup_missing = board.fen(), True, None
    game.start = position_key(board)
    first = ctx.parsed.line.moves[0]
    if missing is not None:
        game.diagnostics.remove(missing)
    number = first.number or 1
    why = ("the moves start from a diagram the text does not give" if missing is not None else
           f"the score begins at move {number}{'...' if first.side == 'black' else '.'} without the position"
           if number > 1 else f"the first move, {first.text!r}, is no move from the opening position")
    game.diagnostics.append(Diagnostic(
        "info", "setup-inferred", f"{why}: replayed on the smallest set-up its moves need: {board.fen()} "
        "(a reconstruction, not the book's position)", *ctx.parsed.record.position(first.start)))
    return board


def _faulty(game: Game) -> bool:
    """Whether the main line has a move that is not ok or a false check or mate (worth rereading)."""
    return any(m.status != "ok" for m in game.moves) or any(
        d.code in ("false-check", "false-mate") and d.variation is None for d in game.diagnostics)


def _shallow(pm: PrintedMove) -> PrintedMove:
    """A copy of a printed move whose variations can change without touching the parsed record."""
    return PrintedMove(pm.text, pm.start, pm.end, pm.fields, pm.number, pm.side, pm.comment,
                       list(pm.annotations), list(pm.variations))



def _agreeing(board: chess.Board, moves: list[chess.Move], marks: tuple[bool, bool]) -> list[chess.Move]:
    """The moves whose check, and where mate is printed whose mate, the printed marks bear out."""
    check, mate = marks
    out = [m for m in moves if board.gives_check(m) == check]
    if check and len(out) > 1:
        agreeing = []
        for m in out:
            board.push(m)
            if board.is_checkmate() == mate:
                agreeing.append(m)
            board.pop()
        out = agreeing or out
    return out


def _castles_either(pm: PrintedMove, board: chess.Board, meant: chess.Move) -> bool:
    """Whether ``pm`` is "Castles" alone (either wing, the King's where both are legal) and ``meant`` castling with
    the Queen's Rook: what the words can mean too, not a misprint."""
    fields = pm.fields
    return getattr(fields, "kind", None) == "castle" and getattr(fields, "castle", None) == "" \
        and board.is_queenside_castling(meant)


def _other_wing(pm: PrintedMove, board: chess.Board, read: chess.Move) -> chess.Move | None:
    """Castling with the Queen's Rook where ``pm``, "Castles" alone, was read with the King's and both are legal:
    the words' other meaning (:func:`_castles_either`), for a search over the readings of the rest of the line."""
    if not board.is_kingside_castling(read):
        return None
    other = next((m for m in board.generate_castling_moves() if board.is_queenside_castling(m)), None)
    return other if other is not None and _castles_either(pm, board, other) else None


def result_of_its_line(parsed: ParsedRecord, grammar: str) -> ParsedRecord:
    """The record with a result in words that ends a variation made that line's verdict: the note on its last
    move (judged there, :func:`.endings.settle`), no longer the game's result.

    A book prints a verdict after the line it ends: a note's "... 22. B to R 6, and wins." under the game's score,
    "And Black wins." under a variation's table, "7. B-Kt3 P-Q3, and White resigns." closing the third of three
    scores printed under one heading (read as the game and two variations from move 1). The result ends that
    line where it follows the line's last move at once (in its paragraph, no bracket closed and no word between
    them) and the game's score ended before the line began; elsewhere it is the game's (a score such as "1-0"
    always is, and a resignation but after a line from the game's first move)."""
    printed, at, main = parsed.result, parsed.result_span, parsed.line.moves
    if not printed or at is None or not main or not _IN_WORDS.search(printed):
        return parsed
    before = [(move.end, path, index, line) for path, line in _lines_of(parsed.line, ())
              for index, move in enumerate(line.moves) if move.end <= at[0]]
    if not before:
        return parsed
    end, path, index, line = max(before, key=lambda found: found[0])
    between = parsed.record.body[end:at[0]]
    if not path or index != len(line.moves) - 1 or line.moves[0].start < main[-1].end \
            or re.search(r"[^\W\d_]|[)\]}]|\n[ \t]*\n", between):
        return parsed
    if _RESIGNS.search(printed) and any(move_index for move_index, _ in path):
        # A player resigns a game, not a line of analysis: after a line from the game's first move (a game of its
        # own printed under the same heading) it is that game's; after any other, the game's moves the reading
        # left in a variation (an OCR'd score's second half read from an earlier move) end there.
        return parsed
    copied = deepcopy(parsed.line)
    # The game's own result, printed as a paragraph of its own after the line's verdict ("Schwarz gibt auf."): the
    # game's, no longer a note on the move before it.
    own = result_after_score(grammar, parsed.record.body, at[1])
    if own is not None and not re.search(r"\n[ \t]*\n", parsed.record.body[at[1]:own[1][0]]):
        own = None
    if own is not None:
        for _, each in _lines_of(copied, ()):
            for move in each.moves:
                if move.comment and own[0] in move.comment.split("\n\n"):
                    move.comment = "\n\n".join(p for p in move.comment.split("\n\n") if p != own[0]) or None
    ending = copied
    for move_index, variation_index in path:
        ending = ending.moves[move_index].variations[variation_index]
    last = ending.moves[-1]
    last.comment = f"{last.comment} {printed}" if last.comment else printed
    return replace(parsed, line=copied, result=own[0] if own else None, result_span=own[1] if own else None)


#: A resignation, English or German ("White resigns.", "Resigns", "Weiß gibt auf.", "Aufgegeben.").
_RESIGNS = re.compile(r"\bresign|\bgie?bt\s+auf\b|\baufgegeben\b", re.I)


def _lines_of(line: PrintedLine, path: tuple[tuple[int, int], ...]):
    """Each line of a printed score with its path from the main line (a move's index and a variation's, per
    level; the main line's is empty)."""
    yield path, line
    for move_index, move in enumerate(line.moves):
        for variation_index, variation in enumerate(move.variations):
            yield from _lines_of(variation, path + ((move_index, variation_index),))


#: A word that begins a sentence of the author's, no move's ("Or", "If", "Black"): a note's move ends before it.
_SENTENCE_WORD = re.compile(r"(?:Or|If|And|But|The|When|Then|With|This|[A-Z][a-z]{2,})[,.]?")
#: A move number just before a word on its line (``14 ... ``, ``14. ...``, ``9 ``, ``9. ``): its figures, and its dots
#: where it prints them (the second player's move). (A number ending the line above is a table's cell, no note's.)
_NUMBER_BEFORE = re.compile(r"(?<![\w.,])(\d{1,3})(?:[ \t]*\.)?([ \t]*(?:\.[ \t]*){3}|[ \t]*…[ \t]*)?[ \t]*$")


def _numbered_note_move(body: str, at: int) -> tuple[int, bool | None] | None:
    """The number printed just before the word at ``at`` in a note's words, and the side its dots name
    (``chess.BLACK``), ``None`` for a bare number (either side's)."""
    match = _NUMBER_BEFORE.search(body, max(0, at - 16), at)
    if match is None:
        return None
    return int(match.group(1)), chess.BLACK if match.group(2) else None


def _next_after_a_move(body: str, at: int, line: PrintedLine, game: Game) -> tuple[int, bool] | None:
    """Where the word at ``at`` follows a move of the game's line with nothing but a comma, a semicolon or spaces
    between them on one line, and the line's next move is read elsewhere: the number and side of the move it
    stands for (the line's next), as a note's number would name it."""
    for k, pm in enumerate(line.moves):
        if pm.end <= at and _NEXT_WORD_GAP.fullmatch(body, pm.end, at) and (
                k + 1 == len(line.moves) or line.moves[k + 1].start > at):
            where = game.record.position(pm.start) if game.record is not None else None
            move = next((m for m in game.moves if (m.line, m.column) == where), None)
            if move is None or move.number is None or move.status == "error":
                return None
            return (move.number, chess.BLACK) if move.side == "white" else (move.number + 1, chess.WHITE)
    return None


#: What stands between a move and the next one printed after it in a run: a comma or semicolon, spaces.
_NEXT_WORD_GAP = re.compile(r"[ \t]*[,;]?[ \t]*")


def _positions_by_number(game: Game) -> dict[tuple[int, bool], list[Position]]:
    """Every position the game's line and its variations pass through, by the move number and the side to
    move there (the pieces' origins kept, for the descriptive notation's ``Q Kt``)."""
    first = game.moves[0] if game.moves else None
    board = chess.Board(f"{game.start} 0 {first.number if first and first.number else 1}") if game.start \
        else chess.Board()
    out: dict[tuple[int, bool], list[Position]] = {}
    before: dict[int, dict[int, Position]] = {}  # line id -> ply -> the position before the move there

    def walk(line: int, moves: list[Move], position: Position) -> None:
        plies = before.setdefault(line, {})
        for move in moves:
            plies[move.ply] = position
            out.setdefault((position.board.fullmove_number, position.board.turn), []).append(position)
            if move.status == "error" or not move.normalized:
                return
            try:
                played = position.board.parse_san(move.normalized)
            except ValueError:
                return
            position = position.copy()
            position.push(played)
        out.setdefault((position.board.fullmove_number, position.board.turn), []).append(position)
        if moves:  # (the line's end: where a continuation after its last move branches)
            plies[moves[-1].ply + 1] = position

    walk(0, game.moves, Position.start(board))
    for variation in sorted(game.variations, key=lambda v: v.id):
        start = before.get(variation.parent, {}).get(variation.branch_ply)
        if start is not None:
            walk(variation.id, variation.moves, start)
    return out


def _illegal_where_numbered(body: str, at: int, numbered: tuple[int, bool | None],
                            places: dict[tuple[int, bool], list[Position]], game: Game
                            ) -> tuple[str, str, list[str]] | None:
    """Where a note prints a move with its number (``(c) A blunder; 14 ... P to K B 4 was necessary.``) and no
    position of that number, for the side its dots name (either, for a bare number), in the game's line or a
    variation admits the move as printed: the words, the move named ("Black's 14th move") and the nearest legal
    readings at the first such position. ``None`` where some position admits it (the reading chose otherwise),
    where none of that number was reached, or where the words read no move."""
    number, side = numbered
    sides = (side,) if side is not None else (chess.WHITE, chess.BLACK)
    found = [(s, p) for s in sides for p in places.get((number, s), ())]
    notation = NOTATIONS.get(game.notation or "")
    if not found or notation is None:
        return None
    rules = rules_for(notation, body)
    words = body[at:at + 60].split("\n")[0].split()  # (the move's words on its number's line, to its stop)
    ends = [k for k, w in enumerate(words) if w[-1] in ",;:" or not w.strip(".")]
    words = words[:ends[0] + 1] if ends else words
    # (and before the next sentence's word: "P-K5 + . Or 4 ...", "B-B3 + . If ...")
    words = words[:next((k for k, w in enumerate(words) if k and _SENTENCE_WORD.fullmatch(w)), len(words))]
    texts = [(" ".join(words[:n]), rules.compact(" ".join(words[:n]))) for n in range(1, min(6, len(words)) + 1)]
    texts = [(shown, text) for shown, text in texts if text and rules.plausible(text)]
    if not texts or any(rules.forms(p).get(text) for _, p in found for _, text in texts):
        return None
    shown, text = texts[-1]
    named = f"{colour_name(found[0][0]).capitalize()}'s {number}{_suffix(number)} move" if side is not None \
        else f"the {number}{_suffix(number)} move (White's or Black's)"
    return shown.rstrip(".,;: "), named, _nearest_forms(text, found[0][1], rules)


def _past_the_end(numbered: tuple[int, bool | None], game: Game) -> tuple[str, str] | None:
    """Where a note's number names the move the game's line comes to after its last or a later one (its moves no
    position of the game to be placed at, never the game going on): the move named and the line's last move
    ("White's 11th move", "Black's 10th move"); else ``None``."""
    number, side = numbered
    last = next((m for m in reversed(game.moves) if m.number is not None and m.side is not None), None)
    if last is None or last.number is None:
        return None
    # (Plies in order: a bare number names White's move of its number at the earliest.)
    if 2 * number + (side is chess.BLACK) <= 2 * last.number + (last.side == "black"):
        return None
    named = f"{colour_name(side).capitalize()}'s {number}{_suffix(number)} move" if side is not None \
        else f"the {number}{_suffix(number)} move"
    return named, f"{last.side.capitalize()}'s {last.number}{_suffix(last.number)} move"


def _nearest_forms(text: str, position: Position, rules: ChessRules, most: int = 3) -> list[str]:
    """The legal moves at ``position`` whose printed forms are nearest ``text`` (SAN, nearest first)."""
    forms = rules.forms(position)
    # (Nearest by letters; of those as near, the piece printed first: "P to K B 4" is nearer P-B4 than B-B4.)
    ranked = sorted(forms, key=lambda form: (Levenshtein.distance(text, form), form[:1] != text[:1]))
    found: list[str] = []
    for form in ranked:
        for move, _ in forms.get(form) or ():
            san = position.board.san(move)
            if san not in found:
                found.append(san)
        if len(found) >= most:
            break
    return found[:most]


#: A diagram's caption that names the move it follows: "Position after Black's 9th move", "after White's 20th
#: move", German "Stellung nach dem 9. Zuge von Schwarz", "nach Schwarz' 9. Zug".
_AFTER_MOVE = re.compile(
    r"after\s+(?P<side>White|Black)['’]s\s+(?P<number>\d+)(?:st|nd|rd|th|d)?\s+move"
    r"|nach\s+(?:dem\s+)?(?P<de_number>\d+)\.\s*Zuge?\s+(?:von\s+)?(?P<de_side>Wei(?:ß|ss|s)|Schwarz)",
    re.I)
#: How far above a diagram its caption is looked for, in characters.
_CAPTION = 200


def _check_diagrams(parsed: ParsedRecord, game: Game) -> None:
    """A text diagram printed among the game's moves ("Position after Black's 9th move:" over a board) claims the
    position the game reaches there: the move its caption names, else the last move printed above it. Each is a
    ``diagram`` claim (the diagram's men as FEN against the game's), and a diagram that differs is a
    ``diagram-differs`` warning naming the squares: a misprint of the diagram, or of a move before it."""
    record = parsed.record
    first = parsed.line.moves[0].start if parsed.line.moves else None
    if first is None or not game.moves:
        return
    from notation.parse.chess_text_setup import setups_in

    for diagram in setups_in(record.body):
        if diagram.form != "diagram" or diagram.board is None or diagram.start < first:
            continue
        captions = list(_AFTER_MOVE.finditer(record.body, max(first, diagram.start - _CAPTION), diagram.start))
        caption = captions[-1] if captions else None  # (the nearest above it)
        if caption is not None:
            side = "white" if (caption.group("side") or caption.group("de_side") or "").lower().startswith(("white", "wei")) \
                else "black"
            number = int(caption.group("number") or caption.group("de_number"))
            ply = next((k for k, m in enumerate(game.moves) if m.number == number and m.side == side), None)
            named = f"the position after {side.capitalize()}'s {number}{_suffix(number)} move"
        else:
            above = [pm.start for pm in parsed.line.moves if pm.start < diagram.start]
            ply = len(above) - 1 if above else None
            named = "the position where it stands"
        if ply is None or ply >= len(game.moves) or game.moves[ply].position is None \
                or any(m.status == "error" for m in game.moves[:ply + 1]):
            continue  # (a position the replay does not reach as printed: nothing to compare)
        reached = chess.Board(f"{game.moves[ply].position} 0 1")
        shown, actual = diagram.board.board_fen(), reached.board_fen()
        line, column = record.position(diagram.start)
        game.claims.append(Claim(ply + 1, "diagram", shown, actual, line, column, reason=named))
        if shown != actual:
            squares = [sq for sq in chess.SQUARES if diagram.board.piece_at(sq) != reached.piece_at(sq)]
            game.diagnostics.append(Diagnostic(
                "warning", "diagram-differs", f"the diagram shows {named} otherwise than the moves reach it: "
                + ", ".join(f"{chess.square_name(sq)}: {_man(diagram.board, sq)} in the diagram, {_man(reached, sq)} in the game"
                            for sq in squares[:6]) + (" ..." if len(squares) > 6 else ""),
                line, column, ply + 1))


def _man(board: chess.Board, square: chess.Square) -> str:
    piece = board.piece_at(square)
    return f"{colour_name(piece.color)} {chess.piece_name(piece.piece_type)}" if piece else "empty"


def _suffix(number: int) -> str:
    return "th" if 10 <= number % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(number % 10, "th")


#: A printed move number, its stop or none, and the word after it (``_first_moves_left_as_prose``).
_NUMBERED_WORD = re.compile(r"(?<![\w.])(\d{1,3})[ \t]*\.?[ \t]*(?:\.{2,}|…)?[ \t]*(\S+)")


def _first_moves_left_as_prose(parsed: ParsedRecord, stretches: list) -> tuple[int, int] | None:
    """(where move 1 stands, the last move number left) where the main line is read from a move n past 1 and its
    paragraph prints moves 1 to n-1 before it, each number with a move-like word after it, in a stretch taken for
    prose ("This is the simplest position. 1 R-R7, K-Kt1; 2 K-Kt6, K-R1; / 3 R-R8 mate." with the first
    line left): the score's own first moves, not read; else ``None``."""
    moves = parsed.line.moves
    if not moves or moves[0].number is None or moves[0].number <= 1:
        return None
    body, first = parsed.record.body, moves[0]
    paragraph = body.rfind("\n\n", 0, first.start) + 1
    wanted, found = 1, paragraph
    for m in _NUMBERED_WORD.finditer(body, paragraph, first.start):
        if int(m.group(1)) != wanted or not MOVE_WORD.fullmatch(m.group(2).rstrip(".,;:!?")) \
                or not any(start <= m.start(2) < end for start, end, *_ in stretches):
            continue
        found = m.start() if wanted == 1 else found
        wanted += 1
        if wanted == first.number:
            return found, wanted - 1
    return None


def _account_for_prose(parsed: ParsedRecord, game: Game, continued: set[int] | frozenset[int] = frozenset(),
                       said_illegal: set[int] | frozenset[int] = frozenset()) -> None:
    """Say why each stretch of text with move-like words was taken for prose; a record that
    has such words and from which no move was read is an error, never ``ok``. The words at ``continued`` were
    read as the game's continuation (:meth:`Replay._continuations`): no prose; a stretch whose first word is at
    ``said_illegal`` is a note's line past the end said there as illegal: prose, not said again."""
    record = parsed.record
    seen: list[tuple[int, str]] = []  # each move-like word, where it stands in the body where known
    stretches = ChessExtra.of(parsed.extra).prose
    anywhere = move_like_words(record.body) if stretches else []  # read in place: a word's marks and stops count
    said: set[int] = set()
    unread_rows = {at for at, _ in ChessExtra.of(parsed.extra).rows_unread}
    places: dict[tuple[int, bool], list[Position]] | None = None  # (built once, where a note numbers a move)
    for start, end, reason, words in stretches:
        if words is None:  # left to the family: the words of any chess notation
            found = [(start + m.start(), m.group()) for m in MOVE_WORD.finditer(record.body[start:end])]
            words = [word for _, word in found]
        else:
            found = _in_place(record.body, start, end, words)
        if continued and any(at in continued for at, _ in found):
            found = [(at, word) for at, word in found if at not in continued]
            words = [word for _, word in found]
        # (each word once: two words the decoder left may lie in one word read in place)
        inside = [(at, word) for at, word in anywhere if start <= at < end and at not in said and at not in continued]
        said.update(at for at, _ in inside)
        _other_words(parsed, game, inside, reason, found if words else [])
        if not words:
            continue
        seen.extend(found)
        # Said where its first such word stands, as another notation's words are ("Thanks. Next time Kt-QB3."
        # at "Kt-QB3"), not where the stretch begins.
        line, column = record.position(found[0][0])
        game.diagnostics.append(Diagnostic(
            "info", "prose", f"taken for prose ({reason}), though it has words that read as moves: "
            + ", ".join(repr(w) for w in words[:6]) + (" ..." if len(words) > 6 else ""), line, column))
        numbered = _numbered_note_move(record.body, found[0][0])
        # (Or, unnumbered, printed right after a move of the game's line, the line read on elsewhere: "1. K-B7,
        # P-R8 (Q); 2. RxQ mate. If 1. ..., K-R2; ...", where P-R8 is no legal move: the score's next move.)
        after = None if numbered is not None else _next_after_a_move(record.body, found[0][0], parsed.line, game)
        numbered = numbered or after
        # (A transcriber's note quotes the book's misprint, maybe no legal move: about the text, not to be judged.)
        if (
            numbered is not None
            and found[0][0] not in unread_rows
            and found[0][0] not in said_illegal
            and reason != TRANSCRIBED
        ):
            if places is None:
                places = _positions_by_number(game)
            illegal = _illegal_where_numbered(record.body, found[0][0], numbered, places, game)
            # (Not words after the game's result, "Thanks. Next time 8. Kt-QB3.": said as such already.)
            past = _past_the_end(numbered, game) if illegal is None and after is None and reason != AFTER_RESULT \
                else None
            if past is not None:
                # (A note's line numbered past the game's end, as the reading leaves it: no place for it, said.)
                game.diagnostics.append(Diagnostic(
                    "warning", "note-past-end", f"{words[0]!r}: its number names {past[0]}, after the game's last move "
                    f"({past[1]}): no move of the game for the note's line to replace; kept as the note's words, not "
                    "read as the game going on",
                    line, column))
            if illegal is not None:
                game.diagnostics.append(Diagnostic(
                    "error", "illegal-move", (f"{illegal[0]!r}: its number names {illegal[1]}" if after is None else
                                              f"{illegal[0]!r}, printed as the line's next move ({illegal[1]})")
                    + ", where it is not a legal move, in the game's line nor in any variation read; kept as the "
                    + ("note's words" if after is None else "author's words"), line, column, suggestions=illegal[2]))
    for at, word in ChessExtra.of(parsed.extra).rows_unread:
        # (A printed move, by where it stands, that the reading leaves: the record is not read whole.)
        game.diagnostics.append(Diagnostic(
            "error", "unread-cell", f"{word!r} stands where the score prints a move, but the reading of the "
            "game leaves it out; the moves after it are read in turn", *record.position(at)))
    for at, heading in ChessExtra.of(parsed.extra).variations_unread:
        # (A table of printed moves the record does not read, kept off the game's line: said, not dropped.)
        game.diagnostics.append(Diagnostic(
            "error", "unread-variation", f"{heading!r} heads a variation that is not read: the move it names is "
            "not on the game's line as read, or its table reads as no legal line from there", *record.position(at)))
    unread_first = _first_moves_left_as_prose(parsed, stretches)
    if unread_first is not None:
        at, last = unread_first
        opening = parsed.line.moves[0]
        game.diagnostics.append(Diagnostic(
            "error", "unread-moves", f"moves {'1' if last == 1 else f'1-{last}'} printed before "
            f"'{opening.number} {opening.text}' were not read: the score is read from its move {opening.number} only",
            *record.position(at)))
    row = _row_after(record.body, parsed.line, game)
    if row is not None:
        game.diagnostics.append(Diagnostic(
            "error", "unread-cell", f"{row[1]!r} stands where its row's number prints the next move, but the "
            "reading of the game ends before it (no move is read from it)", *record.position(row[0])))
    if seen:
        ChessGameDetail.of(game.detail).move_like_words_in_prose = len(seen)
    read = any(m.status != "error" or ChessMoveDetail.of(m.detail).read for line in [game.moves, *(v.moves for v in game.variations)] for m in line)
    # Words the grammar took for moves among words it could not read ("Here 12. Nxe5 would have
    # won"): when not one move was read, they are move-like words too, and the record says so.
    unread = [] if read else [(pm.start, pm.text) for pm in printed_moves(parsed.line)
                              if not isinstance(pm.fields, Unreadable)]
    seen.extend(unread)
    if unread:
        ChessGameDetail.of(game.detail).move_like_words_unread = len(unread)
    if seen and not read:
        at, first = min(seen)
        line, column = record.position(at)
        game.diagnostics.append(Diagnostic(
            "error", "no-moves", f"no move of this record could be read, though {len(seen)} of its words "
            f"read as {game.notation} moves (first {first!r})", line, column))


def _in_place(body: str, start: int, end: int, words: list[str]) -> list[tuple[int, str]]:
    """The words of a stretch ``body[start:end]``, in order, each with its offset in the body (the
    stretch's start for one not found as printed there)."""
    out, at = [], start
    for word in words:
        # (The grammar's words have their stops dropped, "B to Q B's 4th" of "B. to Q. B's 4th": found with them.)
        found = re.compile(r"[.,;:)!?]*\s+".join(map(re.escape, word.split()))).search(body, at, end)
        out.append((start if found is None else found.start(), word))
        at = at if found is None else found.end()
    return out


def _other_words(parsed: ParsedRecord, game: Game, found: list[tuple[int, str]], reason: str,
                 read: list[tuple[int, str]]) -> None:
    """Say the words of a stretch taken for prose that read as moves only in another notation or another
    game's (``d4`` in "Next time 1. d4." after a descriptive score), each where it stands; and those of the
    notation's own form that its grammar does not read alone (``KttoKB38``, a rank's 3 read as "38"): the
    words its grammar reads (``read``, in place) are said apart, and none is dropped unsaid. Only said:
    they count in no reading's choice (:attr:`ChessGameDetail.move_like_words_in_prose` counts the ones the
    grammar reads; :attr:`ChessGameDetail.own_form_words_unread` the own form's words it does not among the
    score's moves, for the decoder to read). ``found``: the stretch's words that read as moves in any notation of any family, by
    offset in the body."""
    record = parsed.record
    own = NOTATION_WORD[parsed.notation]

    def said(at: int, word: str) -> bool:  # a word the grammar read, where it stands
        return any(at < where + len(other) and where < at + len(word) for where, other in read)

    others, unread = [], []
    for at, word in found:
        if not ((m := own.match(record.body, at)) and m.end() == at + len(word)):
            others.append((at, word))
        elif not said(at, word):
            unread.append((at, word))
    # Those standing among the score's moves (after its first, before its last) are its moves, maybe, that
    # the decoder reads, and so are those above a first move read past White's move 1 (its first rows, "1. King's
    # pawn two squares."; White's move 1 told in the sentence above "1. ... K-Kt sq"); after the score they are a
    # note's ("moving the Kt. to Q. B's 5th"), only said.
    main = parsed.line.moves
    among = [at for at, _ in unread if main and (main[0].end <= at < main[-1].start or at < main[0].start and (
        (main[0].number or 1) > 1 or main[0].side == "black"))]
    if among:
        detail = ChessGameDetail.of(game.detail)
        detail.own_form_words_unread = (detail.own_form_words_unread or 0) + len(among)
    for words, what in ((others, f"in another notation than {parsed.notation}'s"),
                        (unread, f"in {parsed.notation}'s form, but not as its grammar reads a move")):
        if not words:
            continue
        shown = ", ".join(f"{word!r} ({':'.join(map(str, record.position(at)))})" for at, word in words[:6])
        game.diagnostics.append(Diagnostic(
            "info", "prose", f"taken for prose ({reason}), though it has words that read as moves {what}: "
            f"{shown}" + (" ..." if len(words) > 6 else ""), *record.position(words[0][0])))


#: How many plies after a printed number that says moves are lost are tried before the replay stops there.
_RESYNC_PLIES = 6


def _turn_name(pm: PrintedMove) -> str:
    return f"{pm.number}{'...' if pm.side == 'black' else '.'}"


def _row_between(body: str, before: PrintedMove, at: PrintedMove, notation: str | None) -> tuple[int, str] | None:
    """The first line between two printed moves that opens with a number between theirs, its words after it
    beginning as a move does (:func:`_row`: "4 Q RtoQsqB to Kt sq^" between rows 3 and 5): a row of the score
    whose moves were not read. Where its words are, and the words."""
    if before.number is None or at.number is None or at.number - before.number < 2:
        return None
    numbers = "|".join(str(n) for n in range(before.number + 1, at.number))
    lines = re.compile(rf"(?m)^[^\S\n]*(?:{numbers})[.,]?[^\S\n]+(\S[^\n]*?)[^\S\n]*$").finditer(body, before.end, at.start)
    return next((row for found in lines if (row := _row(found.start(1), found.group(1), notation)) is not None), None)


#: The line after a move's: its row's number, and the row's words.
_NEXT_ROW = re.compile(r"[^\n]*\n(?:[^\S\n]*\n){0,2}[^\S\n]*(\d{1,3})[.,]?[^\S\n]+(\S[^\n]*?)[^\S\n]*$", re.M)


def _row_after(body: str, line: PrintedLine, game: Game) -> tuple[int, str] | None:
    """The row printed on the line after the main line's last move (or the one after a blank line or two),
    numbered as the next move, where that last move is Black's and no move is read from the row, its first
    word one a move begins with ("6 Q RtoQsqB to Kt sq^" under row 5): the score's last row, not read. Where
    its words are, and the words."""
    last = line.moves[-1] if line.moves else None
    if last is None or last.side != "black" or last.number is None or game.family != "chess":
        return None
    found = _NEXT_ROW.match(body, last.end)
    if found is None or int(found.group(1)) != last.number + 1:
        return None
    start, end = found.span(2)
    if any(pm.start < end and pm.end > start for pm in printed_moves(line)):
        return None  # (read as a variation's)
    return _row(start, found.group(2), game.notation)


def _row(start: int, text: str, notation: str | None) -> tuple[int, str] | None:
    """A row's words, ``text`` at ``start``, where they begin as the notation's moves do
    (:func:`notation.rules.chess.decode.begins_a_move`: a note's numbered line, "7. Game i.-- Defending", is no
    row of the score): where they are, and the words."""
    rules = NOTATIONS.get(notation or "")
    words = tokens(text, start)
    if rules is None or not words or not begins_a_move(words[0], ChessRules(rules)):
        return None
    return start, text


def _gap(printed: list[PrintedMove], i: int) -> tuple[PrintedMove, int] | None:
    """``(move, plies)`` when the printed number of ``printed[i]`` is a whole move or more past the
    count from the last move before it with a number (``move``): a line of the score lost between
    them ("17. Tf1-d1 Lc8-b7 b5-14 Df5-54 22. Kgl-h1"). One ply is not enough: a problem's
    solution that leaves Black's replies out numbers White's moves alone."""
    pm = printed[i]
    if pm.number is None or pm.side is None:
        return None
    for k in range(i - 1, -1, -1):
        before = printed[k]
        if before.number is not None and before.side is not None:
            plies = _ply_index(pm.number, pm.side) - _ply_index(before.number, before.side) - (i - k)
            return (before, plies) if plies >= _LOST_PLIES else None
    return None


#: Plies a printed number must be ahead of the count to say moves are lost (a whole line of the score).
_LOST_PLIES = 2


def _numbered(body: str, pm: PrintedMove) -> bool:
    """Whether a move number is printed just before ``pm`` (the layout numbers the moves after it too)."""
    return re.search(r"\d+\s?[.,]\s*$", body[max(0, pm.start - 12):pm.start]) is not None


def _sides_shifted(body: str, moves: list[PrintedMove]) -> list[PrintedMove]:
    """The moves after a lost ply, those before the next printed number each the other side's than the layout
    counted (it counted the lost ply's side for the move before them)."""
    out = list(moves)
    for k, pm in enumerate(out):
        if _numbered(body, pm):
            break
        if pm.side in ("white", "black"):
            out[k] = replace(pm, side="black" if pm.side == "white" else "white")
    return out


def _ply_index(number: int, side: str | None) -> int:
    return 2 * number + (side == "black")


def fragment_start(parsed: ParsedRecord) -> int | None:
    """The move number a score begins at when it begins in the middle of a game with no position
    given (no ``[FEN]``, ``[SetUp]`` or ``[Odds]``): its first printed number is past 1."""
    record = parsed.record
    if any(record.tag(t) for t in ("FEN", "SetUp", "Odds")) or not parsed.line.moves:
        return None
    number = parsed.line.moves[0].number
    return number if number is not None and number > 1 else None


def _has_pass(line: PrintedLine) -> bool:
    return any(isinstance(m.fields, str) and m.fields == "--" for m in line.moves[:3])


class _DiagnosticSink:
    def __init__(self, game: Game, ply: int, variation: int, line: int, column: int) -> None:
        self.game, self.ply, self.variation, self.line, self.column = game, ply, variation, line, column

    def add(self, severity: str, code: Code, message: str, suggestions: list[str] | None = None) -> None:
        report(self.game, severity, code, message, (self.line, self.column), self.ply, self.variation or None,
               suggestions or [])


def _uci(move: Move) -> str | None:
    """The move made, in UCI; ``None`` for a move not made on the board."""
    return ChessMoveDetail.of(move.detail).uci


def _made(move: Move) -> chess.Move:
    """The move made (of a move that was: a bug otherwise)."""
    uci = _uci(move)
    if uci is None:
        raise ValueError(f"{move.printed!r} was not made on the board")
    return chess.Move.from_uci(uci)


def write_movetext(game: Game, notation: ChessNotation) -> str:
    """The main line as numbered moves in ``notation`` (a record that reads back the same), each
    written on the position the replay made it on (:func:`notation.write.chess_moves.movetext`), under
    the tag pairs that set its start where it is not the opening (:func:`start_tags`)."""
    from notation.write.chess_moves import movetext, start_board

    start = start_board(game)
    moves = movetext(game.moves, Position.start(start.copy()), notation.write_move,
                     ChessGameDetail.of(game.detail).passes_after_ply or (), notation.null_move, notation.write_long)
    tags = start_tags(game, start, notation)
    if not tags:
        return moves
    header = "\n".join(f'[{name} "{value}"]' for name, value in tags.items())
    return f"{header}\n\n{moves}" if moves else header


def start_tags(game: Game, start: chess.Board, notation: ChessNotation) -> dict[str, str]:
    """The tag pairs a written score needs to be read back from the board it was replayed from:
    ``[Variant]`` for a variant's board; ``[Odds]`` for a game at odds (at Pawn and Two Moves the pass
    after White's first move is no printed move: the odds say it); else, for a start that is not the
    opening (a set-up printed, or inferred from the moves), the notation's set-up (``[FEN]``, or
    descriptive's in words: :meth:`~notation.rules.chess.notations.ChessNotation.setup_tags`)."""
    tags: dict[str, str] = {}
    if game.variant not in (None, "standard", "odds"):
        tags["Variant"] = "Chess960" if game.variant == "chess960" else game.variant
    odds = _odds_of(game)
    if odds is not None:
        tags["Odds"] = odds.name
    elif start.fen() != type(start)(chess960=start.chess960).fen():
        tags.update(notation.setup_tags(start))
    return tags


def _odds_of(game: Game) -> Odds | None:
    """The odds a game at odds was replayed at: the one whose start it is, and whose first moves its passes show."""
    from notation.rules.chess.odds import ODDS

    if game.variant != "odds":
        return None
    two = ChessGameDetail.of(game.detail).passes_after_ply == [1]
    return next((o for o in ODDS.values() if position_key(o.board()) == game.start and (o.first_moves == 2) == two),
                None)


#: The sign between a score's two sides as the texts print it (the grammar's RESULT reads them): a hyphen, two, a dash
#: of any length, a minus sign, German's colon.
_SCORE_SIGN = re.compile(r"--|[-‐‒–—−:]")
#: A side gives the game up, in German: "gibt auf", the period's "giebt auf", "gab die Partie auf".
_GIVES_UP = re.compile(r"\b(?:gie?bt|gab)\s+(?:(?:im|nach\s+dem)\s+\d+\.\s+zuge\s+)?(?:die\s+partie\s+)?auf\b")


def _scores_among_moves(ctx: _Context, grammar: str) -> None:
    """A score printed among the main line's moves ("... Lc5 1–0 4. b4"), that the reading took for no result, no
    move and no note's words, is said where it stands: a result is never dropped unsaid."""
    parsed, game = ctx.parsed, ctx.game
    main = parsed.line.moves
    if not main:
        return
    body = parsed.record.body
    kept = " ".join([c for line in [game.moves, *(v.moves for v in game.variations)] for m in line
                     for c in (m.comment,) if c] + game.comments)
    spans = [(pm.start, pm.end) for pm in printed_moves(parsed.line)] + ([parsed.result_span] if parsed.result_span
                                                                         else [])
    for at, end in scores_in(grammar, body, main[0].end, main[-1].start):
        printed = result_words(body[at:end])
        if any(begin <= at < stop for begin, stop in spans) or printed in kept:
            continue
        game.diagnostics.append(Diagnostic(
            "warning", "unread-result", f"{printed!r} reads as a result, but stands among the moves read (the game "
            "goes on after it): it is not the game's result, and no move or note", *parsed.record.position(at)))


def _stops_short(ctx: _Context, board: chess.Board, claimed: str | None) -> None:
    """A result in words that names a move past the score's last ("And the game was drawn on the forty-first
    move." under a score of 15 moves) is the game's, and says the score printed stops before the game ended: an
    info at the result, naming the move."""
    printed, span = ctx.parsed.result, ctx.parsed.result_span
    if not printed or span is None or claimed not in ("1-0", "0-1", "1/2-1/2"):
        return
    _, number = later_move(printed)
    if number is None or number <= board.fullmove_number:
        return
    ctx.game.diagnostics.append(Diagnostic(
        "info", "score-stops-short", f"{result_words(printed)!r} names move {number}: the score printed stops at "
        f"move {board.fullmove_number - (board.turn == chess.WHITE)}, before the game's end",
        *ctx.parsed.record.position(span[0])))


def _check_reported_result(ctx: _Context, given: str | None) -> None:
    """A note after the main line's last move that reports how the game ended ("{White wins 1-0}") and the
    game's result as the record gives it (``given``: "*", "0-1") contradict each other: a warning at the note's
    score (which of the two is wrong the text does not tell)."""
    game, parsed = ctx.game, ctx.parsed
    last = parsed.line.moves[-1] if parsed.line.moves else None
    reported = reported_result(last.comment) if last is not None and last.comment else None
    if last is None or reported is None or given is None or reported == given:
        return
    body = parsed.record.body
    found = SCORE.search(body, last.end, parsed.result_span[0] if parsed.result_span else len(body))
    game.diagnostics.append(Diagnostic(
        "warning", "note-result", f"the note after the last move reports the result {reported}, the game's "
        f"result is {given}", *parsed.record.position(found.start() if found else last.start)))


def _check_result_tag(game: Game, record: Record, printed: str | None, at: tuple[int, int] | None) -> None:
    """A result printed after the moves that the record's ``[Result]`` tag contradicts is said, at the
    printed one: which of the two is wrong the text does not tell (a database that changed one)."""
    tag = record.tag("Result")
    decided = ("1-0", "0-1", "1/2-1/2")
    if at is None or printed not in decided or tag not in decided or tag == printed:
        return
    game.diagnostics.append(Diagnostic(
        "warning", "result-tag", f"the result after the moves is {printed}, the Result tag says {tag}",
        *record.position(at[0])))


def pgn_result(printed: str, board: chess.Board) -> str:
    """A printed result as PGN's ``1-0`` / ``0-1`` / ``1/2-1/2``, English or German: a side that
    wins or mates wins, a side that resigns ("gibt auf", the period's "giebt auf") loses; "resigns" or "Aufgegeben" alone
    is the side to move resigning, "and wins" ("and mates in two moves") the side that made the last move."""
    r = result_words(printed).lower().replace("ß", "ss")  # (without an e-text's italics or bold marks around it)
    score = _SCORE_SIGN.sub("-", "".join(r.split())).replace("½", "1/2")  # "1 - 0", "1–0", "½:½", "1/2:1/2"
    if score in ("1-0", "0-1", "1/2-1/2"):
        return score
    if "draw" in r or "remis" in r:
        return "1/2-1/2"
    # (The sentence's subject, the first side named: "Black resigned after White's 30th move.")
    named = re.search(r"\b(white|weiss|black|schwarz)\b", r)
    side = None if named is None else chess.WHITE if named[1] in ("white", "weiss") else chess.BLACK
    loses = any(word in r for word in ("resign", "surrender", "loses", "aufgegeben", "gave up", "gives up",
                                       "abandoned")) or _GIVES_UP.search(r) is not None
    if side is None:
        if loses:
            side = board.turn
        elif "wins" in r or "mate" in r or "gewinnt" in r or "matt" in r:
            # "and wins", "and mates in two", "Mate follows.", "und gewinnt", "und setzt matt": the side that made
            # the last move
            side = not board.turn
        else:
            return "*"
    winner = (not side) if loses else side
    return "1-0" if winner == chess.WHITE else "0-1"


#: "mates in two moves", "setzt in 3 Zügen matt": a claim of mate the final position can check.
#: (And a mate announced: "White announced mate in four." "Mate follows." names no number and is left unchecked.)
_MATE_CLAIM = re.compile(r"\b(?:mates|matt|mate\s+in)\b", re.I)
_MATE_IN = re.compile(r"\bin\s+(\w+)(?:\s+(?:moves?|zügen|zuegen)|\W*$)", re.I)
_NUMBERS = {"einem": 1, "zwei": 2, "drei": 3, "vier": 4, "fünf": 5, "sechs": 6}
#: The longest forced mate a printed "mates in N" is searched for (a longer one stays a claim unchecked;
#: the proof also gives up after :data:`notation.solve.chess_search.MATE_NODES` positions, and says so).
MATE_SEARCH = 6


def mate_claim(printed: str) -> int | None:
    """The moves a printed mate claim gives (``1`` for "White mates", ``2`` for "mates in two
    moves"), or ``None`` when the result claims no mate."""
    if not _MATE_CLAIM.search(printed):
        return None
    found = _MATE_IN.search(printed)
    if found is None:
        return 1
    word = found.group(1).lower()
    return cardinal(word) or _NUMBERS.get(word, 0)


def mates_in(board: chess.Board, moves: int) -> bool:
    """Whether the side to move mates in at most ``moves`` moves, whatever the other side does (proved)."""
    return moves > 0 and mate_within(board, moves).mates is True


#: A move's note that says the move stalemates ("3. K-Kt6, stalemate.", "and it is stalemate", "Kg6 patt", "und
#: Schwarz ist patt"), at the note's head: one further on, or one that goes on "would" or "if", is said of another
#: position ("..., for 4. K-R6 would be stalemate").
_STALEMATE = re.compile(
    r"^[\s,;:—–-]*(?:(?:and|so|which|und|womit)\s+)?"
    r"(?:(?:it|this|that|he|(?:his|the)\s+(?:king|adversary|opponent)|es|er|white|black|wei(?:ß|ss|s)|schwarz)\s+"
    r"(?:is|ist)\s+(?:now\s+|nun\s+)?)?"
    r"(?:a\s+)?(?P<word>stalemate[ds]?|patt)\b(?!\s*(?:would|will|if|wird|würde|wenn)\b)", re.I)


def _check_stalemate(game: Game, record: Record, pm: PrintedMove, ply: int, variation: int,
                     board: chess.Board) -> None:
    """A stalemate the note after a move prints ("3. K-Kt6, stalemate."): a claim on the position the move
    reaches, as a printed mate is; one the board does not bear out is a ``false-mate`` error at the word."""
    found = _STALEMATE.match(pm.comment or "")
    if found is None:
        return
    word = re.compile(re.escape(found.group("word")), re.I).search(record.body, pm.end, pm.end + _NOTE_REACH)
    line, column = record.position(word.start() if word is not None else pm.start)
    actual = "stalemate" if board.is_stalemate() else "mate" if board.is_checkmate() else "not over"
    game.claims.append(Claim(ply, "stalemate", "stalemate", actual, line, column))
    if actual != "stalemate":
        replies = [board.san(m) for m in list(board.legal_moves)[:3]]
        moves = f": {colour_name(board.turn).capitalize()} to move can play {', '.join(replies)}" if replies else ""
        report(game, "error", "false-mate", f"{found.group('word')!r} claims stalemate, but {_describe(board)}{moves}",
               (line, column), ply, variation or None, [])


#: How far past its move a note's word is looked for in the text, in characters.
_NOTE_REACH = 200


def _describe(board: chess.Board) -> str:
    if board.is_checkmate():
        return f"{colour_name(board.turn)} is mated"
    if board.is_stalemate():
        return f"{colour_name(board.turn)} is stalemated"
    return "the game is not over"


def _pgn_title(record: Record) -> str | None:
    white, black = record.named("White"), record.named("Black")
    if white and black:
        return f"{white} – {black}" + (f", {record.named('Event')}" if record.named("Event") else "")
    # (Players named with no colours, "Between Mr. X and Mr. Y": "X and Y" names the game where nothing else does.)
    return record.named("Event") or record.named("Players")


def _checkers_after(board: chess.Board, move: chess.Move) -> chess.SquareSet:
    """The men giving check after ``move`` (two: a double check)."""
    board.push(move)
    try:
        return board.checkers()
    finally:
        board.pop()
