"""The development corpus (corpus/dev/), each source read whole and checked against an oracle.

Figures per source (also in docs/dev-corpus.md and corpus/dev/README.md); a test fails when one drops:

* backgammon: games read with the right winner and points / games, GNU Backgammon's own
  import of the same file (``gnubg``) being the oracle; printed actions read and replayed
  legally / printed actions;
* checkers: printed moves read and replayed legally / printed moves, every replayed move
  checked against pydraughts' legal moves.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from notation.parse.backgammon_mat import looks_like_match
from notation.pipeline import read_games
from notation.rules.checkers.notations.base import is_leg

ROOT = Path(__file__).resolve().parent.parent / "corpus"

#: source -> (games right, games, moves ok, moves), as measured; a drop fails the test.
BACKGAMMON_FIGURES = {
    "dev/gnubg-selfplay": (71, 71, 2939, 2939),
    "dev/gibbon-fibs": (9, 9, 378, 378),  # a FIBS match as Gibbon keeps it (Jellyfish layout)
    # A server's exports, HedgeHog's and a hand transcription; three files hold illegal plays on purpose.
    "dev/gammonview-samples": (70, 70, 2738, 2748),
    "backgammon": (6, 6, 462, 462),  # match.mat and GNU Backgammon's export of it
}
#: source -> (moves read and legal, printed moves).
CHECKERS_FIGURES = {
    "checkers": (438, 439),  # Foster's Complete Hoyle; the one misprint is repaired, not read as printed
}
#: PDN collections as checkers programs export them (player tags, no [GameType]) -> (records, records
#: read as checkers and ok, printed moves read and legal, printed moves). Every record must be checkers,
#: none empty; pydraughts checks the moves of every 25th game (all of them would take minutes).
PDN_FIGURES = {
    # Tinsley's games: one prints a move from an empty square (an error); two have prose glued to a move,
    # read by the decoder (was 722 ok, 36,088 moves), whose glued moves the count on the text leaves out.
    # (723 ok: a game with prose glued to a move, outside braces, is read whole by the decoder but keeps
    # its PDN syntax error.)
    "dev/raven-checkers-pdn": (725, 723, 36153, 36154),
}
#: Whole book texts -> (moves read and legal, main lines and variations, printed moves): every
#: square pair printed in the text (``11-15``, ``18-9``, ``11-18-25``; squares 1 to 32) is a
#: printed move, in tables, notes and prose alike, counted on the text without the reader.
BOOK_FIGURES = {
    # Britannica 1911, "Draughts": every move, the 63 named in sentences read by the decoder (was 465). 527: note a
    # of Game No. 3 ("but 25-22 is probably stronger, thus: 25-22, 16-19, ...") names 25-22 before playing it out;
    # the lead-in's 25-22 was a second line of one move beside the line it names (a variation replacing 25-22 by
    # 25-22), and is now said as prose (the line is read once, whole). 528 with a move named again where its line
    # plays it (that lead-in's 25-22; "11-15" in "The other five replies to 11-15") counted as read, as that move.
    # 526, stop 62 (notes62): note a of the Ayrshire Lassie ("a. 11-15, 24-20 forms the "Ayrshire Lassie" opening")
    # names the game's own first two moves: a line identical to the game's is no variation, its words the comment of
    # 24-20 (a repeated-line info); the two words are no longer counted as moves read.
    "dev/eb1911-draughts": (526, 528),
    # Hoyle's Games Modernized (1909), "Draughts": squares joined by full stops (22.18), variations numbered in
    # the margin (V.1--10.6), openings named "11 to 15, 24 to 20" in prose; 0 / 412 before (no record read),
    # 135 with the dotted moves alone, 330 before the prose's "a to b", 390 before a letter under a result
    # headed the line its margin mark replaces ("B. wins." / "A" / 18.15 for "A--17.21").
    "dev/hoyle-modernized-draughts": (396, 412),
    # The Boy's Own Book of Indoor Games (1890), "Draughts" (Captain Crawley): moves named "11 to 15" in two
    # columns ("--1--" between them), tables ruled with bars whose rows number the plies ("13 |  9-14 | 31 26 |"),
    # one game a column, the losing move starred ("26*22", "5* 9"). 298 / 919 before: the chapter one record
    # titled "THE RULES" (cut by the chess splitter at "--24--", read as a SAN null move), the tables read
    # across their rows, "6- 9" and the starred moves no moves; 285 cut at its 23 titles; 495 with the tables
    # read down their columns at their rows' plies; 664 with a column set off its rows placed where the rows
    # below it read on; 673 with the game going on after an alternative in brackets ("(or 26 to 22)"). The
    # results boxed under 10 columns are claims (none settled: 8 to 16 pieces, beyond the database).
    # 699 with the rows numbered between the columns ("11 to 15  --1--  23 to 19") read at their moves, prose
    # between them (Whilter, Glasgow); 747 with the problems read from their positions: named in prose ("the
    # White on 32 and 5, the Black on 10, 18, and 19"), else the smallest their solution tables need (the
    # diagrams are illustrations the e-text lacks; "setup-inferred"); 832 with every candidate position of a
    # problem tried (the prose's first example's, the table's) and a row's crowning word ("6 to 2 King"); 831
    # with the move after "instead of" that follows an alternative in its clause said as naming the move replaced
    # (the Glasgow's "The move 4 to 8 instead of 11 to 16 would have been the Old Fourteenth": 11 to 16 was read
    # as a line of one move from the opening, which the book does not mean). 857 with a row's misprinted move read a
    # figure off where the rows below read on ("22 to 19" for 22 to 17 in the Glasgow, which had left the rows
    # below unread; "22 to 19" was no move word at all, not a leg) and the line of a move offered "instead of"
    # another ending with its sentence (the Glasgow's "24 to 20" answered "4 to 8" instead of the game's 11 to 16).
    # 866 once a row's mark after its first move ("-- 7--") no longer ends the rows looked at below it (the
    # Glasgow's rows 7-27 after a supposed alternative; one move of the Single Corner's ruled table, 15-18, lost).
    # Still 866 with a move the prose names again where its line plays it read as that move, counted once for each
    # word (the Glasgow's "Instead of playing 25 to 22" no longer hangs a second 25-22 whose rows go on from it).
    # 884 (ckrows64) once "17 to 13  24 to 19 W. wins" is two moves, not "17 to" / "13  24" / "to 19", and such a row's
    # third move White's alternative at the row with its result (the Glasgow's rows 11-29: 49 -> 67 moves legal).
    "dev/boys-own-book-draughts": (884, 919),
    # Every Boy's Book (1869), "Draughts": two games printed one move a row under "No. Colour. from  to"
    # ("  1.   B.     11    15", the side's initial, both sides' squares set apart), broken off with "&c." over
    # "White loses." and "Drawn.". 0 / 106 before: one record no family read (the rows were no moves, the
    # text no checker book); every move with the rows read for the side their initials name, the text cut
    # at its 7 titles in capitals ("GAME I.").
    "dev/every-boys-book-draughts": (106, 106),
}
#: Whole book texts -> records titled by their headings at least (``Game No. 1.--...``, ``FIRST POSITION.``).
BOOK_TITLES = {"dev/eb1911-draughts": 5, "dev/hoyle-modernized-draughts": 11, "dev/boys-own-book-draughts": 23,
               "dev/every-boys-book-draughts": 7}


def match_files(source: str) -> list[Path]:
    """The match files of a source, known by their content (a FIBS or Galaxy export is often ``.txt``)."""
    return sorted(p for p in (ROOT / source).iterdir()
                  if p.suffix in (".mat", ".txt") and looks_like_match(p.read_text(encoding="utf-8")))


def gnubg_results(path: Path) -> list[tuple[str, int] | None]:
    """(winner's name, points won) of each game, as GNU Backgammon imports the file; ``None`` for a game
    it records without a winner (one of no throw)."""
    gnubg = pytest.importorskip("gnubg")
    gnubg.command(f"import mat {path}")
    match = gnubg.match()
    names = {side: match["match-info"][side]["name"] for side in ("X", "O")}
    return [(names[g["info"]["winner"]], g["info"]["points-won"]) if g["info"].get("winner") else None
            for g in match["games"]]


def backgammon_figures(source: str) -> tuple[int, int, int, int]:
    right = total = ok_moves = moves = 0
    for path in match_files(source):
        ours = [g for g in read_games([path])]
        assert all(g.family == "backgammon" for g in ours), path
        theirs = gnubg_results(path)
        assert len(theirs) == len(ours), path
        total += sum(result is not None for result in theirs)
        right += sum((g.detail.winner, g.detail.points) == result
                     for g, result in zip(ours, theirs) if result is not None)
        moves += sum(len(g.moves) for g in ours)
        ok_moves += sum(m.status == "ok" for g in ours for m in g.moves)
    return right, total, ok_moves, moves


@pytest.mark.parametrize("source", list(BACKGAMMON_FIGURES))
def test_backgammon_sources_keep_their_figures(source):
    figures = backgammon_figures(source)
    right, total, ok_moves, moves = figures
    assert total and moves
    expected = BACKGAMMON_FIGURES[source]
    assert right >= expected[0] and ok_moves >= expected[2], figures
    print(f"{source}: {right}/{total} games with the right winner and points, {ok_moves}/{moves} actions")


def legal_run(moves, before) -> tuple[int, int]:
    """(printed moves pydraughts finds legal, printed moves read) along one line of moves from the position
    `before`: a move counts once for its own words and once for each word of prose that names it again where
    its line plays it (``detail.again``: read as that move, not as a second line)."""
    draughts = pytest.importorskip("draughts")
    good = read = 0
    for move in moves:
        printed = 1 + (getattr(move.detail, "again", None) or 0)
        read += printed
        if move.status == "ok" and before and move.position:
            legal = {tuple(m.steps_move) for m in draughts.Board(variant="english", fen=before).legal_moves()}
            good += printed if tuple(move.detail.path) in legal else 0
        before = move.position
    return good, read


def checkers_figures(source: str) -> tuple[int, int]:
    runs = [legal_run(g.moves, g.start) for g in read_games([ROOT / source]) if g.family == "checkers"]
    return sum(r[0] for r in runs), sum(r[1] for r in runs)


@pytest.mark.parametrize("source", list(CHECKERS_FIGURES))
def test_checkers_sources_keep_their_figures(source):
    good, total = checkers_figures(source)
    expected = CHECKERS_FIGURES[source]
    assert total and good >= expected[0], (good, total)
    print(f"{source}: {good}/{total} printed moves read and replayed legally")


@pytest.mark.parametrize("source", list(PDN_FIGURES))
def test_pdn_collections_read_as_checkers(source):
    games = list(read_games([ROOT / source]))
    assert {g.family for g in games} == {"checkers"}, {(g.family, g.notation) for g in games}
    assert not [g for g in games if g.status == "empty" or (not g.moves and g.status != "error")]
    # Printed moves counted on the text (square paths, jumps with `x`), tag lines and comments left out.
    movetext = "\n".join(line for path in sorted((ROOT / source).glob("*.pdn"))
                         for line in path.read_text(encoding="utf-8").splitlines() if not line.startswith("["))
    printed = len(re.findall(r"(?<![\w./-])(?:[1-9]|[12]\d|3[0-2])(?:[-x](?:[1-9]|[12]\d|3[0-2]))+(?![\w-])",
                             re.sub(r"\{[^}]*\}", " ", movetext)))
    read = sum(m.status == "ok" for g in games for m in g.moves)
    figures = (len(games), sum(g.status == "ok" for g in games), read, printed)
    expected = PDN_FIGURES[source]
    assert (figures[0], figures[3]) == (expected[0], expected[3]), "the source changed"
    assert figures[1] >= expected[1] and figures[2] >= expected[2], figures
    sample = [legal_run(g.moves, g.start) for g in games[::25]]
    assert sum(r[0] for r in sample) == sum(m.status == "ok" for g in games[::25] for m in g.moves)
    print(f"{source}: {figures[1]}/{figures[0]} records ok, {read}/{printed} printed moves read and replayed legally")


def printed_moves(text: str) -> int:
    """The square pairs and paths printed in a text (squares 1 to 32), whether or not a reader finds them:
    hyphenated (``11-15``, ``3- 8``), joined by full stops (``22.18``) or by the star of a losing move (``26*22``,
    ``5* 9``), and, where the second square is a step or a jump from the first, ``11 to 15`` and White's
    ``23 19`` (the squares a space or two apart: ``the squares 1 to 12`` is no move; in a table's cell
    between bars any two squares; in a row that names its side, ``1.  B.  11    15``, its two squares)."""
    count = 0
    text = re.sub(r"(?<![0-9])([0-9]{1,2})(?:\* ?|- )([0-9])(?![0-9])", r"\1-\2", text)  # "5* 9", "3- 8"
    text = re.sub(r"(?<![0-9])([0-9]{1,2})\*([0-9]{1,2})(?![0-9])", r"\1-\2", text)
    for word in text.replace(",", " ").split():
        word = word.strip(".;:()\"'")
        # A path with the e-text's glued marks ("3-a-24-28", "V.1--10.6") counts once, by its squares.
        parts = [p for p in re.split(r"-|(?<=[0-9])\.(?=[0-9])", word) if p]
        numbers = [p for p in parts if p.isdigit()]
        if len(numbers) >= 2 and len(numbers) >= len(parts) - 1 and all(1 <= int(n) <= 32 for n in numbers):
            count += 1
    steps = re.findall(r"(?<![0-9.])([0-9]{1,2})\s+to\s+([0-9]{1,2})(?![0-9])", text)
    spaced = r"(?<![0-9.-])\b([0-9]{1,2})[ \t]{1,2}([0-9]{1,2})\b(?![0-9.-])"
    # In a table's cell ("| 23  7 |") a spaced pair is a move whatever its length (a jump of two men).
    cells = [(a, b) for line in text.splitlines() if "|" in line for a, b in re.findall(spaced, line)]
    steps += [(a, b) for line in text.splitlines() if "|" not in line for a, b in re.findall(spaced, line)]
    # A table of one move a row that names its side ("  1.   B.     11    15"): its two squares, however far apart
    # (a jump of two men by its end squares, "11    25").
    rows = re.findall(r"(?m)^[ \t]*[0-9]{1,3}\.[ \t]+[BW]\.[ \t]+([0-9]{1,2})[ \t]+([0-9]{1,2})[ \t]*$", text)
    return (count + sum(is_leg(int(a), int(b)) for a, b in steps)
            + sum(1 <= int(a) <= 32 and 1 <= int(b) <= 32 for a, b in cells)
            + sum(1 <= int(a) <= 32 and 1 <= int(b) <= 32 for a, b in rows))


def legal_lines(game) -> tuple[int, int]:
    """(moves pydraughts finds legal, moves) over a game's main line and variations."""
    before_line = {0: game.start}
    lines = {0: game.moves}
    for v in game.variations:
        lines[v.id] = v.moves
        parent = lines[v.parent]
        k = next((i for i, m in enumerate(parent) if m.ply == v.branch_ply), None)
        before_line[v.id] = None if k is None else (parent[k - 1].position if k else before_line[v.parent])
    runs = [legal_run(moves, before_line[key]) for key, moves in lines.items()]
    return sum(r[0] for r in runs), sum(r[1] for r in runs)


@pytest.mark.parametrize("source", list(BOOK_FIGURES))
def test_checker_books_keep_their_figures(source):
    text = "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / source).glob("*.txt")))
    games = list(read_games([ROOT / source]))
    figures = [legal_lines(g) for g in games if g.family == "checkers"]
    good, read = sum(f[0] for f in figures), sum(f[1] for f in figures)
    printed = printed_moves(text)
    expected = BOOK_FIGURES[source]
    assert printed == expected[1], "the source changed"
    assert good >= expected[0], (good, read, printed)
    assert read <= printed
    assert not any(d.code == "internal" for g in games for d in g.diagnostics)
    assert sum(bool(g.title) for g in games) >= BOOK_TITLES[source]
    print(f"{source}: {good}/{printed} printed moves read and replayed legally ({read} read)")
