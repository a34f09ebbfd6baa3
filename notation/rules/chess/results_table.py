"""A row of a printed table of results (Foster's openings table from the New York Sun).

The book prints, per opening, games won and lost by the first player, drawn,
played, the first player's percentage (drawn games counted as one-half) and
the opening's share of all games. A record of such a row carries them as tags;
the replay recomputes each number the row states, so a misprint is a claim
that does not hold (a warning: the row is a table, not moves).
"""

from __future__ import annotations

from notation.model import Claim, Diagnostic, Game

#: Tags of a results-table row, in the order the book prints its columns.
COLUMNS = ("FirstPlayerWon", "FirstPlayerLost", "Drawn", "TotalPlayed")


def check_row(game: Game, all_games: int | None = None) -> None:
    """Claims for a results-table row: won + lost + drawn = played, and the first player's percentage.

    ``all_games``: the table's total, for the row's share of all games (``[OfAllGames]`` tag).
    """
    record = game.record
    if any(record.tag(name) is None for name in COLUMNS):
        return
    won, lost, drawn, total = (record.tag_int(name, 0) or 0 for name in COLUMNS)
    line, column = record.tag_position("TotalPlayed")
    game.claims.append(Claim(None, "games played", str(total), str(won + lost + drawn), line, column))
    printed = record.tag("PerCentWonByFirstPlayer")
    if printed and total:
        exact = 100 * (won + drawn / 2) / total  # "counting drawn games as one-half"
        places = len(printed.split(".")[1]) if "." in printed else 0
        # The book rounds either way: a figure within one unit of its last place holds.
        holds = abs(float(printed) - exact) < 10 ** -places
        line, column = record.tag_position("PerCentWonByFirstPlayer")
        game.claims.append(Claim(None, "per cent won by the first player", printed,
                                 printed if holds else f"{exact:.1f}", line, column,
                                 reason=f"{exact:.2f} exactly, drawn games counted as one-half"))
        if not holds:
            game.diagnostics.append(Diagnostic(
                "warning", "wrong-claim",
                f"the first player won {exact:.1f} per cent ({won} won and {drawn} drawn of {total}), "
                f"not {printed}", line, column))
    if won + lost + drawn != total:
        line, column = record.tag_position("TotalPlayed")
        game.diagnostics.append(Diagnostic(
            "warning", "wrong-claim", f"{won} + {lost} + {drawn} games is {won + lost + drawn}, not {total}",
            line, column))
