"""Every diagnostic code: its severities and what it means.

A diagnostic's ``code`` is a short stable name (``illegal-move``) that a user filters on and the
archive stores; its message says what is wrong in this record. This is the one list of the codes:
``docs/diagnostic-codes.md`` is rendered from it (``python3 -m notation codes --markdown``), and
``tests/test_diagnostics.py`` checks that every code the package gives is listed here and that
every code listed here is given.

It imports nothing of the package, so every stage (parse, model, the rules of each family) can
name it.
"""

from __future__ import annotations

from dataclasses import dataclass

#: A diagnostic code (a name in :data:`CODES`). Annotating a parameter, a field or a returned
#: tuple's element ``Code`` marks it as where a code is given: the registry's test reads the string
#: literals passed there.
Code = str


@dataclass(frozen=True)
class DiagnosticCode:
    """One code: the severities it is reported with (most often first) and what it means."""

    name: str
    severities: tuple[str, ...]
    meaning: str


def _section(*rows: tuple[str, str, str]) -> tuple[DiagnosticCode, ...]:
    """Rows of ``(name, "error|warning", meaning)``."""
    return tuple(DiagnosticCode(name, tuple(severities.split("|")), meaning)
                 for name, severities, meaning in rows)


#: Section title -> its codes, in the order the docs list them.
SECTIONS: dict[str, tuple[DiagnosticCode, ...]] = {
    "Every family": _section(
        ("syntax", "error", "the text cannot be parsed at all (record stored as `unparsed`), or a line of a "
                            "match file cannot (kept as printed)"),
        ("record", "error", "the file cannot be split into a clean record here (an unclosed tag, an unreadable "
                            "file); the text is kept, `unparsed`"),
        ("family", "error", "`[Game]` names no known game, or the record's game cannot be told"),
        ("notation", "error", "`[Notation]` names a notation the game family does not have"),
        ("bad-tag", "error", "a tag the family reads is not of the form it needs (`[MatchLength \"seven\"]`); "
                             "reported inside the tag, the record kept `unparsed`"),
        ("duplicate-tag", "warning", "a tag block gives one name twice (`[White \"A\"]` twice): the last "
                                     "value is kept, as python-chess keeps it"),
        ("damaged-tag", "error", "a tag pair short of PGN's form (its `]`, opening or closing quote missing, a value out of "
                                 "quotes under a name PGN does not write so): read as far as it goes, the game read"),
        ("unquoted-tag", "warning", "a tag pair's value is not in quotes (`[Round 3]`): read as it stands"),
        ("internal", "error", "an exception inside the family while reading this record (a bug): the record is "
                              "kept `unparsed` and the import goes on"),
        ("encoding", "warning", "the bytes are not all valid in the encoding used; the text was decoded with "
                                "replacement characters"),
        ("ambiguous-notation", "warning", "the record names no notation and replays legally in several; add a "
                                          "`[Notation]` tag"),
        ("empty-game", "warning", "the record prints no move at all, and no word of it reads as one (record "
                                  "stored as `empty`)"),
    ),
    "Several families": _section(
        ("illegal-move", "error", "no legal move fits the text; the nearest readings follow (chess, checkers)"),
        ("ocr", "warning", "a word is read through an OCR confusion (`l` for `1`, `O` for `0`, `K s` for `K 5`), "
                           "or by the decoder as the legal move it is one letter from or whose piece and last "
                           "figure are all that is legible: the move is `repaired` (chess, checkers)"),
        ("wrong-side", "warning|error", "the layout gives the move or the throw to the side not on move (chess, "
                                        "backgammon)"),
        ("unbalanced-variation", "warning", "a PGN variation's brackets do not pair: a `)` that closes none is "
                                            "read past, a variation left open closed where the moves end (chess)"),
        ("unclosed-comment", "error", "a PGN `{` comment that no `}` closes: it runs to the end of the record, as "
                                      "PGN reads it; the moves before it are read (chess)"),
        ("stray-bracket", "error", "a PGN `}`, `]` or `[` among the moves that closes or opens nothing (a damaged "
                                   "file), in whichever notation reads the record: read past, the moves around it read (chess)"),
        ("bare-command", "warning", "a PGN command (`[%clk 0:01:00]`) outside the `{comment}` it belongs in: read as "
                                    "that comment (chess)"),
        ("reserved-token", "info", "a PGN `<...>` token, which the standard reserves for future expansion: skipped, "
                                   "as the standard says (chess)"),
        ("wrong-result", "error|warning", "the result contradicts the final position or the tricks taken (chess, "
                                          "cards); a warning where a record's `*` stands at a mate or stalemate "
                                          "(kept as printed)"),
        ("note-result", "warning", "a note after the game's last move reports a result (`{White wins 1-0}`) "
                                   "that the game's result contradicts (chess)"),
        ("unread-result", "warning", "a score printed among the moves read (`1-0`, `½:½`), read as no result, move "
                                     "or note: said where it stands, never dropped (chess)"),
        ("result-tag", "warning", "the result printed after the moves is not the one the `[Result]` tag gives "
                                  "(chess)"),
        ("wrong-claim", "warning", "a claimed verdict or total (\"White wins\", a results table's sum) that the "
                                   "endgame tables, the search or the arithmetic do not give (chess, checkers)"),
        ("throws-away-win", "warning", "a move lets a won position go, by the tables or the search (chess, "
                                       "checkers)"),
        ("replay-stopped", "info", "the replay stops here: no legal reading is clearly meant, the rest is kept as "
                                   "printed (checkers, backgammon)"),
        ("variant", "warning|error", "an unknown `[Variant]`; replayed as the default variant (backgammon, cards); "
                                    "a chess `[FEN]` of Chess960 that no `[Variant]` names, replayed as Chess960"),
        ("unread-cell", "error", "a cell among a table's moves, a word where a row's number prints a move, or "
                                 "a row the reading's numbers pass over, that is not read as a move; the moves "
                                 "after it are read in turn (checkers, chess)"),
        ("unread-variation", "error", "a variation's heading (\"Variation at White's 6th Move\") whose table is "
                                      "not read: the move it names is not on the game's line as read, or no legal "
                                      "line reads from there; its moves are kept off the game's line (chess)"),
        ("prose", "info", "taken for prose, though some of its words read as moves (chess, checkers)"),
        ("repeated-line", "info", "a note's line that repeats the moves of the line it would be a variation of, all "
                                  "through, adds no move: its words are kept as a comment at the move where it ends "
                                  "(a line that repeats them only at first branches where it differs)"),
        ("setup-inferred", "info", "no set-up is given and the moves need one: replayed on the smallest "
                                   "position they need, a reconstruction (chess, checkers)"),
    ),
    "Chess": _section(
        ("legal-misprint", "error", "a printed move is legal but the game cannot go on from it a few plies later; "
                                    "the one near reading after which every following move replays is the move "
                                    "meant (the move `repaired`)"),
        ("unreadable", "error", "a word in a move line that the grammar cannot read as a move"),
        ("note-past-end", "warning", "a note's move whose number names a move past the game's last (\"(a) If 12 P to "
                                     "Q 4, ...\" under a score that ends at 10): no position of the game or its "
                                     "variations to place it at; kept as the note's words, never the game going on (one "
                                     "numbered from the move right after the last, that its grammar reads as a line, "
                                     "is the game's continuation, a variation from its final position)"),
        ("ambiguous-move", "error|warning", "several legal moves fit; all are listed (a warning when the check "
                                            "marks or the rest of the game settle it)"),
        ("false-check", "error|warning", "`ch` that the position does not bear out (a warning for `++`, double "
                                         "check or mate, on a single check)"),
        ("false-mate", "error", "`mate`, or a stalemate a line prints after its move (\"3. K-Kt6, stalemate.\"), "
                                  "that the position does not bear out"),
        ("diagram-differs", "warning", "a diagram printed among the game's moves shows the position its caption "
                                       "names (or where it stands) otherwise than the moves reach it (chess)"),
        ("stray-nag", "info", "a PGN NAG or glyph (`$1`, `!?`) before a line's first move or after the result, "
                              "which annotates no move: kept as the line's comment"),
        ("piece-letters", "info", "the record's moves read with another language's piece letters (French `Cf3`, "
                                  "Spanish `Ab5`, Dutch `Pf3`, Russian `Кр`), where that reads more of it legally "
                                  "than English's or German's: the language named (chess)"),
        ("missed-check", "warning", "a check the text does not mark"),
        ("missed-mate", "warning", "a mate the text does not mark"),
        ("plan", "info", "a note names one side's moves in turn as its plan (\"Black intends Kt-K sq, P-B4 and "
                         "B-B3\"): read as a variation of that side's moves, each after the one before, the other "
                         "side passing"),
        ("false-threat", "warning", "a move the author's words name as threatened after a move (\"threatening Q-B7 "
                                    "mate\") is not legal for that side were the other to pass, or not the mate the "
                                    "text says"),
        ("bad-setup", "error", "`[FEN]`, `[SetUp]` or `[Odds]` cannot be read (reported inside the tag), or the "
                               "set-up printed before moves that need it (a text diagram, a piece list, a FEN; a checkers "
                               "position in words)"),
        ("unknown-variant", "error", "a `[Variant]` the chess rules do not know: the moves are kept, unchecked"),
        ("odds", "info", "no tag sets the start, and the heading says the game is at odds: replayed without "
                         "that man"),
        ("no-moves", "error", "the record has words that read as moves and not one move was read"),
        ("missing-setup", "error", "the moves start from a diagram the text does not give (an `[Illustration]` "
                                   "mark, a \"Diagram\" caption), nothing sets it up and no set-up inferred from the moves fits "
                                   "them: the moves are kept, unreplayed"),
        ("setup-printed", "info", "no tag sets the start: the position is set up from the text diagram, piece list "
                                  "or FEN printed before the moves, or the diagram the text names"),
        ("setup-from-white", "info", "a descriptive piece list's Black squares are read counted from White's side (in "
                                     "the list, or in it and in Black's moves), as some books count them: the "
                                     "record's moves and claims bear that reading out, not the man's own side"),
        ("fragment", "error", "the score begins at a later move without the position (no diagram, FEN or "
                              "set-up) and no set-up inferred from the moves fits them: a fragment, its moves "
                              "read and kept unreplayed"),
        ("notes-apart", "error", "a page of notes on a game printed apart from its score (\"Amateur v. Kieseritzky.\" "
                                 "over \"70. Game 8.— ...\"): their lines are played from that game's positions, "
                                 "which the record does not have; their move-like words are kept as the notes' "
                                 "words, not replayed from the opening"),
        ("unread-moves", "error", "the score is read from a move past 1 while its paragraph prints its moves from 1 "
                                  "before it, left as prose (\"... position. 1 R-R7, K-Kt1; 2 K-Kt6, K-R1; / 3 R-R8 "
                                  "mate.\" with its first line not read): the record is not read whole"),
        ("lost-moves", "error", "a printed move number leaves out moves (not printed, or not read) and the score "
                                "does not replay across the gap: the rest of the line is replayed on the smallest "
                                "set-up its moves need (a reconstruction), else kept unchecked"),
        ("numbers-disagree", "warning", "a printed move number is past the count from the one before: moves "
                                        "may be lost here"),
        ("implied-move", "warning", "a variation replays only from one move earlier, with the move it implies "
                                    "(not printed as a move)"),
        ("unprinted-reply", "info", "a side's reply is not printed before the other side's move its next number "
                                    "prints (\"1. R-Q R sq. 2. R-R8 mate.\"): its only legal move, or the only one "
                                    "the next move follows, stored as not printed; where it has several, the mate "
                                    "the next move claims is checked after each"),
        ("bracketed-reply", "info", "a move in brackets with no number right after a move, no legal move for its "
                                    "side there, is read as the other side's move after it (the move it prevents "
                                    "or threatens: \"9. h3 (Bg4)\"), an alternative to that side's move"),
        ("reread", "warning", "the printed order does not replay, and is read as two layouts side by side"),
        ("columns", "info", "moves numbered out of reading order (columns side by side) are read in the order "
                            "of their numbers"),
        ("slower-mate", "warning", "a move still wins, but mates slower than the position allows"),
        ("engine-disputes", "warning", "a verdict the book prints (\"White should win\", \"Even game\", \"the better "
                                       "game\") that the engine's evaluation clearly contradicts (both named)"),
    ),
    "Checkers": _section(
        ("bad-square", "error", "a square not on the board (squares are 1-32)"),
        ("no-move", "error", "the side to move has no legal move: the game is over"),
        ("missed-capture", "error", "a capture was compulsory and another move is printed; it is let stand (the "
                                    "huff/compel rule)"),
        ("incomplete-capture", "error", "a capture stops before its end; read as the completed capture"),
        ("ambiguous-capture", "error|warning", "the printed capture fits several paths; the replay goes on with "
                                               "the first"),
        ("x-for-move", "warning", "a move written as a capture captures nothing"),
        ("side-mark", "warning", "the move is marked for the side not on move (a move may be missing before it)"),
        ("crown-mark", "warning", "a move is marked crowned, but the man does not reach the king row"),
        ("game-type", "error", "`[GameType]` is not English draughts (the message names the variant): the moves are not replayed, and the game is not written as PDN or book notation"),
        ("setup-in-prose", "info", "the moves start from the position the prose names (\"the White on 32 and 5, "
                                   "the Black on 10, 18 and 19\"), a piece the moves take backwards a king"),
        ("diagram-not-start", "info", "the first move fits the opening, not the diagram's position: replayed "
                                      "from the opening"),
        ("diagram", "warning|error", "a diagram that cannot be read (rows or squares missing)"),
        ("text-after-result", "info", "text after the result, kept as a comment"),
        ("score-stops-short", "info", "the result names a move past the score's last (\"drawn on the forty-first "
                                      "move\" under a 15-move score): the score printed stops before the game's end; "
                                      "the result is the game's (chess)"),
        ("continuation", "info", "a note's table follows the game's last move, and is read as its continuation"),
        ("missing-move", "warning", "`...` stands for a move the book leaves out"),
        ("missing-variation", "warning", "a margin letter with no `Var` section of its own"),
        ("unreferenced-variation", "error", "a `Var` section no margin letter before it refers to, whose heading "
                                            "places it nowhere on the trunk and whose moves read on from no one "
                                            "move of it: kept unreplayed, its printed moves unread; or a sentence "
                                            "that tells where its line goes (\"at the fifth move\", \"instead of "
                                            "24-20\") at no move its first move can replace"),
        ("placed-variation", "info", "a `Var` section that nothing marks or places, placed at the one trunk move "
                                     "its moves read on from"),
        ("duplicate-margin-letter", "warning|info", "a margin letter used twice"),
        ("dangling-margin-letter", "warning", "a margin letter after the last move of its line"),
        ("solution-beside", "warning", "a second solution printed beside the first under its own `White to move`: "
                                       "a record holds one start, so it is kept as text, not replayed"),
        ("game-beside", "info", "the moves of another game printed side by side under its own head (`Game 2.`): "
                                "read as a record of their own, kept as text in this one"),
    ),
    "Backgammon": _section(
        ("wrong-dice", "error|info", "the printed moves do not fit the dice thrown (an `info` where the record "
                                     "prints the play as the book's example of an illegal one)"),
        ("blocked-point", "error|info", "a man moves to a point two or more enemy men hold"),
        ("bar-first", "error|info", "a man on the bar must enter before any other man moves"),
        ("no-man", "error|info", "a man is entered, but none is on the bar"),
        ("bear-off-early", "error|info", "a man is borne off before all fifteen are home"),
        ("bear-off-higher", "error|info", "a man is borne off by a higher number while a man stands farther "
                                          "from the ace point"),
        ("first-throw", "error|info", "the first throw of Russian backgammon enters two men"),
        ("unused-die", "error|info", "Law 12: more of the throw can be played than is played"),
        ("larger-die", "error|info", "Law 12: only one die can be played, and the smaller one is"),
        ("opposites-lost", "error|info", "Russian doubles: the upper faces were not all played, so the opposite "
                                         "faces are lost"),
        ("wrong-distance", "warning", "a printed move's distance is not the one printed with it"),
        ("hit-not-blot", "error", "a hit is printed where no blot stands"),
        ("effect-ambiguous", "warning", "a play told by what it does (\"makes his bar point\") is done by several "
                                        "legal plays: they are named, and the one read"),
        ("effect-impossible", "error", "no legal play of the throw does what the words say (\"makes his bar "
                                       "point\"); the nearest legal plays are named"),
        ("unmarked-hit", "warning|info", "the play hits a blot and the text does not say so (an `info` in a "
                                         "notation that never marks hits)"),
        ("repair-ahead", "info", "a misprinted play read as the near play after which most of the following "
                                 "throws replay"),
        ("unseen", "warning", "a throw or a play was not recorded: the rest of the game is kept as printed, "
                              "unchecked"),
        ("after-end", "error", "a move after the game has ended"),
        ("crawford-double", "error", "a double in the Crawford game"),
        ("cube-owner", "error", "a double by the player who does not own the cube"),
        ("cube-value", "error", "the cube value printed is not the one the doubles make"),
        ("double-unanswered", "error", "a throw before the double was taken or dropped"),
        ("no-double", "error", "a take or a drop with no double offered"),
        ("beaver-not-allowed", "error", "a beaver where the variant or the match forbids it; replayed as printed"),
        ("no-beaver", "error", "a raccoon with no beaver before it"),
        ("resign-value", "error", "a resignation worth other points than the printed"),
        ("not-over", "error", "a win is printed, but the game is not over"),
        ("wrong-winner", "error", "the printed winner is not the one who won"),
        ("points", "error", "the game is worth other points than the printed"),
        ("points-capped", "warning", "the points credited are what the winner needed to win the match, not the "
                                     "game's worth (a program's convention)"),
        ("match-resigned", "warning", "the points credited are what the winner needed to win the match, more than "
                                      "a resignation is worth at that cube: the match was resigned (BackgammonGalaxy)"),
        ("bad-score", "error", "a win of points no game is worth nor the match needs (`Wins 4016 point`): not taken"),
        ("resumed-match", "info", "a match file that begins at a score other than 0-0: a resumed match, read "
                                  "from that score"),
        ("result", "error", "the game ends in another kind of win (single, gammon, backgammon) than printed"),
        ("score", "error", "a match's score line disagrees with the earlier games' wins"),
        ("position", "error", "the `[Position]` tag cannot be read"),
        ("example-legal", "warning", "the record is marked `[Example \"illegal\"]`, but every play in it is "
                                     "legal"),
    ),
    "Cards": _section(
        ("unknown-action", "error", "an action the game has no meaning for"),
        ("unknown-claim", "error", "a stated number (`Claim:`) the game has no rule for"),
        ("bad-claim", "error", "a stated number whose terms cannot be read"),
        ("number-missing", "warning", "the book states no number where the rules give one"),
        ("approximate", "warning", "the book's number is what is \"supposed\", and the exact one differs"),
        ("wrong-count", "error", "a claimed count, score or number of cards the rules do not give"),
        ("unknown-player", "error", "a player who is not in this deal"),
        ("wrong-player", "error", "an action by a player whose part it is not (the dealer turns up the trump)"),
        ("wrong-turn", "error", "a card led or played out of turn"),
        ("out-of-turn", "warning", "a card played out of turn in cribbage's play"),
        ("not-held", "error", "a card played or declared that is not in the hand"),
        ("card-twice", "error", "a card held twice in one hand"),
        ("duplicate-card", "error", "a card already in play"),
        ("no-such-card", "error", "a card not in the game's pack"),
        ("not-in-pack", "error", "cards not in the forty-card pack (conquian)"),
        ("revoke", "error", "a card played to a lead of another suit while the hand can follow"),
        ("not-heading", "error", "a card that does not win the trick while the hand can win it"),
        ("not-trumping", "error", "a card that is not a trump while the hand cannot follow and holds one"),
        ("too-many-cards", "error", "a card played after the last trick"),
        ("hand-size", "error", "a cribbage hand of a size the game does not deal"),
        ("crib-size", "error", "a player lays out a number of cards for the crib the game does not give"),
        ("starter", "warning", "the starter is turned up by another than the dealer"),
        ("no-starter", "error", "the show counts the starter, and none was turned up"),
        ("false-go", "error", "a go while a card can be played"),
        ("passes-31", "error", "a card that takes the count past thirty-one"),
        ("play-over", "error", "a card played after the play has ended (five-card cribbage)"),
        ("three-for-last", "error", "three for last claimed by another than the five-card game's non-dealer"),
        ("show-cards", "error", "the cards shown are not the hand or crib kept"),
        ("show-order", "error|warning", "hands shown out of order, or a crib shown by another than the dealer"),
        ("show-unknown", "error", "a show whose cards are not known: list them on the line"),
        ("no-declaration", "error", "a reply to no declaration (piquet)"),
        ("unknown-reply", "error", "a reply other than \"Good\", \"Not good\" or \"Equal\" (piquet)"),
        ("wrong-reply", "error", "a reply the two hands do not give (piquet)"),
        ("admitted-good", "warning", "a declaration admitted good though the other hand holds better (piquet)"),
        ("not-good", "error", "a declaration claimed in a class that was not good for it (piquet)"),
        ("no-equal", "error", "fours and trios cannot be \"equal\" (piquet)"),
        ("unknown-point", "error", "a point declared without its cards, pips or hand (piquet)"),
        ("not-a-point", "error", "a point that cannot be read from the cards (piquet)"),
        ("point-rule", "warning", "the point is counted by the other country's rule for 7 8 9 (piquet)"),
        ("not-a-sequence", "error", "cards declared as a sequence that are not one (piquet)"),
        ("wrong-name", "error", "a sequence called by the wrong name (tierce, quart, ...) (piquet)"),
        ("unknown-set", "error", "a quatorze or trio without its rank (piquet)"),
        ("no-value", "error", "sevens, eights and nines declared as a set: they have no value (piquet)"),
        ("wrong-score", "error", "a player's score is not the one the deals give"),
        ("no-trump", "error", "the king marked before a trump is turned up (écarté)"),
        ("king-twice", "error", "the king marked twice (écarté)"),
        ("false-king", "error", "the king marked by another than its holder (écarté, law 22)"),
        ("king-late", "error", "the king announced after the holder's first card (écarté, law 23)"),
        ("unknown-declaration", "error", "an announcement other than the king (écarté)"),
        ("no-such-score", "error", "a score other than the king, the point and the vole (écarté)"),
        ("no-proposal", "error", "an answer to a proposal nobody made (écarté)"),
        ("too-late", "error", "a proposal once play has begun or a proposal was refused (écarté)"),
        ("no-exchange", "error", "cards exchanged without an accepted proposal (écarté, law 26)"),
        ("not-on-table", "error", "cards taken in that are not on the table (cassino)"),
        ("from-table", "error", "a card played from the table, not the hand (cassino)"),
        ("no-capture", "error", "a card that cannot take in the piles named (cassino)"),
        ("build-value", "error", "a build whose cards do not make its value (cassino)"),
        ("build-separated", "error", "a build separated into its cards (cassino)"),
        ("double-build", "error", "a double build increased (cassino)"),
        ("court-built", "error", "court cards built: they have no pip value (cassino)"),
        ("court-combined", "error", "a court card combined: it takes in only its pair (cassino)"),
        ("no-card-for-build", "error", "a build without the card to win it in the hand (cassino)"),
        ("trails-with-build", "error", "a trail by a player with a build of his own on the table (cassino)"),
        ("no-sweep", "error", "a sweep claimed with cards left on the table (cassino)"),
        ("exchange", "error", "more cards exchanged than a hand holds (poker)"),
        ("not-in-game", "error", "an action by a player who has thrown up his cards (poker)"),
        ("over-limit", "error", "a raise over the limit (poker)"),
        ("over-drawn", "error", "a draw by a player who has over-drawn (vingt-un)"),
        ("hands-unknown", "error", "a combination declared with no cards given (commerce)"),
        ("unknown-combination", "error", "a combination Commerce does not have"),
        ("wrong-combination", "error", "cards that are another combination than the one named (commerce)"),
        ("bad-hand", "error", "a hand that cannot be read (commerce)"),
        ("wrong-call", "error", "a call other than the pairing makes (snip snap snorum)"),
        ("not-the-turn-up", "error", "a player robs another card than the turn-up (spoil five)"),
        ("robbing-without-the-ace", "error", "a player robs without the ace of trumps (spoil five)"),
        ("card-out", "error", "a card the game takes out of the pack (the stops games: Pope Joan, Newmarket, "
                              "Spin)"),
        ("no-turn-up", "error", "a turn-up in a stops game that turns up no card"),
        ("no-stop", "error", "\"Stop\" said after a card that is no stop: the next card is still to come (a "
                             "stops game with no spare hand)"),
        ("lead-without-stop", "error", "a card led while the last card was no stop: the sequence follows on "
                                       "(the stops games)"),
        ("follow-without-lead", "error", "a card played with nothing to follow: after a stop a card is led"),
        ("out-of-sequence", "error", "a card that does not follow in suit and sequence"),
        ("no-such-chance", "error", "a chance (pool) the variant does not have"),
        ("chance-not-won", "error", "a chance paid to a player the cards did not win it for"),
        ("tab-row", "error", "a faro tab row that does not account for the four cards of its rank"),
        ("tab-row-twice", "error", "a faro tab with two rows for one rank"),
        ("tab-missing", "error", "a faro tab missing a rank's row"),
        ("tab-soda", "error", "a faro tab whose soda does not open its row, or is not one card"),
        ("tab-hoc", "error", "a faro tab whose hoc does not close its row, or is not one card"),
        ("tab-turns", "error", "a faro tab whose winners and losers do not pair into turns"),
    ),
}

#: Every code by name.
CODES: dict[str, DiagnosticCode] = {code.name: code for codes in SECTIONS.values() for code in codes}


def markdown() -> str:
    """The docs page of the codes: one table per section (``docs/diagnostic-codes.md``)."""
    out = ["# Diagnostic codes", "",
           "Every diagnostic names its code (`validate --json`, the archive's `diagnostics.code`). This page is",
           "generated from `notation/diagnostics.py` by `python3 -m notation codes --markdown`; edit the registry,",
           "not the page."]
    for title, codes in SECTIONS.items():
        out += ["", f"## {title}", "", "| code | severity | what |", "|---|---|---|"]
        out += [f"| `{c.name}` | {', '.join(c.severities)} | {c.meaning} |" for c in codes]
    return "\n".join(out) + "\n"
