"""A checkers position in words -> the pieces on their squares (``grammars/checkers_setup.lark``).

    >>> position_in_words("Black men on 1, 3, 7, King on 32; White men on 22, 26, Kings on 5.")[32]
    ('black', True)
    >>> sorted(position_in_words("Black: 1, 3, K9. White: 27, 30").items())
    [(1, ('black', False)), (3, ('black', False)), (9, ('black', True)), (27, ('white', False)), (30, ('white', False))]
    >>> sorted(position_in_words("B. 1, K9; W. 30.").items())
    [(1, ('black', False)), (9, ('black', True)), (30, ('white', False))]

The squares after "men on" are men, after "kings on" kings; a "K" before one
square crowns that square alone. :class:`CheckersSetUpError` names the column
and what is wrong (a square off the board, one square named twice, a square
before any side).
"""

from __future__ import annotations

from lark import Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError

from notation.parse import load

GRAMMAR = "checkers_setup.lark"
#: The dash the books print after a side's name or a heading's word ("BLACK.--6", "Black.—6", "BLACK.–6",
#: "SOLUTION.–10-26"): two hyphens, an em dash or an en dash, as ``LONG_DASH`` in ``grammars/checkers_common.lark``.
DASH = r"(?:--|\u2014|\u2013)"

#: Square -> (side, king).
Pieces = dict[int, tuple[str, bool]]


class CheckersSetUpError(ValueError):
    """The words are no checkers position; ``column`` is 1-based."""

    def __init__(self, text: str, offset: int, message: str, unread: bool = False):
        self.offset = max(0, min(offset, len(text)))
        #: Whether the words stop being a position at ``offset`` (rather than placing a piece wrongly).
        self.unread = unread
        self.column = self.offset + 1
        self.reason = message
        super().__init__(f"column {self.column}: {message}")


@v_args(meta=True)
class CheckersSetUpTransformer(Transformer):
    """Tree of ``checkers_setup.lark`` -> :data:`Pieces`, each square going to the side and kind before it."""

    def __init__(self, text: str) -> None:
        super().__init__()
        self.text = text

    def side(self, meta, children):
        return ("side", "black" if str(children[0])[0] in "Bb" else "white")  # "Black", "B."

    def kind(self, meta, children):
        return ("king", children[0].type == "KINGS")

    def square(self, meta, children):
        return ("square", (len(children) == 2, int(children[-1]), meta.start_pos))

    def start(self, meta, children):
        pieces: Pieces = {}
        side: str | None = None
        king = False
        said = False  # a side or a kind of piece named: the words are a position from here on
        for what, value in children:
            if what == "side":
                side, king, said = value, False, True
            elif what == "king":
                king, said = value, True
            else:
                crowned, number, at = value
                if not said:
                    # A square first, no piece or side named ("11-15  9-13", a row of moves): no position in words.
                    raise CheckersSetUpError(self.text, at, f"square {number} before any side or piece is named",
                                             unread=True)
                if side is None:
                    raise CheckersSetUpError(self.text, at, f"square {number} before any side: expected "
                                                            "'Black' or 'White' first")
                if not 1 <= number <= 32:
                    raise CheckersSetUpError(self.text, at, f"square {number} is off the board: expected 1 to 32")
                if number in pieces:
                    raise CheckersSetUpError(self.text, at, f"square {number} is named twice")
                pieces[number] = (side, king or crowned)
        return pieces


def position_in_words(text: str) -> Pieces:
    """The pieces the words place: square -> (side, king). :class:`CheckersSetUpError` if they place none well."""
    try:
        tree = load(GRAMMAR).parse(text)
    except UnexpectedInput as exc:
        at = getattr(exc, "pos_in_stream", None) or 0
        found = (text[at:].split() or ["the end"])[0]
        raise CheckersSetUpError(text, at, f"expected a side, 'men on', 'kings on' or a square, found {found!r}",
                                 unread=True) from None
    try:
        return CheckersSetUpTransformer(text).transform(tree)
    except VisitError as exc:
        if isinstance(exc.orig_exc, CheckersSetUpError):
            raise exc.orig_exc from None
        raise


def position_leading(text: str) -> Pieces | None:
    """The pieces the words at the start of ``text`` place, read up to the first word that is no part of
    a position in words ("Black men on 1, 3; king on 14. White men on 21; king on 27. Black to move ...");
    ``None`` when they place none well (a square off the board or named twice, no square at all).

    >>> sorted(position_leading("B. 1, K14; W. 30. Black to play and win.").items())
    [(1, ('black', False)), (14, ('black', True)), (30, ('white', False))]
    """
    for _ in range(3):  # the words up to where the grammar stops: a position, or none
        try:
            return position_in_words(text) or None
        except CheckersSetUpError as exc:
            if not exc.unread or not 0 < exc.offset < len(text):
                return None
            text = text[:exc.offset]
    return None

