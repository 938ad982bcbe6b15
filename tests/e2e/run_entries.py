#!/usr/bin/env python3
"""End-to-end test of a model.so holding several cache entries of one frame.

A scorer called with batch 1, then 4 and 7 records two entries under the
frame hook, as under torch.compile: 0/0 for batch 1 (sizes 0 and 1 are
specialised) and 0/1 with a dynamic batch (from 2). `dynx-aot --graph
0/0/0,0/1/0` compiles both into one model.so that runs the first entry
whose input checks accept a call's inputs:

- --verify runs each entry's recorded examples; model.json lists both
  entries and validates against schemas/model.schema.json; the signature
  says what they share (the batch size is null: it differs);
- batch 1 runs entry 0 and every batch from 2 to the --dynamic maximum runs
  entry 1 (dynx-run says which, in text and --json), each equal to eager
  PyTorch on the same weights; `import dynx` calls it the same way;
- inputs no entry accepts fail with one line naming each entry's refusal;
- in the other order, with the dynamic entry's range opened to 1, that
  entry also serves batch 1 (--verify says whose examples ran where);
- mistakes are one error line before any compiling: graphs of another
  frame that take other inputs, a graph given twice, a --dynamic range no
  entry has dynamic.

usage: run_entries.py --bin BUILD/bin
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import jsonschema
import numpy as np
import torch

from report import Report

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
import dynx  # noqa: E402

MODEL = '''
import torch

torch.manual_seed(0)


class Scorer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(8, 16)
        self.norm = torch.nn.LayerNorm(16)
        self.fc2 = torch.nn.Linear(16, 3)

    def forward(self, x):
        h = torch.relu(self.norm(self.fc1(x)))
        return self.fc2(h).softmax(-1)


model = Scorer().eval()
'''

CALLS = '''
compiled = torch.compile(model)
with torch.no_grad():
    for batch in (1, 4, 7):
        compiled(torch.randn(batch, 8))
'''

TOP = 16  # the --dynamic maximum of the batch


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    tool = lambda name: os.path.join(os.path.abspath(args.bin), name)  # noqa: E731
    report = Report()
    work = tempfile.mkdtemp(prefix="dynx-entries-test-")
    try:
        script = os.path.join(work, "scorer.py")
        with open(script, "w") as f:
            f.write(MODEL + CALLS)
        capture = os.path.join(work, "cap")
        r = run([tool("dynx-capture"), "-o", capture, script])
        if r.returncode != 0:
            report.case("capture", [r.stderr])
            return report.finish()
        scope = {}
        exec(MODEL, scope)  # the same weights, from the same seed
        model = scope["model"]

        # --- one model, two entries, verified on each entry's examples ---
        out = os.path.join(work, "out", "scorer.so")
        r = run([tool("dynx-aot"), capture, "--graph", "0/0/0,0/1/0", "--dynamic", f"x:0=2..{TOP}", "-o", out,
                 "--verify"])
        problems = []
        if r.returncode != 0:
            problems.append(f"exit {r.returncode}: {r.stderr}")
        if "; 2 entries, graphs 0/0/0, 0/1/0:" not in r.stdout:
            problems.append(f"the summary line: {r.stdout}")
        for graph in ("0/0/0", "0/1/0"):
            if not re.search(rf"verify: graph {graph} output '\S+' float32 \[\d+, ?3\]: (bitwise equal|max abs error)",
                             r.stdout):
                problems.append(f"no verify line of graph {graph}: {r.stdout}")
        if "s0 (L['x'].size()[0]) takes sizes 2..16" not in r.stderr:
            problems.append(f"the range note: {r.stderr}")
        report.case("dynx-aot --graph A,B --verify: one model.so, each entry verified", problems)
        if r.returncode != 0:
            return report.finish()

        problems = []
        with open(os.path.join(ROOT, "schemas", "model.schema.json")) as f:
            schema = json.load(f)
        with open(out[:-3] + ".json") as f:
            manifest = json.load(f)
        try:
            jsonschema.validate(manifest, schema)
        except jsonschema.ValidationError as e:
            problems.append(f"model.json: {e.message}")
        entries = manifest.get("entries", [])
        if [e["graph"] for e in entries] != ["0/0/0", "0/1/0"]:
            problems.append(f"entries: {entries}")
        else:
            if entries[0]["signature"]["inputs"][0]["shape"] != [1, 8] or \
                    entries[1]["signature"]["inputs"][0]["shape"] != ["s0", 8]:
                problems.append(f"entry shapes: {[e['signature']['inputs'] for e in entries]}")
            if manifest["operators"]["total"] != sum(e["operators"]["total"] for e in entries):
                problems.append(f"operators: {manifest['operators']}")
        sig = manifest["signature"]
        if sig["inputs"][0]["name"] != "x" or sig["inputs"][0]["shape"] != [None, 8] or \
                [e["graph"] for e in sig.get("entries", [])] != ["0/0/0", "0/1/0"]:
            problems.append(f"signature: {sig}")
        if entries and entries[1]["signature"]["symbols"][0]["max"] != TOP:
            problems.append(f"entry 1's range: {entries[1]['signature']['symbols']}")
        report.case("model.json: both entries, their signatures, the shared one", problems)

        # --- which entry runs: dynx-run ---
        problems = []
        for batch, entry in ((1, 0), (2, 1), (5, 1), (TOP, 1)):
            x = torch.randn(batch, 8)
            npy = os.path.join(work, f"x{batch}.npy")
            np.save(npy, x.numpy())
            outdir = os.path.join(work, f"run{batch}")
            r = run([tool("dynx-run"), out, "--input", f"x={npy}", "--output-dir", outdir, "--json"])
            if r.returncode != 0:
                problems.append(f"batch {batch}: exit {r.returncode}: {r.stderr}")
                continue
            result = json.loads(r.stdout)
            if result.get("entry") != {"index": entry, "graph": ["0/0/0", "0/1/0"][entry]}:
                problems.append(f"batch {batch}: entry {result.get('entry')}, expected {entry}")
            got = np.load(result["outputs"][0]["file"])
            with torch.no_grad():
                want = model(x).numpy()
            if got.shape != want.shape or not np.allclose(got, want, atol=1e-5, rtol=1e-4):
                problems.append(f"batch {batch}: output differs from eager PyTorch")
        text = run([tool("dynx-run"), out, "--input", f"x={os.path.join(work, 'x1.npy')}"])
        if "entry 0 of 2 ran (graph 0/0/0)" not in text.stdout:
            problems.append(f"text output: {text.stdout}")
        report.case("dynx-run: batch 1 runs entry 0, batches 2..16 entry 1, equal to eager", problems)

        # --- no entry accepts: one line with each refusal ---
        problems = []
        for name, shape, why in (("batch past the range", (TOP + 1, 8), r"outside the range 2\.\.16"),
                                 ("other features", (3, 9), r"size mismatch at dim 1")):
            npy = os.path.join(work, "bad.npy")
            np.save(npy, np.zeros(shape, dtype=np.float32))
            r = run([tool("dynx-run"), out, "--input", f"x={npy}"])
            lines = r.stderr.strip().splitlines()
            if r.returncode != 1 or len(lines) != 1 or not re.fullmatch(
                    r"dynx-run: error: no entry of the model accepts the inputs: entry 0 \(graph 0/0/0\): .*; "
                    rf"entry 1 \(graph 0/1/0\): .*{why}.*", lines[0]):
                problems.append(f"{name}: exit {r.returncode}: {r.stderr}")
        report.case("inputs no entry accepts: one line naming each entry's refusal", problems)

        # --- import dynx ---
        problems = []
        m = dynx.load(out)
        if m.entries != ["0/0/0", "0/1/0"] or m.inputs[0].shape != (None, 8):
            problems.append(f"signature: {m.entries} {m.inputs}")
        for batch in (1, 3, TOP):
            x = torch.randn(batch, 8)
            with torch.no_grad():
                want = model(x)
            got = m(x)
            if not torch.allclose(got, want, atol=1e-5, rtol=1e-4):
                problems.append(f"batch {batch}: differs from eager")
        try:
            m(torch.zeros(TOP + 1, 8))
            problems.append("a batch past the range ran")
        except dynx.InputError as e:
            if "no entry of the model accepts the inputs" not in str(e):
                problems.append(f"message: {e}")
        report.case("import dynx: one callable over both entries", problems)

        # --- an earlier entry that accepts a later one's examples runs them, and --verify says so ---
        # The dynamic entry first, its range opened down to 1: it takes batch 1 too.
        problems = []
        out2 = os.path.join(work, "out", "dynamic_first.so")
        r = run([tool("dynx-aot"), capture, "--graph", "0/1/0,0/0/0", "--dynamic", "x:0=1..16", "-o", out2,
                 "--verify"])
        if r.returncode != 0 or "verify: graph 0/0/0's examples ran on entry 0 (graph 0/1/0), the first whose " \
                "input checks accept them" not in r.stdout.replace("\n", " ") or \
                not re.search(r"verify: graph 0/0/0 output '\S+' float32 \[1, ?3\]: (bitwise equal|.*within)", r.stdout):
            problems.append(f"exit {r.returncode}: {r.stdout} {r.stderr}")
        report.case("an earlier entry that accepts a later one's examples runs them; --verify says so", problems)

        # --- mistakes: one line, before any compiling ---
        problems = []
        bad_out = os.path.join(work, "bad", "m.so")
        breaks = os.path.join(work, "breaks")
        r = run([tool("dynx-capture"), "-o", breaks, os.path.join(ROOT, "samples", "graph_breaks.py")])
        for name, argv, pattern in (
                ("graphs that take other inputs", [breaks, "--graph", "0/0/0", "--graph", "0/0/1"],
                 r"graphs 0/0/0 and 0/0/1 take different inputs, \(.*\) and \(.*\): the entries of one model take "
                 r"the same inputs"),
                ("a graph given twice", [capture, "--graph", "0/0/0,0/0/0"], r"--graph 0/0/0 is given twice"),
                ("an empty id", [capture, "--graph", "0/0/0,"], r"--graph 0/0/0,: an empty graph id"),
                ("a range no entry has dynamic", [capture, "--graph", "0/0/0,0/1/0", "--dynamic", "x:1=2..4"],
                 r"--dynamic x:1=2\.\.4: dimension 1 of 'x' is dynamic in none of the entries "
                 r"\(graphs 0/0/0, 0/1/0\)")):
            r = run([tool("dynx-aot"), *argv, "-o", bad_out])
            lines = r.stderr.strip().splitlines()
            if r.returncode != 2 or len(lines) != 1 or not re.fullmatch("dynx-aot: error: " + pattern, lines[0]):
                problems.append(f"{name}: exit {r.returncode}: {r.stderr}")
        if os.path.exists(os.path.dirname(bad_out)):
            problems.append(f"a failed build left {os.path.dirname(bad_out)}")
        report.case("mistakes with several graphs: one error line, nothing written", problems)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
