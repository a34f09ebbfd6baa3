"""The notations card games are printed in: the transcript language (``grammars/cards.lark``)."""

from __future__ import annotations

from notation.families import Notation
from notation.parse.cards import TRANSCRIPT

#: Notation name -> notation.
NOTATIONS: dict[str, Notation] = {TRANSCRIPT.name: TRANSCRIPT}
