"""Chess set-ups in prose -> a position (``grammars/chess_setup.lark``).

Foster's Complete Hoyle describes positions in words rather than diagrams::

    >>> setup_fen("Black K on his own square. White King on K B 6; "
    ...           "white Bishops on K B 4 and K B 5. White to move and win.")
    '4k3/8/5K2/5B2/5B2/8/8/8 w - - 0 1'

Squares are English descriptive and count from the side of the man placed on
them (a black Pawn on "Q R 2" stands on a7); "sq", "square" and "’s" name the
first rank, and "his own square" is the home square of a King or Queen. Some
books count every square from White's side instead (a black King "at Q R 3"
on a3): :meth:`SetUp.board` reads Black's bare squares so where asked
(``black_from_white``), and the record's moves decide which reading stands
(:mod:`notation.rules.chess.setups`).
Men without a colour take the colour of the side's list they are in ("Black
men;-- King on Q R’s; Queen on Q Kt’s") or of the man named before them.

The long form spelled out in words is read too, each side's men under a heading
("Situation of the White. The king at the adverse king’s 3d. The rook at its
queen’s bishop’s square."): a square in words (:class:`SpelledSquare`) is
counted from the man's own side unless it names the other ("adverse",
"adversary’s") or a colour ("the black queen’s knight’s 4th"), and "his" (her,
its) names the man's own file ("The king at his 4th square" is K 4, "The
queen’s knight at his square" Q Kt sq) or, before a minor file alone, his own
wing ("The king at his bishop’s 4th" is K B 4).

Who moves comes from the text ("White to move"), else from
``side_to_move_default``; but a side that is in check must be the side to
move, so when the text is silent and the default side's opponent stands in
check, that opponent moves. Castling is allowed wherever a King and Rook
stand on their home squares.

Bad prose raises :class:`SetUpError`, which names the column and what was
expected there.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

import chess
from lark import Token, Transformer, UnexpectedInput, v_args
from lark.exceptions import VisitError

from notation.parse import lark_failure, load, span
from notation.parse.chess_descriptive_words import ordinal

GRAMMAR = "chess_setup.lark"

Colour = Literal["white", "black"]

#: Descriptive file names -> python-chess file index (a = 0).
FILES = {"QR": 0, "QKt": 1, "QB": 2, "Q": 3, "K": 4, "KB": 5, "KKt": 6, "KR": 7}

#: Home squares of the men that have only one, for "his own square".
HOME = {chess.KING: "K", chess.QUEEN: "Q"}

#: Terminals that begin a man's name, and those that begin a square.
_MAN_TERMINALS = {"KING_WORD", "QUEEN_WORD", "ROOK_WORD", "BISHOP_WORD", "KNIGHT_WORD", "PAWN_WORD", "P"}
_FILE_TERMINALS = {"K", "Q", "R", "B", "KT"}

#: What the other grammar terminals mean to a reader, for error messages.
EXPECTED_NAMES = {
    "COLOUR": "a colour (White or Black)",
    "MEN": "'men'",
    "HAS": "'has'",
    "OWN_OF": "'his'",
    "PUT": "'Put'",
    "ARTICLE": "'the' or 'a'",
    "_ON": "'on'",
    "OWN_SQUARE": "'his own square'",
    "TO_MOVE": "'to move'",
    "DIGIT": "a rank (1 to 8, sq or ’s)",
    "FIRST_RANK": "a rank (1 to 8, sq or ’s)",
    "_COMMA": "','",
    "_DASH": "'-'",
    "_PUNCT": "'.', ';' or ','",
    "_AND": "'and'",
    "_GROUP_MARK": "';--'",
    "_COLON": "':'",
    "COUNT": "the number of men, such as (5 pieces)",
    "$END": "the end of the set-up",
}

MAN = "a man (King, Queen, Rook, Bishop, Knight, Pawn, or K, Q, R, B, Kt, P)"
SQUARE = "a square (such as K B 6 or Q R sq)"
FILE_LETTER = "a file (R, Kt or B)"


def expected_names(terminals: set[str] | frozenset[str]) -> list[str]:
    """Reader's names for the grammar terminals a parser would have accepted."""
    names: set[str] = set()
    if terminals & _MAN_TERMINALS:
        names.add(MAN)
    # The letters K, Q, R, B, Kt begin a man's name and a square alike; a
    # square can come only where an item starts (PUT is then possible too)
    # or after "on" (where OWN_SQUARE is) or a man's letter (where the dash of "K-KB6" is), and a file letter
    # after K or Q.
    if terminals & {"PUT", "OWN_SQUARE", "_DASH"}:
        names.add(SQUARE)
    elif terminals & {"R", "B", "KT"} and not terminals & _MAN_TERMINALS:
        names.add(FILE_LETTER)
    for terminal in terminals - _MAN_TERMINALS - _FILE_TERMINALS:
        names.add(EXPECTED_NAMES.get(terminal, terminal))
    return sorted(names)


class SetUpError(ValueError):
    """The prose does not describe a position.

    ``column`` is 1-based in the prose, ``offset`` 0-based; ``expected`` names
    what would have been read there (empty when the words read well but the
    position they describe is impossible).
    """

    def __init__(self, prose: str, offset: int, message: str, expected: list[str] | None = None):
        self.prose = prose
        self.offset = max(0, min(offset, len(prose)))
        self.column = self.offset + 1
        self.expected = list(expected or [])
        self.reason = message
        super().__init__(f"column {self.column}: {message}")


@dataclass(frozen=True)
class Square:
    """A square as printed: descriptive file name, rank from its owner's side (1 for sq/’s)."""

    file: str
    rank: int
    text: str
    start: int
    end: int

    def resolve(self, colour: Colour, prose: str) -> chess.Square:
        """The python-chess square, counting the rank from ``colour``'s side."""
        if self.file not in FILES:
            raise SetUpError(prose, self.start,
                             f"{self.text!r} does not say which {self.file} file: "
                             f"expected K {self.file} or Q {self.file}",
                             [f"K {self.file}", f"Q {self.file}"])
        rank = self.rank if colour == "white" else 9 - self.rank
        return chess.square(FILES[self.file], rank - 1)


@dataclass(frozen=True)
class OwnSquare:
    """"his own square": the home square of the man placed."""

    text: str
    start: int
    end: int


@dataclass(frozen=True)
class SpelledSquare:
    """A square in words: ``the adverse king’s 3d``, ``its queen’s bishop’s square``, ``his 4th square``.

    ``wing`` and ``minor`` are the file's words as initials (``K``/``Q``; ``R``, ``Kt``, ``B``), either
    missing; ``side`` the side the rank is counted from: ``own`` (the man's), ``other``, ``white``,
    ``black``; ``his`` whether "his" (her, its) names the file from the man himself."""

    wing: str | None
    minor: str | None
    rank: int | None  # None: "square" alone, the first rank (a pawn's: his own square, the second)
    side: str
    his: bool
    text: str
    start: int
    end: int

    def resolve(self, colour: Colour, piece: chess.PieceType, name: str | None, prose: str) -> chess.Square:
        """The square for a man of ``colour`` and kind ``piece`` named ``name`` (``QKt``, ``KB`` for the king's
        bishop's pawn, ``None`` for a man named without his wing)."""
        own = HOME.get(piece) or name  # the man's own file: the King's and Queen's, or his name's
        if self.wing is not None:
            file = self.wing + (self.minor or "")
        elif self.minor is not None and self.his:  # "his bishop's 4th": his own wing
            wing = HOME.get(piece) or (name[0] if name else None)
            if wing is None:
                raise SetUpError(prose, self.start, f"{self.text!r} does not say which {self.minor} file: the man "
                                 "is named without his wing", [f"king's {self.minor}", f"queen's {self.minor}"])
            file = wing + self.minor
        elif self.minor is None and self.his and own is not None:  # "his 4th square", "his square"
            file = own
        else:
            raise SetUpError(prose, self.start, f"{self.text!r} names no file: expected a square such as "
                             "king's bishop's 3d", ["a square"])
        rank = self.rank if self.rank is not None else 2 if piece == chess.PAWN and self.his else 1
        counted = colour if self.side == "own" else ("black" if colour == "white" else "white") \
            if self.side == "other" else self.side
        return chess.square(FILES[file], (rank if counted == "white" else 9 - rank) - 1)


@dataclass
class Placement:
    """Men of one kind put on one or more squares."""

    piece: chess.PieceType
    colour: Colour | None
    locations: list[Square | OwnSquare | SpelledSquare]
    start: int
    opens_list: bool = False  # "Black men;--" before it
    #: The man's name where it says his wing or file, as initials: ``QKt`` (the queen's knight), ``KB``
    #: (the king's bishop, or the king's bishop's pawn), ``Q`` (the queen's pawn).
    name: str | None = None


@dataclass(frozen=True)
class ToMove:
    colour: Colour
    start: int
    #: What the book says the side to move achieves: "win", "draw", "mate" (in so many moves),
    #: or None when it only says who moves.
    goal: str | None = None


@dataclass
class SetUp:
    """What the prose says, before it is put on a board."""

    prose: str
    placements: list[Placement] = field(default_factory=list)
    to_move: ToMove | None = None

    def recounted(self) -> list[str]:
        """Black's men on a bare descriptive square ("K at Q R 3"), each as it stands counted from White's side
        ("King at Q R 3 is a3"): the squares that read otherwise from the two sides. A square in words names its
        side ("his", "the adverse"), and "his own square" is his own: neither is here."""
        return [f"{chess.piece_name(p.piece).capitalize()} at {location.text} is "
                f"{chess.square_name(location.resolve('white', self.prose))}"
                for p in self.placements if p.colour == "black"
                for location in p.locations if isinstance(location, Square)]

    def board(self, side_to_move_default: Colour = "white", black_from_white: bool = False) -> chess.Board:
        """The position: every man placed, the side to move decided, the result checked; ``black_from_white``:
        Black's bare squares counted from White's side (:meth:`recounted`)."""
        board = chess.Board.empty()
        where: dict[chess.Square, Square | OwnSquare | SpelledSquare] = {}
        for placement in self.placements:
            assert placement.colour is not None
            colour = chess.WHITE if placement.colour == "white" else chess.BLACK
            for location in placement.locations:
                if isinstance(location, OwnSquare):
                    if placement.piece not in HOME:
                        raise SetUpError(
                            self.prose, location.start,
                            f"'own square' of a {chess.piece_name(placement.piece)} is not one square: "
                            "expected a square such as K B 3", ["a square"])
                    square = chess.square(FILES[HOME[placement.piece]], 0 if colour else 7)
                elif isinstance(location, SpelledSquare):
                    square = location.resolve(placement.colour, placement.piece, placement.name, self.prose)
                else:
                    square = location.resolve("white" if black_from_white else placement.colour, self.prose)
                if square in where:
                    raise SetUpError(self.prose, location.start,
                                     f"{chess.square_name(square)} is already taken by the "
                                     f"{_describe(board.piece_at(square))} placed at column "
                                     f"{where[square].start + 1}")
                if placement.piece == chess.PAWN and chess.square_rank(square) in (0, 7):
                    raise SetUpError(self.prose, location.start,
                                     f"a Pawn cannot stand on {location.text!r} "
                                     f"({chess.square_name(square)}), the first or last rank")
                board.set_piece_at(square, chess.Piece(placement.piece, colour))
                where[square] = location
        for colour in (chess.WHITE, chess.BLACK):
            kings = board.pieces(chess.KING, colour)
            name = chess.COLOR_NAMES[colour]
            if len(kings) != 1:
                raise SetUpError(self.prose, len(self.prose),
                                 f"a set-up needs one {name} King, this one has {len(kings)}")
        board.turn = self._side_to_move(board, side_to_move_default)
        board.castling_rights = chess.BB_CORNERS
        board.castling_rights = board.clean_castling_rights()
        status = board.status()
        if status != chess.STATUS_VALID:
            raise SetUpError(self.prose, len(self.prose),
                             f"the position cannot arise in a game: {_status_text(status)}")
        return board

    def _side_to_move(self, board: chess.Board, default: Colour) -> chess.Color:
        if self.to_move is not None:
            turn = chess.WHITE if self.to_move.colour == "white" else chess.BLACK
            if _in_check(board, not turn):
                raise SetUpError(self.prose, self.to_move.start,
                                 f"{self.to_move.colour.capitalize()} to move, but "
                                 f"{chess.COLOR_NAMES[not turn]} is in check")
            return turn
        if default not in ("white", "black"):
            raise ValueError(f"side_to_move_default must be 'white' or 'black', not {default!r}")
        turn = chess.WHITE if default == "white" else chess.BLACK
        # A side in check must be the side to move: the diagram shows it so.
        if _in_check(board, not turn):
            return not turn
        return turn


def _in_check(board: chess.Board, colour: chess.Color) -> bool:
    king = board.king(colour)
    return king is not None and board.is_attacked_by(not colour, king)


def _describe(piece: chess.Piece | None) -> str:
    if piece is None:
        return "man"
    return f"{chess.COLOR_NAMES[piece.color]} {chess.piece_name(piece.piece_type)}"


def _status_text(status: chess.Status) -> str:
    names = [flag.name.lower().replace("_", " ") for flag in chess.Status
             if flag and flag in status and flag.name]
    return ", ".join(names) or "invalid"


#: The words of a wing or a file in the long form -> their initials.
_INITIALS = {"king": "K", "queen": "Q", "rook": "R", "bishop": "B", "knight": "Kt", "castle": "R"}

_PIECES = {"king": chess.KING, "castle": chess.ROOK, "queen": chess.QUEEN, "rook": chess.ROOK,
           "bishop": chess.BISHOP, "knight": chess.KNIGHT, "pawn": chess.PAWN}


def _colour(token: Token) -> Colour:
    return "white" if str(token).lower() == "white" else "black"


def _rank(token: Token) -> int:
    """The rank an ORDINAL prints, in figures or in words ("4th", "fourth")."""
    rank = ordinal(str(token))
    assert rank is not None and 1 <= rank <= 8, token  # (the terminal spells only the eight)
    return rank


@v_args(meta=True)
class SetUpTransformer(Transformer):
    """Tree of ``chess_setup.lark`` -> :class:`SetUp`.

    Bare squares join the placement before them; men without a colour take
    the colour of the list they are in or of the man before them.
    """

    def __init__(self, prose: str) -> None:
        super().__init__()
        self.prose = prose

    def king(self, meta, children):
        return chess.KING

    def queen(self, meta, children):
        return chess.QUEEN

    def rook(self, meta, children):
        return chess.ROOK

    def bishop(self, meta, children):
        return chess.BISHOP

    def knight(self, meta, children):
        return chess.KNIGHT

    def pawn(self, meta, children):
        return chess.PAWN

    def file(self, meta, children):
        return "".join(str(c).rstrip(".") for c in children)  # ("Q. R." is Q R)

    def rank(self, meta, children):
        (token,) = children
        if token.type == "ORDINAL":  # ("6th", "sixth")
            return _rank(token)
        return int(token) if token.type == "DIGIT" else 1  # ("6"; "sq", "'s": the first rank)

    def square(self, meta, children):
        file, rank = children
        return Square(file, rank, self.prose[meta.start_pos:meta.end_pos], meta.start_pos, meta.end_pos)

    def named(self, meta, children):
        """"king's bishop's pawn", "queen's knight": the man, and his wing's and file's initials."""
        wing = _INITIALS[str(children[0]).lower()[:-2]]
        minor = _INITIALS[str(children[1]).lower()[:-2]] if len(children) == 3 else ""
        word = str(children[-1]).lower().rstrip("s")
        piece = _PIECES["rook" if word == "castle" else word]
        return piece, wing + (minor or (_INITIALS[word] if piece != chess.PAWN else ""))

    def spelled(self, meta, children):
        wing = minor = None
        rank: int | None = None
        side, his = "own", False
        for child in children:
            kind, text = child.type, str(child).lower()
            if kind == "WING_OF":
                wing = _INITIALS[text[:-2]]
            elif kind == "MINOR_OF":
                minor = _INITIALS[text[:-2]]
            elif kind == "ORDINAL":
                rank = _rank(child)
            elif kind == "OWN_OF":
                his = True
            elif kind == "SIDE":
                side = "other"
            elif kind == "COLOUR":
                side = _colour(child)
        return SpelledSquare(wing, minor, rank, side, his, self.prose[meta.start_pos:meta.end_pos],
                             meta.start_pos, meta.end_pos)

    def location(self, meta, children):
        (child,) = children
        if isinstance(child, Token):  # OWN_SQUARE
            return OwnSquare(str(child), *span(child))
        return child

    def placement(self, meta, children):
        colour = None
        piece = None
        name = None
        location = children[-1]
        for child in children[:-1]:
            if isinstance(child, Token) and child.type == "COLOUR":
                colour = _colour(child)
            elif isinstance(child, tuple):  # a man named with his wing
                piece, name = child
            elif isinstance(child, int):
                piece = child
        assert piece is not None
        return Placement(piece, colour, [location], meta.start_pos, name=name)

    def group(self, meta, children):
        colour_token = next(c for c in children if isinstance(c, Token) and c.type == "COLOUR")
        placement = children[-1]
        if placement.colour is None:
            placement.colour = _colour(colour_token)
        placement.opens_list = True
        return placement

    def to_move(self, meta, children):
        words = str(children[1]).lower().split()
        goal = words[-1] if words[-1] in ("win", "draw") else "mate" if "mate" in words else None
        return ToMove(_colour(children[0]), meta.start_pos, goal)

    def start(self, meta, children):
        setup = SetUp(self.prose)
        colour: Colour | None = None
        for item in children:
            if isinstance(item, ToMove):
                if setup.to_move is not None:
                    raise SetUpError(self.prose, item.start, "the side to move is given twice")
                setup.to_move = item
            elif isinstance(item, Placement):
                if item.colour is None:
                    if colour is None:
                        raise SetUpError(self.prose, item.start,
                                         "expected a colour (White or Black) before the first man",
                                         [EXPECTED_NAMES["COLOUR"]])
                    item.colour = colour
                colour = item.colour
                setup.placements.append(item)
            else:  # a bare square: one more man like the one before
                if not setup.placements:
                    raise SetUpError(self.prose, item.start,
                                     f"a square ({item.text!r}) with no man before it: "
                                     "expected a man such as 'white King on'",
                                     [MAN])
                setup.placements[-1].locations.append(item)
        return setup


def parse_setup(prose: str) -> SetUp:
    """Read set-up prose into a :class:`SetUp` (the men and squares it names).

    Raises :class:`SetUpError` naming the column and what was expected there.
    """
    try:
        tree = load(GRAMMAR).parse(prose)
    except UnexpectedInput as exc:
        raise _syntax_error(prose, exc) from None
    try:
        return SetUpTransformer(prose).transform(tree)
    except VisitError as exc:  # lark wraps what a transformer method raises
        if isinstance(exc.orig_exc, SetUpError):
            raise exc.orig_exc from None
        raise


def setup_board(prose: str, *, side_to_move_default: Colour = "white") -> chess.Board:
    """The position the prose describes, as a python-chess :class:`chess.Board`."""
    return parse_setup(prose).board(side_to_move_default)


def setup_fen(prose: str, *, side_to_move_default: Colour = "white") -> str:
    """The FEN of the position the prose describes.

    >>> setup_fen("Black King on K R sq. White King on K B 6, white Bishop on K B 5, "
    ...           "and white Knight on K Kt 5; White to move and win.")
    '7k/8/5K2/5BN1/8/8/8/8 w - - 0 1'

    Raises :class:`SetUpError` (a :class:`ValueError`) with the column and
    what was expected when the prose cannot be read or the position is
    impossible (two men on one square, no King, a side not to move in check).
    """
    return setup_board(prose, side_to_move_default=side_to_move_default).fen()


def _syntax_error(prose: str, exc: UnexpectedInput) -> SetUpError:
    offset, expected, found = lark_failure(prose, exc, "the end of the set-up")
    names = expected_names(expected)
    if len(names) > 1:
        wanted = ", ".join(names[:-1]) + " or " + names[-1]
    else:
        wanted = names[0] if names else "a set-up"
    message = f"expected {wanted}, found {found}"
    return SetUpError(prose, offset, message, names)


#: python-chess file index -> descriptive file name, as Foster spaces it.
_FILE_NAMES = ["Q R", "Q Kt", "Q B", "Q", "K", "K B", "K Kt", "K R"]
_MAN_NAMES = {chess.KING: ("King", "King"), chess.QUEEN: ("Queen", "Queens"),
              chess.ROOK: ("Rook", "Rooks"), chess.BISHOP: ("Bishop", "Bishops"),
              chess.KNIGHT: ("Knight", "Knights"), chess.PAWN: ("Pawn", "Pawns")}


def descriptive_square(square: chess.Square, colour: chess.Color) -> str:
    """Foster's name of ``square`` for a man of ``colour``: ``K B 6``, ``Q R sq``."""
    rank = chess.square_rank(square) + 1 if colour == chess.WHITE else 8 - chess.square_rank(square)
    return f"{_FILE_NAMES[chess.square_file(square)]} {'sq' if rank == 1 else rank}"


def setup_prose(board: chess.Board) -> str:
    """Describe ``board`` in Foster's words, the inverse of :func:`setup_board`.

    >>> setup_prose(chess.Board("4k3/8/5K2/5B2/5B2/8/8/8 w - - 0 1"))
    'White men;--King on K B 6; Bishops on K B 5 and K B 4. Black men;--King on K sq. White to move.'

    Castling rights, the en passant square and the move counters are not
    part of the prose.
    """
    sentences = []
    for colour in (chess.WHITE, chess.BLACK):
        items = []
        for piece in (chess.KING, chess.QUEEN, chess.ROOK, chess.BISHOP, chess.KNIGHT, chess.PAWN):
            squares = [descriptive_square(sq, colour)
                       for sq in sorted(board.pieces(piece, colour), reverse=True)]
            if not squares:
                continue
            singular, plural = _MAN_NAMES[piece]
            listed = squares[0] if len(squares) == 1 else ", ".join(squares[:-1]) + " and " + squares[-1]
            items.append(f"{singular if len(squares) == 1 else plural} on {listed}")
        if items:
            sentences.append(f"{chess.COLOR_NAMES[colour].capitalize()} men;--" + "; ".join(items) + ".")
    sentences.append(f"{chess.COLOR_NAMES[board.turn].capitalize()} to move.")
    return " ".join(sentences)
