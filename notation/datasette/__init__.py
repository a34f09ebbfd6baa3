"""Browse the archive in Datasette: metadata, the plugin (pictures, replay pages), serving.

The archive is served read-only: opened with SQLite's ``mode=ro`` (never
``--immutable``: an import may be writing it), with no write endpoints, a
time limit on every SQL query, and ``datasette-metadata.json`` (package
data in a wheel, so an installed notation serves with it too) describing
every table and column. The metadata is written for a database
called ``archive``; :func:`metadata_for` points it at whatever the archive
file is called, so ``notation serve --db games.db`` gets it too.
"""

from __future__ import annotations

import copy
import json
import os
import re
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

#: The one metadata file, datasette-metadata.json at the top of the checkout; a wheel carries it
#: as notation/datasette/metadata.json (setup.py's build step copies it).
_PACKAGED = Path(__file__).resolve().parent / "metadata.json"
METADATA = _PACKAGED if _PACKAGED.is_file() else Path(__file__).resolve().parents[2] / "datasette-metadata.json"

#: The name the metadata file uses for the archive database.
METADATA_DATABASE = "archive"

#: Datasette settings for serving an archive.
SETTINGS: dict[str, str] = {
    "sql_time_limit_ms": "2000",   # no query may hold the server longer than this
    "facet_time_limit_ms": "500",
    "max_returned_rows": "2000",
    "allow_download": "off",       # the database file is not offered for download
    "suggest_facets": "off",       # the metadata names the facets; suggesting others costs a query per column
}


def typed_settings() -> dict[str, Any]:
    """:data:`SETTINGS` as Python values, for a Datasette made in-process (tests, benchmarks)."""
    def value(text: str) -> Any:
        return {"on": True, "off": False}.get(text, int(text) if text.isdigit() else text)

    return {name: value(text) for name, text in SETTINGS.items()}


def database_name(db_path: str | Path) -> str:
    """The name Datasette gives a database file: its file name without the suffix."""
    return Path(db_path).stem


def metadata_for(db_path: str | Path, metadata_path: str | Path = METADATA) -> dict[str, Any]:
    """The metadata, with the archive's entry renamed to the database Datasette will serve.

    Raises ``FileNotFoundError`` naming the file when the metadata is missing.
    """
    path = Path(metadata_path)
    if not path.exists():
        raise FileNotFoundError(f"Datasette metadata not found: expected {path}")
    metadata = json.loads(path.read_text(encoding="utf-8"))
    name = database_name(db_path)
    databases = metadata.get("databases", {})
    if name != METADATA_DATABASE and METADATA_DATABASE in databases:
        databases = copy.deepcopy(databases)
        databases[name] = databases.pop(METADATA_DATABASE)
        metadata["databases"] = databases
    return metadata


class ServeError(Exception):
    """The archive cannot be served: the message names the file or port and why."""


def check_archive(db_path: str | Path) -> None:
    """Raise :class:`ServeError` unless ``db_path`` is an SQLite archive that can be read."""
    path = Path(db_path)
    if not path.is_file():
        raise ServeError(f"no archive at {db_path}: run `notation import corpus/ --db {db_path}` first")
    with path.open("rb") as f:
        if f.read(16) != b"SQLite format 3\x00":
            raise ServeError(f"{db_path} is not an SQLite database")
    try:
        conn = sqlite3.connect(f"file:{path.resolve()}?mode=ro", uri=True)
        try:
            has_games = conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'games'").fetchone()
        finally:
            conn.close()
    except sqlite3.DatabaseError as exc:
        raise ServeError(f"{db_path} cannot be read as an SQLite database: {exc}") from None
    if has_games is None:
        raise ServeError(f"{db_path} is not a notation archive (it has no games table)")


def check_port(host: str, port: int) -> None:
    """Raise :class:`ServeError` when nothing can listen on ``host:port`` (in use, or not ours to take)."""
    with socket.socket(socket.AF_INET6 if ":" in host else socket.AF_INET, socket.SOCK_STREAM) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Datasette's server does
        try:
            s.bind((host, port))
        except OSError as exc:
            raise ServeError(f"cannot serve on {host}:{port}: {exc.strerror or exc}") from None


def serve_args(db_path: str, host: str = "127.0.0.1", port: int = 8001,
               metadata_file: str | None = None) -> list[str]:
    """The datasette command line for an archive: read-only, time-limited, with our metadata.

    Not ``--immutable``: an import may be writing the archive. Datasette opens
    it read-only (``mode=ro``), and the archive's write-ahead log lets each
    page see every record committed when its query starts.
    """
    args = [sys.executable, "-m", "datasette", "serve", str(db_path),
            "--host", host, "--port", str(port)]
    for name, value in SETTINGS.items():
        args += ["--setting", name, value]
    if metadata_file:
        args += ["--metadata", metadata_file]
    return args


def served_path(db_path: str | Path, name: str | None, folder: str | Path) -> str:
    """The path to give Datasette so that it serves the archive as ``name`` (its URLs: ``/name/games``).

    Datasette names a database after its file: under another name, the archive is served through a
    link ``name.db`` in ``folder`` (SQLite follows it, so its write-ahead log is the archive's own).
    """
    if name is None or name == database_name(db_path):
        return str(db_path)
    if not re.fullmatch(r"[A-Za-z0-9_][A-Za-z0-9_.-]*", name) or name.endswith(".db"):
        raise ServeError(f"cannot serve {db_path} as {name!r}: a database name is letters, digits, "
                         "'_', '-' and '.' (without .db), as in its URLs: /archive/games")
    link = Path(folder) / f"{name}.db"
    os.symlink(Path(db_path).resolve(), link)
    return str(link)


def serve(db_path: str, host: str = "127.0.0.1", port: int = 8001, name: str | None = None) -> int:
    """Run Datasette on the archive until interrupted (Ctrl-C, or SIGTERM/SIGHUP sent to this process).

    ``name``: the database's name in the URLs (``/name/games``); by default the file's name
    without its suffix, as Datasette names it. Raises :class:`ServeError` when the archive,
    the name or the port cannot be used; returns Datasette's exit status.
    """
    check_archive(db_path)
    check_port(host, port)
    with tempfile.TemporaryDirectory(prefix="notation-serve-") as tmp:
        served = served_path(db_path, name, tmp)
        metadata_file = None
        if METADATA.exists():
            metadata_file = str(Path(tmp) / "metadata.json")
            Path(metadata_file).write_text(json.dumps(metadata_for(served)), encoding="utf-8")
        process = subprocess.Popen(serve_args(served, host, port, metadata_file))

        # Datasette is a child process: a signal that stops us must stop it too, or it keeps the port.
        def forward(signum, frame):  # noqa: ARG001
            process.send_signal(signum)

        previous = {sig: signal.signal(sig, forward) for sig in (signal.SIGTERM, signal.SIGHUP)}
        try:
            while True:
                try:
                    process.wait()
                    break
                except KeyboardInterrupt:  # pass it on (from a terminal Datasette has it already)
                    process.send_signal(signal.SIGINT)
        finally:
            for sig, handler in previous.items():
                signal.signal(sig, handler)
            if process.poll() is None:
                process.kill()
                process.wait()
    return process.returncode
