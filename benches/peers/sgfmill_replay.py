"""sgfmill's side of the comparison in BENCHMARKS.md: single thread, whole process.

Reads each file named in the list file (one path per line) with sgfmill, replays its main line on sgfmill's
board, and checks each move as gotool does on the main line: an occupied point (sgfmill raises), suicide (the
stone is gone after the move) and an immediate simple-ko recapture (the point sgfmill returns). Files sgfmill
cannot read or that hold an illegal move are counted, not stopped on.

    pip install sgfmill
    python3 benches/peers/sgfmill_replay.py LIST
"""
import sys
import time

from sgfmill import sgf, sgf_moves


def replay(path):
    return replay_bytes(open(path, "rb").read())


def replay_bytes(data):
    """The moves sgfmill plays on its board for one record; raises where it, or its board, refuses the record.
    python/bench/vs_sgfmill.py times this same function on bytes in memory."""
    game = sgf.Sgf_game.from_bytes(data)
    board, plays = sgf_moves.get_setup_and_moves(game)
    ko = None
    moves = 0
    for colour, move in plays:
        moves += 1
        if move is None:
            ko = None
            continue
        if move == ko:
            raise ValueError("ko")
        row, col = move
        ko = board.play(row, col, colour)
        if board.get(row, col) is None:
            raise ValueError("suicide")
    return moves


def main():
    files = [line.rstrip("\n") for line in open(sys.argv[1]) if line.strip()]
    ok = bad = moves = 0
    start = time.perf_counter()
    for path in files:
        try:
            moves += replay(path)
            ok += 1
        except Exception:
            bad += 1
    seconds = time.perf_counter() - start
    print(f"sgfmill: {len(files)} files, {ok} replayed, {bad} failed, {moves} moves, "
          f"{seconds:.2f} s, {len(files) / seconds:.0f} records/s")


if __name__ == "__main__":
    main()
