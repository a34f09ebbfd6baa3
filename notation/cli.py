"""The ``notation`` command line: import, validate, convert, serve.

It talks to the game families only through :mod:`notation.families`;
a family may add commands of its own (a ``commands`` list of click commands).

Start-up loads click and nothing heavy: each command imports what it needs
(the grammars, python-chess, sqlite-utils, Datasette, Dask) when it runs, and
the commands kept in other modules are loaded by name (:data:`LAZY_COMMANDS`),
so ``notation --help`` or a command's ``--help`` costs a fraction of a second.
"""

from __future__ import annotations

import importlib
import json
import os
import signal
import sys
from collections import Counter
from typing import TYPE_CHECKING

import click

if TYPE_CHECKING:
    from notation.archive import Archive, ImportSummary
    from notation.model import Record
    from notation.progress import ReadProgress
    from notation.records import NotText

#: Commands kept in other modules: name -> (module, attribute, the first line of its help). Loaded
#: when run; ``--help`` lists them by the line given here (tests/test_cli_startup.py checks it is the command's).
LAZY_COMMANDS: dict[str, tuple[str, str, str]] = {
    "query-parquet": ("notation.archive.shards", "query_parquet",
                      "Which games, in every shard of a Parquet archive, reach a position; JSON lines, one a game."),
    "load-parquet": ("notation.archive.shards", "load_parquet",
                     "Load games of a Parquet archive (all, or those matching --where) into SQLite for Datasette."),
    "solve": ("notation.solve.commands", "solve_command",
              "Print the exact value of POSITION (a FEN, or a PDN FEN for checkers) for the side to move."),
    "tables": ("notation.solve.commands", "tables_group", "Endgame tables: chess (up to four men) and checkers (up to five pieces)."),
}


class LazyGroup(click.Group):
    """A group whose commands in :data:`LAZY_COMMANDS` and the families' (``families.FAMILY_COMMANDS``)
    are imported only when run."""

    def lazy(self) -> dict[str, tuple[str, str, str]]:
        from notation.families import FAMILY_COMMANDS

        return {**LAZY_COMMANDS, **FAMILY_COMMANDS}

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*self.commands, *self.lazy()})

    def get_command(self, ctx: click.Context, name: str) -> click.Command | None:
        if name not in self.commands and name in (lazy := self.lazy()):
            module, attribute, _ = lazy[name]
            self.add_command(getattr(importlib.import_module(module), attribute), name)
        return self.commands.get(name)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """As click lists them, but a command not loaded is listed by its line in the table, not loaded."""
        lazy = self.lazy()
        listed = {name: self.commands.get(name) or click.Command(name, help=lazy[name][2])
                  for name in self.list_commands(ctx)}
        shown = [(name, cmd) for name, cmd in listed.items() if not cmd.hidden]
        if shown:
            limit = formatter.width - 6 - max(len(name) for name, _ in shown)
            with formatter.section("Commands"):
                formatter.write_dl([(name, cmd.get_short_help_str(limit)) for name, cmd in shown])


@click.group(cls=LazyGroup)
@click.version_option(package_name="notation")
def cli() -> None:
    """Parse historical game notations, replay them under the rules, archive and browse them."""


def tables_show_progress() -> None:
    """Tables built on first use show their progress (:func:`notation.solve.commands.tables_show_progress`)."""
    from notation.solve.commands import tables_show_progress as show

    show()


@cli.command("import")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--db", "db_path", default="archive.db", show_default=True, help="SQLite archive to write.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--jobs", type=int, default=None,
              help="Worker processes that parse and replay while this one stores "
                   "(default: one per core for imports over 500 kB, else none).")
@click.option("--to", "parquet", nargs=2, type=(click.Choice(["parquet"]), click.Path(file_okay=False)),
              default=None, metavar="parquet DIR",
              help="Write a Parquet archive in DIR instead of SQLite, shards in parallel on Dask.")
@click.option("--shards", type=int, default=None,
              help="With --to parquet: cut files over 2 MB into N shards (default: one per core).")
@click.option("--scheduler", default=None,
              help="With --to parquet: the address of a Dask scheduler (default: a local cluster).")
def import_(paths: tuple[str, ...], db_path: str, quiet: bool, jobs: int | None,
            parquet: tuple[str, str] | None, shards: int | None, scheduler: str | None) -> None:
    """Parse, replay and store every record under PATHS.

    A record already in the archive (the same text) is skipped before it is
    replayed. Exits 1 when PATHS hold no record at all.
    """
    tables_show_progress()
    from notation.archive import Archive, ArchiveError
    from notation.parallel import default_jobs
    from notation.progress import ReadProgress

    if parquet:
        _import_parquet(paths, parquet[1], shards, scheduler, quiet)
        return
    if shards or scheduler:
        raise click.UsageError("--shards and --scheduler go with --to parquet DIR")
    report = FileReport()
    files = record_files(paths, report)
    try:
        archive = Archive(db_path)
    except ArchiveError as exc:
        raise click.ClickException(str(exc)) from None
    progress = ReadProgress("Importing", files, quiet=quiet)
    summary = _store_files(archive, files, jobs if jobs is not None else default_jobs(files), progress, report)
    counts = ", ".join(f"{n} {status}" for status, n in sorted(summary.by_status.items()))
    click.echo(f"{db_path}: {summary.added} {plural(summary.added, 'record')} added ({counts or 'none'}), "
               f"{summary.skipped} already stored, from {len(files)} {plural(len(files), 'file')}"
               f"{report.refused_note()}", err=True)
    report.echo_skipped()
    if summary.added + summary.skipped == 0 and not report.refused:
        raise click.ClickException(nothing_found(paths))
    report.exit_if_refused()


def _store_files(archive: Archive, files: list[str], jobs: int, progress: ReadProgress,
                 report: FileReport) -> ImportSummary:
    """Every record of ``files`` replayed (in ``jobs`` processes) and stored, those already stored skipped."""
    from notation.archive import ArchiveError, ImportSummary, read_rows_parallel

    summary = ImportSummary()

    def fresh(record: Record) -> bool:
        if archive.has(record.hash):
            summary.skipped += 1
            progress.passed(record)
            return False
        return True

    for path in files:
        try:
            archive.store_rows(read_rows_parallel([path], jobs, keep=fresh, refused=report.refuse,
                                                  on_read=progress.read), summary)
        except ArchiveError as exc:
            raise click.ClickException(str(exc)) from None
    progress.close()
    return summary


class FileReport:
    """The files a command passed over (by why) and refused (not text), for its summary."""

    def __init__(self) -> None:
        self.skipped: Counter[str] = Counter()
        self.refused: list[NotText] = []

    def skip(self, path: str, why: str) -> None:  # noqa: ARG002
        self.skipped[why] += 1

    def refuse(self, exc: NotText) -> None:
        """A file that is not text: said at once, on one line, and counted."""
        self.refused.append(exc)
        click.echo(f"error: {exc}", err=True)

    def refused_note(self) -> str:
        n = len(self.refused)
        return f", {n} {plural(n, 'file')} refused (not text)" if n else ""

    def echo_skipped(self) -> None:
        """One line: how many files were passed over, and why (most common first)."""
        if self.skipped:
            total = sum(self.skipped.values())
            click.echo(f"skipped {total} {plural(total, 'file')}: "
                       + ", ".join(f"{n} {why}" for why, n in self.skipped.most_common()), err=True)

    def exit_if_refused(self) -> None:
        n = len(self.refused)
        if n:
            named = ", ".join(exc.path for exc in self.refused[:3]) + (f" and {n - 3} more" if n > 3 else "")
            raise click.ClickException(f"{n} {plural(n, 'file')} not read (not text): {named}")


def plural(n: int, word: str) -> str:
    return word if n == 1 else word + "s"


def record_files(paths: tuple[str, ...], report: FileReport | None = None) -> list[str]:
    """The record files under PATHS; what is not a file or folder (a device, a pipe) is refused,
    and what a folder holds that is not a record file is counted in ``report``."""
    from notation.records import iter_files, refuse_irregular

    for path in paths:
        if not os.path.isdir(path):
            try:
                refuse_irregular(path)
            except OSError as exc:
                raise click.ClickException(str(exc)) from None
    report = report or FileReport()
    files = list(iter_files(list(paths), report.skip))
    if not files:
        report.echo_skipped()
        raise click.ClickException(nothing_found(paths))
    return files


def nothing_found(paths: tuple[str, ...]) -> str:
    from notation.records import FILE_SUFFIXES

    return (f"nothing found: no record in {', '.join(paths)} "
            f"(record files end in {', '.join(FILE_SUFFIXES)}, and hold text)")


def _import_parquet(paths: tuple[str, ...], folder: str, shards: int | None, scheduler: str | None,
                    quiet: bool) -> None:
    import os
    import time

    from notation.archive.shards import ShardResult, import_to_parquet
    from notation.progress import Progress
    from notation.records import iter_files

    started = time.perf_counter()
    progress = Progress("Importing", sum(os.path.getsize(f) for f in iter_files(list(paths))), quiet=quiet)

    def done(result: ShardResult) -> None:
        progress.advance(result.bytes, records=result.games, moves=result.plies)

    results = import_to_parquet(paths, folder, shards or os.cpu_count() or 1, scheduler, on_done=done)
    progress.close()
    seconds = time.perf_counter() - started
    by_status: dict[str, int] = {}
    for r in results:
        for status, n in r.by_status.items():
            by_status[status] = by_status.get(status, 0) + n
    games, plies = sum(r.games for r in results), sum(r.plies for r in results)
    counts = ", ".join(f"{n} {status}" for status, n in sorted(by_status.items()))
    refused = [r.refused for r in results if r.refused]
    for line in refused:
        click.echo(f"error: {line}", err=True)
    click.echo(f"{folder}: {games} {plural(games, 'record')} ({counts or 'none'}), {plies} {plural(plies, 'move')}, "
               f"{len(results)} {plural(len(results), 'shard')}, "
               f"{seconds:.1f} s", err=True)
    if refused:
        raise click.ClickException(f"{len(refused)} {plural(len(refused), 'file')} not read (not text)")


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per record (JSON Lines).")
@click.option("--warnings/--no-warnings", default=True, show_default=True, help="Show warnings too.")
def validate(paths: tuple[str, ...], as_json: bool, warnings: bool) -> None:
    """Check every record under PATHS; exit 1 if any record has an error."""
    tables_show_progress()
    from notation.pipeline import read_games
    from notation.progress import ReadProgress

    failed = 0
    total = 0
    report = FileReport()
    files = record_files(paths, report)
    progress = ReadProgress("Validating", files)
    for game in read_games(files, refused=report.refuse):
        progress.read(game.record, len(game.moves))
        total += 1
        if game.status in ("error", "unparsed") or any(d.severity == "error" for d in game.diagnostics):
            failed += 1
        if as_json:
            click.echo(json.dumps(game.as_json(), ensure_ascii=False))
            continue
        for d in game.diagnostics:
            if d.severity == "error" or warnings:
                click.echo(d.format(game.record.path))
    progress.close()
    if not as_json:
        click.echo(f"{total} {plural(total, 'record')}, {failed} with errors{report.refused_note()}", err=True)
        report.echo_skipped()
    if total == 0 and not report.refused:
        raise click.ClickException(nothing_found(paths))
    report.exit_if_refused()
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("paths", nargs=-1, type=click.Path(exists=True))
@click.option("--db", "db_path", default=None,
              help="The archive to report on [default: archive.db, or, with PATHS, a temporary one they are read into].")
@click.option("--json", "as_json", is_flag=True, help="One JSON array: per book, its counts, open reasons and disputes.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
def claims(paths: tuple[str, ...], db_path: str | None, as_json: bool, quiet: bool) -> None:
    """What the books claim about a position's value (mate in N, a result, a set-up's "to move and win",
    a verdict such as "Black should win"), per book and kind: settled exactly, by the engine, or open
    (with why), and the verdicts the engine disputes.

    With PATHS the records are read (and stored in --db when given, else in a temporary archive);
    without, the archive --db is read as it is.
    """
    import sqlite3
    import tempfile

    from notation.archive import claims as report

    with tempfile.TemporaryDirectory(prefix="notation-claims-") as tmp:
        if paths:
            tables_show_progress()
            from notation.archive import Archive, ArchiveError
            from notation.parallel import default_jobs
            from notation.progress import ReadProgress

            db_path = db_path or os.path.join(tmp, "claims.db")
            report_files = FileReport()
            files = record_files(paths, report_files)
            try:
                archive = Archive(db_path)
            except ArchiveError as exc:
                raise click.ClickException(str(exc)) from None
            _store_files(archive, files, default_jobs(files), ReadProgress("Reading", files, quiet=quiet), report_files)
            archive.db.conn.close()
        db_path = db_path or "archive.db"
        if not os.path.exists(db_path):
            raise click.ClickException(f"no archive {db_path} (give record files, or --db an archive)")
        conn = sqlite3.connect(f"file:{db_path}?mode=ro", uri=True)
        try:
            books = report.report(conn)
        except sqlite3.DatabaseError as exc:
            raise click.ClickException(f"{db_path}: not an archive ({exc})") from None
        finally:
            conn.close()
    if as_json:
        click.echo(json.dumps(report.as_json(books), ensure_ascii=False))
    else:
        click.echo(report.as_text(books) if books else "no claims about a position's value", nl=not books)


@cli.command()
@click.argument("path", type=click.Path(exists=True))
@click.option("--to", "fmt", required=True, help="Output format: json, or one the family writes (pgn, pdn, mat, ...).")
def convert(path: str, fmt: str) -> None:
    """Convert the records of PATH to another format.

    A record the format has no way to print (a pass in a notation that prints none, a game of
    another family, a book's prose that no family reads) is said on one line, and left out; the
    others are written, and the command exits 1.
    """
    tables_show_progress()
    from notation import families
    from notation.pipeline import read_games
    from notation.write import CannotWrite

    fmt = fmt.lower()
    out: list[str] = []
    families_out: list[str] = []  # the family of each record written (not json)
    unwritten = 0
    report = FileReport()
    for game in read_games(record_files((path,), report), refused=report.refuse):
        if fmt == "json":
            out.append(json.dumps(game.as_json(), ensure_ascii=False))
            continue
        family = families.get(game.family) if game.family in families.FAMILY_MODULES else None
        if family is None or fmt not in family.formats:
            if not any(fmt in families.get(name).formats for name in families.FAMILY_MODULES):
                raise click.ClickException(f"cannot write {fmt!r}: expected json or one of "
                                           + ", ".join(sorted({f for name in families.FAMILY_MODULES
                                                               for f in families.get(name).formats})))
            unwritten += 1
            why = f"the {game.family} family writes {', '.join(family.formats)}" if family else "no family reads it"
            click.echo(f"error: {game.record.path}:{game.record.line}: cannot write this {game.family} record as "
                       f"{fmt!r} ({why}): left out", err=True)
            continue
        for d in game.diagnostics:
            if d.severity == "error":
                click.echo(d.format(game.record.path), err=True)
        try:
            out.append(family.write(game, fmt))
            families_out.append(game.family)
        except CannotWrite as exc:
            unwritten += 1
            click.echo(f"error: {game.record.path}:{game.record.line}: cannot write this {game.family} record as "
                       f"{fmt!r}: {exc}", err=True)
    report.exit_if_refused()
    if not out and not unwritten:
        raise click.ClickException(nothing_found((path,)))
    if out:
        click.echo("\n".join(out) if fmt == "json" else "\n\n".join(tagged_alike(out, families_out)))
    if unwritten:
        raise click.ClickException(f"{unwritten} {plural(unwritten, 'record')} not written as {fmt!r} (said above)")


def tagged_alike(records: list[str], families: list[str]) -> list[str]:
    """Records written one after another, each one that opens without tag pairs given a ``[Game]`` tag
    where another opens with them (a score from a set-up, ``[FEN "..."]``): read back, a record runs
    from one tag block to the next, and a score without tags after one with them would be read as
    its continuation."""
    if not any(r.startswith("[") for r in records):
        return records
    return [r if r.startswith("[") else f'[Game "{family}"]\n\n{r}' for r, family in zip(records, families)]


@cli.command()
@click.option("--db", "db_path", default="archive.db", show_default=True)
@click.option("--port", default=8001, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
@click.option("--name", default=None,
              help="The database's name in the URLs (/NAME/games) [default: the file's name without .db].")
def serve(db_path: str, port: int, host: str, name: str | None) -> None:
    """Browse an archive in Datasette on localhost (read-only; an import may go on writing it)."""
    from notation.datasette import ServeError
    from notation.datasette import serve as run

    try:
        status = run(db_path, host=host, port=port, name=name)
    except ServeError as exc:
        raise click.ClickException(str(exc)) from None
    if status not in (0, -signal.SIGINT, -signal.SIGTERM):
        raise click.ClickException(f"Datasette stopped with exit status {status} serving {db_path} on {host}:{port}")


@cli.command()
@click.option("--markdown", is_flag=True, help="The docs page (docs/diagnostic-codes.md): one table per family.")
def codes(markdown: bool) -> None:
    """List every diagnostic code: its severity and what it means."""
    from notation import diagnostics

    if markdown:
        click.echo(diagnostics.markdown(), nl=False)
        return
    for code in diagnostics.CODES.values():
        click.echo(f"{code.name:24} {'/'.join(code.severities):14} {code.meaning}")


def main() -> None:
    """The console script: a broken family or an archive of another schema stops it with one line."""
    try:
        cli()
    except Exception as exc:
        # Loaded here, not at start-up: a command that raised either has loaded its module already.
        from notation.archive import ArchiveError
        from notation.families import FamilyError

        if not isinstance(exc, (FamilyError, ArchiveError)):
            raise
        click.echo(f"notation: {exc}", err=True)
        sys.exit(1)


if __name__ == "__main__":
    main()
