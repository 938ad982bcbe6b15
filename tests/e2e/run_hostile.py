#!/usr/bin/env python3
"""End-to-end tests of hostile and malformed captures and inputs (issue 14):
each must give one clear error line and the documented exit status, never a
signal, a hang, a read outside a file, or terminal control sequences.

- weights: a storage shaped [N, 0] backing a weight, a layout too large to
  address (dynx-aot);
- a size expression dividing by zero (dynx-aot);
- JSON nested 100,000 deep in a graph argument and in a guard (dynx-aot,
  dynx-explain text, --json and --html, dynx-guard-diff);
- FIFOs as a graph, a manifest, a capture's frames.json or an .npy input;
- escape sequences and newlines in names from a capture (text report, errors);
- dynx-run --threads out of range; malformed .npy shapes; guard-diff input
  descriptions that are not tensors;
- a script in a directory whose name is not UTF-8;
- two captures into one directory at once.

Every case that fails before compiling, so the whole file runs in about a
minute (one small capture).

usage: run_hostile.py --bin BUILD/bin
"""
import argparse
import json
import os
import re
import shutil
import struct
import subprocess
import sys
import tempfile
import time

from report import Report

PROGRAM = """\
import torch
class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 3)
    def forward(self, x):
        return torch.relu(self.fc(x)).view(3, 2)
f = torch.compile(M())
f(torch.randn(2, 4))
"""

BREAK_PROGRAM = """\
import torch
@torch.compile
def f(x):
    x = x + 1
    print("a graph break")
    return x * 2
f(torch.randn(2))
"""

SLOW_PROGRAM = "import time\ntime.sleep(6)\n"

DEEP = 100000
ESC = "\x1b"
LIMIT_S = 60  # a case that runs longer hangs


def run(argv, **kw):
    try:
        return subprocess.run(argv, capture_output=True, timeout=LIMIT_S, **kw)
    except subprocess.TimeoutExpired:
        return None


def deep_list():
    """A JSON value nested DEEP lists deep, as text."""
    return "[" * DEEP + "]" * DEEP


class Suite:
    def __init__(self, bindir, work):
        self.bin = bindir
        self.work = work
        self.report = Report()
        script = os.path.join(work, "prog.py")
        with open(script, "w") as f:
            f.write(PROGRAM)
        self.capture = os.path.join(work, "capture")
        r = subprocess.run([self.tool("dynx-capture"), "-o", self.capture, script], capture_output=True, text=True)
        if r.returncode != 0:
            raise RuntimeError(f"dynx-capture failed: {r.stderr}")
        self.out_dir = os.path.join(work, "out")
        os.makedirs(self.out_dir)

    def tool(self, name):
        return os.path.join(self.bin, name)

    def variant(self, name, change):
        copy = os.path.join(self.work, "variants", name)
        shutil.copytree(self.capture, copy)
        change(copy)
        return copy

    def expect(self, name, argv, status, pattern, stdin=None):
        """One error line on stderr matching `pattern`, exit `status`, nothing left in out/."""
        r = run(argv, stdin=stdin)
        problems = []
        if r is None:
            self.report.case(name, [f"still running after {LIMIT_S} s: {argv}"])
            return
        err = r.stderr.decode("utf-8", "replace")
        lines = err.splitlines()
        if r.returncode != status:
            problems.append(f"exit {r.returncode}, wanted {status}: {err[-2000:]}")
        if len(lines) != 1 or not re.fullmatch(pattern, lines[0]):
            problems.append(f"stderr {err[-2000:]!r} is not one line matching {pattern!r}")
        if ESC.encode() in r.stderr + r.stdout:
            problems.append("an escape character reached the terminal")
        left = os.listdir(self.out_dir)
        if left:
            problems.append(f"left behind: {left}")
            for f in left:
                path = os.path.join(self.out_dir, f)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)
        self.report.case(name, problems)

    def aot(self, directory):
        return [self.tool("dynx-aot"), directory, "-o", os.path.join(self.out_dir, "model.so")]

    # ----- weights -----
    def weights(self):
        def empty_storage(d):
            # The storage behind fc.weight claims shape [12, 0]: no bytes.
            path = os.path.join(d, "weights.safetensors")
            with open(path, "rb") as f:
                data = f.read()
            (length,) = struct.unpack("<Q", data[:8])
            header = json.loads(data[8:8 + length])
            entry = header["storage0"]
            entry["shape"] = [12, 0]
            entry["data_offsets"] = [entry["data_offsets"][0]] * 2
            text = json.dumps(header).encode()
            text += b" " * ((8 - len(text) % 8) % 8)
            with open(path, "wb") as f:
                f.write(struct.pack("<Q", len(text)) + text + data[8 + length:])

        def huge_layout(d):
            path = os.path.join(d, "weights.json")
            with open(path) as f:
                index = json.load(f)
            index["tensors"]["fc.weight"]["shape"] = [2**62 + 1, 32]
            index["tensors"]["fc.weight"]["stride"] = [32, 1]
            with open(path, "w") as f:
                json.dump(index, f)

        self.expect("a weight over a storage of no bytes is refused, not read past the file",
                    self.aot(self.variant("empty_storage", empty_storage)), 2,
                    r"dynx-aot: error: weight 'fc\.weight' reads element 11 of storage 'storage0', which has 0 "
                    r"\(weights file truncated or not this capture's\)")
        self.expect("a weight layout too large to address is refused (no overflow)",
                    self.aot(self.variant("huge_layout", huge_layout)), 2,
                    r"dynx-aot: error: .*weights\.json: weight 'fc\.weight' has a layout too large to address .*")

    # ----- graphs -----
    def graph_edit(self, name, change):
        """A copy of the capture whose graph went through change(graph dict); a string
        value "DEEP" in it becomes a list nested DEEP deep."""
        def edit(d):
            path = os.path.join(d, "graphs", "0_0_0.json")
            with open(path) as f:
                graph = json.load(f)
            change(graph)
            with open(path, "w") as f:
                f.write(json.dumps(graph).replace('"DEEP"', deep_list()))
        return self.variant(name, edit)

    @staticmethod
    def node(graph, op):
        return next(n for n in graph["nodes"] if n["op"] == op)

    def graphs(self):
        for name, expr in (("divzero", "16 // 0"), ("modzero", "16 % (2-2)")):
            def change(g, expr=expr):
                self.node(g, "aten::view.default")["args"][1] = [{"sym": expr}, 2]
            self.expect(f"a size expression {expr} is refused at export", self.aot(self.graph_edit(name, change)), 2,
                        r"dynx-aot: error: cannot export graph 0/0/0: .*size expression '" + re.escape(expr) +
                        r"': division by zero")

        def other_frame(g):  # as if another capture had written this graph file
            g["frame"]["function"] = "other_program_fn"
        self.expect("dynx-explain: a directory holding another capture's graph file is refused as mixed",
                    [self.tool("dynx-explain"), self.graph_edit("mixed", other_frame)], 2,
                    r"dynx-explain: error: .* mixes captures: graph file 0/0/0 holds graph 0/0/0 of "
                    r"other_program_fn .*but frames\.json lists it under .*")
        self.expect("dynx-aot: a directory holding another capture's graph file is refused as mixed, not compiled",
                    self.aot(self.graph_edit("mixed_aot", other_frame)), 2,
                    r"dynx-aot: error: .* mixes captures: graph file 0/0/0 holds graph 0/0/0 of "
                    r"other_program_fn .*but frames\.json lists it under .*")

        def on_cuda(g):
            for spec in g["inputs"]:
                spec["meta"]["device"] = "cuda:0"
        cuda = self.graph_edit("cuda", on_cuda)
        self.expect("dynx-aot: a graph captured on cuda:0 is refused, not silently compiled for the CPU",
                    self.aot(cuda), 2,
                    r"dynx-aot: error: graph 0/0/0 was captured on cuda:0; dynx-aot compiles for the CPU only: "
                    r"pass --device cpu to compile it for the CPU")
        r = run([self.tool("dynx-aot"), cuda, "-o", os.path.join(self.work, "cuda_on_cpu.cpp"), "--device", "cpu",
                 "--stop-after", "codegen"])
        err = r.stderr.decode("utf-8", "replace") if r is not None else ""
        self.report.case("dynx-aot --device cpu compiles a graph captured on cuda:0 for the CPU, saying so",
                         [] if r is not None and r.returncode == 0 and "compiled for the CPU (--device cpu)" in err
                         and " for cpu: " in r.stdout.decode("utf-8", "replace")
                         else [f"{r and r.returncode}: {err[-1500:]}"])

        def wrapper_subclass(g):
            g["inputs"][0]["meta"]["subclass"] = "Float8Tensor"
        self.expect("dynx-aot: a graph taking a wrapper tensor subclass is refused by name, not compiled as plain",
                    self.aot(self.graph_edit("subclass", wrapper_subclass)), 2,
                    r"dynx-aot: error: graph 0/0/0: input \S+ is a Float8Tensor \(a tensor subclass with "
                    r"__torch_dispatch__\), whose operators are Python code: dynx-aot compiles graphs of plain "
                    r"tensors only")

        def deep_argument(g):
            self.node(g, "aten::view.default")["args"][1] = "DEEP"
        deep = self.graph_edit("deep_graph", deep_argument)
        self.expect("dynx-aot: a graph argument nested 100,000 deep", self.aot(deep), 2,
                    r"dynx-aot: error: while reading graph .*: JSON nested more than 512 levels deep")
        for mode in ([], ["--json"], ["--html", os.path.join(self.work, "report.html")]):
            self.expect(f"dynx-explain {' '.join(mode[:1]) or 'text'}: a graph nested 100,000 deep",
                        [self.tool("dynx-explain"), *mode, deep], 2,
                        r"dynx-explain: error: .*JSON nested more than 512 levels deep")

        def deep_guard(d):
            path = os.path.join(d, "frames.json")
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(text.replace('"kind": "TYPE_MATCH"', '"deep": ' + deep_list() + ', "kind": "TYPE_MATCH"', 1))
        guards = self.variant("deep_guard", deep_guard)
        for mode in ([], ["--json"], ["--html", os.path.join(self.work, "report.html")]):
            self.expect(f"dynx-explain {' '.join(mode[:1]) or 'text'}: a guard nested 100,000 deep",
                        [self.tool("dynx-explain"), *mode, guards], 2,
                        r"dynx-explain: error: .*frames\.json: JSON nested more than 512 levels deep")
        self.expect("dynx-guard-diff: a guard nested 100,000 deep",
                    [self.tool("dynx-guard-diff"), guards, "0/0", "0/0"], 2,
                    r"dynx-guard-diff: error: .*frames\.json: JSON nested more than 512 levels deep")

        def attribute_walk(g):
            self.node(g, "aten::relu.default")["op"] = "aten::__class__.__name__"
        self.expect("dynx-aot: an operator name that walks attributes is an operator torch lacks",
                    self.aot(self.graph_edit("attribute_walk", attribute_walk)), 2,
                    r"dynx-aot: error: operator aten::__class__\.__name__ does not exist in torch \S+ "
                    r"\(captured with torch \S+\)")

    # ----- FIFOs -----
    def fifos(self):
        fifo = os.path.join(self.work, "fifo.json")
        os.mkfifo(fifo)
        self.expect("dynx-aot: a FIFO as the graph", self.aot(fifo), 2, r"dynx-aot: error: .*fifo\.json: not a regular file")

        def manifest_fifo(d):
            os.remove(os.path.join(d, "manifest.json"))
            os.mkfifo(os.path.join(d, "manifest.json"))
        capture = self.variant("fifo_manifest", manifest_fifo)
        self.expect("dynx-aot: a FIFO as the manifest", self.aot(capture), 2,
                    r"dynx-aot: error: .*manifest\.json: not a regular file")
        self.expect("dynx-explain: a FIFO as the manifest", [self.tool("dynx-explain"), capture], 2,
                    r"dynx-explain: error: .*manifest\.json: not a regular file")

        def frames_fifo(d):
            os.remove(os.path.join(d, "frames.json"))
            os.mkfifo(os.path.join(d, "frames.json"))
        capture = self.variant("fifo_frames", frames_fifo)
        self.expect("dynx-guard-diff: a FIFO as frames.json", [self.tool("dynx-guard-diff"), capture, "0/0", "0/0"], 2,
                    r"dynx-guard-diff: error: .*frames\.json: not a regular file")
        npy = os.path.join(self.work, "fifo.npy")
        os.mkfifo(npy)
        self.expect("dynx-run: a FIFO as an .npy input",
                    [self.tool("dynx-run"), os.path.join(self.work, "missing.so"), "--input", "x=" + npy], 2,
                    r"dynx-run: error: input 'x': .*fifo\.npy: not a regular file")
        self.expect("dynx-run: a FIFO as the model", [self.tool("dynx-run"), fifo], 2,
                    r"dynx-run: error: .*fifo\.json: not a regular file, not a model\.so")

        # A source file that breaks.json names, replaced by a FIFO: the report
        # shows no lines from it instead of waiting for a writer.
        script = os.path.join(self.work, "breaks.py")
        with open(script, "w") as f:
            f.write(BREAK_PROGRAM)
        capture = os.path.join(self.work, "breaks")
        r = run([self.tool("dynx-capture"), "-o", capture, script])
        problems = [] if r is not None and r.returncode == 0 else [f"dynx-capture: {r and r.stderr}"]
        os.remove(script)
        os.mkfifo(script)
        r = run([self.tool("dynx-explain"), "--color", "never", capture])
        if r is None:
            problems.append(f"dynx-explain still running after {LIMIT_S} s")
        elif r.returncode != 0 or b"1 graph break" not in r.stdout and b"graph breaks      1" not in r.stdout:
            problems.append(f"dynx-explain: exit {r.returncode}: {r.stdout[-2000:]} {r.stderr[-2000:]}")
        self.report.case("dynx-explain: a FIFO as a source file the report would quote", problems)

    # ----- escapes -----
    def escapes(self):
        name = "aten::evil\x1b]0;owned\x07\x1b[2J\nFAKE: all good.default"

        def hostile_op(g):
            self.node(g, "aten::relu.default")["op"] = name
        capture = self.graph_edit("escapes", hostile_op)
        r = run([self.tool("dynx-explain"), "--color", "never", capture])
        problems = []
        if r is None or r.returncode != 0:
            problems.append(f"dynx-explain failed: {r and r.stderr}")
        else:
            out = r.stdout.decode("utf-8", "replace")
            if ESC in out or "\x07" in out:
                problems.append("an escape sequence from the capture reached the text report")
            if any(line.startswith("FAKE: all good") for line in out.splitlines()):
                problems.append("a newline in a name started a line of the report")
            if "aten::evil\\x1b]0;owned\\x07\\x1b[2J\\nFAKE: all good.default" not in out:
                problems.append(f"the name is not shown escaped: {out[:3000]}")
        self.report.case("dynx-explain: escape sequences and newlines in names are shown escaped", problems)
        self.expect("dynx-aot: an error naming a hostile operator is one escaped line", self.aot(capture), 2,
                    r"dynx-aot: error: .*aten::evil\\x1b\]0;owned\\x07\\x1b\[2J\\nFAKE: all good\.default.*")
        # dynx-capture's own warnings name the program's functions.
        script = os.path.join(self.work, "evil_name.py")
        with open(script, "w") as f:
            f.write("import torch\nimport torch._dynamo\ntorch._dynamo.config.recompile_limit = 1\n"
                    "def f(x):\n    return x + 1\n"
                    "f.__code__ = f.__code__.replace(co_name='evil\\x1b[2J', co_qualname='evil\\x1b[2J\\nFAKE')\n"
                    "g = torch.compile(f)\ng(torch.ones(2))\ng(torch.ones(3, dtype=torch.float64))\n")
        r = run([self.tool("dynx-capture"), "-o", os.path.join(self.work, "evil_name"), script])
        err = r.stderr.decode("utf-8", "replace") if r is not None else ""
        problems = [] if r is not None and r.returncode == 0 and "hit the cache limit" in err else [f"{r and r.returncode} {err}"]
        if ESC in err or any(line.startswith("FAKE") for line in err.splitlines()):
            problems.append(f"dynx-capture's warning printed a program's name raw: {err!r}")
        self.report.case("dynx-capture: a function name with escapes and newlines is escaped in its warnings", problems)

    # ----- options and inputs -----
    def options(self):
        model = os.path.join(self.work, "missing.so")
        self.expect("dynx-run --threads 100000 is refused", [self.tool("dynx-run"), model, "--threads", "100000"], 2,
                    r"dynx-run: error: --threads needs a number from 1 to 1024")
        for shape, label in (("(-2, 8, 32)", "a negative size"), ("(2.0, 8, 32)", "a float size")):
            path = os.path.join(self.work, "shape.npy")
            header = "{'descr': '<f4', 'fortran_order': False, 'shape': " + shape + ", }"
            header += " " * ((64 - (10 + len(header) + 1) % 64) % 64) + "\n"
            with open(path, "wb") as f:
                f.write(b"\x93NUMPY\x01\x00" + struct.pack("<H", len(header)) + header.encode() + b"\0" * 2048)
            self.expect(f".npy with {label} in its shape is malformed",
                        [self.tool("dynx-run"), model, "--input", "x=" + path], 2,
                        r"dynx-run: error: input 'x': .*shape\.npy: malformed header: the shape "
                        + re.escape(shape) + r" is not a tuple of sizes")
        for value, pattern in (("x=float32[-1,2]", r"'x=float32\[-1,2\]': '-1' is not a size"),
                               ("x=flaot32[2]", r"'x=flaot32\[2\]': unknown dtype 'flaot32' .*")):
            self.expect(f"dynx-guard-diff --inputs {value} is refused",
                        [self.tool("dynx-guard-diff"), self.capture, "0/0", "--inputs", value], 2,
                        r"dynx-guard-diff: error: .*" + pattern)

    # ----- a script in a directory whose name is not UTF-8 -----
    def latin1(self):
        directory = os.path.join(os.fsencode(self.work), b"caf\xe9")
        os.makedirs(directory)
        script = os.path.join(directory, b"p.py")
        with open(script, "w") as f:
            f.write("print('ran')\n")
        problems = []
        for argv in ([], ["-o", os.path.join(self.work, "latin1")]):
            r = run([self.tool("dynx-capture"), *argv, script])
            if r is None or r.returncode != 0 or r.stdout != b"ran\n":
                problems.append(f"dynx-capture {argv}: {r and r.returncode} {r and r.stderr}")
        try:
            with open(os.path.join(self.work, "latin1", "manifest.json")) as f:
                if json.load(f)["status"] != "complete":
                    problems.append("the manifest is not complete")
        except (OSError, ValueError) as e:
            problems.append(f"no readable manifest: {e}")
        self.report.case("a script in a latin-1 directory runs under dynx-capture as under python", problems)
        # Recorded, with a graph break, then reported: the recorder starts in
        # such a directory (its -o inside it too) and writes valid JSON.
        compiled = os.path.join(directory, b"c.py")
        with open(compiled, "w") as f:
            f.write("import torch\n@torch.compile\ndef f(x):\n    print('hi')\n    return x + 1\nf(torch.ones(2))\n")
        out = os.path.join(directory, b"out")
        problems = []
        r = run([self.tool("dynx-capture"), "-o", out, compiled])
        if r is None or r.returncode != 0 or b"recording is off" in (r.stderr or b""):
            problems.append(f"dynx-capture: {r and r.returncode} {r and r.stderr[-600:]}")
        r = run([self.tool("dynx-explain"), "--json", out])
        try:
            report = json.loads(r.stdout) if r is not None and r.returncode == 0 else None
            if report is None or report["summary"]["graphs"] != 1 or report["summary"]["graph_breaks"] != 1:
                problems.append(f"dynx-explain: {r and r.returncode} {r and r.stderr[-600:]} {r and r.stdout[:300]}")
        except (ValueError, KeyError) as e:
            problems.append(f"dynx-explain --json: {e}")
        self.report.case("a capture made in a latin-1 directory is written and reported", problems)

    # ----- one capture directory, two captures -----
    def concurrent(self):
        script = os.path.join(self.work, "slow.py")
        with open(script, "w") as f:
            f.write(SLOW_PROGRAM)
        directory = os.path.join(self.work, "shared")
        first = subprocess.Popen([self.tool("dynx-capture"), "-o", directory, script],
                                 stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        deadline = time.time() + 30
        while not os.path.exists(os.path.join(directory, "manifest.json")) and time.time() < deadline:
            time.sleep(0.1)
        second = run([self.tool("dynx-capture"), "-o", directory, script])
        out, err = first.communicate(timeout=LIMIT_S)
        problems = []
        if first.returncode != 0:
            problems.append(f"the first capture failed: {err}")
        if second is None or second.returncode != 125 or not re.fullmatch(
                r"dynx-capture: error: .*shared: another dynx-capture is writing into it .*\n",
                second.stderr.decode()):
            problems.append(f"the second capture was not refused: {second and second.returncode} "
                            f"{second and second.stderr}")
        with open(os.path.join(directory, "manifest.json")) as f:
            if json.load(f)["status"] != "complete":
                problems.append("the first capture's manifest is not complete")
        self.report.case("a second capture into a directory in use is refused", problems)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="dynx-hostile-test-")
    try:
        suite = Suite(os.path.abspath(args.bin), work)
        for step in ("weights", "graphs", "fifos", "escapes", "options", "latin1", "concurrent"):
            getattr(suite, step)()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return suite.report.finish()


if __name__ == "__main__":
    sys.exit(main())
