"""The benches' timing: runs taken in turn, round after round, each timed by the wall clock and by CPU time, a
line per round with the 1-minute load average before and after, then the medians."""

import os
import resource
import statistics
import time


def cpu_time(*whose):
    """A clock of CPU time (user + system) of `whose` (``resource.RUSAGE_SELF``, ``RUSAGE_CHILDREN``), summed."""

    def clock():
        return sum(u.ru_utime + u.ru_stime for u in map(resource.getrusage, whose))

    return clock


def in_rounds(runs, rounds, seen=lambda name, result: None):
    """Times `runs` (name: (run, CPU clock)) one after the other in each of `rounds` rounds; `seen` gets each
    run's result. Returns the medians, name: (wall s, CPU s), and each run's last result."""
    walls = {name: [] for name in runs}
    cpus = {name: [] for name in runs}
    results = {}
    for round_ in range(1, rounds + 1):
        load = os.getloadavg()[0]
        line = []
        for name, (run, clock) in runs.items():
            cpu_before, started = clock(), time.perf_counter()
            results[name] = run()
            wall, used = time.perf_counter() - started, clock() - cpu_before
            seen(name, results[name])
            walls[name].append(wall)
            cpus[name].append(used)
            line.append(f"{name} {wall:.3f} s ({used:.3f} CPU)")
        print(f"round {round_} (load {load:.2f} -> {os.getloadavg()[0]:.2f}): " + "; ".join(line))
    median = {name: (statistics.median(walls[name]), statistics.median(cpus[name])) for name in runs}
    return median, results
