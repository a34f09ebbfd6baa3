"""The chess notations, one module each: a notation is its grammar in ``grammars/`` and its module
here (:mod:`.base` says what the module gives: parse, resolve, printed marks, forms, write, and
how to recognise its moves in a text). The family, its detection and its replay know the
notations only through :data:`NOTATIONS`; the replay asks a notation, never tests its name.
"""

from __future__ import annotations

from notation.rules.chess.notations import algebraic, descriptive, german, san, universal
from notation.rules.chess.notations.base import ChessNotation, move_word

#: The chess notations by name, in the order detection tries them: one line each.
NOTATIONS: dict[str, ChessNotation] = {n.name: n for n in (
    descriptive.NOTATION,
    german.NOTATION,
    san.NOTATION,
    algebraic.NOTATION,
    universal.NOTATION,
)}

#: A move of any chess notation as a word of a text (``Nf3``, ``e 2-e 4``, ``P-K4``, ``P. to K's 4th``).
MOVE_WORD = move_word(NOTATIONS.values())
#: A move of each notation as a word of a text, by the notation's name.
NOTATION_WORD = {name: move_word([n]) for name, n in NOTATIONS.items()}

__all__ = ["MOVE_WORD", "NOTATIONS", "NOTATION_WORD", "ChessNotation"]
