"""Spark: whole files checked in partitions with ``mapPartitions`` calling gotool.check_many, each report kept as
a row (path, error code, games, invalid games); the rows are compared with the gotool command's own report.

    pip install ./python pyspark         # and Java 17 or later for Spark 4
    python python/examples/spark_check.py FOLDER [--workers 2] [--partitions 64]

Runs a local Spark (``local[WORKERS]``) whose Python workers are this Python, so they import the same gotool.
Prints the files, games, invalid games and unreadable files, the seconds Spark took to start and to run, and
whether every row says what ``gotool check --format json`` says (the command installed with the package). On a
cluster, the same ``mapPartitions`` over the paths works where every executor sees the files (a shared file
system) and has gotool installed; for object storage, ``sc.binaryFiles(...)`` gives (path, bytes) pairs instead.
"""

import argparse
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import gotool


def check(paths):
    """One partition: its files read whole and checked on this Python worker's one thread."""
    paths = list(paths)
    for r in gotool.check_many([open(p, "rb").read() for p in paths], names=paths, jobs=1):
        yield (r["path"], r["error"]["code"] if r["error"] else "", len(r["games"]),
               sum(1 for g in r["games"] if not g["valid"]))


def record_paths(folder):
    """The records under a folder, sorted: *.sgf and *.mgt, any case."""
    return sorted(str(p) for p in Path(folder).rglob("*") if p.is_file() and p.suffix.lower() in (".sgf", ".mgt"))


def command_rows(paths):
    """(error code, games, invalid) of each path as the gotool command reports it, or None without it."""
    beside = Path(sys.executable).with_name("gotool")
    command = str(beside) if beside.exists() else shutil.which("gotool")
    if command is None:
        return None
    done = subprocess.run([command, "check", "--format", "json", "-q", "--files-from", "-"],
                          input="\n".join(paths).encode(), capture_output=True)
    if done.returncode not in (0, 1):
        sys.exit(f"gotool check failed ({done.returncode}): {done.stderr.decode(errors='replace')}")
    files = json.loads(done.stdout)["files"]
    return {r["path"]: (r["error"]["code"] if r["error"] else "", len(r["games"]),
                        sum(1 for g in r["games"] if not g["valid"])) for r in files}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--workers", type=int, default=2, help="the cores of the local Spark")
    parser.add_argument("--partitions", type=int, default=64)
    args = parser.parse_args()
    paths = record_paths(args.folder)
    if not paths:
        sys.exit(f"no *.sgf or *.mgt files under {args.folder}")
    # The workers run this Python, which has gotool.
    os.environ["PYSPARK_PYTHON"] = os.environ["PYSPARK_DRIVER_PYTHON"] = sys.executable
    from pyspark.sql import SparkSession

    started = time.perf_counter()
    # A Spark of this machine alone, on the loopback address, without its web page and progress bar.
    os.environ.setdefault("SPARK_LOCAL_IP", "127.0.0.1")
    spark = (SparkSession.builder.master(f"local[{args.workers}]").appName("gotool check")
             .config("spark.driver.host", "127.0.0.1").config("spark.driver.bindAddress", "127.0.0.1")
             .config("spark.ui.enabled", "false").config("spark.ui.showConsoleProgress", "false").getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    up = time.perf_counter() - started
    started = time.perf_counter()
    rows = spark.sparkContext.parallelize(paths, args.partitions).mapPartitions(check).collect()
    seconds = time.perf_counter() - started
    spark.stop()
    games = sum(r[2] for r in rows)
    invalid = sum(r[3] for r in rows)
    unreadable = sum(1 for r in rows if r[1])
    print(f"spark, local[{args.workers}], {args.partitions} partitions: {len(rows)} files, {games} games, "
          f"{invalid} invalid, {unreadable} unreadable, {seconds:.2f} s (and {up:.2f} s to start Spark)")
    cli = command_rows(paths)
    if cli is None:
        print("the gotool command is not installed: rows not compared")
    else:
        mine = {r[0]: tuple(r[1:]) for r in rows}
        print(f"same verdicts as the gotool command ({len(cli)} files): {mine == cli}")


if __name__ == "__main__":
    main()
