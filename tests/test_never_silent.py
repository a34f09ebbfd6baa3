"""Never silent, across the pipeline: no record is stored ``ok`` having read nothing.

Real-looking chess texts (English descriptive, German long and short, SAN, each
as books and periodicals print them), with a misprint, with prose around a few
moves, with notes, with or without tags, are thrown at the import. Whatever the
mix, a record whose text has move-like words and from which no move was read is
an error (``no-moves``) or unparsed, never ``ok`` and never ``empty``; a record
that prints no move at all is ``empty`` with an ``empty-game`` warning, never
``ok``; and the archive stores no ``ok`` record without a move or a claim.
"""

from __future__ import annotations

import contextlib
import random
import sqlite3
from unittest import mock

from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.cli import cli
from notation.model import Game
from tests.conftest import replay

#: Fragments with moves, as the sources print them (Foster, the Gartenlaube, the Schachzeitung, PGN).
MOVES = {
    "descriptive": ["1. P-K4 P-K4\n2. Kt-KB3 Kt-QB3\n3. B-B4 B-B4\n4. P-QKt4 BxKtP",
                    "1 P to K4 P to K4 2 Kt to KB3 P to Q3 3 P to Q4 B to Kt5",
                    "1. P-Q4 P-Q4\n2. P-QB4 PxP\n3. Kt-KB3 Kt-KB3\n4. P-K3 B-Kt5"],
    "german": ["1) e 2 – e 4 1) e 7 – e 5.\n2) S. g 1 – f 3 2) S. b 8 – c 6.\n3) L. f 1 – c 4 3) L. f 8 – c 5.",
               "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-b5 a7-a6 4. Lb5-a4 Sg8-f6",
               "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 4. c3 Sf6 5. d4 exd4"],
    "san": ["1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7",
            "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O"],
}
#: Prose that names a move or two, in English and German.
PROSE_WITH_MOVES = [
    "The game opened, as usual in those days, with P-K4, and Black replied with P-QB4.",
    "Nach 3. Lc4 steht Weiß gut; der Zug Sf3 ist aber stärker, wie Anderssen zeigte.",
    "Here 12. Nxe5 would have won a pawn at once.",
]
#: Notes and headings with no move in them.
NOTES = ["(a) A bold move, but not the best.", "Am besten.", "Partie Nr. 2.\nWeiß – Morphy. Schwarz – Anderssen.",
         "GAME THE THIRD.", "The opening is known as the Giuoco Piano."]
#: Text with no move and no move-like word: a book's page of prose, an empty PGN game.
NO_MOVES = ["It was in the autumn of 1858 that the young American arrived in Paris, and the cafe was full.",
            "[Event \"Casual game\"]\n[White \"A\"]\n[Black \"B\"]\n[Result \"*\"]\n\n*"]


def misprint(text: str, rng: random.Random) -> str:
    """One letter or digit of a move changed, as a compositor might."""
    spots = [i for i, c in enumerate(text) if c.isalnum() and c not in "0123456789" or c in "2345678"]
    at = rng.choice(spots)
    pool = "12345678" if text[at].isdigit() else "abcdefghKQRBNPDTLS"
    return text[:at] + rng.choice(pool.replace(text[at], "")) + text[at + 1:]


def compose(seed: int) -> tuple[str, bool]:
    """A record's text, and whether it has move-like words."""
    rng = random.Random(seed)
    kind = rng.choice(["moves", "moves", "prose", "none"])
    parts: list[str] = []
    if kind == "moves":
        parts.append(rng.choice(MOVES[rng.choice(list(MOVES))]))
        if rng.random() < 0.5:
            parts[0] = misprint(parts[0], rng)
    elif kind == "prose":
        parts.append(rng.choice(PROSE_WITH_MOVES))
    else:
        return rng.choice(NO_MOVES), False
    for _ in range(rng.randrange(3)):
        parts.insert(rng.randrange(len(parts) + 1), rng.choice(NOTES))
    body = "\n\n".join(parts)
    if rng.random() < 0.5:
        body = '[Event "Test"]\n\n' + body
    return body, True


def read(game: Game) -> int:
    return sum(1 for line in [game.moves, *(v.moves for v in game.variations)] for _ in line)


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_a_record_with_move_like_words_and_no_move_read_is_never_ok(seed):
    text, has_moves = compose(seed)
    for game in replay(text):
        if read(game) or game.claims:
            continue
        assert game.status != "ok", (text, game.diagnostics)
        if has_moves:
            assert game.status in ("error", "unparsed"), (text, game.status, game.diagnostics)
            assert any(d.severity == "error" for d in game.diagnostics)
        else:
            assert game.status in ("empty", "unparsed"), (text, game.status, game.diagnostics)


def test_an_empty_game_is_empty_with_a_warning_in_every_family():
    for text in ['[Event "x"]\n[White "A"]\n[Black "B"]\n[Result "*"]\n\n*',
                 '[Game "checkers"]\n[Event "x"]\n\n*',
                 '[Game "backgammon"]\n[Event "x"]\n\n',
                 '[Game "chess"]\n[Notation "english-descriptive"]\n\nWhite resigns.']:
        (game,) = replay(text)
        assert game.status in ("empty", "unparsed"), (text, game.status)
        if game.status == "empty":
            (warning,) = [d for d in game.diagnostics if d.code == "empty-game"]
            assert warning.severity == "warning" and warning.message.startswith("no moves: the record is an empty game")
            assert warning.line >= 1 and warning.column >= 1


def test_python_chess_empty_games_are_empty_not_ok():
    from pathlib import Path

    from notation.pipeline import read_games

    path = Path(__file__).resolve().parent.parent / "corpus" / "dev" / "python-chess-pgn" / "utf8-bom.pgn"
    games = list(read_games([path]))
    empty = [g for g in games if not g.moves]
    assert empty and all(g.status == "empty" for g in empty)
    assert all(g.status == "ok" for g in games if g.moves)


def test_the_archive_stores_no_ok_record_that_read_nothing(tmp_path):
    texts = {compose(seed)[0] for seed in range(40)}  # the archive keeps one copy of a text
    for i, text in enumerate(sorted(texts)):
        (tmp_path / f"text{i:02}.txt").write_text(text, encoding="utf-8")
    db = tmp_path / "a.db"
    result = CliRunner().invoke(cli, ["import", str(tmp_path), "--db", str(db), "--quiet"], catch_exceptions=False)
    assert result.exit_code in (0, 1), result.output
    conn = sqlite3.connect(db)
    silent = conn.execute(
        "SELECT count(*) FROM games g WHERE g.status = 'ok' AND NOT EXISTS (SELECT 1 FROM moves m WHERE m.game_id = g.id)"
        " AND NOT EXISTS (SELECT 1 FROM claims c WHERE c.game_id = g.id)").fetchone()[0]
    assert silent == 0
    assert conn.execute("SELECT count(*) FROM games").fetchone()[0] == len(texts)


def test_a_clean_reading_of_a_few_words_does_not_outweigh_the_whole_score():
    # A descriptive score with one misprint (6 Q to Q R 8): its two castlings alone read clean as German
    # moves from an inferred set-up; that reading would drop twelve printed moves and call the record ok.
    text = ("1 P to K 4  P to K 4\n2 Kt to K B 3  Kt to Q B 3\n3 B to B 4  B to B 4\n4 O-O  O-O\n"
            "5 P to Q 3  P to Q 3\n6 Q to Q R 8  B to K Kt 5\n7 P to K R 3  B to K R 4\n")
    [game] = replay(text, "book.txt")
    assert game.notation == "english-descriptive" and game.status == "error"
    assert len(game.moves) == 14 and "illegal-move" in {d.code for d in game.diagnostics}



def test_a_clean_reading_that_leaves_moves_another_reads_does_not_stand():
    # German reads "1. e4 e5" (a pawn's moves are alike) and takes what follows the database's remark for
    # prose; SAN reads the whole score, and is the reading (the first clean one stood, the SAN moves said as
    # another notation's at info level only).
    text = '[Event "a"]\n\n1. e4 e5\n% a remark\n2. Nf3 Nc6 3. Bb5 a6 *\n'
    [game] = replay(text, "games.txt")
    assert game.notation == "san" and game.status == "ok" and len(game.moves) == 6


def test_moves_another_notation_reads_in_a_pgns_comments_do_not_outweigh_its_main_line():
    # The Blue Book's PGN (game I, a .txt): algebraic reads "by Rxh6+" in a comment as a line of its own and
    # loses the main line's moves after it (47 of 53); SAN, the first clean reading, reads the main line whole.
    text = (
        '[White "Morphy"]\n[Black "Boucher"]\n[Result "1-0"]\n\n'
        "1. e4 e5 2. Nf3 d6 3. d4 exd4 4. Qxd4 Nc6 5. Bb5 Bd7 6. Bxc6 Bxc6 7. Bg5 f6 8. Bh4 Nh6 9. Nc3 Be7 10. O-O\n"
        "O-O 11. Qc4+ Kh8 12. Nd4 Qd7 13. Rad1 Rf7 14. f4 a5 15. f5 Rff8 16. Ne6 Rg8 17. a4 Ng4 18. Qe2 Ne5 19. Bg3\n"
        "Qc8 20. Bxe5 dxe5 21. Rf3 Bd7 22. Rh3 {Threatening mate in two moves.} h6 23. Qd2 Kh7 {To avert the\n"
        "promised mate, by Rxh6+, etc.} 24. Qxd7 Bd6 25. Rxh6+ Kxh6 26. Rd3 {And Black has no possible means of\n"
        "escape; for, if he play Qe8, White simply captures the Queen for nothing; if Bc5+, then follows Kf1,\n"
        "etc.} Kh5 27. Qf7+ {And wins.} 1-0\n")
    [game] = replay(text, "book.txt")
    assert game.notation == "san" and game.status == "ok" and len(game.moves) == 53


#: A descriptive score, then the player's words after it (a letter's close, a forum post's).
SCORE = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4\n\n"


def _read_file(tmp_path, text: str, newline: str) -> Game:
    path = tmp_path / "letter.txt"
    path.write_bytes(text.replace("\n", newline).encode("utf-8"))
    from notation.pipeline import read_games

    (game,) = read_games([path])
    return game


def test_a_move_of_another_notation_in_prose_after_a_score_is_said_where_it_stands(tmp_path):
    # "1. d4" is SAN, no descriptive move: the descriptive reading takes the line for prose, and
    # the SAN move in it is said at its line and column, not dropped with the record called clean.
    for tags, first in (("", 1), ('[Game "chess"]\n\n', 3)):
        for newline in ("\n", "\r\n"):
            game = _read_file(tmp_path, tags + SCORE + "Thanks for the game! Next time 1. d4.\n", newline)
            assert game.notation == "english-descriptive" and game.status == "ok" and len(game.moves) == 6
            (said,) = [d for d in game.diagnostics if "'d4'" in d.message]
            assert said.code == "prose" and said.severity == "info"
            assert (said.line, said.column) == (first + 2, 35), newline
            assert f"'d4' ({first + 2}:35)" in said.message


def test_a_move_of_another_notation_the_decoder_leaves_is_said_where_it_stands(tmp_path):
    # The decoder reads "Kt-QB3" as one more move (its reading, not changed here); the SAN "d4" it leaves
    # out is said at its line and column.
    game = _read_file(tmp_path, SCORE + "Thanks. Next time Kt-QB3, or 1. d4.\n", "\n")
    assert game.notation == "english-descriptive" and len(game.moves) == 7
    (said,) = [d for d in game.diagnostics if "'d4'" in d.message]
    assert (said.code, said.severity, said.line, said.column) == ("prose", "info", 3, 33)


def test_a_word_of_the_notations_form_its_grammar_does_not_read_is_read_by_the_decoder(tmp_path):
    # "KttoKB38" (a rank's 3 read as "38", London 1883's OCR) is a descriptive move by its form, but no
    # move the grammar reads: the layout reader takes its line for prose and reads the other four words,
    # each legal. Read so, the record was `ok` with two printed moves left out (the Bishops' moves replayed on
    # a board without the Knights, the PGN export a four-ply game with row 2 in a comment). The decoder reads
    # them, as many moves legal as printed and two more read: that reading is kept, each OCR read named where
    # it stands, and the record is `repaired`, never `ok`.
    for newline in ("\n", "\r\n"):
        game = _read_file(tmp_path, '[Event "?"]\n1 PtoK4 PtoK4\n2 KttoKB38 KttoQB38\n3 BtoB4 BtoB4\n', newline)
        assert game.notation == "english-descriptive" and game.status == "repaired"
        assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5"]
        assert [(d.code, d.line, d.column) for d in game.diagnostics] == [("ocr", 3, 3), ("ocr", 3, 12)]


def test_a_mans_letter_the_ocr_set_in_lower_case_is_a_word_of_the_long_form(tmp_path):
    # Bird's *Chess Openings* (OCR): "p. to Q. 4." for "P. to Q. 4." (71 times, "q. to Q. Kt. 8." twice), each
    # move on a line of its own under its number. The grammar reads capitals only: the layout reader took the
    # line for prose and read "P. takes P." as White's 2nd move, illegal, the rest of the game unchecked, and the
    # record went unread by the decoder, as its words had no move's form. A word of the long form now, the
    # decoder reads it (as it does case aside in a row, "2 p. to Q. 4. 2 P. takes P.").
    text = ('[Event "?"]\nWHITE.\nBLACK.\n1\nP. to K. 4.\n1\nP. to K. 4.\n2\np. to Q. 4.\n2\nP. takes P.\n'
            '3\nKt. to K. B. 3.\n3\nB. to Q. Kt. 5. (ch.)\n4\nB. to Q. 2.\n')
    game = _read_file(tmp_path, text, "\n")
    assert game.status == "ok"
    assert [m.normalized for m in game.moves] == ["e4", "e5", "d4", "exd4", "Nf3", "Bb4+", "Bd2"]
    # Left unread, such a word is said where it stands.
    game = _read_file(tmp_path, '[Event "?"]\n1 PtoK4 PtoK4\n2 PtoQ4 PtoQ4\nA note: p. to K. B. 4. would lose.\n', "\n")
    said = [d for d in game.diagnostics if d.code == "prose"]
    assert said and "'p. to K'" in said[0].message and said[0].line == 4


def test_a_word_of_the_notations_form_no_reading_reads_is_said_where_it_stands(tmp_path):
    # A word of the notation's form that neither the grammar nor the decoder reads as a legal move is said
    # at its line and column, never dropped.
    game = _read_file(tmp_path, '[Event "?"]\n1 PtoK4 PtoK4\n2 PtoQ4 PtoQ4\n3 BtoB4 BtoB4\n'
                      'A note: QtoKR38 would lose.\n', "\n")
    said = [d for d in game.diagnostics if d.code == "prose"]
    assert said and (said[0].severity, said[0].line) == ("info", 5)
    assert "'QtoKR38' (5:9)" in said[0].message and "not as its grammar reads" in said[0].message


def test_prose_with_no_move_like_word_after_a_score_stays_silent(tmp_path):
    for newline in ("\n", "\r\n"):
        game = _read_file(tmp_path, SCORE + "Thanks for the game! See you next time.\n", newline)
        assert game.notation == "english-descriptive" and game.status == "ok" and len(game.moves) == 6
        assert game.diagnostics == []


def test_saying_more_never_changes_which_notation_reads_a_record(tmp_path):
    # Castling on both sides and an unreadable word: every chess notation reads the same two moves, with the
    # same error. The tie is broken by what counts against a reading (errors, then warnings), never by what it
    # says besides: a reading that says more (`info`, a word of prose read as a move) stays the one chosen, and
    # one with a warning more loses. (Steinitz's "Game 6." changed notation when `prose` infos were added.)
    from notation import families
    from notation.model import Diagnostic
    from notation.pipeline import detect, read_records
    from notation.rules.chess import ChessFamily

    class Telling(ChessFamily):
        """The chess family, its English descriptive readings given more to say."""

        def __init__(self, severity: str) -> None:
            super().__init__()
            self.severity = severity

        def replay(self, parsed):
            game = super().replay(parsed)
            if parsed.notation == "english-descriptive":
                game.diagnostics += [Diagnostic(self.severity, "prose", "said besides", 1, 1)] * 3
            return game

    path = tmp_path / "note.txt"
    path.write_text("1. O-O O-O 2. Qq9 Kt-B3\n", encoding="utf-8")
    (record,) = read_records(str(path))
    assert detect(families.get("chess"), record).notation == "english-descriptive"
    assert detect(Telling("info"), record).notation == "english-descriptive"
    assert detect(Telling("warning"), record).notation != "english-descriptive"


def test_a_notation_whose_moves_the_text_cannot_hold_is_not_tried(tmp_path):
    # A descriptive score castling "0-0" (the clue of SAN, German and algebraic): those notations read at most
    # one move of it (every move of theirs names a square or castles, and the text has one castling and no
    # square), and the descriptive reading, with an error in it, has read eight: they are not parsed, and the
    # reading and its moves are as when every notation was tried.
    from notation import families
    from notation.pipeline import detect, read_records

    path = tmp_path / "score.txt"
    path.write_text("1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. 0-0 Kt-B3 5. Q-Q9 P-Q3\n", encoding="utf-8")
    (record,) = read_records(str(path))
    chess_family = families.get("chess")
    assert {"german", "san", "algebraic"} <= set(chess_family.candidate_notations(record))
    with contextlib.ExitStack() as stack:
        parses = {name: stack.enter_context(mock.patch.object(n, "parse", wraps=n.parse))
                  for name, n in chess_family.notations.items()}
        game = detect(chess_family, record)
    tried = [name for name, parse in parses.items() if parse.called]
    assert game.notation == "english-descriptive" and game.status != "ok"
    assert [m.normalized for m in game.moves[:7]] == ["e4", "e5", "Nf3", "Nc6", "Bc4", "Bc5", "O-O"]
    assert "english-descriptive" in tried and not {"german", "san", "algebraic"} & set(tried), tried


#: A game by correspondence as a player's letter gives it: its heading, its score to the agreed draw, his remark.
LETTER = ("Game by correspondence, Brighton v. Lewes.\n\n"
          "1. P-K4 P-K4 2. Kt-KB3 P-Q3 3. P-Q4 B-Kt5 4. PxP BxKt 5. QxB PxP 6. B-QB4 Kt-KB3\n"
          "7. Q-QKt3 Q-K2 ½-½\n\n")


def test_a_move_in_a_remark_after_the_result_is_no_move_of_the_game(tmp_path):
    # The score has ended at its result: "Kt-QB3" (Nc3, White's 8th, or Nc6 for Black's 7th) in the player's
    # remark is neither the game's next move nor an alternative to its last, whether the remark numbers it
    # (the layout reader took "8. Kt-QB3." for the score going on) or not (the decoder took it for a variation,
    # saying nothing). Unnumbered, it is said to be prose where it stands; numbered after the game's last move,
    # it is a line from the final position (a continuation, replayed and checked), not the game's.
    for remark in ("Thanks. Next time Kt-QB3.", "Thanks. Next time 8. Kt-QB3."):
        for newline in ("\n", "\r\n"):
            game = _read_file(tmp_path, LETTER + remark + "\n", newline)
            assert game.notation == "english-descriptive" and game.result == "1/2-1/2", (remark, newline)
            assert len(game.moves) == 14 and game.moves[-1].printed == "Q-K2", (remark, newline)
            assert game.status == "ok", (remark, newline)
            if "8." in remark:
                (line,) = game.variations
                assert line.branch_ply == 15 and [m.normalized for m in line.moves] == ["Nc3"], (remark, newline)
                continue
            assert not game.variations, (remark, newline)
            (said,) = [d for d in game.diagnostics if "'Kt-QB3'" in d.message]
            where = (6, remark.index("Kt-QB3") + 1)
            assert (said.severity, said.code, said.line, said.column) == ("info", "prose", *where), (remark, newline)


def test_a_move_its_rows_number_prints_that_the_reading_leaves_is_an_error(tmp_path):
    # Bird's *Chess Openings* prints White's column of an opening apart from Black's. Read as both sides' moves,
    # the decoder's reading made six of the thirteen rows legal and left the rest as prose, `ok`. A word where
    # a row's number prints a move is a printed move: left out, the record is not read whole.
    rows = ["P. toK. 4.", "Kt. to K. B. 3.", "B. to Q. Kt. 5.", "B. to Q. R. 4.", "P. to Q. 4.", "P.toK. 5.",
            "Castles.", "B. takes Kt.", "Kt. takes P."]
    text = "WHITE. \n\n" + "".join(f"{n} {row} \n\n" for n, row in enumerate(rows, 1)).rstrip("\n") + (
        "\nK) Kt. takes Kt, \n\n11 Q. to K. 2. \n\n12 Kt. to Q. B. 3. \n\n13 Kt. to K. 4. \n")
    for newline in ("\n", "\r\n"):
        game = _read_file(tmp_path, text, newline)
        assert game.status == "error"
        unread = [(d.line, d.column, d.severity) for d in game.diagnostics if d.code == "unread-cell"]
        assert (15, 3, "error") in unread  # "7 Castles."
        assert all(any(m.line == line for m in game.moves) is False for line, _, _ in unread)


#: Black's column of a game in Bird's *Chess Openings* (OCR'd), its numbers printed in a column of their own above
#: its "BLACK." (White's column printed apart, in another record).
BLACK_COLUMN = ("GAME 1. \n\n1 \n2 \n\n3 \n\n4 \n5 \n6 \n\n7 \n8 \n9 \n\nBLACK. \n\nP. to K. 4. \n\np. takes P. \n\n"
                "P. to Q. 4. \n\nKt. to K. B. 3. \n\nB. to Q. Kt. 5. \n\nKt. takes B, \n\nCastles. \n\n"
                "B. takes Kt. (ch.) \n\nQ. takes P. \n")


def test_a_column_of_moves_the_reading_leaves_as_prose_is_its_moves_not_read(tmp_path):
    # The decoder read four of the nine lines as both sides' moves (P-K4, P-Q4, Kt-KB3, B-QKt5) and took the
    # rest for prose, `ok`: each line of the column is a move and nothing else, printed where the score's moves
    # are; left out, it is a printed move not read, said where it stands.
    for newline in ("\n", "\r\n"):
        game = _read_file(tmp_path, BLACK_COLUMN, newline)
        assert game.status == "error", newline
        unread = [(d.severity, d.line, d.column) for d in game.diagnostics if d.code == "unread-cell"]
        assert unread == [("error", line, 1) for line in (20, 28, 30, 32, 34)], newline
    # A sentence that names moves, and a lone move under a score (a note's), stay prose: said as info.
    text = ("GAME 1.\n\nWHITE. BLACK.\n\n1 P. to K. 4. P. to K. 4.\n\n2 Kt. to K. B. 3. Kt. to Q. B. 3.\n\n"
            "The move P. to Q. 4. is best here, and Castles. is good.\n\nCastles.\n")
    game = _read_file(tmp_path, text, "\n")
    assert game.status == "ok" and not [d for d in game.diagnostics if d.code == "unread-cell"]
    assert [d.code for d in game.diagnostics if d.severity == "info"] == ["prose"]


def test_the_move_after_a_rows_number_and_its_dots_is_the_rows_move():
    # "12. … Sa4xc3" (German Wikipedia, the game resumed after a note): the word after the dots is where the row
    # prints Black's move; a move later in the row ("13. b2xc3") is not at a row's start.
    from notation.decode import tokens
    from notation.rules.chess.decode import ChessRules, _rows_unread
    from notation.rules.chess.notations import NOTATIONS

    words = tokens("Auf 12. Sc3xa4 folgt 12. … Sf6xe4.\n12. … Sa4xc3 13. b2xc3 Sf6xe4\n")
    assert [text for _, text in _rows_unread(words, [], ChessRules(NOTATIONS["german"]), [])] == ["Sa4xc3"]


#: A score whose fourth row the OCR ran together ("Q RtoQsqB to Kt sq^", Hastings 1895's Burn - Teichmann):
#: no word of it reads as a move, and the rows after it replay all the same, a move early.
RUN_TOGETHER = ("GAME 1.\n\nWHITE BLACK\n\n1 P to K 4 P to K 4\n2 Kt to K B 3 Kt to Q B 3\n3 B to Kt 5 P to Q R 3\n"
                "4 Q RtoQsqB to Kt sq^\n5 B to R 4 Kt to B 3\n6 Castles B to K 2\n7 R to K sq P to Q Kt 4\n"
                "8 B to Kt 3 P to Q 3\n")


def _one_unread_cell(tmp_path, text: str, line: int, column: int, quoted: str) -> None:
    """The text, with LF and CRLF line ends, is an error record with one ``unread-cell`` error, at (line, column)."""
    for newline in ("\n", "\r\n"):
        game = _read_file(tmp_path, text, newline)
        assert game.status == "error", newline
        (unread,) = [d for d in game.diagnostics if d.code == "unread-cell"]
        assert (unread.severity, unread.line, unread.column) == ("error", line, column), newline
        assert quoted in unread.message


#: A tournament book's column with its notes under it; row 11's Black move (P-Q4) is illegal (the Kt on Q3 blocks
#: the pawn), and note (b) prints another Black 11th, "If 11 ... B-B3".
HALF_ROW = ("  1 P-K4          P-K4\n  2 Kt-KB3        Kt-QB3\n  3 B-Kt5         Kt-B3\n  4 Castles       KtxP\n"
            "  5 R-K sq        Kt-Q3\n  6 KtxP          B-K2\n  7 B-Q3          Castles\n  8 Kt-QB3        KtxKt\n"
            "  9 RxKt          P-QB3\n 10 Q-R5          P-KKt3\n 11 Q-R3          P-Q4 (b)\n\n"
            "(b) Best. If 11 ... B-B3, 12 R-K3 with a strong attack.\n")


def test_a_rows_move_left_for_a_notes_move_is_a_printed_move_not_read(tmp_path):
    # The decoder read White's 11th from the row and Black's from the note (its number fits, its move is legal),
    # the row's P-Q4 an info "taken for prose", and the record `ok`: a printed move of the score is not read.
    # (The row not marking the note: a note whose label a move carries is that move's, its line a variation.)
    _one_unread_cell(tmp_path, HALF_ROW.replace("P-Q4 (b)", "P-Q4    "), 11, 19, "'P-Q4'")
    game = _read_file(tmp_path, HALF_ROW, "\n")
    assert game.status == "error" and [(d.line, d.column) for d in game.diagnostics if d.severity == "error"] == [(11, 19)]
    assert [(v.branch_ply, [m.normalized for m in v.moves]) for v in game.variations] == [(22, ["Bf6", "Re3"])]
    # Legal there (P-KB4), the row's move is the game's, the note a variation: nothing unread.
    game = _read_file(tmp_path, HALF_ROW.replace("P-Q4 (b)", "P-KB4 (b)"), "\n")
    assert game.status == "ok" and not [d for d in game.diagnostics if d.code == "unread-cell"]


def test_a_row_the_printed_numbers_pass_over_is_a_printed_move_not_read(tmp_path):
    # The layout reader read rows 1-3 and 5-8 (legal, one move early), the replay warned that moves "may be
    # lost", and the record was `ok`: the fourth row is printed, its words stand where the moves are.
    _one_unread_cell(tmp_path, RUN_TOGETHER, 8, 3, "'Q RtoQsqB to Kt sq^'")
    # A line between them that opens with the lost number and a word no move begins with is a note's, no row.
    game = _read_file(tmp_path, RUN_TOGETHER.replace("4 Q RtoQsqB to Kt sq^", "4 Game i. -- Defending everything"), "\n")
    assert not [d for d in game.diagnostics if d.code == "unread-cell"]
    assert [d.code for d in game.diagnostics if d.code == "numbers-disagree"] == ["numbers-disagree"]


def test_a_row_the_decoded_main_line_passes_over_is_a_printed_move_not_read():
    # The decoder's main line counts its moves, not the printed numbers: where it reads row 16 as move 15,
    # row 15 (its words of no move's shape) is the score's, left out.
    from notation.decode import Step, tokens
    from notation.rules.chess.decode import _rows_passed

    words = tokens("14 Castles Q R to K sq\n15 Q RtoQsqB to Kt sq^\n16 Kt to Kt sq Kt to K 5\n"
                   "(A) If 15 Kt to B 3 then\n17 Kt to Q 2 P to K B 4\n")
    at = {(w.line, w.text): w for w in words}

    def step(line: int, text: str) -> Step:
        return Step(at[line, text], at[line, text], None, "printed", text)

    main = [step(0, "Castles"), step(0, "Q"), step(2, "Kt"), step(4, "Kt")]  # moves 14 to 15, White first
    assert _rows_passed(words, main, first=(14, False)) == [(at[1, "Q"].start, "Q RtoQsqB to Kt sq^")]
    # Read (from any of its words), the row is no row passed over; nor is a number no main line's row lies past.
    assert _rows_passed(words, [*main[:2], step(1, "RtoQsqB"), *main[2:]], first=(14, False)) == []
    assert _rows_passed(words, main[:2], first=(14, False)) == []
    # Rows numbered far from the count are a note's numbered lines ("88. Game 7.-- An excellent move"), not
    # the score's: the main line read moves from them, and passes over nothing.
    assert _rows_passed(words, main, first=(1, False)) == []
    # A row whose first word no move begins with is a note's line ("7. Game i.-- Defending everything ...").
    from notation.rules.chess.decode import ChessRules
    from notation.rules.chess.notations import NOTATIONS

    rules = ChessRules(NOTATIONS["english-descriptive"])
    assert _rows_passed(words, main, first=(14, False), rules=rules) == [(at[1, "Q"].start, "Q RtoQsqB to Kt sq^")]
    note = tokens("14 Castles Q R to K sq\n15 Game i. -- Defending everything\n16 Kt to Kt sq Kt to K 5\n")
    at = {(w.line, w.text): w for w in note}
    assert _rows_passed(note, [step(0, "Castles"), step(0, "Q"), step(2, "Kt")], first=(14, False), rules=rules) == []


def test_the_scores_last_row_not_read_is_a_printed_move_not_read(tmp_path):
    # Row 6, the last, run together by the OCR: the reading ends at row 5, Black's move, and the record was `ok`.
    # A row the next number begins, its first word a move's, is the score's; a result or a note's line is not.
    last = RUN_TOGETHER.split("4 Q RtoQsqB")[0] + "4 B to R 4 Kt to B 3\n5 Castles B to K 2\n"
    for newline in ("\n", "\r\n"):
        game = _read_file(tmp_path, last + "\n6 Q RtoQsqB to Kt sq^\n", newline)
        assert game.status == "error" and len(game.moves) == 10, newline
        (unread,) = [d for d in game.diagnostics if d.code == "unread-cell"]
        assert (unread.line, unread.column) == (11, 3) and "'Q RtoQsqB to Kt sq^'" in unread.message, newline
        for after in ("6 Resigns.\n", "White resigns.\n", "6 White should now have played P to Q 4\n"):
            game = _read_file(tmp_path, last + after, newline)
            assert not [d for d in game.diagnostics if d.code == "unread-cell"], (after, newline)


def test_a_move_in_a_note_with_its_stops_is_said_once_where_it_stands():
    # The grammar's words lose their stops ("B to Q B's 4th" of "B. to Q. B's 4th"): not found where they stood,
    # they were said at the stretch's start and said again, as words the grammar does not read, where they stand.
    text = ("1. P. to K's 4th.  1. P. to K's 4th.\n2. K. Kt. to B's 3d.  2. Q. Kt. to B's 3d.\n\n"
            "[Footnote G: And Black has no escape; for if\nB. to Q. B's 4th (ch.), White wins.]\n")
    (game,) = replay(text)
    said = [d for d in game.diagnostics if d.code == "prose"]
    assert [(d.line, d.column) for d in said] == [(5, 1)]
    assert "B to Q B's 4th" in said[0].message
    # (Nor is the footnote's move the game's third, read on from the score's end: a footnote's moves are a note's.)
    assert [m.normalized for m in game.moves] == ["e4", "e5", "Nf3", "Nc6"]


#: A newspaper's checker column: a line of prose over its first problem, each problem numbered, its composer named,
#: its position in prose, its solution in a sentence (the moves legal from the position: notation.rules.checkers).
CHECKER_COLUMN = """Two problems from the Glasgow Herald.

No. 7.--By J. Wyllie.

Black men on 1, 3, 9; King on 18. White men on 20, 27; King on 32. Black to play and win.

3-7, 20-16, 9-13, 16-11, 7-16, 27-24.

No. 8.--By J. Wyllie.

Black men on 5, 6; King on 14. White men on 21, 30; King on 28. Black to play.

6-9, 30-26, 14-17, 21-14, 9-18, 26-22.
"""


def unaccounted(text: str, games: list[Game]) -> list[tuple[int, int, str]]:
    """The checker move words of a text (line, column, word) that no record read as a move and no diagnostic
    names at their line and column."""
    import re

    placed = {(m.line, m.column) for g in games for line in [g.moves, *(v.moves for v in g.variations)]
              for m in line}
    said = {(d.line, d.column) for g in games for d in g.diagnostics}
    said |= {(int(a), int(b)) for g in games for d in g.diagnostics for a, b in re.findall(r"\((\d+):(\d+)\)", d.message)}
    words = []
    for n, line in enumerate(text.splitlines(), 1):
        for m in re.finditer(r"(?<![\d-])\d{1,2}-\d{1,2}(?![\d-])", line):
            words.append((n, m.start() + 1, m.group()))
    return [w for w in words if w[:2] not in placed and w[:2] not in said]


def test_every_move_word_of_a_checker_column_under_a_line_of_prose_is_read_or_said(tmp_path):
    # The column's first line is prose, not a heading: the book split found its headings only on a text's first
    # line, and the two problems were one record (the second problem's moves read from the first's position).
    from notation.pipeline import read_games

    for lead in ("", "Two problems from the Glasgow Herald.\n\n"):
        path = tmp_path / "column.txt"
        text = lead + CHECKER_COLUMN.split("\n", 2)[2]
        path.write_text(text, encoding="utf-8")
        games = list(read_games([path]))
        assert not unaccounted(text, games), lead
        assert [(g.tags.get("Composer"), g.status, len(g.moves)) for g in games] == [("Wyllie, J.", "ok", 6)] * 2, lead


def test_a_move_a_run_on_score_prints_that_the_reading_passes_over_is_an_error(tmp_path):
    # A score run on in one line, the OCR's damage in two of its moves ("Sb8-q6", "q2-q3"): the decoder's
    # reading took e4 e5 Nf3 Nf6 d4 d5, every move legal, and left the words between them as prose, `ok`.
    # Between two moves of the main line, a stretch of numbers and moves only (no author's word, no bracket)
    # is the score's: each word there after a number or of a move's shape is a printed move left out.
    # Now every printed move is read (the capture marked after its square, "Sf6-e4:", as printed; "q2-q3" at
    # its row's number, a move lost to the OCR): each word not read as printed is still said where it stands.
    text = "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-q6 3. q2-q3 Sg8-f6 4. d2-d4 Sf6-e4: 5. d4-e5: d7-d5\n"
    for newline in ("\n", "\r\n"):
        game = _read_file(tmp_path, text, newline)
        unread = {text[d.column - 1:].split()[0] for d in game.diagnostics if d.code == "unread-cell"}
        named = {text[d.column - 1:].split()[0] for d in game.diagnostics if d.severity in ("warning", "error")}
        left = {m.printed.rstrip(":") for m in game.moves}
        assert {"Sb8-q6", "Sf6-e4", "d4-e5"} - left <= unread, newline
        assert {"Sb8-q6", "q2-q3"} <= named and any(d.severity == "error" for d in game.diagnostics), newline
        # The lost move is any of several (c3 and h3 alike let the game go on): the one stored is a guess, and the
        # record an error, not `repaired` (a reading through the OCR the decoder could not settle).
        assert game.status == "error", newline
    # A note in brackets between the moves is a note's, not the score's.
    note = "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 (3. B-Kt5 is the Ruy Lopez) B-B4 4. P-B3 Kt-B3\n"
    game = _read_file(tmp_path, note, "\n")
    assert game.status == "ok" and not [d for d in game.diagnostics if d.code == "unread-cell"]


def test_a_move_printed_right_after_a_move_of_the_line_and_read_nowhere_is_an_error():
    # A problem's solution whose key's reply is no legal move ("P-R8 (Q)": the pawn on a2 stands before the rook on
    # a1): the decoder read the line on from the defence after "If" (1. Kf7 Kh7 2. Rh1#) and left "P-R8 (Q); 2. RxQ
    # mate." as prose, the record `ok`. Printed as the line's next move, it is the score's: an error at it.
    text = ('[Game "chess"]\n\nPROBLEM No. 118.\n\nWhite: K at K B 6; R at Q R sq.\nBlack: K at K R sq; P at Q R 7.\n\n'
            "White to play and mate in two moves.\n\n"
            "Solution: 1. K-B7, P-R8 (Q); 2. RxQ mate. If 1. ..., K-R2; 2. R-R sq mate.\n")
    (game,) = replay(text)
    [error] = [d for d in game.diagnostics if d.code == "illegal-move"]
    assert error.severity == "error" and "P-R8" in error.message and "next move" in error.message
    assert error.line == 10 and error.column == 20 and error.suggestions == ["Kh7"]
    assert game.status == "error"
    # A move the line reads right after its move is the line's, and a mention after the author's words no score's.
    (game,) = replay('[Game "chess"]\n\n1. P-K4, P-K4; 2. Kt-KB3, Kt-QB3. White might also consider P-Q4 here.\n')
    assert game.status == "ok" and not [d for d in game.diagnostics if d.severity == "error"]


def test_a_score_among_the_moves_read_is_said_where_it_stands(tmp_path):
    # "1–0" (or German's "1:0") printed between two moves the reading reads on past: no result of the game (the game
    # goes on), no move and no note's words; it was dropped and nothing said.
    for score in ("1-0", "1–0", "1:0", "½–½"):
        game = _read_file(tmp_path, f"1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 {score} 4. b4\n", "\n")
        assert len(game.moves) == 7 and game.result in (None, "*"), score
        (said,) = [d for d in game.diagnostics if d.code == "unread-result"]
        assert (said.severity, said.line, said.column) == ("warning", 1, 32), score
        assert repr(score) in said.message, score
