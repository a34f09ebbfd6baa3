"""Round trips: random legal games written in each notation and read back to the same moves."""

import random
import re
from functools import cache

import chess
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from notation.details.chess import ChessGameDetail
from notation.rules.chess import FAMILY
from tests.conftest import replay

GAMES = 400


def random_game(seed: int, plies: int = 60) -> list[chess.Move]:
    rng = random.Random(seed)
    board = chess.Board()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        move = rng.choice(legal)
        moves.append(move)
        board.push(move)
    return moves


def as_game(moves):
    body = " ".join(chess.Board().variation_san(moves).split())
    (g,) = replay(f'[Game "chess"]\n[Notation "san"]\n{body}\n')
    return g


@cache
def original_game(seed: int):
    """The random game of ``seed`` and its SAN replayed: made once for the three notations' round trips
    (a third of their time was making it again; writing a game reads it and changes nothing)."""
    moves = random_game(seed)
    return moves, as_game(moves)


@pytest.mark.parametrize("notation", ["english-descriptive", "german", "san"])
def test_random_games_round_trip(notation):
    for seed in range(GAMES):
        moves, original = original_game(seed)
        text = FAMILY.write(original, notation)
        (back,) = replay(f'[Game "chess"]\n[Notation "{notation}"]\n{text}\n')
        assert [m.detail.uci for m in back.moves] == [m.uci() for m in moves], (seed, text)
        assert back.status == "ok", (seed, text, [d.message for d in back.diagnostics])


def test_pgn_round_trip_keeps_moves_variations_and_result():
    (g,) = replay('[Game "chess"]\n[Notation "english-descriptive"]\n'
                  "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 Or this; 2. P-KB4 PxP\n\n3. B-Kt5 resigns\n")
    pgn = FAMILY.write(g, "pgn")
    (back,) = replay(pgn, path="back.pgn")
    assert [m.normalized for m in back.moves] == [m.normalized for m in g.moves]
    assert [m.normalized for m in back.variations[0].moves] == ["f4", "exf4"]
    assert back.result == g.result == "1-0"


def test_move_assessments_and_nags_are_kept_through_pgn():
    # "!", "?!" and PGN's "$14" after a move are the annotator's: written back as NAGs (python-chess reads
    # the same ones), in the main line and in a variation, and read again the same.
    import io

    import chess.pgn

    text = '[Event "a"]\n\n1. e4 e5 2. Nf3! $14 Nc6?! (2... d6 $2 3. d4) 3. Bb5 a6 *\n'
    (g,) = replay(text, path="a.pgn")
    assert [m.annotations for m in g.moves[2:4]] == [["!", "$14"], ["?!"]]
    pgn = FAMILY.write(g, "pgn")
    theirs = chess.pgn.read_game(io.StringIO(pgn))
    nodes = list(theirs.mainline())
    assert (nodes[2].nags, nodes[3].nags, nodes[2].variations[1].nags) == ({1, 14}, {6}, {2})
    (back,) = replay(pgn, path="back.pgn")
    assert [m.annotations for m in back.moves[2:4]] == [["$1", "$14"], ["$6"]]
    assert back.variations[0].moves[0].annotations == ["$2"]


@pytest.mark.parametrize("text", [
    "1. P-K4! P-K4\n2. Kt-KB3 Kt-QB3 (?)\n3. B-B4 ch?? B-B4\n",  # columns (the layout reader)
    "The game went 1. P-K4!, P-K4; 2. Kt-KB3, Kt-QB3 (?); 3. B-B4 ch??, B-B4 as played.\n",  # prose (the decoder)
])
def test_a_books_assessments_are_the_moves_annotations(text):
    (g,) = replay(text, "book.txt")
    assert [m.annotations for m in g.moves[:5]] == [["!"], [], [], ["?"], ["??"]]
    assert "1. e4 $1 e5 2. Nf3 Nc6 $2 3. Bc4 $4" in FAMILY.write(g, "pgn")


def test_position_keys_are_python_chess_epd_for_every_ply():
    # The replay keeps the key up to date move by move; it must equal python-chess's own.
    for seed in range(60):
        moves = random_game(seed, plies=120)
        g = as_game(moves)
        board = chess.Board()
        for move, stored in zip(moves, g.moves):
            board.push(move)
            assert stored.position == board.epd(en_passant="legal"), (seed, stored.ply)


def test_comments_with_blank_lines_are_written_as_valid_pgn_and_read_back():
    """A blank line ends a PGN game's movetext: a note's blank lines are folded, its words kept."""
    import io

    import chess.pgn

    (game,) = replay('[Event "Notes"]\n\n{Opening note\n\n  more} 1. e4 {first para\n \n\nsecond para} e5 2. Nf3 *\n')
    text = FAMILY.write(game, "pgn")
    movetext = text.split("\n\n", 1)[1]
    assert "\n\n" not in movetext.rstrip("\n") and "\n \n" not in movetext, text
    back = chess.pgn.read_game(io.StringIO(text))
    assert back is not None and not back.errors
    assert [m.uci() for m in back.mainline_moves()] == ["e2e4", "e7e5", "g1f3"]
    assert back.comment == "Opening note\n  more"
    assert back.next().comment == "first para\nsecond para"
    (again,) = replay(text)
    assert [m.normalized for m in again.moves] == ["e4", "e5", "Nf3"] and again.status == "ok"


# -- games from a set-up: a position given, or one the replay inferred from the moves ----------------

NOTATIONS = ["english-descriptive", "german", "san"]
SET_UPS = 150


def random_walk(board: chess.Board, rng: random.Random, plies: int) -> chess.Board:
    """``board`` after up to ``plies`` random legal moves (fewer where the game ends), its move stack kept."""
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        board.push(rng.choice(legal))
    return board


def random_setup(rng: random.Random) -> chess.Board:
    """A position to start from, with a move number: reached by random moves from the opening (castling
    rights and an en passant square as play leaves them), or a few men placed at random (Black to move
    as often as White, a King and Rook at home with or without the right to castle)."""
    while True:
        if rng.random() < 0.5:
            board = chess.Board(random_walk(chess.Board(), rng, rng.randrange(40)).fen())
        else:
            board = chess.Board(None)
            kinds = [chess.KING, chess.KING] + [rng.choice([chess.PAWN, chess.KNIGHT, chess.BISHOP, chess.ROOK, chess.QUEEN])
                                                for _ in range(rng.randrange(7))]
            for k, kind in enumerate(kinds):
                color = chess.WHITE if k == 0 else chess.BLACK if k == 1 else rng.choice(chess.COLORS)
                homes = [chess.E1 if color else chess.E8] if kind == chess.KING and rng.random() < 0.5 else []
                rooks = [chess.A1, chess.H1] if color else [chess.A8, chess.H8]
                squares = homes + (rooks if kind == chess.ROOK and rng.random() < 0.5 else []) + \
                    rng.sample(chess.SQUARES[8:56] if kind == chess.PAWN else chess.SQUARES, 8)
                square = next((s for s in squares if board.piece_at(s) is None), None)
                if square is not None:
                    board.set_piece_at(square, chess.Piece(kind, color))
            board.turn = rng.choice(chess.COLORS)
            board.set_castling_fen("KQkq")
            board.castling_rights = board.clean_castling_rights() & rng.choice([chess.BB_ALL, chess.BB_A1 | chess.BB_H8, 0])
        board.fullmove_number = rng.randrange(1, 60)
        if board.is_valid() and any(board.legal_moves):
            return board


def random_moves(board: chess.Board, rng: random.Random, plies: int) -> list[chess.Move]:
    board = board.copy()
    moves = []
    for _ in range(plies):
        legal = list(board.legal_moves)
        if not legal:
            break
        moves.append(rng.choice(legal))
        board.push(moves[-1])
    return moves


def made(game):
    """(UCI, the set-up it was made on, if new) of each move of the main line the replay made."""
    out = []
    for m in game.moves:
        if m.detail.uci is None:
            break
        out.append((m.detail.uci, m.detail.setup))
    return out


@cache
def game_from_setup(seed: int):
    """The random set-up of ``seed`` (its board), random moves from it, and their PGN under its [FEN]
    replayed: made once for the three notations' round trips (writing a game reads it and changes nothing)."""
    rng = random.Random(seed)
    board = random_setup(rng)
    moves = random_moves(board, rng, rng.randrange(1, 30))
    (original,) = replay(f'[FEN "{board.fen()}"]\n\n{board.variation_san(moves)} *\n', "setup.pgn")
    return board, moves, original


@pytest.mark.parametrize("notation", NOTATIONS)
def test_random_games_from_random_set_ups_round_trip(notation):
    # Written without its set-up, a score was read back from the opening, or from a set-up inferred from
    # its moves: another position, another game. Under its set-up ([FEN], or in words), the same.
    from notation.write.chess_moves import start_fen

    for seed in range(SET_UPS):
        board, moves, original = game_from_setup(seed)
        assert original.status == "ok" and start_fen(original) == board.fen(), seed
        text = FAMILY.write(original, notation)
        (back,) = replay(f'[Game "chess"]\n[Notation "{notation}"]\n{text}\n')
        assert start_fen(back) == board.fen(), (seed, text)
        assert [m.detail.uci for m in back.moves] == [m.uci() for m in moves], (seed, text)
        assert back.status == "ok", (seed, text, [d.message for d in back.diagnostics])


def test_random_scores_replayed_on_inferred_set_ups_round_trip():
    # A score printed from a later move without its position, or with moves lost in it, is replayed on the
    # smallest set-up its moves need: written in each notation and read back, the same set-ups and moves.
    # (The set-up after lost moves is inferred again from the moves written: descriptive's "Q-R5", unique
    # on the set-up, was read back on a set-up of the other wing; each move there names its man's square.)
    from notation.write.chess_moves import start_fen

    inferred = lost = 0
    for seed in range(SET_UPS // 3):
        rng = random.Random(seed)
        board = random_setup(rng)
        board.fullmove_number = rng.randrange(2, 40)
        moves = random_moves(board, rng, rng.randrange(6, 24))
        san = board.variation_san(moves).split()
        if rng.random() < 0.5:  # moves lost: a whole move number left out
            at = next((k for k in range(len(san) // 3, len(san)) if san[k].endswith(".") and "..." not in san[k]), None)
            if at is not None:
                end = next((k for k in range(at + 1, len(san)) if san[k].endswith(".")), len(san))
                san = san[:at] + san[end:]
        (original,) = replay(f'[Game "chess"]\n[Notation "san"]\n{" ".join(san)}\n')
        if not ChessGameDetail.of(original.detail).setup_inferred:
            continue
        inferred += 1
        lost += any(setup for _, setup in made(original))
        for notation in NOTATIONS:
            text = FAMILY.write(original, notation)
            (back,) = replay(f'[Game "chess"]\n[Notation "{notation}"]\n{text}\n')
            assert start_fen(back) == start_fen(original), (seed, text)
            assert made(back) == made(original), (seed, text)
    assert inferred >= 40 and lost >= 10, (inferred, lost)


def test_castling_rights_kept_by_what_they_read_are_python_chess_own():
    # castling_xfen keeps python-chess's castling rights by all they read of a board: on random games, set-ups whose
    # rights name no king or rook, Chess960 and boards with and without a move stack, the same text every time.
    import random

    from notation.boards.chess import castling_xfen

    rng = random.Random(3)
    starts = ["rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1", "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1",
              "4k3/8/8/8/8/8/8/4K2R w KQkq - 0 1", "1r2k1r1/8/8/8/8/8/8/1R2K1R1 w KQkq - 0 1"]
    boards = [chess.Board(fen) for fen in starts] + [chess.Board.from_chess960_pos(n) for n in (0, 518, 959)]
    seen = 0
    for start in boards:
        for _ in range(15):
            board = random_walk(start.copy(), rng, rng.randrange(40))
            for each in (board, board.copy(stack=False)):
                assert castling_xfen(each) == each.castling_xfen(), each.fen()
                seen += each.castling_rights != 0
    assert seen


#: Piece letters (King, Queen, Rook, Bishop, Knight) by language, as books and programs print them; whether its
#: pawn may carry a letter "P" (Dutch "P" is the Knight, Russian has none).
LANGUAGE_LETTERS = {"German": ("KDTLS", True), "French": ("RDTFC", True), "Spanish": ("RDTAC", True),
                    "Portuguese": ("RDTBC", True), "Dutch": ("KDTLP", False), "Russian": (("Кр", "Ф", "Л", "С", "К"), False)}


def hand_typed(board: chess.Board, move: chess.Move, rng: random.Random, language: str | None) -> str:
    """The move's SAN as a file typed by hand or written by another program may print it: a pawn's
    letter, a promotion's piece in lower case or without '=', en passant marked, another language's piece
    letters (every move of a game in one), then NAGs, glyphs and clock comments."""
    san = board.san(move)
    letters, pawn_letter = LANGUAGE_LETTERS[language] if language else ("KQRBN", True)
    if board.piece_type_at(move.from_square) == chess.PAWN and pawn_letter and rng.random() < 0.3:
        san = "P" + san
    if language:  # the piece's letter at the head, the promotion's after its square
        english = dict(zip("KQRBN", letters))
        san = (english[san[0]] + san[1:]) if san[0] in english else san
        if "=" in san:
            at = san.index("=") + 1
            san = san[:at] + english[san[at]] + san[at + 1:]
    if move.promotion and rng.random() < 0.5:
        promoted = san[san.index("=") + 1:].rstrip("+#")[:len(san) - san.index("=") - 1]
        promoted = promoted[:2] if promoted.startswith("Кр") else promoted[:1]
        san = san.replace("=" + promoted, rng.choice(["=", ""]) + (promoted if language else promoted.lower()))
    if board.is_en_passant(move):
        san += rng.choice(["", " e.p.", "ep"])
    extras = rng.choice(["", "", " $1", " !?", " $14 !?", " {[%clk 0:03:00]}", " { [%eval 0.3] } $2"])
    return san + extras


def test_random_games_in_pgn_as_other_programs_write_it_read_back_ok():
    for seed in range(100):
        rng = random.Random(seed)
        moves = random_game(seed, plies=rng.choice([20, 60, 120]))
        board = chess.Board()
        words = []
        # (German one game in five, as before; each other language one in twenty. Not Dutch: a random game whose
        # Knights' moves all read as a pawn's with its letter, "Pa3", reads legally in German letters, and that
        # reading stands, as it should; the Dutch game of tests/test_chess_pgn_quirks.py is read as Dutch.)
        language = rng.choice([None] * 10 + ["German"] * 3 + [name for name in LANGUAGE_LETTERS
                                                              if name not in ("German", "Dutch")])
        stop = rng.choice([".", ".", ""])  # "1 e4 e5 2 Nf3" typed with no stop
        for ply, move in enumerate(moves):
            if ply % 2 == 0:
                words.append(f"{ply // 2 + 1}{stop}")
            words.append(hand_typed(board, move, rng, language))
            board.push(move)
        lead = rng.choice(["", "{Exported}\n", "; a database's remark\n"])
        body = " ".join(words) + " " + rng.choice(["*", "½-½", "1/2-1/2"])
        (g,) = replay(f'{lead}[Event "E"]\n[Site "S"]\n\n{body}\n', path="g.pgn")
        assert [m.detail.uci for m in g.moves] == [m.uci() for m in moves], (seed, body)
        said = [d.code for d in g.diagnostics]
        assert g.status == "ok" and g.tags == {"Event": "E", "Site": "S"}, (seed, body, [d.message for d in g.diagnostics])
        # A language other than English's and German's is named, and only then.
        assert ("piece-letters" in said) == (language not in (None, "German")), (seed, language, body)


def test_a_variations_opening_comment_and_a_pgns_own_tags_are_kept_through_pgn():
    # "( {Philidor's} 2... d6" : the note that opens a variation is written where it stood; a game read from
    # PGN gets no [Annotator] it did not have (the notation read is told only for a book's text).
    import io

    import chess.pgn

    (g,) = replay('[Event "a"]\n\n1. e4 e5 2. Nf3 ( {Or} 2. f4 ) Nc6 ( {Philidor\'s} 2... d6 3. d4 ) *\n', path="a.pgn")
    theirs = chess.pgn.read_game(io.StringIO(FAMILY.write(g, "pgn")))
    e5 = theirs.next().next()
    assert (e5.variations[1].starting_comment, e5.next().variations[1].starting_comment) == ("Or", "Philidor's")
    assert "Annotator" not in theirs.headers


def _random_annotated_game(rng: random.Random):
    """A python-chess game of random legal moves: tags beyond the roster, a comment before the first move,
    comments, NAGs and variations (nested, some opening with a comment), and its result."""
    import chess.pgn

    words = ["good", "a trap (see move 12)", "White is better", "the only move; else 2. Qh5"]
    game = chess.pgn.Game()
    for key, value in [("Event", "E"), ("Site", "S"), ("Date", "1900.01.02"), ("Round", "3"), ("White", "A, B."),
                       ("Black", "C"), ("ECO", "C20"), ("Annotator", "X"), ("TimeControl", "40/7200")]:
        game.headers[key] = value
    if rng.random() < 0.3:
        game.comment = rng.choice(words)

    def grow(node, depth: int, plies: int) -> None:
        for _ in range(plies):
            board = node.board()
            legal = list(board.legal_moves)
            if not legal:
                return
            child = node.add_variation(rng.choice(legal))
            if depth < 3 and len(legal) > 1 and rng.random() < 0.15:
                alternative = node.add_variation(rng.choice([m for m in legal if m != child.move]))
                if rng.random() < 0.3:
                    alternative.starting_comment = rng.choice(words)
                grow(alternative, depth + 1, rng.randrange(1, 6))
            if rng.random() < 0.2:
                child.comment = rng.choice(words)
            if rng.random() < 0.2:
                child.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14, 16, 18]))
            node = child

    grow(game, 0, rng.randrange(1, 50))
    outcome = game.end().board().outcome()
    game.headers["Result"] = outcome.result() if outcome else rng.choice(["1-0", "0-1", "1/2-1/2", "*"])
    return game


def _tree(game) -> list:
    """What a PGN game holds, as python-chess reads it: tags, comments, NAGs and every line's moves."""
    out = [dict(game.headers), game.comment]
    stack = [(game, ())]
    while stack:
        node, path = stack.pop()
        for k, child in enumerate(node.variations):
            out.append((path, k, child.move.uci(), child.comment, child.starting_comment, sorted(child.nags)))
            stack.append((child, path + (k,)))
    return out


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.booleans())
# (A line PGN's writer wrapped after a move's number, "3. c3 Nc6 4." over "Qc1", and a line opening "4. Qd2" under it:
# the number was read as a note's bare mark, "4. Qd2" its label, and Qd2 lost.)
@example(54527, False)
def test_random_annotated_games_round_trip_through_pgn_as_python_chess_reads_them(seed, crlf):
    import io

    import chess.pgn

    game = _random_annotated_game(random.Random(seed))
    text = str(game) + "\n"
    (g,) = replay(text.replace("\n", "\r\n") if crlf else text, path="g.pgn")
    assert g.status == "ok", [d.message for d in g.diagnostics]
    written = FAMILY.write(g, "pgn")
    assert _tree(chess.pgn.read_game(io.StringIO(written))) == _tree(game), (text, written)
    (again,) = replay(written, path="again.pgn")
    assert FAMILY.write(again, "pgn") == written


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from(['"]', "]", '["']))
def test_a_random_pgn_game_with_one_tag_pair_damaged_is_one_record_read_whole_and_the_tag_said(seed, cut):
    # A tag's closing quote or bracket lost: the game was an unparsed record, not one of its moves read; its
    # opening quote lost ('[Event E"]'): the tags after it were a record of their own.
    rng = random.Random(seed)
    game = _random_annotated_game(rng)
    lines = str(game).split("\n")
    tag = rng.randrange(sum(line.startswith("[") for line in lines))
    if cut == '["':
        lines[tag] = lines[tag].replace(' "', " ", 1)
    else:
        lines[tag] = lines[tag][:-2] + ("]" if cut == '"]' else '"')
    name = lines[tag][1:].split(" ")[0]
    (g,) = replay("\n".join(lines) + "\n", path="g.pgn")
    assert [m.detail.uci for m in g.moves] == [m.uci() for m in game.mainline_moves()]
    assert g.status == "error" and g.tags[name] == game.headers[name]
    assert [(d.code, d.line) for d in g.diagnostics if d.severity == "error"] == [("damaged-tag", tag + 1)]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1))
@example(410159)
def test_a_random_pgn_game_with_a_stray_brace_among_its_moves_is_read_whole_and_the_brace_said(seed):
    # A "}" no "{" opened, put in between two words of the movetext outside its comments: the game was an
    # unparsed record, not one of its moves read. (Seed 410159: a comment's "{ White is better } ) 1... g5" weighed
    # the game's move g5 as one not played, and the decoder's reading, another line, was kept: no word weighs a move
    # across a brace or a bracket.)
    rng = random.Random(seed)
    game = _random_annotated_game(rng)
    text = str(game)
    depth, spaces = 0, []
    for at in range(text.index("\n\n") + 2, len(text)):
        depth += {"{": 1, "}": -1}.get(text[at], 0)
        if depth == 0 and text[at] in " \n":
            spaces.append(at)
    at = rng.choice(spaces) + 1
    text = text[:at] + "} " + text[at:]
    (g,) = replay(text + "\n", path="g.pgn")
    assert [m.detail.uci for m in g.moves] == [m.uci() for m in game.mainline_moves()]
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity == "error"] == [
        ("stray-bracket", text[:at].count("\n") + 1, at - text.rfind("\n", 0, at))]


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**32 - 1), st.integers(1, 40), st.sampled_from(["}", "]"]))
def test_a_random_tagless_game_with_a_stray_bracket_among_its_moves_is_san_with_the_bracket_said(seed, plies, bracket):
    # "1. d4 } d5 0-1": German or algebraic, read by the layout reader (and the decoder) past the bracket, read
    # it clean with nothing said, and the stray bracket's SAN reading lost to it.
    rng = random.Random(seed)
    moves = random_game(seed, plies)
    words = chess.Board().variation_san(moves).split() + [rng.choice(["1-0", "0-1", "1/2-1/2", "*"])]
    k = rng.randrange(1, len(words))
    text = " ".join(words[:k]) + f" {bracket} " + " ".join(words[k:]) + "\n"
    at = text.index(f" {bracket} ") + 1
    (g,) = replay(text, path="g.pgn")
    assert g.notation == "san" and [m.detail.uci for m in g.moves] == [m.uci() for m in moves], text
    assert [(d.code, d.line, d.column) for d in g.diagnostics if d.severity == "error"] == [
        ("stray-bracket", 1, at + 1)], text


def test_placeholder_tags_name_nothing_in_a_title():
    # PGN's "?" is a tag not known: the title is the players' names, with no ", ?" for the event.
    (game,) = replay('[Event "?"]\n[White "Anderssen"]\n[Black "Kieseritzky"]\n\n1. e4 e5 *\n')
    assert game.title == "Anderssen – Kieseritzky"
    assert replay('[Event "?"]\n[White "?"]\n[Black "?"]\n\n1. e4 e5 *\n')[0].title is None


_HEADINGS = ["GAME {n}.--Between Mr. X and Mr. Y.", "Game {n}", "GAME {n}.\n\nPlayed between Mr. X and Mr. Y.",
             "ILLUSTRATIVE GAMES.\n\nGAME {n}.--Between Mr. X and Mr. Y."]


def _read(text: str) -> list:
    """Every record of ``text`` as a file of a book's text is cut (by the families' splitters), replayed."""
    from notation.model import SourceText
    from notation.pipeline import process, split_source

    return [process(r) for r in split_source(SourceText("g.txt", text))]


@settings(max_examples=20, deadline=None)
@given(st.integers(0, GAMES - 1), st.integers(0, GAMES - 1), st.sampled_from(_HEADINGS), st.integers(2, 99),
       st.sampled_from(["*", "1-0", "0-1", "1/2-1/2"]))
def test_a_random_pgn_game_then_a_random_books_game_under_a_heading_are_two_records(first, second, heading, n, result):
    """A PGN game pasted over a book's game: two records, both games' moves as written, the second titled by
    its heading as the book's game read alone is."""
    moves, _ = original_game(first)
    pgn = " ".join(chess.Board().variation_san(moves).split())
    later, game = original_game(second)
    score = re.sub(r" (?=\d+\. )", "\n", FAMILY.write(game, "english-descriptive"))  # a move pair a line
    book = f"{heading.format(n=n)}\n\n{score}\n"
    one, two = _read(f'[Event "E"]\n[White "A"]\n[Black "B"]\n\n{pgn} {result}\n\n{book}')
    (alone,) = _read(book)
    assert [m.detail.uci for m in one.moves] == [m.uci() for m in moves] and one.tags["White"] == "A"
    assert [m.detail.uci for m in two.moves] == [m.uci() for m in later] and two.status == "ok"
    assert two.tags == alone.tags and two.tags["Round"] == str(n)
