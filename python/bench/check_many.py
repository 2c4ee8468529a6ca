"""check_many over a folder of records in memory beside the CLI's `check -q` over the same files, in one run.

    python bench/check_many.py FOLDER [--jobs N] [--rounds R]

Prints the best of R rounds of each, and their ratio. The command is the repository's target/release/gotool when
it is built, else the one installed beside this Python. The records are read into memory once, before timing;
check_many's time includes building the Python dicts (made straight from gotool's report, no JSON text
between). For reference it also times `json.loads` of the same reports' JSON text, the way the module took before.
"""

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path

import gotool


def best(rounds, run):
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        run()
        times.append(time.perf_counter() - started)
    return min(times)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("folder")
    parser.add_argument("--jobs", type=int, default=os.cpu_count())
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    paths = sorted(p for p in Path(args.folder).rglob("*") if p.suffix.lower() in (".sgf", ".mgt"))
    data = [p.read_bytes() for p in paths]
    names = [str(p) for p in paths]
    print(f"{len(paths)} records, {sum(map(len, data)) / 1e6:.1f} MB, jobs {args.jobs}")

    reports = []
    many = best(args.rounds, lambda: reports.append(gotool.check_many(data, names=names, jobs=args.jobs)))
    text = json.dumps(reports[-1])
    convert = best(args.rounds, lambda: json.loads(text))
    # The repository's own build if there is one: the console script beside this Python starts an interpreter.
    built = Path(__file__).resolve().parents[2] / "target" / "release" / "gotool"
    cli_path = built if built.exists() else Path(sys.executable).with_name("gotool")
    command = [str(cli_path), "check", "-q", "-j", str(args.jobs), args.folder]
    cli = best(args.rounds, lambda: subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL))
    print(f"gotool check -q (CLI)      {cli:7.3f} s")
    print(f"gotool.check_many          {many:7.3f} s   {many / cli:5.2f}x the CLI")
    print(f"json.loads of their JSON   {convert:7.3f} s   (for reference: not what check_many does)")


if __name__ == "__main__":
    main()
