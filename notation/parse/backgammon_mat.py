"""Jellyfish / GNU Backgammon match files (``grammars/backgammon_mat.lark``) -> one record per game.

A ``.mat`` file is split by :func:`split_match` into one record per game,
each carrying the match's facts as tags (``MatchLength``, ``Player1``,
``Player2``, ``Score``, the ``; [Name "value"]`` header lines, ``MatchKey``
linking the games of one match). :class:`MatNotation` reads one game: the
score line, then the numbered lines whose two columns are the two players'
actions.
"""

from __future__ import annotations

import hashlib
import re
from typing import cast

from lark import Token, Tree, UnexpectedInput

from notation.details.backgammon import BackgammonExtra
from notation.model import Diagnostic, ParsedRecord, PrintedLine, PrintedMove, Record, RecordSpan, SourceText
from notation.parse import from_lark, load
from notation.parse.backgammon_common import Action, PlayTransformer, is_game_value, span

#: Where the second column starts when the score line does not say (GNU Backgammon writes it at 34).
DEFAULT_RIGHT_COLUMN = 30


class MatNotation:
    """One game of a match file: ``Game N``, the score line, numbered two-column lines."""

    name = "mat"
    #: Whether the notation marks the men it hits, so that an unmarked hit is worth a warning: GNU Backgammon and Jellyfish mark a hit with ``*`` (some programs do not).
    marks_hits = True

    def parse(self, record: Record) -> ParsedRecord:
        """Read one game; an unreadable line is reported and the game kept up to it.

        Raises :class:`~notation.parse.ParseError` naming the line, column and what was
        expected only when the ``Game N`` title or the score line cannot be read.
        """
        body = record.body + "\n"
        try:
            return read_game(record, load("backgammon_mat.lark", start="game").parse(body))
        except UnexpectedInput as exc:
            error = from_lark(record, exc, what="the match file game")
        # Keep the lines before the one that cannot be read; the rest is kept as printed, unchecked.
        cut = body.rfind("\n", 0, error.offset) + 1
        try:
            tree = load("backgammon_mat.lark", start="game").parse(body[:cut])
        except UnexpectedInput:
            raise error from None
        if not tree.children[2:]:
            raise error from None
        parsed = read_game(record, tree)
        rest = body[cut:].strip("\n").count("\n") + 1
        parsed.diagnostics.append(Diagnostic(
            "error", "syntax", f"{error.reason}; this line and the {rest - 1} after it are kept as printed, "
            "unchecked", error.line, error.column))
        BackgammonExtra.of(parsed.extra).unchecked_from = cut
        return parsed


def _score_line(score_line: Tree) -> tuple[list[Token], list[int], list[str]]:
    """The two names (tokens, for their columns), the two scores, and any Crawford markers."""
    names = [c for c in score_line.children if isinstance(c, Token) and c.type.endswith("NAME")]
    scores = [int(c) for c in score_line.children if isinstance(c, Token) and c.type.endswith("INT")]
    markers = [str(c) for c in score_line.children if isinstance(c, Token) and c.type.endswith("MARKER")]
    return names, scores, markers


def _right_column(score_line: Tree) -> int:
    """The column where the second player's actions start, from the second name's column."""
    first, second = _score_line(score_line)[0]
    if second.line == first.line and second.column:
        return max(second.column - 4, 12)
    return DEFAULT_RIGHT_COLUMN  # one player per line: the programs' usual layout


def _column(tree: Tree, body: str) -> int:
    start = span(tree)[0]
    return start - (body.rfind("\n", 0, start) + 1) + 1


def read_game(record: Record, game: Tree) -> ParsedRecord:
    """The actions of one ``game`` subtree; each side is read from the column it stands in."""
    transformer = PlayTransformer()
    title, score_line, *lines = game.children
    tokens, scores, markers = _score_line(score_line)
    names = [str(t).strip() for t in tokens]
    right = _right_column(score_line)
    body = record.body
    line = PrintedLine()
    comments: list[str] = []
    for row in lines:
        if row.data == "comment_line":
            note = str(row.children[0])[1:].strip()
            comments.append(note)
            if line.moves:
                line.moves[-1].comment = note if line.moves[-1].comment is None else \
                    f"{line.moves[-1].comment} {note}"
            continue
        number = None
        actions = []
        for child in row.children:
            if isinstance(child, Token):
                number = int(str(child)[:-1])
            else:
                actions.append(child)
        for k, item in enumerate(actions):
            action: Action = transformer.transform(item)
            if len(actions) == 2:
                action.side = k
            else:
                action.side = 1 if _column(item, body) >= right else 0
            start, end = span(item)
            line.moves.append(PrintedMove(body[start:end], start, end, action, number=number,
                                          side=names[action.side]))
    title_markers = [str(c) for c in title.children if isinstance(c, Token) and c.type.endswith("MARKER")]
    extra = BackgammonExtra(players=names, game=int(str(title.children[0])), score=scores,
                            markers=title_markers + markers)
    return ParsedRecord(record, "backgammon", "mat", line, comments=comments, extra=extra)


NOTATION = MatNotation()


#: What marks a text as a match file, whatever its name: the ``N point match`` line, or a
#: ``Game N`` line followed by the score line ``Name : score``.
_MATCH_HEADER = re.compile(r"^[ \t]*\d+[ \t]*-?[ \t]*points?[ \t]+match\b", re.I | re.M)
_GAME_AND_SCORE = re.compile(r"^[ \t]*Game[ \t]+\d+[ \t]*\r?\n(?:[ \t]*\r?\n)*[^\n:]+:[ \t]*\d+", re.I | re.M)


_GAME_LINE = re.compile(r"^[ \t]*Game[ \t]+\d+\b[^\n]*$", re.I | re.M)
_LENGTH_LINE = re.compile(r"^[ \t]*(\d+)[ \t]*-?[ \t]*points?[ \t]+match\b", re.I | re.M)
_HEADER_TAG = re.compile(r'^[ \t]*;[ \t]*\[([A-Za-z][A-Za-z0-9 _]*?)[ \t]*"([^"\n]*)"\]', re.M)


def looks_like_match(text: str) -> bool:
    """Whether a text is a match file (the programs save them as ``.mat``, ``.txt`` or anything else)."""
    head = text[:20000]
    return bool(_GAME_AND_SCORE.search(head) or (_MATCH_HEADER.search(head) and _GAME_LINE.search(head)))


def split_match(source: SourceText) -> list[RecordSpan]:
    """One record per game of a match file, each tagged with the match's facts.

    The header (``; [Name "value"]`` lines, ``N point match``) is read into
    every game's tags; the file is cut at its ``Game N`` lines, so a game that
    cannot be read reports its own error while every other game keeps the match
    length, its score and the Crawford state.
    """
    text = source.text
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    base = {"Game": "backgammon", "Notation": "mat", "MatchKey": key}
    starts = [m.start() for m in _GAME_LINE.finditer(text)]
    if not starts:
        return [RecordSpan(0, 0, len(text), base, "no 'Game N' line: not a match file")]
    header, length = _read_prologue(text[:starts[0]])
    records: list[RecordSpan] = []
    # The wins are added up from game 1 (from its score: a resumed match); a file that starts later cannot
    # check its scores.
    first = re.match(r"[ \t]*Game[ \t]+(\d+)", text[starts[0]:], re.I)
    previous_wins: list[int] | None = [0, 0] if first and first.group(1) == "1" else None
    crawford_done = False
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        facts = _game_facts(text[start:end])
        tags = {**base, **header}
        if length is not None:
            tags["MatchLength"] = str(length)
        if facts is None:
            records.append(RecordSpan(0 if index == 0 else start, start, end, tags))
            previous_wins = None
            continue
        number, names, score, markers, won = facts
        if index == 0 and previous_wins is not None:
            # A resumed match (FIBS numbers the games of a resumed session from 1) starts at its score line.
            previous_wins = list(score)
        tags.update({"GameNumber": str(number), "Player1": names[0], "Player2": names[1],
                     "Score": f"{score[0]}-{score[1]}"})
        if previous_wins is not None:
            tags["ScoreFromWins"] = f"{previous_wins[0]}-{previous_wins[1]}"
        marked = " ".join(markers).lower()
        # The Crawford game: the first in which a player needs one point to win the match.
        # (One player at match point, the other not: at 0-0 in a one-point match no one has reached it.)
        # A program's "(Crawford)" or "(post-Crawford)" marker says so outright.
        if "crawford" in marked:
            if "post" not in marked:
                tags["Crawford"] = "yes"
            crawford_done = True
        elif length and length > 1 and not crawford_done and max(score) == length - 1 > min(score) and \
                header.get("CrawfordRule", "On").lower() != "off":
            tags["Crawford"] = "yes"
            crawford_done = True
        elif length and max(score) >= length - 1:
            crawford_done = True
        if previous_wins is not None and won is not None:
            previous_wins = [previous_wins[0] + won[0], previous_wins[1] + won[1]]
        else:
            previous_wins = None
        # The header before the first game belongs to the first record (nothing of the file is lost).
        records.append(RecordSpan(0 if index == 0 else start, start, end, tags))
    return records


def _read_prologue(prologue: str) -> tuple[dict[str, str], int | None]:
    """The header tags (and other ``;`` lines, as a comment) and the match length before ``Game 1``."""
    header = {name.replace(" ", ""): value for name, value in _HEADER_TAG.findall(prologue)}
    if "Crawford" in header:  # the match's rule (On/Off); a game's own [Crawford] says whether it is the Crawford game
        header["CrawfordRule"] = header.pop("Crawford")
    comments = [line.strip()[1:].strip() for line in prologue.splitlines()
                if line.strip().startswith(";") and not _HEADER_TAG.match(line)]
    if comments:
        header["Comment"] = "\n".join(comments)
    found = _LENGTH_LINE.search(prologue)
    return header, int(found.group(1)) if found else None


def _game_facts(chunk: str) -> tuple[int, list[str], list[int], list[str], list[int] | None] | None:
    """Number, players, score, Crawford markers and points won of one game's text; ``None`` if its head is unreadable.

    A game whose later lines cannot be read still gives its facts from the lines before.
    """
    parser = load("backgammon_mat.lark", start="game")
    text = chunk + "\n"
    try:
        tree = parser.parse(text)
        complete = True
    except UnexpectedInput as exc:
        cut = text.rfind("\n", 0, getattr(exc, "pos_in_stream", 0) or 0) + 1
        try:
            tree = parser.parse(text[:cut])
        except UnexpectedInput:
            return None
        complete = False
    title, score_line = cast(list[Tree], tree.children[:2])
    tokens, score, markers = _score_line(score_line)
    markers = [str(c) for c in title.children if isinstance(c, Token) and c.type.endswith("MARKER")] + markers
    won = _wins(tree, text, score_line) if complete else None
    return int(str(title.children[0])), [str(t).strip() for t in tokens], score, markers, won


def _wins(game: Tree, text: str, score_line: Tree) -> list[int] | None:
    """Points each side's ``Wins N points`` claims in a game, or ``None`` if no one wins in the text
    or a win is of points no game is worth (the replay reports it; the next scores are not summed)."""
    right = _right_column(score_line)
    won = [0, 0]
    found = False
    for item in game.find_data("win"):
        start = span(item)[0]
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        points = int(str(item.children[0]))
        if not is_game_value(points):
            return None
        won[1 if column >= right else 0] += points
        found = True
    return won if found else None
