"""What the books claim about a position's value, and how it was settled: read from an archive's ``claims``.

A claim about a position's value is a printed mate in N (``mate``), a result printed where the game
is not over (``result``: chess's "1-0", checkers' "B wins" / "Drawn"), a set-up's "White to move and
win" (``value``) or a verdict that ends a line ("Black should win.", ``verdict``). Each was settled
exactly (by the replay, the rules, a table or a proof: ``how`` is ``replay``, ``rules``, ``table`` or
``search``), judged by the engine (``engine``: not exact), or left ``open`` with its reason. The
engine's judgements it disputes (``ok = 0``) are listed with the book's words, the engine's
evaluation and depth, and the record and move. ``notation claims`` prints both; the Datasette
canned queries ``claims_per_book`` and ``engine_disputes`` run the same SQL with the plugin's
``notation_book`` for the book's name.
"""

from __future__ import annotations

import re
import sqlite3
from collections import Counter
from dataclasses import asdict, dataclass, field
from typing import Any

#: The kinds of claim about a position's value (a check or a score is replayed, never judged).
KINDS = ("mate", "result", "value", "verdict")
#: How a claim is settled by proof.
EXACT = ("replay", "rules", "table", "search")

#: The book a record comes from: its ``[Source]`` tag up to the first comma, else its file.
BOOK = ("coalesce(trim(CASE WHEN instr(sources.name, ',') > 0 THEN substr(sources.name, 1, instr(sources.name, ',') - 1) "
        "ELSE sources.name END), games.file, '(no source)')")
#: The same in Datasette, where the plugin knows the books' names and aliases.
BOOK_IN_DATASETTE = "coalesce(notation_book(sources.name), games.file, '(no source)')"


#: A claim's kind and what it claims: ``mate``, ``result (win)``, ``verdict (draw)``, ``value (advantage)``,
#: ``value (no win)`` (a task's "he cannot win", "White could not win": ``not win``, ``not loss``).
KIND = ("CASE WHEN claims.what = 'mate' THEN 'mate' ELSE claims.what || ' (' || CASE "
        "WHEN lower(claims.claimed) LIKE 'not %' OR lower(claims.claimed) LIKE 'no win%' THEN 'no win' "
        "WHEN lower(claims.claimed) LIKE '%draw%' OR claims.claimed LIKE '1/2%' OR claims.claimed LIKE '½%' THEN 'draw' "
        "WHEN lower(claims.claimed) LIKE 'advantage%' THEN 'advantage' ELSE 'win' END || ')' END")


def per_book_sql(book: str = BOOK) -> str:
    """Claims per book and kind: how many, settled exactly, by the engine, open; wrong (exact) and disputed."""
    kinds = ", ".join(f"'{k}'" for k in KINDS)
    exact = ", ".join(f"'{h}'" for h in EXACT)
    return f"""SELECT
  {book} AS book,
  games.family,
  {KIND} AS kind,
  count(*) AS claims,
  count(CASE WHEN claims.ok IS NOT NULL AND claims.how IN ({exact}) THEN 1 END) AS exact,
  count(CASE WHEN claims.ok IS NOT NULL AND claims.how = 'engine' THEN 1 END) AS engine,
  count(CASE WHEN claims.ok IS NULL THEN 1 END) AS open,
  count(CASE WHEN claims.ok = 0 AND claims.how IN ({exact}) THEN 1 END) AS wrong,
  count(CASE WHEN claims.ok = 0 AND claims.how = 'engine' THEN 1 END) AS disputed
FROM claims
JOIN games ON games.id = claims.game_id
LEFT JOIN sources ON sources.id = games.source_id
WHERE claims.what IN ({kinds})
GROUP BY book, games.family, kind
ORDER BY book, games.family, kind"""


def open_reasons_sql(book: str = BOOK) -> str:
    """Why the open claims are open, counted per book."""
    kinds = ", ".join(f"'{k}'" for k in KINDS)
    return f"""SELECT {book} AS book, claims.reason, count(*) AS claims
FROM claims
JOIN games ON games.id = claims.game_id
LEFT JOIN sources ON sources.id = games.source_id
WHERE claims.what IN ({kinds}) AND claims.ok IS NULL
GROUP BY book, claims.reason
ORDER BY book, claims DESC, claims.reason"""


#: The words the book printed, as the ``engine-disputes`` warning quotes them ("the book says 'Resigns.' (...").
_QUOTED = "substr(d.message, 16, instr(substr(d.message, 16), ' (') - 2)"


def disputes_sql(book: str = BOOK) -> str:
    """The verdicts the engine disputes: the book's words (the note of the move the verdict ends, or the
    printed result as the warning quotes it), what they claim, the engine's reading, its evaluation and depth,
    the record and the move (a result's: the main line's last)."""
    return f"""SELECT
  {book} AS book,
  games.id AS record,
  games.title,
  games.file,
  claims.line,
  claims."column",
  claims.what AS kind,
  moves.variation,
  moves.ply,
  moves.number AS move_number,
  moves.side,
  moves.printed AS move,
  coalesce(CASE WHEN claims.ply IS NOT NULL THEN moves.comment END, {_QUOTED}) AS book_words,
  claims.claimed,
  claims.actual AS engine_reading,
  claims.evaluation,
  claims.depth,
  '/-/notation/game/' || games.id || CASE WHEN moves.ply IS NOT NULL
      THEN '?line=' || moves.variation || '&ply=' || moves.ply ELSE '' END AS replay
FROM claims
JOIN games ON games.id = claims.game_id
LEFT JOIN sources ON sources.id = games.source_id
LEFT JOIN moves ON moves.id = coalesce(
    (SELECT m.id FROM moves m WHERE m.game_id = claims.game_id AND m.ply = claims.ply
       AND m.line IS claims.line AND m."column" IS claims."column" ORDER BY m.variation LIMIT 1),
    (SELECT m.id FROM moves m WHERE claims.ply IS NULL AND m.game_id = claims.game_id AND m.variation = 0
       ORDER BY m.ply DESC LIMIT 1))
LEFT JOIN diagnostics d ON d.id = (SELECT x.id FROM diagnostics x WHERE x.game_id = claims.game_id
    AND x.code = 'engine-disputes' AND x.line IS claims.line AND x."column" IS claims."column" LIMIT 1)
WHERE claims.how = 'engine' AND claims.ok = 0
ORDER BY book, games.id, claims.line, claims.id"""


@dataclass
class BookClaims:
    """The claims of one book: per kind (``"chess verdict"``), the counts of :func:`per_book_sql`."""

    book: str
    kinds: dict[str, dict[str, int]] = field(default_factory=dict)
    open_reasons: dict[str, int] = field(default_factory=dict)
    disputes: list[dict[str, Any]] = field(default_factory=list)

    def total(self, column: str) -> int:
        return sum(counts[column] for counts in self.kinds.values())


COLUMNS = ("claims", "exact", "engine", "open", "wrong", "disputed")


def report(conn: sqlite3.Connection) -> list[BookClaims]:
    """Every book's claims about a position's value, how they were settled, and the engine's disputes."""
    conn.row_factory = sqlite3.Row
    books: dict[str, BookClaims] = {}
    for row in conn.execute(per_book_sql()):
        book = books.setdefault(row["book"], BookClaims(row["book"]))
        book.kinds[f"{row['family']} {row['kind']}"] = {c: row[c] for c in COLUMNS}
    for row in conn.execute(open_reasons_sql()):
        books[row["book"]].open_reasons[row["reason"] or "(no reason given)"] = row["claims"]
    for row in conn.execute(disputes_sql()):
        books[row["book"]].disputes.append(dict(row))
    return list(books.values())


def as_json(books: list[BookClaims]) -> list[dict[str, Any]]:
    return [{**asdict(b), "totals": {c: b.total(c) for c in COLUMNS}} for b in books]


def as_text(books: list[BookClaims], reasons: int = 5) -> str:
    """A table per book (a row per kind and a total), its commonest open reasons, and its disputes."""
    out: list[str] = []
    for b in books:
        out.append(b.book)
        out.append(f"  {'kind':<26}" + "".join(f"{c:>9}" for c in COLUMNS))
        rows = list(b.kinds.items()) + ([("all", {c: b.total(c) for c in COLUMNS})] if len(b.kinds) > 1 else [])
        for kind, counts in rows:
            out.append(f"  {kind:<26}" + "".join(f"{counts[c]:>9}" for c in COLUMNS))
        alike: Counter[str] = Counter()  # "3 moves repaired", "12 moves repaired": one reason, N moves
        for reason, n in b.open_reasons.items():
            alike[re.sub(r"\d[\d,]*", "N", reason).replace("(N move ", "(N moves ")] += n
        for reason, n in alike.most_common(reasons):
            out.append(f"  open {n}: {reason}")
        if len(alike) > reasons:
            others = len(alike) - reasons
            out.append(f"  open: {others} other {'reason' if others == 1 else 'reasons'}")
        for d in b.disputes:
            move = f"{d['move_number']}{'.' if d['side'] == 'white' else '...'} {d['move']}" \
                if d["move"] is not None else f"ply {d['ply']}"
            out.append(f"  disputed: record {d['record']} ({d['file']}:{d['line']}), after {move}: "
                       f"{' '.join((d['book_words'] or '').split())!r} ({d['claimed']}); "
                       f"engine {d['evaluation']} at depth {d['depth']} ({d['engine_reading']})")
        out.append("")
    return "\n".join(out)
