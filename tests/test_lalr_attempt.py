"""notation.parse.lalr.attempt: Lark's LALR parse that answers where it stops instead of raising. The layout
reader asks it of every phrase it weighs, so it may change no reading: its tree is Lark's, token for token (type,
text, offsets, line and column), and where Lark raises, its position is the one the reader took from Lark's
exception (the character no terminal matches, or the start of the token the parser refuses, ``$END`` included)."""

import random

import pytest
from lark import Lark, Token, Tree, UnexpectedInput

from notation.parse.chess_layout import UNREADABLE_CHAR, _error_pos, _parser, unreadable_span
from notation.parse.lalr import attempt

# Scores in each layout notation's own forms (legal moves: a Giuoco Piano and a Queen's Gambit), with the
# author's words, OCR damage and a word marked unreadable, as the reader hands them to the grammar.
TEXTS = {
    "chess_descriptive.lark": [
        "1. P-K4 P-K4 2. Kt-KB3 Kt-QB3 3. B-B4 B-B4 4. P-B3 Kt-B3",
        "1. P to K 4 P to K 4\n2. K Kt to B 3 Q Kt to B 3",
        "WHITE.  BLACK.\n1. P. to K. 4th.  1. P. to K. 4th.\n2. K. Kt. to B. 3rd.  2. Q. Kt. to B. 3rd.",
        "4. P-B3 Kt-B3 5. P-Q4 PxP 6. PxP B-Kt5 ch 7. K-B1 and White has the better game.",
        "5. Castles. KtxP 6. R-K sq. P-Q4",
        "We do not like this exchange, and we much prefer Kt-QB4.",
        "3. B-B4 " + UNREADABLE_CHAR * 5 + " 4. P-B3",
        "3. B-B4 B-B4 4. P-B3 Kt-B3 5. P-Q4 PxP 1-0",
        "Q takes", "PxP", "K. Kt. to B. 3rd.", "1.", "1 ---- 2 ----- P-K4 P-K4", "Castles", "", " ", "\n",
    ],
    "chess_german.lark": [
        "1. e2-e4 e7-e5 2. Sg1-f3 Sb8-c6 3. Lf1-c4 Lf8-c5 4. c2-c3 Sg8-f6",
        "1. e4 e5 2. Sf3 Sc6 3. Lc4 Lc5 Weiss steht besser.",
        "Weiß. Schwarz.\n1. e2-e4 e7-e5\n2. Sg1-f3 Sb8-c6",
        "4. c2-c3 Sg8-f6 5. d2-d4 e5:d4 6. c3:d4 Lc5-b4+ 7. Ke1-f1",
        "Falls Lh3:, so 51. Tf1-f6!", "Sf3", "0-0", "1. …", "1-0",
    ],
    "chess_algebraic.lark": [
        "1. d4 d5 2. c4 e6 3. Nc3 Nf6 4. Bg5 Be7 5. e3 O-O",
        "1. d4 d5 2. c4 dxc4 3. e4 and Black must take care.",
        "1. d4 d5\n2. c4 e6\n3. Nc3 Nf6 1/2-1/2",
        "3...Nf6 4. Bg5 Be7", "Nf3", "O-O-O", "2. c4 " + UNREADABLE_CHAR * 4 + " 3. Nc3",
    ],
    "chess_universal.lark": [
        "1, P d4  P d5", "2, P c4  P e6", "N g6:", "K M", "1, P e4  P e5  2, O f3  O c6",
    ],
}


def _flat(x):
    if isinstance(x, Tree):
        return (x.data, tuple(_flat(c) for c in x.children))
    if isinstance(x, Token):
        return (x.type, str(x), x.start_pos, x.line, x.column, x.end_line, x.end_column, x.end_pos)
    return repr(x)


def _lark(parser, text):
    try:
        return _flat(parser.parse(text))
    except UnexpectedInput as exc:
        return _error_pos(exc)


def _phrases(texts, rnd):
    """Each text, and the phrases the reader weighs in it: one to five words at each word, a word marked unreadable."""
    for text in texts:
        yield text
        words = text.split()
        for at in range(len(words)):
            for size in (1, 2, 3, 4, 5):
                yield " ".join(words[at:at + size])
            marked = list(words)
            marked[at] = UNREADABLE_CHAR * len(marked[at])
            yield " ".join(marked)
            yield " ".join(marked[:at + 1])
        chars = list(text)
        for _ in range(5):  # the OCR's damage: a character dropped, doubled or changed
            if chars:
                at = rnd.randrange(len(chars))
                yield "".join(chars[:at] + [rnd.choice("-.x,;:1 (")] + chars[at + 1:])


@pytest.mark.parametrize("grammar", sorted(TEXTS))
def test_attempt_answers_as_lark_does(grammar):
    parser = _parser(grammar)
    rnd = random.Random(58)
    texts = [text for texts in TEXTS.values() for text in texts]  # (every notation's texts, under each grammar)
    parsed = stopped = 0
    for text in _phrases(texts, rnd):
        got = attempt(parser, text)
        assert (got if isinstance(got, int) else _flat(got)) == _lark(parser, text), text
        parsed += not isinstance(got, int)
        stopped += isinstance(got, int)
    assert parsed and stopped  # (both answers were asked for)


def test_attempt_stops_where_the_reader_looks():
    parser = _parser("chess_descriptive.lark")
    text = "3. B-B4 B-B4 4. P-B3 and White has the better game."
    assert attempt(parser, text) == text.index("and")
    assert isinstance(attempt(parser, "3. B-B4 B-B4 4. P-B3 Kt-B3"), Tree)


def test_a_parser_it_cannot_run_step_for_step_answers_by_larks_own_parse():
    # (An Earley parser, or a Lark whose internals differ: the same answers, from Lark's parse and its exception.)
    earley = Lark('start: WORD+\nWORD: /[a-z]+/\n%ignore " "', parser="earley")
    assert attempt(earley, "two words") == earley.parse("two words")
    assert attempt(earley, "two 3words") == 4


def test_a_line_s_unreadable_words_are_marked_once():
    """A line of moves with words that read as no move is asked whether it is prose and then read as a run of its
    own: each text the grammar stops in (the line, then the line with each such word marked) is parsed once for
    both, and the reading is the same as the words marked anew."""
    import collections
    from unittest import mock

    from notation.model import Record, SourceText
    from notation.parse import chess_layout
    from notation.rules.chess.notations.descriptive import EnglishDescriptive

    body = ("The game was played in 1883, and White won.\n\n"
            "1. P. to K. 4th. P. to K. 4th. 2. Kt. to K. B. 3rd. zqx Kt. to Q. B. 3rd. wvq\n\n"
            "A good defence, as the next moves show.\n")
    record = Record(SourceText("x.txt", body), 0, {}, body, body, 0, 0)
    stops: collections.Counter[str] = collections.Counter()
    real, real_stop = chess_layout.attempt, chess_layout.stop

    def counted(parser, text):
        answer = real(parser, text)
        if isinstance(answer, int):
            stops[text] += 1
        return answer

    def counted_stop(parser, text, resume=None, kept=None):  # (a marked text's parse, taken up where it can be)
        answer = real_stop(parser, text, resume, kept)
        if answer is not None:
            stops[text] += 1
        return answer

    getattr(chess_layout, "_MARKED", {}).clear()  # (what an earlier test marked)
    with mock.patch.object(chess_layout, "attempt", counted), mock.patch.object(chess_layout, "stop", counted_stop):
        parsed = EnglishDescriptive().parse(record)
    marked = [text for text in stops if chess_layout.UNREADABLE_CHAR in text]
    assert len(marked) == 1 and any(text.startswith("1. P. to K. 4th.") and "zqx" in text for text in stops)
    # (the line as printed once more where its paragraph is asked whether it reads whole)
    assert [n for text, n in stops.items() if text.startswith("1. ")] == [2, 1], stops
    getattr(chess_layout, "_MARKED", {}).clear()  # (what an earlier test marked)
    again = EnglishDescriptive().parse(record)
    assert [(m.text, type(m.fields).__name__) for m in parsed.line.moves] \
        == [(m.text, type(m.fields).__name__) for m in again.line.moves]
    assert [m.text for m in parsed.line.moves if type(m.fields).__name__ == "Unreadable"] == ["zqx"]


def _marked_anew(parser, text):
    """What :func:`chess_layout._mark_unreadable` answered when each mark parsed the whole text again."""
    from notation.parse.chess_layout import _most_unreadable

    work, unreadable = text, 0
    while True:
        pos = attempt(parser, work)
        if not isinstance(pos, int):
            return work, _flat(pos)
        start, end = unreadable_span(work, pos)
        if unreadable >= _most_unreadable(text) or end <= start:
            return work, pos
        work = work[:start] + UNREADABLE_CHAR * (end - start) + work[end:]
        unreadable += 1


#: Words a line of moves may hold that read as none, some of which a terminal's lookahead before them reads
#: ("Q takes", "one square, and queens", a wing before "to").
NOISE_WORDS = ["zqx", "takes", "to", "and", "queens", ",", "Q", "Kt", "(", ")", "1.", "wvq", "e4:", "Sf", "—", "ch"]


@pytest.mark.parametrize("grammar", ["chess_descriptive.lark", "chess_german.lark", "chess_algebraic.lark"])
def test_a_line_s_words_marked_in_one_pass_read_as_marked_anew(grammar):
    """Marking a line's unreadable words takes each parse up from a checkpoint before the marked word, not from the
    line's start (a line of many such words, or a record nested 1,000 deep on one line, is read in one pass): the
    marked text and its tree, or where it stops, are those of marking with a whole parse each time."""
    from notation.parse.chess_layout import _mark_unreadable

    parser = _parser(grammar)
    rnd = random.Random(62)
    lines = [text for texts in TEXTS.values() for text in texts if len(text.split()) > 4]
    compared = marked = 0
    for _ in range(300):
        words = " ".join(rnd.sample(lines, 3)).split()
        for _ in range(rnd.randint(1, 25)):
            words.insert(rnd.randrange(len(words) + 1), rnd.choice(NOISE_WORDS))
        text = " ".join(words) * rnd.choice((1, 1, 4))  # (and long lines: many checkpoints dropped and made again)
        work, tree = _mark_unreadable(parser, text, None)
        assert (work, tree if isinstance(tree, int) else _flat(tree)) == _marked_anew(parser, text), text
        compared += 1
        marked += work.count(UNREADABLE_CHAR) > text.count(UNREADABLE_CHAR)
    assert marked > compared // 2  # (most lines had words to mark)
