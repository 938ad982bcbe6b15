#!/usr/bin/env python3
"""The MLOps pipeline of the README (samples/mlops/ci_pipeline.sh) on its
training script: a release capture (batch 8), then the current script
(batch 16) passes every step -- no break, one recompile (train to eval),
guards reported as changed (size 8 -> 16), a verified bundle smoke-tested in
an empty environment -- and a change that adds a graph break (--debug-print)
fails the job at the explain step. Every step's exit status and JSON output
is checked. usage: run_mlops.py --bin DIR"""
import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SCRIPT = os.path.join(ROOT, "samples", "mlops", "train.py")
PIPELINE = os.path.join(ROOT, "samples", "mlops", "ci_pipeline.sh")


def load(path):
    with open(path) as f:
        return json.load(f)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="dynx-mlops-")
    env = dict(os.environ, DYNX_BIN=os.path.abspath(args.bin), PYTHON=sys.executable)
    failures = []

    def case(name, problems):
        print(("ok   " if not problems else "FAIL ") + name)
        for p in problems:
            print("  " + str(p)[:3000])
        if problems:
            failures.append(name)

    try:
        release = os.path.join(work, "release")
        r = subprocess.run([os.path.join(args.bin, "dynx-capture"), "-o", release, SCRIPT, "--batch", "8"],
                           capture_output=True, text=True)
        case("the release capture", [] if r.returncode == 0 else [r.stderr])

        out = os.path.join(work, "ci")
        r = subprocess.run(["sh", PIPELINE, SCRIPT, out, release], capture_output=True, text=True, env=env)
        problems = [] if r.returncode == 0 else [f"exit {r.returncode}: {r.stderr}"]
        if r.returncode == 0:
            report = load(os.path.join(out, "report.json"))
            if report["summary"]["graph_breaks"] != 0 or report["summary"]["recompiles"] != 1:
                problems.append(f"report summary: {report['summary']}")
            guards = load(os.path.join(out, "guards.json"))
            if "size(0): 8 -> 16" not in r.stderr or guards.get("same") is not False:
                problems.append(f"guard diff: {json.dumps(guards)[:500]}")
            model = load(os.path.join(out, "bundle", "model.json"))
            if model["dependencies"]["library_dir"] != "$ORIGIN/lib" or \
                    not ("bitwise equal" in r.stderr or "(within tolerance)" in r.stderr):
                problems.append(f"bundle: {model['dependencies']}")
            run = load(os.path.join(out, "run.json"))
            names = [o["name"] for o in run["outputs"]]
            if names != ["output"] or not all(os.path.exists(o["file"]) for o in run["outputs"]):
                problems.append(f"dynx-run outputs: {run['outputs']}")
            if "ci: passed:" not in r.stderr:
                problems.append(r.stderr)
        case("ci_pipeline.sh: every step passes on the current script", problems)

        out = os.path.join(work, "ci-regressed")
        r = subprocess.run(["sh", PIPELINE, SCRIPT, out, release, "--", "--debug-print"], capture_output=True,
                           text=True, env=env)
        problems = []
        if r.returncode != 1 or "FAILED: more graph breaks or recompiles than allowed" not in r.stderr:
            problems.append(f"exit {r.returncode}: {r.stderr}")
        else:
            report = load(os.path.join(out, "report.json"))
            if report["summary"]["graph_breaks"] != 2 or os.path.exists(os.path.join(out, "bundle")):
                problems.append(f"report summary: {report['summary']}")
        case("ci_pipeline.sh: a change that adds a graph break fails the job", problems)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    print(f"{3 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
