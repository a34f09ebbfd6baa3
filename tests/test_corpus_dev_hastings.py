"""hastings-1895: a whole OCR'd book of the development corpus, read and held to its floors
(tests/test_corpus_dev.py; a file of its own so that the suite's workers read the books side by side),
and the games it read held against an independent score of them (tests/dev_oracle.py)."""

from tests import dev_oracle
from tests.test_corpus_dev import check

#: Against PGN Mentor's 231 games of the tournament (corpus/oracle/hastings-1895/): records paired with a PGN
#: game, records identical to it to the end of the shorter, plies agreeing before each pair's first difference
#: (of 14,769 PGN plies in the pairs). 175 / 195 games paired, 2 identical, 3,558 plies when first measured:
#: most readings leave the PGN early, most often where two columns of moves are printed side by side.
#: 178, 9, 4,409 (of 14,987) once "sq" run into its file's letter ("QRtoQsq": a rook's move, lost) was read.
#: 177, 15, 5,657 (of 15,047): a move's last figure no move number, and two pairs of columns whose rows the OCR
#: interleaved read left pair then right (30 pairs agree further; one pair fewer, it agreed 0-6 plies).
#: 177, 19, 6,127 (of 15,094): interleaved rows end at a column's head alone on its line, "Castles" alone is
#: the only castling legal, a piece named by its square in brackets ("R (Kt sq) to QB sq") is read.
#: 181, 20, 6,277 (of 15,422): a figure ending a line of moves is no number of the next line's move, White's
#: column printed above its game's heading is the game's (measured before a last fix to that cut: floors below).
#: 178, 19, 6,246 (of 15,139) on merged main (3 December, evening): White's column above a heading one game's; the rule of
#: a figure ending a line taken out (181, 20, 6,277 of 15,422 with it, on its branch).
#: 178, 20, 6,289 (of 15,139): the night's rules together on merged main (3 December, late): a move lost to the OCR where the row's number says one stands, the OCR's figures for B, '$' for 5, 'g' for Q, a number glued to its move.
#: 178, 21, 6,381 (of 15,086) with London 1883's worn page's figures for a rank (london6): +92 plies, one more identical.
#: 176, 21, 6,391 (of 14,805) merged (4 December): read one way, a game's own confusion a little dearer (two pairs fewer, not traced).
#: 179, 23, 6,606 (of 15,115) with PARTLY, a move's words read whole ("Q Kt to Q 2" no longer "Kt to Q 2" with either Knight).
# 179, 24, 6,627 with noteside (a note named in a sentence a variation, the game's rows taking the line up again).
#: 181, 24, 6,732 (of 15,297), stop 50 (cols17): a two-pair table's left Black column read among the right pair's
#: rows (Pollock - Vergani), and a second column run on in rows: +105 plies; Tinsley - Vergani 25 -> 21 (its first row
#: run together by the OCR, the search reads Black one cell off there), traced.
ORACLE = (181, 24, 6732)


def test_the_figure_does_not_drop():
    dev_oracle.check("hastings-1895", check("hastings-1895"), ORACLE)
