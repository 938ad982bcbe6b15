#!/usr/bin/env python3
"""Frame-hook overhead on a call-heavy pure-Python workload, one table.

Engines, run interleaved so that machine noise hits all alike:
  python         the venv's python, no hook
  floor          embedded CPython whose PEP 523 hook only forwards (bench/hook_floor.c)
  dynx (idle)    dynx-capture with nothing to watch: no hook is installed
  dynx (miss)    dynx-capture --target that never matches: the hook sees every frame

usage: hook_overhead.py [--build build] [--runs 7]
"""
import argparse
import os
import platform
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=15)
    args = parser.parse_args()
    build = os.path.join(ROOT, args.build)
    python = os.path.join(ROOT, ".venv", "bin", "python")
    workload = os.path.join(ROOT, "bench", "workloads", "calls.py")
    dynx = os.path.join(build, "bin", "dynx-capture")
    engines = [
        ("python", [python, workload]),
        ("floor (forwarding hook)", [os.path.join(build, "bin", "dynx-hook-floor"), python, workload]),
        ("dynx-capture, nothing watched", [dynx, workload]),
        ("dynx-capture, target never matches", [dynx, "--target", f"{workload}:no_such_function", workload]),
    ]
    times = {name: [] for name, _ in engines}
    for _ in range(args.runs):
        for name, command in engines:
            out = subprocess.run(command, capture_output=True, text=True, check=True).stdout
            times[name].append(float(out.strip().splitlines()[-1]))
    medians = {name: statistics.median(values) for name, values in times.items()}
    floor = medians["floor (forwarding hook)"]
    base = medians["python"]
    print(f"workload: bench/workloads/calls.py (fib(27), 600k method calls, 1.2M generator steps)")
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"median of {args.runs} runs")
    print()
    print(f"| {'engine':<36} | {'median s':>9} | {'min s':>7} | {'vs python':>9} | {'vs floor':>8} |")
    print(f"|{'-' * 38}|{'-' * 11}|{'-' * 9}|{'-' * 11}|{'-' * 10}|")
    for name, _ in engines:
        m = medians[name]
        print(f"| {name:<36} | {m:>9.4f} | {min(times[name]):>7.4f} | {m / base:>8.3f}x | {m / floor:>7.3f}x |")


if __name__ == "__main__":
    sys.exit(main())
