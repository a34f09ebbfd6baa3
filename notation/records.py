"""Files -> records: decode bytes, split into tag pairs + body, keep every character.

A record is PGN-style tag pairs followed by the text exactly as printed.
Nothing is ever dropped: text that does not fit the format still becomes a
record, with status ``unparsed`` and the reason in :attr:`Record.problem`.
"""

from __future__ import annotations

import os
import stat
from collections.abc import Callable, Iterator
from pathlib import Path

from lark import Lark, Token, UnexpectedInput

from notation.model import Record, RecordSpan, SourceText
from notation.parse import grammar_path

#: Encodings tried in order after UTF-8: what a user meets in old files.
LEGACY_ENCODINGS = ("cp1252", "latin-1")

FILE_SUFFIXES = (".txt", ".pgn", ".pdn", ".mat", ".brf", ".rec")

_splitter: Lark | None = None


def _tag_parser() -> Lark:
    global _splitter
    if _splitter is None:
        _splitter = Lark.open(str(grammar_path("records.lark")), parser="lalr", start="file",
                              propagate_positions=False, maybe_placeholders=False)
    return _splitter


#: Byte-order marks and the encodings they declare (UTF-32's first: its LE mark starts like UTF-16's).
BOMS = ((b"\xff\xfe\x00\x00", "utf-32-le"), (b"\x00\x00\xfe\xff", "utf-32-be"),
        (b"\xef\xbb\xbf", "utf-8"), (b"\xff\xfe", "utf-16-le"), (b"\xfe\xff", "utf-16-be"))

#: The longest record read, in characters; a longer one is stored unparsed with a diagnostic.
#: A book's game with all its notes is a few thousand characters; a megabyte is a whole book.
MAX_RECORD_CHARS = 1_000_000


def decode(data: bytes, path: str = "<input>") -> SourceText:
    """Decode a file: by its byte-order mark (UTF-8, UTF-16, UTF-32), else UTF-8, else a legacy encoding.

    Braille ASCII is back-translated. A file whose bytes do not all fit the
    encoding used is still read, and its :attr:`SourceText.decoding_warning`
    names the byte offset of the first bad byte.
    """
    text, encoding, bad = _decode_bytes(data)
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
    return decode(Path(p).read_bytes(), p)


def refuse_irregular(path: str) -> None:
    """Raise ``OSError`` unless ``path`` is a regular file: a device such as /dev/urandom never ends."""
    mode = os.stat(path).st_mode
    if not stat.S_ISREG(mode):
        raise OSError(f"{path} is not a regular file (a device, pipe or socket): not read")


#: File name ending -> splitter for files in a format of their own (``.mat``, ``.pdn``).
#: Families register theirs (see :func:`notation.families.get`); everything else is tag pairs.
Splitter = Callable[[SourceText], "list[RecordSpan] | None"]
_SPLITTERS: dict[str, Splitter] = {}


def register_splitter(extension: str, splitter: Splitter) -> None:
    """Split files whose name ends with ``extension`` with ``splitter`` (a ``None`` answer: tag pairs)."""
    _SPLITTERS[extension.lower()] = splitter


def split(source: SourceText) -> list[Record]:
    """Split a decoded file into records.

    A record starts at a line of tag pairs (``[Name "value"]``) that follows
    a body, or at the top of the file; the body runs to the next such line.
    Tag values may use ``\\"`` and ``\\\\`` escapes as in PGN. Files of a
    format of their own (``.mat``) go to the splitter registered for their ending.
    """
    low = source.path.lower()
    for extension, splitter in _SPLITTERS.items():
        if low.endswith(extension):
            spans = splitter(source)
            if spans is not None:
                records = [make_record(source, index, span) for index, span in enumerate(spans)]
                return [r for r in records if r.text.strip()]
    return split_tagged(source)


def split_tagged(source: SourceText) -> list[Record]:
    """Split PGN-style text (tag pairs, then body) into records; never loses a character."""
    records = [make_record(source, index, RecordSpan(start, tag_end, end))
               for index, (start, tag_end, end) in enumerate(_blocks(source.text))]
    return [r for r in records if r.text.strip()]


def make_record(source: SourceText, index: int, span: RecordSpan) -> Record:
    """The record at ``span`` of the source.

    Every splitter's spans (this module's, and a registered one such as PDN's)
    become records here, so tags, bodies, offsets and statuses are read one way.
    """
    text = source.text
    start, tag_end, end = span.start, span.tag_end, span.end
    too_long = end - start > MAX_RECORD_CHARS
    if span.tags is not None:
        tags, problem = dict(span.tags), span.problem
    elif too_long:
        tags, problem = {}, None
    else:
        tags, problem = read_tags(text[start:tag_end])
        problem = problem or span.problem
    body_start = tag_end
    # The body starts after the newline that ends the tag block.
    while body_start < end and text[body_start] in " \t":
        body_start += 1
    if body_start < end and text[body_start] == "\n":
        body_start += 1
    record = Record(source=source, index=index, tags=tags, text=text[start:end],
                    body=text[body_start:end], start=start, body_start=body_start)
    if problem:
        record.status, record.problem = "unparsed", problem
    if too_long:
        record.status, record.problem = "unparsed", (
            f"the record is {end - start:,} characters long, over the limit of {MAX_RECORD_CHARS:,}: "
            "not read (records are split at tag lines such as [Event \"...\"])")
        return record
    _translate_braille_body(record)
    return record


def tagged_spans(text: str) -> list[RecordSpan]:
    """Where the records of PGN-style text lie: tag block, then body (for a family's own splitter)."""
    return [RecordSpan(start, tag_end, end) for start, tag_end, end in _blocks(text)]


def _blocks(text: str) -> Iterator[tuple[int, int, int]]:
    """(record start, end of tag block, record end) for each record."""
    lines = text.splitlines(keepends=True)
    offsets = []
    at = 0
    for line in lines:
        offsets.append(at)
        at += len(line)
    starts: list[tuple[int, int]] = []  # (start offset, tag block end offset)
    i = 0
    in_body = True
    while i < len(lines):
        if _is_tag_line(lines[i]):
            j = i
            while j < len(lines) and _is_tag_line(lines[j]):
                j += 1
                # A blank line among the tags (as ChessBase writes them) does not end the tag block.
                k = j
                while k < len(lines) and not lines[k].strip():
                    k += 1
                if k > j and k < len(lines) and _is_tag_line(lines[k]):
                    j = k
            if in_body or not starts:
                starts.append((offsets[i], offsets[j] if j < len(lines) else len(text)))
            in_body = False
            i = j
            continue
        if lines[i].strip():
            if not starts:
                starts.append((0, 0))
            in_body = True
        i += 1
    if not starts:
        if text.strip():
            yield 0, 0, len(text)
        return
    if starts[0][0] > 0 and text[: starts[0][0]].strip():
        # Text before the first tag block is a record of its own (no tags).
        yield 0, 0, starts[0][0]
    for k, (start, tag_end) in enumerate(starts):
        end = starts[k + 1][0] if k + 1 < len(starts) else len(text)
        yield start, tag_end, end


def _is_tag_line(line: str) -> bool:
    s = line.strip()
    # One or more tag pairs on a line: "[Event "x"]" or "[White "A"] [Black "B"]".
    return len(s) > 3 and s[0] == "[" and s[-1] == "]" and '"' in s and s[1:2].isalpha()


def read_tags(block: str) -> tuple[dict[str, str], str | None]:
    """The tag pairs of a tag block, and the problem if the block does not parse (else ``None``)."""
    if not block.strip():
        return {}, None
    try:
        tree = _tag_parser().parse(block)
    except UnexpectedInput as exc:
        return {}, f"tag pairs: line {exc.line}, column {exc.column}: {exc.__class__.__name__}"
    tags: dict[str, str] = {}
    for tag in tree.find_data("tag"):
        name, value = tag.children
        assert isinstance(name, Token) and isinstance(value, Token)
        tags[str(name)] = _unescape(str(value)[1:-1])
    return tags, None


def _unescape(value: str) -> str:
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


def iter_files(paths: list[str]) -> Iterator[str]:
    """Every record file under the given files and folders, sorted, hidden ones skipped."""
    for p in paths:
        path = Path(p)
        if path.is_dir():
            for f in sorted(path.rglob("*")):
                if f.is_file() and f.suffix.lower() in FILE_SUFFIXES and not any(
                        part.startswith(".") for part in f.relative_to(path).parts):
                    yield str(f)
        else:
            yield str(path)
