"""The README's Dask recipe, runnable: whole files checked in partitions on Dask's process scheduler, on 1 and
then 2 workers, and the verdicts compared with the gotool command's own report on the same files.

    pip install ./python "dask[bag]"
    python python/examples/dask_check.py FOLDER [--partitions 64] [--workers 1 2] [--reports]

Each worker makes one row per file of its reports (path, error code, games, invalid games), and only the rows
come back; with ``--reports`` the whole reports come back, as in the README's one-line recipe (every dict is
then pickled by a worker and unpickled by this one process, which costs more than checking: see BENCHMARKS.md).
Prints, for each number of workers, the files, games, invalid games, unreadable files and seconds, then whether
the verdicts are those of ``gotool check --format json`` over the same files (the command installed with the
package). With a cluster, the same bag goes to ``dask.distributed``'s ``Client``; the files are then read where
the workers run (a shared file system, or ``fsspec.open`` for object storage: see fsspec_check.py).
"""

import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import dask.bag as db

import gotool


def check(paths):
    """One partition: its files read whole and checked on this worker's one thread; their reports."""
    paths = list(paths)
    return gotool.check_many([open(p, "rb").read() for p in paths], names=paths, jobs=1)


def row(report):
    """What a report says of its file: (path, error code or "", games, invalid games)."""
    return (report["path"], report["error"]["code"] if report["error"] else "", len(report["games"]),
            sum(1 for g in report["games"] if not g["valid"]))


def rows(paths):
    """One partition checked, each report made a row where it was made."""
    return [row(r) for r in check(paths)]


def record_paths(folder):
    """The records under a folder, sorted: *.sgf and *.mgt, any case."""
    return sorted(str(p) for p in Path(folder).rglob("*") if p.is_file() and p.suffix.lower() in (".sgf", ".mgt"))


def summary(rows):
    games = sum(r[2] for r in rows)
    invalid = sum(r[3] for r in rows)
    unreadable = sum(1 for r in rows if r[1])
    return f"{len(rows)} files, {games} games, {invalid} invalid, {unreadable} unreadable"


def command_reports(paths):
    """The gotool command's file objects for these paths (given on its standard input), or None without it."""
    beside = Path(sys.executable).with_name("gotool")
    command = str(beside) if beside.exists() else shutil.which("gotool")
    if command is None:
        return None
    done = subprocess.run([command, "check", "--format", "json", "-q", "--files-from", "-"],
                          input="\n".join(paths).encode(), capture_output=True)
    if done.returncode not in (0, 1):
        sys.exit(f"gotool check failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    return json.loads(done.stdout)["files"]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--partitions", type=int, default=64)
    parser.add_argument("--workers", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--reports", action="store_true", help="bring the whole reports back, not rows")
    args = parser.parse_args()
    paths = record_paths(args.folder)
    if not paths:
        sys.exit(f"no *.sgf or *.mgt files under {args.folder}")
    bag = db.from_sequence(paths, npartitions=args.partitions).map_partitions(check if args.reports else rows)
    what = "reports" if args.reports else "rows"
    times = {}
    for workers in args.workers:
        started = time.perf_counter()
        results = bag.compute(scheduler="processes", num_workers=workers)
        times[workers] = time.perf_counter() - started
        got = [row(r) for r in results] if args.reports else results
        print(f"dask, {workers} worker(s), {bag.npartitions} partitions, {what} back: {summary(got)}, "
              f"{times[workers]:.2f} s")
    if 1 in times and 2 in times:
        print(f"2 workers: {times[1] / times[2]:.2f}x one")
    cli = command_reports(paths)
    if cli is None:
        print("the gotool command is not installed: verdicts not compared")
    else:
        same = sorted(got) == sorted(row(r) for r in cli)
        print(f"same verdicts as the gotool command ({len(cli)} files): {same}")


if __name__ == "__main__":
    main()
