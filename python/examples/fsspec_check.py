"""Records read through fsspec, from any store it knows (local files, a zip, S3, GCS, HTTP, ...), checked in
batches with gotool.check_many.

    pip install ./python fsspec          # and s3fs, gcsfs, ... for those stores
    python python/examples/fsspec_check.py "file:///data/games/**/*.sgf"
    python python/examples/fsspec_check.py "zip://**/*.sgf::/data/games.zip"
    python python/examples/fsspec_check.py "s3://bucket/games/*.sgf" --jobs 4

Each URL is expanded by ``fsspec.open_files`` (globs included); the files are read whole, BATCH at a time (so
memory holds one batch), and each batch is checked on JOBS of gotool's threads with the GIL released. Prints
the files, games, invalid games, unreadable files and seconds, and with ``--list`` each invalid game.
"""

import argparse
import sys
import time

import fsspec

import gotool


def batches(files, size):
    for start in range(0, len(files), size):
        yield files[start : start + size]


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("urls", nargs="+", help="fsspec URLs or globs")
    parser.add_argument("--jobs", type=int, default=None, help="gotool's threads (default: one per core)")
    parser.add_argument("--batch", type=int, default=1000, help="files read into memory at a time")
    parser.add_argument("--list", action="store_true", help="name each invalid game and unreadable file")
    args = parser.parse_args()
    started = time.perf_counter()
    files = [f for url in args.urls for f in fsspec.open_files(url, mode="rb")]
    if not files:
        sys.exit(f"no file matches {' '.join(args.urls)}")
    counts = {"files": 0, "games": 0, "invalid": 0, "unreadable": 0}
    for batch in batches(files, args.batch):
        data = []
        for f in batch:
            with f as stream:
                data.append(stream.read())
        for report in gotool.check_many(data, names=[f.full_name for f in batch], jobs=args.jobs):
            counts["files"] += 1
            counts["games"] += len(report["games"])
            if report["error"]:
                counts["unreadable"] += 1
                if args.list:
                    print(f"{report['path']}: {report['error']['code']}: {report['error']['message']}")
            for game in report["games"]:
                if not game["valid"]:
                    counts["invalid"] += 1
                    if args.list:
                        errors = [f"move {d.get('move')}: {d['code']}: {d['message']}"
                                  for d in game["diagnostics"] if d["severity"] == "error"]
                        print(f"{report['path']} game {game['index']}: {'; '.join(errors)}")
    seconds = time.perf_counter() - started
    protocol = files[0].fs.protocol
    print(f"fsspec ({protocol if isinstance(protocol, str) else protocol[0]}): {counts['files']} files, {counts['games']} games, "
          f"{counts['invalid']} invalid, {counts['unreadable']} unreadable, {seconds:.2f} s")


if __name__ == "__main__":
    main()
