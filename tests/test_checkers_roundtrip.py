"""Random legal games: through PDN and book notation and back, and against pydraughts as an oracle."""

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation.boards.checkers import BLACK, Board
from notation.model import SourceText
from notation.pipeline import process, split_source
from notation.records import split_tagged
from notation.rules.checkers import FAMILY
from tests.test_checkers_variations import CROSS as CROSS_PAGE


def random_game(seed: int, plies: int = 120, board: Board | None = None) -> list[tuple[Board, object]]:
    """(position before, move) pairs of a random legal game, until it ends or ``plies`` are played."""
    rng = random.Random(seed)
    board = board or Board.initial()
    out = []
    for _ in range(plies):
        legal = board.legal_moves()
        if not legal:
            break
        move = rng.choice(legal)
        out.append((board, move))
        board = board.push(move)
    return out


def pdn_text(pairs, variation_at=None, variation=(), rng=None, verdict=None) -> str:
    """The moves in PDN; with ``rng``, notes (the game's, a move's, one opening the variation) and NAGs
    at random among them; with ``verdict``, the variation ends on it (``{W wins}``: its last move's comment)."""
    notes = ["a good move", "the only move; else 11-16", "Black wins (see Var. 2)"]

    def note(chance: float) -> list[str]:
        return ["{" + rng.choice(notes) + "}"] if rng is not None and rng.random() < chance else []

    words = note(0.5)
    for k, (board, move) in enumerate(pairs):
        number = k // 2 + 1
        if board.turn == BLACK or (words and words[-1].startswith("{")):
            words.append(f"{number}." if board.turn == BLACK else f"{number}...")
        words.append(move.short() if len(move.path) == 2 else str(move))
        if rng is not None and rng.random() < 0.1:
            words.append(rng.choice(["$1", "$14", "$2"]))
        words += note(0.1)
        if k == variation_at and variation:
            sub = note(0.5) + [f"{number}..." if board.turn != BLACK else f"{number}."]
            sub += [str(m) for _, m in variation] + (["{" + verdict + "}"] if verdict else [])
            words.append("(" + " ".join(sub) + ")")
    return " ".join(words) + " *"


def read(text: str):
    (record,) = split_tagged(SourceText("roundtrip.txt", text))
    return process(record)


def test_strength_marks_and_nags_are_kept_through_pdn():
    game = read('[Game "checkers"]\n[Notation "pdn"]\n1. 11-15! 23-19 $14 2. 8-11?! 22-17 *')
    assert [m.annotations for m in game.moves] == [["!"], ["$14"], ["?!"], []]
    text = FAMILY.write(game, "pdn")
    assert "11-15! 23-19 $14 2. 8-11?! 22-17" in text
    assert [m.annotations for m in read(text).moves] == [["!"], ["$14"], ["?!"], []]


#: The tags a record is read with: the project's own, and those of a PDN file as its publishers write them.
HEADERS = ['[Game "checkers"]\n[Notation "pdn"]\n',
           '[Event "Scottish Championship"]\n[Date "1905.??.??"]\n[Black "Ferrie, J."]\n[White "Jordan, R."]\n'
           '[Result "*"]\n[GameType "21"]\n\n']


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(HEADERS), st.sampled_from(["\n", "\r\n"]),
       st.sampled_from([None, "B wins", "W wins", "Drawn"]))
def test_random_games_round_trip_through_pdn_and_book(seed, header, newline, verdict):
    pairs = random_game(seed)
    rng = random.Random(seed)
    at = rng.randrange(len(pairs)) if len(pairs) > 1 else None
    variation = random_game(seed + 1, 12, pairs[at][0]) if at is not None else []
    if variation and str(variation[0][1]) == str(pairs[at][1]):
        # (A forced jump: a line that begins with the game's own move is no alternative to it; a book's reading hangs
        # it where it first differs, as it would a note printed from a move the game played.)
        variation = []
    # The variation replaces the move after which it is printed in PDN: it starts from the same position; it ends on
    # the verdict (a random one: the reader checks it, a wrong one is a warning, not an error).
    text = (header + pdn_text(pairs, at, variation, rng, verdict)).replace("\n", newline)
    game = read(text)
    expected = [str(m) for _, m in pairs]
    assert game.status == "ok", [d.message for d in game.diagnostics]
    assert [m.normalized for m in game.moves] == expected
    if variation:
        (v,) = game.variations
        assert [m.normalized for m in v.moves] == [str(m) for _, m in variation]
    for fmt in ("pdn", "book"):
        again = read(FAMILY.write(game, fmt).replace("\n", newline))
        assert again.notation == fmt
        assert again.status == "ok", (fmt, [d.message for d in again.diagnostics])
        assert [m.normalized for m in again.moves] == expected
        assert [m.position for m in again.moves] == [m.position for m in game.moves]
        assert [[m.normalized for m in v.moves] for v in again.variations] == \
            [[m.normalized for m in v.moves] for v in game.variations]
        if fmt == "pdn":  # book notation prints no notes
            assert again.comments == game.comments
            assert [(m.comment, m.annotations) for m in again.moves] == [(m.comment, m.annotations) for m in game.moves]
            assert [v.comment for v in again.variations] == [v.comment for v in game.variations]
        elif variation and verdict:
            # The book prints the verdict after the line's last move, and its reader claims it: the verdict goes on
            # to PDN from there, once, and comes back as it went (the last move's comment).
            (v,) = again.variations
            assert v.result == verdict
            assert any(c.line is not None for c in again.claims if c.what == "result")
            pdn = FAMILY.write(again, "pdn")
            flat = " ".join(pdn.split())  # (the movetext is wrapped: a comment may break across lines)
            assert flat.count("{" + verdict + "})") == 1 and flat.count("{" + verdict + "}") == 1
            (back,) = read(pdn.replace("\n", newline)).variations
            assert back.moves[-1].comment == verdict


def test_the_games_notes_and_a_variations_opening_note_are_kept_through_pdn():
    # "{Opening note} 1. 11-15 ... ({Or} 2. 9-14 ...)": the game's note before its first move and the note
    # that opens a variation are written where they stood (a variation's is its own, not the game's).
    game = read('[Game "checkers"]\n[Notation "pdn"]\n'
                "{Opening note} 1. 11-15 {good} 23-19 2. 8-11 ({Or} 2. 9-14 22-17) 22-17 *")
    assert (game.comments, [v.comment for v in game.variations]) == (["Opening note"], ["Or"])
    text = FAMILY.write(game, "pdn")
    assert "{Opening note} 1. 11-15 {good}" in text and "({Or} 2. 9-14 22-17)" in text
    again = read(text)
    assert (again.comments, [v.comment for v in again.variations]) == (["Opening note"], ["Or"])


def test_a_prose_pages_notes_and_opening_come_back_from_pdn():
    # A checker book's page told in prose: its notes (the record's, the moves', a variation's move's) and its
    # opening's name, written to PDN, read back as they went.
    from tests.test_checkers_decode import OPENING_PAGE

    (game,) = [process(r) for r in split_source(SourceText("page.txt", OPENING_PAGE))]
    text = FAMILY.write(game, "pdn")
    assert '[Opening "Single Corner"]' in text and '[Event "?"]' in text  # (an opening's name is no event)
    assert "{Black moves first.} 1. 11-15" in text
    again = read(text)
    assert again.status == "ok" and again.tags["Opening"] == "Single Corner" and again.title == game.title
    assert again.comments == game.comments
    assert [m.comment for m in again.moves] == [m.comment for m in game.moves]
    assert [[m.comment for m in v.moves] for v in again.variations] == [[m.comment for m in v.moves]
                                                                         for v in game.variations]


def test_a_book_variations_verdict_ends_it_in_pdn():
    game = read('[Game "checkers"]\n[Notation "book"]\n11-15 23 19 8-11 A 22 17 4- 8 ------ Var A. 21 17 9-13 B wins\n')
    assert game.variations[0].comment == "B wins"
    assert "(2... 21-17 3. 9-13 {B wins})" in FAMILY.write(game, "pdn")


def test_a_variations_verdict_comes_back_from_pdn_to_the_book():
    # Read from PDN, "{B wins}" is the comment of the variation's last move: the book prints it after the line.
    text = '[Game "checkers"]\n[Notation "book"]\n11-15 23 19 8-11 A 22 17 4- 8 ------ Var A. 21 17 9-13 B wins\n'
    pdn = read(FAMILY.write(read(text), "pdn"))
    assert FAMILY.write(pdn, "book").splitlines()[-1] == text.splitlines()[-1]


# A page of a checker book: a game and a variation, each ending on its verdict (Game 4 of the Cross), the variation's
# place told under its heading.
CROSS = CROSS_PAGE.format(heading="Var. 1.\n\nAt Black's 5th move, instead of 11-16:")


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_variations_verdict_read_from_a_books_page_ends_it_in_pdn_and_book_notation(newline):
    (record,) = split_source(SourceText("cross.txt", CROSS.replace("\n", newline)))
    game = process(record)
    (v,) = game.variations
    assert v.result == "W wins" and sorted(c.claimed for c in game.claims if c.what == "result") == ["Drawn", "W wins"]
    pdn = FAMILY.write(game, "pdn")
    flat = " ".join(pdn.split())  # (the movetext is wrapped)
    assert "(5. 6-10 21-17 6. 2-6 32-27 7. 10-15 18-14 {W wins})" in flat and flat.count("W wins") == 1
    book = FAMILY.write(game, "book")
    assert book.rstrip().endswith("Var A. 6-10 21 17 2- 6 32 27 10-15 18 14 W wins")
    # Read back: the PDN's verdict is its last move's comment, the book's a claim again, and each is written once more.
    (back,) = read(pdn).variations
    assert back.moves[-1].comment == "W wins"
    assert FAMILY.write(read(pdn), "book") == book
    assert " ".join(FAMILY.write(read(book), "pdn").split()).count("{W wins})") == 1


def test_set_positions_round_trip_with_their_fen():
    board = Board.from_fen("W:W18,K14,K23:B24,K6")
    pairs = random_game(7, 30, board)
    text = '[Game "checkers"]\n[Notation "pdn"]\n[FEN "W:W18,K14,K23:B24,K6"]\n' + \
        " ".join(["1..."] + [str(m) for _, m in pairs])
    game = read(text)
    assert game.status == "ok"
    book = FAMILY.write(game, "book")
    assert '[FEN "W:W18,K14,K23:B24,K6"]' in book and "White to move" in book
    again = read(book)
    assert [m.normalized for m in again.moves] == [m.normalized for m in game.moves]
    pdn = FAMILY.write(game, "pdn")
    assert '[GameType "21"]' in pdn and '[SetUp "1"]' in pdn and "1... " in pdn


def test_pdn_writer_output_shape():
    game = read('[Game "checkers"]\n[Notation "book"]\n[Title "Alma"]\n11-15 23 19 8-11 22 17 3- 8 B wins')
    pdn = FAMILY.write(game, "pdn")
    assert pdn.splitlines()[:3] == ['[Event "Alma"]', '[GameType "21"]', '[Result "1-0"]']
    assert pdn.splitlines()[-1] == "1. 11-15 23-19 2. 8-11 22-17 3. 3-8 1-0"
    book = FAMILY.write(read(pdn), "book")
    assert book.splitlines()[-1] == "11-15 23 19 8-11 22 17 3- 8 B wins"



def test_a_placeholder_event_is_no_title():
    # PDN's "?" says the event is not known: the book writer prints no [Title "?"] from it.
    game = read('[Event "?"]\n[Result "1-0"]\n\n1. 11-15 23-19 2. 8-11 22-17 1-0\n')
    assert game.title is None
    assert "Title" not in FAMILY.write(game, "book")
    assert '[Event "?"]' in FAMILY.write(game, "pdn")



@pytest.mark.parametrize(("printed", "standard", "book"), [("2-0", "1-0", "B wins"), ("1-1", "1/2-1/2", "Drawn"),
                                                           ("0-2", "0-1", "W wins")])
def test_a_pdn_files_own_result_form_is_kept_through_pdn(printed, standard, book):
    # 2-0 scoring, which PDN 3.0 allows beside 1-0: the file's form is written back, the book's words for a book.
    game = read(f'[Result "{printed}"]\n\n1. 11-15 23-19 2. 8-11 22-17 {printed}\n')
    assert game.result == standard
    pdn = FAMILY.write(game, "pdn")
    assert f'[Result "{printed}"]' in pdn and pdn.rstrip().endswith(f"22-17 {printed}")
    assert read(pdn).result == standard
    assert FAMILY.write(game, "book").rstrip().endswith(f"22 17 {book}")
    assert f'[Result "{standard}"]' in FAMILY.write(read('[Game "checkers"]\n[Notation "book"]\n11-15 23 19 8-11 22 17 '
                                                         f'{book}\n'), "pdn")


pydraughts = pytest.importorskip("draughts")


@pytest.mark.parametrize("seed", range(8))
def test_legal_moves_agree_with_pydraughts(seed):
    """pydraughts (variant "english") is the oracle: the same legal moves, by full path, in every position."""
    pairs = random_game(seed, 150)
    positions = [b for b, _ in pairs] + ([pairs[-1][0].push(pairs[-1][1])] if pairs else [])
    for board in positions:
        oracle = pydraughts.Board(variant="english", fen=board.fen())
        theirs = {tuple(m.steps_move) for m in oracle.legal_moves()}
        ours = {m.path for m in board.legal_moves()}
        assert ours == theirs, board.fen()
