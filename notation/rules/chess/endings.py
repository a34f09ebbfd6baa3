"""Chess endings: what a record claims about its ending, checked against the tables and the search.

:func:`settle` is the replay's one call: it checks what a record claims about its ending
("White to move and win", "mate in three", a result printed before the end), notes the value
after each move of a four-man ending in the move's detail, and warns where a printed move throws
a win away. The values come from :mod:`notation.solve.chess_search`.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

import chess

from notation.boards.chess import gives_mate
from notation.details.chess import ChessGameDetail
from notation.model import Claim, Diagnostic, Game, Move, ParsedRecord
from notation.parse.chess_descriptive_words import cardinal, ordinal
from notation.parse.chess_text_setup import mate_moves
from notation.rules.kit import note_value
from notation.solve import Verdict, chess_engine
from notation.solve.chess_search import MAX_MEN, MateProof, board_of, probe, settle_mate, solve, tables

if TYPE_CHECKING:
    from notation.solve import chess_tables as ct

#: Deletes every ASCII character but the letters: what is left of a placement is its men.
_NOT_MEN = str.maketrans("", "", "".join(chr(c) for c in range(128) if not chr(c).isalpha()))


def _men(key: str | None) -> int:
    """Men on the board of a position key (letters of its placement; asked for every ply of every game)."""
    if not key:
        return 99
    placement = key.split(" ", 1)[0]
    if placement.isascii():
        return len(placement.translate(_NOT_MEN))
    return sum(ch.isalpha() for ch in placement)


def _reaches_ending(game: Game) -> bool:
    """Whether the main line starts in or reaches a position of at most :data:`MAX_MEN` men."""
    if _men(game.start) <= MAX_MEN:
        return True
    # Men only leave the board (a promotion replaces one; Crazyhouse's captured men stay in the key's
    # pockets): the line's last position has the fewest.
    return next((_men(m.position) for m in reversed(game.moves) if m.position), 99) <= MAX_MEN


#: The game's variants played by standard chess's rules (its men removed at odds, its pieces shuffled in Chess960).
STANDARD_RULES = (None, "standard", "chess960", "odds")


def settle(game: Game, parsed: ParsedRecord | None = None) -> None:
    """Check the record's claims about its ending; note each ending move's value; warn at moves that lose ground.

    ``parsed``: the record as read, to say a refuted result where it is printed (:func:`result_at`), worked
    out only where a result is checked (most games reach no ending).

    Positions of more than four men are left alone unless a claim asks about
    them (then the bounded search tries, and the engine judges what it cannot
    prove). The verdicts printed at the end of a line ("Even game.") are claims
    of the line's last position. A set-up inferred from the moves (a reconstruction: only the men
    the moves need) is not judged: what the tables or the engine say of it is not what they would
    say of the book's position, which has men no move names.
    """
    if ChessGameDetail.of(game.detail).setup_inferred or game.variant not in STANDARD_RULES:
        return  # (the tables, the search and the engine play standard chess: no variant's ending is theirs to judge)
    _check_verdicts(game)
    _check_shorthand(game)
    start_claim = _start_claim(game)
    ending = _reaches_ending(game)
    if start_claim is None and not ending:
        return
    store = tables()
    if start_claim is not None:
        _check_start(game, start_claim, store)
        if start_claim[1] is not None and game.start:
            _check_key(game, start_claim[1], start_claim[2])
    if ending:
        _values_along(game, game.moves, None, store)
        for variation in game.variations:
            _values_along(game, variation.moves, variation.id, store)
        _check_final(game, store, result_at(parsed) if parsed is not None else None)


def _start_claim(game: Game) -> tuple[str, int | None, str] | None:
    """(goal, mate moves, printed text) from the set-up: "White to move and win", "... mate in 3"; or from the task
    printed before the moves of a set-up the text prints ("White to move wins by 1. ...": :mod:`.setups`)."""
    setup = game.record.tag("SetUp")
    if not setup or setup.strip() in ("0", "1"):
        task = ChessGameDetail.of(game.detail).task
        if task is None or not game.start:
            return None
        from notation.parse.chess_text_setup import TASK_BEFORE_MOVES, task_goal

        found = TASK_BEFORE_MOVES.match(task)
        goal = task_goal(found) if found is not None else None
        mate = mate_moves(task) if goal == "win" else None  # ("White to play and mate in two moves")
        return (goal, mate[0] if mate else None, task) if goal is not None else None
    from notation.parse.chess_setup import parse_setup

    try:
        parsed = parse_setup(setup)
    except ValueError:
        return None
    goal = parsed.to_move.goal if parsed.to_move else None
    mate = mate_moves(setup)
    if mate:
        return "win", mate[0], mate[1]
    if goal is None:
        return None
    start = setup.find(" to move", parsed.to_move.start) if parsed.to_move else -1
    end = setup.find(goal, start) + len(goal) if start >= 0 else len(setup)
    return goal, None, setup[parsed.to_move.start:end] if parsed.to_move else goal


def _check_start(game: Game, claim: tuple[str, int | None, str], store: ct.Tables) -> None:
    goal, mate_moves, printed = claim
    if game.record.tag("SetUp"):
        line, column = game.record.tag_position("SetUp", (game.record.tag("SetUp") or "").find(printed))
    else:  # the task printed in the text
        line, column = game.record.position(max(0, game.record.body.find(printed)))
    if game.start and mate_moves is not None and (_men(game.start) > MAX_MEN or not _has_table(game.start, store)):
        _check_mate(game, board_of(game.start), mate_moves, printed, 0, line, column)
        return
    verdict = solve(game.start, store=store, engine=False) if game.start else \
        Verdict(None, None, "open", "no start position")
    if game.start and verdict.value is None and _men(game.start) > MAX_MEN and mate_moves is None:
        board = board_of(game.start)
        # (A task's "loss" for the side to move, "Black to move, White wins", is the other side's win; its "not
        # loss", "White could not win", the other side's "not win".)
        side, goal = (not board.turn, goal.replace("loss", "win")) if goal.endswith("loss") else (board.turn, goal)
        _check_by_engine(game, board, side, goal, printed, "value", 0, line, column)
        return
    if mate_moves is not None:
        claimed = f"mate in {mate_moves}"
        if verdict.value == "win" and verdict.plies is not None:
            actual = f"mate in {(verdict.plies + 1) // 2}"
        else:
            actual = verdict.value or "open"
    elif goal.startswith("not ") and verdict.value is not None:  # ("he cannot win": a draw or a loss bears it out)
        claimed, actual = goal, goal if verdict.value != goal[4:] else verdict.value
    else:
        claimed, actual = goal, verdict.value or "open"
    c = Claim(0, "value", claimed, actual, line, column, decided=verdict.settled,
              how=verdict.how if verdict.settled else "open", reason=verdict.describe() + _why(verdict))
    game.claims.append(c)
    if c.ok is False:
        game.diagnostics.append(Diagnostic(
            "warning", "wrong-claim", f"{printed!r}: the position is a {verdict.describe()} for the side to move"
            f"{_why(verdict)}", line, column, 0))


def _has_table(position: str, store: ct.Tables) -> bool:
    """Whether the tables hold the position: its whole table, or the slices of its pawns' files that a
    first solve built (a position with castling rights is in none)."""
    where = store.position(board_of(position))
    return where is not None and where[0] in store.tid and store.holds(*where)


def settled_mate_claim(proof: MateProof, ply: int | None, line: int | None, column: int | None, reason: str) -> Claim:
    """The claim of a printed "mate in N" as :func:`settle_mate` settled it: open where the search gave up,
    the engine's word (its evaluation and depth) where it answered, else the search's (``reason``: the
    proof's line or the defence that escapes, in the caller's words)."""
    claimed = f"mate in {proof.moves}"
    if proof.mates is None:
        return Claim(ply, "mate", claimed, "open", line, column, decided=False, reason=proof.reason)
    actual = claimed if proof.mates else f"no mate in {proof.moves}"
    if proof.how == "engine":
        return Claim(ply, "mate", claimed, actual, line, column, how="engine", reason=proof.reason,
                     evaluation=proof.evaluation, depth=proof.depth)
    return Claim(ply, "mate", claimed, actual, line, column, how="search", reason=reason)


def _check_mate(game: Game, board: chess.Board, n: int, printed: str, ply: int | None,
                line: int | None, column: int | None) -> None:
    """A printed "mate in N": proved by our own search (the engine proposes the moves), or the defence that
    escapes; beyond a short search, the engine's word where the proof cannot be had (:func:`settle_mate`)."""
    proof = settle_mate(board, n)
    shown = " ".join(proof.line)
    claim = settled_mate_claim(proof, ply, line, column, f"proved: {shown}" if proof.mates else f"{shown} escapes"
                       if len(proof.line) > 1 else "no mating move")
    game.claims.append(claim)
    if proof.mates is None:
        return
    if proof.how == "engine":
        if not proof.mates:
            game.diagnostics.append(Diagnostic(
                "warning", "engine-disputes", f"{printed!r}: {proof.reason}: not proved either way", line, column, ply))
        return
    if not proof.mates:
        escape = f": after {proof.line[0]}, {proof.line[1]} escapes" if len(proof.line) > 1 else ""
        game.diagnostics.append(Diagnostic(
            "warning", "wrong-claim", f"{printed!r}: {'White' if board.turn == chess.WHITE else 'Black'} has no mate in {n} against every "
            f"defence{escape}", line, column, ply))


def _check_key(game: Game, n: int, printed: str) -> None:
    """A problem's key: the solution's first move claims that after it the side that moved mates in ``n - 1``
    more against every defence (the stipulation's "mate in N", the key one of its N). Proved by the search that
    proves the stipulation (:func:`settle_mate`, the defender to move); a key after which a defence escapes is a
    ``wrong-claim`` warning naming it. (The printed defences and mates are checked as moves, by the replay.)"""
    key = game.moves[0] if game.moves else None
    if key is None or not key.position or n < 2:
        return  # (a mate in one's key is the mate itself, claimed and checked as the move's "mate")
    board = board_of(key.position)
    if board.is_game_over():
        return  # (a key that mates or stalemates at once is checked as a move: its "mate" or its end)
    proof = settle_mate(board, n - 1, mated=True)
    side = "Black" if board.turn == chess.WHITE else "White"
    shown = " ".join(proof.line)
    claim = settled_mate_claim(proof, key.ply, key.line, key.column,
                               f"proved: {shown}" if proof.mates else f"{shown} escapes")
    game.claims.append(claim)
    if any(d.code in ("wrong-claim", "engine-disputes") and d.variation is None and d.ply is not None
           and (d.ply == 0 or key.ply <= d.ply < key.ply + 2 * (n - 1)) for d in game.diagnostics):
        # (The stipulation refuted, no key holds; the solution's own claim after the key refuted, "any; 2. Q mates",
        # says it: once is enough.)
        return
    if proof.mates is False and proof.how != "engine" and proof.line:
        game.diagnostics.append(Diagnostic(
            "warning", "wrong-claim", f"{printed!r}: after the key {key.normalized}, {side} has no mate in {n - 1} "
            f"more against every defence: {proof.line[0]} escapes", key.line, key.column, key.ply))
    elif proof.mates is False and proof.how == "engine":
        game.diagnostics.append(Diagnostic(
            "warning", "engine-disputes", f"{printed!r}: after the key {key.normalized}: {proof.reason}: "
            "not proved either way", key.line, key.column, key.ply))


#: "wins" as a verdict, not "wins a Pawn" / "wins the exchange" (a gain of material is no verdict).
_WINS = (r"\bwins(?:\s+the\s+game)?\b(?!\s+(?:a|an|the|two|three|four|his|her|its|back|one|some|more|material"
         r"|pawns?|pieces?|exchange|queen|rook|bishop|knight|p|q|r|b|kt)\b)")
#: A verdict printed at the end of a line: "Even game.", "White has a slight advantage.", "Black should win.",
#: "and wins" (the side that moved), "White has the better game", "with the superior game" (the side that
#: moved), "Drawn game.", "and draws", "Black resigns" (a win for White), "White's game is untenable" (a win
#: for Black). "You have the better game" names
#: no side and is left alone. German too: "und gewinnt", "Weiss gewinnt", "Schwarz steht besser", "Weiß hat das
#: bessere Spiel", "Remis.", "Schwarz gibt auf".
_VERDICT = re.compile(
    r"(?P<even>\b(?:even|equal)\s+(?:game|position)\b|\b(?:game|position)\s+is\s+(?:even|equal)\b"
    r"|\bgleiches\s+spiel\b|\bausgeglichene\s+stellung\b)"
    r"|(?P<drawn>^\W*(?:and\s+)?(?:the\s+game\s+is\s+)?drawn\b|\bdrawn\s+(?:game|position)\b|^\W*and\s+draws\b"
    r"|^\W*(?:und\s+)?(?:die\s+partie\s+ist\s+)?remis\b)"
    r"|\b(?P<side>white|black|wei(?:ss|ß)|schwarz)\b(?P<between>[^.;:!?]{0,40}?)"
    rf"(?P<kind>\b(?:should|must|will)\s+win\b|{_WINS}|\b(?:winning|won)\s+(?:game|position)\b|\badvantage\b"
    r"|\b(?:better|superior)\s+(?:game|position)\b|\bsuperiority\b|\bshould\s+draw\b|\bdraws\b"
    r"|\bresign(?:s|ed)\b|\bgewinnt\b(?!\s+(?:eine?n?|die|den|das|zwei|drei|material|qualität)\b)"
    r"|\bsteht\s+besser\b|\bbessere\s+spiel\b|\bvort(?:h)?eil\b|\bgie?bt\s+auf\b|\bhält\s+remis\b)"
    r"|\b(?P<owner>white|black)['’]s\s+(?:game|position)\s+is\s+(?:now\s+|already\s+|quite\s+)?"
    r"(?P<state>untenable|hopeless|lost|won|winning|preferable|superior|better|inferior)\b"
    rf"|^\W*(?P<mover>and\s+(?:should\s+win\b|{_WINS})|und\s+gewinnt\b(?!\s+(?:eine?n?|die|den|das)\b)"
    r"|(?:and|with)\s+(?:the|a)\s+(?:better|superior|winning|won)\s+(?:game|position)\b)", re.I)
#: The old books' sign for the better game, which the replay keeps as the note of the move it follows where the text
#: writes check as "ch" ("P-QR3 +.": :func:`notation.rules.chess.replay.better_game_sign`): for the side that made
#: the move, as Freeborough's key has it ("superior position or game (if above the line, for White; if below the line,
#: for Black)": the row of the side's move) and as Steinitz prints it after either side's move.
_BETTER_GAME_SIGN = re.compile(r"\+(?=\s|$)")
#: A clause that supposes another move than the line's ("if he play ...", "unless ...", "otherwise ..."): the
#: verdict after it, in its sentence, is on the move supposed.
_CONDITIONAL = re.compile(r"\b(?:if|unless|otherwise|else|wenn|falls|sonst)\b", re.I)
#: Where a note's sentence ends: its stop before a word (not a move's "B." or "Q. B's").
_SENTENCE_END = re.compile(r"[.!?;]\s+(?=[A-Z][a-z]{2,})")
#: Notes longer than this are commentary, not a verdict on the line's last position.
VERDICT_LENGTH = 80
#: A result in PGN's form inside a note ("{White wins 1-0}", "{Black resigns 0-1}"): the note reports how the
#: game ended (a database's termination, on time or by resignation), not a judgement of the position.
SCORE = re.compile(r"(?<![\w/.-])(?:1-0|0-1|1/2-1/2|½-½)(?![\w/-])")


def reported_result(comment: str) -> str | None:
    """The result a note reports in PGN's form ("{White wins 1-0}", "{Black resigns 0-1}"): its score, or
    ``None`` where the note prints none, or several that differ."""
    scores = {m.group(0).replace("½-½", "1/2-1/2") for m in SCORE.finditer(comment)}
    return scores.pop() if len(scores) == 1 else None


def verdict_of(comment: str) -> tuple[str, str | None, str] | None:
    """(goal, side, printed) of a printed verdict: ``("win", "white", "White should win")``,
    ``("draw", None, "Even game")``, ``("advantage", "black", ...)``, ``("win", "white", "Black resigns")``;
    side ``None`` for "and wins" and "with the better game" (the side that moved last); ``None`` when the
    note is no verdict (a note that prints the game's score, "White wins 1-0", reports its end)."""
    if _BETTER_GAME_SIGN.match(comment):
        return "advantage", None, "+"
    text = " ".join(comment.split())
    if len(text) > VERDICT_LENGTH or SCORE.search(text):
        return None
    # (Not one on a line the note supposes, in the sentence of its "if": "if B. to Q. B's 4th (ch.), White wins.")
    ends = [0] + [end.end() for end in _SENTENCE_END.finditer(text)]
    found = next((m for m in _VERDICT.finditer(text)
                  if not _CONDITIONAL.search(text, max(e for e in ends if e <= m.start()), m.start())), None)
    if found is None:
        return None
    if found.group("even") or found.group("drawn"):
        return "draw", None, found.group(0).strip(" .")
    if found.group("owner"):  # "White's game is untenable": a win for Black
        owner, state = found.group("owner").lower(), found.group("state").lower()
        other = "black" if owner == "white" else "white"
        if state in ("untenable", "hopeless", "lost", "inferior"):
            return "win" if state != "inferior" else "advantage", other, found.group(0)
        return "win" if state in ("won", "winning") else "advantage", owner, found.group(0)
    if found.group("mover"):
        return _goal(found.group("mover")), None, found.group("mover")
    if re.search(r"\b(?:not|no|nor|hardly|if any|nicht|kein\w*)\b", found.group("between") or "", re.I):
        return None
    kind = found.group("kind").lower()
    side = "black" if found.group("side").lower() in ("black", "schwarz") else "white"
    if kind.startswith("resign") or kind.endswith(" auf"):  # the side that resigns has lost
        return "win", "black" if side == "white" else "white", found.group(0)
    return _goal(kind), side, found.group(0)


def _goal(kind: str) -> str:
    """What a verdict's words claim: a draw, a win, or an advantage (the better game)."""
    kind = kind.lower()
    if "draw" in kind or "remis" in kind:
        return "draw"
    return "advantage" if any(w in kind for w in ("advantage", "better", "superior", "besser", "vorteil", "vortheil")) \
        else "win"


def _check_verdicts(game: Game) -> None:
    """The verdict printed after the last move of the main line and of each variation, checked by the engine
    (standard chess only: the engine judges no variant)."""
    if game.variant not in (None, "standard"):
        return
    lines = [(game.moves, None)] + [(v.moves, v.id) for v in game.variations]
    for moves, variation in lines:
        last = moves[-1] if moves else None
        if last is None or not last.comment or not last.position:
            continue
        found = verdict_of(last.comment)
        if found is None:
            continue
        goal, side, printed = found
        board = board_of(last.position)
        named = _whose_line(game, variation) if side is None and variation is not None else None
        if side is None and named is not None and goal != "draw":
            # "And wins." after a note's line that shows one side's play ("Black should have played thus: ...",
            # "The second player should now have moved thus, —"): that side wins, whoever made the line's last move.
            colour = named
        elif side is None:  # "and wins": the side that has just moved; a draw is read from White's side
            colour = chess.WHITE if goal == "draw" else not board.turn
        else:
            colour = chess.WHITE if side == "white" else chess.BLACK
        _check_by_engine(game, board, colour, goal, printed, "verdict", last.ply, last.line, last.column, variation,
                         moves)



#: A problem's solution in the problemists' shorthand on its key move (``grammars/chess_layout.lark``, SHORTHAND): the
#: defence, any move or any move of one man ("any", "any other", "K moves", "beliebig"), then the men one of which
#: mates next ("2. Q mates.", "2. Q or Kt mates accordingly.", "2. D setzt matt."), any man ("2. Mates accordingly.",
#: "2. Mate.") or the mating move printed ("any move; 2. R-R8 mate.").
_SHORTHAND = re.compile(r"^(?:(?P<any>anything(?:\s+(?P<else>else))?|any(?:\s+(?P<other>other))?(?:\s+move)?|beliebig\S*)"
                        r"|(?P<mover>Kt|[KQRBP])\s+moves)\s*[;,:.]?\s*(?:\d+\s*\.\s*)?"
                        r"(?:(?P<mating>(?:(?:Kt|[QRBNPDTLS])\.?\s*(?:,\s*|\s+or\s+|\s+oder\s+))*(?:Kt|[QRBNPDTLS]))\.?\s+"
                        r"(?:mates|setzt\s+matt)|(?P<anyman>(?:check)?mates?(?:\s+accordingly)?)\.?$|(?P<move>\S.*?)(?:\s*,?\s*ch\.)?\s*,?\s+(?:check)?mate\b)", re.I)
#: The men's letters, English and German.
_MAN = {"K": chess.KING, "Q": chess.QUEEN, "R": chess.ROOK, "B": chess.BISHOP, "KT": chess.KNIGHT, "N": chess.KNIGHT,
        "P": chess.PAWN, "D": chess.QUEEN, "T": chess.ROOK, "L": chess.BISHOP, "S": chess.KNIGHT}


def _printed_mates(game: Game, text: str) -> Callable[[chess.Board], bool] | None:
    """Whether the move printed as ``text`` ("R-R8") mates on a board, as the game's notation reads it there (any
    of its readings); ``None`` where the notation is none of chess's or the text has no move's shape."""
    from notation.boards.chess import Position
    from notation.rules.chess.decode import ChessRules
    from notation.rules.chess.notations import NOTATIONS
    notation = NOTATIONS.get(game.notation or "")
    if notation is None:
        return None
    rules = ChessRules(notation)
    compact = rules.compact(text)
    if not rules.plausible(compact):
        return None
    return lambda board: any(gives_mate(board, move) for move, _ in
                             rules.forms(Position.start(board.copy(stack=False))).get(compact) or [])


def _mating_test(game: Game, found: re.Match[str]) -> tuple[Callable[[chess.Board], bool], str, bool] | None:
    """What the shorthand says mates after each reply: whether it does on a board, its name, and whether it is a
    move printed (else men named); ``None`` where the move printed is none the notation reads."""
    if found.group("anyman"):
        return (lambda b: any(gives_mate(b, m) for m in b.legal_moves), "", False)  # (no man named: any mates)
    if found.group("mating"):
        mating = {_MAN[m.upper()] for m in re.findall(r"\b(?:Kt|[QRBNPDTLS])\b", found.group("mating"))}
        return (lambda b: any(b.piece_type_at(m.from_square) in mating and gives_mate(b, m) for m in b.legal_moves),
                " or ".join(chess.piece_name(t) for t in sorted(mating)), False)
    printed = " ".join(found.group("move").split())
    checker = _printed_mates(game, printed)
    return None if checker is None else (checker, printed, True)


def _printed_replies(moves: list[Move], ply: int) -> set[str]:
    """The replies a line prints at ``ply`` (its next move's SAN): the ones "any other" leaves out."""
    return {m.normalized for m in moves if m.ply == ply and m.normalized}


def _check_shorthand(game: Game) -> None:
    """The shorthand's claim after a line's last move ("1. R-R7, any; 2. Q mates.", "1. R-R7, any move; 2. R-R8
    mate."): against every reply (every move of the man named, for "K moves"; every one the line does not print,
    for "any other"), a man of the kinds named, or the move printed, mates at once. A reply after which none does
    refutes it: a ``wrong-claim`` warning naming it."""
    for moves, variation in [(game.moves, None)] + [(v.moves, v.id) for v in game.variations]:
        last = moves[-1] if moves else None
        if last is None or not last.comment or not last.position:
            continue
        found = _SHORTHAND.match(last.comment.strip())
        if found is None:
            continue
        board = board_of(last.position)
        test = _mating_test(game, found)
        if test is None:
            continue
        mates, named, by_move = test
        mover = _MAN[found.group("mover").upper()] if found.group("mover") else None
        printed = " ".join(found.group(0).split())
        # "any other": the replies the solution does not print at this point (in its line or a variation from it)
        others = set().union(*(_printed_replies(v.moves, last.ply + 1) for v in game.variations
                               if v.branch_ply == last.ply + 1), _printed_replies(game.moves, last.ply + 1)) \
            if found.group("other") or found.group("else") else set()
        replies = [m for m in board.legal_moves if (mover is None or board.piece_type_at(m.from_square) == mover)
                   and board.san(m) not in others]
        escapes = []
        for reply in replies:
            board.push(reply)
            if not mates(board):
                escapes.append(reply)
            board.pop()
        claimed = f"{named or 'a mate'} {'mates ' if named else ''}after every reply"
        san = board.san(escapes[0]) if escapes else ""
        actual = claimed if not escapes else f"no mate{' by ' if named else ''}{'' if by_move or not named else 'the '}{named} after {san}"
        said = f"after {san} {named} does not mate" if by_move else f"after {san} no {named} mates" if named \
            else f"after {san} no move mates"
        game.claims.append(Claim(last.ply, "mate", claimed, actual, last.line, last.column, how="search",
                                 reason=f"{len(replies)} {'reply' if len(replies) == 1 else 'replies'} tried"))
        if escapes:
            game.diagnostics.append(Diagnostic(
                "warning", "wrong-claim", f"{printed!r}: {said}"
                + (f" (nor after {len(escapes) - 1} other replies)" if len(escapes) > 1 else ""),
                last.line, last.column, last.ply, variation))
        elif not replies:
            game.diagnostics.append(Diagnostic(
                "warning", "wrong-claim", f"{printed!r}: the other side has no move after the key: "
                + ("mate" if board.is_checkmate() else "stalemate"), last.line, last.column, last.ply, variation))


#: The words of a note that give the line after them as one side's better play: "Black should have played thus",
#: "The second player should now have moved thus", "White ought to have played", "Black might have won by".
#: Not after "if" ("If Black should play ...": the line supposed is the other side's win), nor with "not" ("Black
#: could not play ...": the line shows his move refuted).
_WHOSE_LINE = re.compile(r"(?<!\bif )(?<!\bunless )\b(?:(?P<side>white|black)|(?:the\s+)?(?P<player>first|second)"
                         r"\s+player)\b(?:\s+\w+){0,2}?\s+(?:should|ought|might|could|had\s+better)\b(?!\s+not\b)",
                         re.I)


def _whose_line(game: Game, variation: int) -> chess.Color | None:
    """The side whose play a variation shows, as the note's words before it name it (:data:`_WHOSE_LINE`): in
    the variation's own comment, else the one on the move it replaces (the note printed after that move); ``None``
    where they name none, or both."""
    found = next((v for v in game.variations if v.id == variation), None)
    if found is None:
        return None
    parent = game.moves if found.parent == 0 else next(
        (v.moves for v in game.variations if v.id == found.parent), [])
    replaced = next((m for m in parent if m.ply == found.branch_ply), None)
    for text in (found.comment, replaced.comment if replaced is not None else None):
        if not text:
            continue
        sides = {chess.WHITE if (m.group("side") or "").lower() == "white" or m.group("player") == "first"
                 else chess.BLACK for m in _WHOSE_LINE.finditer(" ".join(text.split()))}
        if sides:
            return sides.pop() if len(sides) == 1 else None
    return None


def check_printed_result(game: Game, board: chess.Board, result: str, printed: str, line: int | None,
                         column: int | None) -> None:
    """A result printed in words at a position still being played ("Black resigns.", "Drawn game.") is the
    book's verdict on it: beyond the tables the engine judges it (the tables settle it exactly at the end
    of the replay: :func:`_check_final`). A reconstruction is not judged (:func:`settle`)."""
    if _men(board.fen()) <= MAX_MEN or ChessGameDetail.of(game.detail).setup_inferred:
        return
    side = chess.BLACK if result == "0-1" else chess.WHITE
    later, number = later_move(printed)
    # (The move the game went on to, or none named: "after a few more moves", past the last printed either way.)
    if later and (number is None or number > board.fullmove_number):
        # "And Black won on the 52d move." under a score broken off at move 11: the book judges a position it does
        # not print; the engine has nothing to judge.
        name = "White" if side == chess.WHITE else "Black"
        game.claims.append(Claim(None, "result", "draw" if result == "1/2-1/2" else f"win for {name}", "open", line,
                                 column, decided=False, reason="the game went on past the moves printed"))
        return
    _check_by_engine(game, board, side, "draw" if result == "1/2-1/2" else "win", printed, "result", None, line,
                     column, None, game.moves)


#: A result told with the move the game ended at, or how long it went on: "on the 52d move", "after the 40th move",
#: "on the forty-first move", "after White's 30th move", "at move 40", "after 60 moves", "in forty-five moves",
#: "Nach dem 40. Zuge", "im 30. Zuge", "in 40 Zügen"; "after a few more moves", "a few moves later" (no number).
_LATER_MOVE = re.compile(r"(?i)\b(?:on|at|after)\s+the\s+(?P<nth>\d+(?:st|nd|rd|th|d)|[a-z]+(?:-[a-z]+)?)\s+move"
                         r"|\bafter\s+(?:white|black)['’]s\s+(?P<sides>\d+)(?:st|nd|rd|th|d)\s+move"
                         r"|\b(?:at\s+move|(?:nach\s+dem|im|mit\s+dem))\s+(?P<at>\d+)\b\.?(?:\s+zuge\b)?"
                         r"|\b(?:after|in)\s+(?P<count>\d+|[a-z]+(?:-[a-z]+)?)\s+(?:moves|zügen)\b"
                         r"|\bafter\s+(?:a\s+few|some|several)\s+(?:more\s+|further\s+)?moves|\b(?:a\s+few|some|several)\s+moves\s+later")


def later_move(printed: str) -> tuple[bool, int | None]:
    """Whether a result names the move the game ended at or how long it went on (:data:`_LATER_MOVE`), and that
    move's number where it gives one ("on the forty-first move": 41; "after a few more moves": none). A word that
    is no number ("on the next move") names none."""
    for found in _LATER_MOVE.finditer(printed):
        nth, count = found["nth"], found["count"]
        number = ordinal(nth) if nth else cardinal(count) if count else \
            int(found["sides"] or found["at"]) if found["sides"] or found["at"] else None
        if number is None and (nth or count):
            continue  # "on the next move", "in a few moves": no move named
        return True, number
    return False, None


#: Where the engine clearly disagrees, in pawns for the side the claim names: a win it calls under half a
#: pawn, the better game for a side losing by more than a pawn, a draw (or "cannot win") it calls won by more than
#: three.
DISPUTE_WIN = 0.5
DISPUTE_ADVANTAGE = -1.0
DISPUTE_DRAW = 3.0


def _check_by_engine(game: Game, board: chess.Board, side: chess.Color, goal: str, printed: str, what: str,
                     ply: int | None, line: int | None, column: int | None, variation: int | None = None,
                     moves: list[Move] | None = None) -> None:
    """A win, draw or advantage claimed for ``side`` beyond the tables, judged by the engine (not exact).

    The claim is stored with the engine's evaluation from ``side`` and its
    depth; where the two clearly disagree it is not ok and an
    ``engine-disputes`` warning names both. A claim at the end of ``moves``
    (the line it ends) is left open where the line was not read as printed.
    """
    name = "White" if side == chess.WHITE else "Black"
    claimed = "draw" if goal == "draw" else f"no win for {name}" if goal == "not win" else f"{goal} for {name}"
    if board.is_game_over():
        return  # the replay has judged the board itself
    unsure = _not_as_printed(game, moves or [], variation, line)
    if unsure:  # where the line ends may not be the position the book judges
        game.claims.append(Claim(ply, what, claimed, "open", line, column, decided=False,
                                 reason=f"{unsure}: its last position may not be the book's"))
        return
    ev = chess_engine.evaluate(board)
    if ev is None:
        game.claims.append(Claim(ply, what, claimed, "open", line, column, decided=False,
                                 reason=chess_engine.missing() or "no engine"))
        return
    sign = 1 if board.turn == side else -1
    pawns = ev.pawns * sign
    text = ev.text(sign)
    disputed = (goal == "win" and pawns < DISPUTE_WIN) or (goal == "advantage" and pawns < DISPUTE_ADVANTAGE) \
        or (goal == "draw" and abs(pawns) > DISPUTE_DRAW) or (goal == "not win" and pawns > DISPUTE_DRAW)
    actual = _reading(pawns, name) if disputed else claimed
    reason = f"Stockfish at depth {ev.depth}: {text} for {name}"
    game.claims.append(Claim(ply, what, claimed, actual, line, column, how="engine", reason=reason,
                             evaluation=text, depth=ev.depth))
    if disputed:
        game.diagnostics.append(Diagnostic(
            "warning", "engine-disputes", f"the book says {printed!r} ({claimed}); Stockfish at depth {ev.depth} "
            f"gives {text} for {name} ({actual})", line, column, ply, variation))


def _not_as_printed(game: Game, moves: list[Move], variation: int | None, line: int | None) -> str | None:
    """Why a line was not read as printed (``None`` when it was): an error on it, a move repaired or guessed
    (an OCR letter), or, before a result printed ``line``, words that read as moves taken for prose."""
    if any(d.severity == "error" and (d.variation or None) == variation for d in game.diagnostics):
        return "the line was not read without errors"
    repaired = sum(m.status != "ok" for m in moves)
    if repaired:
        return f"the line was not read as printed ({repaired} {'move' if repaired == 1 else 'moves'} repaired)"
    last = moves[-1].line if moves else None
    if variation is None and line is not None and last is not None and any(
            d.code == "prose" and d.line is not None and last < d.line < line for d in game.diagnostics):
        return "words that read as moves, before the result, were taken for prose"
    return None


def _reading(pawns: float, name: str) -> str:
    """The engine's evaluation in the book's words, for the side ``name`` (pawns from that side)."""
    other = "Black" if name == "White" else "White"
    if abs(pawns) < chess_engine.EVEN_CP / 100:
        return "draw"
    kind = "win" if abs(pawns) >= chess_engine.WON_CP / 100 else "advantage"
    return f"{kind} for {name if pawns > 0 else other}"


def _why(v: Verdict) -> str:
    return f" ({v.reason})" if v.reason and v.how != "open" else ""


def _values_along(game: Game, moves: list[Move], variation: int | None, store: ct.Tables) -> None:
    """The value after each move of a line once the men are four or fewer; warnings where a win is let go."""
    before = probe(board_of(game.start), store) if game.start and _men(game.start) <= MAX_MEN else None
    if variation is not None:
        before = None  # the position before a variation's first move is the parent's; not looked up again
    for move in moves:
        if not move.position or move.normalized is None:
            before = None
            continue
        if _men(move.position) > MAX_MEN:
            before = None
            continue
        after = probe(board_of(move.position), store)
        if after.value is None or (after.how == "rules" and before is None):
            before = None  # no table (a mate or stalemate is noted only at the end of a line the tables follow)
            continue
        note_value(game, move, variation, before, after, "white" if move.position.split()[1] == "w" else "black",
                   f"mates in {((before.plies or 0) + 1) // 2}" if before is not None else "")
        if (before is not None and before.value == "win" and after.value == "loss" and after.plies is not None
                and before.plies is not None and after.plies > before.plies - 1):
            game.diagnostics.append(Diagnostic(
                "warning", "slower-mate",
                f"{move.printed!r} still wins, but slower: mate in {(before.plies + 1) // 2} before it, "
                f"in {(after.plies + 2) // 2} after it",
                move.line, move.column, move.ply, variation))
        before = after


def result_at(parsed: ParsedRecord) -> tuple[int, int] | None:
    """Where the record gives its result: the result printed after the moves, else its ``[Result]`` tag."""
    record = parsed.record
    if parsed.result_span:
        return record.position(parsed.result_span[0])
    return record.tag_position("Result") if record.tag("Result") else None


def _check_final(game: Game, store: ct.Tables, at: tuple[int, int] | None = None) -> None:
    """A printed result at an unfinished position ("drawn", "White wins") checked against the tables;
    ``at`` is where the record gives it (:func:`result_at`), for its claim and the error."""
    if any(c.what == "result" for c in game.claims) or game.result in (None, "*"):
        return
    final = game.moves[-1].position if game.moves and game.moves[-1].position else game.start
    if final is None or _men(final) > MAX_MEN:
        return
    board = board_of(final)
    if board.is_checkmate() or board.is_stalemate():
        return  # the replay has checked the result against the board (or nothing was claimed)
    verdict = probe(board, store)
    white = board.turn == chess.WHITE
    if verdict.value is None:
        actual = "*"
    elif verdict.value == "draw":
        actual = "1/2-1/2"
    else:
        actual = "1-0" if (verdict.value == "win") == white else "0-1"
    line, column = at or (None, None)
    game.claims.append(Claim(None, "result", game.result, actual, line, column, decided=verdict.settled,
                             how=verdict.how if verdict.settled else "open", reason=verdict.describe()))
    if verdict.settled and actual != game.result:
        game.diagnostics.append(Diagnostic(
            "error", "wrong-result", f"the result {game.result!r} contradicts the "
            f"{'tables' if verdict.how == 'table' else verdict.how}: {verdict.describe()} for the side to move",
            line, column, suggestions=[actual]))
