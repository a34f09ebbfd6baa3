"""Browse the archive in Datasette: metadata, the plugin (pictures, replay pages), serving."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

METADATA = Path(__file__).resolve().parent.parent.parent / "datasette-metadata.json"


def serve_args(db_path: str, host: str = "127.0.0.1", port: int = 8001) -> list[str]:
    """The datasette command line for an archive: read-only (immutable), with our metadata."""
    args = [sys.executable, "-m", "datasette", "serve", "--immutable", db_path,
            "--host", host, "--port", str(port), "--setting", "sql_time_limit_ms", "2000"]
    if METADATA.exists():
        args += ["--metadata", str(METADATA)]
    return args


def serve(db_path: str, host: str = "127.0.0.1", port: int = 8001) -> None:
    """Run Datasette on the archive until interrupted."""
    subprocess.run(serve_args(db_path, host, port), check=False)
