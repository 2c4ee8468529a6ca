"""Ray Data: records read with ``read_binary_files`` and checked in batches with ``map_batches`` calling
gotool.check_many, each report flattened to a row (path, error code, games, invalid games); the rows are compared
with the gotool command's own report on the same files.

    pip install ./python "ray[data]"
    python python/examples/ray_check.py FOLDER [--workers 2] [--batch 256]

Prints the files, games, invalid games and unreadable files, the seconds Ray took to start and to run, and
whether every row says what ``gotool check --format json`` says (the command installed with the package). On a
cluster, ``ray.init(address=...)`` instead; the paths may be any that Ray's readers take (``s3://...``).
"""

import argparse
import os
import sys
import time

# A Ray of this machine alone, on the loopback address (without this, Ray binds its services to the address of
# the machine's network interface, to be reachable by other nodes).
os.environ.setdefault("RAY_ENABLE_WINDOWS_OR_OSX_CLUSTER", "0")

import ray  # noqa: E402

import gotool  # noqa: E402
from _verdicts import command_rows, record_paths, summary  # noqa: E402


def check_batch(batch):
    """One batch of Ray's rows (columns ``bytes`` and ``path``, as NumPy arrays): one row per file out."""
    paths = [str(p) for p in batch["path"]]
    reports = gotool.check_many([bytes(b) for b in batch["bytes"]], names=paths, jobs=1)
    return {
        "path": paths,
        "error": [r["error"]["code"] if r["error"] else "" for r in reports],
        "games": [len(r["games"]) for r in reports],
        "invalid": [sum(1 for g in r["games"] if not g["valid"]) for r in reports],
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--workers", type=int, default=2, help="CPUs given to the local Ray")
    parser.add_argument("--batch", type=int, default=256, help="files per map_batches call")
    args = parser.parse_args()
    paths = record_paths(args.folder)
    if not paths:
        sys.exit(f"no *.sgf or *.mgt files under {args.folder}")
    started = time.perf_counter()
    ray.init(num_cpus=args.workers, include_dashboard=False, log_to_driver=False)
    ray.data.DataContext.get_current().enable_progress_bars = False
    up = time.perf_counter() - started
    started = time.perf_counter()
    ds = ray.data.read_binary_files(paths, include_paths=True)
    rows = ds.map_batches(check_batch, batch_size=args.batch, batch_format="numpy").take_all()
    seconds = time.perf_counter() - started
    rows = [(r["path"], r["error"], int(r["games"]), int(r["invalid"])) for r in rows]
    print(f"ray, {args.workers} CPUs: {summary(rows)}, {seconds:.2f} s (and {up:.2f} s to start Ray)")
    ray.shutdown()
    cli = command_rows(paths)
    if cli is None:
        print("the gotool command is not installed: rows not compared")
    else:
        mine = {r[0]: r[1:] for r in rows}
        print(f"same verdicts as the gotool command ({len(cli)} files): {mine == cli}")


if __name__ == "__main__":
    main()
