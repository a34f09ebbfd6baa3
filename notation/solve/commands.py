"""``notation solve`` and ``notation tables build``: ask for the value of a diagram, build the tables once."""

from __future__ import annotations

import json
import time

import click

from notation import families


def _game_of(position: str) -> str:
    """A PDN FEN (``B:W21,22:B1,2``) is checkers; anything else is read as chess FEN."""
    head = position.strip().strip('"')[:2].upper()
    return "checkers" if head in ("B:", "W:") else "chess"


@click.command("solve")
@click.argument("position")
@click.option("--game", type=click.Choice(["chess", "checkers"]), default=None,
              help="Game of the position (default: checkers for a PDN FEN, else chess).")
@click.option("--json", "as_json", is_flag=True, help="A JSON object: value, plies, settled_by, reason.")
def solve_command(position: str, game: str | None, as_json: bool) -> None:
    """Print the exact value of POSITION (a FEN, or a PDN FEN for checkers) for the side to move.

    Four chess men or fewer are read from the tables (`notation tables build`);
    checkers positions from the endgame database; larger positions get a
    bounded search, and what it cannot prove is reported open, with the reason.
    """
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
                               "plies": verdict.plies, "settled_by": verdict.how, "reason": reason}))
        return
    if verdict.value is None:
        click.echo(f"open ({reason})")
        return
    plies = f" in {verdict.plies} plies" if verdict.plies is not None and verdict.value != "draw" else ""
    click.echo(f"{verdict.value}{plies} [{verdict.how}: {reason}]")


@click.group("tables")
def tables_group() -> None:
    """Endgame tables: chess (up to four men) and checkers (up to five pieces)."""


@tables_group.command("build")
@click.argument("materials", nargs=-1)
@click.option("--game", type=click.Choice(["chess", "checkers"]), default="chess", show_default=True)
@click.option("--dir", "directory", type=click.Path(file_okay=False), default=None,
              help="Where the tables go (default: $NOTATION_TABLES / $NOTATION_CHECKERS_DB, "
                   "else ~/.local/share/notation/).")
@click.option("--men", type=int, default=None,
              help="Build every material of at most this many men (chess, default 4) or pieces (checkers, default 4).")
@click.option("--force", is_flag=True, help="Rebuild tables already on disk.")
def build_command(materials: tuple[str, ...], game: str, directory: str | None, men: int | None, force: bool) -> None:
    """Build the tables for MATERIALS (chess: KQvKR, KPK ...; checkers: 1m2k-v-0m2k, counts of black men,
    black kings, white men, white kings), or for every material up to --men, with what they depend on."""
    def report(m, seconds: float, passes: int) -> None:
        click.echo(f"{m.name}: {2 * m.size:,} bytes, {passes} passes, {seconds:.1f} s")

    start = time.perf_counter()
    if game == "chess":
        from notation.solve import chess_tables as ct

        try:
            wanted = [ct.Material.parse(m) for m in materials] or ct.all_materials(men or ct.MAX_MEN)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
        store = ct.Tables(directory, wanted)
        built: list = store.build(force=force, report=report)
        where = store.directory
    else:
        from notation.solve import checkers as ck

        try:
            pieces = [_checkers_material(m) for m in materials] or ck.all_materials(men or ck.DEFAULT_PIECES)
        except ValueError as exc:
            raise click.ClickException(str(exc)) from None
        db = ck.Database(directory)
        built = db.build(pieces, force=force, report=report)
        where = db.directory
    click.echo(f"{len(built)} tables built in {time.perf_counter() - start:.1f} s, in {where}", err=True)


def _checkers_material(text: str):
    from notation.solve import checkers as ck

    try:
        black, white = text.lower().split("-v-")
        bm, bk = (int(x) for x in black.rstrip("k").split("m"))
        wm, wk = (int(x) for x in white.rstrip("k").split("m"))
    except ValueError:
        raise ValueError(f"expected a checkers material such as 1m2k-v-0m2k "
                         f"(black men, black kings v white men, white kings), not {text!r}") from None
    if bm + bk + wm + wk > ck.MAX_PIECES or not (bm + bk) or not (wm + wk):
        raise ValueError(f"{text!r}: each side needs a piece, and at most {ck.MAX_PIECES} pieces in all")
    return ck.canonical(bm, bk, wm, wk)[0]


COMMANDS = [solve_command, tables_group]
