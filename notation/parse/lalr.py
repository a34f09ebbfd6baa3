"""A LALR parse that answers where it stops instead of raising: :func:`attempt`.

The book readers ask a layout grammar of phrase after phrase whether it reads them (a line, a word, a line
with its unreadable words marked), and most of them it does not: Freeborough's *Chess Openings* asks 120,470
parses of its first 25 records, and 111,488 fail. Lark builds each failure's exception with its context (the
text around the error), the contextual lexer lexes the failing character again with the whole grammar's lexer
to choose which exception, and the parser makes an interactive parser for it: the readers want only where it
stopped. :func:`attempt` runs Lark's own LALR loop (``ContextualLexer.lex``, ``BasicLexer.next_token`` and
``ParserState.feed_token``, Lark 1.x, step for step: the same lexer for each parser state, the same tokens
with their callbacks, the same reductions) and answers the tree, or the position
:func:`notation.parse.chess_layout._error_pos` finds in Lark's exception: the character no terminal of the
state's lexer matches (where the whole grammar's lexer matches, it is the start of its token, the same
character), or the start of the token the parser refuses (``$END`` borrows the last token's, or is at 0).
``tests/test_lalr_attempt.py`` holds the two equal on the layout grammars' texts.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import Any

from lark import Lark, Token, Tree
from lark.lexer import ContextualLexer
from lark.parsers.lalr_analysis import Shift

try:  # (Lark 1.2 on: the text as the lexer reads it)
    from lark.lexer import TextSlice
    _SLICES = True
except ImportError:  # pragma: no cover - another Lark: its own parse answers (:class:`_Plan`)
    _SLICES = False


class _Plan:
    """What :func:`attempt` needs of one parser, found once."""

    def __init__(self, parser: Lark) -> None:
        self.usable = False
        try:
            frontend = parser.parser
            lexer = frontend.lexer
            start = frontend.parser_conf.start
            if not (_SLICES and isinstance(lexer, ContextualLexer) and not parser.options.postlex
                    and len(start) == 1 and parser.options.parser == "lalr"):
                return
            inner = frontend.parser.parser  # lalr_parser._Parser
            table = inner.parse_table
            self.states = table.states
            self.start_state = table.start_states[start[0]]
            self.end_state = table.end_states[start[0]]
            self.callbacks = inner.callbacks
            # Each state's lexer, as the contextual lexer picks it: its scanner, ignored, newline types and callbacks.
            self.lexers = {}
            basic: Any
            for state, basic in lexer.lexers.items():
                scanner = basic.scanner  # (built on first use, with its callbacks)
                self.lexers[state] = (scanner.match, basic.ignore_types, basic.newline_types, basic.callback)
        except AttributeError:  # pragma: no cover - a Lark whose internals differ: its own parse answers
            return
        self.usable = True


_plans: dict[int, tuple[Lark, _Plan]] = {}


def _plan(parser: Lark) -> _Plan:
    kept = _plans.get(id(parser))
    if kept is None or kept[0] is not parser:
        kept = (parser, _Plan(parser))
        _plans[id(parser)] = kept
    return kept[1]


def _error_position(exc: Any) -> int:
    token = getattr(exc, "token", None)
    if token is not None and getattr(token, "start_pos", None) is not None:
        return token.start_pos
    return getattr(exc, "pos_in_stream", 0) or 0


def attempt(parser: Lark, text: str) -> Tree | int:
    """``parser.parse(text)``'s tree, or where the parse stops (an ``int``) where it would raise
    ``UnexpectedInput``."""
    plan = _plan(parser)
    if not plan.usable:
        from lark.exceptions import UnexpectedInput

        try:
            return parser.parse(text)
        except UnexpectedInput as exc:
            return _error_position(exc)
    states = plan.states
    lexers = plan.lexers
    callbacks = plan.callbacks
    end_state = plan.end_state
    state_stack = [plan.start_state]
    value_stack: list[Any] = []
    source = TextSlice.cast_from(text)
    end = len(text)
    pos, line, line_start, column = 0, 1, 0, 1
    last: Token | None = None
    while True:
        # BasicLexer.next_token, with the lexer of the parser's state (ContextualLexer.lex).
        match, ignore_types, newline_types, lexer_callbacks = lexers[state_stack[-1]]
        token = None
        while pos < end:
            res = match(source, pos)
            if not res:
                return pos
            value, type_ = res
            ignored = type_ in ignore_types
            t = None
            if not ignored or type_ in lexer_callbacks:
                t = Token(type_, value, pos, line, column)
            if type_ in newline_types:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = pos + value.rindex("\n") + 1
            pos += len(value)
            column = pos - line_start + 1
            if t is not None:
                t.end_line = line
                t.end_column = column
                t.end_pos = pos
                if t.type in lexer_callbacks:
                    t = lexer_callbacks[t.type](t)
                if not ignored:
                    token = t
                    break
        is_end = token is None
        if token is None:
            token = Token.new_borrow_pos("$END", "", last) if last is not None else Token("$END", "", 0, 1, 1)
        else:
            last = token
        # ParserState.feed_token
        while True:
            state = state_stack[-1]
            action_arg = states[state].get(token.type)
            if action_arg is None:
                return token.start_pos if token.start_pos is not None else 0
            action, arg = action_arg
            if action is Shift:
                state_stack.append(arg)
                value_stack.append(token if token.type not in callbacks else callbacks[token.type](token))
                break
            rule = arg
            size = len(rule.expansion)
            if size:
                children = value_stack[-size:]
                del state_stack[-size:]
                del value_stack[-size:]
            else:
                children = []
            value = callbacks[rule](children) if callbacks else children
            _action, new_state = states[state_stack[-1]][rule.origin.name]
            state_stack.append(new_state)
            value_stack.append(value)
            if is_end and state_stack[-1] == end_state:
                return value_stack[-1]


#: Where :func:`stop` may take a parse up again: the lexer's place (position, line, line start, column), the
#: last token and the parser's states, after a token is shifted.
Checkpoint = tuple[int, int, int, int, "Token | None", tuple[int, ...]]


def stop(parser: Lark, text: str, resume: Checkpoint | None = None, kept: MutableSequence[Checkpoint] | None = None
         ) -> int | None:
    """Where :func:`attempt` stops in ``text`` (``None``: it reads it), with no tree built: the states alone
    decide. From ``resume``, a checkpoint of a parse of a text the same up to its position and far enough
    beyond (no terminal's lookahead reaches the change); each shift's checkpoint appended to ``kept``."""
    plan = _plan(parser)
    if not plan.usable:  # pragma: no cover - another Lark
        tree = attempt(parser, text)
        return tree if isinstance(tree, int) else None
    states = plan.states
    lexers = plan.lexers
    end_state = plan.end_state
    begun: Checkpoint = resume if resume is not None else (0, 1, 0, 1, None, (plan.start_state,))
    pos, line, line_start, column, last, stack = begun
    state_stack = list(stack)
    source = TextSlice.cast_from(text)
    end = len(text)
    while True:
        match, ignore_types, newline_types, lexer_callbacks = lexers[state_stack[-1]]
        token = None
        while pos < end:
            res = match(source, pos)
            if not res:
                return pos
            value, type_ = res
            ignored = type_ in ignore_types
            t = None
            if not ignored or type_ in lexer_callbacks:
                t = Token(type_, value, pos, line, column)
            if type_ in newline_types:
                newlines = value.count("\n")
                if newlines:
                    line += newlines
                    line_start = pos + value.rindex("\n") + 1
            pos += len(value)
            column = pos - line_start + 1
            if t is not None:
                t.end_line = line
                t.end_column = column
                t.end_pos = pos
                if t.type in lexer_callbacks:
                    t = lexer_callbacks[t.type](t)
                if not ignored:
                    token = t
                    break
        is_end = token is None
        if token is None:
            token = Token.new_borrow_pos("$END", "", last) if last is not None else Token("$END", "", 0, 1, 1)
        else:
            last = token
        while True:
            action_arg = states[state_stack[-1]].get(token.type)
            if action_arg is None:
                return token.start_pos if token.start_pos is not None else 0
            action, arg = action_arg
            if action is Shift:
                state_stack.append(arg)
                if kept is not None:
                    kept.append((pos, line, line_start, column, last, tuple(state_stack)))
                break
            size = len(arg.expansion)
            if size:
                del state_stack[-size:]
            _action, new_state = states[state_stack[-1]][arg.origin.name]
            state_stack.append(new_state)
            if is_end and state_stack[-1] == end_state:
                return None
