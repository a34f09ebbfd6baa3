"""The Datasette plugin: board pictures, a replay page per game, a position search.

Registered through the package's ``datasette`` entry point, so an installed
``notation`` is enough: ``notation serve`` (or plain ``datasette``) finds it.

* :func:`render_cell` shows every stored position as a picture. The picture
  comes from the game family's own :meth:`~notation.families.Family.picture`
  (chess draws with ``chess.svg``); a family that is not installed, or a key
  its picture function rejects, shows as text, never as an error page.
* ``/-/notation/game/<id>`` replays a game: board, step buttons and arrow
  keys, the moves as printed beside their normalised reading, diagnostics on
  their moves with the suggested repairs, variations, the source.
* ``/-/notation/positions`` finds the records that reach a position (a pasted
  key such as a FEN, or a position picked on a replay page).
* ``/-/notation/picture.svg?family=...&key=...`` serves one picture.

Everything here reads; nothing writes. Text from the archive reaches HTML
only through Jinja's autoescaping or :func:`markupsafe.escape`.
"""

from __future__ import annotations

import json
import re
from functools import lru_cache
from pathlib import Path
from typing import Any, Iterable
from urllib.parse import urlencode

import markupsafe
from datasette import hookimpl
from datasette.utils.asgi import NotFound, Response
from jinja2 import ChoiceLoader, FileSystemLoader

from notation import families

HERE = Path(__file__).resolve().parent
TEMPLATES = HERE / "templates"
STATIC = HERE / "static"
PREFIX = "/-/notation"

#: Pixel widths of pictures in table cells: a position's own row, a reference to it.
POSITION_WIDTH = 200
THUMBNAIL_WIDTH = 96

#: Columns that hold a position id, by table.
POSITION_REFERENCES = {
    "moves": ("position_id",),
    "games": ("start_position_id", "final_position_id"),
}

_REPLAY_PATH = re.compile(r"^/-/notation/game/\d+(?:\?[A-Za-z0-9_=&]*)?$")


# --------------------------------------------------------------------------
# Pictures


#: Why a family has no pictures, by name (the last failure seen).
_missing: dict[str, str] = {}


def picture_function(family: str | None):
    """The family's picture function, or ``None`` when the family is not installed (yet).

    Families arrive one by one: until a family's module imports, its keys
    show as text. A failure is not cached, so a family installed later is
    picked up without restarting anything but the import.
    """
    if not family:
        return None
    try:
        picture = families.get(family).picture
    except Exception as exc:  # missing module, unknown name, or a family module that fails to import
        _missing[family] = f"{type(exc).__name__}: {exc}"
        return None
    _missing.pop(family, None)
    return picture


def render_picture(family: str, key: str) -> str | None:
    """The SVG of a position, or ``None`` when its family cannot draw it."""
    picture = picture_function(family)
    if picture is None:
        return None
    try:
        svg = picture(key)
    except Exception:  # a key the family rejects is shown as text instead
        return None
    return svg if isinstance(svg, str) and "<svg" in svg else None


def picture_url(datasette, family: str, key: str) -> str:
    """Where the picture of a position is served."""
    return datasette.urls.path(f"{PREFIX}/picture.svg?" + urlencode({"family": family, "key": key}))


def picture_html(datasette, family: str | None, key: str | None, width: int,
                 link: str | None = None, caption: bool = True) -> markupsafe.Markup:
    """An ``<img>`` of a position with its key as caption and alt text; the key alone if no picture."""
    if not key:
        return markupsafe.Markup("&nbsp;")
    text = markupsafe.escape(key)
    if picture_function(family) is None:
        return markupsafe.Markup('<code class="notation-key">{}</code>').format(text)
    img = markupsafe.Markup(
        '<img class="notation-board" loading="lazy" src="{src}" alt="{alt}" title="{alt}" width="{w}">').format(src=picture_url(datasette, family or "", key), alt=key, w=width)
    if link:
        img = markupsafe.Markup('<a href="{}">{}</a>').format(link, img)
    if caption:
        img += markupsafe.Markup('<br><code class="notation-key">{}</code>').format(text)
    return img


# --------------------------------------------------------------------------
# Position identity for search


@lru_cache(maxsize=65536)
def position_core(family: str | None, key: str | None) -> str | None:
    """The part of a position key that identifies the position, for "which records reach it".

    The family says (its ``position_query`` hook): for chess the first four
    FEN fields, as python-chess normalises them, since the move counters
    differ between records that reach the same position. A key the family
    cannot read is compared as given, with surrounding space removed.
    """
    if key is None:
        return None
    key = " ".join(key.split())
    try:
        return families.get(family or "").position_query(key).key
    except (KeyError, ValueError):
        return key


@lru_cache(maxsize=65536)
def position_form(family: str | None, key: str | None, form: str) -> str | None:
    """A stored key in one of the forms its family matches queries on (``placement``, ``turn``, ``key``)."""
    if key is None:
        return None
    try:
        return families.get(family or "").position_forms(key).get(form)
    except KeyError:
        return None


# --------------------------------------------------------------------------
# Hooks


@hookimpl
def prepare_connection(conn, datasette) -> None:
    conn.create_function("notation_position_core", 2, position_core, deterministic=True)
    conn.create_function("notation_position_form", 3, position_form, deterministic=True)
    known = books(datasette)
    conn.create_function("notation_book", 1, lambda source: book_name(known, source), deterministic=True)


@hookimpl
def prepare_jinja2_environment(env) -> None:
    # A plugin that is a module (not a package) gets no templates folder from
    # Datasette, so ours is added as a fallback after the default search path.
    env.loader = ChoiceLoader([env.loader, FileSystemLoader(str(TEMPLATES))])


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if table == "positions" and column == "key" and isinstance(value, str):
        return picture_html(datasette, _get(row, "family"), value, POSITION_WIDTH)
    if table in POSITION_REFERENCES and column in POSITION_REFERENCES[table]:
        return _position_reference(datasette, database, value)
    if table == "games" and column == "title":
        game_id = _get(row, "id")
        if game_id is None:
            return None
        return markupsafe.Markup('{} <a class="notation-replay" href="{}">replay ▸</a>').format(
            value if value is not None else "(untitled)", game_url(datasette, game_id, database))
    if table is None and column == "replay" and isinstance(value, str) and _REPLAY_PATH.match(value):
        # Canned queries give a replay path in a column called "replay".
        sep = "&" if "?" in value else "?"
        href = datasette.urls.path(value + sep + urlencode({"db": database}))
        return markupsafe.Markup('<a href="{}">replay ▸</a>').format(href)
    if table is None and column == "board" and isinstance(value, str) and _has(row, "family"):
        # Canned queries show a position in a column called "board" beside its family.
        return picture_html(datasette, _get(row, "family"), value, THUMBNAIL_WIDTH)
    return None


def _position_reference(datasette, database: str, value: Any):
    position_id = value.get("value") if isinstance(value, dict) else value
    if position_id is None or not str(position_id).isdigit():
        return None

    async def inner():
        row = await _position(datasette, database, int(position_id))
        if row is None:
            return None
        family, key = row
        link = datasette.urls.row(database, "positions", str(position_id))
        return picture_html(datasette, family, key, THUMBNAIL_WIDTH, link=link, caption=False) + \
            markupsafe.Markup(' <a href="{}">{}</a>').format(link, position_id)

    return inner


async def _position(datasette, database: str, position_id: int) -> tuple[str, str] | None:
    db = datasette.get_database(database)
    result = await db.execute("SELECT family, key FROM positions WHERE id = ?", [position_id])
    row = result.first()
    return (row["family"], row["key"]) if row else None


def _get(row, name: str):
    try:
        return row[name]
    except (KeyError, IndexError, TypeError):
        return None


def _has(row, name: str) -> bool:
    try:
        return name in row.keys()
    except AttributeError:
        return False


#: The only HTTP methods the archive answers: it is read-only.
READ_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})


@hookimpl
def asgi_wrapper(datasette):
    """Refuse every request that could write (POST, PUT, PATCH, DELETE) before Datasette sees it."""

    def wrap(app):
        async def read_only(scope, receive, send):
            if scope.get("type") == "http" and scope.get("method", "GET").upper() not in READ_METHODS:
                body = b"This archive is read-only: only GET and HEAD requests are answered."
                await send({"type": "http.response.start", "status": 405, "headers": [
                    (b"content-type", b"text/plain; charset=utf-8"), (b"allow", b"GET, HEAD, OPTIONS"),
                    (b"content-length", str(len(body)).encode())]})
                await send({"type": "http.response.body", "body": body})
                return
            await app(scope, receive, send)

        return read_only

    return wrap


@hookimpl
def menu_links(datasette, actor):
    return [{"href": datasette.urls.path(f"{PREFIX}/positions"), "label": "Position search"}]


@hookimpl
def register_routes():
    return [
        (rf"^{PREFIX}/game/(?P<id>\d+)$", game_page),
        (rf"^{PREFIX}/positions$", positions_page),
        (rf"^{PREFIX}/picture\.svg$", picture_view),
        (rf"^{PREFIX}/static/(?P<name>[a-z0-9_-]+\.(?:js|css))$", static_view),
    ]


# --------------------------------------------------------------------------
# Routes


def game_url(datasette, game_id: int, database: str | None = None, **params: Any) -> str:
    query = {k: v for k, v in params.items() if v is not None}
    if database:
        query["db"] = database
    suffix = ("?" + urlencode(query)) if query else ""
    return datasette.urls.path(f"{PREFIX}/game/{game_id}{suffix}")


def _read_only(request) -> Response | None:
    if request.method not in ("GET", "HEAD"):
        return Response.text("This archive is read-only: only GET is allowed.", status=405,
                             headers={"Allow": "GET, HEAD"})
    return None


async def _archive(datasette, request):
    """The database named by ``?db=``, else the first one holding an archive's ``games`` table."""
    name = request.args.get("db")
    if name:
        try:
            db = datasette.get_database(name)
        except KeyError:
            raise NotFound(f"No database called {name!r}")
        if not await db.table_exists("games"):
            raise NotFound(f"Database {name!r} is not a notation archive (it has no games table)")
    else:
        for db in datasette.databases.values():
            if db.name != "_internal" and await db.table_exists("games"):
                break
        else:
            raise NotFound("No notation archive is being served (no database has a games table)")
    await datasette.ensure_permissions(request.actor, [
        ("view-table", (db.name, "games")), ("view-database", db.name), "view-instance"])
    return db


async def picture_view(request, datasette):
    if (refused := _read_only(request)) is not None:
        return refused
    family = request.args.get("family", "")
    key = request.args.get("key", "")
    svg = render_picture(family, key)
    if svg is None:
        why = _missing.get(family, "its picture function does not accept this key")
        return Response.text(f"No picture for this {family!r} position: {why}", status=404)
    return Response(svg, content_type="image/svg+xml; charset=utf-8", headers={
        "Cache-Control": "max-age=86400",
        # An SVG opened on its own is a document: it must not run anything.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "X-Content-Type-Options": "nosniff",
    })


async def static_view(request, datasette):
    if (refused := _read_only(request)) is not None:
        return refused
    name = request.url_vars["name"]
    path = STATIC / name
    if not path.is_file():
        raise NotFound(f"No static file {name}")
    kind = "text/css" if name.endswith(".css") else "text/javascript"
    return Response(path.read_text(encoding="utf-8"), content_type=f"{kind}; charset=utf-8",
                    headers={"Cache-Control": "max-age=3600"})


def _json_list(text: str | None) -> list:
    if not text:
        return []
    try:
        value = json.loads(text)
    except ValueError:
        return [text]
    return value if isinstance(value, list) else [value]


def _json_dict(text: str | None) -> dict:
    if not text:
        return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def books(datasette) -> list[dict[str, Any]]:
    """The source books named in the metadata (``plugins.notation.books``)."""
    config = datasette.plugin_config("notation") or {}
    return [b for b in config.get("books", []) if isinstance(b, dict) and b.get("name")]


def _fold(text: str) -> str:
    return " ".join(text.replace("\u2019", "'").lower().split())


def book_for(known: list[dict[str, Any]], source: str | None) -> dict[str, Any] | None:
    """The book a ``[Source]`` tag names (by its name or an alias at the start), if the metadata knows it."""
    if not source:
        return None
    folded = _fold(source)
    for book in known:
        if any(folded.startswith(_fold(n)) for n in [book["name"], *book.get("aliases", [])]):
            return book
    return None


def book_name(known: list[dict[str, Any]], source: str | None) -> str | None:
    """The book's name for a ``[Source]`` tag: a known book, else the tag up to its first comma."""
    book = book_for(known, source)
    if book is not None:
        return book["name"]
    return source.split(",")[0].strip() if source else None


async def game_page(request, datasette):
    if (refused := _read_only(request)) is not None:
        return refused
    db = await _archive(datasette, request)
    game_id = int(request.url_vars["id"])
    game = (await db.execute(
        """SELECT games.*, sources.name AS source_name, sources.licence AS source_licence,
                  start.key AS start_key
           FROM games LEFT JOIN sources ON sources.id = games.source_id
                      LEFT JOIN positions AS start ON start.id = games.start_position_id
           WHERE games.id = ?""", [game_id])).first()
    if game is None:
        raise NotFound(f"No game {game_id} in {db.name}")
    moves = (await db.execute(
        """SELECT moves.*, positions.key AS position_key FROM moves
           LEFT JOIN positions ON positions.id = moves.position_id
           WHERE moves.game_id = ? ORDER BY moves.variation, moves.ply, moves.id""", [game_id])).rows
    variations = (await db.execute(
        "SELECT * FROM variations WHERE game_id = ? ORDER BY number", [game_id])).rows
    diagnostics = (await db.execute(
        'SELECT * FROM diagnostics WHERE game_id = ? ORDER BY variation, ply, line, "column", id',
        [game_id])).rows
    claims = (await db.execute(
        "SELECT * FROM claims WHERE game_id = ? ORDER BY ply, id", [game_id])).rows

    replay = build_replay(datasette, db.name, game, moves, variations, diagnostics)
    line = request.args.get("line", "0")
    ply = request.args.get("ply")
    start = _initial_step(replay, line, ply)
    book = book_for(books(datasette), game["source_name"])
    context = {
        "database": db.name,
        "game": dict(game),
        "tags": _json_dict(game["tags"]),
        "detail": _json_dict(game["detail"]),
        "candidates": _json_list(game["candidates"]),
        "replay": replay,
        "lines": replay["lines"],
        "record_diagnostics": replay["record_diagnostics"],
        "claims": [dict(c) for c in claims],
        "book": book,
        "licence": game["source_licence"] or (book or {}).get("licence"),
        "initial": start,
        "game_row_url": datasette.urls.row(db.name, "games", str(game_id)),
        "source_row_url": (datasette.urls.row(db.name, "sources", str(game["source_id"]))
                           if game["source_id"] is not None else None),
        "positions_url": datasette.urls.path(f"{PREFIX}/positions"),
        "static": lambda name: datasette.urls.path(f"{PREFIX}/static/{name}"),
    }
    return Response.html(await datasette.render_template(
        "notation_game.html", context, request=request, view_name="notation_game"))


def build_replay(datasette, database: str, game, moves: Iterable, variations: Iterable,
                 diagnostics: Iterable) -> dict[str, Any]:
    """The replay data: each line's moves with the key and picture of the position after each.

    Line 0 is the main line; line *n* is variation *n*, whose first move
    replaces its parent line's move at ``branch_ply``, so the position before
    it is the one after the parent's previous move.
    """
    family = game["family"]
    drawable = picture_function(family) is not None

    def position(key: str | None, position_id: int | None) -> dict[str, Any]:
        return {"key": key, "id": position_id,
                "picture": picture_url(datasette, family, key) if key and drawable else None}

    by_line: dict[int, list[dict[str, Any]]] = {}
    for m in moves:
        entry = {
            "id": m["id"], "ply": m["ply"], "number": m["number"], "side": m["side"],
            "printed": m["printed"], "normalized": m["normalized"], "status": m["status"],
            "line": m["line"], "column": m["column"], "comment": m["comment"],
            "detail": _json_dict(m["detail"]), "diagnostics": [],
            **{"position": position(m["position_key"], m["position_id"])},
        }
        by_line.setdefault(m["variation"], []).append(entry)

    record_diagnostics: list[dict[str, Any]] = []
    for d in diagnostics:
        entry = {"severity": d["severity"], "code": d["code"], "message": d["message"],
                 "line": d["line"], "column": d["column"], "ply": d["ply"],
                 "variation": d["variation"] or 0, "suggestions": _json_list(d["suggestions"])}
        target = next((m for m in by_line.get(entry["variation"], []) if m["ply"] == d["ply"]), None) \
            if d["ply"] is not None else None
        (target["diagnostics"] if target else record_diagnostics).append(entry)

    start = position(game["start_key"], game["start_position_id"])
    lines: dict[int, dict[str, Any]] = {0: {"id": 0, "parent": None, "branch_ply": 0, "label": None,
                                            "comment": None, "before": start,
                                            "moves": by_line.get(0, [])}}
    for v in variations:
        lines[v["number"]] = {"id": v["number"], "parent": v["parent"], "branch_ply": v["branch_ply"],
                              "label": v["label"], "comment": v["comment"], "before": None,
                              "moves": by_line.get(v["number"], [])}
    for number in by_line:  # moves whose variation row is missing still show
        lines.setdefault(number, {"id": number, "parent": 0, "branch_ply": 1, "label": None,
                                  "comment": None, "before": None, "moves": by_line[number]})

    def before(number: int, seen: frozenset = frozenset()) -> dict[str, Any]:
        line = lines[number]
        if line["before"] is not None:
            return line["before"]
        parent = line["parent"] if line["parent"] in lines and line["parent"] not in seen | {number} else 0
        earlier = [m for m in lines[parent]["moves"] if m["ply"] < line["branch_ply"]]
        line["before"] = earlier[-1]["position"] if earlier else before(parent, seen | {number})
        return line["before"]

    for number in lines:
        before(number)
    children: dict[tuple[int, int], list[int]] = {}
    for number, line in lines.items():
        if number:
            children.setdefault((line["parent"] if line["parent"] in lines else 0, line["branch_ply"]),
                                []).append(number)
    for number, line in lines.items():
        for m in line["moves"]:
            m["variations"] = children.get((number, m["ply"]), [])
    orphans = [n for key, ns in children.items() for n in ns
               if not any(m["ply"] == key[1] for m in lines[key[0]]["moves"])]
    return {"family": family, "database": database, "game": game["id"],
            "lines": {str(k): v for k, v in sorted(lines.items())},
            "record_diagnostics": record_diagnostics, "orphans": orphans}


def _initial_step(replay: dict[str, Any], line: str, ply: str | None) -> dict[str, int]:
    """Where the page opens: ``?ply=N`` (and ``&line=V``) shows the position after that move."""
    if line not in replay["lines"]:
        line = "0"
    index = 0
    if ply and ply.isdigit():
        for i, m in enumerate(replay["lines"][line]["moves"], start=1):
            if m["ply"] <= int(ply):
                index = i
    return {"line": int(line), "index": index}


async def positions_page(request, datasette):
    if (refused := _read_only(request)) is not None:
        return refused
    db = await _archive(datasette, request)
    family_names = [r[0] for r in (await db.execute(
        "SELECT DISTINCT family FROM positions ORDER BY family")).rows]
    family = request.args.get("family") or ("chess" if "chess" in family_names or not family_names
                                            else family_names[0])
    key = (request.args.get("key") or "").strip()
    position_id = request.args.get("position_id", "")
    if position_id.isdigit():
        picked = await _position(datasette, db.name, int(position_id))
        if picked is not None:
            family, key = picked
    problem = None
    matches: list[dict[str, Any]] = []
    reached: list[dict[str, Any]] = []
    if key:
        form, core = "key", " ".join(key.split())
        try:
            query = families.get(family).position_query(key)
            form, core = query.form, query.key
        except KeyError:
            pass  # a family this notation does not know: the key as given
        except ValueError as exc:
            problem = f"{exc}; matching the text as given"
        rows = (await db.execute(
            "SELECT id, family, key FROM positions WHERE family = ? "
            "AND (key = ? OR notation_position_form(family, key, ?) = ?) ORDER BY id",
            [family, key, form, core])).rows
        matches = [dict(r) for r in rows]
        if matches:
            ids = [m["id"] for m in matches]
            marks = ",".join("?" * len(ids))
            reached = [dict(r) for r in (await db.execute(
                f"""SELECT games.id AS game_id, games.title, games.status, games.notation,
                           sources.name AS source, moves.variation, moves.ply, moves.number, moves.side,
                           moves.printed, moves.normalized, moves.position_id
                    FROM moves JOIN games ON games.id = moves.game_id
                    LEFT JOIN sources ON sources.id = games.source_id
                    WHERE moves.position_id IN ({marks})
                    UNION ALL
                    SELECT games.id, games.title, games.status, games.notation, sources.name,
                           0, 0, NULL, NULL, '(start)', NULL, games.start_position_id
                    FROM games LEFT JOIN sources ON sources.id = games.source_id
                    WHERE games.start_position_id IN ({marks})
                    ORDER BY 1, 6, 7""", ids + ids)).rows]
            for r in reached:
                r["url"] = game_url(datasette, r["game_id"], db.name,
                                    line=r["variation"] or None, ply=r["ply"])
    context = {
        "database": db.name,
        "families": family_names or ["chess"],
        "family": family,
        "key": key,
        "problem": problem,
        "picture": picture_url(datasette, family, key) if key and render_picture(family, key) else None,
        "matches": matches,
        "reached": reached,
        "games_count": len({r["game_id"] for r in reached}),
        "static": lambda name: datasette.urls.path(f"{PREFIX}/static/{name}"),
    }
    return Response.html(await datasette.render_template(
        "notation_positions.html", context, request=request, view_name="notation_positions"))
