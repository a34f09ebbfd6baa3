"""Files -> records: decode bytes, split into tag pairs + body, keep every character.

A record is PGN-style tag pairs followed by the text exactly as printed.
Nothing is ever dropped: text that does not fit the format still becomes a
record, with status ``unparsed`` and the reason in :attr:`Record.problem`.
"""

from __future__ import annotations

import functools
import os
import re
import stat
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from itertools import chain, pairwise
from pathlib import Path
from typing import Any, cast

from lark import Lark, Token, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from notation.diagnostics import Code
from notation.grammar_files import grammar_path, parser_cache
from notation.model import Record, RecordSpan, SourceText

#: Encodings tried in order after UTF-8: what a user meets in old files.
LEGACY_ENCODINGS = ("cp1252", "latin-1")

FILE_SUFFIXES = (".txt", ".pgn", ".pdn", ".mat", ".brf", ".rec")

_splitter: Lark | None = None


def _tag_parser() -> Lark:
    global _splitter
    if _splitter is None:
        options: dict[str, Any] = {"parser": "lalr", "start": "file", "propagate_positions": False,
                                   "maybe_placeholders": False}
        _splitter = Lark.open(str(grammar_path("records.lark")), cache=parser_cache("records.lark", **options),
                              **options)
    return _splitter


#: Byte-order marks and the encodings they declare (UTF-32's first: its LE mark starts like UTF-16's).
BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
        (b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))

#: The longest record read, in characters; a longer one is stored unparsed with a diagnostic.
#: A book's game with all its notes is a few thousand characters; a megabyte is a whole book.
MAX_RECORD_CHARS = 1_000_000


class NotText(ValueError):
    """A file that is not text in any encoding the reader knows (a binary file): refused whole, nothing read."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: not a text file ({why}): not read")
        self.path = path
        self.why = why


#: Control characters no text holds: C0 but tab, line feed, vertical tab, form feed and carriage
#: return; and DEL. They are single bytes in UTF-8, cp1252 and latin-1 alike (never inside a UTF-8 sequence).
_CONTROL_BYTES = re.compile(rb"[\x00-\x08\x0e-\x1f\x7f]")
#: Every other byte: deleting these from a chunk leaves its control bytes (faster than a search by far).
_NOT_CONTROL = bytes(b for b in range(256) if _CONTROL_BYTES.match(bytes([b])) is None)
#: A text may hold a stray control character (a DOS end-of-file mark, a printer's escape): a file
#: with more than a few, and more than this share of its bytes, is binary data (random bytes: about 11 %).
MAX_CONTROL_SHARE = 0.02
STRAY_CONTROLS = 3


class TextCheck:
    """Whether a file's bytes (fed in chunks, in order) are text: a NUL, or more than
    :data:`STRAY_CONTROLS` control characters and :data:`MAX_CONTROL_SHARE` of the bytes, says they are not."""

    def __init__(self) -> None:
        self.size = 0
        self.controls = 0
        self.first_control: int | None = None
        self.first_nul: int | None = None

    def feed(self, chunk: bytes) -> None:
        controls = chunk.translate(None, _NOT_CONTROL)
        if controls:  # rare in text: found where they are only when there are some
            self.controls += len(controls)
            if self.first_control is None:
                self.first_control = self.size + _CONTROL_BYTES.search(chunk).start()  # type: ignore[union-attr]
            if self.first_nul is None and b"\x00" in controls:
                self.first_nul = self.size + chunk.find(b"\x00")
        self.size += len(chunk)

    def problem(self) -> str | None:
        """Why the bytes are not text, naming the first offending byte; ``None`` when they are text. A NUL
        is a control character like the others: a stray one (a database export's) leaves a file text, read
        with a warning where it stands; many are binary data, or UTF-16/32 without a byte-order mark."""
        if self.controls > STRAY_CONTROLS + MAX_CONTROL_SHARE * self.size:
            if self.first_nul is not None:
                return (f"{self.controls} of its {self.size} bytes are control characters, a NUL byte at byte offset "
                        f"{self.first_nul}: binary data, or UTF-16/32 text without a byte-order mark")
            return (f"{self.controls} of its {self.size} bytes are control characters, the first at byte offset "
                    f"{self.first_control}: not text in UTF-8, cp1252 or latin-1")
        return None


def _check_text(data: bytes, text: str, encoding: str, bom: int, path: str) -> TextCheck:
    """Raise :class:`NotText` unless the file is text; ``text`` is ``data`` decoded as ``encoding``
    after a byte-order mark of ``bom`` bytes. The check, for where its stray bytes are."""
    check = TextCheck()
    if encoding.startswith(("utf-16", "utf-32")):
        # Every character is several bytes: look at the characters, and name the byte of the first bad one.
        check.feed(text.encode("latin-1", errors="replace"))
        for name in ("first_control", "first_nul"):
            at = getattr(check, name)
            if at is not None:
                setattr(check, name, bom + len(text[:at].encode(encoding)))
    else:
        check.feed(data)
    why = check.problem()
    if why is not None:
        raise NotText(path, why)
    return check


def decode(data: bytes, path: str = "<input>") -> SourceText:
    """Decode a file: by its byte-order mark (UTF-8, UTF-16, UTF-32), else UTF-8, else a legacy encoding.

    Braille ASCII is back-translated. A file whose bytes do not all fit the
    encoding used is still read, and its :attr:`SourceText.decoding_warning`
    names the byte offset of the first bad byte (a stray NUL byte too, read as
    U+FFFD). A file that is not text (control characters, NUL bytes among them,
    more than a stray few) raises :class:`NotText`.
    """
    text, encoding, bad = _decode_bytes(data)
    check = _check_text(data, text, encoding, next((len(b) for b, e in BOMS if data.startswith(b)), 0), path)
    if check.first_nul is not None:
        # A stray NUL (text, by the check): no character of any record, kept as the replacement character
        # and said where it stands, as a byte the encoding does not fit is.
        nul = text.index("\x00")
        text = text.replace("\x00", "\ufffd")
        if bad is None or nul < bad[0]:
            bad = (nul, f"a NUL byte at byte offset {check.first_nul}: read as \ufffd")
    warning = None
    if bad is not None:
        at, why = bad
        # Offsets after this point count characters of the normalised text: "\r\n" is one.
        warning = (at - text[:at].count("\r\n"), why)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    if path.lower().endswith(".brf"):
        from notation.braille import back_translate

        printed, origin = back_translate(text)
        source = SourceText(path, printed, "braille-ascii", original=text, origin=origin)
    else:
        source = SourceText(path, text, encoding)
    if warning is not None:
        source.decoding_warning = warning
    return source


def _decode_bytes(data: bytes) -> tuple[str, str, tuple[int, str] | None]:
    """(text, encoding, (character offset, message) of the first bad byte or ``None``)."""
    for bom, encoding in BOMS:
        if data.startswith(bom):
            body = data[len(bom):]
            try:
                return body.decode(encoding), encoding, None
            except UnicodeDecodeError as exc:
                text = body.decode(encoding, errors="replace")
                at = len(body[:exc.start].decode(encoding, errors="replace"))
                return text, encoding, (at, (
                    f"the file starts with a {encoding.upper()} byte-order mark but byte offset "
                    f"{exc.start + len(bom)} is not valid {encoding.upper()}: bad bytes read as \ufffd"))
    try:
        return data.decode("utf-8"), "utf-8", None
    except UnicodeDecodeError as exc:
        first_bad = exc.start
    for encoding in LEGACY_ENCODINGS:
        try:
            text = data.decode(encoding)
        except UnicodeDecodeError:
            continue
        # One byte is one character in these encodings: the offset carries over.
        return text, encoding, (first_bad, (
            f"not valid UTF-8 (first bad byte 0x{data[first_bad]:02x} at byte offset {first_bad}): "
            f"read as {encoding}"))
    raise AssertionError("latin-1 decodes any bytes")  # pragma: no cover


def read_file(path: str | os.PathLike[str]) -> SourceText:
    """Read and decode one file. What is not a regular file (a device, a pipe) raises ``OSError``."""
    p = str(path)
    refuse_irregular(p)
    source = decode(Path(p).read_bytes(), p)
    source.folder_source = folder_source(os.path.dirname(os.path.abspath(p)))
    return source


#: The file of a folder whose first heading names the book or source the folder's files come from.
SOURCE_README = "README.md"
_HEADING = re.compile(r"^#[ \t]+(.+?)[ \t#]*$", re.M)
#: Markdown around words: links, emphasis, code.
_MARKDOWN = ((re.compile(r"\[([^\]]*)\]\([^)]*\)"), r"\1"), (re.compile(r"(?<!\w)[*_]{1,2}(\S.*?)[*_]{1,2}(?!\w)"), r"\1"),
             (re.compile(r"`([^`]*)`"), r"\1"))


@functools.lru_cache(maxsize=256)
def folder_source(folder: str) -> str | None:
    """The source named by the first heading of the folder's README (``# *Title*, Chapter I``), as plain
    text; ``None`` when the folder has none. Records that carry no ``[Source]`` tag are from it."""
    try:
        text = (Path(folder) / SOURCE_README).read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    heading = _HEADING.search(text)
    if heading is None:
        return None
    name = heading.group(1)
    # "Author, *Title* (1896), ...": the book's title first, as a [Source] tag names it ("<book>, <section>").
    by_author = _AUTHOR_TITLE.match(name)
    in_book = _CHAPTER_IN_BOOK.match(name)
    if by_author is not None:
        author, title, rest = by_author.groups()
        name = f"{title}, by {author}{rest}"
    elif in_book is not None:  # 'Author, "Chapter", in *Book* (1890)': the book first, then its chapter
        author, chapter, title, rest = in_book.groups()
        name = f"{title}, {chapter}, by {author}{rest}"
    for pattern, plain in _MARKDOWN:
        name = pattern.sub(plain, name)
    return " ".join(name.split()) or None


#: A heading that names the author (or editor) before the book's title in emphasis.
_AUTHOR_TITLE = re.compile(r"([^*,]+), \*([^*]+)\*(.*)")
#: A heading that names a chapter's author and the chapter before the book it is in.
_CHAPTER_IN_BOOK = re.compile(r"([^*,]+), (\"[^\"]+\"|“[^”]+”),? in \*([^*]+)\*(.*)")


def refuse_irregular(path: str) -> None:
    """Raise ``OSError`` unless ``path`` is a regular file: a device such as /dev/urandom never ends."""
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise OSError(f"{path} is not a regular file (a device, pipe or socket): not read")


#: A splitter for a format of its own (``.mat``, ``.pdn``): where a file's records lie, or ``None``
#: when the text is not in its format (then it is tag pairs).
Splitter = Callable[[SourceText], "list[RecordSpan] | None"]


@dataclass(frozen=True)
class Splitters:
    """The splitters of the formats that have their own, given by the caller (the families give
    theirs: :func:`notation.families.splitters`); with none, every file is tag pairs.

    ``by_ending``: file name ending (lower case) -> the splitter of files with that ending;
    ``streamed``: the endings whose splitter may be given one tag-pair record at a time (PGN), so a
    big file is read as a stream (any other file is given whole, as a match file must be);
    ``by_content``: asked in order about a file whose ending no splitter owns: the first that
    recognises the text as its format (a match file saved as ``.txt``) splits it.
    """

    by_ending: Mapping[str, Splitter] = field(default_factory=dict)
    streamed: frozenset[str] = frozenset()
    by_content: tuple[Splitter, ...] = ()


def split(source: SourceText, splitters: Splitters) -> list[Record]:
    """Split a decoded file into records.

    A record starts at a line of tag pairs (``[Name "value"]``) that follows
    a body, or at the top of the file; the body runs to the next such line.
    Tag values may use ``\\"`` and ``\\\\`` escapes as in PGN. Files of a
    format of their own (``.mat``) go to the splitter ``splitters`` gives for their ending;
    any other file is offered to its content splitters (a match file named ``.txt``).
    """
    low = source.path.lower()
    owned = [splitter for extension, splitter in splitters.by_ending.items() if low.endswith(extension)]
    for splitter in owned or splitters.by_content:
        spans = splitter(source)
        if spans is not None:
            records = [make_record(source, index, span) for index, span in enumerate(spans)]
            return [r for r in records if r.text.strip()]
    return split_tagged(source)


def split_tagged(source: SourceText) -> list[Record]:
    """Split PGN-style text (tag pairs, then body) into records; never loses a character."""
    records = [make_record(source, index, span) for index, span in enumerate(tagged_spans(source.text))]
    return [r for r in records if r.text.strip()]


def source_spans(source: SourceText) -> list[RecordSpan]:
    """:func:`tagged_spans` of a source's text; of one record's lines grouped by a file read as a stream
    (:attr:`SourceText.one_record_tag_end`), that one record, not grouped again: grouping its lines
    again gives the same group (a group ends only where a tag line follows its body)."""
    if source.one_record_tag_end is not None:
        return [RecordSpan(0, source.one_record_tag_end, len(source.text))]
    return tagged_spans(source.text)


#: A heading run in before a game's first move at a paragraph's start, as an encyclopaedia's or a manual's survey
#: of the openings prints each opening ("_Evans Gambit._--1. P-K4, ...", "Ruy Lopez.—1. ...", "Giuoco Piano: 1.
#: e4", "_Single Corner._--11-15, 22-18, ..."): a few words with a capital, their stop or italics' mark, then a dash
#: or a colon; a name, not a sentence that leads into the moves ("Here the opening moves are again: 1. P to K 4",
#: "The moves are: 1. e4"): one word in small letters at most besides "of", "the", "and" ("Queen's Gambit declined",
#: "Defence of the Queen's Pawn"). (``heading``: its words.) A family's splitter puts its first move after it.
_NAME = (r"[ \t]*_?(?P<heading>(?!(?:[^\n.:;_]*?\b(?!(?:of|the|and|de|la)\b)[a-z]{2,}\b){2})"
         r"[A-Z][^\n.:;_]{1,50})(?:\.|_\.?|\._)?")
RUN_IN_HEADING = _NAME + r"[ \t]*(?:--|—|–|:)[ \t]*"


_RUN_IN_ALONE = re.compile(RUN_IN_HEADING + r"$")
#: ... and a line's name printed as a paragraph of its own above the line's moves ("Berlin Defence.", "BERLIN
#: DEFENCE.", "_Berlin Defence._"): the same few words, without the dash; each with its capital here (but "of",
#: "the", "and"), two at least: no dash sets them apart from the author's short verdicts ("White wins.", "Drawn.").
_NAME_ALONE = re.compile(_NAME + r"[ \t]*$")
_SMALL_IN_NAME = frozenset(("of", "the", "and", "de", "la"))


def line_name(text: str) -> str | None:
    """A line's name standing alone as a note's words (:data:`_NAME_ALONE`), without the italics' marks ("Berlin
    Defence."); ``None`` for any other words (a sentence: "And Black preserves the Gambit Pawn with ...")."""
    found = _NAME_ALONE.match(text)
    if found is None:
        return None
    words = found["heading"].split()
    if len(words) < 2 or not all(w[0].isupper() or w in _SMALL_IN_NAME for w in words):
        return None
    return _name_and_stop(found, text)


def run_in_name(text: str) -> str:
    """A run-in heading standing alone as a note's words (:data:`RUN_IN_HEADING`, "_Berlin Defence._--" before the
    moves of the line it names): its name and stop, the italics' marks and the dash off ("Berlin Defence."); any
    other words as they are."""
    found = _RUN_IN_ALONE.match(text)
    return text if found is None else _name_and_stop(found, text)


def _name_and_stop(found: re.Match[str], text: str) -> str:
    """A name :data:`_NAME` matched in ``text``, with its stop where one follows it, its italics' marks and dash off."""
    return found["heading"].strip() + ("." if "." in text[found.end("heading"):] else "")


def tagged_spans(text: str) -> list[RecordSpan]:
    """Where the records of PGN-style text lie: tag block, then body (for a family's own splitter too)."""
    lines = list(_tags_after_results(text.splitlines(keepends=True)))
    ends = []
    at = 0
    for line in lines:
        at += len(line)
        ends.append(at)
    spans = []
    for first, _, tag_lines, group in _line_groups(lines):
        start = ends[first - 1] if first else 0
        spans.append(RecordSpan(start, start + _tag_end(group, tag_lines), ends[first + len(group) - 1]))
    return spans


def make_record(source: SourceText, index: int, span: RecordSpan) -> Record:
    """The record at ``span`` of the source.

    Every splitter's spans (this module's, and a registered one such as PDN's)
    become records here, so tags, bodies, offsets and statuses are read one way.
    """
    text = source.text
    start, tag_end, end = span.start, span.tag_end, span.end
    too_long = end - start > MAX_RECORD_CHARS
    problem: str | None = span.problem
    problem_at: int | None = None
    notes: list[tuple[int, Code, str]] = []
    if span.tags is not None:
        tags = dict(span.tags)
        if span.tag_block is not None:
            first, last = span.tag_block
            notes = [(first + at, code, message) for at, code, message in tag_notes(text[first:last])]
    elif too_long:
        tags = {}
    else:
        tags, tag_problem = read_tags(text[start:tag_end])
        damaged = read_damaged_tags(text[start:tag_end]) if tag_problem is not None else None
        if damaged is not None:
            # tag pairs short of PGN's form: read as far as they go, each fault an error; the game is read
            tags, notes = damaged[0], [(start + at, code, message) for at, code, message in damaged[1]]
            notes += [(start + at, code, message) for at, code, message in tag_notes(text[start:tag_end])]
        elif tag_problem is not None:
            problem, problem_at = str(tag_problem), start + tag_problem.offset
        else:
            notes = [(start + at, code, message) for at, code, message in tag_notes(text[start:tag_end])]
    body_start = tag_end
    # The body starts after the newline that ends the tag block; a record with none (a book cut at
    # its scores) keeps its first line's indent, which says in which column a move stands.
    while tag_end > start and body_start < end and text[body_start] in " \t":
        body_start += 1
    if tag_end > start and body_start < end and text[body_start] == "\n":
        body_start += 1
    record = Record(source=source, index=index, tags=tags, text=text[start:end],
                    body=text[body_start:end], start=start, body_start=body_start)
    if notes:
        record.tag_notes = notes
    if problem:
        record.status, record.problem, record.problem_at = "unparsed", problem, problem_at
    if too_long:
        record.status, record.problem = "unparsed", (
            f"the record is {end - start:,} characters long, over the limit of {MAX_RECORD_CHARS:,}: "
            "not read (records are split at tag lines such as [Event \"...\"])")
        return record
    _translate_braille_body(record)
    return record


#: A game's result, then on the same line the next game's first tag pair (``1. e4 e5 * [Event "y"]``): the
#: tag pair begins a line of its own.
_RESULT_THEN_TAG = re.compile(r'(?<![\w/.-])(?:1-0|0-1|1/2-1/2|½-½|2-0|1-1|0-2|\*)[ \t]*'
                              r'(?=\[\s*[A-Za-z][A-Za-z0-9_+#=:-]*\s*"[^"\n]*"\s*\])')


def _tags_after_results(lines: Iterable[str]) -> Iterator[str]:
    """The lines, each cut before a tag pair that follows a result on it (a game's result and the next
    game's tags run onto one line), so that the tag pair opens a record as a tag line does; no character
    is lost or moved."""
    for line in lines:
        at = 0
        for match in _RESULT_THEN_TAG.finditer(line) if "[" in line else ():
            yield line[at:match.end()]
            at = match.end()
        yield line[at:]


def _with_next(lines: Iterable[str]) -> Iterator[tuple[str, str | None]]:
    """Each line with the line after it (``None`` after the last): one line read ahead."""
    return cast("Iterator[tuple[str, str | None]]", pairwise(chain(lines, [None])))  # (None only ever second)


def _line_groups(lines: Iterable[str]) -> Iterator[tuple[int, int, int, list[str]]]:
    """The records of a file as (index of its first line, its line number in the file, how many
    tag lines open it, its lines).

    A record starts at a line of tag pairs that follows a body, or at the top
    of the file; text before the first tag block is a record of its own, and
    blank lines before a first tag block belong to no record. PGN's escape
    lines (``%`` in the first column: a database's remark) before the first
    tag block are in its record's tag block, which reads past them, and so are
    PGN comments (``{...}``, ``; ...``) standing on lines of their own there or
    among its tag lines (an exporting program's remark), and a comment a tag line
    opens that closes on a later line before the next tag line. The block's first
    tag name given again, after other names, begins the next record: the block above
    was a game of tags only; any other name given twice is a tag given twice in one
    block (``[White "A"]`` twice: python-chess keeps the last), as is the first name
    given twice with no other between (``[Event "a"]`` twice). A tag pair whose value
    is not in quotes (``[Round 3]``) is a tag line inside a block, and opens one over a
    tag line (elsewhere a book's ``[Footnote 3]`` or ``[Black resigns]`` is text).
    Reads the lines once, in order, holding one record: the same grouping serves
    a whole text in memory and a file read as a stream.
    """
    lines_now: list[str] | None = None
    first = tag_lines = 0
    in_tags = False  # inside the tag lines that open the record
    in_body = True
    blank_lead: list[str] = []  # blank lines (and PGN escape lines, "%" first) before the first record
    escapes: tuple[int, int] | None = None
    held: list[str] = []  # blank or escape lines after a tag line: in the tag block if another tag line follows
    newlines = number = 0  # "\n" before this line; the file's line number of the record's first line
    in_comment = False  # inside a {comment} that a line before the first tag block or among the tags opened
    names: set[str] = set()  # the tag names of the record's tag block
    opening = ""  # the first tag name of the record's tag block
    #: The lines after a tag line that opened a ``{`` comment still open: the tag block's if the comment
    #: closes with nothing or a tag line after it, else the body's; ``None`` when no such comment is open.
    after_tag: list[str] | None = None
    tail_tag = False
    for n, (line, after) in enumerate(_with_next(lines)):
        before = newlines
        newlines += line.endswith("\n")
        if after_tag is not None:
            close = line.find("}")
            if close < 0:
                after_tag.append(line)
                continue
            rest = line[close + 1:]
            if not rest.strip() or _is_tag_line(rest):
                # the comment was the tag block's: its lines wait for the next tag line as a blank line does
                held, after_tag, in_tags, in_body = after_tag, None, True, False
                if not rest.strip():
                    held.append(line)
                    continue
                line_is_remark, tail_tag = False, True  # a tag line after the close of a tag's comment
            else:
                lines_now.extend(after_tag)  # type: ignore[union-attr]
                after_tag = None
                lines_now.append(line)  # type: ignore[union-attr]
                continue
        elif in_tags or lines_now is None:
            comment = _comment_line(line, in_comment)
            if comment is not None:
                in_comment = comment
                line_is_remark = True
            else:
                in_comment = line_is_remark = False
        else:
            line_is_remark = False
        if in_tags and (not line.strip() or line.startswith("%") or line_is_remark):
            held.append(line)
            continue
        # A tag pair not in quotes opens a tag block too where a tag line follows it ("[Event Test]" over
        # '[Result "*"]'): else a book's bracketed remark.
        if tail_tag or _is_tag_line(line) or (
                _is_bare_tag_line(line) and (in_tags or after is not None and _is_tag_line(after))):
            tail_tag = False
            # Tag pairs with the first moves after them on their line end the tag block there.
            moves_follow = _movetext_after_tags(line) is not None
            line_names = set(_TAG_NAMES.findall(line)) | set(_BARE_TAG_NAMES.findall(line)) \
                | set(_UNOPENED_TAG_NAMES.findall(line))
            if in_tags and (opening not in line_names or names <= {opening}):
                # a blank line among the tags (as ChessBase writes them) does not end the block, nor does a
                # name given twice unless it is the one the block opened with
                names |= line_names
                lines_now.extend(held)  # type: ignore[union-attr]
                lines_now.append(line)  # type: ignore[union-attr]
                tag_lines += len(held) + 1
                held = []
                in_tags, in_body = not moves_follow, moves_follow
                if moves_follow and _opens_comment(line):
                    after_tag = []
                continue
            if in_body or in_tags or lines_now is None:
                if lines_now is not None:
                    yield first, number, tag_lines, lines_now + held
                    held = []
                lines_now, first, tag_lines, in_tags, in_body = [line], n, 1, not moves_follow, moves_follow
                names = line_names
                opening = _first_tag_name(line)
                number = before + 1
                if moves_follow and _opens_comment(line):
                    after_tag = []
                if escapes:  # a file's opening escape lines go with its first tag block, read past there
                    lines_now = blank_lead[escapes[0]:] + lines_now
                    first, number, tag_lines = escapes[0], escapes[1], len(lines_now)
                    escapes = None
                continue
            lines_now.append(line)  # tag pairs after a blank line below the tags: body text
            continue
        in_tags = False
        if held:
            lines_now.extend(held)  # type: ignore[union-attr]
            held = []
        if lines_now is None:
            if not line.strip() or line.startswith("%") or line_is_remark:
                if line.strip() and not escapes:
                    escapes = (n, before + 1)  # the first escape line: its index and line number
                blank_lead.append(line)
                continue
            lines_now, first, tag_lines, number = blank_lead + [line], 0, 0, 1
            blank_lead, escapes = [], None  # the remarks before it are this text's, not a tag block's
            in_body = True
            continue
        if line.strip():
            in_body = True
        lines_now.append(line)
    if lines_now is not None:
        yield first, number, tag_lines, lines_now + (after_tag or []) + held


#: How a tag pair begins: ``[Name "``. A book's ``[Footnote A: ... "open file."]`` is no tag.
_TAG_START = re.compile(r'\[\s*[A-Za-z][A-Za-z0-9_+#=:-]*\s*"')


def _is_tag_line(line: str) -> bool:
    s = line.strip()
    # One or more tag pairs on a line: "[Event "x"]" or "[White "A"] [Black "B"]"; or a tag left open
    # ("[Event "Hastings" with no "]" on the line), which still opens a record: its tag block is then
    # reported where it stops, and the record before it is not run into it; or tag pairs and then the
    # first moves ("[Result "1-0"] 1. e4 e5").
    return (len(s) > 3 and s[0] == "[" and (s[-1] == "]" or "]" not in s or _text_after_tags(line) is not None)
            and _TAG_START.match(s) is not None)


def _text_after_tags(line: str) -> int | None:
    """Where the text after a line's opening tag pairs starts, when something other than tag pairs
    follows them on the line (``[Result "1-0"] 1. e4 e5``, ``[Event "x"] ; a remark``); ``None`` for
    any other line."""
    if line.rstrip().endswith("]"):
        return None  # a line of tag pairs only (the common case: no scan)
    match = _tag_scanner().match
    at = 0
    while pair := match(line, at):
        at = pair.end()
    rest = line[at:].strip()
    return at if at and rest and not rest.startswith("[") else None


def _movetext_after_tags(line: str) -> int | None:
    """Where the first moves after a line's opening tag pairs start (``[Result "1-0"] 1. e4 e5``);
    ``None`` for any other line, and for one whose tag pairs only a comment follows, which is the tag
    block's (``[Event "x"] ; a remark``)."""
    at = _text_after_tags(line)
    return None if at is None or _comment_line(line[at:], False) is False else at


#: A tag pair's name, where it begins: ``[Name "``.
_TAG_NAMES = re.compile(r'\[\s*([A-Za-z][A-Za-z0-9_+#=:-]*)\s*"')
#: A tag pair whose value is not in quotes (``[Round 3]``, ``[Date 1851.06.21]``): its name and value.
_BARE_VALUE = r'[^\s"\[\]{};][^"\[\]{};\n]*?'
#: The names a program writes with a value out of quotes: the standards' own (PGN's Seven Tag Roster and
#: supplement, PDN's GameType), not a book's bracketed remark (``[Remove White's Q's Kt.]``, ``[Footnote 3]``).
_BARE_NAME = (r"(?i:Event|Site|Date|Round|White|Black|Result|(?:White|Black)(?:Title|Elo|USCF|NA|Type)|EventDate"
              r"|EventSponsor|Section|Stage|Board|Opening|Variation|SubVariation|ECO|NIC|Time|UTCTime|UTCDate"
              r"|TimeControl|SetUp|FEN|Termination|Annotator|Mode|PlyCount|GameType)")
_BARE_NAME_RE = re.compile(_BARE_NAME)
_BARE_TAG_NAMES = re.compile(rf'\[[ \t]*({_BARE_NAME})[ \t]+{_BARE_VALUE}[ \t]*\]')
#: One tag pair whose value is not in quotes, closed on its line (for a family's own splitter: PDN's).
BARE_TAG_PAIR = re.compile(rf'\[[ \t]*{_BARE_NAME}[ \t]+{_BARE_VALUE}[ \t]*\]')
#: A tag pair whose value lost its opening quote (``[Event E"]``): its name. Under any name: the closing quote
#: says it is a tag pair, not a book's bracketed remark.
_UNOPENED = r'\[[ \t]*([A-Za-z][A-Za-z0-9_+#=:-]*)[ \t]+[^"\s\[\]][^"\[\]\n]*"[ \t]*\]'
_UNOPENED_TAG_NAMES = re.compile(_UNOPENED)
#: A line of tag pairs, one at least with its value not in quotes or its opening quote lost.
_BARE_TAG_LINE = re.compile(rf'[ \t]*(?:(?:\[[ \t]*(?:[A-Za-z][A-Za-z0-9_+#=:-]*[ \t]*"[^"\n]*"|{_BARE_NAME}[ \t]+{_BARE_VALUE})[ \t]*\]'
                            rf'|{_UNOPENED})[ \t]*)+\n?')


def _is_bare_tag_line(line: str) -> bool:
    """A line of tag pairs of which one at least has its value not in quotes (``[Round 3]``) or has lost its
    opening quote (``[Event E"]``, a damaged tag pair the tag block reads and reports)."""
    return _BARE_TAG_LINE.fullmatch(line) is not None and (
        _BARE_TAG_NAMES.search(line) is not None or _UNOPENED_TAG_NAMES.search(line) is not None)


def _first_tag_name(line: str) -> str:
    """The name of a tag line's first tag pair."""
    match = re.match(r'[ \t]*\[[ \t]*([A-Za-z][A-Za-z0-9_+#=:-]*)', line)
    return match.group(1) if match else ""


def _opens_comment(line: str) -> bool:
    """Whether nothing but comments follows a line's tag pairs, the last a ``{`` comment left open."""
    at = _text_after_tags(line)
    return at is not None and _comment_line(line[at:], False) is True


def _comment_line(line: str, inside: bool) -> bool | None:
    """Whether a line is nothing but PGN comments (``{...}``, ``; ...``) and blank space: ``None`` if it
    is not; else whether a ``{`` comment is left open at its end. ``inside``: a ``{`` comment is open
    where the line begins."""
    at, end = 0, len(line)
    while True:
        if inside:
            close = line.find("}", at)
            if close < 0:
                return True
            at, inside = close + 1, False
        while at < end and line[at] in " \t\r\n\f":
            at += 1
        if at == end:
            return False if at else None
        if line[at] == ";":
            return False
        if line[at] != "{":
            return None
        at, inside = at + 1, True


def _tag_end(group: list[str], tag_lines: int) -> int:
    """Where the tag block of a record's lines ends: after its last tag line, or after the tag pairs
    of that line when the first moves follow them on it."""
    if not tag_lines:
        return 0
    last = group[tag_lines - 1]
    cut = _movetext_after_tags(last)
    return sum(map(len, group[:tag_lines - 1])) + (len(last) if cut is None else cut)


class TagProblem(str):
    """Why a tag block does not parse (the message), and where: :attr:`offset` into the block."""

    offset: int

    def __new__(cls, message: str, offset: int) -> TagProblem:
        problem = super().__new__(cls, message)
        problem.offset = offset
        return problem


#: What each terminal of ``records.lark`` is, for a reader.
_TAG_TERMINALS = {"TAG_NAME": "a tag name", "STRING": 'a quoted value ("...", closed on its line)',
                  "RSQB": '"]"', "LSQB": '"["', "$END": "the end of the tag block"}


def _problem_offset(block: str, exc: UnexpectedInput) -> int:
    """Where in the block the grammar stopped: the end of its text when the block ended too soon
    (the end token carries the last token's place, not its own)."""
    if isinstance(exc, UnexpectedEOF) or (isinstance(exc, UnexpectedToken) and exc.token.type == "$END"):
        return len(block.rstrip())
    return exc.pos_in_stream if exc.pos_in_stream is not None else len(block.rstrip())


def _tag_problem(block: str, exc: UnexpectedInput, at: int) -> str:
    """A tag block's syntax error for a reader: what was found where it stopped, and what was expected."""
    expected = getattr(exc, "expected", None) or getattr(exc, "allowed", None) or set()
    wanted = sorted({_TAG_TERMINALS.get(name, name) for name in expected})
    if block[at:at + 1] == '"' and "STRING" in expected:
        return 'tag pairs: the quoted value that starts here is not closed on its line; expected [Name "value"]'
    found = repr(block[at]) if at < len(block.rstrip()) else "the end of the tag block"
    return (f"tag pairs: cannot read {found} here; expected "
            + (" or ".join(wanted) if wanted else 'tag pairs written [Name "value"]'))


def read_tags(block: str) -> tuple[dict[str, str], TagProblem | None]:
    """The tag pairs of a tag block, and the problem if the block does not parse (else ``None``):
    a :class:`TagProblem`, the message naming what was found and expected, its offset in the block."""
    if not block.strip():
        return {}, None
    scanned = _scan_tags(block)
    if scanned is not None:
        return scanned, None
    try:
        tree = _tag_parser().parse(block)
    except UnexpectedInput as exc:
        at = _problem_offset(block, exc)
        return {}, TagProblem(_tag_problem(block, exc, at), at)
    tags: dict[str, str] = {}
    for tag in tree.find_data("tag"):
        name, value = tag.children
        assert isinstance(name, Token) and isinstance(value, Token)
        tags[str(name)] = _unescape(str(value)[1:-1])
    return tags, None


_tag_pattern: re.Pattern[str] | None = None
#: What the grammar ignores between tag pairs: whitespace (common.WS), PGN's escape lines and comments.
_WS = "(?:[ \t\f\r\n]|(?<![^\n])%[^\n]*+|\\{[^}]*+\\}|;[^\n]*+)*"


def _tag_scanner() -> re.Pattern[str]:
    """One tag pair, with the whitespace before it, of the grammar's own terminals (``TAG_NAME``,
    ``STRING`` of ``records.lark``): the name and the quoted value in groups."""
    global _tag_pattern
    if _tag_pattern is None:
        parser = _tag_parser()
        name, string = (parser.get_terminal(t).pattern.to_regexp() for t in ("TAG_NAME", "STRING"))
        _tag_pattern = re.compile(rf"{_WS}\[{_WS}({name}){_WS}(?:({string})|(?<=[ \t])(?P<bare>{_BARE_VALUE})){_WS}\]")
    return _tag_pattern


def _scan_tags(block: str) -> dict[str, str] | None:
    """The tag pairs of a block that is nothing but tag pairs, read by a scanner of the grammar's
    own terminals (``TAG_NAME``, ``STRING`` of ``records.lark``); ``None`` for anything else,
    which the grammar reads and reports. Every record has a tag block: this is the common case, fast.
    """
    tags: dict[str, str] = {}
    at = 0
    match = _tag_scanner().match
    while m := match(block, at):
        if m.group(2) is None and not _BARE_NAME_RE.fullmatch(m.group(1)):
            return None  # a bracketed remark, not a tag pair
        tags[m.group(1)] = _unescape(m.group(2)[1:-1]) if m.group(2) is not None else m.group("bare")
        at = m.end()
    return tags if not block[at:].strip(" \t\f\r\n") else None


#: A tag pair written short of PGN's form, on its line: its closing quote or bracket missing
#: (``[Event "Missing bracket"``, ``[Event "x]``), its opening quote missing (``[Event x"]``: ``unopened``),
#: or its value out of quotes under a name that PGN does
#: not write so (``[Remark two words]``). It ends where its line does or the next tag pair begins.
_DAMAGED_TAG = re.compile(r'[ \t]*\[[ \t]*(?P<name>[A-Za-z][A-Za-z0-9_+#=:-]*)[ \t]*'
                          r'(?:"(?P<quoted>(?:\\.|[^"\\\n])*?)(?P<close>")?|(?P<bare>[^"\[\]\n]*?)(?P<unopened>")?)'
                          r'[ \t]*(?P<bracket>\])?[ \t]*(?=\n|$|\[[ \t]*[A-Za-z][A-Za-z0-9_+#=:-]*[ \t]*")')

_SPACE = re.compile(_WS)
#: The code of a damaged tag pair read all the same (:func:`read_damaged_tags`).
DAMAGED_TAG: Code = "damaged-tag"


def read_damaged_tags(block: str) -> tuple[dict[str, str], list[tuple[int, Code, str]]] | None:
    """The tag pairs of a block the grammar does not read, read as python-chess reads on past a broken header
    (it drops the pair; here what it holds is kept): each pair read by the grammar's scanner where it can be, else
    as a damaged pair (:data:`_DAMAGED_TAG`), an error at its fault ``(offset into the block, code, message)``.
    ``None`` when something other than tag pairs stands in the block: then it is not a tag block at all."""
    tags: dict[str, str] = {}
    errors: list[tuple[int, Code, str]] = []
    at = 0
    scan = _tag_scanner().match
    while True:
        if (good := scan(block, at)) and (good.group(2) is not None or _BARE_NAME_RE.fullmatch(good.group(1))):
            tags[good.group(1)] = _unescape(good.group(2)[1:-1]) if good.group(2) is not None else good.group("bare")
            at = good.end()
            continue
        start = _SPACE.match(block, at).end()  # type: ignore[union-attr]  # it matches the empty string too
        bad = _DAMAGED_TAG.match(block, start)
        if bad is None:
            break
        name, text = bad.group("name"), bad.group(0).strip()
        # One error a pair, at its first fault: a value out of quotes, a quote left open, or the "]" missing
        # (named where it should stand: the end of the pair's own line, not the next line).
        if bad.group("unopened") is not None:
            value = bad.group("bare").strip()
            errors.append((bad.start("bare"), DAMAGED_TAG, f"tag pairs: the value of {text} has no opening quote: "
                           f'expected [{name} "{value}"] (read as that)'))
        elif bad.group("bare") is not None:
            value = bad.group("bare").strip()
            errors.append((bad.start("bare"), DAMAGED_TAG, f"tag pairs: the value of {text} is not in quotes: "
                           f'expected [{name} "{value}"] (read as that)'))
        elif bad.group("close") is None:
            value = _unescape(bad.group("quoted"))
            errors.append((bad.start("quoted") - 1, DAMAGED_TAG, "tag pairs: the quoted value that starts here is "
                           f'not closed on its line; expected [{name} "{value}"] (read as that)'))
        else:
            value = _unescape(bad.group("quoted"))
            if bad.group("bracket") is None:
                errors.append((start + len(bad.group(0).rstrip()), DAMAGED_TAG,
                               f'tag pairs: {text} is not closed: expected "]" here (read as [{name} "{value}"])'))
        tags[name] = value
        at = bad.end()
    return (tags, errors) if errors and not block[at:].strip(" \t\f\r\n") else None


def tag_comments(block: str) -> list[str]:
    """The comments (``{...}``, ``; ...``) of a tag block, before its tag pairs, among them or after them
    (an exporting program's remark, a file's opening note): their words, in order. Cheap where it has none."""
    if "{" not in block and ";" not in block:
        return []
    comments = []
    at = 0
    match = _tag_scanner().match
    while True:
        m = match(block, at)
        between = block[at:m.start(1) if m else len(block)]
        comments += [" ".join((c[1:-1] if c.startswith("{") else c[1:]).split())
                     for c in re.findall(r"\{[^}]*\}|;[^\n]*", between)]
        if m is None:
            break
        at = m.end()
    return [c for c in comments if c]


#: The codes of :func:`tag_notes`.
UNQUOTED_TAG: Code = "unquoted-tag"
DUPLICATE_TAG: Code = "duplicate-tag"


def tag_notes(block: str) -> list[tuple[int, Code, str]]:
    """What a tag block that reads holds that PGN does not write: a name given twice (the last value is
    kept, as python-chess keeps it) and a value not in quotes (read as it stands, where python-chess
    drops it): ``(offset into the block, code, message)`` for each."""
    notes: list[tuple[int, Code, str]] = []
    seen: dict[str, str] = {}
    at = 0
    match = _tag_scanner().match
    while m := match(block, at):
        name = m.group(1)
        value = _unescape(m.group(2)[1:-1]) if m.group(2) is not None else m.group("bare")
        where = block.index("[", at)
        if m.group(2) is None:
            notes.append((where, UNQUOTED_TAG, f"the value of [{name} {value}] is not in quotes: "
                          f'read as [{name} "{value}"]'))
        if name in seen:
            same = "the same value" if seen[name] == value else f"{seen[name]!r} before, {value!r} here"
            notes.append((where, DUPLICATE_TAG, f"[{name}] is given twice in one tag block ({same}): "
                          "the last is kept"))
        seen[name] = value
        at = m.end()
    return notes


def _unescape(value: str) -> str:
    if "\\" not in value:
        return value
    out = []
    i = 0
    while i < len(value):
        if value[i] == "\\" and i + 1 < len(value) and value[i + 1] in '"\\':
            out.append(value[i + 1])
            i += 2
        else:
            out.append(value[i])
            i += 1
    return "".join(out)


def _translate_braille_body(record: Record) -> None:
    """A record tagged ``[Encoding "braille-ascii"]`` has its body back-translated, offsets kept."""
    if (record.tag("Encoding") or "").lower() != "braille-ascii" or record.source.origin is not None:
        return
    from notation.braille import back_translate

    printed, origin = back_translate(record.body)
    record.body_origin = [record.body_start + o for o in origin]
    record.body = printed


#: What files of a few endings that are not records are, for the summary of what an import passed over.
OTHER_FILES = {".md": "documentation", ".rst": "documentation", ".html": "documentation",
               ".pdf": "documentation", ".db": "SQLite", ".py": "code", ".json": "data", ".csv": "data"}


def iter_files(paths: list[str], skipped: Callable[[str, str], None] | None = None) -> Iterator[str]:
    """Every record file under the given files and folders, sorted, hidden ones skipped.

    A file named itself is always read; ``skipped(path, why)`` is told of each file a folder
    holds that is passed over, and why (its ending, a dangling link, hidden).
    """
    for p in paths:
        path = Path(p)
        if not path.is_dir():
            yield str(path)
            continue
        for f in sorted(path.rglob("*")):
            why = _not_a_record_file(f, path)
            if why is None:
                yield str(f)
            elif why and skipped is not None:
                skipped(str(f), why)


def _not_a_record_file(f: Path, folder: Path) -> str | None:
    """Why ``f``, found under ``folder``, is passed over; ``None`` for a record file, "" for a folder."""
    if any(part.startswith(".") for part in f.relative_to(folder).parts):
        return "" if f.is_dir() else "hidden"
    if f.is_symlink() and not f.exists():
        return "dangling link"
    if f.is_dir():
        return ""
    if not f.is_file():
        return "not a regular file"
    suffix = f.suffix.lower()
    if suffix not in FILE_SUFFIXES:
        return f"{suffix} ({OTHER_FILES[suffix]})" if suffix in OTHER_FILES else suffix or "no file ending"
    return None


#: Bytes read at a time when a file is streamed.
STREAM_CHUNK = 1 << 20


def iter_records(path: str, splitters: Splitters) -> Iterator[Record]:
    """The records of one file, read as a stream: memory holds one record, whatever the file's size.

    Each record gets a :class:`SourceText` of its own text that still names the
    file's lines, so diagnostics point into the file. Only files whose ending has a
    streaming splitter (``.pgn``) are streamed; any other file is read whole, since
    its format may only show in its text (a match file named ``.txt``), and so are
    Braille files. ``splitters`` are the formats' own (:func:`split`).
    A file that cannot be read at all raises ``OSError``.
    """
    low = path.lower()
    owned = next((ext for ext in splitters.by_ending if low.endswith(ext)), None)
    if owned is None or owned not in splitters.streamed or low.endswith(".brf"):
        yield from split(read_file(path), splitters)
        return
    splitter = splitters.by_ending[owned]
    encoding = stream_encoding(path)
    if encoding not in ("utf-8", "utf-8-sig"):
        # A UTF-16/32 byte-order mark, bytes that are not UTF-8 or a stray NUL: decode() reads the file whole
        # and says how it was decoded (the warning names the first bad byte).
        yield from split(read_file(path), splitters)
        return
    index = 0
    named = folder_source(os.path.dirname(os.path.abspath(path)))
    # Universal newlines: "\r\n" and "\r" become "\n", as decode() does for a whole file.
    with open(path, encoding=encoding, newline=None) as handle:
        lines = _tags_after_results(part for line in handle for part in line.splitlines(keepends=True))
        for _, number, tag_lines, lines_now in _line_groups(lines):
            text = "".join(lines_now)
            if not text.strip():
                continue
            source = SourceText(path, text, encoding.replace("-sig", ""), first_line=number)
            source.folder_source = named
            tag_end = source.one_record_tag_end = _tag_end(lines_now, tag_lines)
            spans = splitter(source) if splitter is not None else None
            for span in spans or [RecordSpan(0, tag_end, len(text))]:
                record = make_record(source, index, span)
                if record.text.strip():
                    yield record
                    index += 1


def stream_encoding(path: str) -> str:
    """The encoding :func:`decode` would choose for the file, found by reading it in chunks
    (:data:`STRAY_NUL` for a text with a stray NUL byte, which :func:`decode` reads).

    A file that is not text raises :class:`NotText`, as :func:`decode` does.
    """
    import codecs

    with open(path, "rb") as handle:
        start = handle.read(4)
        wide = next((encoding for mark, encoding in BOMS if start.startswith(mark) and encoding != "utf-8"), None)
        if wide is not None:  # UTF-16/32: read whole by decode(), which checks the characters
            return wide
        bom = start.startswith(b"\xef\xbb\xbf")
        for encoding in ("utf-8", *LEGACY_ENCODINGS):
            handle.seek(3 if bom else 0)
            decoder = codecs.getincrementaldecoder(encoding)()
            check = TextCheck()
            check.size = 3 if bom else 0
            try:
                while chunk := handle.read(STREAM_CHUNK):
                    decoder.decode(chunk)
                    check.feed(chunk)
                decoder.decode(b"", final=True)
            except UnicodeDecodeError:
                continue
            why = check.problem()
            if why is not None:
                raise NotText(path, why)
            if check.first_nul is not None:
                return STRAY_NUL  # read whole by decode(), which says where the NUL stands
            return "utf-8-sig" if encoding == "utf-8" and bom else encoding
    return "latin-1"


#: What :func:`stream_encoding` answers for a text file with a stray NUL byte: not read as a stream.
STRAY_NUL = "stray-nul"
