#!/usr/bin/env python3
"""The fault matrix: one row per way a run can go wrong, across every
executable, each with the exact error line (or pattern) and exit status, and
what must hold afterwards (the capture marked incomplete and complete up to
that point, no temporary files left, nothing half-written).

Also: threads calling a watched function concurrently, a forked child that
calls it (and misses), DataLoader workers with fork and spawn, a child
process that crashes: the program's output is python's, and the capture is
the original process's.

usage: run_faults.py --bin BUILD/bin
"""
import argparse
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time

from report import Report

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PYTHON = sys.executable

# Plain python runs each program too, for the reference output: backend="eager"
# keeps Inductor's compile workers and threads out of forked children (a real
# Inductor compile in a child forked after the parent compiled can deadlock).
PROGRAMS = {
    "slow.py": """
import time, torch
@torch.compile(backend="eager")
def f(x):
    return x * 2
f(torch.ones(2))
print("ready", flush=True)
time.sleep(60)
""",
    "threads.py": """
import threading, torch
torch.manual_seed(0)
lin = torch.nn.Linear(8, 8)
@torch.compile(backend="eager")
def f(x):
    return torch.relu(lin(x)) * 2
results = []
def work(i):
    for _ in range(25):
        results.append(round(f(torch.ones(4, 8) * i).sum().item(), 3))
threads = [threading.Thread(target=work, args=(i,)) for i in range(4)]
for t in threads: t.start()
for t in threads: t.join()
print(len(results), sorted(set(results)))
""",
    "fork_miss.py": """
import os, sys, torch
@torch.compile(backend="eager")
def f(x):
    return x.sin() + 1
print("parent", f(torch.zeros(3)).tolist(), flush=True)
pid = os.fork()
if pid == 0:
    print("child", f(torch.zeros(5)).tolist(), flush=True)
    sys.exit(0)
os.waitpid(pid, 0)
print("parent again", f(torch.ones(3)).sum().item())
""",
    "loader.py": """
import sys, torch
from torch.utils.data import DataLoader, Dataset
class D(Dataset):
    def __len__(self): return 8
    def __getitem__(self, i): return torch.full((4,), float(i))
torch.manual_seed(0)
model = torch.compile(torch.nn.Linear(4, 2), backend="eager")
if __name__ == "__main__":
    loader = DataLoader(D(), batch_size=4, num_workers=2, multiprocessing_context=sys.argv[1])
    with torch.no_grad():
        print(sys.argv[1], round(sum(model(b).sum().item() for b in loader), 4))
""",
    "child_crash.py": """
import subprocess, sys, torch
@torch.compile(backend="eager")
def f(x):
    return x + 1
print(f(torch.zeros(2)).tolist())
r = subprocess.run([sys.executable, "-c", "import os, signal; os.kill(os.getpid(), signal.SIGSEGV)"])
print("child died with", r.returncode)
print(f(torch.ones(2)).tolist())
""",
    "exception.py": """
import torch
@torch.compile(backend="eager")
def f(x):
    return x + 1
f(torch.zeros(2))
raise ValueError("the program's own error")
""",
    "exit3.py": "import sys, torch\nf = torch.compile(lambda x: x * 3)\nf(torch.ones(1))\nsys.exit(3)\n",
    "os_exit.py": "import os, torch\nf = torch.compile(lambda x: x * 3)\nf(torch.ones(1))\nos._exit(5)\n",
}


def run(argv, **kw):
    try:
        return subprocess.run(argv, capture_output=True, text=True, timeout=300, **kw)
    except subprocess.TimeoutExpired as e:
        out = e.stdout.decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
        return subprocess.CompletedProcess(argv, -9, out, f"timed out after 300 s: {argv}")


def manifest(directory):
    with open(os.path.join(directory, "manifest.json")) as f:
        return json.load(f)


def temp_files(directory):
    found = []
    for base, _, names in os.walk(directory):
        found += [os.path.join(base, n) for n in names if ".tmp" in n]
    return found


class Matrix:
    def __init__(self, bindir, work):
        self.bin = bindir
        self.work = work
        self.report = Report()
        for name, text in PROGRAMS.items():
            with open(os.path.join(work, name), "w") as f:
                f.write(text)
        self.n = 0

    def tool(self, name):
        return os.path.join(self.bin, name)

    def out(self):
        self.n += 1
        return os.path.join(self.work, f"cap{self.n}")

    def row(self, name, result, status, stderr_pattern=None, checks=()):
        problems = []
        if result.returncode != status:
            problems.append(f"exit status {result.returncode}, wanted {status}\n{result.stderr[-2000:]}")
        if stderr_pattern is not None:
            lines = [l for l in result.stderr.splitlines() if l.startswith("dynx")]
            if not any(re.fullmatch(stderr_pattern, l) for l in lines):
                problems.append(f"no stderr line matches {stderr_pattern!r}: {result.stderr[-1500:]!r}")
        if "Traceback" in result.stderr and "own error" not in result.stderr:
            problems.append("a traceback reached stderr")
        for check in checks:
            problem = check()
            if problem:
                problems.append(problem)
        self.report.case(name, problems)

    def capture(self, *args, **kw):
        return run([self.tool("dynx-capture"), *args], cwd=self.work, **kw)

    # ----- dynx-capture -----
    def capture_rows(self):
        w = self.work
        for script, status, extra in [("exception.py", 1, None), ("exit3.py", 3, None)]:
            out = self.out()
            r = self.capture("-o", out, script)
            self.row(f"capture: the program's {'exception' if status == 1 else 'sys.exit(3)'}: its status, capture complete",
                     r, status, extra,
                     [lambda out=out, status=status: None if manifest(out)["status"] == "complete" and
                      manifest(out)["exit_code"] == status else f"manifest {manifest(out)}"])
        out = self.out()
        r = self.capture("-o", out, "os_exit.py")
        # os._exit skips every handler: the manifest keeps the state it had while running.
        self.row("capture: os._exit(5): status 5, capture marked incomplete", r, 5, None,
                 [lambda: None if (manifest(out)["status"], manifest(out)["reason"]) == ("incomplete", "running")
                  else f"manifest {manifest(out)}",
                  lambda: None if os.path.exists(os.path.join(out, "graphs", "0_0_0.json")) else "graph missing"])
        for sig, name, status in [(signal.SIGTERM, "SIGTERM", 128 + 15), (signal.SIGHUP, "SIGHUP", 128 + 1),
                                  (signal.SIGINT, "SIGINT", 128 + 2)]:
            out = self.out()
            p = subprocess.Popen([self.tool("dynx-capture"), "-o", out, "slow.py"], cwd=w, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
            line = p.stdout.readline()
            p.send_signal(sig)
            try:
                stdout, stderr = p.communicate(timeout=60)
            except subprocess.TimeoutExpired:
                p.kill()
                stdout, stderr = p.communicate()
            rc = -p.returncode + 128 if p.returncode < 0 else p.returncode
            result = subprocess.CompletedProcess(p.args, rc, line + stdout, stderr if sig != signal.SIGINT else "")
            want_reason = "interrupted" if sig == signal.SIGINT else f"terminated by {name}"

            def check(out=out, want_reason=want_reason):
                m = manifest(out)
                if (m["status"], m["reason"]) != ("incomplete", want_reason):
                    return f"manifest says {m['status']} / {m['reason']}"
                if not os.path.exists(os.path.join(out, "graphs", "0_0_0.json")):
                    return "the graph recorded before the signal is missing"
                if temp_files(out):
                    return f"temporary files left: {temp_files(out)}"
                return None
            self.row(f"capture: {name} in the middle: dies by it as python does; capture incomplete, graphs kept",
                     result, status, None, [check])
        # A full disk: a 40 KiB file size limit (SIGXFSZ ignored, so writes fail with EFBIG).
        out = self.out()
        r = run(["bash", "-c", f"trap '' XFSZ; ulimit -f 40; exec '{self.tool('dynx-capture')}' -o '{out}' "
                 f"'{ROOT}/samples/transformer_block.py'"], cwd=w)
        self.row("capture: a full disk: one error line, status 125, capture incomplete, no temporary files", r, 125,
                 r"dynx-capture: error: cannot write the capture: .*weights\.safetensors: File too large; "
                 r"recording is off, the capture is incomplete",
                 [lambda: None if manifest(out)["status"] == "incomplete" and
                  "File too large" in manifest(out)["reason"] else f"manifest {manifest(out)}",
                  lambda: f"temporary files left: {temp_files(out)}" if temp_files(out) else None])
        out = self.out()
        os.makedirs(out + "-parent")
        open(os.path.join(out + "-parent", "file"), "w").close()
        r = self.capture("-o", os.path.join(out + "-parent", "file"), "exit3.py")
        self.row("capture: -o names a file", r, 125, r"dynx-capture: error: .*file.*")

        # Concurrency and processes: output identical to python's, capture the original process's.
        for script, args, check_capture in [
                ("threads.py", [], lambda out: None),
                ("fork_miss.py", [], lambda out: None if sorted(os.listdir(os.path.join(out, "graphs"))) ==
                 ["0_0_0.json", "0_0_0.txt"] else f"graphs from the child: {os.listdir(os.path.join(out, 'graphs'))}"),
                ("loader.py", ["fork"], lambda out: None),
                ("loader.py", ["spawn"], lambda out: None),
                ("child_crash.py", [], lambda out: None)]:
            out = self.out()
            want = run([PYTHON, script, *args], cwd=w)
            got = self.capture("-o", out, script, *args)
            problems = []
            if (got.returncode, got.stdout) != (want.returncode, want.stdout):
                problems.append(f"python: {want.returncode} {want.stdout!r}\ndynx-capture: {got.returncode} "
                                f"{got.stdout!r}\n{got.stderr[-1500:]}")
            else:
                m = manifest(out)
                if m["status"] != "complete":
                    problems.append(f"manifest {m}")
                p = check_capture(out)
                if p:
                    problems.append(p)
                e = run([self.tool("dynx-explain"), "--json", out])
                if e.returncode != 0:
                    problems.append(f"dynx-explain: {e.stderr}")
            self.report.case(f"capture: {script} {' '.join(args)}: same output as python, a consistent capture",
                             problems)

    # ----- dynx-explain, dynx-guard-diff -----
    def report_rows(self):
        good = self.out()
        r = self.capture("-o", good, os.path.join(ROOT, "samples", "transformer_block.py"))
        assert r.returncode == 0, r.stderr

        def variant(change):
            d = self.out()
            shutil.copytree(good, d)
            change(d)
            return d

        def replace(path, text):
            if os.path.isdir(path):
                shutil.rmtree(path)
            else:
                os.remove(path)
            if text is not None:
                with open(path, "w") as f:
                    f.write(text)

        d = variant(lambda d: (os.remove(os.path.join(d, "frames.json")), os.makedirs(os.path.join(d, "frames.json"))))
        self.row("explain: frames.json is a directory", run([self.tool("dynx-explain"), d]), 2,
                 r"dynx-explain: error: .*frames\.json.*")
        d = variant(lambda d: replace(os.path.join(d, "breaks.json"), '{"schema": "dynx.breaks", "version": 99}'))
        self.row("explain: a newer breaks.json", run([self.tool("dynx-explain"), d]), 2,
                 r"dynx-explain: error: .*breaks\.json.*(newer|version).*")
        d = variant(lambda d: replace(os.path.join(d, "graphs", "0_0_0.json"), '{"schema": "dynx.graph", "vers'))
        self.row("aot: a truncated graph file", run([self.tool("dynx-aot"), d, "-o", os.path.join(d, "m.so")]), 2,
                 r"dynx-aot: error: .*0_0_0\.json.*")
        d = variant(lambda d: replace(os.path.join(d, "graphs", "0_0_0.json"), '{"schema": "dynx.graph", "version": 7}'))
        self.row("aot: a graph of a newer format", run([self.tool("dynx-aot"), d, "-o", os.path.join(d, "m.so")]), 2,
                 r"dynx-aot: error: .*0_0_0\.json.*")
        self.row("guard-diff: a missing directory", run([self.tool("dynx-guard-diff"), "/nonexistent", "0/0", "0/1"]),
                 2, r"dynx-guard-diff: error: .*/nonexistent.*")
        html = os.path.join(self.work, "no-such-dir", "r.html")
        self.row("explain --html into a missing directory", run([self.tool("dynx-explain"), "--html", html, good]), 2,
                 r"dynx-explain: error: .*r\.html.*")

        # dynx-run with corrupt inputs.
        model = os.path.join(self.work, "block.so")
        r = run([self.tool("dynx-aot"), good, "-o", model, "-q"])
        assert r.returncode == 0, r.stderr
        example = os.path.join(good, "examples", "0_0_0.safetensors")
        truncated = os.path.join(self.work, "truncated.safetensors")
        with open(example, "rb") as f:
            data = f.read()
        with open(truncated, "wb") as f:
            f.write(data[: len(data) // 2])
        self.row("run: truncated example safetensors", run([self.tool("dynx-run"), model, "--example", truncated]), 2,
                 r"dynx-run: error: .*truncated\.safetensors: truncated: .*")
        npy = os.path.join(self.work, "short.npy")
        with open(npy, "wb") as f:
            f.write(b"\x93NUMPY\x01\x00\x76\x00{'descr': '<f4', 'fortran_order': False, 'shape': (2, 8, 32), }" +
                    b" " * 50 + b"\n" + b"\x00" * 64)
        self.row("run: a truncated .npy", run([self.tool("dynx-run"), model, "--input", f"x={npy}"]), 2,
                 r"dynx-run: error: input 'x': .*short\.npy: truncated: .*")
        self.row("run: a file that is not a model", run([self.tool("dynx-run"), example]), 2,
                 r"dynx-run: error: cannot load .*")
        outdir = os.path.join(self.work, "full-out")
        os.makedirs(outdir)
        r = run(["bash", "-c", f"trap '' XFSZ; ulimit -f 1; exec '{self.tool('dynx-run')}' '{model}' --example "
                 f"'{example}' --output-dir '{outdir}'"])
        self.row("run: a full disk for the outputs: one error line, nothing half-written", r, 2,
                 r"dynx-run: error: .*output\.npy.*File too large.*",
                 [lambda: f"left: {os.listdir(outdir)}" if os.listdir(outdir) else None])
        aot_out = os.path.join(self.work, "aot-full")
        os.makedirs(aot_out)
        r = run(["bash", "-c", f"trap '' XFSZ; ulimit -f 20; exec '{self.tool('dynx-aot')}' '{good}' -o "
                 f"'{aot_out}/m.so' --weights external"])
        self.row("aot: a full disk: one error line (the compiler's complaint below it), nothing in the output "
                 "directory", r, 2, r"dynx-aot: error: (the C\+\+ compiler failed|cannot write|\S+: cannot write).*",
                 [lambda: f"left: {os.listdir(aot_out)}" if os.listdir(aot_out) else None,
                  lambda: None if "File too large" in r.stderr else "the cause is not named"])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="dynx-faults-")
    matrix = Matrix(os.path.abspath(args.bin), work)
    try:
        matrix.capture_rows()
        matrix.report_rows()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return matrix.report.finish()


if __name__ == "__main__":
    sys.exit(main())
