#!/usr/bin/env python3
"""Cost of a cache hit against an empty Python call and torch's own Dynamo,
and the cost of a miss, in one run: a function of 1, 10 and 100 tensor
arguments that does nothing, called 2000 times after warm-up:
  empty call        plain python, the function itself
  dynx hit          under dynx-capture -o: the entry's guards are checked in C++ on every call
  dynx hit (py)     the same with DYNX_GUARDS_PYTHON=1: tensors read through Python attributes
  dynamo hit        torch.compile(fn, backend="eager") in plain python
and then 30 calls that each miss (a new size of the first argument; dynx
with --dynamic=off records a new entry, Dynamo recompiles with dynamic=False).
usage: guard_overhead.py [--build build] [--runs 3]"""
import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
WORKLOAD = os.path.join(ROOT, "bench", "workloads", "guard_hits.py")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    python = os.path.join(ROOT, ".venv", "bin", "python")
    dynx = os.path.join(ROOT, args.build, "bin", "dynx-capture")

    def time_of(command, env=None):
        return float(subprocess.run(command, capture_output=True, text=True, check=True,
                                    env=env).stdout.split()[-1])
    slow_env = dict(os.environ, DYNX_GUARDS_PYTHON="1")

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"median of {args.runs} runs; microseconds per call")
    print()
    print("| tensor args | empty call | dynx hit | dynx hit (py) | dynamo hit | dynx / empty | dynx / dynamo |")
    print("|---:|---:|---:|---:|---:|---:|---:|")
    for n in (1, 10, 100):
        empty, dynx_hit, dynx_py, dynamo = [], [], [], []
        for _ in range(args.runs):
            empty.append(time_of([python, WORKLOAD, str(n), "empty"]))
            with tempfile.TemporaryDirectory() as out:
                dynx_hit.append(time_of([dynx, "-o", out, WORKLOAD, str(n), "compiled"]))
            with tempfile.TemporaryDirectory() as out:
                dynx_py.append(time_of([dynx, "-o", out, WORKLOAD, str(n), "compiled"], slow_env))
            dynamo.append(time_of([python, WORKLOAD, str(n), "dynamo"]))
        e, d, p, t = (statistics.median(v) for v in (empty, dynx_hit, dynx_py, dynamo))
        print(f"| {n} | {e:.2f} | {d:.2f} | {p:.2f} | {t:.2f} | {d / e:.1f}x | {d / t:.2f}x |")
    print()
    print("A miss (microseconds per call; each records a new entry / recompiles):")
    print()
    print("| tensor args | dynx miss | dynamo miss | dynx / dynamo |")
    print("|---:|---:|---:|---:|")
    for n in (1, 10):
        dynx_miss, dynamo_miss = [], []
        for _ in range(args.runs):
            with tempfile.TemporaryDirectory() as out:
                dynx_miss.append(time_of([dynx, "-o", out, "--dynamic=off", "--cache-limit", "100", WORKLOAD,
                                          str(n), "miss-compiled"]))
            dynamo_miss.append(time_of([python, WORKLOAD, str(n), "miss-dynamo"]))
        d, t = statistics.median(dynx_miss), statistics.median(dynamo_miss)
        print(f"| {n} | {d:.0f} | {t:.0f} | {d / t:.2f}x |")


if __name__ == "__main__":
    sys.exit(main())
