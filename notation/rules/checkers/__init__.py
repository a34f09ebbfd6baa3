"""English checkers (draughts): book notation and PDN in, PDN and book notation out.

The package has the layout every family has: :mod:`.notations` (the books'
notation and PDN, each reading a printed move on a board), :mod:`.replay`
(Foster's laws, repairs, set-up inference), :mod:`.picture` (an SVG diagram);
the board is :mod:`notation.boards.checkers`, shared with the writer
:mod:`notation.write.pdn`. Positions are keyed by PDN FEN.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from copy import deepcopy
from dataclasses import replace
from typing import Any

from notation.boards.checkers import Board, FenError, Move
from notation.details.checkers import CheckersGameDetail, CheckersMoveDetail
from notation.families import CONTENT, SURE, Family, Identification, PositionQuery, Verdict, move_like_words
from notation.model import Game, ParsedRecord, Record, RecordSpan, SourceText
from notation.parse import ParseError
from notation.records import tagged_spans
from notation.rules.checkers.notations import NOTATIONS
from notation.rules.checkers.notations.columns import move_words, split_beside, split_book
from notation.rules.checkers.notations.pdn import looks_like_pdn, split_pdn
from notation.rules.checkers.picture import picture
from notation.rules.checkers.replay import infer_setup, replay
from notation.rules.kit import reads_more

__all__ = ["FAMILY", "CheckersFamily", "infer_setup", "picture", "replay"]

#: A checker move as a word: two or more squares (1 to 32) joined by ``-`` or ``x``; not a result
#: (``1-0``, ``1/2-1/2``: no square 0, no slash) nor part of a longer number or date.
_SQUARE = r"(?:3[0-2]|[12][0-9]|[1-9])"
_SQUARE_PATH = re.compile(rf"(?<![\w/.-]){_SQUARE}(?:[-x]{_SQUARE})+(?![\w/-])")

#: The position form a user types, said when a typed key is not one.
FEN_FORM = "a PDN FEN such as W:W21,22,23:B1,2,K3 (side to move, then each side's squares, K for a king)"


def _with_notes(parsed: ParsedRecord, game: Game, start: Board, words: bool = False) -> Game:
    """The game with the move words a reading left in its notes (``or 16-20``) read as lines going on from the
    nearest printed line where that reads more; the move words still left in the prose said (``prose``). With
    ``words`` (a score no grammar read, which keeps no text), the author's words are kept as prose's are: the
    moves' comments and the record's (:func:`.decode.keep_prose_notes`)."""
    from notation.rules.checkers.decode import hang_leftovers, keep_prose_notes, prose_moves, read_after_all

    hung = replace(parsed, line=deepcopy(parsed.line))
    hung_any = hang_leftovers(hung, start)
    if words:
        keep_prose_notes(hung)  # (the notes' lines hung or not, their words are kept)
    if hung_any or words:
        other = replay(hung)
        if reads_more(other, game) or (words and not reads_more(game, other)):
            other.detail = game.detail
            game, parsed = other, hung
            # A lettered note the grammar placed nowhere whose moves now hang at its letter: read, no error.
            game.diagnostics = [d for d in game.diagnostics if not read_after_all(hung, d)]
    # The move words still left in the prose: said once, here (a reading's own 'prose' info named the words it
    # left, some of them hung since; these are all the words still left).
    game.diagnostics = [d for d in game.diagnostics if d.code != "prose"]
    # (The position at the main line's end names the legal moves nearest a next move printed there and read nowhere.)
    end = Board.from_fen(game.moves[-1].position) if game.moves and game.moves[-1].position else start
    left = prose_moves(parsed, end)
    if left is not None and not any(d.severity == "error" == left.severity and (d.line, d.column) == (left.line, left.column)
                                    for d in game.diagnostics):  # (a move of the score the decoder left: said once)
        game.diagnostics.append(left)
    return game


#: Comments of PDN movetext, and its results: what a game without moves may hold.
_COMMENTS = re.compile(r"\{[^}]*\}|;[^\n]*")
#: What every move the columns' grammar reads holds (``grammars/checkers_columns.lark``, ``MOVE`` and ``REF_MOVE``:
#: ``11-15``, ``24- 20``, ``10.6``, ``18 x 9``): a figure, the sign, a figure. A text with fewer than two of
#: them has no two moves in columns, and is not parsed for them (a chess book's record is, otherwise, every one).
_COLUMN_MOVE = re.compile(r"[0-9](?:- ?|\.| ?x ?)[0-9]")
_RESULTS = frozenset(("*", "1-0", "0-1", "2-0", "0-2", "1-1", "0-0", "1/2-1/2", "½-½"))


class CheckersFamily(Family[Board, Move]):
    """English checkers: book notation and PDN in, PDN and book notation out."""

    name = "checkers"
    notations = NOTATIONS
    formats = ("pdn", "book")
    game_detail = CheckersGameDetail
    move_detail = CheckersMoveDetail
    position_key_name = "PDN FEN"
    extensions = (".pdn",)
    #: The game's British name: the family replays English draughts (checkers) only.
    aliases = ("draughts", "english draughts")

    def replay(self, parsed: ParsedRecord) -> Game:
        """The record replayed as its notation's grammar reads it; where that reading does not replay
        whole, the decoder's reading of the score (:mod:`.decode`) when it reads more moves legally."""
        game = replay(parsed)
        if not game.start or not game.moves:
            return game
        start = Board.from_fen(game.start)
        if game.finish().status == "error" and not CheckersGameDetail.of(game.detail).setup_inferred:
            # (A record whose set-up was inferred from its moves has no start to decode them from; a position
            # set in words is one, and the score is decoded from it.)
            from notation.rules.checkers.decode import decode_score

            decoded = decode_score(parsed.record, start, parsed.notation, parsed)
            other = replay(decoded) if decoded is not None else None
            if other is not None and decoded is not None and reads_more(other, game):
                CheckersGameDetail.of(other.detail).decoded = "score"
                game, parsed = other, decoded  # the notes after its result are read as a grammar's are
            game = _with_notes(parsed, game, start)
            # Read as prose too, where the reading as one score still errs or repairs: a text that offers moves
            # ("Black now plays 12-16 or 10-14.", "If 12-16, then ...") is lines, not a score whose second move
            # is White's "18-14" a figure off.
            if game.finish().status != "ok" and (prose := self._as_prose(parsed.record, start, parsed.notation, game)):
                CheckersGameDetail.of(prose.detail).decoded = "prose"
                return prose
            return game
        return _with_notes(parsed, game, start)

    @staticmethod
    def _as_prose(record: Record, start: Board, notation: str, score: Game) -> Game | None:
        """The record's moves read as lines named in prose (:func:`.decode.decode_prose`) where that reads more
        of them legal as printed than ``score``, the reading as one score: a text that offers moves ("Black now
        plays 12-16 or 10-14.", "If 12-16, then ...") names lines, not a score whose next move is White's "18-14",
        a figure off."""
        from notation.rules.checkers.decode import decode_prose, offers_moves

        if not offers_moves(record.body):
            return None  # (a score with a misprint: its error stays where it stands)
        lines = decode_prose(record, start, notation)
        prose = replay(lines) if lines is not None else None
        return prose if prose is not None and reads_more(prose, score) else None

    def decode(self, record: Record) -> Game | None:
        """A text no checkers grammar reads: a score the decoder reads against the rules (OCR damage),
        else the moves it names in prose, read as lines from the start (:mod:`.decode`)."""
        # Here, not at the top: the decoder (and the chess book reader's headings it loads) is not for start-up,
        # where every family is loaded to split and identify a file (a PGN import needs none of it).
        from notation.rules.checkers.decode import decode_problem, decode_prose, decode_score, start_of

        try:
            start = start_of(record)
        except FenError:
            return None  # the grammar's reading says what is wrong
        notation = "pdn" if record.path.lower().endswith(".pdn") else "columns"
        kind, parsed = "score", decode_score(record, start, notation)
        if parsed is None:
            kind, parsed = "prose", decode_prose(record, start, notation)
            # A problem's moves start from its position, named in its prose or needed by its table's moves.
            problem = None if record.tag("FEN") else decode_problem(record, notation, parsed)
            if problem is not None:
                parsed = problem
        if parsed is None:
            return None
        game = replay(parsed)
        if kind == "score":
            game = _with_notes(parsed, game, start, words=True)  # the notes under a score ("(a) 9-13 is usual: ...")
            if game.finish().status != "ok" and (prose := self._as_prose(record, start, notation, game)) is not None:
                kind, game = "prose", prose
        game = game.finish()
        detail = CheckersGameDetail.of(game.detail)
        detail.decoded = kind
        if any(d.code == "setup-inferred" for d in parsed.diagnostics):
            detail.setup_inferred, detail.setup = True, game.start
        return game

    def read_fast(self, notation: str, record: Record) -> Game | None:
        """The game of a .pdn record (or one with a PDN tag) whose every printed move reads as PDN and is
        legal (a .pdn file is PDN, as a .pgn file is SAN), warnings and all; ``None`` for anything else, which is read in full
        (and, naming no notation, tried in each: a .pdn file with prose run into its moves reads best as
        a book)."""
        if notation != "pdn" or not (record.path.lower().endswith(".pdn") or _pdn_tagged(record)):
            return None
        try:
            parsed = NOTATIONS["pdn"].parse(record)
        except ParseError:
            return None
        game = replay(parsed).finish()
        return game if game.status == "ok" else None

    def write(self, game: Game, fmt: str) -> str:
        from notation.write.pdn import write_book, write_pdn

        writers = {"pdn": write_pdn, "book": write_book}
        if fmt not in writers:
            raise ValueError(f"cannot write checkers as {fmt!r}: expected one of {', '.join(self.formats)}")
        return writers[fmt](game)

    def picture(self, position_key: str, view: Mapping[str, str] | None = None) -> str:
        return picture(position_key, view=view)

    def picture_view(self, game: Mapping[str, Any], move: Mapping[str, Any] | None) -> dict[str, str]:
        """The squares of the last move (its whole path for a jump), to shade them."""
        path = ((move or {}).get("detail") or {}).get("path")
        return {"last": "-".join(str(s) for s in path)} if path else {}

    def candidate_notations(self, record: Record) -> list[str]:
        """Notations worth trying for a record that names none, most likely first: PDN first for a record
        with a PDN tag (:func:`_pdn_tagged`), whose clean reading the fast path then takes at once."""
        if _pdn_tagged(record):
            return ["pdn", *(name for name in self.notations if name != "pdn")]
        return list(self.notations)

    def identify(self, record: Record) -> Identification:
        if record.tag("GameType") is not None:
            return Identification(1.0, "a PDN [GameType] tag")
        if (record.tag("FEN") or "").strip()[:2] in ("W:", "B:"):
            return Identification(1.0, "a PDN FEN tag (W:W21,22:B1)")
        if looks_like_pdn(record.body):
            return Identification(SURE, "PDN movetext (11-15 23-19)")
        try:
            moves = NOTATIONS["book"].parse(record).line.moves
        except ParseError:
            moves = []
        if len(moves) >= 2:
            return Identification(0.7, f"checker moves as the books print them ({moves[0].text} {moves[1].text})")
        try:
            moves = NOTATIONS["columns"].parse(record).line.moves if _two(_COLUMN_MOVE, record.body) else []
        except ParseError:
            moves = []
        if len(moves) >= 2:
            return Identification(0.7, f"checker moves in columns read downwards ({moves[0].text} {moves[1].text})")
        words = move_words(record.body)
        if len(words) >= 2 and record.path.lower().endswith(".pdn"):
            # A draughts file's record whose moves do not read whole (a stray line among them): checkers,
            # so that the PDN reader says where it stops, rather than another family reading nothing.
            return Identification(0.3, f"checker moves in a .pdn file ({', '.join(words[:3])}"
                                       f"{', ...' if len(words) > 3 else ''}), not readable whole")
        if len(words) >= 2 and len(words) * 4 >= len(record.body.split()):
            # Checker moves make up the text, though no notation reads it whole (a note, a stray word):
            # a claim on the text, weighed against the other families' readings.
            return Identification(0.5, f"checker moves ({', '.join(words[:3])}{', ...' if len(words) > 3 else ''}) "
                                       "among a few other words, not readable whole")
        if len(words) >= 2:
            # Openings named in prose ("the replies to 11-15, namely 24-20, 23-19 ..."): read as lines by
            # the decoder, weighed against the other families' readings.
            return Identification(CONTENT, f"checker moves inside sentences ({', '.join(words[:3])}"
                                           f"{', ...' if len(words) > 3 else ''}: {len(words)}), no table or "
                                           "line of moves")
        if words:
            return Identification(0.0, f"checker moves only inside sentences ({', '.join(words[:3])}"
                                       f"{', ...' if len(words) > 3 else ''}: {len(words)}), no table or line of moves")
        shared = [t for t in ("White", "Black", "Event") if record.tag(t)]
        if shared and all(word in _RESULTS for word in _COMMENTS.sub(" ", record.body).split()):
            # A game of tags only (or of comments and a result): as chess weighs the same tags, so that in a
            # .pdn file it is a draughts game, the file's ending breaking the tie, and in a .pgn file chess.
            return Identification(0.2, f"tags PDN shares with PGN ({', '.join(shared)}) and no move")
        return Identification(0.0, "no PDN tags, PDN movetext or checker moves")

    def move_words(self, text: str) -> list[tuple[int, str]]:
        """Square pairs and paths as PDN and the books print them (``11-15``, ``18x9``, ``10x19x26``; squares 1 to 32)."""
        return [(m.start(), m.group()) for m in _SQUARE_PATH.finditer(text)
                if len(set(m.group().replace("x", "-").split("-"))) > 1]

    def split(self, source: SourceText) -> list[RecordSpan] | None:
        """A ``.pdn`` file, or any file with PDN's ``[GameType]`` tags: split as PDN (a result glued to a tag);
        a checker book's text: split at its game and problem headings (``Game No. 1.``)."""
        if source.path.lower().endswith(".pdn") or '[GameType "' in source.text[:20000]:
            return split_beside(source.text, split_pdn(source, move_like_words))
        spans = split_book(source)
        if spans is None and "[" in source.text:
            # Tag pairs over games printed side by side under their heads ("Game 1.     Game 2."): each game a record.
            tagged = tagged_spans(source.text)
            beside = split_beside(source.text, tagged)
            return beside if len(beside) > len(tagged) else None
        return spans

    def position_query(self, text: str) -> PositionQuery:
        """A typed PDN FEN, normalised (squares in order, ranges spelt out) as the archive stores it."""
        key = text.strip().strip('"')
        if not key:
            raise ValueError(f"expected {FEN_FORM}")
        try:
            board = Board.from_fen(key)
        except FenError as exc:
            raise ValueError(f"{text.strip()!r} is not a position: {exc}; expected {FEN_FORM}") from None
        return PositionQuery("key", board.fen(), "matched the PDN FEN (pieces and side to move)")

    def position_forms(self, key: str) -> dict[str, str]:
        return {"key": key}

    def solve(self, position_key: str) -> Verdict:
        """The value of a position for the side to move: the endgame database, else a proof search."""
        from notation.solve.checkers import solve

        return solve(position_key)

    def build_tables(self, materials: Sequence[str], directory: str | None, most: int | None, force: bool,
                     report: Callable[[str, int, float, int], None],
                     planned: Callable[[int], None] = lambda size: None) -> tuple[int, str]:
        """The endgame database, one table per material (1m2k-v-0m2k: black men, kings v white men, kings)."""
        from notation.solve import checkers as ck

        pieces = [ck.parse_material(m) for m in materials] or ck.all_materials(most or ck.DEFAULT_PIECES)
        db = ck.Database(directory)
        planned(sum(2 * m.size for m in ck.closure(pieces) if force or not db.path(m).exists()))
        built = db.build(pieces, force=force, report=lambda m, seconds, passes: report(m.name, 2 * m.size, seconds, passes))
        return len(built), str(db.directory)


FAMILY = CheckersFamily()


def _pdn_tagged(record: Record) -> bool:
    """Whether a record has a tag only PDN gives ([GameType], a FEN in PDN's form ``W:W21,22:B1``): then its
    movetext, where PDN reads it clean, is PDN, whose braces say what is a note and brackets what is a
    variation; another notation's reading that takes a note's moves ("{else 11-16}") for a line of the
    game must not outweigh it by them."""
    return record.tag("GameType") is not None or (record.tag("FEN") or "").strip()[:2] in ("W:", "B:")


def _two(pattern: re.Pattern[str], text: str) -> bool:
    """Whether ``pattern`` matches ``text`` twice at least (the search stops at the second)."""
    found = pattern.finditer(text)
    return next(found, None) is not None and next(found, None) is not None
