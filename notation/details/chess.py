"""What chess keeps: a move's squares and marks, a game's passes and prose counts, a notation's prose and headings."""

from __future__ import annotations

from collections.abc import Hashable
from dataclasses import dataclass, field

from notation.details import ValuedMove
from notation.model import Detail


@dataclass(slots=True)
class ChessMoveDetail(ValuedMove):
    """A chess move: made (``uci`` ... ``mate``), implied by a variation, or kept unchecked."""

    uci: str | None = None
    from_: str | None = field(default=None, metadata={"json": "from"})
    to: str | None = None
    #: The piece moved, upper case (``P`` for a pawn); set for every move made on the board.
    piece: str | None = None
    capture: bool | None = None
    promotion: str | None = None
    check: bool | None = None
    mate: bool | None = None
    #: A move the variation needs but does not print (``implied-move``), as the notation writes it.
    implied: bool | None = None
    written: str | None = None
    #: Kept as printed: the replay stopped before it, or the record is a fragment.
    unchecked: bool | None = None
    fragment: bool | None = None
    #: Of a fragment's move: whether its text read as a move at all.
    read: bool | None = None
    #: Kept unreplayed: the score's set-up is missing (``missing-setup``).
    setup_missing: bool | None = None
    #: Of the first move made after lost moves (``lost-moves``): the line goes on from here on the smallest
    #: set-up its moves need (a reconstruction), not on the board before it; its FEN, before this move.
    #: A writer starts again from it (:mod:`notation.write.chess_moves`).
    setup: str | None = None

    @staticmethod
    def made(uci: str, from_: str, to: str, piece: str, capture: bool, promotion: str | None, check: bool,
             mate: bool) -> ChessMoveDetail:
        """The detail of a move made on the board. (The fields given by position, in their order above: a call
        by keywords took twice as long, and the clean replay makes one a ply.)"""
        return ChessMoveDetail(None, uci, from_, to, piece, capture, promotion, check, mate)

    def values(self) -> tuple[object, ...]:
        # Written out: the archive asks it of every move it stores.
        return (ChessMoveDetail, self.value, self.uci, self.from_, self.to, self.piece, self.capture, self.promotion,
                self.check, self.mate, self.implied, self.written, self.unchecked, self.fragment, self.read,
                self.setup_missing, self.setup)

    def json_key(self) -> Hashable:
        # Strings, booleans and None but the value (a dict: unhashable, written each time), so the values
        # alone: without their types' tuple the archive's look-up per move took half the time.
        return self.values()

    def as_json(self) -> dict[str, object]:
        if self.piece is None:
            return Detail.as_json(self)  # (no bare super() in a class made with slots=True)
        # A move made: all its facts, a promotion of none too (the archive stores one per move: no generic walk).
        out: dict[str, object] = {
            "uci": self.uci, "from": self.from_, "to": self.to, "piece": self.piece, "capture": self.capture,
            "promotion": self.promotion, "check": self.check, "mate": self.mate}
        if self.value is not None:
            out["value"] = self.value
        if self.setup is not None:
            out["setup"] = self.setup
        return out


@dataclass(slots=True)
class ChessGameDetail(Detail):
    """A chess game: where a fragment starts, a move passed, words of the prose that read as moves."""

    #: Plies after which the other side moves again (a book that gives the first move away).
    passes_after_ply: list[int] | None = None
    #: The printed number of a fragment's first move.
    fragment_from: int | None = None
    move_like_words_in_prose: int | None = None
    move_like_words_unread: int | None = None
    #: Words in the notation's own form that its grammar does not read (``KttoKB38``, a worn rank 3 read
    #: as "38"), taken for prose among the score's moves: printed moves, maybe, that the decoder reads.
    own_form_words_unread: int | None = None
    #: The start set up from the text (:mod:`notation.rules.chess.setups`): its FEN, the form it was
    #: printed in (``diagram``, ``piece list``, ``FEN``) and its line; or no set-up where one is needed.
    setup: str | None = None
    setup_from: str | None = None
    setup_line: int | None = None
    setup_missing: bool | None = None
    #: The task printed before the moves with what it claims for its side to move ("White to move wins", "Schwarz am
    #: Zuge hält remis"): a claim on the start, checked (:mod:`notation.rules.chess.endings`).
    task: str | None = None
    #: The set-up is not printed but inferred from the moves (:mod:`notation.rules.chess.infer`): the
    #: smallest one they need, a reconstruction (its FEN in :attr:`setup`).
    setup_inferred: bool | None = None
    #: Replayed as the decoder read it (:mod:`notation.rules.chess.decode`), not as the notation's reader did.
    decoded: bool = False

    def as_json(self) -> dict[str, object]:
        out = Detail.as_json(self)  # (no bare super() in a class made with slots=True)
        if not self.decoded:
            del out["decoded"]  # said only of a game the decoder read
        return out


@dataclass(slots=True)
class ChessExtra(Detail):
    """What a chess notation reads besides the moves."""

    #: ``(start, end, reason, move-like words)`` of each stretch of the body taken for prose; the
    #: words ``None`` where the family names them (a notation module knows only its own words).
    prose: list[tuple[int, int, str, list[str] | None]] = field(default_factory=list)
    #: ``(offset, word)`` of each word of those that stands where a row's number prints a move (the first
    #: word after a number that begins its line): a printed move no reading of the game read.
    rows_unread: list[tuple[int, str]] = field(default_factory=list)
    #: ``(offset, heading)`` of each variation's heading whose table no reading of the game read
    #: (``Variation at White's 6th Move``: the move it names is not on the line read, or no move reads from it).
    variations_unread: list[tuple[int, str]] = field(default_factory=list)
    #: ``(offset, text)`` of each heading printed in the body.
    headings: list[tuple[int, str]] = field(default_factory=list)
