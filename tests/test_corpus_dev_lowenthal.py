"""lowenthal-morphys-games: a whole OCR'd book of the development corpus, read and held to its floors
(tests/test_corpus_dev.py; a file of its own so that the suite's workers read the books side by side),
and the games it read held against an independent score of them (tests/dev_oracle.py)."""

from tests import dev_oracle
from tests.test_corpus_dev import check

#: Against PGN Mentor's 211 games of Morphy (corpus/oracle/lowenthal-morphys-games/): records paired with a PGN
#: game, records identical to it to the end of the shorter, plies agreeing before each pair's first difference
#: (of 7,176 PGN plies in the pairs). 99 / 160 games paired, 3 identical, 1,574 plies when first measured;
#: 100, 3, 1,596 (of 7,264) once "Srd" was read as "3rd" (an OCR confusion).
#: 101, 3, 1,601 (of 7,339) with two more games naming both players ("(Mr, de R.)", "(Mr. ^I.)").
#: 101, 3, 1,622 with Hastings 1895's three rules (a column's head ends interleaved rows, "Castles" alone the
#: only castling legal, a piece named by its square in brackets).
#: 102, 3, 1,711 (of 7,473) once a score's rows broken by notes still number Black's moves (games V, VII: a note's
#: move no longer read into the game: 3 -> 27 and 2 -> 33 plies agreeing).
#: 102, 3, 1,717: the night's rules together on merged main (3 December, late): a move lost to the OCR where the row's number says one stands, the OCR's figures for B, '$' for 5, 'g' for Q, a number glued to its move.
#: 102, 3, 1,718 merged (4 December) with London 1883's worn ranks read one way and a little dearer (1,695 read
#: both ways at an OCR confusion's cost: "P. to Kfs" a worn "Kt 3" with "4th." left as prose).
#: 101, 3, 1,696 (of 7,422) with PARTLY, a move's words read whole: traced, Game III (Morphy v. Chamouillet, 22
#: plies) is one record with the games after it (its heading uncut), and the beam read another game's moves
#: after its first; every other pair agrees as far as before.
# 116, 3, 1,909 (of 8,506) with lowheads: 13 pairs among the 22 games the unparsed record held, Game III's 22
# plies paired again.
# 121, 4, 2,037 (of 8,862) with lowheads2: Games IV, V, VI, VIII and a board of the blindfold display cut from the
# games above them (their labels as the OCR damaged them).
# 120, 5, 2,169 (of 8,778) with noteside (a note named in a sentence a variation, the game's rows taking the line up
# again): one more game identical, +132 plies; one pair of 0 plies agreeing (Anderssen v. Morphy at line 1423, a
# fragment) no longer paired.
# 120, 6, 2,239 (of 8,726) with notes22 (the rows below a note's result read on where the reading ended with Black to
# move): Morphy and Salmon (Board No. 2, line 9224), read astray from its 5th move either way, is read on past its
# note's "And wins." over the whole text, and the beam's other wrong line shares too few moves with the PGN to pair
# (21 plies agreeing before); every other pair as before.
# 120, 6, 2,280 with reader24 (a note's whole rows after White's move read as a variation from it, the game taken up
# again by Black's cell alone): Paulsen - Morphy and Morphy - Riviere read their games' moves past their notes.
ORACLE = (120, 6, 2280)  # (121, 5, 2,186) before the beam kept the reading waiting for the next row (newbook16)


def test_the_figure_does_not_drop():
    dev_oracle.check("lowenthal-morphys-games", check("lowenthal-morphys-games"), ORACLE)
