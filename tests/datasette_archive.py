"""A small archive for the Datasette tests, built from model objects (no parser needed).

Chess positions are real FENs made with python-chess; one record has a
repaired misprint, a variation and a comment; one has a hostile title; two
reach the same position by different move orders; one belongs to a family
that has no picture module.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import chess

from notation.archive import Archive, enable_search
from notation.details.checkers import CheckersGameDetail, CheckersMoveDetail
from notation.details.chess import ChessMoveDetail
from notation.model import Claim, Diagnostic, Game, Move, Record, SourceText, Variation

HOSTILE_TITLE = "<script>alert('pwned')</script> & <b>bold</b>"
FOSTER_OPENINGS = "Foster's Complete Hoyle, Chess, The Openings"
FOSTER_CHECKERS = "Foster's Complete Hoyle, Checkers, or Draughts, The End Game"
#: A position reached by two records (Ruy Lopez after 2...Nc6, and the Reti order).
SHARED = "r1bqkbnr/pppp1ppp/2n5/4p3/4P3/5N2/PPPP1PPP/RNBQKB1R w KQkq - 2 3"


@dataclass
class Built:
    path: Path
    allgaier: int
    hostile: int
    ruy: int
    reti: int
    go: int
    checkers: int | None = None
    ending: int | None = None


def record(path: str, index: int, tags: dict[str, str], body: str) -> Record:
    head = "".join(f'[{k} "{v}"]\n' for k, v in tags.items())
    text = head + body
    return Record(SourceText(path, text), index, dict(tags), text, body, 0, len(head))


def chess_game(rec: Record, title: str, printed: list[str], sans: list[str],
               notation: str = "english-descriptive") -> Game:
    """A chess game whose moves are ``sans`` (legal), printed as ``printed``."""
    board = chess.Board()
    game = Game(record=rec, family="chess", notation=notation, title=title, start=board.fen())
    for ply, (text, san) in enumerate(zip(printed, sans), start=1):
        move = board.parse_san(san)
        detail = ChessMoveDetail(from_=chess.square_name(move.from_square), to=chess.square_name(move.to_square))
        board.push(move)
        game.moves.append(Move(ply=ply, side="white" if ply % 2 else "black", printed=text,
                               normalized=san, number=(ply + 1) // 2, line=2, column=1 + 6 * (ply - 1),
                               detail=detail, position=board.fen()))
    return game


def build(path: Path, more: bool = False) -> Built:
    """Write the test archive to ``path`` and close it (so an immutable reader sees everything).

    ``more`` adds a checkers record whose set-up the replay inferred, and a
    chess record that ends on a line moving no piece.
    """
    archive = Archive(str(path))

    # Allgaier Gambit: a misprint repaired at ply 5, a variation at ply 4, a claim, a comment.
    tags = {"Game": "chess", "Notation": "english-descriptive", "Title": "Allgaier Gambit",
            "Source": FOSTER_OPENINGS}
    printed = ["P-K4", "P-K4", "P-KB4", "PxP", "Kt-KB4", "P-KKt4", "P-KR4", "P-Kt5", "Kt-Kt5"]
    sans = ["e4", "e5", "f4", "exf4", "Nf3", "g5", "h4", "g4", "Ng5"]
    allgaier = chess_game(record("corpus/chess/foster.txt", 0, tags, " ".join(printed)),
                          "Allgaier Gambit", printed, sans)
    allgaier.moves[4].status = "repaired"
    allgaier.moves[8].comment = "the Allgaier proper"
    allgaier.diagnostics.append(Diagnostic(
        "error", "illegal-move", "Kt-KB4: no knight can reach KB4 (f4 holds a pawn)",
        line=2, column=25, ply=5, suggestions=["Kt-KB3", "Kt-K2"]))
    board = chess.Board()
    for san in sans[:3]:
        board.push_san(san)
    board.push_san("d5")
    allgaier.variations.append(Variation(id=1, parent=0, branch_ply=4, label="A", comment="the counter-gambit", moves=[
        Move(ply=4, side="black", printed="P-Q4", normalized="d5", number=2, position=board.fen())]))
    allgaier.claims.append(Claim(ply=9, what="check", claimed="no", actual="no"))
    allgaier.finish()

    # A record whose title is markup: it must show as text everywhere.
    tags = {"Game": "chess", "Title": HOSTILE_TITLE, "Source": FOSTER_OPENINGS + " <i>again</i>"}
    hostile = chess_game(record("corpus/chess/hostile.txt", 0, tags, "P-K4 <img src=x onerror=alert(1)>"),
                         HOSTILE_TITLE, ["P-K4"], ["e4"])
    hostile.moves[0].comment = "<img src=x onerror=alert(1)>"
    hostile.diagnostics.append(Diagnostic("error", "syntax", "cannot read '<img src=x onerror=alert(1)>'",
                                          line=2, column=6, suggestions=["<script>"]))
    hostile.finish()

    # Two move orders reaching SHARED (the Reti order with different move counters in its key).
    tags = {"Game": "chess", "Notation": "english-descriptive", "Title": "Ruy Lopez",
            "Source": FOSTER_OPENINGS, "Opening": "Spanish Game"}
    printed = ["P-K4", "P-K4", "Kt-KB3", "Kt-QB3", "B-Kt5"]
    ruy = chess_game(record("corpus/chess/foster.txt", 1, tags, " ".join(printed)), "Ruy Lopez",
                     printed, ["e4", "e5", "Nf3", "Nc6", "Bb5"])
    # The book's verdict at the end of the line, judged by the engine (notation/rules/chess/endings.py).
    ruy.claims.append(Claim(ply=5, what="verdict", claimed="advantage for White", actual="advantage for White",
                            how="engine", reason="Stockfish at depth 18: +0.40 for White", evaluation="+0.40", depth=18))
    tags = {"Game": "chess", "Notation": "algebraic", "Title": "Reti order",
            "Source": "Hoyle's Games Modernized, Chess"}
    reti = chess_game(record("corpus/chess/hoyle.txt", 0, tags, "1. Nf3 Nc6 2. e4 e5"), "Reti order",
                      ["1. Nf3", "Nc6", "2. e4", "e5"], ["Nf3", "Nc6", "e4", "e5"], notation="algebraic")
    # The Reti order reaches SHARED with another halfmove clock: the same position all the same.
    # A result printed in words where the game goes on ("Black resigns."), which the engine disputes.
    reti.claims.append(Claim(ply=None, what="result", claimed="win for White", actual="draw", how="engine",
                             reason="Stockfish at depth 12: +0.10 for White", evaluation="+0.10", depth=12))

    # A family with no picture module: its positions show as text.
    tags = {"Game": "go", "Title": "A go record", "Source": "Round Games with Cards, Nap"}
    go = Game(record=record("corpus/go/one.txt", 0, tags, "D4"), family="go", notation="kifu",
              title="A go record", start="empty 19x19")
    go.moves.append(Move(ply=1, side="black", printed="D4", normalized="D4", number=1, position="B:D4"))
    go.finish()

    games = [allgaier, hostile, ruy, reti, go]
    if not more:
        ids = [archive.store(g) for g in games]
        enable_search(archive.db)
        archive.db.conn.close()
        return Built(path, *ids)  # type: ignore[arg-type]

    # Checkers in PDN: a set-up the replay inferred (not a printed diagram), numbered 1. 11-15 22-18.
    tags = {"Game": "checkers", "Title": "A checkers ending", "Source": FOSTER_CHECKERS}
    body = "1. 11-15 22-18 2. 15x22 *"
    checkers = Game(record=record("corpus/checkers/endings.txt", 0, tags, body), family="checkers",
                    notation="pdn", title="A checkers ending", start="B:W22,23:B11",
                    detail=CheckersGameDetail(setup_inferred=True, setup="B:W22,23:B11"))
    for ply, (side, text, squares, key) in enumerate([
            ("black", "11-15", [11, 15], "W:W22,23:B15"), ("white", "22-18", [22, 18], "B:W18,23:B15"),
            ("black", "15x22", [15, 22], "W:W23:B22")], start=1):
        checkers.moves.append(Move(ply=ply, side=side, printed=text, normalized=text, number=(ply + 1) // 2,
                                   detail=CheckersMoveDetail(from_=squares[0], to=squares[-1], path=squares),
                                   position=key))
    checkers.finish()

    # A record that ends with a line moving no piece: the board must stay, with a note.
    tags = {"Game": "chess", "Notation": "algebraic", "Title": "A resignation", "Source": FOSTER_OPENINGS}
    ending = chess_game(record("corpus/chess/foster.txt", 2, tags, "1. e4 resigns"), "A resignation",
                        ["1. e4"], ["e4"], notation="algebraic")
    ending.moves.append(Move(ply=2, side="black", printed="resigns", normalized="resigns", number=1))
    ending.finish()

    ids = [archive.store(g) for g in (*games, checkers, ending)]
    enable_search(archive.db)
    archive.db.conn.close()
    return Built(path, *ids)  # type: ignore[arg-type]
