"""Two worker processes against one: a multiprocessing Pool and Dask's process scheduler over a folder of records,
in one run.

    pip install "dask[bag]"
    python bench/workers.py FOLDER [--rounds 3] [--partitions 64]

The paths under FOLDER (*.sgf, *.mgt, any case) are cut into partitions of consecutive paths, the same for
the pool and for ``dask.bag.from_sequence``. Each worker reads a partition's files whole and checks them with one
``gotool.check_many(..., jobs=1)``. What comes back to this process is either

- ``reports``: the reports themselves, as the README's recipe returns them (every dict pickled by the worker and
  unpickled here, one process doing it for all), or
- ``rows``: one small tuple per file made in the worker (path, error code, games, invalid games), as
  ray_check.py and spark_check.py return them.

Each round times, one after the other, for each of the two:

- ``in-process``: the same work in this process, partition after partition (no worker, no pickling);
- ``pool 1``, ``pool 2``: ``multiprocessing.Pool(n).map`` over the partitions (this platform's default start
  method), the pool's start and end included;
- ``dask 1``, ``dask 2``: ``bag.map_partitions(f).compute(scheduler="processes", num_workers=n)``, which starts
  its own processes (spawned) on each call.

Wall time, and CPU time (user + system of this process and of the workers, ``getrusage``, the workers counted
once they have ended), are printed for each round with the 1-minute load average, then the medians and the
ratios of 1 worker to 2. Every run's results are checked to be the in-process ones, in the same order.
"""

import argparse
import multiprocessing
import os
import resource
import sys
from pathlib import Path

import dask.bag as db

import gotool

# The workers' functions are the Dask example's, so that both measure the same work.
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "examples"))
from _verdicts import record_paths, row  # noqa: E402
from dask_check import check, rows  # noqa: E402

from _rounds import cpu_time, in_rounds  # noqa: E402

# This process's CPU time and its workers', once they have ended.
cpu = cpu_time(resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)


def partition_size(paths, n):
    return max(1, -(len(paths) // -n))


def pool_run(work, chunks, workers):
    pool = multiprocessing.Pool(workers)
    try:
        results = [r for part in pool.map(work, chunks, chunksize=1) for r in part]
    finally:
        pool.close()
        pool.join()
    return results


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--partitions", type=int, default=64)
    args = parser.parse_args()
    paths = record_paths(args.folder)
    size = partition_size(paths, args.partitions)
    chunks = [paths[i : i + size] for i in range(0, len(paths), size)]
    print(f"{len(paths)} files in {len(chunks)} partitions of {size}; gotool {gotool.__version__}; "
          f"{os.cpu_count()} cores; start method {multiprocessing.get_start_method()}")
    runs = {}
    for what, work in (("reports", check), ("rows", rows)):
        bag = db.from_sequence(paths, partition_size=size).map_partitions(work)
        assert bag.npartitions == len(chunks)
        runs[f"in-process {what}"] = (lambda work=work: [r for part in chunks for r in work(part)], cpu)
        for n in (1, 2):
            runs[f"pool {n} {what}"] = (lambda work=work, n=n: pool_run(work, chunks, n), cpu)
        for n in (1, 2):
            runs[f"dask {n} {what}"] = (lambda bag=bag, n=n: bag.compute(scheduler="processes", num_workers=n), cpu)
    expected = {}

    def alike(name, results):
        what = name.split()[-1]
        expected.setdefault(what, results)
        assert results == expected[what], f"{name}: not the in-process results"

    median, _ = in_rounds(runs, args.rounds, alike)

    assert expected["rows"] == [row(r) for r in expected["reports"]]
    expected = expected["reports"]
    games = [g for r in expected for g in r["games"]]
    invalid = sum(1 for g in games if not g["valid"])
    unreadable = sum(1 for r in expected if r["error"])
    print(f"{len(expected)} files, {unreadable} unreadable, {len(games)} games, {invalid} invalid (every run alike)")
    print(f"medians of {args.rounds} rounds (wall s, CPU s):")
    for name, (wall, used) in median.items():
        print(f"  {name:20} {wall:8.3f} {used:8.3f}")
    for what in ("reports", "rows"):
        for kind in ("pool", "dask"):
            one, two = median[f"{kind} 1 {what}"], median[f"{kind} 2 {what}"]
            alone = median[f"in-process {what}"]
            print(f"{kind} {what}: 2 workers {one[0] / two[0]:.2f}x one by wall, {alone[0] / two[0]:.2f}x in-process "
                  f"(CPU: 1 worker {one[1]:.2f} s, 2 workers {two[1]:.2f} s, in-process {alone[1]:.2f} s)")


if __name__ == "__main__":
    main()
