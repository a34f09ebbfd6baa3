"""The backgammon corpus as a regression suite, and the seed's odds table checked by enumerating the dice."""

from __future__ import annotations

from itertools import product
from pathlib import Path

import pytest

from notation.pipeline import read_games

CORPUS = Path(__file__).resolve().parent.parent / "corpus" / "backgammon"

#: (file, title) -> (status, diagnostic codes other than info). Each seed play that the laws forbid is pinned here:
#: the book's own examples of forbidden plays ([Example "illegal"]) have the status "example".
EXPECTED = {
    # 5-2 hits the blot in six ways: said, the first the laws give read
    ("book_effects.txt", "A GAME"): ("ok", ["effect-ambiguous"]),
    ("book_plays.txt", "Five-deuce: the five cannot be played from the adversary's ace point"): ("example", []),
    ("book_plays.txt", "Five-deuce: nor two and then five with the same man"): ("example", []),
    ("book_plays.txt", "Five-deuce played as the laws allow"): ("ok", []),
    ("book_plays.txt", "Six-four taking up the blot on the four point; re-entering with five-deuce"): ("ok", []),
    ("book_plays.txt", "Entering on a covered point"): ("example", []),
    ("book_plays.txt", "Both entering points covered: the throw is lost"): ("ok", []),
    ("book_plays.txt", "Moving while a man is on the bar"): ("example", []),
    ("book_plays.txt", "Throwing off with six-deuce"): ("ok", []),
    ("book_plays.txt", "Throwing off with three-ace, leaving no blots"): ("ok", []),
    ("book_plays.txt", "Throwing off with three-ace, the foolish way"): ("ok", []),
    ("book_plays.txt", "Throwing off before all are home"): ("example", []),
    ("book_plays.txt", "Double fours: one man four times, through a covered point"): ("example", []),
    ("russian.txt", "Russian backgammon: moving a man while a captured man waits to enter"): ("example", []),
}


def games():
    return list(read_games([CORPUS]))


def test_every_record_replays_as_pinned():
    seen = 0
    for g in games():
        name = Path(g.record.path).name
        codes = [d.code for d in g.diagnostics if d.severity != "info"]
        expected = EXPECTED.get((name, g.title), ("ok", []))
        assert (g.status, codes) == expected, (name, g.title, [d.format(name) for d in g.diagnostics])
        seen += 1
    assert seen >= 31


def test_seed_plays_land_where_the_book_says():
    by_title = {g.title: g for g in games()}
    six_four = by_title["Six-four taking up the blot on the four point; re-entering with five-deuce"]
    assert [m.normalized for m in six_four.moves] == ["10/4* 8/4", "bar/23 13/8"]
    assert by_title["Throwing off with six-deuce"].moves[0].normalized == "5/3 5/off"
    assert by_title["Throwing off with three-ace, leaving no blots"].moves[0].normalized == "4/off"  # one man, four to three, then off: gnubg joins them
    assert by_title["Double aces"].moves[0].normalized == by_title["Double aces, in standard notation"].moves[0].normalized


def test_both_notations_of_our_game_give_the_same_moves():
    by_title = {g.title: g for g in games()}
    std = by_title["A game of our own, seeded dice (34), standard notation"]
    book = by_title["A game of our own, seeded dice (34), in the book's words"]
    assert [(m.normalized, m.position) for m in std.moves] == [(m.normalized, m.position) for m in book.moves]
    assert std.result == book.result == "Black wins 2 points"


def test_match_games_are_linked_and_their_scores_add_up():
    match = [g for g in games() if g.record.path.endswith("match.mat")]
    assert len({g.detail.match["key"] for g in match}) == 1
    assert [g.detail.match["game"] for g in match] == [1, 2, 3]
    assert all(c.ok for g in match for c in g.claims)
    assert any(c.what == "score" for c in match[2].claims)


def test_match_file_positions_agree_with_gnubg_import():
    gnubg = pytest.importorskip("gnubg")
    path = CORPUS / "match.mat"
    gnubg.command(f"import mat {path}")
    theirs = gnubg.match()["games"]
    for ours, their in zip([g for g in games() if g.record.path.endswith("match.mat")], theirs):
        rolls = [m for m in ours.moves if m.detail.kind == "roll"]
        boards = [a.get("board") for a in their["game"] if a["action"] in ("move", "set")]
        before = [ours.start.split(":")[0]] + [m.position.split(":")[0] for m in rolls[:-1]]
        assert len(rolls) == len(boards)
        assert all(b is None or b == p for b, p in zip(boards, before))
        assert their["info"]["points-won"] == ours.detail.points


# -- the odds table ---------------------------------------------------------------------------

ODDS_AS_PRINTED = (
    "|Single Die. |Double Dice. | | 25 to 11 ag’st 1 | 30 to 6 ag’st 7 | | 24 to 12 ag’st 2 | 30 to 6 ag’st 8 | "
    "| 22 to 14 ag’st 3 | 31 to 5 ag’st 9 | | 21 to 15 ag’st 4 | 33 to 3 ag’st 10 | | 21 to 15 ag’st 5 | "
    "34 to 2 ag’st 11 | | 19 to 17 ag’st 6 | 35 to 1 ag’st 12 |"
)


def printed_odds() -> dict[int, tuple[int, int]]:
    cells = [c.strip() for c in ODDS_AS_PRINTED.split("|") if "ag’st" in c]
    table = {}
    for cell in cells:
        against, _, for_, _, distance = cell.split()
        table[int(distance)] = (int(against), int(for_))
    return table


def hitting_throws(distance: int) -> int:
    """Of the 36 throws, those that reach ``distance`` points: one die, both dice, or doublets played on (open board)."""
    count = 0
    for a, b in product(range(1, 7), repeat=2):
        reach = {a, b, a + b} if a != b else {a * k for k in range(1, 5)}
        count += distance in reach
    return count


def test_odds_table_checked_by_enumerating_dice():
    table = printed_odds()
    assert len(table) == 12
    for distance, (against, for_) in table.items():
        assert against + for_ == 36
        if distance == 12:
            # The book gives 35 to 1 (double six only); double fours and double threes reach twelve too.
            assert (for_, hitting_throws(12)) == (1, 3)
        else:
            assert for_ == hitting_throws(distance), distance


def test_gnubg_export_of_the_match_reads_the_same_and_we_write_what_gnubg_writes():
    """corpus/backgammon/gnubg_export.mat is GNU Backgammon's own export of match.mat (trailing spaces and all)."""
    from notation.rules.backgammon import FAMILY

    ours = [g for g in games() if g.record.path.endswith("match.mat")]
    gnubgs = [g for g in games() if g.record.path.endswith("gnubg_export.mat")]
    assert [[(m.normalized, m.position) for m in g.moves] for g in ours] == \
        [[(m.normalized, m.position) for m in g.moves] for g in gnubgs]
    written = "\n".join(FAMILY.write(g, "mat") for g in gnubgs)
    exported = (CORPUS / "gnubg_export.mat").read_text()

    def lines(text):
        return [line.rstrip() for line in text.splitlines() if line.strip()]

    assert lines(written) == lines(exported)


def test_the_books_examples_of_illegal_plays_name_the_rule_and_are_not_repaired():
    by_title = {g.title: g for g in games()}
    g = by_title["Moving while a man is on the bar"]
    assert g.status == "example" and g.detail.example == "illegal"
    move = g.moves[0]
    assert move.status == "example" and move.position is None  # the forbidden play is not made
    [d] = [d for d in g.diagnostics if d.ply == 1]
    assert d.severity == "info" and d.code == "bar-first" and d.suggestions == []
    assert d.message.startswith("the book's example of an illegal play: a man on the bar must enter")
    # The legal play before it in the same record stands.
    covered = by_title["Entering on a covered point"]
    assert [m.status for m in covered.moves] == ["ok", "example"]


def test_an_example_whose_plays_are_all_legal_is_flagged(replay_text):
    [g] = replay_text('[Game "backgammon"]\n[Notation "book"]\n[Example "illegal"]\n'
                      "Black throws five-deuce: plays a man from 12 to 17, plays a man from 1 to 3.\n")
    assert [d.code for d in g.diagnostics if d.severity == "warning"] == ["example-legal"]
