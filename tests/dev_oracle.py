"""An OCR'd book of the development corpus read against an independent score of its games.

A legal reading can still be the wrong move. Where a public PGN of a book's games
exists (``corpus/oracle/<source>/``, its provenance in the folder's README), each
record of the book that is a game is paired with the PGN game it prints, by the
players its headings name (surnames, OCR-tolerant) and by its moves; a record that
names no players pairs by its moves alone, which must then agree far longer. For
each pair the book's main line is compared with the PGN's, move by move (UCI, from
each record's own start position), as ``tests/test_blue_book_oracle.py`` does for the
Blue Book and its own appendix.

The oracle lives outside ``corpus/dev/`` on purpose: a dev source's folder is read
whole for its figures, and a PGN beside the OCR would count in them.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import cache
from pathlib import Path

from notation.model import Game
from notation.pipeline import read_games

ORACLES = Path(__file__).resolve().parent.parent / "corpus" / "oracle"

#: Words of a heading's name that are no one's surname.
_NOT_SURNAMES = frozenset("""mr mrs herr rev the von van der den de le la du captain capt count duke dr sir lord
    prince esq sen jun and amateur amateurs allies consulting consultation with messrs board no""".split())
#: How alike two surnames must be (difflib's ratio) to be one: "Verganl" is "Vergani", "Tchigorin" "Chigorin".
_SAME_NAME = 0.8
#: Moves the two main lines must have in common (in order, gaps allowed: a misread move shifts the rest)
#: for a pair, as a count and as a share of the shorter line: a few when the players agree (they may have
#: met many times; the most alike game wins), many more for a record that names no players.
_NAMED_NEED, _UNNAMED_NEED = (6, 0.2), (20, 0.5)


def surnames(name: str | None) -> list[str]:
    """The words of a name that may be a surname, lower case and without accents ("Löwenthal" "lowenthal")."""
    if not name:
        return []
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode().lower()
    return [w for w in re.findall(r"[a-z]{3,}", plain) if w not in _NOT_SURNAMES]


@cache  # pairing asks it of every record and PGN game (57,000 times for Hastings), of a few hundred names
def same_player(book: str | None, oracle: str | None) -> bool:
    """A name the book's heading prints (its OCR) is the PGN's player: some surname of each alike."""
    return any(SequenceMatcher(None, a, b).ratio() >= _SAME_NAME or (len(a) >= 5 and b.startswith(a))
               for a in surnames(book) for b in surnames(oracle))


def line(game: Game) -> list[str | None]:
    """The main line as UCI, a move not read (or illegal) as ``None``."""
    return [m.detail.uci if m.status in ("ok", "repaired") else None for m in game.moves]


def agreeing(book: Game, oracle: Game) -> int:
    """Plies of the oracle's main line the book's reading gives before the first difference."""
    if book.start != oracle.start:
        return 0
    n = 0
    for ours, theirs in zip(line(book), line(oracle)):
        if ours is None or ours != theirs:
            break
        n += 1
    return n


@dataclass
class Pair:
    """A record of the book and the PGN game it prints."""

    record: Game
    oracle: Game

    @property
    def agreeing(self) -> int:
        """Plies of the PGN's main line the book's reading gives before the first difference."""
        return agreeing(self.record, self.oracle)

    @property
    def plies(self) -> int:
        return len(self.oracle.moves)

    @property
    def identical(self) -> bool:
        """The book's reading is the PGN's to the end of the shorter of the two."""
        return self.agreeing == min(len(self.record.moves), self.plies)

    def difference(self) -> str:
        """Where the two first differ: the book's printed move (and its line in the file) and the PGN's."""
        at = self.agreeing
        ours = self.record.moves[at] if at < len(self.record.moves) else None
        theirs = self.oracle.moves[at].normalized if at < self.plies else "(end)"
        printed = f"{ours.printed!r} ({ours.status}, line {ours.line})" if ours else "(end)"
        return f"ply {at + 1} of {self.plies}: book {printed}, PGN {theirs}"


def in_common(a: Game, b: Game) -> int:
    """Moves both main lines make in the same order (a longest common subsequence, gaps allowed)."""
    if a.start != b.start:
        return 0
    ours = [m or "" for m in line(a)]
    return sum(block.size for block in SequenceMatcher(None, ours, line(b), autojunk=False).get_matching_blocks())


def games_of(records: list[Game]) -> list[Game]:
    """The records that are games: chess, with moves, not a line of analysis."""
    return [g for g in records if g.family == "chess" and g.moves and g.tags.get("Kind") != "analysis"]


def oracle_games(source: str) -> list[Game]:
    """The PGN games of ``corpus/oracle/<source>/``."""
    return list(read_games([ORACLES / source]))


def pair(records: list[Game], oracle: list[Game]) -> list[Pair]:
    """Each record that is a game with the PGN game it prints, at most one record to a PGN game.

    A record naming a player pairs only with PGN games of that player on that side; among them
    the one with most moves in common wins, and it must have ``_NAMED_NEED`` (``_UNNAMED_NEED``
    for a record naming no one). A PGN game two records claim goes to the one with more in common.
    """
    best: dict[int, tuple[tuple[int, int], Game]] = {}
    for record in games_of(records):
        white, black = record.tags.get("White"), record.tags.get("Black")
        named = bool(surnames(white) or surnames(black))
        least, share = _NAMED_NEED if named else _UNNAMED_NEED
        scored = []
        for k, game in enumerate(oracle):
            if named and not ((not surnames(white) or same_player(white, game.tags.get("White")))
                              and (not surnames(black) or same_player(black, game.tags.get("Black")))):
                continue
            common = in_common(record, game)
            if common >= max(least, share * min(len(record.moves), len(game.moves))):
                scored.append(((common, Pair(record, game).agreeing), k))
        if not scored:
            continue
        score, k = max(scored)
        if k not in best or score > best[k][0]:
            best[k] = (score, record)
    return [Pair(record, oracle[k]) for k, (_, record) in sorted(best.items())]


@dataclass(frozen=True)
class Figures:
    """A book against its oracle: records paired, identical to the end of the shorter, plies agreeing
    before each pair's first difference, and the PGN's plies over those pairs."""

    paired: int
    identical: int
    agreeing: int
    plies: int


def figures(pairs: list[Pair]) -> Figures:
    return Figures(len(pairs), sum(p.identical for p in pairs), sum(p.agreeing for p in pairs),
                   sum(p.plies for p in pairs))


def report(source: str, pairs: list[Pair], records: int, worst: int = 10) -> str:
    """The figures, and the pairs whose reading leaves the PGN earliest in the longest games."""
    f = figures(pairs)
    lines = [f"{source} against its oracle: {f.paired} / {records} games paired with a PGN game, "
             f"{f.identical} identical to the end of the shorter, {f.agreeing} / {f.plies} plies agreeing "
             "before the first difference"]
    for p in sorted(pairs, key=lambda p: p.agreeing - p.plies)[:worst]:
        lines.append(f"  {p.record.title}: {p.difference()}")
    return "\n".join(lines)


def check(source: str, records: list[Game], floors: tuple[int, int, int]) -> Figures:
    """The book's games (read once, by its whole-book test) against its oracle: records paired, identical and
    plies agreeing are at least ``floors``. Prints the figures and where the reading leaves the PGN worst."""
    pairs = pair(records, oracle_games(source))
    print(report(source, pairs, len(games_of(records))))
    got = figures(pairs)
    assert all(g >= f for g, f in zip((got.paired, got.identical, got.agreeing), floors)), (got, floors)
    return got
