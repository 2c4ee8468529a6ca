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
import os
import sys
import time

import gotool
from _verdicts import command_rows, record_paths, summary


def check(paths):
    """One partition: its files read whole and checked on this Python worker's one thread."""
    paths = list(paths)
    for r in gotool.check_many([open(p, "rb").read() for p in paths], names=paths, jobs=1):
        yield (r["path"], r["error"]["code"] if r["error"] else "", len(r["games"]),
               sum(1 for g in r["games"] if not g["valid"]))


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
    print(f"spark, local[{args.workers}], {args.partitions} partitions: {summary(rows)}, {seconds:.2f} s "
          f"(and {up:.2f} s to start Spark)")
    cli = command_rows(paths)
    if cli is None:
        print("the gotool command is not installed: rows not compared")
    else:
        mine = {r[0]: tuple(r[1:]) for r in rows}
        print(f"same verdicts as the gotool command ({len(cli)} files): {mine == cli}")


if __name__ == "__main__":
    main()
