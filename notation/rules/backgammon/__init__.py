"""Backgammon: replay printed plays under the laws of the seed, write them back, draw positions.

The package has the layout every family has: :mod:`.notations` (standard move
notation, match files, the book's words), :mod:`.replay` (the laws), :mod:`.picture`
(an SVG board); the board itself is :mod:`notation.boards.backgammon`, shared with
the writer :mod:`notation.write.backgammon`. Positions are keyed by GNU
Backgammon's IDs, ``positionID:matchID``, so a user can paste them into gnubg.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from notation.boards.backgammon import position_from_id, read_match_id
from notation.details.backgammon import BackgammonGameDetail, BackgammonMoveDetail
from notation.families import Family, Identification, PositionQuery
from notation.model import Game, ParsedRecord, Record, RecordSpan, SourceText
from notation.parse import ParseError
from notation.parse.backgammon_book import split_game
from notation.parse.backgammon_mat import looks_like_match, split_match
from notation.parse.backgammon_standard import split_openings
from notation.rules.backgammon.notations import NOTATIONS
from notation.rules.backgammon.picture import board_svg
from notation.rules.backgammon.replay import replay

#: What a GNU Backgammon position ID looks like, said when a typed key is not one.
POSITION_ID_FORM = ("a GNU Backgammon position ID (14 characters, e.g. 4HPwATDgc/ABMA), "
                    "optionally followed by ':' and a match ID")


#: A play as a word: a point (or the bar) to a point (or off), a hit marked ``*``; not a date or a fraction.
_POINT = r"(?:2[0-5]|1[0-9]|[1-9])"
_PLAY = re.compile(rf"(?<![\w/.-])(?P<start>bar|{_POINT})/(?P<end>off|0|{_POINT})\*?(?![\w/-])", re.IGNORECASE)
#: A throw as a book names it: "White throws 6-1", "Black throws five-deuce", "throws double fours", "doublets of
#: sixes": a side's (or a player's) throw of the dice, whatever the words of its plays after it.
_FACES = r"(?:\d|ace|one|deuce|two|trey|three|four|five|six|cinque|size|quatre)"
_THROWS_NAMED = re.compile(rf"(?i)\b(?:white|black|he)\s+throws\s+(?:{_FACES}\s*-\s*{_FACES}\b|double(?:t|ts)?\s+(?:of\s+)?{_FACES}s?\b)")


def _point(word: str) -> int:
    return {"bar": 25, "off": 0}.get(word.lower(), 0) if not word.isdigit() else int(word)


class Backgammon(Family[Any, Any]):
    """The backgammon family: notations, replay under the laws, writers, pictures."""

    name = "backgammon"
    notations = NOTATIONS
    formats = ("mat", "standard", "book")
    game_detail = BackgammonGameDetail
    move_detail = BackgammonMoveDetail
    position_key_name = "GNU Backgammon ID"
    extensions = (".mat",)

    def split(self, source: SourceText) -> list[RecordSpan] | None:
        """A match file (``.mat``, or any name when the text is one): one record per game, linked by ``MatchKey``;
        a book's table of the opening throws: one record per throw, from the opening position; a game in the
        book's words under a heading: one record, the heading its title."""
        if source.path.lower().endswith(".mat") or looks_like_match(source.text):
            return split_match(source)
        return split_openings(source) or split_game(source)

    def identify(self, record: Record) -> Identification:
        """A record belongs to backgammon when its text reads as throws and plays in one of our notations."""
        if len((record.tag("Position") or "").split(":")[0]) == 14:
            return Identification(1.0, "a GNU Backgammon position ID")
        if looks_like_match(record.body):
            return Identification(0.95, "a match file's header (N point match, Game N, Name : score)")
        for name in ("book", "standard"):
            try:
                parsed = self.notations[name].parse(record)
            except ParseError:
                continue
            if any(m.fields.kind == "roll" and m.fields.segments for m in parsed.line.moves):
                return Identification(0.8, f"throws and plays in {name} notation")
        if _THROWS_NAMED.search(record.body):
            # A book's description of throws a grammar stops in ("White throws 6-1, and makes his bar point"): the
            # family's, so that its reading says where it stops and what it expected there (the "6-1" is no
            # checker move).
            return Identification(0.5, "throws named as a book names them, though not every play reads")
        return Identification(0.0, "no throws and plays")

    def move_words(self, text: str) -> list[tuple[int, str]]:
        """Plays as the notations print them (``24/18``, ``bar/20*``, ``6/off``): from a higher point to a lower."""
        return [(m.start(), m.group()) for m in _PLAY.finditer(text)
                if _point(m.group("start")) > _point(m.group("end"))]

    def replay(self, parsed: ParsedRecord) -> Game:
        """Apply the laws to every printed action; diagnostics say where, what is wrong, the nearest legal plays."""
        return replay(parsed)

    def write(self, game: Game, fmt: str) -> str:
        """Write a replayed game as a match file (``mat``), in ``standard`` notation or in the ``book``'s words."""
        from notation.write import backgammon as w

        writers = {"mat": w.write_mat, "standard": w.write_standard, "book": w.write_book}
        if fmt not in writers:
            raise ValueError(f"cannot write backgammon as {fmt!r}: expected one of {', '.join(self.formats)}")
        return writers[fmt](game)

    def picture(self, position_key: str, view: Mapping[str, str] | None = None) -> str:
        """An SVG board for a key ``positionID[:matchID]``: the players named in their colours, pips, dice, cube."""
        return board_svg(position_key, view)

    def picture_view(self, game: Mapping[str, Any], move: Mapping[str, Any] | None) -> dict[str, str]:
        """The players in the colours the record names, the dice of the roll played, the cube if the record has one."""
        detail = game.get("detail") or {}
        match = detail.get("match") or {}
        players = [str(p) for p in match.get("players") or []][:2]
        view: dict[str, str] = {}
        if len(players) == 2:
            view["names"] = "|".join(players)
            colours = [p.strip().lower() for p in players]
            # A book's Black and White keep their colours; other players: the second has the dark men.
            view["dark"] = "0" if colours[0] == "black" or colours[1] == "white" else "1"
        if match.get("length") or match.get("key") or detail.get("cube", 1) > 1 or detail.get("how") == "drop":
            view["cube"] = "1"
        played = (move or {}).get("detail") or {}
        if played.get("kind") == "roll" and len(played.get("dice") or []) == 2:
            view["dice"] = "".join(str(d) for d in played["dice"])
            view["dice_side"] = str(played.get("side", 0))
        return view

    def position_query(self, text: str) -> PositionQuery:
        """A typed GNU Backgammon position ID (a match ID after ``:`` is dropped: positions are found by the men)."""
        key = text.strip()
        if not key:
            raise ValueError(f"expected {POSITION_ID_FORM}")
        pid = key.split(":")[0].strip()
        try:
            position_from_id(pid)
        except ValueError as exc:
            raise ValueError(f"{key!r} is not a position: expected {POSITION_ID_FORM} ({exc})") from None
        if ":" in key and key.split(":")[1].strip():
            try:
                read_match_id(key.split(":")[1].strip())
            except ValueError as exc:
                raise ValueError(f"{key!r}: the match ID after ':' cannot be read ({exc}); "
                                 f"expected {POSITION_ID_FORM}") from None
        return PositionQuery("position_id", pid, "matched the men on the board (GNU Backgammon position ID), "
                             "any cube and score")

    def position_forms(self, key: str) -> dict[str, str]:
        """A stored key ``positionID:matchID[:russian:..]``: the whole key, and the position ID alone."""
        return {"key": key, "position_id": key.split(":")[0]}


FAMILY = Backgammon()
