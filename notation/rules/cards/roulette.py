"""Roulette (Foster, *Complete Hoyle*): what each chance pays at Monte Carlo.

Every payment of the book's list is the one the bank would owe on a wheel
of 36 numbers and no zero: a bet on ``n`` numbers "pays" ``(36 - n) / n``
for 1 (35 for 1 en plein, 17 a cheval, 8 a carré, 11 a transversale, 5 a
transversale six, 2 a column or a dozen, ½ two columns, even money on
eighteen). The zero, on which "all other bets are lost", is the bank's
percentage: one coup in 37 on a single-zero wheel.

Stated numbers: ``pays for numbers`` N (as "35 for 1"), ``pockets``,
``numbers`` on the wheel.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from notation.rules.cards.replay import Stated, TableReplay, _decimal

NUMBERS = 36
ZEROS = 1  # Monte Carlo's single zero


def pays(covered: int) -> Fraction:
    """What a bet on ``covered`` of the 36 numbers is paid, for one staked."""
    if not 1 <= covered < NUMBERS:
        raise ValueError(f"a bet covers 1 to {NUMBERS - 1} numbers, not {covered}")
    return Fraction(NUMBERS - covered, covered)


def _payment(args: tuple[str, ...]) -> Stated:
    if len(args) != 1 or not args[0].isdigit():
        raise ValueError("expected how many numbers the bet covers")
    value = pays(int(args[0]))
    text = "½" if value == Fraction(1, 2) else _decimal(value)
    return Stated(f"{text} for 1", value)


class RouletteReplay(TableReplay):
    """Roulette's stated payments, from the 36 numbers."""

    variant = "roulette"

    def stated_numbers(self) -> dict[str, Callable[[tuple[str, ...]], Stated]]:
        return {
            "pays for numbers": _payment,
            "pockets": lambda _: Stated.count(NUMBERS + ZEROS),
        }
