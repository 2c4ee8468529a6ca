"""The README's Dask recipe, runnable: whole files checked in partitions on Dask's process scheduler, timed on 1
and 2 workers, and the verdicts compared with the gotool command's own report on the same files.

    pip install "dask[bag]"
    python examples/dask_check.py FOLDER [--partitions 16]

Ray Data and Spark take the same function: `ds.map_batches(...)` over a column of paths, or
`rdd.mapPartitions(check)`.
"""

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

import dask.bag as db

import gotool


def check(paths):
    """One partition: its files read whole and checked on this worker's one thread."""
    paths = list(paths)
    return gotool.check_many([open(p, "rb").read() for p in paths], names=paths, jobs=1)


def verdict(report):
    return (report["error"] and report["error"]["code"], [g["valid"] for g in report["games"]])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--partitions", type=int, default=16)
    args = parser.parse_args()
    paths = sorted(str(p) for p in Path(args.folder).rglob("*") if p.suffix.lower() in (".sgf", ".mgt"))
    bag = db.from_sequence(paths, npartitions=args.partitions).map_partitions(check)
    times = {}
    for workers in (1, 2):
        started = time.perf_counter()
        reports = bag.compute(scheduler="processes", num_workers=workers)
        times[workers] = time.perf_counter() - started
        print(f"{workers} worker(s): {times[workers]:.2f} s, {len(reports)} reports")
    print(f"2 workers: {times[1] / times[2]:.2f}x one")
    command = [str(Path(sys.executable).with_name("gotool")), "check", "--format", "json", "-q", *paths]
    cli = json.loads(subprocess.run(command, capture_output=True).stdout)["files"]
    same = {r["path"]: verdict(r) for r in reports} == {r["path"]: verdict(r) for r in cli}
    print("same verdicts as the gotool command:", same)


if __name__ == "__main__":
    main()
