"""Write replayed checkers games: standard PDN, and the book notation of the checker books.

PDN: ``[GameType "21"]``, a ``FEN`` when the game does not start from the
opening, numbered moves with full capture paths (``1. 11-15 23-19 2. 15x22``),
variations in parentheses, the result (``1-0``: Black, the first player, won).

Book notation: Black's moves hyphenated (``3- 8``), White's with a space
(``25 4``), captures by their end squares unless two paths share them,
margin letters before the moves that ``Var`` sections replace.
"""

from __future__ import annotations

from notation.boards.checkers import INITIAL_FEN, Board, book_text
from notation.boards.checkers import Move as BoardMove
from notation.details.checkers import CheckersGameDetail, CheckersMoveDetail
from notation.model import Game, Move, Variation
from notation.nesting import Nested, run_nested
from notation.write import CannotWrite, event

BOOK_RESULTS = {"1-0": "B wins", "0-1": "W wins", "1/2-1/2": "Drawn"}


def _tag(name: str, value: str) -> str:
    return f'[{name} "{value.replace(chr(92), chr(92) * 2).replace(chr(34), chr(92) + chr(34))}"]'


def _english_only(game: Game) -> None:
    """Raise :class:`CannotWrite` for a game of another variant than English draughts (not replayed); a game
    that names no variant (one built by hand, an archive's older record) is English draughts."""
    if game.variant not in (None, "english"):
        raise CannotWrite(f"its [GameType \"{game.record.tag('GameType')}\"] is not English draughts, and its moves "
                          "are not replayed: written as English draughts (GameType 21) it would be another game")


def _children(game: Game) -> dict[int, list[Variation]]:
    by_parent: dict[int, list[Variation]] = {}
    for v in game.variations:
        by_parent.setdefault(v.parent, []).append(v)
    return by_parent


def _first_side(game: Game) -> str:
    return "white" if (game.start or INITIAL_FEN).startswith("W") else "black"


#: Tags the writer sets itself (the Event, the title standing for it (:func:`notation.write.event`), the family, the notation read, the variant, the start, the result).
_OWN_TAGS = {"event", "title", "game", "notation", "gametype", "setup", "fen", "result"}
#: PDN's roster, in its order, before the record's other tags.
_ROSTER = ("Site", "Date", "Round", "Black", "White")


def write_pdn(game: Game) -> str:
    """The game as a PDN record: tag pairs (the record's own, its players and date among them), then the
    movetext with variations and the result. A game of another variant (``[GameType "20"]``), which is
    not replayed, is :class:`CannotWrite`: written as English draughts it would be a different game."""
    _english_only(game)
    tags = [_tag("Event", event(game))]
    tags += [_tag(name, value) for name in _ROSTER if (value := game.record.tag(name))]
    if game.title and event(game) != game.title:  # (the heading "GAME 7.--WILLOW." over who had Black: no event)
        tags.append(_tag("Title", game.title))
    tags += [_tag(name, value) for name, value in game.tags.items()
             if name.lower() not in _OWN_TAGS and name not in _ROSTER]
    tags.append(_tag("GameType", "21"))
    if game.start and game.start != INITIAL_FEN:
        tags += [_tag("SetUp", "1"), _tag("FEN", game.start)]
    result = game.result if game.result in ("1-0", "0-1", "1/2-1/2") else "*"
    if result != "*":  # a PDN file's own form of that result (2-0 scoring's "2-0" for "1-0"), as it was read
        result = CheckersGameDetail.of(game.detail).pdn_result or result
    tags.append(_tag("Result", result))
    offset = 0 if _first_side(game) == "black" else 1
    text = _pdn_line(game.moves, _children(game), 0, offset)
    if game.comments:  # the game's notes (before its first move, as PDN reads them back)
        text = f"{_comment(' '.join(game.comments))} {text}"
    return "\n".join(tags) + "\n\n" + _wrap(f"{text} {result}".strip()) + "\n"


def _pdn_line(moves: list[Move], children: dict[int, list[Variation]], parent: int, offset: int) -> str:
    return run_nested(_nested_pdn_line(moves, children, parent, offset))


def _nested_pdn_line(moves: list[Move], children: dict[int, list[Variation]], parent: int, offset: int) -> Nested:
    # A nested call (notation.nesting): variations may nest deeper than Python's stack.
    out: list[str] = []
    numbered = True
    for move in moves:
        if move.normalized is None:
            out.append("{unreplayed: " + " ".join(m.printed for m in moves[moves.index(move):]) + "}")
            break
        number = (move.ply + offset + 1) // 2
        if move.side == "black":
            out.append(f"{number}.")
        elif numbered:
            out.append(f"{number}...")
        # The glyphs printed after it, as PDN writes them: a strength mark on the move ("11-15!"), NAGs after.
        strength = "".join(g for g in move.annotations if g[:1] in "!?")
        out.append(move.normalized + strength[:2])
        out.extend(g for g in move.annotations if g[:1] == "$")
        numbered = False
        if move.comment:
            out.append(_comment(move.comment))
            numbered = True
        # A PDN variation follows the move it replaces, its opening note inside its brackets.
        for v in children.get(parent, []):
            if v.branch_ply == move.ply and v.moves:
                # A book's verdict on the line ("B wins") ends it, as the book prints it (once: a PDN file's is its
                # last move's comment, written with it); another note opens it.
                verdict = _verdict(v)
                opening = f"{_comment(v.comment)} " if v.comment and v.comment not in BOOK_RESULTS.values() else ""
                # (Written already where it is the last move's comment and the line's moves are all written.)
                written = v.moves[-1].comment == verdict and all(m.normalized for m in v.moves)
                closing = f" {_comment(verdict)}" if verdict and not written else ""
                out.append("(" + opening + (yield _nested_pdn_line(v.moves, children, v.id, offset)) + closing + ")")
                numbered = True
    return " ".join(out)


def _comment(text: str) -> str:
    """A note as a PDN comment: its lines joined (:func:`_wrap` breaks them), a closing brace (which would end it
    early) printed as a parenthesis."""
    return "{" + " ".join(text.replace("}", ")").split()) + "}"


def _wrap(text: str, width: int = 79) -> str:
    lines, current = [], ""
    for word in text.split(" "):
        if current and len(current) + 1 + len(word) > width:
            lines.append(current)
            current = word
        else:
            current = f"{current} {word}" if current else word
    if current:
        lines.append(current)
    return "\n".join(lines)


def book_move(move: Move, before: str) -> str:
    """A replayed move as the checker books print it (see :func:`notation.boards.checkers.book_text`)."""
    detail = CheckersMoveDetail.of(move.detail)
    path = detail.path or [int(s) for s in (move.normalized or "").replace("x", "-").split("-")]
    return book_text(Board.from_fen(before), BoardMove(tuple(path), tuple(detail.captures or ())))


def write_book(game: Game) -> str:
    """The game as a record in book notation, with its tag pairs (and a FEN when it starts from a set position);
    a game of another variant is :class:`CannotWrite`."""
    _english_only(game)
    tags = [_tag("Game", "checkers"), _tag("Notation", "book")]
    if game.title:
        tags.append(_tag("Title", game.title))
    start = game.start or INITIAL_FEN
    if start != INITIAL_FEN:
        tags += [_tag("SetUp", "1"), _tag("FEN", start)]
    children = _children(game)
    letters: dict[int, str] = {}
    sections: list[str] = []  # in the order of their letters

    def line(moves: list[Move], parent: int, position: str, result: str | None) -> str:
        out: list[str] = []
        for move in moves:
            for v in children.get(parent, []):
                if v.branch_ply == move.ply and v.moves and v.moves[0].normalized:
                    letters[v.id] = _letter(len(letters))
                    out.append(letters[v.id])
                    slot = len(sections)
                    sections.append("")
                    section = line(v.moves, v.id, position, _verdict(v))
                    sections[slot] = f"Var {letters[v.id]}. {section}"
            if move.normalized is None or move.position is None:
                break
            out.append(("*" if CheckersMoveDetail.of(move.detail).losing else "") + book_move(move, position))
            position = move.position
        if result:
            out.append(result)
        return " ".join(out)

    main = line(game.moves, 0, start, BOOK_RESULTS.get(game.result or ""))
    if start != INITIAL_FEN:
        main = ("White to move " if start.startswith("W") else "Black to move ") + main
    # One paragraph, as the book prints a position's play: "23 19" must not break across lines.
    body = " ------ ".join([main, *sections])
    return "\n".join(tags) + "\n" + body + "\n"


def _verdict(v: Variation) -> str | None:
    """A variation's verdict in the books' words ("B wins"), as a book prints it after the line's last move: the
    one the reader claimed (:attr:`Variation.result`: a book's "White wins.", "Drawn." under a column), else the
    line's note, else the last move's where PDN was read (``(... 9-13 {B wins})``, its comment)."""
    last = v.moves[-1].comment if v.moves else None
    return next((note for note in (v.result, v.comment, last) if note in BOOK_RESULTS.values()), None)


def _letter(n: int) -> str:
    return "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[n % 26]
