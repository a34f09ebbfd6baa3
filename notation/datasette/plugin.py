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
import sqlite3
from collections.abc import Iterable, Mapping
from functools import lru_cache
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import markupsafe
from datasette import hookimpl
from datasette.database import QueryInterrupted
from datasette.utils.asgi import NotFound, Response
from jinja2 import ChoiceLoader, FileSystemLoader

from notation import families
from notation.archive.read import read_game, read_tokens
from notation.archive.roles import Token
from notation.model import Game
from notation.parse import PAGE_MARK
from notation.records import MAX_RECORD_CHARS

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


def render_picture(family: str, key: str, view: dict[str, str] | None = None) -> str | None:
    """The SVG of a position (drawn as ``view`` asks), or ``None`` when its family cannot draw it."""
    picture = picture_function(family)
    if picture is None:
        return None
    try:
        svg = picture(key, view or None)
    except Exception:  # a key the family rejects is shown as text instead
        return None
    return svg if isinstance(svg, str) and "<svg" in svg else None


def picture_url(datasette, family: str, key: str, view: dict[str, str] | None = None) -> str:
    """Where the picture of a position is served; ``view`` travels as further parameters."""
    params = {"family": family, "key": key, **{k: v for k, v in (view or {}).items() if k not in ("family", "key")}}
    return datasette.urls.path(f"{PREFIX}/picture.svg?" + urlencode(params))


def picture_html(datasette, family: str | None, key: str | None, width: int,
                 link: str | None = None, caption: bool = True, search: bool = False) -> markupsafe.Markup:
    """An ``<img>`` of a position with its key as caption and alt text; the key alone if no picture.
    With ``search``, ``link`` is the position search and says so under the picture."""
    if not key:
        return markupsafe.Markup("&nbsp;")
    text = markupsafe.escape(key)
    if picture_function(family) is None:
        img = markupsafe.Markup('<code class="notation-key">{}</code>').format(text)
    else:
        img = markupsafe.Markup(
            '<img class="notation-board" loading="lazy" src="{src}" alt="{alt}" title="{alt}" width="{w}">').format(
                src=picture_url(datasette, family or "", key), alt=key, w=width)
        if link:
            img = markupsafe.Markup('<a href="{}">{}</a>').format(link, img)
        if caption:
            img += markupsafe.Markup('<br><code class="notation-key">{}</code>').format(text)
    if link and search:
        img += markupsafe.Markup('<br><a href="{}">the records that reach it, and what was played next ▸</a>').format(link)
    return img


# --------------------------------------------------------------------------
# Position identity for search


def position_query(family: str, text: str) -> families.PositionQuery:
    """A typed position as the family's ``position_query`` hook reads it; ``ValueError`` naming what it expected.

    A family that is not installed compares the text whole.
    """
    try:
        family_object = families.get(family)
    except (KeyError, families.FamilyError):
        key = " ".join(text.split())
        if not key:
            raise ValueError("expected a position key") from None
        return families.PositionQuery("key", key, "matched the position key exactly")
    return family_object.position_query(text)


@lru_cache(maxsize=4096)
def position_query_sql(family: str | None, text: str | None, part: str) -> str | None:
    """``notation_position_query(family, text, part)`` in SQL: the query's ``form``, its ``value``, or
    the ``numbers`` (ids) of the keys it can be as a JSON array (for ``json_each``), for the canned
    queries' indexed lookups."""
    if not text:
        return None
    try:
        query = position_query(family or "chess", text)
    except ValueError:
        return None
    if part == "numbers":
        found = families.get(family or "chess")
        return json.dumps([found.position_number(key) for key in found.query_keys(query)])
    return query.form if part == "form" else query.key


# --------------------------------------------------------------------------
# Limits

#: The longest value (string or blob, in bytes) any SQL expression may make: a bound on memory per
#: value that no time limit gives (``hex(randomblob(30000000))`` is one step of SQLite's VM).
#: Above the longest stored value: a record is at most MAX_RECORD_CHARS characters of UTF-8.
MAX_SQL_VALUE_BYTES = 8 * MAX_RECORD_CHARS

#: The largest response body sent: a bigger answer is refused with a message saying why.
MAX_RESPONSE_BYTES = 32_000_000

#: The longest position key the picture endpoint draws (a card game's whole deal is a few hundred).
MAX_KEY_CHARS = 2000


# --------------------------------------------------------------------------
# Hooks


@hookimpl
def prepare_connection(conn, datasette) -> None:
    if hasattr(conn, "setlimit"):  # Python 3.11+
        conn.setlimit(sqlite3.SQLITE_LIMIT_LENGTH, MAX_SQL_VALUE_BYTES)
        conn.setlimit(sqlite3.SQLITE_LIMIT_ATTACHED, 0)  # no ATTACH, whatever the SQL says
    conn.create_function("notation_position_query", 3, position_query_sql, deterministic=True)
    known = books(datasette)
    conn.create_function("notation_book", 1, lambda source: book_name(known, source), deterministic=True)


@hookimpl
def prepare_jinja2_environment(env) -> None:
    # A plugin that is a module (not a package) gets no templates folder from
    # Datasette, so ours is added as a fallback after the default search path.
    env.loader = ChoiceLoader([env.loader, FileSystemLoader(str(TEMPLATES))])
    env.filters["book_text"] = book_text
    env.filters["counted"] = counted


def counted(n: int, noun: str) -> str:
    """``n`` and the noun, plural unless one: "1 move", "2 moves", "0 records"."""
    return f"{n} {noun}" if n == 1 else f"{n} {noun}s"


@hookimpl
def render_cell(row, value, column, table, database, datasette):
    if table == "positions" and column == "key" and isinstance(value, str):
        search = _get(row, "id")
        return picture_html(datasette, _get(row, "family"), value, POSITION_WIDTH, link=None if search is None else
                            datasette.urls.path(f"{PREFIX}/positions?" + urlencode({"db": database, "position_id": search})),
                            search=search is not None)
    if table in PLY_COLUMNS and column == "ply" and value is not None:
        return _ply_link(datasette, database, table, row, value)
    if table in POSITION_REFERENCES and column in POSITION_REFERENCES[table]:
        return _position_reference(datasette, database, value)
    if table == "games" and column in FOLDED_COLUMNS and isinstance(value, str) and len(value) > 40:
        return folded(value, column)
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


#: Tables whose rows name a move of a record by its line (``variation``) and ``ply``: the ply links to
#: the replay at that move. (Claims name no line: a claim's ply may be a variation's.)
PLY_COLUMNS = {"moves": None, "diagnostics": None, "tokens": ("move", "variation")}


def _ply_link(datasette, database: str, table: str, row, value: Any):
    """A ply as a link to the replay page at that move of its line."""
    game_id, roles = _get(row, "game_id"), PLY_COLUMNS[table]
    if isinstance(game_id, dict):  # a foreign key Datasette expanded to its label
        game_id = game_id.get("value")
    if game_id is None or (roles is not None and _get(row, "role") not in roles):
        return None
    href = game_url(datasette, game_id, database, line=_get(row, "variation") or 0, ply=value)
    return markupsafe.Markup('<a href="{}" title="the board after this move">{} ▸</a>').format(href, value)


#: Long columns of the games table, folded to their first words until a reader opens them.
FOLDED_COLUMNS = frozenset({"hash", "printed", "tags", "detail", "comments", "candidates"})


def folded(value: str, column: str) -> markupsafe.Markup:
    """A long cell folded away (a hash to its first characters); the whole text opens on a click."""
    head = value[:8] + "…" if column == "hash" else f"show {len(value):,} characters"
    return markupsafe.Markup('<details class="folded"><summary>{}</summary><div class="folded-text">{}</div>'
                             '</details>').format(head, value)


def _position_reference(datasette, database: str, value: Any):
    """A small board for a position id, linked to its row.

    No query here: the picture is served by id (``position_id=``), so a page
    of a hundred rows costs the server nothing per board; the browser fetches
    the pictures lazily. The key, where Datasette expanded the foreign key's
    label, is the picture's alt text.
    """
    position_id = value.get("value") if isinstance(value, dict) else value
    if position_id is None or row_id(str(position_id)) is None:
        return None
    label = value.get("label") if isinstance(value, dict) else None
    link = datasette.urls.row(database, "positions", str(position_id))
    src = datasette.urls.path(f"{PREFIX}/picture.svg?" + urlencode({"db": database, "position_id": position_id}))
    return markupsafe.Markup(
        '<a href="{link}"><img class="notation-board" loading="lazy" src="{src}" alt="{alt}" title="{alt}" '
        'width="{w}"></a> <a href="{link}">{id}</a>').format(
            link=link, src=src, alt=label or f"position {position_id}", w=THUMBNAIL_WIDTH, id=position_id)


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


#: The games table as a list: the columns a reader scans, in this order (the id comes first by itself).
COMPACT_GAMES = ("title", "family", "source_id", "status", "move_count", "result")
_GAMES_TABLE = re.compile(r"^/[^/]+/games$")


def compact_games_location(path: str, query: str) -> str | None:
    """Where a plain request for the games table goes: the compact list, unless columns were asked for.

    The long columns (hash, printed text, tags, detail as JSON) stay hidden
    until asked for with ``_col``/``_nocol`` (the table's description links to
    every column); the JSON and CSV forms are never redirected.
    """
    if not _GAMES_TABLE.match(path):
        return None
    params = [p.split("=", 1)[0] for p in query.split("&") if p]
    if any(p in ("_col", "_nocol") for p in params):
        return None
    compact = "&".join(f"_col={c}" for c in COMPACT_GAMES)
    return f"{path}?{compact}" + (f"&{query}" if query else "")


@hookimpl
def asgi_wrapper(datasette):
    """Refuse every request that could write (POST, PUT, PATCH, DELETE) before Datasette sees it;
    send a plain request for the games table to its compact list; refuse every answer bigger than
    :data:`MAX_RESPONSE_BYTES`."""

    def wrap(app):
        async def read_only(scope, receive, send):
            if scope.get("type") == "http" and scope.get("method", "GET").upper() not in READ_METHODS:
                await _send_text(send, 405, "This archive is read-only: only GET and HEAD requests are answered.",
                                 [(b"allow", b"GET, HEAD, OPTIONS")])
                return
            if scope.get("type") == "http":
                query = scope.get("query_string", b"").decode("latin-1")
                location = compact_games_location(scope.get("path", ""), query)
                if location is not None:
                    await send({"type": "http.response.start", "status": 302, "headers": [
                        (b"location", datasette.urls.path(location).encode("latin-1")),
                        (b"content-length", b"0")]})
                    await send({"type": "http.response.body", "body": b""})
                    return
            await app(scope, receive, capped(send) if scope.get("type") == "http" else send)

        return read_only

    return wrap


async def _send_text(send, status: int, text: str, headers: list | None = None) -> None:
    body = text.encode("utf-8")
    await send({"type": "http.response.start", "status": status, "headers": [
        (b"content-type", b"text/plain; charset=utf-8"), (b"content-length", str(len(body)).encode()),
        *(headers or [])]})
    await send({"type": "http.response.body", "body": body})


def capped(send, limit: int | None = None):
    """An ASGI ``send`` that lets at most ``limit`` bytes of body through.

    The start of the response is held until the first body part: an answer
    that is over the limit in one part (Datasette's pages and JSON) becomes a
    400 saying so; a streamed one (CSV) is cut off at the limit.
    """
    limit = MAX_RESPONSE_BYTES if limit is None else limit
    held: list[dict] = []
    sent = 0
    closed = False

    async def send_capped(message):
        nonlocal sent, closed
        if closed:
            return
        if message["type"] == "http.response.start":
            held.append(message)
            return
        if message["type"] != "http.response.body":
            await send(message)
            return
        body = message.get("body", b"")
        if held:
            start = held.pop()
            if len(body) > limit:
                closed = True
                await _send_text(send, 400, f"The answer is {len(body):,} bytes, over this archive's limit of "
                                            f"{limit:,}: ask for fewer rows or shorter values.")
                return
            await send(start)
        if sent + len(body) > limit:
            closed = True
            await send({"type": "http.response.body", "body": body[:limit - sent], "more_body": False})
            return
        sent += len(body)
        await send(message)

    return send_capped


@hookimpl
def menu_links(datasette, actor):
    return [{"href": datasette.urls.path(f"{PREFIX}/books"), "label": "The books"},
            {"href": datasette.urls.path(f"{PREFIX}/positions"), "label": "Position search"}]


@hookimpl
def register_routes():
    return [
        (r"^/$", home_page),
        (rf"^{PREFIX}/books$", books_page),
        (rf"^{PREFIX}/game/(?P<id>\d+)$", game_page),
        (rf"^{PREFIX}/positions$", positions_page),
        (rf"^{PREFIX}/picture\.svg$", picture_view),
        (rf"^{PREFIX}/static/(?P<name>[a-z0-9_-]+\.(?:js|css))$", static_view),
    ]


# --------------------------------------------------------------------------
# Routes


def game_url(datasette, game_id: int, database: str | None = None, **params: Any) -> str:
    query = {k: v for k, v in params.items() if v is not None}
    if not query:  # the common case, once per row of a table: no encoding work per row
        return f"{_base(datasette)}{PREFIX[1:]}/game/{game_id}{_db_suffix(database)}"
    if database:
        query["db"] = database
    return datasette.urls.path(f"{PREFIX}/game/{game_id}?{urlencode(query)}")


def _base(datasette) -> str:
    return datasette.urls.path("/")


@lru_cache(maxsize=64)
def _db_suffix(database: str | None) -> str:
    return "?" + urlencode({"db": database}) if database else ""


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
            raise NotFound(f"No database called {name!r}") from None
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
    by_id = request.args.get("position_id", "")
    if by_id:  # a table cell's board, looked up here rather than while the table renders
        db = await _archive(datasette, request)
        picked = row_id(by_id)
        found = await _position(datasette, db.name, picked) if picked is not None else None
        if found is None:
            raise NotFound(f"No position {by_id} in {db.name}")
        family, key = found
    elif families.canonical(family) not in families.FAMILY_MODULES:
        return Response.text(f"Unknown game family {family!r}: expected one of "
                             f"{', '.join(families.FAMILY_MODULES)}", status=400)
    elif len(key) > MAX_KEY_CHARS:
        return Response.text(f"The position key is {len(key):,} characters long, over the limit of "
                             f"{MAX_KEY_CHARS:,}", status=400)
    # The rest is how to draw it (flip, last move, dice...): short strings the family reads or ignores.
    view = {k: request.args[k][:200] for k in request.args.keys() if k not in ("family", "key", "db", "position_id")}
    svg = render_picture(family, key, view)
    if svg is None and by_id:
        svg = _key_as_picture(key)
    if svg is None:
        why = _missing.get(family, "its picture function does not accept this key")
        return Response.text(f"No picture for this {family!r} position: {why}", status=404)
    return Response(svg, content_type="image/svg+xml; charset=utf-8", headers={
        "Cache-Control": "max-age=86400",
        # An SVG opened on its own is a document: it must not run anything.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
        "X-Content-Type-Options": "nosniff",
    })


def _key_as_picture(key: str) -> str:
    """A position whose family draws no picture, as its key written in a small image."""
    text = markupsafe.escape(key if len(key) <= 60 else key[:59] + "…")
    return ('<svg xmlns="http://www.w3.org/2000/svg" width="320" height="60" viewBox="0 0 320 60">'
            '<rect width="320" height="60" fill="#f4f4f4" stroke="#ccc"/>'
            f'<text x="8" y="35" font-family="monospace" font-size="12">{text}</text></svg>')


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


#: SQLite's largest row id: a bigger number names no row (and overflows its integers).
MAX_ROW_ID = 2**63 - 1


def row_id(text: str | None) -> int | None:
    """A row id from a URL (a position's is its key's signed 64-bit number), or ``None`` when it is not
    a number SQLite can hold."""
    if not text:
        return None
    digits = text[1:] if text[0] == "-" else text
    if not (digits.isascii() and digits.isdigit()) or len(digits) > 19:
        return None
    value = int(text)
    return value if -MAX_ROW_ID - 1 <= value <= MAX_ROW_ID else None


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
    """The book's name for a ``[Source]`` tag: a known book, else the tag up to its first comma
    outside brackets (:func:`split_source`)."""
    book = book_for(known, source)
    if book is not None:
        return book["name"]
    return split_source(source)[0] if source else None


#: A comma that ends a ``[Source]`` tag's book: a bracket or quotation after it opens and closes.
_BRACKETS = {"(": ")", "[": "]"}


def split_source(source: str) -> tuple[str, str]:
    """A ``[Source]`` tag as its book and the rest, at the first comma outside brackets: "Every Boy's Book
    (ed. Edmund Routledge, 1869), Chess" is the book "Every Boy's Book (ed. Edmund Routledge, 1869)"."""
    closing: list[str] = []
    for i, char in enumerate(source):
        if char in _BRACKETS:
            closing.append(_BRACKETS[char])
        elif closing and char == closing[-1]:
            closing.pop()
        elif char == "," and not closing:
            return source[:i].strip(), source[i + 1:].strip()
    return source.strip(), ""


async def game_page(request, datasette):
    if (refused := _read_only(request)) is not None:
        return refused
    db = await _archive(datasette, request)
    game_id = row_id(request.url_vars["id"])
    if game_id is None:
        raise NotFound(f"No game {request.url_vars['id']} in {db.name}")
    game = await _game_row(db, game_id)
    stored = await db.execute_fn(lambda conn: read_game(conn, game_id))
    tokens = await db.execute_fn(lambda conn: read_tokens(conn, game_id, stored))
    if request.args.get("download"):
        return _download(game, stored, _family(game["family"]), request.args["download"])
    position_ids = {row["key"]: row["id"] for row in (await db.execute(
        """SELECT id, key FROM positions WHERE id IN (SELECT position_id FROM moves WHERE game_id = ?)
           OR id = ?""", [game_id, game["start_position_id"]])).rows}
    claims = [{**c.as_json(), "ok": None if c.ok is None else int(c.ok)}
              for c in sorted(stored.claims, key=lambda c: -1 if c.ply is None else c.ply)]
    neighbours = (await db.execute(
        """SELECT id, title, file, line, record_index FROM games WHERE source_id IS ? AND id != ?
           ORDER BY file, line, record_index, id""", [game["source_id"], game_id])).rows

    replay = build_replay(datasette, db.name, game["id"], stored, position_ids)
    line = request.args.get("line", "0")
    ply = request.args.get("ply")
    start = _initial_step(replay, line, ply)
    opening = replay["lines"][str(start["line"])]
    # The board the page opens on, in the HTML itself: it shows (and links to its search) without the script.
    shown = opening["before"] if start["index"] == 0 else opening["moves"][start["index"] - 1]["position"]
    known = books(datasette)
    book = book_for(known, game["source_name"])
    tags = _json_dict(game["tags"])
    family = _family(game["family"])
    def place(row) -> tuple[str, int, int, int]:  # where a record stands in the book: its file, line, index
        return (row["file"] or "", row["line"] or 0, row["record_index"] or 0, row["id"])

    here = place(game)
    before = [n for n in neighbours if place(n) < here]
    after = [n for n in neighbours if place(n) > here]
    result_claims = [c for c in claims if c["what"] == "result"]
    context = {
        "database": db.name,
        "game": dict(game),
        "tags": tags,
        "detail": _json_dict(game["detail"]),
        "candidates": _json_list(game["candidates"]),
        "replay": replay,
        "lines": replay["lines"],
        "record_diagnostics": replay["record_diagnostics"],
        "claims": claims,
        "result_claim": result_claims[-1] if result_claims else None,
        "verdicts": [c for c in claims if c["what"] in ("verdict", "value", "mate") and c["how"] != "replay"],
        "book": book,
        "section": book_section(book, game["source_name"]),
        "book_name": book_name(known, game["source_name"]),
        "pages": page_marks(game["printed"]),
        "printed_html": printed_html(game["printed"], tags, tokens, replay),
        "roles": [role for role in ROLE_LEGEND if any(t.role == role[0] or t.correction == role[0]
                                                      or (role[0] == "unused" and t.reading and t.role == "prose")
                                                      for t in tokens)],
        "previous": _neighbour(datasette, db.name, before[-1] if before else None),
        "next": _neighbour(datasette, db.name, after[0] if after else None),
        "downloads": [{"format": f, "url": game_url(datasette, game_id, db.name, download=f)}
                      for f in (family.formats if family else ())],
        "key_name": getattr(family, "position_key_name", "position key"),
        "columns": replay["columns"],
        "players": [{"name": tags[tag], "url": datasette.urls.path(f"/{db.name}/search?" + urlencode({"q": tags[tag]}))}
                    for tag in PLAYER_TAGS if isinstance(tags.get(tag), str) and tags[tag].strip("?- ")],
        "licence": game["source_licence"] or (book or {}).get("licence"),
        "initial": start,
        "game_row_url": datasette.urls.row(db.name, "games", str(game_id)),
        "source_row_url": (datasette.urls.row(db.name, "sources", str(game["source_id"]))
                           if game["source_id"] is not None else None),
        "book_url": (datasette.urls.path(f"{PREFIX}/books?" + urlencode({"db": db.name}))
                     + (f"#source-{game['source_id']}" if game["source_id"] is not None else "")),
        "positions_url": datasette.urls.path(f"{PREFIX}/positions"),
        "shown": shown or {},
        "shown_search": (datasette.urls.path(f"{PREFIX}/positions?" + urlencode({"db": db.name, "position_id": shown["id"]}))
                         if shown and shown.get("id") is not None else None),
        "static": lambda name: datasette.urls.path(f"{PREFIX}/static/{name}"),
    }
    return Response.html(await datasette.render_template(
        "notation_game.html", context, request=request, view_name="notation_game"))


#: The tags that name a record's players (PGN's and a match file's), in the order a title names them.
PLAYER_TAGS = ("White", "Black", "Player1", "Player2")


async def _game_row(db, game_id: int):
    game = (await db.execute(
        """SELECT games.*, sources.name AS source_name, sources.licence AS source_licence,
                  start.key AS start_key
           FROM games LEFT JOIN sources ON sources.id = games.source_id
                      LEFT JOIN positions AS start ON start.id = games.start_position_id
           WHERE games.id = ?""", [game_id])).first()
    if game is None:
        raise NotFound(f"No game {game_id} in {db.name}")
    return game


def _family(name: str | None):
    try:
        return families.get(name) if name else None
    except (KeyError, families.FamilyError):
        return None


def _neighbour(datasette, database: str, row) -> dict[str, Any] | None:
    if row is None:
        return None
    return {"title": row["title"] or "Untitled record", "url": game_url(datasette, row["id"], database)}


def _download(game, stored: Game, family, fmt: str) -> Response:
    """The record written by its family (PGN, PDN, a match file...) from the game the archive keeps."""
    if family is None or fmt not in family.formats:
        formats = ", ".join(family.formats) if family else "none"
        return Response.text(f"Cannot write this record as {fmt!r}: expected one of {formats}", status=404)
    try:
        text = family.write(stored, fmt)
    except ValueError as exc:
        return Response.text(f"Cannot write this record as {fmt}: {exc}", status=404)
    ext = {"descriptive": "txt", "german": "txt", "san": "txt", "standard": "txt", "book": "txt",
           "transcript": "txt"}.get(fmt, fmt)
    name = re.sub(r"[^A-Za-z0-9]+", "-", game["title"] or f"record-{game['id']}").strip("-")[:60] or "record"
    return Response(text, content_type="text/plain; charset=utf-8", headers={
        "Content-Disposition": f'attachment; filename="{name}.{ext}"'})


#: A parenthesised note right after a book's name in a [Source] tag: "(1897)", "(Braille ASCII)".
_BOOK_NOTE = re.compile(r"^\s*\([^()]*\)")


def book_section(book: dict[str, Any] | None, source: str | None) -> str | None:
    """The part of a ``[Source]`` tag after the book's name: its chapter and section."""
    if not source:
        return None
    names = [book["name"], *book.get("aliases", [])] if book else []
    for n in sorted(names, key=len, reverse=True):
        if _fold(source).startswith(_fold(n)):
            # "Foster, Complete Hoyle (1897), Cassino": the year (or edition) after the name is the book's, not the section's.
            return _BOOK_NOTE.sub("", source[len(n):]).lstrip(" ,;:") or None
    return split_source(source)[1] or None


def page_marks(printed: str | None) -> str | None:
    """The book's pages a record spans, from the ``{160}`` marks the e-texts keep where a page begins."""
    pages = [int(n) for n in PAGE_MARK.findall(printed or "")]
    if not pages:
        return None
    first, last = pages[0] - 1, pages[-1]  # the text before the first mark is on the page before it
    return f"pp. {first}–{last}"


_TAG_LINE = re.compile(r'^\s*\[[A-Za-z][A-Za-z0-9_]*\s+"(?:[^"\\]|\\.)*"\]\s*$')
_EMPHASIS = re.compile(r"=([^=\n]{1,80}?)=")


def book_text(text: str | None) -> markupsafe.Markup:
    """Text from the book with its e-text markup rendered: ``=Sequences.=`` in bold, ``{160}`` as a page mark."""
    out = str(markupsafe.escape(text or ""))
    out = _EMPHASIS.sub(lambda m: f"<strong>{m.group(1)}</strong>", out)
    return markupsafe.Markup(PAGE_MARK.sub(
        lambda m: f'<span class="page-mark" title="page {m.group(1)} of the book begins here">[p. {m.group(1)}]</span>',
        out))


def printed_html(printed: str | None, tags: dict[str, Any], tokens: list[Token] | None = None,
                 replay: dict[str, Any] | None = None) -> markupsafe.Markup:
    """The book's text of a record, as a reader should see it.

    Tag pairs and ``;`` lines are the transcriber's, not the book's: they are
    left out here (the tags are shown apart). E-text markup is rendered:
    ``=Sequences.=`` (the e-text's bold) in bold, ``{160}`` as a page mark.
    With the record's ``tokens`` (:func:`notation.archive.read.read_tokens`), each word
    is marked with its role (:func:`marked`).
    """
    if tokens:
        return marked(printed or "", tokens, replay)
    lines = [ln for ln in (printed or "").split("\n")
             if not _TAG_LINE.match(ln) and not ln.lstrip().startswith(";")]
    return book_text("\n".join(lines).strip("\n"))


#: The roles the page's legend names (a role, a correction, or ``unused``: a move-like word left as prose),
#: with what each means.
ROLE_LEGEND = [
    ("move", "a move of the game"), ("variation", "a move of a variation"), ("ocr", "read through an OCR correction"),
    ("repaired", "repaired by the replay (a misprint, an illegal move)"), ("number", "a move number"),
    ("mark", "a check, mate or comment mark"), ("result", "the result"), ("heading", "a heading"),
    ("unused", "reads as a move, left as prose (see its diagnostic)"), ("prose", "the rest: the author's words, unmarked"),
]
_ROLE_TITLES = {"number": "move number", "mark": "mark", "heading": "heading"}


def marked(printed: str, tokens: list[Token], replay: dict[str, Any] | None = None) -> markupsafe.Markup:
    """The printed text with each token in a ``<span class="role role-ROLE">`` whose title says what it
    was read as; a move is a link to the board after it (the page's ``?line=&ply=``, and the replay's
    own step for the script). The transcriber's lines are left out, as :func:`printed_html` leaves them."""
    lines = (replay or {}).get("lines", {})
    index = {(int(number), m["ply"]): (i, m) for number, line in lines.items()
             for i, m in enumerate(line["moves"], start=1)}
    out = []
    for t in tokens:
        text = printed[t.start:t.end]
        if t.role == "transcriber":
            continue
        if t.role == "prose" and t.reading is None:
            out.append(str(book_text(text)))
            continue
        classes = f"role role-{t.role}" + (f" role-{t.correction}" if t.correction else "") + (
            " role-unused" if t.role == "prose" else "")
        found = index.get((t.variation or 0, t.ply)) if t.role in ("move", "variation") else None
        title = _role_title(t, found[1] if found else None, (replay or {}).get("record_diagnostics", []))
        inner = str(book_text(text))
        if found is not None:
            href = f"?{urlencode({'line': t.variation or 0, 'ply': t.ply})}"
            out.append(f'<a class="{classes}" href="{markupsafe.escape(href)}" data-line="{t.variation or 0}" '
                       f'data-index="{found[0]}" title="{markupsafe.escape(title)}">{inner}</a>')
        else:
            out.append(f'<span class="{classes}" title="{markupsafe.escape(title)}">{inner}</span>')
    return markupsafe.Markup("".join(out).strip("\n"))


def _role_title(t: Token, move: dict[str, Any] | None, diagnostics: list[dict[str, Any]]) -> str:
    """What a token was read as, in words, for its title: a move-like word left as prose has the
    message of the diagnostic of its code that stands nearest before it (the one that names it)."""
    if t.role in ("move", "variation"):
        where = "main line" if t.role == "move" else f"variation {t.variation}"
        title = f"{where}, ply {t.ply}: read as {t.reading or '(not read)'}"
        if t.correction == "ocr":
            title += ", through an OCR correction"
        elif t.correction == "repaired":
            title += ", repaired"
        notes = [d["message"] for d in (move or {}).get("diagnostics", [])]
        return "; ".join([title, *notes])
    if t.role == "result":
        return f"result: {t.reading}" if t.reading else "result"
    if t.role == "prose":
        before = [d for d in diagnostics if d["code"] == t.reading and d["line"] is not None
                  and (d["line"], d["column"] or 0) <= (t.line, t.column)]
        named = max(before, key=lambda d: (d["line"], d["column"] or 0), default=None)
        return named["message"] if named else "reads as a move, left as prose"
    return _ROLE_TITLES.get(t.role, t.role)


def two_columns(moves: list[dict[str, Any]]) -> list[str] | None:
    """The two sides, in the order a move number's moves are printed, when the line suits a two-column list.

    Chess and checkers records number a pair of moves (``1. 11-15 22-18``);
    a line whose moves all carry a number and one of two sides gets the list
    of its main line in two columns. ``None`` for other records.
    """
    sides: list[str] = []
    by_number: dict[Any, list[str]] = {}
    for m in moves:
        side = (m.get("side") or "").lower()
        if m.get("number") is None or side not in ("white", "black"):
            return None
        by_number.setdefault(m["number"], []).append(side)
        if side not in sides:
            sides.append(side)
    if not moves:
        return None
    pairs = [v for v in by_number.values() if len(v) == 2]
    first = pairs[0][0] if pairs else sides[0]
    return [first, "black" if first == "white" else "white"]


def build_replay(datasette, database: str, game_id: int, game: Game, position_ids: dict[str, int]) -> dict[str, Any]:
    """The replay data: each line's moves with the key and picture of the position after each.

    Line 0 is the main line; line *n* is variation *n*, whose first move
    replaces its parent line's move at ``branch_ply``, so the position before
    it is the one after the parent's previous move. A move after which no
    position was stored (a game's end, a refused double, a move that could not
    be read) keeps the last position known, with a note saying why the board
    stops there.
    """
    family_name = game.family
    family = _family(family_name)
    drawable = picture_function(family_name) is not None
    detail = game.detail.as_json()
    tags = game.tags
    seen = {"tags": tags, "detail": detail, "notation": game.notation, "variant": game.variant}

    def view_for(move: dict[str, Any] | None) -> dict[str, str]:
        if family is None:
            return {}
        try:
            return {str(k): str(v) for k, v in family.picture_view(seen, move).items()}
        except Exception:  # a family hook that fails must not take the page down: no extras on the picture
            return {}

    def position(key: str | None, view: dict[str, str]) -> dict[str, Any]:
        return {"key": key, "id": position_ids.get(key) if key else None,
                "picture": picture_url(datasette, family_name, key, view) if key and drawable else None}

    by_line: dict[int, list[dict[str, Any]]] = {}
    for number, moves in [(0, game.moves), *((v.id, v.moves) for v in game.variations)]:
        for m in moves:
            entry = {**m.as_json(), "diagnostics": []}
            del entry["position"]
            entry["position"] = position(m.position, view_for(entry))
            entry["value"] = _value(entry["detail"])
            by_line.setdefault(number, []).append(entry)

    record_diagnostics: list[dict[str, Any]] = []
    for d in sorted(game.diagnostics, key=lambda d: (d.variation or 0, d.ply is not None, d.ply or 0,
                                                     d.line is not None, d.line or 0, d.column is not None,
                                                     d.column or 0)):
        entry = {**d.as_json(), "variation": d.variation or 0}
        target = next((m for m in by_line.get(entry["variation"], []) if m["ply"] == d.ply), None) \
            if d.ply is not None else None
        (target["diagnostics"] if target else record_diagnostics).append(entry)

    start = position(game.start, view_for(None))
    start["caption"], start["note"] = start_caption(tags, detail, game.start)
    lines: dict[int, dict[str, Any]] = {0: {"id": 0, "parent": None, "branch_ply": 0, "label": None,
                                            "comment": None, "before": start,
                                            "moves": by_line.get(0, [])}}
    for v in sorted(game.variations, key=lambda v: v.id):
        lines[v.id] = {"id": v.id, "parent": v.parent, "branch_ply": v.branch_ply,
                       "label": v.label, "comment": v.comment, "before": None, "moves": by_line.get(v.id, [])}
    for number in by_line:  # moves whose variation row is missing still show
        lines.setdefault(number, {"id": number, "parent": 0, "branch_ply": 1, "label": None,
                                  "comment": None, "before": None, "moves": by_line[number]})

    def before(number: int) -> None:
        # The position before a line: its parent's before the branch, up the chain of parents
        # (a loop, not recursion: variations may nest deeper than Python's stack).
        chain, seen = [], set()
        while lines[number]["before"] is None:
            seen.add(number)
            line = lines[number]
            parent = line["parent"] if line["parent"] in lines and line["parent"] not in seen else 0
            earlier = [m for m in lines[parent]["moves"] if m["ply"] < line["branch_ply"]]
            if earlier:
                line["before"] = earlier[-1]["position"]
                break
            chain.append(number)
            number = parent
        for waiting in chain:
            lines[waiting]["before"] = lines[number]["before"]

    for number in lines:
        before(number)
    for line in lines.values():
        line["first"] = 0
        _carry_positions(line)
    lines[0]["first"] = _first_step(lines[0])
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
    example = detail.get("example")
    return {"family": family_name, "database": database, "game": game_id,
            "example": example, "columns": two_columns(lines[0]["moves"]),
            "lines": {str(k): v for k, v in sorted(lines.items())},
            "record_diagnostics": record_diagnostics, "orphans": orphans}


def _carry_positions(line: dict[str, Any]) -> None:
    """Give a move with no stored position the last one known, and say why the board stops there."""
    last = line["before"]
    for m in line["moves"]:
        if m["position"]["key"]:
            last = m["position"]
            continue
        if m["status"] == "example":
            why = f"The book prints “{m['printed']}” as an example of a play the laws forbid: it is not made."
        elif m["status"] in ("error", "unparsed"):
            why = (f"“{m['printed']}” could not be replayed (see its diagnostic): "
                   "the board shows the last position the replay reached.")
        else:
            why = f"“{m['printed']}” moves no piece: the board shows the last position, where the record stops."
        m["position"] = {**(last or {"key": None, "id": None, "picture": None}), "note": why, "carried": True}


def _first_step(line: dict[str, Any]) -> int:
    """The first step of the main line the page shows: 0, its start position; but a record that
    records none (a card game, whose first position is the deal) starts at its first position."""
    if line["before"]["key"]:
        return 0
    return next((i for i, m in enumerate(line["moves"], start=1)
                 if m["position"]["key"] and not m["position"].get("carried")), 0)


def _value(detail: dict[str, Any]) -> str | None:
    """A solver's value of the position after a move, where the move's detail carries one."""
    verdict = detail.get("verdict") or detail.get("value")
    if isinstance(verdict, dict):
        words = [str(verdict.get("value", ""))]
        if verdict.get("plies") is not None:
            words.append(f"in {verdict['plies']} plies")
        if verdict.get("settled_by"):
            words.append(f"({verdict['settled_by']})")
        return " ".join(w for w in words if w) or None
    return str(verdict) if verdict not in (None, "") else None


def start_caption(tags: dict[str, Any], detail: dict[str, Any], key: str | None) -> tuple[str, str | None]:
    """What the position before the first move is, and a note when it is not the book's own.

    A set-up the replay inferred, or built from the book's words, is a
    reconstruction and is marked so on the board; only a record that starts
    from the game's usual opening position is called the starting position.
    """
    if detail.get("setup_inferred"):
        return ("Reconstructed position",
                "Reconstruction — not the book's diagram: the smallest position these moves need.")
    setup = tags.get("SetUp")
    if setup and setup not in ("0", "1"):
        return ("Position set up from the book's words",
                "Reconstruction from the book's description, not a printed diagram: " + str(setup))
    if tags.get("FEN") or tags.get("Position") or setup == "1":
        return ("Position as the record sets it up", None)
    if detail.get("setup_from"):
        return (f"Position set up from the book's {detail['setup_from']}",
                f"The {detail['setup_from']} printed at line {detail['setup_line']} of the text" if detail.get("setup_line") else None)
    return ("Starting position", None) if key else ("No starting position recorded", None)


def _initial_step(replay: dict[str, Any], line: str, ply: str | None) -> dict[str, int]:
    """Where the page opens: ``?ply=N`` (and ``&line=V``) shows the position after that move."""
    if line not in replay["lines"]:
        line = "0"
    index = 0
    if ply and ply.isdigit():
        for i, m in enumerate(replay["lines"][line]["moves"], start=1):
            if m["ply"] <= int(ply):
                index = i
    return {"line": int(line), "index": max(index, replay["lines"][line]["first"])}


async def _first_archive(datasette):
    """The first database that holds an archive's ``games`` table, or ``None``."""
    for db in datasette.databases.values():
        if db.name != "_internal" and await db.table_exists("games"):
            return db
    return None


async def home_page(request, datasette):
    """The front page: the doors into the archive (books, misprints, openings, search, positions)."""
    if (refused := _read_only(request)) is not None:
        return refused
    await datasette.ensure_permissions(request.actor, ["view-instance"])
    db = await _first_archive(datasette)
    context: dict[str, Any] = {"database": db.name if db else None, "books": [],
                               "title": datasette.metadata("title") or "notation: games from old books",
                               "static": lambda name: datasette.urls.path(f"{PREFIX}/static/{name}")}
    if db is not None:
        grouped = await _books(datasette, db, with_records=False)
        counts = {r["status"]: r["n"] for r in (await db.execute(
            "SELECT status, count(*) AS n FROM games GROUP BY status")).rows}
        context.update({
            "books": grouped,
            "counts": counts,
            "total": sum(counts.values()),
            "books_url": datasette.urls.path(f"{PREFIX}/books?" + urlencode({"db": db.name})),
            "positions_url": datasette.urls.path(f"{PREFIX}/positions?" + urlencode({"db": db.name})),
            "queries": {name: datasette.urls.path(f"/{db.name}/{name}") for name in (
                "misprints", "misprints_per_book", "openings", "search", "records_by_status")},
            "games_url": datasette.urls.table(db.name, "games"),
            "database_url": datasette.urls.database(db.name),
        })
    return Response.html(await datasette.render_template(
        "notation_home.html", context, request=request, view_name="index"))


async def books_page(request, datasette):
    """Every book, each section with its records in book order, each linked to its replay."""
    if (refused := _read_only(request)) is not None:
        return refused
    db = await _archive(datasette, request)
    context = {
        "database": db.name,
        "books": await _books(datasette, db, with_records=True),
        "static": lambda name: datasette.urls.path(f"{PREFIX}/static/{name}"),
    }
    return Response.html(await datasette.render_template(
        "notation_books.html", context, request=request, view_name="notation_books"))


async def _books(datasette, db, with_records: bool) -> list[dict[str, Any]]:
    """The books of the archive: known books first (metadata order), then other sources by name.

    A book's sections are its ``[Source]`` tags, in the order their first
    record stands in the corpus (file, then line): the book's own order.
    """
    known = books(datasette)
    sections = (await db.execute(
        """SELECT sources.id, sources.name, count(games.id) AS records,
                  min(games.file || char(0) || printf('%09d', games.line)) AS first,
                  sum(games.status = 'ok') AS ok, sum(games.status = 'repaired') AS repaired,
                  sum(games.status IN ('error', 'unparsed')) AS errors
           FROM games LEFT JOIN sources ON sources.id = games.source_id
           GROUP BY sources.id ORDER BY first""")).rows
    records: dict[Any, list[dict[str, Any]]] = {}
    if with_records:
        for r in (await db.execute(
                """SELECT id, title, family, status, move_count, file, line, source_id FROM games
                   ORDER BY file, line, record_index, id""")).rows:
            entry = dict(r)
            entry["url"] = game_url(datasette, r["id"], db.name)
            records.setdefault(r["source_id"], []).append(entry)
    out: dict[str, dict[str, Any]] = {}
    for row in sections:
        book = book_for(known, row["name"])
        name = book["name"] if book else (book_name(known, row["name"]) or "(no source named)")
        entry = out.setdefault(name, {"name": name, "book": book, "sections": [], "records": 0,
                                      "anchor": "book-" + re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")})
        entry["records"] += row["records"]
        entry["sections"].append({
            "id": row["id"], "source": row["name"],
            "name": book_section(book, row["name"]) or row["name"] or "(no section named)",
            "records": row["records"], "ok": row["ok"], "repaired": row["repaired"], "errors": row["errors"],
            "games": records.get(row["id"], []),
        })
    order = {b["name"]: i for i, b in enumerate(known)}
    return sorted(out.values(), key=lambda b: (order.get(b["name"], len(order)), b["name"]))


async def next_moves(db, datasette, position_ids: list[int]) -> list[dict[str, Any]]:
    """What was played next from these positions, across the archive: each move with the records that play it.

    The move after a position is the next ply of the same line, or the first
    move of a variation that branches there; from a record's start position,
    its first move. A book's example of a forbidden play was not played: it is left out.
    """
    if not position_ids:
        return []
    marks = ",".join("?" * len(position_ids))
    rows = (await db.execute(
        f"""SELECT nxt.normalized, nxt.printed, nxt.game_id, nxt.variation, nxt.ply, games.title
            FROM moves AS cur
            JOIN moves AS nxt ON nxt.game_id = cur.game_id AND nxt.variation = cur.variation
                             AND nxt.ply = cur.ply + 1
            JOIN games ON games.id = nxt.game_id
            WHERE cur.position_id IN ({marks}) AND nxt.status != 'example'
            UNION
            SELECT vm.normalized, vm.printed, vm.game_id, vm.variation, vm.ply, games.title
            FROM moves AS cur
            JOIN variations AS v ON v.game_id = cur.game_id AND v.parent = cur.variation
                                AND v.branch_ply = cur.ply + 1
            JOIN moves AS vm ON vm.game_id = v.game_id AND vm.variation = v.number AND vm.ply = v.branch_ply
            JOIN games ON games.id = vm.game_id
            WHERE cur.position_id IN ({marks}) AND vm.status != 'example'
            UNION
            SELECT first.normalized, first.printed, first.game_id, first.variation, first.ply, games.title
            FROM games
            JOIN moves AS first ON first.game_id = games.id AND first.variation = 0
                               AND first.ply = (SELECT min(ply) FROM moves WHERE game_id = games.id AND variation = 0)
            WHERE games.start_position_id IN ({marks}) AND first.status != 'example'
            LIMIT 5000""", position_ids * 3)).rows
    grouped: dict[str, dict[str, Any]] = {}
    for r in rows:
        move = r["normalized"] or r["printed"] or "?"
        entry = grouped.setdefault(move, {"move": move, "records": [], "games": set()})
        if r["game_id"] not in entry["games"]:
            entry["games"].add(r["game_id"])
            entry["records"].append({"title": r["title"] or "Untitled record", "url": game_url(
                datasette, r["game_id"], db.name, line=r["variation"] or None, ply=r["ply"])})
    out = sorted(grouped.values(), key=lambda e: (-len(e["games"]), e["move"]))
    for e in out:
        e["count"] = len(e.pop("games"))
    return out


#: The most stored positions and reaching moves one search lists.
SEARCH_ROWS = 1000

#: The families of the stored games, one index seek each on ``games(family)`` (``SELECT DISTINCT
#: family FROM positions`` would read every position: most of a search's time on a big archive).
FAMILIES_SQL = """
WITH RECURSIVE f(family) AS (
    SELECT min(family) FROM games
    UNION ALL
    SELECT (SELECT min(family) FROM games WHERE family > f.family) FROM f WHERE f.family IS NOT NULL)
SELECT family FROM f WHERE family IS NOT NULL"""


async def positions_page(request, datasette):
    if (refused := _read_only(request)) is not None:
        return refused
    db = await _archive(datasette, request)
    family_names = [r["family"] for r in (await db.execute(FAMILIES_SQL)).rows]
    family = request.args.get("family") or ("chess" if "chess" in family_names or not family_names
                                            else family_names[0])
    key = (request.args.get("key") or "").strip()
    position_id = request.args.get("position_id", "")
    if position_id:
        picked_id = row_id(position_id)
        picked = await _position(datasette, db.name, picked_id) if picked_id is not None else None
        if picked is None:
            raise NotFound(f"No position {position_id} in {db.name}")
        family, key = picked
    problem = None
    how = None
    matches: list[dict[str, Any]] = []
    reached: list[dict[str, Any]] = []
    if key:
        try:
            query = position_query(family, key)
            how = query.how
        except ValueError as exc:
            query = families.PositionQuery("key", " ".join(key.split()), "matched the text as given")
            problem = f"{exc}; matching the text as given"
        try:
            matches, reached = await _search(datasette, db, family, query)
        except QueryInterrupted:
            problem = (f"The search took longer than this archive's time limit "
                       f"({datasette.setting('sql_time_limit_ms')} ms); nothing is shown. "
                       "A complete position (a whole FEN) narrows it.")
    following = await next_moves(db, datasette, [m["id"] for m in matches])
    context = {
        "database": db.name,
        "next_moves": following,
        "families": family_names or ["chess"],
        "family": family,
        "key": key,
        "problem": problem,
        "how": how,
        "picture": picture_url(datasette, family, key) if key and render_picture(family, key) else None,
        "matches": matches,
        "reached": reached,
        "games_count": len({r["game_id"] for r in reached}),
        "static": lambda name: datasette.urls.path(f"{PREFIX}/static/{name}"),
    }
    return Response.html(await datasette.render_template(
        "notation_positions.html", context, request=request, view_name="notation_positions"))


def position_lookup(family: str, query: families.PositionQuery) -> tuple[str, list]:
    """The query (SQL and its parameters) for the stored positions ``query`` names: by their numbers
    (the ids of the keys the family says it can be, :meth:`notation.families.Family.query_keys`), and
    by ``position_forms(form, value)`` (a form the family stores: ``stored_forms``). Index lookups only."""
    try:
        found = families.get(family)
        numbers = [found.position_number(key) for key in found.query_keys(query)]
    except (KeyError, families.FamilyError):
        numbers = [families.key_number(family, query.key)] if query.form == "key" else []
    by_number = f"""SELECT id, family, key FROM positions WHERE id IN ({",".join("?" * len(numbers))})
UNION
""" if numbers else ""  # (an empty IN is planned as a scan)
    return by_number + """SELECT positions.id, positions.family, positions.key
FROM position_forms JOIN positions ON positions.id = position_forms.position_id
WHERE position_forms.form = ? AND position_forms.value = ?
ORDER BY 1 LIMIT ?""", [*numbers, query.form, query.key, SEARCH_ROWS]


def found_positions(rows: Iterable[Mapping[str, Any]], family: str,
                    query: families.PositionQuery) -> list[dict[str, Any]]:
    """The rows of :func:`position_lookup` that are ``query``'s: of the family, and ``query`` in its form
    (not another key of the same number)."""
    return [dict(r) for r in rows
            if r["family"] == family and (r["key"] == query.key or _has_form(family, r["key"], query))]


def _has_form(family: str, key: str, query: families.PositionQuery) -> bool:
    """Whether a stored ``key`` is ``query``'s position in ``query``'s form (the family's ``position_forms``)."""
    try:
        return families.get(family).position_forms(key).get(query.form) == query.key
    except (KeyError, ValueError, families.FamilyError):
        return False


def reached_sql(positions: int) -> str:
    """The moves and record starts that reach any of ``positions`` position ids (given twice, then a limit)."""
    marks = ",".join("?" * positions)
    return f"""SELECT games.id AS game_id, games.title, games.status, games.notation,
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
               ORDER BY 1, 6, 7 LIMIT ?"""


async def _search(datasette, db, family: str, query: families.PositionQuery) -> tuple[list[dict], list[dict]]:
    """The stored positions a query names, and the moves and starts that reach them.

    Index lookups only: :func:`position_lookup`, then ``moves(position_id)`` and ``games(start_position_id)``.
    """
    rows = (await db.execute(*position_lookup(family, query))).rows
    matches = found_positions(rows, family, query)
    if not matches:
        return matches, []
    ids = [m["id"] for m in matches]
    reached = [dict(r) for r in (await db.execute(reached_sql(len(ids)), ids + ids + [SEARCH_ROWS])).rows]
    for r in reached:
        r["url"] = game_url(datasette, r["game_id"], db.name, line=r["variation"] or None, ply=r["ply"])
    return matches, reached
