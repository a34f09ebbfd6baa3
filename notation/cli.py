"""The ``notation`` command line: import, validate, convert, serve.

It talks to the game families only through :mod:`notation.families`;
a family may add commands of its own (a ``commands`` list of click commands).
"""

from __future__ import annotations

import json
import os
import signal
import sys
from pathlib import Path

import click

from notation import diagnostics, families
from notation.archive import Archive, ArchiveError, ImportSummary
from notation.archive.shards import COMMANDS as ARCHIVE_COMMANDS
from notation.model import Record
from notation.pipeline import default_jobs, read_games, read_rows_parallel
from notation.records import FILE_SUFFIXES, iter_files, refuse_irregular


@click.group()
@click.version_option(package_name="notation")
def cli() -> None:
    """Parse historical game notations, replay them under the rules, archive and browse them."""


@cli.command("import")
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--db", "db_path", default="archive.db", show_default=True, help="SQLite archive to write.")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@click.option("--jobs", type=int, default=None,
              help="Worker processes that parse and replay while this one stores "
                   "(default: one per core for imports over 2 MB, else none).")
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
    if parquet:
        _import_parquet(paths, parquet[1], shards, scheduler)
        return
    if shards or scheduler:
        raise click.UsageError("--shards and --scheduler go with --to parquet DIR")
    files = record_files(paths)
    try:
        archive = Archive(db_path)
    except ArchiveError as exc:
        raise click.ClickException(str(exc)) from None
    summary = ImportSummary()

    def fresh(record: Record) -> bool:
        if archive.has(record.hash):
            summary.skipped += 1
            return False
        return True

    jobs = jobs if jobs is not None else default_jobs(files)
    with click.progressbar(files, label="Importing", file=sys.stderr,
                           item_show_func=lambda f: Path(f).name if f else "",
                           hidden=quiet or not sys.stderr.isatty()) as bar:
        for path in bar:
            try:
                archive.store_rows(read_rows_parallel([path], jobs, keep=fresh), summary)
            except ArchiveError as exc:
                raise click.ClickException(str(exc)) from None
    counts = ", ".join(f"{n} {status}" for status, n in sorted(summary.by_status.items()))
    click.echo(f"{db_path}: {summary.added} records added ({counts or 'none'}), "
               f"{summary.skipped} already stored, from {len(files)} files", err=True)
    if summary.added + summary.skipped == 0:
        raise click.ClickException(nothing_found(paths))


def record_files(paths: tuple[str, ...]) -> list[str]:
    """The record files under PATHS; what is not a file or folder (a device, a pipe) is refused."""
    for path in paths:
        if not os.path.isdir(path):
            try:
                refuse_irregular(path)
            except OSError as exc:
                raise click.ClickException(str(exc)) from None
    files = list(iter_files(list(paths)))
    if not files:
        raise click.ClickException(nothing_found(paths))
    return files


def nothing_found(paths: tuple[str, ...]) -> str:
    return (f"nothing found: no record in {', '.join(paths)} "
            f"(record files end in {', '.join(FILE_SUFFIXES)}, and hold text)")


def _import_parquet(paths: tuple[str, ...], folder: str, shards: int | None, scheduler: str | None) -> None:
    import os
    import time

    from notation.archive.shards import import_to_parquet

    started = time.perf_counter()
    results = import_to_parquet(paths, folder, shards or os.cpu_count() or 1, scheduler)
    seconds = time.perf_counter() - started
    by_status: dict[str, int] = {}
    for r in results:
        for status, n in r.by_status.items():
            by_status[status] = by_status.get(status, 0) + n
    games, plies = sum(r.games for r in results), sum(r.plies for r in results)
    counts = ", ".join(f"{n} {status}" for status, n in sorted(by_status.items()))
    click.echo(f"{folder}: {games} records ({counts or 'none'}), {plies} moves, {len(results)} shards, "
               f"{seconds:.1f} s", err=True)


@cli.command()
@click.argument("paths", nargs=-1, required=True, type=click.Path(exists=True))
@click.option("--json", "as_json", is_flag=True, help="One JSON object per record (JSON Lines).")
@click.option("--warnings/--no-warnings", default=True, show_default=True, help="Show warnings too.")
def validate(paths: tuple[str, ...], as_json: bool, warnings: bool) -> None:
    """Check every record under PATHS; exit 1 if any record has an error."""
    failed = 0
    total = 0
    for game in read_games(record_files(paths)):
        total += 1
        if game.status in ("error", "unparsed") or any(d.severity == "error" for d in game.diagnostics):
            failed += 1
        if as_json:
            click.echo(json.dumps(game.as_json(), ensure_ascii=False))
            continue
        for d in game.diagnostics:
            if d.severity == "error" or warnings:
                click.echo(d.format(game.record.path))
    if not as_json:
        click.echo(f"{total} records, {failed} with errors", err=True)
    if total == 0:
        raise click.ClickException(nothing_found(paths))
    sys.exit(1 if failed else 0)


@cli.command()
@click.argument("path", type=click.Path(exists=True))
@click.option("--to", "fmt", required=True, help="Output format: json, or one the family writes (pgn, pdn, mat, ...).")
def convert(path: str, fmt: str) -> None:
    """Convert the records of PATH to another format."""
    fmt = fmt.lower()
    out: list[str] = []
    for game in read_games(record_files((path,))):
        if fmt == "json":
            out.append(json.dumps(game.as_json(), ensure_ascii=False))
            continue
        family = families.get(game.family) if game.family in families.FAMILY_MODULES else None
        if family is None or fmt not in family.formats:
            known = ", ".join(family.formats) if family else "none"
            raise click.ClickException(
                f"{game.record.path}:{game.record.line}: cannot write a {game.family} record as {fmt!r}: "
                f"expected json or one of {known}")
        for d in game.diagnostics:
            if d.severity == "error":
                click.echo(d.format(game.record.path), err=True)
        out.append(family.write(game, fmt))
    if not out:
        raise click.ClickException(nothing_found((path,)))
    click.echo(("\n" if fmt == "json" else "\n\n").join(out))


@cli.command()
@click.option("--db", "db_path", default="archive.db", show_default=True)
@click.option("--port", default=8001, show_default=True)
@click.option("--host", default="127.0.0.1", show_default=True)
def serve(db_path: str, port: int, host: str) -> None:
    """Browse an archive in Datasette on localhost (read-only; an import may go on writing it)."""
    from notation.datasette import ServeError
    from notation.datasette import serve as run

    try:
        status = run(db_path, host=host, port=port)
    except ServeError as exc:
        raise click.ClickException(str(exc)) from None
    if status not in (0, -signal.SIGINT, -signal.SIGTERM):
        raise click.ClickException(f"Datasette stopped with exit status {status} serving {db_path} on {host}:{port}")


@cli.command()
@click.option("--markdown", is_flag=True, help="The docs page (docs/diagnostics.md): one table per family.")
def codes(markdown: bool) -> None:
    """List every diagnostic code: its severity and what it means."""
    if markdown:
        click.echo(diagnostics.markdown(), nl=False)
        return
    for code in diagnostics.CODES.values():
        click.echo(f"{code.name:24} {'/'.join(code.severities):14} {code.meaning}")


for _command in ARCHIVE_COMMANDS:  # Parquet archives: query across shards, load into SQLite
    cli.add_command(_command)


def _family_commands() -> None:
    from notation.solve.commands import COMMANDS

    for command in COMMANDS:
        cli.add_command(command)
    for family in families.all_families():
        for command in family.commands():
            cli.add_command(command)


def main() -> None:
    """The console script: a broken family or an archive of another schema stops it with one line."""
    try:
        _family_commands()  # loads every family: one that cannot load is named here, before any work
        cli()
    except (families.FamilyError, ArchiveError) as exc:
        click.echo(f"notation: {exc}", err=True)
        sys.exit(1)



if __name__ == "__main__":
    main()
