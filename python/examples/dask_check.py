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
import sys
import time

import dask.bag as db

import gotool
from _verdicts import command_rows, record_paths, row, summary


def check(paths):
    """One partition: its files read whole and checked on this worker's one thread; their reports."""
    paths = list(paths)
    return gotool.check_many([open(p, "rb").read() for p in paths], names=paths, jobs=1)


def rows(paths):
    """One partition checked, each report made a row where it was made."""
    return [row(r) for r in check(paths)]


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
    cli = command_rows(paths)
    if cli is None:
        print("the gotool command is not installed: verdicts not compared")
    else:
        same = {r[0]: r[1:] for r in got} == cli
        print(f"same verdicts as the gotool command ({len(cli)} files): {same}")


if __name__ == "__main__":
    main()
