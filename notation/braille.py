"""Braille ASCII (grade 1, English Braille American Edition) back to print, keeping offsets.

The seed *Round Games with Cards* is grade 1 Braille in Braille ASCII, the
64-character code of braille embossers: letters stand for themselves, and

* ``,`` capitalises the next letter, ``,,`` the rest of the word;
* ``#`` starts a number: ``a``..``j`` are then the digits 1..9, 0
  (``#ahia`` is 1891), up to the first other sign;
* ``1 2 3 4`` are ``, ; : .``; ``6`` is ``!``; ``8`` is ``?`` or an opening
  quotation mark (``“`` before a word), ``0`` a closing one; ``7`` is a
  parenthesis, opening or closing by where it stands; ``-`` is the hyphen,
  ``--`` the dash, ``'`` the apostrophe;
* ``;`` (the letter sign) and ``.`` / ``_`` (italic and other type-form
  indicators) carry no print character of their own.

:func:`back_translate` returns the print text and, for every print
character, the offset of the Braille character it came from, so a
diagnostic found in the print points into the Braille file.

Why not liblouis: its Python binding is not on PyPI (only Debian's
``python3-louis``, which a fresh ``pip install`` cannot bring), its
back-translation API does not return a per-character position map, and
grade 1 back-translation is a small, exact table: reading it here keeps the
offsets exact and the dependency list short.
"""

from __future__ import annotations

DIGITS = {"a": "1", "b": "2", "c": "3", "d": "4", "e": "5", "f": "6", "g": "7", "h": "8",
          "i": "9", "j": "0"}
PUNCTUATION = {"1": ",", "2": ";", "3": ":", "4": ".", "6": "!", "0": "”"}
#: Signs that only qualify what follows (letter sign, type-form indicators).
SILENT = {";", ".", "_"}


def back_translate(text: str) -> tuple[str, list[int]]:
    """Print text of grade 1 Braille ASCII ``text``, and the Braille offset of each print character.

    Characters that are not Braille ASCII (newlines, ``{ }`` around a
    transcript's book text) pass through unchanged, so nothing is lost.

    >>> back_translate(",,round ,,games by ,,baxter-,,wray4 #ahia")[0]
    'ROUND GAMES by BAXTER-WRAY. 1891'
    >>> back_translate("7see ,variations7--whence")[0]
    '(see Variations)--whence'
    """
    out: list[str] = []
    origin: list[int] = []
    i, n = 0, len(text)
    capital = False   # next letter upper case
    caps_word = False  # letters upper case until the word ends
    number = False    # a-j are digits

    def emit(ch: str, at: int) -> None:
        out.append(ch)
        origin.append(at)

    while i < n:
        ch = text[i]
        low = ch.lower()
        if ch == ",":
            if i + 1 < n and text[i + 1] == ",":
                caps_word, i = True, i + 2
            elif i + 1 < n and text[i + 1].isalpha():
                capital, i = True, i + 1
            else:
                emit(",", i)      # a comma sign not followed by a letter: keep it
                i += 1
            number = False
            continue
        if ch == "#":
            number = True
            i += 1
            continue
        if low.isalpha() and low.isascii():
            if number and low in DIGITS:
                emit(DIGITS[low], i)
            else:
                number = False
                emit(low.upper() if (capital or caps_word) else low, i)
                capital = False
            i += 1
            continue
        # Anything but a letter ends a capitalised word; only a space or a sign ends a number.
        caps_word = False
        if number and ch == "-" and _digits_follow(text, i + 1):
            emit("-", i)
            i += 1
            continue
        if number and ch == "4" and i + 1 < n and text[i + 1].lower() in DIGITS:
            emit(".", i)         # a decimal point inside a number
            i += 1
            continue
        number = False
        if ch in SILENT:
            i += 1
            continue
        if ch == "8":
            before = text[i - 1] if i else " "
            emit("“" if before in " \n\t7" or i == 0 else "?", i)
        elif ch == "7":
            before = text[i - 1] if i else " "
            emit("(" if before in " \n\t-8" or i == 0 else ")", i)
        elif ch in PUNCTUATION:
            emit(PUNCTUATION[ch], i)
        else:
            emit(ch, i)
        i += 1
    return "".join(out), origin


def _digits_follow(text: str, i: int) -> bool:
    """A hyphen inside a number (``#ahjd-ae``, 1804-15): a-j letters up to the end of the word."""
    j = i
    while j < len(text) and text[j].lower() in DIGITS:
        j += 1
    return j > i and (j == len(text) or not text[j].isalpha())
