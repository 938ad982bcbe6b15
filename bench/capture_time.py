#!/usr/bin/env python3
"""Time to capture real models, in one table: the model's first eager call,
dynx-capture recording that call (-o), and torch._dynamo.explain on the same
model, each in its own process, the call timed inside the process (start-up
and imports excluded; the whole dynx-capture run is shown too).

usage: capture_time.py [--build build] [--runs 3]
"""
import argparse
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HARNESS = os.path.join(ROOT, "bench", "workloads", "models.py")


def run(command):
    start = time.perf_counter()
    out = subprocess.run(command, capture_output=True, text=True, check=True, cwd=ROOT).stdout
    return float(out.strip().splitlines()[-1]), time.perf_counter() - start


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--build", default="build")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    python = os.path.join(ROOT, ".venv", "bin", "python")
    dynx = os.path.join(ROOT, args.build, "bin", "dynx-capture")
    models = ["tiny_gpt2", "tiny_bert", "small_cnn", "mlp_train_step"]
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}; "
          f"median of {args.runs} runs; times of the first call of the model, in ms")
    print()
    print("| model | eager: call | eager: whole run | dynx-capture -o: call | dynx-capture -o: whole run | "
          "torch._dynamo.explain: call | dynx call / explain call |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for model in models:
        eager, eager_total, dynx_call, dynx_total, explain = [], [], [], [], []
        for _ in range(args.runs):
            call, total = run([python, HARNESS, model, "eager"])
            eager.append(call)
            eager_total.append(total)
            with tempfile.TemporaryDirectory() as out:
                call, total = run([dynx, "-o", out, HARNESS, model, "compile"])
            dynx_call.append(call)
            dynx_total.append(total)
            explain.append(run([python, HARNESS, model, "explain"])[0])
        m = statistics.median
        print(f"| {model} | {m(eager) * 1e3:.1f} | {m(eager_total) * 1e3:.0f} | {m(dynx_call) * 1e3:.1f} | "
              f"{m(dynx_total) * 1e3:.0f} | "
              f"{m(explain) * 1e3:.1f} | {m(dynx_call) / m(explain):.2f}x |")


if __name__ == "__main__":
    sys.exit(main())
