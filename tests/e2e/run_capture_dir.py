#!/usr/bin/env python3
"""The capture directory as a whole: deterministic output, runs that end
badly leave a valid directory marked incomplete, and -o refuses what it
must. usage: run_capture_dir.py --dynx-capture BIN; prints 'N passed, M failed'."""
import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import validate_capture  # noqa: E402
from report import Report  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(HERE))

PROGRAM_TEMPLATE = """
import os, signal, sys, torch

@torch.compile
def f(x):
    return (x + 1).relu()

f(torch.ones(3))
print("captured", flush=True)
how = sys.argv[1]
if how == "sigint":
    os.kill(os.getpid(), signal.SIGINT)
elif how == "raise":
    raise RuntimeError("the program failed")
elif how == "os_exit":
    os._exit(3)
elif how == "exit":
    sys.exit(4)
"""


def capture(dynx, out, program, *args, cwd=None):
    return subprocess.run([dynx, "-o", out, program, *args], capture_output=True, text=True, cwd=cwd, timeout=600)


def comparable(directory):
    """Every file's bytes, except the manifest's timing field."""
    files = {}
    for path in sorted(glob.glob(os.path.join(directory, "**", "*"), recursive=True)):
        if os.path.isdir(path) or path.endswith(".safetensors"):
            continue
        rel = os.path.relpath(path, directory)
        with open(path, "rb") as f:
            data = f.read()
        if rel == "manifest.json":
            manifest = json.loads(data)
            manifest["timing"] = None
            manifest["command"][2] = "<DIR>"
            data = json.dumps(manifest, sort_keys=True).encode()
        files[rel] = data
    return files


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--dynx-capture", required=True)
    args = parser.parse_args()
    dynx = args.dynx_capture
    tmp = tempfile.mkdtemp(prefix="dynx-capdir-")
    results = Report()
    case = results.case

    try:
        program = os.path.join(tmp, "ends.py")
        with open(program, "w") as f:
            f.write(PROGRAM_TEMPLATE)

        # Determinism: the same program twice gives byte-identical files.
        for subject in (os.path.join(ROOT, "tests", "corpus", "c24_nested_modules.py"),
                        os.path.join(ROOT, "tests", "corpus", "c35_two_breaks_same_line.py"),
                        os.path.join(ROOT, "tests", "models", "tiny_bert.py")):
            runs = []
            for i in range(2):
                out = os.path.join(tmp, f"det{i}")
                shutil.rmtree(out, ignore_errors=True)
                proc = capture(dynx, out, subject)
                runs.append(comparable(out) if proc.returncode == 0 else {"exit": proc.stderr})
            problems = [f"{k} differs" for k in sorted(set(runs[0]) | set(runs[1])) if runs[0].get(k) != runs[1].get(k)]
            case(f"deterministic {os.path.basename(subject)}", problems)

        # Endings: (argument, expected exit status, status, reason)
        for how, want_rc, want_status, want_reason, want_exit in (
                ("normal", 0, "complete", None, 0),
                ("exit", 4, "complete", None, 4),
                ("raise", 1, "complete", None, 1),
                ("sigint", -2, "incomplete", "interrupted", None),
                ("os_exit", 3, "incomplete", "running", None)):
            out = os.path.join(tmp, f"end_{how}")
            proc = capture(dynx, out, program, how)
            problems = []
            if proc.returncode != want_rc:
                problems.append(f"exit {proc.returncode}, expected {want_rc}: {proc.stderr[-2000:]}")
            with open(os.path.join(out, "manifest.json")) as f:
                manifest = json.load(f)
            if manifest["status"] != want_status or manifest.get("reason") != want_reason or \
                    manifest["exit_code"] != want_exit:
                problems.append(f"manifest says {manifest['status']}/{manifest.get('reason')}/"
                                f"{manifest['exit_code']}, expected {want_status}/{want_reason}/{want_exit}")
            if not glob.glob(os.path.join(out, "graphs", "*.json")):
                problems.append("the graph captured before the end is missing")
            problems += validate_capture.problems_of(out)
            case(f"ends with {how}", problems)

        # A directory that is not a capture is not overwritten.
        stranger = os.path.join(tmp, "stranger")
        os.makedirs(stranger)
        with open(os.path.join(stranger, "notes.txt"), "w") as f:
            f.write("mine")
        proc = capture(dynx, stranger, program, "normal")
        want = f"dynx-capture: error: {stranger}: not empty and not a dynx capture; refusing to write into it\n"
        case("refuses a foreign directory",
             [] if (proc.returncode, proc.stderr) == (125, want) and os.listdir(stranger) == ["notes.txt"]
             else [f"exit {proc.returncode}, stderr {proc.stderr!r}"])

        # An output path that cannot be a directory.
        proc = capture(dynx, "/dev/null/capture", program, "normal")
        want = "dynx-capture: error: /dev/null/capture: cannot create: Not a directory\n"
        case("unwritable output path", [] if (proc.returncode, proc.stderr) == (125, want)
             else [f"exit {proc.returncode}, stderr {proc.stderr!r}"])

        # A second capture into the same directory replaces the first.
        out = os.path.join(tmp, "again")
        capture(dynx, out, os.path.join(ROOT, "tests", "corpus", "c35_two_breaks_same_line.py"))
        capture(dynx, out, os.path.join(ROOT, "tests", "corpus", "c01_elementwise.py"))
        left = sorted(os.path.basename(p) for p in glob.glob(os.path.join(out, "graphs", "*.json")))
        case("recapture replaces the old files", [] if left == ["0_0_0.json"] else [f"graphs left: {left}"])
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return results.finish()


if __name__ == "__main__":
    sys.exit(main())
