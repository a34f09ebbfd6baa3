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

from lark import Token, Tree, UnexpectedInput

from notation.model import ParsedRecord, PrintedLine, PrintedMove, Record, RecordSpan, SourceText
from notation.parse import from_lark, load
from notation.parse.backgammon_common import Action, PlayTransformer, span

#: Where the second column starts when the score line does not say (GNU Backgammon writes it at 34).
DEFAULT_RIGHT_COLUMN = 30


class MatNotation:
    """One game of a match file: ``Game N``, the score line, numbered two-column lines."""

    name = "mat"

    def parse(self, record: Record) -> ParsedRecord:
        """Read one game. Raises :class:`~notation.parse.ParseError` naming the line, column and what was expected."""
        try:
            tree = load("backgammon_mat.lark", start="game").parse(record.body + "\n")
        except UnexpectedInput as exc:
            raise from_lark(record, exc, what="the match file game") from None
        return read_game(record, tree)


def _right_column(score_line: Tree) -> int:
    """The column where the second player's actions start, from the second name's column."""
    second = score_line.children[2]
    if isinstance(second, Token) and second.column:
        return max(second.column - 4, 12)
    return DEFAULT_RIGHT_COLUMN


def _column(tree: Tree, body: str) -> int:
    start = span(tree)[0]
    return start - (body.rfind("\n", 0, start) + 1) + 1


def read_game(record: Record, game: Tree) -> ParsedRecord:
    """The actions of one ``game`` subtree; each side is read from the column it stands in."""
    transformer = PlayTransformer()
    title, score_line, *lines = game.children
    names = [str(score_line.children[0]).strip(), str(score_line.children[2]).strip()]
    scores = [int(score_line.children[1]), int(score_line.children[3])]
    right = _right_column(score_line)
    body = record.body
    line = PrintedLine()
    for row in lines:
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
    parsed = ParsedRecord(record, "backgammon", "mat", line)
    parsed.extra.update({"game": int(title.children[0]), "players": names, "score": scores})
    return parsed


NOTATION = MatNotation()


def split_match(source: SourceText) -> list[RecordSpan]:
    """One record per game of a match file, each tagged with the match's facts.

    The header (``; [Name "value"]`` lines, ``N point match``) is read into
    every game's tags. A file the grammar cannot read as a whole is still
    split at its ``Game N`` lines, so each game reports its own error.
    """
    text = source.text
    key = hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]
    try:
        tree = load("backgammon_mat.lark", start="match").parse(text + "\n")
    except UnexpectedInput:
        return _split_at_game_lines(source, key)
    header: dict[str, str] = {}
    comments = []
    for h in tree.children:
        if isinstance(h, Tree) and h.data == "header_tag":
            header[str(h.children[1]).strip().replace(" ", "")] = str(h.children[2])[1:-1]
        elif isinstance(h, Tree) and h.data == "header":
            comments.append(str(h.children[0])[1:].strip())
    if comments:
        header["Comment"] = "\n".join(comments)
    length = int(next(tree.find_data("match_length")).children[0])
    games = [g for g in tree.children if isinstance(g, Tree) and g.data == "game"]
    records: list[RecordSpan] = []
    previous_wins: list[int] | None = [0, 0]
    crawford_done = False
    for index, game in enumerate(games):
        start = _line_start(text, span(game)[0], game)
        end = _line_start(text, span(games[index + 1])[0], games[index + 1]) \
            if index + 1 < len(games) else len(text)
        score_line = game.children[1]
        names = [str(score_line.children[0]).strip(), str(score_line.children[2]).strip()]
        score = [int(score_line.children[1]), int(score_line.children[3])]
        tags = {"Game": "backgammon", "Notation": "mat", **header, "MatchKey": key,
                "MatchLength": str(length), "GameNumber": str(game.children[0].children[0]),
                "Player1": names[0], "Player2": names[1], "Score": f"{score[0]}-{score[1]}"}
        if previous_wins is not None:
            tags["ScoreFromWins"] = f"{previous_wins[0]}-{previous_wins[1]}"
        # The Crawford game: the first in which a player needs one point to win the match.
        # (One player at match point, the other not: at 0-0 in a one-point match no one has reached it.)
        if length > 1 and not crawford_done and max(score) == length - 1 > min(score) and \
                header.get("Crawford", "On").lower() != "off":
            tags["Crawford"] = "yes"
            crawford_done = True
        elif length and max(score) >= length - 1:
            crawford_done = True
        won = _wins(game, text)
        if previous_wins is not None and won is not None:
            previous_wins = [previous_wins[0] + won[0], previous_wins[1] + won[1]]
        else:
            previous_wins = None
        records.append(RecordSpan(start, start, end, tags))
    return records


def _wins(game: Tree, text: str) -> list[int] | None:
    """Points each side's ``Wins N points`` claims in a game, or ``None`` if no one wins in the text."""
    score_line = game.children[1]
    right = _right_column(score_line)
    won = [0, 0]
    found = False
    for item in game.find_data("win"):
        start = span(item)[0]
        column = start - (text.rfind("\n", 0, start) + 1) + 1
        won[1 if column >= right else 0] += int(item.children[0])
        found = True
    return won if found else None


def _line_start(text: str, offset: int, game: Tree) -> int:
    """The start of the line holding the ``Game N`` title (so columns in a record are file columns)."""
    title = game.children[0]
    at = span(title)[0] if isinstance(title, Tree) else offset
    return text.rfind("\n", 0, at) + 1


def _split_at_game_lines(source: SourceText, key: str) -> list[RecordSpan]:
    text = source.text
    starts = []
    at = 0
    for raw in text.splitlines(keepends=True):
        words = raw.split()
        if len(words) == 2 and words[0].lower() == "game" and words[1].isdigit():
            starts.append(at)
        at += len(raw)
    if not starts:
        return [RecordSpan(0, 0, len(text), {"Game": "backgammon", "Notation": "mat", "MatchKey": key},
                           "no 'Game N' line: not a match file")]
    records = []
    for index, start in enumerate(starts):
        end = starts[index + 1] if index + 1 < len(starts) else len(text)
        records.append(RecordSpan(start, start, end, {"Game": "backgammon", "Notation": "mat", "MatchKey": key}))
    return records
