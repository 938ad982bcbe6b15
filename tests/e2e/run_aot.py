#!/usr/bin/env python3
"""End-to-end tests of dynx-aot and dynx-run on real captures.

- every graph of every sample and real model (tiny GPT-2 and BERT from
  transformers configs, CNNs, an MLP training loop) is exported and checked
  with --verify against the capture's recorded outputs; model.json validates
  against schemas/model.schema.json;
- a dynamic graph runs at sizes it was never captured at, checked against
  the same operators replayed by torch;
- the documented ctypes and C snippets (samples/deploy/) run a model;
- dynx-run: .npy in and out, --bench, --json, bad inputs named in the error;
- hostile names from the capture never reach the generated C++ unescaped;
- bad input: a missing operator, another torch version, missing or truncated
  weights, unwritable output, a missing or broken compiler: one error line,
  the documented exit status, nothing half-written.

usage: run_aot.py --bin BUILD/bin [--only STEP[,STEP...]]
"""
import argparse
import glob
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
import replay

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
import dynx_capture_files as files  # noqa: E402

SCRIPTS = sorted(glob.glob(os.path.join(ROOT, "samples", "*.py"))) + \
    sorted(glob.glob(os.path.join(ROOT, "tests", "models", "*.py"))) + \
    [os.path.join(ROOT, "tests", "aot", "views_and_limits.py"), os.path.join(ROOT, "tests", "aot", "native_ops.py")]


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def leftovers(directory):
    """Files a failed dynx-aot must not leave behind."""
    return sorted(f for f in os.listdir(directory) if ".dynx-" in f or f.endswith((".so", ".json", ".tmp")))


class Suite:
    def __init__(self, bindir, work):
        self.bin = bindir
        self.work = work
        self.report = Report()
        with open(os.path.join(ROOT, "schemas", "model.schema.json")) as f:
            self.schema = json.load(f)
        self.captures = {}

    def tool(self, name):
        return os.path.join(self.bin, name)

    def capture(self, script):
        name = os.path.splitext(os.path.basename(script))[0]
        if name not in self.captures:
            directory = os.path.join(self.work, "captures", name)
            r = run([self.tool("dynx-capture"), "-o", directory, script], cwd=ROOT)
            if r.returncode != 0:
                raise RuntimeError(f"dynx-capture {name} failed: {r.stderr}")
            self.captures[name] = directory
        return self.captures[name]

    def aot(self, *args):
        # The libtorch backend unless a step names one: most steps test what
        # that backend promises (bitwise results, libtorch in a bundle); the
        # native step tests auto, the default, and native.
        return run([self.tool("dynx-aot"), *args, *([] if "--backend" in args else ["--backend", "libtorch"])])

    # ----- every graph of every sample and model -----
    def export_all(self):
        for script in SCRIPTS:
            name = os.path.splitext(os.path.basename(script))[0]
            problems = []
            try:
                directory = self.capture(script)
            except RuntimeError as e:
                self.report.case(f"export {name}", [str(e)])
                continue
            for path in sorted(glob.glob(os.path.join(directory, "graphs", "*.json"))):
                stem = os.path.basename(path)[:-5]
                gid = stem.replace("_", "/")
                out = os.path.join(self.work, "models", f"{name}-{stem}.so")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                r = self.aot(directory, "--graph", gid, "-o", out, "--verify")
                lines = r.stdout.splitlines()
                verify = [l for l in lines if l.startswith("verify:")]
                if r.returncode != 0:
                    problems.append(f"graph {gid}: exit {r.returncode}: {r.stderr.strip()}")
                    continue
                if not verify:
                    problems.append(f"graph {gid}: no verify lines: {r.stdout}")
                for line in verify:
                    if not ("bitwise equal" in line or "within tolerance" in line or "random operator" in line):
                        problems.append(f"graph {gid}: {line}")
                with open(out[:-3] + ".json") as f:
                    model = json.load(f)
                try:
                    jsonschema.validate(model, self.schema)
                except jsonschema.ValidationError as e:
                    problems.append(f"graph {gid}: model.json: {e.message}")
                if model.get("device") != "cpu" or not re.search(r"^dynx-aot: wrote .* for cpu; graph ", r.stdout, re.M):
                    problems.append(f"graph {gid}: device not stated as cpu in model.json ({model.get('device')!r}) "
                                    f"and the summary line: {r.stdout[:300]!r}")
                if model["operators"]["total"] != model["operators"]["typed"] + model["operators"]["dispatcher"]:
                    problems.append(f"graph {gid}: operator counts do not add up: {model['operators']}")
            self.report.case(f"export and --verify every graph of {name}", problems)

    # ----- the native backend -----
    # Graphs the native backend must compile (--backend auto picks it): the
    # coverage it has, so that a lost operator shows here.
    NATIVE_REQUIRED = {("transformer_block", "0/0/0"), ("tiny_bert", "0/0/0"), ("bert_batches", "0/0/0"),
                       ("bert_batches", "0/1/0"), ("gpt2_growing", "0/0/0"), ("gpt2_growing", "0/1/0"),
                       ("tiny_gpt2", "0/0/0"), ("small_cnn", "0/0/0"), ("cnn_batches", "0/0/0"),
                       ("cnn_batches", "0/1/0"), ("cnn_auto", "0/1/0"), ("views_and_limits", "0/0/0"),
                       ("native_ops", "0/0/0"), ("tiny_vit", "0/0/0"), ("tiny_convnext", "0/0/0"),
                       ("lstm_step", "0/0/0")}

    def native(self):
        chosen, problems = {}, []
        for script in SCRIPTS:
            name = os.path.splitext(os.path.basename(script))[0]
            try:
                directory = self.capture(script)
            except RuntimeError as e:
                problems.append(str(e))
                continue
            for path in sorted(glob.glob(os.path.join(directory, "graphs", "*.json"))):
                stem = os.path.basename(path)[:-5]
                gid = stem.replace("_", "/")
                out = os.path.join(self.work, "native", f"{name}-{stem}.so")
                os.makedirs(os.path.dirname(out), exist_ok=True)
                r = self.aot(directory, "--graph", gid, "--backend", "auto", "-o", out, "--verify")
                if r.returncode != 0:
                    problems.append(f"{name} {gid}: exit {r.returncode}: {r.stderr.strip()}")
                    continue
                for line in r.stdout.splitlines():
                    if line.startswith("verify:") and not ("bitwise equal" in line or "within tolerance" in line
                                                           or "random operator" in line):
                        problems.append(f"{name} {gid}: {line}")
                model = files.load_json(out[:-3] + ".json")
                try:
                    jsonschema.validate(model, self.schema)
                except jsonschema.ValidationError as e:
                    problems.append(f"{name} {gid}: model.json: {e.message}")
                chosen[(name, gid)] = model["backend"]
                if model["backend"] == "libtorch":
                    if "--backend auto: libtorch, because graph" not in r.stderr:
                        problems.append(f"{name} {gid}: auto chose libtorch without saying why: {r.stderr!r}")
                    continue
                # No libtorch in a native model: not linked, not listed.
                ldd = run(["ldd", out]).stdout
                if "libtorch" in ldd or "libc10" in ldd:
                    problems.append(f"{name} {gid}: a native model loads libtorch:\n{ldd}")
                if model["dependencies"]["libraries"] != ["libdnnl.so.2", "libgomp.so.1"] or model["torch_version"]:
                    problems.append(f"{name} {gid}: model.json names {model['dependencies']} / torch "
                                    f"{model['torch_version']!r}")
                ops = model["operators"]
                if not (ops.get("kernels", 0) > 0 and "native backend:" in r.stdout):
                    problems.append(f"{name} {gid}: no kernel counts: {ops} {r.stdout!r}")
        for key in sorted(self.NATIVE_REQUIRED):
            if chosen.get(key) != "native":
                problems.append(f"{key[0]} {key[1]}: expected the native backend, got {chosen.get(key)}")
        natives = sorted(f"{n} {g}" for (n, g), b in chosen.items() if b == "native")
        print(f"native backend: {len(natives)} of {len(chosen)} graphs: {', '.join(natives)}")
        self.report.case("--backend auto on every graph: native where it covers the graph, verified, no libtorch",
                         problems)

        # --backend native on a graph it cannot compile: one line naming the operator, nothing written.
        problems = []
        directory = self.capture(os.path.join(ROOT, "tests", "models", "train_loop.py"))  # add_: in place
        outdir = os.path.join(self.work, "native-refused")
        os.makedirs(outdir, exist_ok=True)
        r = self.aot(directory, "--backend", "native", "-o", os.path.join(outdir, "model.so"))
        lines = r.stderr.strip().splitlines()
        if r.returncode != 2 or len(lines) != 1 or not lines[0].startswith("dynx-aot: error: --backend native cannot") \
                or "aten::" not in lines[0] or leftovers(outdir):
            problems.append(f"exit {r.returncode}, stderr {r.stderr!r}, left {leftovers(outdir)}")
        r = self.aot(directory, "--backend", "fast", "-o", os.path.join(outdir, "model.so"))
        if r.returncode != 2 or "available: libtorch, native, auto" not in r.stderr:
            problems.append(f"--backend fast: exit {r.returncode}, {r.stderr!r}")
        self.report.case("--backend native refuses what it cannot compile in one line, naming the operator", problems)

        # No --backend is auto: native where it covers the graph; libtorch, after the
        # build, with one note naming every operator native refused (the optimizer's
        # add_ into the parameters, in place), once each.
        problems = []
        plain = [self.tool("dynx-aot")]
        block = self.capture(os.path.join(ROOT, "samples", "transformer_block.py"))
        r = run(plain + [block, "-o", os.path.join(outdir, "block.so")])
        if r.returncode != 0 or files.load_json(os.path.join(outdir, "block.json"))["backend"] != "native" or r.stderr:
            problems.append(f"transformer block without --backend: exit {r.returncode}, {r.stderr!r}")
        r = run(plain + [directory, "-o", os.path.join(outdir, "train.so")])
        notes = [line for line in r.stderr.splitlines() if line.startswith("dynx-aot: note: --backend auto: libtorch")]
        refused = re.findall(r"operator (aten::\S+) \(", notes[0]) if len(notes) == 1 else []
        if r.returncode != 0 or files.load_json(os.path.join(outdir, "train.json"))["backend"] != "libtorch" or \
                not refused or len(set(refused)) != len(refused):
            problems.append(f"train loop without --backend: exit {r.returncode}, {r.stderr!r}")
        r = run(plain + [directory, "-q", "-o", os.path.join(outdir, "train-quiet.so")])
        if r.returncode != 0 or r.stderr:
            problems.append(f"-q still says {r.stderr!r}")
        self.report.case("the default backend is auto; falling back to libtorch names every refused operator once",
                         problems)

        # Dynamic graphs compiled natively run at new sizes: GPT-2 decoding (a growing
        # sequence), BERT and a CNN over changing batches (oneDNN primitives made per size).
        problems = []
        ran = 0
        for model in ("gpt2_growing", "bert_batches", "cnn_batches"):
            directory = self.capture(os.path.join(ROOT, "tests", "models", model + ".py"))
            weights = files.load_weights(directory)
            for path in sorted(glob.glob(os.path.join(directory, "graphs", "*.json"))):
                graph = files.load_json(path)
                if not graph.get("symbols"):
                    continue
                stem = os.path.basename(path)[:-5]
                out = os.path.join(self.work, "native", f"dynamic-{model}-{stem}.so")
                r = self.aot(directory, "--graph", graph["id"], "--backend", "auto", "-o", out)
                if r.returncode != 0:
                    problems.append(f"{model} {graph['id']}: {r.stderr}")
                    continue
                if files.load_json(out[:-3] + ".json")["backend"] != "native":
                    continue  # (a dynamic image size: convolutions are native for a dynamic batch only)
                ran += 1
                for extra in (1, 3):
                    growth = {sym["name"]: sym["example"] + extra for sym in graph["symbols"]}
                    self.run_dynamic(directory, stem, graph, weights, out, growth, problems)
        if ran < 3:
            problems.append(f"only {ran} dynamic graphs compiled natively")
        self.report.case("native dynamic graphs (GPT-2 decoding, BERT and CNN batches) run at sizes never captured",
                         problems)

    # ----- a dynamic graph at new sizes -----
    def dynamic(self):
        directory = self.capture(os.path.join(ROOT, "tests", "models", "gpt2_growing.py"))
        problems = []
        dynamic_graphs = []
        for path in sorted(glob.glob(os.path.join(directory, "graphs", "*.json"))):
            graph = files.load_json(path)
            if graph.get("symbols"):
                dynamic_graphs.append((path, graph))
        if not dynamic_graphs:
            problems.append("gpt2_growing has no dynamic graph")
        weights = files.load_weights(directory)
        for path, graph in dynamic_graphs:
            stem = os.path.basename(path)[:-5]
            out = os.path.join(self.work, "models", f"dynamic-{stem}.so")
            os.makedirs(os.path.dirname(out), exist_ok=True)
            r = self.aot(directory, "--graph", graph["id"], "-o", out)
            if r.returncode != 0:
                problems.append(f"{graph['id']}: {r.stderr}")
                continue
            # The example inputs, grown along every dynamic dimension by 3.
            growth = {sym["name"]: sym["example"] + 3 for sym in graph["symbols"]}
            self.run_dynamic(directory, stem, graph, weights, out, growth, problems)
        self.report.case("dynamic graphs (GPT-2 decoding) run at sizes never captured", problems)

        # --dynamic: the user's range. Size 1 (which torch.compile specialises) is accepted
        # with a note where the graph computes alike, and a size past the maximum is refused
        # by the model's input checks with one line.
        problems = []
        path, graph = dynamic_graphs[0]
        stem = os.path.basename(path)[:-5]
        sym = next(s for s in graph["symbols"] if s.get("kind", "size") == "size")
        spec = next(e for e in graph["inputs"] if sym["name"] in e["meta"].get("sym_shape", ()))
        dim = spec["meta"]["sym_shape"].index(sym["name"])
        # As the program names it: L['x'] -> x, L['kwargs']['input_ids'] -> input_ids.
        name = re.fullmatch(r"L\['(?:kwargs'\]\[')?([A-Za-z_0-9]+)'\]", spec["source"]).group(1)
        top = sym["example"] + 4
        out = os.path.join(self.work, "models", f"ranged-{stem}.so")
        r = self.aot(directory, "--graph", graph["id"], "-o", out, "--dynamic", f"{name}:{dim}=1..{top}")
        model_symbols = files.load_json(out[:-3] + ".json")["signature"]["symbols"] if r.returncode == 0 else []
        if r.returncode != 0 or f"{sym['name']} ({sym['source']}) takes sizes 1..{top}" not in r.stderr or \
                f"{sym['name']} ({sym['source']}) may be 1" not in r.stderr or \
                not any(s["name"] == sym["name"] and s["min"] == 1 and s["max"] == top for s in model_symbols):
            problems.append(f"--dynamic {name}:{dim}=1..{top}: exit {r.returncode}: {r.stderr} {model_symbols}")
        else:
            self.run_dynamic(directory, stem, graph, weights, out, {sym["name"]: 1}, problems)
            self.run_dynamic(directory, stem, graph, weights, out, {sym["name"]: top}, problems)
            self.run_dynamic(directory, stem, graph, weights, out, {sym["name"]: top + 1}, problems,
                             refused=f"outside the range 1..{top} of {sym['name']}")
        r = self.aot(directory, "--graph", graph["id"], "-o", out, "--dynamic", f"{name}:{dim}=2..3")
        if r.returncode != 2 or r.stderr.strip() != (f"dynx-aot: error: --dynamic {name}:{dim}=2..3: the captured size "
                                                     f"{sym['example']} of {sym['name']} is outside 2..3"):
            problems.append(f"a range without the captured size: exit {r.returncode}: {r.stderr}")
        self.report.case("--dynamic: a range with size 1 and a maximum the model enforces", problems)

    # ----- a relocatable bundle -----
    def bundle(self):
        """--bundle DIR: moved elsewhere and run with an empty environment, the model finds
        every library it needs inside the bundle and computes what the capture recorded;
        --rpath sets the run path as given."""
        directory = self.capture(os.path.join(ROOT, "samples", "transformer_block.py"))
        problems = []
        bundle = os.path.join(self.work, "bundle")
        r = self.aot(directory, "--bundle", bundle, "-o", "block.so", "--weights", "external")
        if r.returncode != 0:
            self.report.case("--bundle: a directory that runs elsewhere with nothing installed", [r.stderr])
            return
        for want in ("block.so", "block.json", "block.weights.safetensors", "lib/libtorch_cpu.so", "lib/libc10.so",
                     "include/dynx/model.h", "include/dynx/model.hpp", "include/dlpack/dlpack.h"):
            if not os.path.exists(os.path.join(bundle, want)):
                problems.append(f"the bundle has no {want}")
        if files.load_json(os.path.join(bundle, "block.json"))["dependencies"]["library_dir"] != "$ORIGIN/lib":
            problems.append("model.json does not give the bundle's run path")
        moved = os.path.join(self.work, "elsewhere", "deployed")
        os.makedirs(os.path.dirname(moved))
        os.rename(bundle, moved)
        ldd = subprocess.run(["ldd", os.path.join(moved, "block.so")], env={}, capture_output=True, text=True)
        for line in ldd.stdout.splitlines():
            # "libc10.so => /path/libc10.so (0x...)": judged by the library's name and where it
            # resolved, never the load address (0x7f...ac1000 contains "c10").
            name, arrow, resolved = line.partition("=>")
            resolved = resolved.split(" (0x", 1)[0]
            if arrow and any(lib in name for lib in ("torch", "c10", "gomp")) and moved not in resolved:
                problems.append(f"resolved outside the bundle: {line.strip()}")
        examples, _ = files.read_safetensors(os.path.join(directory, "examples", "0_0_0.safetensors"))
        x = os.path.join(self.work, "bundle-x.npy")
        np.save(x, examples["input.l_x"].numpy())
        out = os.path.join(self.work, "bundle-out")
        os.makedirs(out)
        r = subprocess.run([self.tool("dynx-run"), os.path.join(moved, "block.so"), "--input", f"x={x}",
                            "--output-dir", out, "--json"], env={}, capture_output=True, text=True)
        if r.returncode != 0:
            problems.append(f"dynx-run in an empty environment: {r.stderr}")
        else:
            for output in json.loads(r.stdout)["outputs"]:
                got = torch.from_numpy(np.load(output["file"]))
                if not torch.equal(got, examples[f"output.{output.get('value', output['name'])}"]):
                    problems.append(f"output {output['name']} differs from the capture's")
        self.report.case("--bundle: moved and run in an empty environment, libraries from the bundle", problems)

        problems = []
        ranged = os.path.join(self.work, "rpath", "block.so")
        r = self.aot(directory, "-o", ranged, "--rpath", "$ORIGIN/../torchlib")
        dyn = subprocess.run(["readelf", "-d", ranged], capture_output=True, text=True).stdout if r.returncode == 0 else ""
        if "[$ORIGIN/../torchlib]" not in dyn:
            problems.append(f"--rpath: {r.stderr} {dyn}")
        r = self.aot(directory, "--bundle", os.path.join(self.work, "elsewhere"))
        if r.returncode != 2 or "is not empty: give a new directory" not in r.stderr:
            problems.append(f"a non-empty bundle directory: {r.returncode} {r.stderr}")
        # A bundle that cannot be completed (here: ldd fails) leaves nothing behind.
        fake = os.path.join(self.work, "fakebin")
        os.makedirs(fake)
        with open(os.path.join(fake, "ldd"), "w") as f:
            f.write("#!/bin/sh\nexit 1\n")
        os.chmod(os.path.join(fake, "ldd"), 0o755)
        failed = os.path.join(self.work, "failed-bundle")
        r = run([self.tool("dynx-aot"), directory, "--bundle", failed, "--backend", "libtorch"],
                env=dict(os.environ, PATH=fake + os.pathsep + os.environ.get("PATH", "")))
        if r.returncode != 2 or not r.stderr.startswith("dynx-aot: error: --bundle: ldd ") or os.path.exists(failed):
            problems.append(f"a failed bundle: {r.returncode} {r.stderr} (left: {os.path.exists(failed)})")
        self.report.case("--rpath sets the run path; --bundle refuses a directory in use and cleans up a failure",
                         problems)

    def run_dynamic(self, directory, stem, graph, weights, out, growth, problems, refused=None):
        """Runs model `out` of dynamic `graph` with its example inputs resized to `growth`
        ({symbol: size}) and compares it with the graph replayed by torch, or (`refused`)
        checks that the model refuses them with one line containing that text."""
        examples, _ = files.read_safetensors(os.path.join(directory, "examples", stem + ".safetensors"))
        # The model names an input after its argument (input_ids) where the graph says l_input_ids.
        signature = files.load_json(out[:-3] + ".json")["signature"]
        model_name = {i.get("value", i["name"]): i["name"] for i in signature["inputs"]}
        env, npy = {}, []
        for entry in graph["inputs"]:
            if "weight" in entry:
                env[entry["name"]] = weights[entry["weight"]].clone()
                continue
            t = examples[f"input.{entry['name']}"]
            shape = [growth[d] if isinstance(d, str) and d in growth else s
                     for d, s in zip(entry["meta"].get("sym_shape", t.shape), t.shape)]
            new = (torch.randint(0, 100, shape, dtype=t.dtype) if not t.dtype.is_floating_point
                   else torch.randn(shape, dtype=t.dtype))
            env[entry["name"]] = new
            file = os.path.join(self.work, f"{stem}-{entry['name']}.npy")
            np.save(file, new.numpy())
            npy += ["--input", f"{model_name.get(entry['name'], entry['name'])}={file}"]
        outdir = os.path.join(self.work, f"dynamic-out-{stem}")
        os.makedirs(outdir, exist_ok=True)
        r = run([self.tool("dynx-run"), out, *npy, "--output-dir", outdir, "--json"])
        if refused is not None:
            if r.returncode != 1 or refused not in r.stderr or len(r.stderr.strip().splitlines()) != 1:
                problems.append(f"{graph['id']} at {growth}: not refused with {refused!r}: {r.returncode} {r.stderr}")
            return
        if r.returncode != 0:
            problems.append(f"{graph['id']} at {growth}: dynx-run: {r.stderr}")
            return
        symbols = files.bind_symbols(graph, env)
        for node in graph["nodes"]:
            out_value = replay.resolve(node["op"])(*[replay.decode(a, env, symbols) for a in node["args"]],
                                                  **{k: replay.decode(v, env, symbols)
                                                     for k, v in node["kwargs"].items()})
            flat = out_value if isinstance(out_value, (tuple, list)) else (out_value,)
            for spec, value in zip(node["outputs"], flat):
                if spec.get("name"):
                    env[spec["name"]] = value
        for output in json.loads(r.stdout)["outputs"]:
            got = torch.from_numpy(np.load(output["file"]))
            want = env[output.get("value", output["name"])]
            if list(got.shape) != list(want.shape) or not torch.allclose(got, want, rtol=1e-4, atol=1e-5):
                problems.append(f"{graph['id']} at {growth}: output {output['name']} differs from torch")

    # ----- snippets and dynx-run -----
    def snippets_and_run(self):
        directory = self.capture(os.path.join(ROOT, "samples", "transformer_block.py"))
        model = os.path.join(self.work, "release", "v1", "block.so")  # -o makes missing parents
        r = self.aot(directory, "-o", model)
        if r.returncode != 0:
            self.report.case("transformer block export", [r.stderr])
            return
        examples, _ = files.read_safetensors(os.path.join(directory, "examples", "0_0_0.safetensors"))
        x = examples["input.l_x"]
        expected = examples["output.add_1"]
        np.save(os.path.join(self.work, "x.npy"), x.numpy())

        # ctypes (samples/deploy/run_model.py's Model class), tensors via DLPack.
        problems = []
        script = os.path.join(self.work, "ctypes_check.py")
        with open(script, "w") as f:
            f.write(f"""import sys, torch
sys.path.insert(0, {os.path.join(ROOT, 'samples', 'deploy')!r})
from run_model import Model
x = torch.from_numpy(__import__('numpy').load({os.path.join(self.work, 'x.npy')!r}))
model = Model({model!r})
(out,) = model(x)
want = torch.from_numpy(__import__('numpy').load(sys.argv[1]))
print('equal' if torch.equal(out, want) else 'DIFFERENT', list(out.shape))
try:
    model(torch.randn(3, 8, 32))
except RuntimeError as e:
    print('error:', e)
# dynx_model_run_into: the caller provides the output tensor.
import ctypes
from run_model import DLTensor, DLDevice, DLDataType
def dl(t):
    shape = (ctypes.c_int64 * t.dim())(*t.shape)
    return DLTensor(t.data_ptr(), DLDevice(1, 0), t.dim(), DLDataType(2, 32, 1), shape, None, 0), shape
target = torch.full((2, 8, 32), float('nan'))
(xin, s1), (yout, s2) = dl(x.contiguous()), dl(target)
ins = (ctypes.POINTER(DLTensor) * 1)(ctypes.pointer(xin))
outs = (ctypes.POINTER(DLTensor) * 1)(ctypes.pointer(yout))
model.lib.dynx_model_run_into.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_void_p,
                                          ctypes.c_size_t]
rc = model.lib.dynx_model_run_into(model.handle, ins, 1, outs, 1)
print('run_into', rc, 'equal' if torch.equal(target, want) else 'DIFFERENT')
small = torch.zeros(2, 8, 31)
(yout, s3) = dl(small)
outs = (ctypes.POINTER(DLTensor) * 1)(ctypes.pointer(yout))
rc = model.lib.dynx_model_run_into(model.handle, ins, 1, outs, 1)
print('run_into small', rc, model.lib.dynx_model_last_error().decode())
# The intra-op pool is bounded: 100000 threads is an error, not a crash.
for n in (100000, 0, 2):
    rc = model.lib.dynx_model_set_num_threads(n)
    print('threads', n, rc, model.lib.dynx_model_last_error().decode())
""")
        np.save(os.path.join(self.work, "want.npy"), expected.numpy())
        r = run([sys.executable, script, os.path.join(self.work, "want.npy")])
        if r.returncode != 0 or "equal [2, 8, 32]" not in r.stdout or \
                "error: input 'x': size mismatch at dim 0: expected 2, got 3" not in r.stdout or \
                "run_into 0 equal" not in r.stdout or \
                "run_into small 1 output 0: expected Float [2, 8, 32] on cpu, got float32 [2, 8, 31]" not in r.stdout or \
                "threads 100000 1 the number of threads must be between 1 and 1024, not 100000" not in r.stdout or \
                "threads 0 1 the number of threads must be between 1 and 1024, not 0" not in r.stdout or \
                "threads 2 0 \n" not in r.stdout:
            problems.append(f"ctypes snippet: {r.stdout} {r.stderr}")
        self.report.case("Python ctypes snippet (samples/deploy/run_model.py): outputs via DLPack, bad input named, "
                         "dynx_model_run_into with caller-provided outputs, thread counts bounded", problems)

        # Threads: separate instances concurrently (ctypes releases the GIL
        # during the call), and one instance shared by two threads: every
        # call either computes the right answer or fails as busy.
        problems = []
        with open(script, "w") as f:
            f.write(f"""import sys, threading, torch
sys.path.insert(0, {os.path.join(ROOT, 'samples', 'deploy')!r})
from run_model import Model
x = torch.from_numpy(__import__('numpy').load({os.path.join(self.work, 'x.npy')!r}))
want = torch.from_numpy(__import__('numpy').load(sys.argv[1]))
bad = []
def work(model, runs, busy_ok):
    for _ in range(runs):
        try:
            (out,) = model(x)
            if not torch.equal(out, want):
                bad.append('wrong result')
        except RuntimeError as e:
            if not (busy_ok and 'running a call on another thread' in str(e)):
                bad.append(str(e))
threads = [threading.Thread(target=work, args=(Model({model!r}), 200, False)) for _ in range(4)]
shared = Model({model!r})
threads += [threading.Thread(target=work, args=(shared, 200, True)) for _ in range(2)]
for t in threads: t.start()
for t in threads: t.join()
print('ok' if not bad else bad[:3])
""")
        r = run([sys.executable, script, os.path.join(self.work, "want.npy")])
        if r.returncode != 0 or r.stdout.strip() != "ok":
            problems.append(f"{r.stdout} {r.stderr}")
        self.report.case("threads: separate instances concurrently, a shared instance fails as busy, never wrong",
                         problems)

        # The C snippet, compiled against the header.
        problems = []
        exe = os.path.join(self.work, "run_model_c")
        r = run(["cc", "-Wall", "-Werror", "-I", os.path.join(ROOT, "libexport", "include"),
                 os.path.join(ROOT, "samples", "deploy", "run_model.c"), "-ldl", "-o", exe])
        if r.returncode != 0:
            problems.append(f"cc: {r.stderr}")
        else:
            r = run([exe, model, "2", "8", "32"])
            ramp = torch.arange(2 * 8 * 32, dtype=torch.float32).reshape(2, 8, 32) * 0.01
            np.save(os.path.join(self.work, "ramp.npy"), ramp.numpy())
            r2 = run([self.tool("dynx-run"), model, "--input", f"x={os.path.join(self.work, 'ramp.npy')}",
                      "--output-dir", self.work, "--json"])
            want = float(np.load(json.loads(r2.stdout)["outputs"][0]["file"]).astype(np.float64).sum())
            m = re.search(r"output 0: \[2, 8, 32\] sum=(\S+)", r.stdout)
            if r.returncode != 0 or not m or abs(float(m.group(1)) - want) > 1e-3 * max(1, abs(want)):
                problems.append(f"C snippet: {r.stdout} {r.stderr} (dynx-run sum {want})")
        self.report.case("C snippet (samples/deploy/run_model.c) agrees with dynx-run", problems)

        # The C++ snippet, with the RAII wrapper dynx/model.hpp (and its pool of instances).
        problems = []
        exe = os.path.join(self.work, "run_model_cpp")
        r = run(["c++", "-std=c++17", "-Wall", "-Wextra", "-Werror", "-I", os.path.join(ROOT, "libexport", "include"),
                 os.path.join(ROOT, "samples", "deploy", "run_model.cpp"), "-ldl", "-pthread", "-o", exe])
        if r.returncode != 0:
            problems.append(f"c++: {r.stderr}")
        else:
            ramp = torch.arange(2 * 8 * 32, dtype=torch.float32).reshape(2, 8, 32) * 0.01
            np.save(os.path.join(self.work, "ramp.npy"), ramp.numpy())
            r2 = run([self.tool("dynx-run"), model, "--input", f"x={os.path.join(self.work, 'ramp.npy')}",
                      "--output-dir", self.work, "--json"])
            want = float(np.load(json.loads(r2.stdout)["outputs"][0]["file"]).astype(np.float64).sum())
            r = run([exe, model, "2", "8", "32"])
            m = re.search(r"output 0: \[2, 8, 32\] sum=(\S+)", r.stdout)
            if r.returncode != 0 or not m or abs(float(m.group(1)) - want) > 1e-3 * max(1, abs(want)) or \
                    "pool: 4 threads x 5 runs agree" not in r.stdout or \
                    not re.search(r"error 2: input 'x': dtype mismatch: expected float32, got int64", r.stdout):
                problems.append(f"C++ snippet: {r.returncode} {r.stdout} {r.stderr} (dynx-run sum {want})")
            r = run([exe, os.path.join(self.work, "missing.so")])
            if r.returncode != 1 or "missing.so" not in r.stderr:
                problems.append(f"C++ snippet on a missing model: {r.returncode} {r.stderr}")
        self.report.case("C++ snippet (samples/deploy/run_model.cpp, dynx/model.hpp) agrees with dynx-run", problems)

        # dynx-run: outputs as .npy, --bench, --json, errors.
        problems = []
        outdir = os.path.join(self.work, "run-out", "not", "there", "yet")  # made, with its parents
        r = run([self.tool("dynx-run"), model, "--input", f"x={os.path.join(self.work, 'x.npy')}",
                 "--output-dir", outdir])
        if r.returncode != 0 or not np.array_equal(np.load(os.path.join(outdir, "output.npy")), expected.numpy()):
            problems.append(f"run: {r.stdout} {r.stderr}")
        r = run([self.tool("dynx-run"), model, "--example", os.path.join(directory, "examples", "0_0_0.safetensors"),
                 "--bench", "20", "--warmup", "2", "--threads", "1", "--json"])
        try:
            bench = json.loads(r.stdout)
            if not (bench["runs"] == 20 and 0 < bench["min_ms"] <= bench["median_ms"] <= bench["p90_ms"]):
                problems.append(f"bench: {bench}")
            if "bench" in bench:  # each field once: the timings stand at the top level only
                problems.append(f"bench --json repeats the timings under 'bench': {sorted(bench)}")
            # What the model added to the process (Linux: the peak is reset before it loads).
            memory = bench.get("memory", {})
            if not (0 < memory.get("model_and_runs_kib", 0) <= memory.get("peak_resident_kib", 0) and
                    memory["model_and_runs_kib"] + memory["resident_before_model_kib"] == memory["peak_resident_kib"]):
                problems.append(f"bench memory: {memory}")
        except (ValueError, KeyError):
            problems.append(f"bench --json: {r.stdout} {r.stderr}")
        r = run([self.tool("dynx-run"), model, "--example", os.path.join(directory, "examples", "0_0_0.safetensors"),
                 "--bench", "5"])
        if r.returncode != 0 or not re.search(r"median +[0-9.]+ ms", r.stdout) or \
                not re.search(r"memory +[0-9.]+ MiB added by the model and its runs", r.stdout):
            problems.append(f"bench text: {r.stdout}")
        bad = os.path.join(self.work, "bad.npy")
        np.save(bad, np.zeros((2, 8, 31), dtype=np.float32))
        cases = [
            ([model, "--input", f"x={bad}"], 1, "dynx-run: error: input 'x': size mismatch at dim 2: expected 32, got 31"),
            ([model, "--input", f"x={os.path.join(self.work, 'x.npy')}", "--input", f"y={bad}"], 2,
             "dynx-run: error: the model has no input 'y' (it takes: x)"),
            ([model], 2, "dynx-run: error: missing input 'x' (the model takes: x; give --input x=FILE.npy)"),
            ([os.path.join(self.work, "x.npy")], 2, None),
            ([model, "--input", "x=/nonexistent.npy"], 2, "dynx-run: error: input 'x': /nonexistent.npy: No such file or directory"),
            ([model, "--bench", "0"], 2, "dynx-run: error: --bench needs a positive number"),
        ]
        np.save(os.path.join(self.work, "int.npy"), np.zeros((2, 8, 32), dtype=np.int64))
        cases.append(([model, "--input", f"x={os.path.join(self.work, 'int.npy')}"], 1,
                      "dynx-run: error: input 'x': dtype mismatch: expected float32, got int64"))
        for argv, status, line in cases:
            r = run([self.tool("dynx-run"), *argv])
            err = r.stderr.strip()
            if r.returncode != status or (line and err != line) or (not line and not err.startswith("dynx-run: error: ")) \
                    or len(err.splitlines()) != 1:
                problems.append(f"{argv[1:]}: exit {r.returncode}, stderr {err!r}; wanted {status} {line!r}")
        self.report.case("dynx-run: .npy outputs, --bench, --json, one error line per bad input", problems)

        # External weights, mapped at load.
        problems = []
        ext = os.path.join(self.work, "ext", "block.so")
        os.makedirs(os.path.dirname(ext))
        r = self.aot(directory, "-o", ext, "--weights", "external", "--verify")
        weights = ext[:-3] + ".weights.safetensors"
        if r.returncode != 0 or not os.path.exists(weights):
            problems.append(f"external: {r.stderr}")
        else:
            with open(ext[:-3] + ".json") as f:
                if json.load(f)["weights"]["file"] != "block.weights.safetensors":
                    problems.append("model.json does not name the weights file")
            shutil.copy(weights, weights + ".keep")
            with open(weights, "r+b") as f:
                f.truncate(os.path.getsize(weights) - 100)
            r = run([self.tool("dynx-run"), ext, "--input", f"x={os.path.join(self.work, 'x.npy')}"])
            if r.returncode != 2 or "truncated" not in r.stderr:
                problems.append(f"truncated external weights: {r.stderr}")
            os.remove(weights)
            r = run([self.tool("dynx-run"), ext, "--input", f"x={os.path.join(self.work, 'x.npy')}"])
            if r.returncode != 2 or "block.weights.safetensors': No such file or directory" not in r.stderr:
                problems.append(f"missing external weights: {r.stderr}")
            r = run([self.tool("dynx-run"), ext, "--weights", weights + ".keep",
                     "--input", f"x={os.path.join(self.work, 'x.npy')}"])
            if r.returncode != 0:
                problems.append(f"--weights FILE: {r.stderr}")
        self.report.case("external weights: mapped from beside the .so, --weights FILE, truncated or missing named",
                         problems)

        # The cache: the same graph again compiles nothing.
        r = self.aot(directory, "-o", os.path.join(self.work, "again.so"))
        self.report.case("the compile cache is reused", [] if "from the cache" in r.stdout else [r.stdout + r.stderr])

    # ----- hostile names -----
    def hostile(self):
        directory = self.capture(os.path.join(ROOT, "tests", "aot", "hostile_names.py"))
        source = os.path.join(self.work, "hostile.cpp")
        r = self.aot(directory, "-o", os.path.join(self.work, "hostile.so"), "--verify", "--emit-source", source)
        problems = []
        if r.returncode != 0 or "bitwise equal" not in r.stdout:
            problems.append(f"{r.stdout} {r.stderr}")
        else:
            with open(source, encoding="utf-8") as f:
                text = f.read()
            for line in text.splitlines():
                if line.startswith("#") and not re.fullmatch(r'#include (<[A-Za-z0-9_/.]+>|"model_runtime\.hpp")', line):
                    problems.append(f"preprocessor line from the capture: {line!r}")
            if not all(ord(c) < 128 for c in text):
                problems.append("non-ASCII bytes reached the source")
        self.report.case("hostile module, parameter and buffer names stay inside literals and comments", problems)

    # ----- bad input -----
    def bad_inputs(self):
        directory = self.capture(os.path.join(ROOT, "samples", "transformer_block.py"))
        out_dir = os.path.join(self.work, "bad")
        os.makedirs(out_dir)
        out = os.path.join(out_dir, "model.so")

        def expect(name, argv, status, pattern, env=None):
            r = run([self.tool("dynx-aot"), *argv, "--backend", "libtorch"], env=env)
            err = r.stderr.strip()
            problems = []
            first = err.splitlines()[0] if err else ""
            if r.returncode != status:
                problems.append(f"exit {r.returncode}, wanted {status}: {err}")
            if not re.fullmatch(pattern, first):
                problems.append(f"stderr {first!r} does not match {pattern!r}")
            if "Traceback" in err or "terminate called" in err:
                problems.append("a traceback or C++ exception escaped")
            left = leftovers(out_dir)
            if status != 0 and left:
                problems.append(f"left behind: {left}")
            self.report.case(name, problems)
            for f in leftovers(out_dir):
                path = os.path.join(out_dir, f)
                shutil.rmtree(path) if os.path.isdir(path) else os.remove(path)

        def variant(name, change):
            copy = os.path.join(self.work, "variants", name)
            shutil.copytree(directory, copy)
            change(copy)
            return copy

        def missing_op(d):
            path = os.path.join(d, "graphs", "0_0_0.json")
            with open(path) as f:
                text = f.read()
            with open(path, "w") as f:
                f.write(text.replace('"aten::gelu.default"', '"aten::no_such_operator.default"'))

        def other_torch(d):
            path = os.path.join(d, "manifest.json")
            with open(path) as f:
                manifest = json.load(f)
            manifest["torch_version"] = "2.9.0"
            with open(path, "w") as f:
                json.dump(manifest, f)

        def truncate_weights(d):
            path = os.path.join(d, "weights.safetensors")
            with open(path, "r+b") as f:
                f.truncate(os.path.getsize(path) // 2)

        expect("a graph with an operator this torch lacks", [variant("op", missing_op), "-o", out], 2,
               r"dynx-aot: error: operator aten::no_such_operator\.default does not exist in torch \S+ "
               r"\(captured with torch \S+\)")
        r = self.aot(variant("torch", other_torch), "-o", out, "--verify")
        self.report.case("a capture from another torch version: warned, built, verified",
                         [] if r.returncode == 0 and "dynx-aot: warning: the capture was made with torch 2.9.0" in r.stderr
                         else [r.stderr])
        for f in leftovers(out_dir):
            os.remove(os.path.join(out_dir, f))
        expect("missing weights", [variant("noweights", lambda d: os.remove(os.path.join(d, "weights.safetensors"))),
                                   "-o", out], 2, r"dynx-aot: error: .*weights\.safetensors: No such file or directory")
        expect("truncated weights", [variant("truncated", truncate_weights), "-o", out], 2,
               r"dynx-aot: error: .*weights\.safetensors: truncated: .*")
        expect("corrupt weights index", [variant("index", lambda d: open(os.path.join(d, "weights.json"), "w").write("{")),
                                         "-o", out], 2, r"dynx-aot: error: .*weights\.json: not valid JSON .*")
        expect("unwritable output", [directory, "-o", "/proc/sys/model.so"], 2,
               r"dynx-aot: error: cannot write /proc/sys/model\.so: .*")
        a_file = os.path.join(self.work, "a-file")
        open(a_file, "w").close()
        expect("output under a file", [directory, "-o", os.path.join(a_file, "dir", "model.so")], 2,
               r"dynx-aot: error: cannot write .*/a-file/dir/model\.so: .*")
        expect("compiler not found", [directory, "-o", out, "--cxx", "/nonexistent/g++"], 2,
               r"dynx-aot: error: no C\+\+ compiler '/nonexistent/g\+\+' found \(install g\+\+, or set CXX or --cxx\)")
        expect("compiler that does not run", [directory, "-o", out, "--cxx", "/bin/false"], 2,
               r"dynx-aot: error: the C\+\+ compiler /bin/false does not run \(exit status 1\)")
        broken = os.path.join(self.work, "broken-c++")
        with open(broken, "w") as f:
            f.write('#!/bin/sh\nif [ "$1" = --version ]; then echo "broken 1.0"; exit 0; fi\n'
                    'echo "model.cpp:1:1: error: out of cheese" >&2; exit 1\n')
        os.chmod(broken, 0o755)
        expect("compiler that fails", [directory, "-o", out, "--cxx", broken, "--no-cache"], 2,
               r"dynx-aot: error: the C\+\+ compiler failed on dynx's model runtime .*")
        # Parents -o made are removed again when the build fails (leftovers of out_dir are checked).
        expect("a failed build removes the directories it made",
               [directory, "-o", os.path.join(out_dir, "new", "sub", "model.so"), "--cxx", broken, "--no-cache"], 2,
               r"dynx-aot: error: the C\+\+ compiler failed on dynx's model runtime .*")
        expect("no graph of that id", [directory, "--graph", "9/9/9", "-o", out], 2,
               r"dynx-aot: error: no graph 9/9/9 in .* \(it has 0/0/0\)")
        expect("not a capture", [out_dir, "-o", out], 2, r"dynx-aot: error: .*")
        expect("no output", [directory], 2, r"dynx-aot: error: no output: give -o model\.so")
        several = self.capture(os.path.join(ROOT, "samples", "graph_breaks.py"))
        expect("an ambiguous choice lists the candidates", [several, "-o", out], 2,
               r"dynx-aot: error: .* has 4 graphs and none is the obvious choice; pick one with --graph:")
        # Each candidate with what it takes to choose: operators, input shapes, train/eval, calls, dynamic.
        listing = run([self.tool("dynx-aot"), several, "-o", out, "--backend", "libtorch"]).stderr
        self.report.case("the candidate list describes each graph", [] if re.search(
            r"\n  0/0/0  \(entry 0/0, 0 hits, Classifier\.forward\)"
            r"\n        5 operators; inputs l_x float32\[3, 8\]; train; 1 call; static\n(.|\n)*"
            r"        1 operator; inputs .* \(some made by earlier graphs\); train; 1 call; static", listing)
            else [listing])
        for tool in ("dynx-aot", "dynx-run"):
            h, v = run([self.tool(tool), "--help"]), run([self.tool(tool), "--version"])
            self.report.case(f"{tool} --help and --version",
                             [] if h.returncode == 0 and "usage:" in h.stdout and "Exit status" in h.stdout and
                             v.stdout.startswith(tool + " ") else [h.stdout, v.stdout])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    parser.add_argument("--only", help="run these steps only (comma-separated)")
    args = parser.parse_args()
    os.environ.setdefault("DYNX_CACHE_DIR", os.path.join(os.path.dirname(os.path.abspath(args.bin)), "aot-cache"))
    steps = ("bad_inputs", "hostile", "snippets_and_run", "dynamic", "bundle", "export_all", "native")
    unknown = set(args.only.split(",")) - set(steps) if args.only else set()
    if unknown:
        parser.error(f"unknown step {sorted(unknown)}: the steps are {', '.join(steps)}")
    work = tempfile.mkdtemp(prefix="dynx-aot-test-")
    suite = Suite(os.path.abspath(args.bin), work)
    try:
        for step in steps:
            if not args.only or step in args.only.split(","):
                getattr(suite, step)()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return suite.report.finish()


if __name__ == "__main__":
    sys.exit(main())
