"""``notation solve`` and ``notation tables build``: ask for the value of a diagram, build the tables once."""

from __future__ import annotations

import json
import time

import click

from notation import families
from notation.progress import Progress
from notation.solve import building


def _solvers() -> list[families.Family]:
    """The families that can tell the value of a position (their ``solve`` hook is their own)."""
    return [f for f in families.all_families() if type(f).solve is not families.Family.solve]


def _game_of(position: str) -> str:
    """The game of the first family with a solver that reads ``position`` as one of its positions
    (a PDN FEN is checkers, a FEN chess); else the first family with a solver."""
    solvers = _solvers()
    for family in solvers:
        try:
            family.position_query(position)
        except ValueError:
            continue
        return family.name
    return solvers[0].name


def tables_show_progress() -> None:
    """An endgame table (chess or checkers) built on first use shows its progress bar (the solvers cannot
    import this later stage); the commands that replay or solve call it, so that the others load no solver."""
    building.PROGRESS = lambda label, total: Progress(label, total, counts=("tables",))


@click.command("solve")
@click.argument("position")
@click.option("--game", type=click.Choice(families.names()), default=None,
              help="Game of the position (default: the game whose positions it reads as: checkers for a PDN FEN, "
                   "chess for a FEN).")
@click.option("--json", "as_json", is_flag=True, help="A JSON object: value, plies, settled_by, reason.")
def solve_command(position: str, game: str | None, as_json: bool) -> None:
    """Print the exact value of POSITION (a FEN, or a PDN FEN for checkers) for the side to move.

    Four chess men or fewer are read from the tables, built the first time a
    position needs them (`notation tables build` builds them ahead);
    checkers positions from the endgame database; larger positions get a
    bounded search, then (chess) Stockfish's judgement, said not to be exact;
    what none of them settles is reported open, with the reason.
    """
    tables_show_progress()
    name = game or _game_of(position)
    family = families.get(name)
    try:
        verdict = family.solve(position)
    except ValueError as exc:
        raise click.ClickException(f"cannot read {position!r} as a {name} position: {exc}") from None
    if verdict is None:
        raise click.ClickException(f"the {name} family has no solver")
    reason = verdict.reason + (f"; best move {verdict.best}" if verdict.best else "")
    if as_json:
        click.echo(json.dumps({"position": position, "game": name, "value": verdict.value or "open",
                               "plies": verdict.plies, "settled_by": verdict.how, "exact": verdict.exact,
                               "evaluation": verdict.evaluation, "depth": verdict.depth, "reason": reason}))
        return
    if verdict.value is None:
        click.echo(f"open ({reason})")
        return
    plies = f" in {verdict.plies} plies" if verdict.plies is not None and verdict.value != "draw" else ""
    judged = ", by the engine: not exact" if verdict.how == "engine" else ""
    click.echo(f"{verdict.value}{plies}{judged} [{verdict.how}: {reason}]")


@click.group("tables")
def tables_group() -> None:
    """Endgame tables: chess (up to four men) and checkers (up to five pieces)."""


@tables_group.command("build")
@click.argument("materials", nargs=-1)
@click.option("--game", type=click.Choice(families.names()), default="chess", show_default=True)
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="Where the tables go (default: $NOTATION_TABLES / $NOTATION_CHECKERS_DB, "
                   "else ~/.local/share/notation/).")
@click.option("--men", type=int, default=None,
              help="Build every material of at most this many men (chess, default 4) or pieces (checkers, default 4).")
@click.option("--force", is_flag=True, help="Rebuild tables already on disk.")
def build_command(materials: tuple[str, ...], game: str, directory: str | None, men: int | None, force: bool) -> None:
    """Build the tables for MATERIALS (chess: KQvKR, KPK ...; checkers: 1m2k-v-0m2k, counts of black men,
    black kings, white men, white kings), or for every material up to --men, with what they depend on."""
    progress: list[Progress] = []  # made once the family says how much it will build

    def planned(size: int) -> None:
        """The tables to build, measured in their bytes (a five-piece table takes far longer than a three)."""
        progress.append(Progress("Building tables", size, counts=("tables",)))

    def report(name: str, size: int, seconds: float, passes: int) -> None:
        with progress[0].paused():
            click.echo(f"{name}: {size:,} bytes, {passes} passes, {seconds:.1f} s")
        progress[0].advance(size, tables=1)

    start = time.perf_counter()
    try:
        built = families.get(game).build_tables(materials, directory, men, force, report, planned)
    except ValueError as exc:
        raise click.ClickException(str(exc)) from None
    for bar in progress:
        bar.close()
    if built is None:
        raise click.ClickException(f"the {game} family has no endgame tables")
    count, where = built
    click.echo(f"{count} tables built in {time.perf_counter() - start:.1f} s, in {where}", err=True)


COMMANDS = [solve_command, tables_group]
