"""Files -> records: tag pairs, bodies as printed, offsets, nothing lost."""

import pytest

from notation.model import SourceText
from notation.records import decode, folder_source, split_tagged


def test_split_keeps_every_record_and_its_text():
    text = '[Game "chess"]\n[Title "A"]\nP-K4 P-K4\n\n[Game "chess"]\n[Title "B"]\n1. e4 e5\n'
    records = split_tagged(SourceText("f.txt", text))
    assert [r.tags["Title"] for r in records] == ["A", "B"]
    assert records[0].body == "P-K4 P-K4\n\n"
    assert "".join(r.text for r in records) == text


def test_body_positions_are_file_lines_and_columns():
    text = '[Game "chess"]\n[Title "A"]\nP-K4 P-K4\n  Kt-KB3\n'
    record = split_tagged(SourceText("f.txt", text))[0]
    assert record.position(0) == (3, 1)
    assert record.position(record.body.index("Kt")) == (4, 3)


def test_tag_values_unescape_and_several_tags_on_a_line():
    text = '[White "A \\"B\\" C"] [Black "D"]\n1. e4\n'
    record = split_tagged(SourceText("f.pgn", text))[0]
    assert record.tags == {"White": 'A "B" C', "Black": "D"}


def test_text_before_the_first_tags_is_a_record_too():
    text = 'loose text\n\n[Game "chess"]\nP-K4\n'
    records = split_tagged(SourceText("f.txt", text))
    assert len(records) == 2 and records[0].body.startswith("loose text")


def test_a_damaged_tag_pair_is_read_as_far_as_it_goes_and_said():
    # The record was unparsed, its game lost for one quote; now the pair is read and the fault an error note.
    text = '[Game "chess]\n[Title "x"]\nP-K4\n'
    [record] = split_tagged(SourceText("f.txt", text))
    assert record.status is None and record.tags == {"Game": "chess", "Title": "x"}
    assert [(at, code) for at, code, _ in record.tag_notes] == [(6, "damaged-tag")]
    assert record.text == text and record.body == "P-K4\n"


def test_a_tag_block_that_is_no_tag_pairs_is_kept_as_unparsed():
    text = '[Game "chess" x y\n[Title "x"]\nP-K4\n'  # words after a tag pair's value: what they are, unknown
    records = split_tagged(SourceText("f.txt", text))
    assert records[0].status == "unparsed" and "tag pairs" in records[0].problem
    assert records[0].text == text


def test_decode_falls_back_to_legacy_encodings():
    source = decode("[Title \"Caf\xe9\"]\nP-K4\n".encode("cp1252"), "f.txt")
    assert "Café" in source.text and source.encoding == "cp1252"


def test_content_hash_is_stable_and_depends_on_the_text():
    a = split_tagged(SourceText("a.txt", '[Title "A"]\nP-K4\n'))[0]
    b = split_tagged(SourceText("b.txt", '[Title "A"]\nP-K4\n'))[0]
    c = split_tagged(SourceText("c.txt", '[Title "A"]\nP-Q4\n'))[0]
    assert a.hash == b.hash != c.hash


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402

from notation.records import _scan_tags, _tag_parser, read_tags  # noqa: E402

TAG_PIECES = st.sampled_from(['[Event "x"]', '[White "A \\"B\\" C"]', " ", "\n", "\t", '[Site"y"]',
                              '[ Round  "3" ]', "[Bad", '"', "]", "x", '[A-b:c "\\\\"]', "\x0b", "\u00a0",
                              '[Date "1.2.3"][Result "*"]', "[9 \"x\"]", '[X "a\nb"]', "%", "% x\n"])


@settings(max_examples=400, deadline=None)
@given(st.lists(TAG_PIECES, max_size=8))
def test_the_tag_scanner_reads_what_the_grammar_reads(pieces):
    block = "".join(pieces)
    fast = _scan_tags(block)
    if fast is None:
        return  # left to the grammar
    tree = _tag_parser().parse(block)  # the grammar must read it too, to the same pairs
    slow = {str(t.children[0]): t.children[1][1:-1] for t in tree.find_data("tag")}
    assert fast.keys() == slow.keys()
    assert read_tags(block) == (fast, None)


@pytest.mark.parametrize("block, line, column, expected, tags", [
    ('[Event "broken\n[Result "0-1"]\n', 1, 8, "the quoted value that starts here is not closed on its line",
     {"Event": "broken", "Result": "0-1"}),
    ('[Event "x"]\n[Result "0-1"\n', 2, 14, '[Result "0-1" is not closed: expected "]" here',
     {"Event": "x", "Result": "0-1"}),
])
def test_a_damaged_tag_pair_is_reported_where_it_is_and_the_game_read(tmp_path, block, line, column, expected, tags):
    """The record, between the good ones, is read: its damaged tag pair read as far as it goes, an error at
    the file's line and column of its fault (a missing "]" at the end of its own line), its moves replayed."""
    from notation.pipeline import read_games

    path = tmp_path / "three.pdn"
    good = '[Event "good"]\n[Result "*"]\n1. 11-15 23-19 *\n\n'
    path.write_text(good + block + "1. 11-15 22-18 *\n\n" + good)
    games = list(read_games([str(path)]))
    assert [g.status for g in games] == ["ok", "error", "ok"]
    [error] = [d for d in games[1].diagnostics if d.severity == "error"]
    assert (error.code, error.line, error.column) == ("damaged-tag", 4 + line, column)
    assert error.message.startswith("tag pairs: ") and expected in error.message
    assert games[1].record.text.startswith(block) and games[1].tags == tags
    assert [m.printed for m in games[1].moves] == ["11-15", "22-18"]
    assert all(m.status == "ok" for m in games[1].moves)


def test_a_stray_line_among_a_pdn_files_moves_is_a_checkers_syntax_error(tmp_path):
    """A .pdn record whose body does not read whole is checkers all the same: the error points at the
    line that stops the reader, and no other family claims the record (it once read as an empty chess game)."""
    from notation.pipeline import read_games

    path = tmp_path / "stray.pdn"
    path.write_text('[Event "x"]\n[9 "y"]\n1. 11-15 22-18 *\n')
    [game] = read_games([str(path)])
    assert game.family == "checkers" and game.status != "ok"
    assert any(d.severity == "error" and (d.line, d.column) == (2, 1) for d in game.diagnostics), game.diagnostics


@pytest.mark.parametrize("streamed", [True, False])
def test_a_tag_left_open_in_a_pgn_opens_its_own_record(tmp_path, streamed):
    """A .pgn tag with no closing quote or bracket still opens a record (streamed or split whole): the game
    before it is not run into it and keeps its own errors, and the broken one is reported where it stops,
    its game read."""
    from notation.pipeline import read_games

    text = ('[Event "a"]\n1. e4 e5 2. Nf3 Nc6 3. Bb5 a6 4. Ba4 Nf6 5. O-O Be7 6. Qxf7 *\n\n'
            '[Event "b\n1. d4 d5 *\n\n[Event "c"]\n1. e4 e5 *\n')
    path = tmp_path / ("games.pgn" if streamed else "games.txt")
    path.write_text(text)
    games = list(read_games([str(path)]))
    assert [g.record.text.split("\n")[0] for g in games] == ['[Event "a"]', '[Event "b', '[Event "c"]']
    assert "".join(g.record.text for g in games) == text  # nothing lost
    assert [g.status for g in games] == ["error", "error", "ok"]
    assert any("Qxf7" in d.message for d in games[0].diagnostics)
    assert [(d.code, d.line, d.column) for d in games[1].diagnostics] == [("damaged-tag", 4, 8)]
    assert [m.printed for m in games[1].moves] == ["d4", "d5"] and games[1].tags == {"Event": "b"}


@pytest.mark.parametrize("streamed", [True, False])
def test_pgn_escape_lines_are_no_record_and_no_move(tmp_path, streamed):
    """PGN's escape lines ("%" in the first column: a database's remark) before the first tags, among the
    tags and among the moves are read past: no empty record of their own, the tag block whole, the moves
    as printed; and their text is kept, in the record they stand in."""
    from notation.pipeline import read_games

    text = ('% written by a database\n%\n\n[Event "a"]\n% a remark among the tags\n[White "X"]\n\n'
            '1. e4 e5\n% a remark among the moves\n2. Nf3 Nc6 *\n\n[Event "b"]\n\n1. d4 d5 *\n')
    path = tmp_path / ("games.pgn" if streamed else "games.txt")
    path.write_text(text)
    games = list(read_games([str(path)]))
    assert [g.status for g in games] == ["ok", "ok"], [g.diagnostics for g in games]
    assert games[0].record.tags == {"Event": "a", "White": "X"}
    assert games[0].record.text.startswith("% written by a database")
    assert [len(g.moves) for g in games] == [4, 2]
    assert "".join(g.record.text for g in games) == text  # nothing lost
    assert (games[0].diagnostics, games[1].diagnostics) == ([], [])


@pytest.mark.parametrize("name", ["games.pgn", "games.txt"])  # a .pgn is read as a stream, a .txt whole
def test_a_folder_whose_readme_names_its_source_gives_it_to_records_without_a_source_tag(tmp_path, name):
    from notation.pipeline import read_games

    folder = tmp_path / "hastings"
    folder.mkdir()
    (folder / "README.md").write_text("Intro\n\n# Cheshire (ed.), *The Hastings Chess Tournament 1895* (1896)\n\n"
                                      "## Files\n", encoding="utf-8")
    (folder / name).write_text('[Event "A"]\n\n1. e4 e5 *\n\n[Event "B"]\n[Source "A book, p. 3"]\n\n1. d4 d5 *\n',
                               encoding="utf-8")
    games = list(read_games([folder]))
    # The book's title first, as [Source] tags name it ("<book>, <section>"): the books page groups by it.
    assert [g.source for g in games] == ["The Hastings Chess Tournament 1895, by Cheshire (ed.) (1896)", "A book, p. 3"]
    assert "Source" not in games[0].tags  # the record's own tags are as printed
    # A chapter by its author in a book of several: the book first (was: the chapter's author as the book's name).
    (folder / "README.md").write_text('# Captain Crawley, "Draughts", in *The Boy\'s Own Book* (1890)\n',
                                      encoding="utf-8")
    folder_source.cache_clear()
    assert next(iter(read_games([folder]))).source == 'The Boy\'s Own Book, "Draughts", by Captain Crawley (1890)'
    (tmp_path / "loose.pgn").write_text('[Event "A"]\n\n1. e4 e5 *\n', encoding="utf-8")
    assert [g.source for g in read_games([tmp_path / "loose.pgn"])] == [None]  # no README, no source


def test_every_development_source_folder_names_its_source():
    from pathlib import Path

    from notation.records import folder_source

    dev = Path(__file__).resolve().parent.parent / "corpus" / "dev"
    folders = [f for f in dev.iterdir() if f.is_dir()]
    assert folders and all(folder_source(str(f)) for f in folders), [f.name for f in folders if not folder_source(str(f))]


def test_split_asks_only_the_splitters_it_is_given():
    """A format's own splitter comes from the caller, never from what was loaded before: with none,
    a file is tag pairs; an owned ending goes to its splitter; any other ending to the content ones."""
    from notation.model import RecordSpan
    from notation.records import Splitters, split

    text = "one\ntwo\n"
    by_line = lambda source: [RecordSpan(0, 0, 4), RecordSpan(4, 4, 8)]  # noqa: E731
    not_mine = lambda source: None  # noqa: E731
    assert [r.body for r in split(SourceText("f.xyz", text), Splitters())] == [text]
    own = Splitters({".xyz": by_line})
    assert [r.body for r in split(SourceText("F.XYZ", text), own)] == ["one\n", "two\n"]
    assert [r.body for r in split(SourceText("f.txt", text), own)] == [text]
    by_content = Splitters(by_content=(not_mine, by_line))
    assert [r.body for r in split(SourceText("f.txt", text), by_content)] == ["one\n", "two\n"]


def test_the_families_give_their_own_formats_splitters():
    from notation.families import splitters
    from notation.records import Splitters, split

    own = splitters()
    assert {".mat", ".pgn", ".pdn"} <= set(own.by_ending) and ".pgn" in own.streamed
    match = "".join(f" Game {n}\n Alice : {n - 1}        Bob : 0\n  1)          41: 13/9 24/23\n\n" for n in (1, 2))
    for name in ("m.mat", "m.txt"):  # by its ending, and by its text
        assert [r.tags.get("GameNumber") for r in split(SourceText(name, match), own)] == ["1", "2"]
        assert len(split(SourceText(name, match), Splitters())) == 1  # tag pairs: one record
