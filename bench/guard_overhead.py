#!/usr/bin/env python3
"""Cost of a cache hit against an empty Python call and torch's own Dynamo,
in one table: a function of 1, 10 and 100 tensor arguments that does
nothing, called 2000 times after warm-up:
  empty call        plain python, the function itself
  dynx hit          under dynx-capture -o: the entry's guards are checked in C++ on every call
  dynamo hit        torch.compile(fn, backend="eager") in plain python
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

    def time_of(command):
        return float(subprocess.run(command, capture_output=True, text=True, check=True).stdout.split()[-1])

    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"median of {args.runs} runs; microseconds per call")
    print()
    print("| tensor args | empty call | dynx hit | dynamo hit | dynx / empty | dynx / dynamo |")
    print("|---:|---:|---:|---:|---:|---:|")
    for n in (1, 10, 100):
        empty, dynx_hit, dynamo = [], [], []
        for _ in range(args.runs):
            empty.append(time_of([python, WORKLOAD, str(n), "empty"]))
            with tempfile.TemporaryDirectory() as out:
                dynx_hit.append(time_of([dynx, "-o", out, WORKLOAD, str(n), "compiled"]))
            dynamo.append(time_of([python, WORKLOAD, str(n), "dynamo"]))
        e, d, t = statistics.median(empty), statistics.median(dynx_hit), statistics.median(dynamo)
        print(f"| {n} | {e:.2f} | {d:.2f} | {t:.2f} | {d / e:.1f}x | {d / t:.2f}x |")


if __name__ == "__main__":
    sys.exit(main())
