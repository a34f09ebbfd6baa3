"""Chess: English descriptive, German, SAN and algebraic notation, replayed with python-chess.

The package keeps the family layout: :mod:`.notations` (a module per notation:
parse, resolve, printed marks, forms, write, the words it prints), :mod:`.replay` (lines,
variations, repairs, the result), :mod:`.picture` (SVG boards), :mod:`.odds`
(Foster's odds games). The board itself lives in :mod:`notation.boards.chess`.
"""

from __future__ import annotations

import functools
import itertools
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import chess

from notation.boards.chess import CASTLING_SQUARES, Position, polyglot_number, position_key
from notation.details.chess import ChessGameDetail, ChessMoveDetail
from notation.families import CONTENT, SURE, Family, Identification, PositionQuery, Verdict, move_like_words
from notation.model import Diagnostic, Game, ParsedRecord, Record, RecordSpan, SourceText

if TYPE_CHECKING:
    from notation.rules.chess.notations.base import ChessNotation
    from notation.rules.chess.replay import Replay

# The notations, the replay, the decoder and their grammars are loaded when a record is read, not with the
# family: a position asked for (``notation query-parquet``, a search) needs python-chess only (0.3 s of CPU less).

#: What a position query may be, said when it is none of them.
EXPECTED_POSITION = ("expected a FEN (piece placement, side to move, castling, en passant, and "
                     "optionally the move counters), the placement with the side to move, or the "
                     "piece placement alone, such as rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR")


#: How much of a record's text identification reads first: a game's opening moves.
_OPENING = 1000
#: A score that begins at move 1 (``1. P-K4``, ``1 e4``), not Black's ``1...``.
_MOVE_ONE = r"1\b\s*\.?(?!\s*\.)\s*"
_NEW_SCORE = re.compile(_MOVE_ONE)
#: Move 1 at the start of a line (under a heading).
_SCORE_LINE = re.compile(rf"(?m)^[ \t]*{_MOVE_ONE}")
#: How far below a game's end a heading over the next game's move 1 may reach (a title, "GAME 2.--Between Mr. X
#: and Mr. Y.", the players, "White. Black."): as far as the book reader looks from a heading to its score.
_HEADING_BELOW = 400


@functools.cache
def _result() -> re.Pattern[str]:
    """A result (PGN's, as its grammar reads them) and the comments past it: where a game with a word no PGN
    reads may end. (Made on first use: the SAN grammar's module loads Lark.)"""
    from notation.parse.chess_san import RESULTS

    return re.compile(rf"(?:{'|'.join(map(re.escape, RESULTS))})\s*(?:\{{[^}}]*\}}\s*)*")


def _score_again(body: str, at: int) -> bool:
    """Whether a new score begins at move 1 at ``at`` (after a game's end), or below it past lines with no
    move-like word (a book's heading over its next game): a move-like word between says the text is a note
    on the game that ended, which stays its own."""
    score = _NEW_SCORE.match(body, at)
    if score is None:
        score = _SCORE_LINE.search(body, at, at + _HEADING_BELOW)
        if score is None or "\n" not in body[at:score.start()] or move_like_words(body[at:score.start()]):
            return False
    return any(word_at == 0 for word_at, _ in move_like_words(body[score.end():score.end() + 40]))


#: A key as the replay writes it: four fields, one space between each (what ``stored_forms`` stores nothing for).
_replay_key = re.compile("[^ ]+ [^ ]+ [^ ]+ [^ ]+").fullmatch


class ChessFamily(Family[Position, chess.Move]):
    """Chess in English descriptive, German and SAN notation, replayed with python-chess."""

    name = "chess"
    formats = ("pgn", "san", "english-descriptive", "descriptive", "german")
    game_detail = ChessGameDetail
    move_detail = ChessMoveDetail
    position_key_name = "FEN"
    extensions = (".pgn",)

    @property
    def notations(self) -> Mapping[str, ChessNotation]:  # type: ignore[override]  # loaded when first asked for
        from notation.rules.chess.notations import NOTATIONS

        return NOTATIONS

    @functools.cached_property
    def _replay(self) -> Replay:
        from notation.rules.chess.replay import Replay

        return Replay()

    def identify(self, record: Record) -> Identification:
        """Chess moves in the text (SAN, German, descriptive), or a tag only chess uses.

        ``[White]``, ``[Black]`` and ``[Event]`` are PDN's tags as much as PGN's:
        they only break a tie, never outweigh what the moves read as.
        """
        from notation.rules.chess.notations import MOVE_WORD

        tags = [t for t in ("Odds",) if record.tag(t)]
        if "/" in (record.tag("FEN") or ""):  # a chess FEN, not PDN's "W:W21,22:B1"
            tags.append("FEN")
        if tags:
            return Identification(SURE, f"PGN tags only chess uses ({', '.join(tags)})")
        # The opening of the text first: a PGN game's first moves say at once that it is chess.
        body = record.body
        readings = [(body[:_OPENING], SURE)] + ([(body, 0.7)] if len(body) > _OPENING else [])
        for text, score in readings:
            moves = MOVE_WORD.findall(text)
            # A spaced move ("e 2 – e 4") is one word of the text, not five.
            words = [w for w in MOVE_WORD.sub(" move ", text).split() if not w.rstrip(".)").isdigit()]
            if len(moves) >= 2 and len(moves) * 4 >= len(words):
                return Identification(score, f"chess moves ({', '.join(moves[:3])})")
        if moves:
            return Identification(CONTENT, f"a few chess-like words ({', '.join(moves[:3])}) among prose")
        shared = [t for t in ("White", "Black", "Event") if record.tag(t)]
        if shared:
            return Identification(0.2, f"tags PGN shares with PDN ({', '.join(shared)}) and no chess move")
        return Identification(0.0, "no chess tags or chess moves")

    def move_words(self, text: str) -> list[tuple[int, str]]:
        """Words that read as a chess move in SAN, German or descriptive notation (``Nf3``, ``e 2-e 4``, ``P-K4``)."""
        from notation.rules.chess.notations import MOVE_WORD

        return [(m.start(), m.group()) for m in MOVE_WORD.finditer(text)]

    def notation_move_words(self, notation: str, text: str) -> list[tuple[int, str]]:
        """Words that read as a move in ``notation`` alone (``P-K4`` in descriptive, ``Nf3`` in SAN)."""
        from notation.rules.chess.notations import NOTATION_WORD

        return [(m.start(), m.group()) for m in NOTATION_WORD[notation].finditer(text)]

    def candidate_notations(self, record: Record) -> list[str]:
        """Notations worth trying for a record that names none (a .pgn file's games are SAN by the
        standard; a text with no tags there, after a game's result, is tried in every notation, SAN first)."""
        pgn = record.path.lower().endswith(".pgn")
        squares = self.notations["san"].clue
        if pgn and record.tags and (squares is None or len(squares.findall(record.body)) >= len(_MOVE_NUMBER.findall(record.body))):
            # (A .pgn file's games are SAN; one whose moves name fewer squares than it prints move numbers is
            # not, whatever its file says: an old game typed in descriptive, "1. P-K4 P-K4", is tried in each.
            # Asked first: every clean game of a .pgn comes here, and needs no other notation's clue looked for.)
            return ["san"]
        # A notation is not tried on a text without its clue: every German and SAN move names a
        # square ("e4", "e 2-e 4") or castles, a book in descriptive notation has neither.
        names = [name for name, n in self.notations.items() if n.clue is None or n.clue.search(record.body)]
        # PGN's own tag pairs (the roster's) over PGN's movetext, read whole, in another file are PGN too: SAN
        # first, so that a game German reads as well (pawn moves only, "1. e4 e5 *") stays the PGN's. (Only our
        # own tags, [Game "chess"], say nothing of the notation: "1. e4 e5 2. Bc4" is German's too.)
        first = pgn or (_PGN_ROSTER.intersection(record.tags) and "san" in names and _pgn_movetext(record.body))
        return ["san", *(name for name in names if name != "san")] if first else names

    def most_read(self, notation: str, record: Record) -> int | None:
        """For a notation whose every move names a square or castles, the text's squares and castlings: a
        descriptive score of sixty moves with a castling "0-0" and an OCR'd "f 1" reads at most two in SAN."""
        n = self.notations[notation]
        return len(n.clue.findall(record.body)) if n.clue is not None and n.clue_in_every_move else None

    split_streams = True  # games run together are split inside one tagged record

    def split(self, source: SourceText) -> list[RecordSpan] | None:
        """PGN's tag pairs, and tagless games run together after a result (``1-0 1. d4``, ``* *``): any
        text after a game's result with words that read as moves, in any family's notation, is a record
        of its own (``* 1. P-K4 P-K4``), read by the family and notation its moves belong to.

        Any other file is offered to every family's splitter by its content: a book's text
        with no tag pairs is cut before each score that begins again at move 1
        (:mod:`notation.parse.chess_book`), and ``None`` leaves any other text to the
        other families (a match file) or to plain tag pairs.
        """
        from notation.records import source_spans, tagged_spans

        if not source.path.lower().endswith(".pgn"):
            from notation.parse.chess_book import book_spans

            book = book_spans(source.text, self.book_moves, lambda text: len(self.move_words(text)))
            # A record with tags whose movetext is PGN's ends at its result as in a .pgn (what follows
            # with moves is another record); a book's score with notes after its result is not cut.
            spans = [piece for span in (tagged_spans(source.text) if book is None else book)
                     for piece in (self._pgn_games(source.text, span, headings=True) if span.start != span.tag_end
                                   and self._reads_as_pgn(source.text, span) else [span])]
            return spans if book is not None or len(spans) > len(tagged_spans(source.text)) else None
        return [piece for span in source_spans(source) for piece in self._pgn_games(source.text, span)]

    def _pgn_games(self, text: str, span: RecordSpan, headings: bool = False) -> list[RecordSpan]:
        """A PGN record's span cut where its games end (:func:`game_ends`); the first keeps the tags. With
        ``headings`` (a book's text, not a .pgn) a game after it under a book's heading (``GAME 2.--Between
        Mr. X and Mr. Y.``) has the tags its heading gives, as in a book."""
        from notation.parse.chess_san import game_ends

        spans = []
        at = span.tag_end
        for end in [*(span.tag_end + end for end in game_ends(text[span.tag_end:span.end], move_like_words)), span.end]:
            if at == span.tag_end or not headings:
                spans.append(RecordSpan(span.start if at == span.tag_end else at,
                                        span.tag_end if at == span.tag_end else at, end))
            else:
                from notation.parse.chess_book import book_spans  # (a book's game after it: loaded where one is)

                book = book_spans(text[at:end], self.book_moves, lambda words: len(self.move_words(words)))
                spans.extend([RecordSpan(at, at, end)] if book is None else [replace(
                    piece, start=at + piece.start, tag_end=at + piece.tag_end, end=at + piece.end,
                    tag_block=piece.tag_block and (at + piece.tag_block[0], at + piece.tag_block[1]))
                    for piece in book])
            at = end
        return spans

    @staticmethod
    def _reads_as_pgn(text: str, span: RecordSpan) -> bool:
        """Whether a record's body, up to where its first game ends, is PGN movetext read whole: SAN moves
        (one at least), numbers, comments, variations and a result, and no other word."""
        from notation.parse.chess_san import game_ends, word_before_result

        body = text[span.tag_end:span.end]
        if word_before_result(body):
            # Its first game holds a word no PGN reads (a misprint, a book's note): cut only where a score
            # begins again at move 1 after the result, or under a heading below it (a tagged game with a bad
            # move, then a book's game). (Looked for first in the text, so that a long body with no such
            # place is not lexed.)
            if not any(_score_again(body, result.end()) for result in _result().finditer(body)):
                return False
            ends = game_ends(body, move_like_words)
            return bool(ends) and _score_again(body, ends[0])
        ends = game_ends(body, move_like_words)
        if not ends:
            return False  # nothing to cut: no need to know
        return _pgn_movetext(body[:ends[0]])

    def book_moves(self, text: str) -> int:
        """How many moves the notations read in ``text`` read whole, the most of any (books are cut at scores)."""
        return max(n.book_moves(text) for n in self.notations.values())

    def replay(self, parsed: ParsedRecord) -> Game:
        """The record as :meth:`_read` reads it; where its first move is no move from the opening,
        replayed on the smallest set-up its moves need (:mod:`.infer`) when that reads more moves."""
        game = self._read(parsed)
        if game.moves and game.moves[0].status == "error" and game.variant != "odds" and any(
                d.code == "illegal-move" and d.ply == 1 for d in game.diagnostics):
            # The first move is no move from the opening and no near reading of it is: the moves need a
            # set-up the text does not give. Replayed on the smallest one they need, where it reads more.
            inferred = self._replay.replay(parsed, self.notations[parsed.notation], infer=True)
            if ChessGameDetail.of(inferred.detail).setup_inferred and _legal(inferred) > _legal(game):
                return inferred
        if parsed.notation in _LETTERED and game.finish().status not in ("ok", "unparsed"):
            return self._in_language(parsed, game)
        return game

    def _in_language(self, parsed: ParsedRecord, game: Game) -> Game:
        """The record read with another language's piece letters (French ``Cf3``, Russian ``Кр``:
        :mod:`.languages`) where it prints moves with them and that reading reads more of it legally
        than the English (or German) one, ``game``; said in an info. A language is the record's: each is tried
        on every move of it."""
        from notation.parse import ParseError
        from notation.rules.chess.languages import others, translated
        from notation.rules.chess.replay import printed_moves

        best, chosen = game, None
        for language in others(parsed.record.body):
            record = translated(parsed.record, language)
            try:
                reparsed = self.notations[parsed.notation].parse(record)
            except ParseError:
                continue
            for printed in printed_moves(reparsed.line):  # each move's text as printed ("Cf3"), not as read
                if printed.end > printed.start and record.body_origin:
                    printed.text = record.source.text[record.body_origin[printed.start]:
                                                      record.body_origin[printed.end - 1] + 1]
            other = self._read(reparsed)
            if _legal(other) > _legal(best):
                best, chosen = other, language
        if chosen is None:
            return game
        best.diagnostics.insert(0, Diagnostic(
            "info", "piece-letters", f"read in {chosen.name} piece letters ({chosen.words}): every move of the record "
            f"in them, written in English SAN; read in English letters {_legal(game)} moves were legal, in these "
            f"{_legal(best)}", *parsed.record.position(0)))
        return best

    def _read(self, parsed: ParsedRecord) -> Game:
        """The record replayed as its notation's grammar and layout read it; where that reading does
        not replay whole, the decoder's reading (:mod:`.decode`) when it replays more moves."""
        from notation.rules.chess.notations import NOTATIONS

        notation = NOTATIONS[parsed.notation]
        # (The layout's reading in error is replayed without the checks of its ending, which change nothing the
        # choice reads: made only if it is kept.)
        game, complete = self._replay.replay_deferring(parsed, notation)
        readings = _from_whites_side(parsed, notation)
        if readings is not None:
            # A descriptive list whose Black squares read otherwise counted from White's side, as some books count
            # them: each reading is replayed, and the one the moves and
            # claims bear out stands (the man's own side on a tie).
            other, completes = self._replay.replay_deferring(parsed, notation, from_whites_side=True)
            if better_start(other, game):
                game, complete = other, completes
        decoded = self._decoded(parsed, notation, game, readings)
        if decoded is not None:
            # A bracket the layout read past as stray (its STRAY_BRACKET) is the decoder's text too, which it
            # skips as it skips prose: said in its reading as in the layout's, never read past unsaid.
            strays = [d for d in parsed.diagnostics if d.code == "stray-bracket"]
            if strays:
                decoded.diagnostics[:0] = strays
                decoded.finish()
            return decoded
        complete()
        return game

    def _decoded(self, parsed: ParsedRecord, notation: ChessNotation, game: Game,
                 readings: tuple[chess.Board, chess.Board] | None = None) -> Game | None:
        """The decoder's reading of the record where it beats ``game``, the layout reader's (``None``: that
        one stands); ``readings``: its set-up's two readings of Black's squares (:func:`_from_whites_side`)."""
        from notation.parse.chess_layout import Unreadable
        from notation.rules.chess.decode import decode, variation_headings
        from notation.rules.chess.replay import (
            VariantError,
            fragment_start,
            printed_moves,
            start_position,
            white_moves_first,
        )
        from notation.rules.chess.setups import printed_first, told_from_move_one

        # A record that a game's heading begins is a game from its first move, whatever number the layout
        # reads first (the OCR loses numbers): the replay took it up in mid-game (on an inferred set-up);
        # the decoder reads it from the start, and the reading with more legal moves stands.
        fragment = fragment_start(parsed) is not None and not _move_one_above(parsed) and not told_from_move_one(
            parsed.record.body[:parsed.line.moves[0].start], parsed.line.moves[0].number or 0)
        headed = fragment and _headed(parsed.record) and not _position_named(parsed)
        # The layout reader read every word of the score as a move, each on the side it is printed for:
        # what is wrong is a misprint, which the replay reports where it stands. The decoder is for the
        # layouts it does not read (words it cannot read, moves put on the wrong side).
        # A word of the notation's own form its grammar does not read ("KttoKB38") is a move the decoder
        # may read where the grammar cannot (a worn rank, a run-together word).
        layout = ChessGameDetail.of(game.detail)
        clean = parsed.notation == "san" or not (
            layout.move_like_words_in_prose or layout.own_form_words_unread or not game.moves
            or any(isinstance(pm.fields, Unreadable) for pm in printed_moves(parsed.line))
            or any(d.code == "wrong-side" for d in game.diagnostics)
            # (A variation's table under its heading: the layout reader reads its moves as the game's.)
            or variation_headings(parsed.record.body))
        # (A move the words of its clause weigh as not played, "If now White tries 4. KtxP", on the layout reader's
        # game line: the decoder weighs them, :func:`notation.parse.weighed`.)
        weighed_out = _weighed_out(parsed.record)
        clean = clean and not _on_line(game, weighed_out)
        status = game.finish().status
        # (A record the layout reader read no move of is decoded where words of its text read as moves:
        # a score in a layout of its own, "W. King's knight at king's bishop's 3d square.")
        if (status in ("example", "unparsed") or status == "empty" and not self.move_words(parsed.record.body)
                or clean and not headed):
            return None
        if fragment and not headed or white_moves_first(parsed.record, parsed) != 1:
            return None  # a score taken up in mid-game, an odds game's passes: the layout's reading stands
        detail = ChessGameDetail.of(game.detail)
        if detail.setup_missing:
            return None  # no start to read the moves from: they stay unreplayed under one missing-setup error
        if detail.setup and not detail.setup_inferred:  # the set-up the text prints (:mod:`.setups`)
            # (One inferred from the layout's reading is no start for the decoder: its reading of the
            # words is what the set-up was inferred from.)
            board = chess.Board(detail.setup)
        elif not parsed.line.moves and (printed := printed_first(parsed.record, self.move_words)) is not None:
            board = printed  # the position printed over moves the layout reader read none of
        else:
            try:
                board, _ = start_position(parsed.record, parsed)
            except VariantError:
                return None
        # Where the layout reader's moves replay (repaired, at worst), the words it left are a note's: the
        # decoder reads them without taking the reading back to earlier moves (a note's line printed in the
        # game's rows, read where it branches, is for the scores the layout reader cannot replay). A reading
        # that puts a move on the side its row does not print it for read a note's rows into the game's: the
        # decoder may take the game up again where its rows go on ("9. P. to K. R's 3rd." / "9. B. to K. Kt's
        # 5th.  9. P. to K. R's 3rd." / ... / "9. B. to K's 3rd.", a note's rows after White's move).
        returns = game.status == "error" or any(d.code == "wrong-side" for d in game.diagnostics)
        from notation.rules.kit import reads_more

        # (Each start with whether it counts Black's squares from White's side: the layout's first.)
        # (The decoder reads Black's moves from his side: the set-up's readings are the list's.)
        counted = any(d.code == "setup-from-white" for d in game.diagnostics)
        boards = [(board, counted)]
        if detail.setup and not detail.setup_inferred and (turned := _other_turn(parsed, notation, board)):
            # A set-up that does not say who moves, its side to move taken from the layout's first move: the
            # other side's first move may be one the layout left in a sentence ("The first move should be 1. K-Q2,
            # and the play goes on: 1. ... K-Q4"). Both are read; the reading with more of the moves legal stands.
            boards.append((turned, counted))
        if detail.setup and not detail.setup_inferred and readings is not None:
            # The set-up's other reading of Black's squares (:func:`better_start`).
            boards.append((readings[not counted], not counted))
        best: tuple[Game, Callable[[], None]] | None = None
        for start, from_whites_side in boards:
            decoded = decode(parsed, notation, Position.start(start), returns=returns)
            if decoded is None:
                continue
            # (Its checks of the ending too are made only if it is kept: a reading the replay left in error goes to
            # the decoder, whose reading is often no better.)
            other, complete = self._replay.replay_deferring(decoded, notation, always=True,
                                                            from_whites_side=from_whites_side)
            if best is None or better_start(other, best[0]):
                best = other, complete
        if best is None:
            return None
        other, complete = best
        # As many moves legal as printed, and more of the words read (each one it read otherwise said, the
        # record ``repaired``): the reading that leaves none of the notation's own words unsaid is kept.
        # (Or as many legal, where the layout reader's game line holds a move its words weigh as not played and the
        # decoder's holds none: "If now White tries 4. KtxP, ...; therefore White plays 4. P-B3" reads legally either
        # way, and only the words say which line is the game.)
        if reads_more(other, game) or _on_line(game, weighed_out) and not _on_line(other, weighed_out) \
                and _legal(other) >= _legal(game) or layout.own_form_words_unread and (
                _legal(other) == _legal(game) and _explained(other) > _explained(game)):
            complete()
            ChessGameDetail.of(other.detail).decoded = True
            return other
        return None

    def read_fast(self, notation: str, record: Record) -> Game | None:
        """The finished game if the record is clean PGN (:mod:`.clean`) or clean English descriptive
        movetext (:mod:`.clean_descriptive`), read on the fast path; else ``None``."""
        if notation == "english-descriptive":
            from notation.rules.chess import clean_descriptive

            return clean_descriptive.read_clean(record)
        from notation.rules.chess.clean import read_clean

        return read_clean(notation, record)

    def expect(self, text: int) -> None:
        """A bulk read of ``text`` bytes: the clean path's compiled kernel loaded at once where it pays (:mod:`.clean`)."""
        from notation.rules.chess.clean import expect

        expect(text)

    def probe(self, parsed: ParsedRecord) -> bool:
        """Whether every printed move, variations included, reads as exactly one legal move.

        Cheap (no diagnostics, no repairs): notation detection asks it of every
        notation, then replays in full only the one that reads.
        """
        return self._replay.probe(parsed, self.notations[parsed.notation])

    def write(self, game: Game, fmt: str) -> str:
        """PGN, or the moves in SAN, English descriptive or German notation."""
        if fmt == "pgn":
            from notation.write.pgn import write_game

            return write_game(game)
        if fmt not in self.formats:
            raise ValueError(f"cannot write chess as {fmt!r}: expected one of {', '.join(self.formats)}")
        from notation.rules.chess.replay import write_movetext

        return write_movetext(game, self.notations[{"descriptive": "english-descriptive"}.get(fmt, fmt)])

    def picture(self, position_key: str, view: Mapping[str, str] | None = None) -> str:
        """The position as an SVG board (python-chess's ``chess.svg``), the last move marked, a king in check ringed."""
        from notation.rules.chess.picture import picture

        return picture(position_key, view=view)

    def picture_view(self, game: Mapping[str, Any], move: Mapping[str, Any] | None) -> dict[str, str]:
        """The last move, to highlight its two squares."""
        detail = (move or {}).get("detail") or {}
        uci = detail.get("uci")
        if not uci and detail.get("from") and detail.get("to"):
            uci = f"{detail['from']}{detail['to']}"
        return {"last": uci} if uci else {}

    def solve(self, position_key: str) -> Verdict:
        """The value of a position for the side to move: the endgame tables, else a bounded search."""
        from notation.solve.chess_search import solve

        return solve(position_key)

    def build_tables(self, materials: Sequence[str], directory: str | None, most: int | None, force: bool,
                     report: Callable[[str, int, float, int], None],
                     planned: Callable[[int], None] = lambda size: None) -> tuple[int, str]:
        """Tables of every ending of up to four men (KQvKR, KPK ...), built by retrograde analysis."""
        from notation.solve import chess_tables as ct

        wanted = [ct.Material.parse(m) for m in materials] or ct.all_materials(most or ct.MAX_MEN)
        store = ct.Tables(directory, wanted)
        planned(sum(2 * m.size for m in store.materials if force or not store.available(m)))
        built = store.build(force=force, report=lambda m, seconds, passes: report(m.name, 2 * m.size, seconds, passes))
        return len(built), str(store.directory)

    def position_query(self, text: str) -> PositionQuery:
        """A FEN (counters optional), a placement with the side to move, or a placement alone.

        A FEN with castling is matched on the whole position key; a placement
        and side on ``turn``; a placement alone on ``placement``. Each is
        normalised as python-chess writes it (``4P3``, not ``44P111``).
        """
        fields = text.split()
        if not fields:
            raise ValueError(f"no position given: {EXPECTED_POSITION}")
        placement = _placement(fields[0])
        if len(fields) == 1:
            return PositionQuery("placement", placement, "matched the piece placement, whoever is to move")
        if fields[1] not in ("w", "b"):
            raise ValueError(f"not a complete FEN: the side to move is {fields[1]!r}, not w or b; {EXPECTED_POSITION}")
        if len(fields) == 2:
            return PositionQuery("turn", f"{placement} {fields[1]}",
                                 "matched the piece placement and the side to move; castling and en passant ignored")
        full = fields + ["-", "0", "1"][len(fields) - 3:] if len(fields) < 6 else fields
        try:
            board = chess.Board(" ".join(full[:6]))
        except ValueError as exc:
            raise ValueError(f"not a complete FEN ({exc}); {EXPECTED_POSITION}") from None
        return PositionQuery("key", position_key(board),
                             "matched the whole position (placement, side to move, castling, en passant); "
                             "move counters ignored")

    def position_forms(self, key: str) -> dict[str, str]:
        """A stored key in every form :meth:`position_query` matches on: ``key``, ``turn``, ``placement``."""
        fields = key.split(" ")
        if len(fields) == 4 and all(fields):  # a key as the replay writes it: asked for every new position
            return {"key": key, "turn": f"{fields[0]} {fields[1]}", "placement": fields[0]}
        fields = key.split()
        if len(fields) != 4:
            try:
                fields = position_key(chess.Board(" ".join(fields[:6]))).split()
            except ValueError:
                return {"key": " ".join(fields)}
        return {"key": " ".join(fields), "turn": f"{fields[0]} {fields[1]}", "placement": fields[0]}

    def stored_forms(self, key: str) -> dict[str, str]:
        """None for a key as the replay writes it: a search by its turn or placement finds it by
        number (:meth:`query_keys`)."""
        if _replay_key(key):
            return {}
        return super().stored_forms(key)

    def any_stored_forms(self, keys: Iterable[str]) -> bool:
        """Whether any key is not as the replay writes it (the others have no :meth:`stored_forms`): one
        C loop of a regular expression, where a call of the hook per key was a twentieth of the storing
        process's CPU."""
        return next(itertools.filterfalse(_replay_key, keys), None) is not None

    def position_number(self, key: str) -> int:
        """The Polyglot key (``chess.polyglot.zobrist_hash``) of a key as the replay writes it; the
        default hash of the text for another (a variant's pockets or check counts)."""
        try:
            return polyglot_number(key)
        except ValueError:
            return super().position_number(key)

    def query_keys(self, query: PositionQuery) -> list[str]:
        """A placement, or a placement and side, as every key it can be: each side (or the one given),
        each set of castling rights its kings and rooks allow, en passant on each file where a pawn can take."""
        if query.form == "key":
            return [query.key]
        placement, *side = query.key.split(" ")
        board = chess.Board.empty()
        board.set_board_fen(placement)
        rights = [right for right, (king, rook) in CASTLING_SQUARES.items()
                  if board.piece_at(king) == chess.Piece(chess.KING, right.isupper())
                  and board.piece_at(rook) == chess.Piece(chess.ROOK, right.isupper())]
        castlings = ["".join(r for r, on in zip(rights, bits) if on) or "-"
                     for bits in itertools.product((True, False), repeat=len(rights))]
        keys = []
        for turn in side or ("w", "b"):
            keys += [f"{placement} {turn} {castling} -" for castling in castlings]
            board.turn = turn == "w"
            for square in _en_passant_squares(board):  # as position_key writes them: where a pawn can take
                keys += [key for castling in castlings
                         if (key := f"{placement} {turn} {castling} {chess.square_name(square)}")
                         == position_key(chess.Board(f"{key} 0 1"))]
        return keys



def _en_passant_squares(board: chess.Board) -> list[chess.Square]:
    """The squares the side to move could take on en passant after a double step just played: the pawn
    that made it beside one of its own, the squares it crossed empty."""
    them, step = (chess.BLACK, 8) if board.turn == chess.WHITE else (chess.WHITE, -8)
    rank = 4 if board.turn == chess.WHITE else 3  # the fifth rank, or the fourth
    found = []
    for file in range(8):
        square = chess.square(file, rank)
        if (board.piece_at(square) == chess.Piece(chess.PAWN, them)
                and board.piece_at(square + step) is None and board.piece_at(square + 2 * step) is None
                and any(board.piece_at(chess.square(f, rank)) == chess.Piece(chess.PAWN, board.turn)
                        for f in (file - 1, file + 1) if 0 <= f < 8)):
            found.append(square + step)
    return found


def _placement(text: str) -> str:
    """A piece placement, normalised; ``ValueError`` naming what a placement is."""
    board = chess.Board.empty()
    try:
        board.set_board_fen(text)
    except ValueError as exc:
        raise ValueError(f"not a complete FEN or piece placement ({exc}); {EXPECTED_POSITION}") from None
    return board.board_fen()


FAMILY = ChessFamily()


def _headed(record: Record) -> bool:
    """Whether a game's heading begins the record (``GAME 12.``, ``X v. Y``: :mod:`notation.parse.chess_book`)."""
    from notation.parse.chess_book import leading_headings

    return bool(leading_headings(record.body, 0, len(record.body), FAMILY.book_moves))


#: A move named by its number in the author's words ("at White's 38th move", "after Black's 20th move", "the
#: position after move 38", "nach dem 38. Zuge"): where it is the score's first (or the one before), the score
#: begins there by the author's word, a position taken from a game, not a game whose first rows the OCR lost.
_MOVE_NAMED = re.compile(r"(?i)\b(\d{1,3})(?:st|nd|rd|th|d)\.?\s+move\b|\bmove\s+(\d{1,3})\b|\b(\d{1,3})\.\s*Zug")


def _position_named(parsed: ParsedRecord) -> bool:
    """Whether the text above the score names the move its first printed number gives (:data:`_MOVE_NAMED`)."""
    first = parsed.line.moves[0]
    number = first.number or 0
    named = {int(next(g for g in m.groups() if g)) for m in _MOVE_NAMED.finditer(parsed.record.body, 0, first.start)}
    return bool(named & {number, number - 1})


#: A row of move 1 at a line's start: "1. P-K4", "1 PtoK4", its number glued to the move ("1PtoQ4"). (Not the
#: book splitter's pattern for where a score begins, :mod:`notation.parse.chess_book`'s ``_FIRST_MOVE``: that one
#: does not take a glued number, and taking it there cut one more London record and read 301 moves fewer.)
_MOVE_ONE_ROW = re.compile(r"(?m)^[ \t|]*1(?:[ \t]*[.,)][ \t]*|[ \t]+|(?=[A-Z]))(?:[A-Z]|[a-h][1-8])")


def _move_one_above(parsed: ParsedRecord) -> bool:
    """Whether a row of move 1 is printed above the first move the layout reader read, or on the lines just
    below it (a second pair of columns' first row, "21 Pto B3 Q to Kt 3", printed beside the players' names
    above "1PtoK 4"): then its reading past move 1 lost the score's first rows (the OCR's columns), and is
    no fragment of a game."""
    body = parsed.record.body
    first = parsed.line.moves[0].start if parsed.line.moves else 0
    below = first
    for _ in range(_FIRST_ROWS):
        below = body.find("\n", below + 1)
        if below < 0:
            below = len(body)
            break
    return _MOVE_ONE_ROW.search(body, 0, below) is not None


#: How many lines below the first move read a row of move 1 may stand (the lines of the players' names and heads).
_FIRST_ROWS = 3


def _weighed_out(record: Record) -> frozenset[tuple[int, int]]:
    """Where (line, column) the moves begin that the words of their clause weigh as not played
    (:func:`notation.decode.named_weighed`: "If now White tries 4. KtxP", "White cannot play KtxP")."""
    from notation.decode import named_weighed, tokens
    from notation.decode.search import told_in_sentences

    words = tokens(record.body)
    if not told_in_sentences(words):
        return frozenset()  # (a score in rows sets its notes apart by its rows, whatever their words weigh)
    words = named_weighed(record.body, words)
    starts = [words[k + 1].start if w.number is not None and k + 1 < len(words) else w.start
              for k, w in enumerate(words) if w.weighed == "supposed"]
    return frozenset(record.positions(starts)) if starts else frozenset()


def _on_line(game: Game, weighed_out: frozenset[tuple[int, int]]) -> bool:
    """Whether the game's line holds a move the words weigh as not played (:func:`_weighed_out`)."""
    return bool(weighed_out) and any((m.line, m.column) in weighed_out for m in game.moves)


def _explained(game: Game) -> int:
    """Printed moves read as a legal move, as printed or repaired, variations included."""
    return sum(m.status in ("ok", "repaired") for line in [game.moves, *(v.moves for v in game.variations)] for m in line)


def _other_turn(parsed: ParsedRecord, notation: ChessNotation, board: chess.Board) -> chess.Board | None:
    """The text's set-up with the other side to move, where the text does not say who moves (only the first move
    the layout reader read does) and the position allows it; else ``None``."""
    from notation.rules.chess.setups import text_start, with_side_to_move

    printed = text_start(parsed, notation)
    if printed is None or printed.board is None or printed.turn_given:
        return None
    return with_side_to_move(board, not board.turn)


def _from_whites_side(parsed: ParsedRecord, notation: ChessNotation) -> tuple[chess.Board, chess.Board] | None:
    """The text's set-up above the moves as its own side counts Black's squares and as White's side does, where
    they read otherwise (a descriptive list, "Black: K at Q R 3": a6 or a3); else ``None``."""
    from notation.rules.chess.replay import _set_by_record
    from notation.rules.chess.setups import text_start

    if _set_by_record(parsed):
        return None
    white = text_start(parsed, notation, from_whites_side=True)
    if white is None or white.board is None or not white.from_whites_side:
        return None
    own = text_start(parsed, notation)
    return (own.board, white.board) if own is not None and own.board is not None else None


def better_start(other: Game, game: Game) -> bool:
    """Whether ``other``, a record replayed from another reading of its set-up, is kept over ``game``: where it
    reads more of the moves as printed and legal (:func:`notation.rules.kit.reads_more`), or as many and as few
    misread with fewer of its claims false (the task's "mate in two", a printed mate or check); else ``game``,
    the first reading, stands."""
    from notation.rules.kit import misread, reads_more

    if reads_more(other, game):
        return True
    return (_legal(other), misread(other)) == (_legal(game), misread(game)) and _false_claims(other) < _false_claims(game)


def _false_claims(game: Game) -> int:
    """The claims the rules settled against the text."""
    return sum(c.ok is False for c in game.claims)


def _legal(game: Game) -> int:
    """Printed moves read as printed and legal, variations included: the decoder's reading is kept
    only where it reads more of them than the layout reader's."""
    from notation.rules.kit import legal_read

    return legal_read(game)  # the choice every family makes (:func:`notation.rules.kit.reads_more`)


#: The notations whose moves print a piece's letter before its square (English's, or a language's: :meth:`ChessFamily._in_language`).
_LETTERED = frozenset(("san", "algebraic"))
#: A move number of PGN's movetext (``12.``, ``12...``).
_MOVE_NUMBER = re.compile(r"(?<![\w.])\d+\.")
#: PGN's seven-tag roster: tags a PGN's game carries, not ours.
_PGN_ROSTER = frozenset(("Event", "Site", "Date", "Round", "White", "Black", "Result"))


def _pgn_movetext(body: str) -> bool:
    """Whether ``body`` is PGN movetext read whole: SAN moves (one at least), numbers, comments, variations and
    a result, and no other word."""
    from lark import UnexpectedInput

    from notation.parse import load
    from notation.parse.chess_san import GRAMMAR as SAN_GRAMMAR

    try:
        tree = load(SAN_GRAMMAR, propagate_positions=False).parse(body)
    except UnexpectedInput:
        return False
    # (What a damaged file leaves among the moves, a stray bracket, is no movetext read whole.)
    return any(tree.find_data("san")) and not any(
        next(tree.find_data(name), None) for name in ("unreadable", "trailer", "stray_token"))
