"""gotool.check_many beside sgfmill and beside the gotool command, on the same records, in one run.

    pip install sgfmill
    python bench/vs_sgfmill.py FOLDER [--rounds 3] [--cli PATH]

The records under FOLDER (*.sgf, *.mgt, any case) are read into memory once. Each round then times, one after
the other on the same bytes:

- ``check_many jobs=1``: ``gotool.check_many(data, names, jobs=1)``, the Python dicts built;
- ``sgfmill``: for each record ``sgf.Sgf_game.from_bytes``, then every move of the main line played on sgfmill's
  ``boards.Board``, in this one thread. A move is refused as gotool refuses it on the main line: an occupied
  point (sgfmill raises), a suicide (the stone is gone after its own move) and an immediate simple-ko recapture
  (the point ``Board.play`` returns). A record sgfmill cannot read, or one with such a move, is counted as failed
  and the next one is taken;
- ``check_many jobs=2`` and the command ``gotool check -q -j2 FOLDER`` (the one in ``--cli``), which reads the
  same files from the folder itself (the repository's ``target/release/gotool`` by default); ``-j1`` the same,
  for reference.

Wall time (``time.perf_counter``) and CPU time (user + system, ``getrusage``: this process's threads for the
in-process runs, the child for the command) are printed for every round, then the medians and their ratios,
with the 1-minute load average before and after each round.
"""

import argparse
import os
import resource
import subprocess
import sys
from collections import Counter
from pathlib import Path

import gotool

# sgfmill's side is the replay of benches/peers/sgfmill_replay.py, the one BENCHMARKS.md's other figures use.
sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benches" / "peers"))
from sgfmill_replay import replay_bytes  # noqa: E402
from _rounds import cpu_time, in_rounds  # noqa: E402


def sgfmill_all(data):
    failed = Counter()
    moves = replayed = 0
    for record in data:
        try:
            moves += replay_bytes(record)
            replayed += 1
        except Exception as e:  # sgfmill's own errors are ValueError, but a broken record may raise anything
            failed[type(e).__name__] += 1
    return {"replayed": replayed, "failed": sum(failed.values()), "by": dict(failed), "moves": moves}


def gotool_counts(reports):
    games = [g for r in reports for g in r["games"]]
    return {
        "files": len(reports),
        "unreadable": sum(1 for r in reports if r["error"]),
        "games": len(games),
        "valid": sum(1 for g in games if g["valid"]),
        "invalid": sum(1 for g in games if not g["valid"]),
        "moves": sum(g["moves"] for g in games),
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("folder")
    parser.add_argument("--rounds", type=int, default=3)
    built = Path(__file__).resolve().parents[2] / "target" / "release" / "gotool"
    installed = Path(sys.executable).with_name("gotool")
    parser.add_argument("--cli", default=str(built if built.exists() else installed),
                        help="the gotool command (default: the repository's target/release/gotool if built, else the "
                        "one installed beside this Python)")
    args = parser.parse_args()

    paths = sorted(p for p in Path(args.folder).rglob("*") if p.is_file() and p.suffix.lower() in (".sgf", ".mgt"))
    data = [p.read_bytes() for p in paths]
    names = [str(p) for p in paths]
    print(f"{len(paths)} records, {sum(map(len, data)) / 1e6:.1f} MB in memory; gotool {gotool.__version__}; "
          f"command {args.cli}; {os.cpu_count()} cores")

    def command(jobs):
        line = [args.cli, "check", "-q", "-j", str(jobs), args.folder]
        return lambda: subprocess.run(line, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL).returncode

    own, child = cpu_time(resource.RUSAGE_SELF), cpu_time(resource.RUSAGE_CHILDREN)
    runs = {
        "check_many jobs=1": (lambda: gotool.check_many(data, names=names, jobs=1), own),
        "sgfmill": (lambda: sgfmill_all(data), own),
        "check_many jobs=2": (lambda: gotool.check_many(data, names=names, jobs=2), own),
        "gotool check -q -j2": (command(2), child),
        "gotool check -q -j1": (command(1), child),
    }
    median, results = in_rounds(runs, args.rounds)

    counts = gotool_counts(results["check_many jobs=1"])
    assert results["check_many jobs=2"] == results["check_many jobs=1"], "check_many differs between jobs=1 and 2"
    mill = results["sgfmill"]
    print(f"gotool: {counts['files']} files, {counts['unreadable']} unreadable, {counts['games']} games "
          f"({counts['valid']} valid, {counts['invalid']} invalid), {counts['moves']} moves")
    print(f"sgfmill: {len(data)} records, {mill['replayed']} replayed, {mill['failed']} failed {mill['by']}, "
          f"{mill['moves']} moves")
    print(f"command exit status: {results['gotool check -q -j2']} (1: some record is invalid)")

    print(f"medians of {args.rounds} rounds (wall s, CPU s):")
    for name, (wall, used) in median.items():
        print(f"  {name:22} {wall:8.3f} {used:8.3f}   {len(data) / wall:9.0f} records/s")

    def ratio(slow, fast):
        return f"{median[slow][0] / median[fast][0]:.2f}x wall, {median[slow][1] / median[fast][1]:.2f}x CPU"

    print(f"sgfmill / check_many jobs=1:             {ratio('sgfmill', 'check_many jobs=1')}")
    print(f"check_many jobs=2 / gotool check -q -j2:  {ratio('check_many jobs=2', 'gotool check -q -j2')}")
    print(f"check_many jobs=1 / gotool check -q -j1:  {ratio('check_many jobs=1', 'gotool check -q -j1')}")


if __name__ == "__main__":
    main()
