"""Algebraic notation's piece letters by language: one table. A record prints every move in one language
(French ``Cf3`` is the Knight's, Dutch ``Pf3`` too, French ``Rf1`` the King's where English ``Rf1`` is the
Rook's), so a language is the record's choice, never a word's.

English and German letters are read by the notations themselves (SAN and algebraic read English, German
reads its own; SAN's resolver takes German's letters too, which clash with no English one). A record that
does not replay in them and prints moves with another language's letters is read again with those letters
made English (:func:`translated`), and that reading stands where it reads more of the record legally
(:meth:`notation.rules.chess.ChessFamily.replay`), said in an ``info``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property

from notation.model import Record

#: What an English piece letter the language has not is made in its reading: a letter of no notation's pieces.
NO_PIECE = "X"


@dataclass(frozen=True)
class Language:
    """A language's piece letters: ``letters`` maps each printed letter (or two, Russian's ``Кр``) to SAN's."""

    name: str
    #: Printed letter -> SAN's letter (K Q R B N; P for a pawn's letter where the language has one).
    letters: dict[str, str]
    #: The names the letters stand for, as the info says them ("R Roi, D Dame, ...").
    words: str = ""
    #: The letters that are a piece's in no English or German move: a record printing one is worth reading
    #: in this language (the others read as English's or German's).
    own: str = field(default="")

    @cached_property
    def foreign(self) -> str:
        """English's piece letters that are none of this language's: in a record of it, no piece's (French has no
        "N", "Q" or "B"), made a letter no notation reads (:data:`NO_PIECE`) so that its reading reads no English."""
        return "".join(letter for letter in "KQRBNP" if letter not in self.letters)

    @cached_property
    def piece(self) -> re.Pattern[str]:
        """A piece's letter at the head of a move (``Cf3``, ``Cbd7``, ``Fxb5``, ``Tf1-e1``), not inside a word, or
        one of English's that the language has not (:attr:`foreign`)."""
        letters = "|".join([*sorted(self.letters, key=len, reverse=True), *self.foreign])
        return re.compile(rf"(?<![^\W\d_])({letters})(?=(?:[a-h]?[1-8]?[x:×]?|[a-h][1-8][-–—x:×])[a-h][1-8])")

    @cached_property
    def promotion(self) -> re.Pattern[str]:
        """A promotion's piece after the square (``e8=D``, ``e8D``, ``e8(D)``, ``e8/D``)."""
        pieces = "|".join(letter for letter, san in self.letters.items() if san in "QRBN")
        return re.compile(rf"(?<=[a-h][18])([=(/]?)({pieces})(?![^\W\d_])")

    @cached_property
    def clue(self) -> re.Pattern[str] | None:
        """A move printed with one of the language's own letters (``Cf3``, ``Фd1``)."""
        if not self.own:
            return None
        own = "|".join(sorted((letter for letter in self.letters if letter[0] in self.own), key=len, reverse=True))
        return re.compile(rf"(?<![^\W\d_])(?:{own})(?:[a-h]?[1-8]?[x:×]?|[a-h][1-8][-–—x:×])[a-h][1-8]")


#: The languages, English and German first (the notations read them as printed); each other language once
#: for its letters (Spanish and Italian print the same ones).
LANGUAGES: dict[str, Language] = {language.name: language for language in (
    Language("English", {"K": "K", "Q": "Q", "R": "R", "B": "B", "N": "N", "P": "P"},
             "K King, Q Queen, R Rook, B Bishop, N Knight"),
    # (Swedish, Danish and Norwegian print the same letters: their books read as German's.)
    Language("German", {"K": "K", "D": "Q", "T": "R", "L": "B", "S": "N", "B": "P"},
             "K König, D Dame, T Turm, L Läufer, S Springer"),
    Language("French", {"R": "K", "D": "Q", "T": "R", "F": "B", "C": "N", "P": "P"},
             "R Roi, D Dame, T Tour, F Fou, C Cavalier", own="FC"),
    Language("Spanish or Italian", {"R": "K", "D": "Q", "T": "R", "A": "B", "C": "N", "P": "P"},
             "R Rey/Re, D Dama/Donna, T Torre, A Alfil/Alfiere, C Caballo/Cavallo", own="AC"),
    Language("Portuguese", {"R": "K", "D": "Q", "T": "R", "B": "B", "C": "N", "P": "P"},
             "R Rei, D Dama, T Torre, B Bispo, C Cavalo", own="C"),
    Language("Dutch", {"K": "K", "D": "Q", "T": "R", "L": "B", "P": "N"},
             "K Koning, D Dame, T Toren, L Loper, P Paard", own="P"),
    Language("Russian", {"Кр": "K", "Ф": "Q", "Л": "R", "С": "B", "К": "N"},
             "Кр Король, Ф Ферзь, Л Ладья, С Слон, К Конь", own="КФЛС"),
)}


def letters(language: str) -> dict[str, str]:
    """The language's printed letters -> SAN's (German's for its notation and SAN's resolver)."""
    return dict(LANGUAGES[language].letters)


def others(body: str) -> list[Language]:
    """The languages other than English and German whose own letters the text prints at the head of a move."""
    return [language for language in LANGUAGES.values() if language.clue is not None and language.clue.search(body)]


def translated(record: Record, language: Language) -> Record:
    """``record`` with its moves' piece letters in ``language`` made SAN's (``Cf3`` -> ``Nf3``, ``e8=D`` ->
    ``e8=Q``, ``Крe1`` -> ``Ke1``); each character of the new body keeps the offset in the file of the one
    it stands for (:attr:`Record.body_origin`), so that a diagnostic stands where the word is printed."""
    body = record.body
    old = record.body_origin or [record.body_start + at for at in range(len(body))]
    marks: list[tuple[int, int, str]] = [(m.start(1), m.end(1), language.letters.get(m.group(1), NO_PIECE))
                                         for m in language.piece.finditer(body)]
    marks += [(m.start(2), m.end(2), language.letters[m.group(2)]) for m in language.promotion.finditer(body)]
    text: list[str] = []
    origin: list[int] = []
    at = 0
    for start, end, san in sorted(marks):
        if start < at:
            continue
        text.append(body[at:start])
        origin.extend(old[at:start])
        text.append(san)
        origin.extend(old[start:start + len(san)])
        at = end
    text.append(body[at:])
    origin.extend(old[at:])
    return replace(record, body="".join(text), body_origin=origin)
