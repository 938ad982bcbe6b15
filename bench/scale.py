#!/usr/bin/env python3
"""Scale: capture and explain a graph of 20,000+ operators and a script with
1,000+ recompile events; wall time and peak memory (max RSS) of each tool.

usage: bench/scale.py [--build build] [--ops 20000] [--recompiles 1000] [--with-torch-compile]
"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

BIG_GRAPH = """
import torch
STEPS = {steps}
@torch.compile
def f(x):
    for _ in range(STEPS):
        x = torch.relu(x * 1.0001 + 0.5) - 0.25
    return x
print(f(torch.ones(16)).sum().item())
"""

RECOMPILES = """
import torch
@torch.compile
def f(x, k):
    return x * k + 1
x = torch.ones(8)
total = 0.0
for k in range({n}):
    total += f(x, k).sum().item()    # a new Python int each time: one recompile per call
print(total)
"""


def run_one(argv, cwd):
    """Runs argv in a fresh Python process so that its peak RSS is its own."""
    code = ("import os, resource, subprocess, sys, time, json\n"
            "t = time.perf_counter()\n"
            f"p = subprocess.run({argv!r}, capture_output=True, text=True, cwd={cwd!r})\n"
            "t = time.perf_counter() - t\n"
            "print(json.dumps({'s': t, 'rss': resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024, "
            "'rc': p.returncode, 'err': p.stderr[-500:]}))\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    return json.loads(r.stdout)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--ops", type=int, default=20000)
    parser.add_argument("--recompiles", type=int, default=1000)
    parser.add_argument("--with-torch-compile", action="store_true",
                        help="also time plain python (real torch.compile) on the big graph: minutes")
    args = parser.parse_args()
    bindir = os.path.abspath(os.path.join(args.build, "bin"))
    python = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", ".venv", "bin", "python")
    work = tempfile.mkdtemp(prefix="dynx-scale-")
    rows = []
    try:
        steps = (args.ops + 3) // 4  # mul, add, relu, sub per step
        with open(os.path.join(work, "big.py"), "w") as f:
            f.write(BIG_GRAPH.format(steps=steps))
        with open(os.path.join(work, "recompiles.py"), "w") as f:
            f.write(RECOMPILES.format(n=args.recompiles))
        cap = os.path.join(work, "big")
        cases = [
            ("python big.py (torch.compile for real, for reference)", [python, "big.py"]),
            (f"dynx-capture: one graph of {4 * steps} operators", [f"{bindir}/dynx-capture", "-o", cap, "big.py"]),
            ("dynx-explain on it (text)", [f"{bindir}/dynx-explain", cap]),
            ("dynx-explain --json", [f"{bindir}/dynx-explain", "--json", cap]),
            ("dynx-explain --html (graphs over 1500 operators are listed, not drawn)",
             [f"{bindir}/dynx-explain", "--html", os.path.join(work, "big.html"), cap]),
            ("python recompiles.py (torch.compile for real, for reference; its cache limit of 8 stops "
             "recompiling)", [python, "recompiles.py"]),
            (f"dynx-capture --cache-limit {args.recompiles + 10}: {args.recompiles} calls, "
             f"{args.recompiles - 1} recompiles",
             [f"{bindir}/dynx-capture", "--cache-limit", str(args.recompiles + 10), "-o",
              os.path.join(work, "rec"), "recompiles.py"]),
            ("dynx-explain on it (text)", [f"{bindir}/dynx-explain", os.path.join(work, "rec")]),
        ]
        print("| step | wall s | max RSS MiB |\n|---|---:|---:|")
        if not args.with_torch_compile:
            cases = cases[1:]
        for name, argv in cases:
            r = run_one(argv, work)
            note = "" if r["rc"] == 0 else f" (exit {r['rc']}: {r['err'].strip()[-200:]})"
            print(f"| {name}{note} | {r['s']:.2f} | {r['rss']:.0f} |", flush=True)
        graph = os.path.join(cap, "graphs", "0_0_0.json")
        rec = os.path.join(work, "rec", "frames.json")
        print(f"\ngraph file {os.path.getsize(graph) / 2**20:.1f} MiB; recompile capture frames.json "
              f"{os.path.getsize(rec) / 2**20:.1f} MiB with "
              f"{sum(len(fr['entries']) for fr in json.load(open(rec))['frames'])} entries")
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    main()
