"""london-1883-minchin: a whole OCR'd book of the development corpus, read and held to its floors
(tests/test_corpus_dev.py; a file of its own so that the suite's workers read the books side by side),
and the games it read held against an independent score of them (tests/dev_oracle.py)."""

from tests import dev_oracle
from tests.test_corpus_dev import check

#: Against PGN Mentor's 255 games of the tournament (corpus/oracle/london-1883-minchin/): records paired
#: with a PGN game, records identical to it to the end of the shorter, plies agreeing before each pair's
#: first difference (of 10,680 PGN plies in the pairs). 119 / 259 games paired, none identical, 1,262 plies
#: when first measured: most readings leave the PGN in the first moves, on OCR'd ranks ("P to K 8" for
#: P to K 3) and run-together words ("KttoK R4"). 118 paired, 1,314 / 10,580 plies agreeing once a move legible
#: only by its piece and last letter stands where the next row's number says a move stands (one record's
#: reading no longer shares enough moves with its game to pair). 1,497 / 10,504 with "sq" run into its file's
#: letter read as the first rank ("QRtoKsq").
#: 129, 0, 1,515 / 11,625 once more games named both players (the running heads name a section's player).
#: 125, 0, 1,525 (of 11,247) with a move's last figure no move number: four fewer pairs, each of games
#: that agreed 0-3 plies (pairs by coincidence; reading more moves raised the bar to pair them).
#: 129, 0, 1,607 (of 11,727) with Hastings 1895's three rules (a column's head ends interleaved rows, "Castles"
#: alone the only castling legal, a piece named by its square in brackets): four more pairs.
#: 142, 3, 2,477 (of 12,871) once "t" before a square is "to" ("1PtK4": the first move no longer lost, Black's
#: read as White's), "Kk" is "K", "sy" is "sq": 46 pairs agree longer (+673 plies), 5 shorter (-29), 13 more pair.
#: 153, 7, 3,396 (of 13,671) with a move lost to the OCR read where the row's number says one stands, and "tw", "o"
#: for "to", looked for by the best three readings; by the best one only, not re-measured whole: the floors kept.
#: 153, 7, 3,407 (of 13,671): the night's rules together on merged main (3 December, late): a move lost to the OCR where the row's number says one stands, the OCR's figures for B, '$' for 5, 'g' for Q, a number glued to its move (11 more pairs, 4 more identical, +929 plies).
#: 150, 9, 3,685 (of 13,449) with a worn page's figures for a rank ("BtoK8", "KttoQBs", "Bto Ktd"), "38" for "3", "t"
#: before such a square "to", "Castles QR(A)" (london6): +278 plies, 2 more identical; 3 fewer pairs (not traced
#: record by record: a reading changed enough no longer shares the bar's moves with its game, as with earlier rules).
#: 150, 9, 3,726 merged (4 December): read one way, a game's own confusion a little dearer than a shared one.
#: 154, 10, 3,765 (of 13,640) once a descriptive move with "to" and its square's short form ("PtoK4", "Kt to KB3")
#: is a move-like word (convertbug): six games begin records of their own, four more pairs, one more identical.
#: 154, 10, 3,806 (of 13,640) merged with the worn ranks read one way (4 December).
#: 150, 9, 3,748 with PARTLY, a move's words read whole (a wing's word no longer left as prose before its move).
#: 154, 10, 3,828 (of 13,640) merged with convertbug's records and PARTLY (4 December).
# 154, 10, 3,838 with noteside.
# 162, 10, 4,008 (of 14,302) with glued: numbers glued to their moves, no fragment under a printed move 1.
#: 163, 7, 3,773 (stop 55): a move the OCR lost that the decoder read at its row as any of several moves (the game
#: going on after either) is an error, not `repaired`: the first candidate stored is a guess, and the oracle counts
#: no error's move (three games were identical to the PGN only through such guesses; 240 plies).
#: 163, 7, 3,755 (stop 68): Mackenzie - Zukertort's notes "(A) 7 Bt. Kt ...", "(C) After 14 Bt. P, ..." read as their
#: variations, its OCR'd score read another way after move 28 (73 -> 55 plies agreeing with the PGN; legal +3).
ORACLE = (165, 7, 3864)  # (163, 7, 3,755) before stop 69 (records cut at their headings; "too", "tee", "tu"); (162, 10, 4,008) before names15 (a game named pairs); (163, 10, 4,013) before stop 55


def test_the_figure_does_not_drop():
    dev_oracle.check("london-1883-minchin", check("london-1883-minchin"), ORACLE)
