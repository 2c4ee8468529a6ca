"""What the examples share on the driver's side: the records under a folder, a report as a row, the totals of
rows, and the gotool command's own rows for the same files, to compare verdicts with.

A row is (path, error code or "", games, invalid games). The functions that run on workers stay in each
example, whole: Spark's and Ray's workers do not import modules from the examples' folder.
"""

import json
import shutil
import subprocess
import sys
from pathlib import Path


def record_paths(folder):
    """The records under a folder, sorted: *.sgf and *.mgt, any case."""
    return sorted(str(p) for p in Path(folder).rglob("*") if p.is_file() and p.suffix.lower() in (".sgf", ".mgt"))


def row(report):
    """What a report says of its file: (path, error code or "", games, invalid games)."""
    return (report["path"], report["error"]["code"] if report["error"] else "", len(report["games"]),
            sum(1 for g in report["games"] if not g["valid"]))


def summary(rows):
    """`N files, G games, I invalid, U unreadable` of some rows."""
    games = sum(r[2] for r in rows)
    invalid = sum(r[3] for r in rows)
    unreadable = sum(1 for r in rows if r[1])
    return f"{len(rows)} files, {games} games, {invalid} invalid, {unreadable} unreadable"


def command_rows(paths):
    """{path: (error code, games, invalid)} as the gotool command reports these paths (given on its standard
    input), or None when the command is not installed."""
    beside = Path(sys.executable).with_name("gotool")
    command = str(beside) if beside.exists() else shutil.which("gotool")
    if command is None:
        return None
    done = subprocess.run([command, "check", "--format", "json", "-q", "--files-from", "-"],
                          input="\n".join(paths).encode(), capture_output=True)
    if done.returncode not in (0, 1):
        sys.exit(f"gotool check failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return {r[0]: r[1:] for r in map(row, json.loads(done.stdout)["files"])}
