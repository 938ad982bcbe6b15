#!/usr/bin/env python3
"""Inference latency of small models under several engines, in one table:

  eager        the model from Python, under torch.inference_mode()
  torchscript  torch.jit.trace + torch.jit.freeze
  aotinductor  torch.export.export + torch._inductor.aoti_compile_and_package,
               loaded with torch._inductor.aoti_load_package
  onnxruntime  torch.onnx.export, run by an onnxruntime InferenceSession (CPU,
               intra-op threads as given); skipped when onnxruntime is not
               installed (pip install onnxruntime onnx onnxscript)
  dynx         dynx-capture of a torch.compile call, dynx-aot --backend libtorch
               to a model.so, timed by dynx-run --bench
  dynx-native  the same with dynx-aot --backend native (no libtorch); an error
               row where the graph has an operator the native backend lacks

The memory column (eager, dynx, dynx-native) is what the engine's model
added to its process's peak resident size: for eager, building the model (its
weights) and running it (torch itself was loaded before); for a model.so,
dynx-run --bench's report: loading it (its libraries, weights), creating its
instance (buffers, prepacked weights) and running it.

Every (model, batch, engine) runs in its own process (this script with
--worker), with the same thread count, warm-up and number of timed calls;
median, p90 (nearest rank) and minimum of the per-call times are reported, and
each compiled engine's outputs are checked against eager in the same process
(dynx-run reports no outputs, so dynx is not checked here). Compile time and
artifact size are those of the engine's own step (dynx: dynx-aot alone; the
capture time is in the JSON). Inductor's cache is a fresh directory per
process, so AOTInductor's compile time is a cold one.

usage: aot_compare.py [--models mlp,cnn,...] [--batches 1,16] [--engines eager,...]
                      [--runs 200] [--warmup 20] [--threads 1] [--out FILE.json]
                      [--build build] [--keep DIR]
"""
import argparse
import glob
import json
import math
import os
import platform
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

import numpy as np
import torch
import torch.nn.functional as F

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
BENCH_DIR = os.path.join(ROOT, "bench")
MODELS = ["mlp", "cnn", "transformer_block", "tiny_bert", "tiny_gpt2"]
# Real sizes (random weights), not in the default run: --models gpt2_small,bert_base,resnet18.
LARGE_MODELS = ["gpt2_small", "bert_base", "resnet18"]
# The other families the native backend covers (tiny, random weights), not in the
# default run: --models tiny_vit,tiny_convnext,lstm_step.
FAMILY_MODELS = ["tiny_vit", "tiny_convnext", "lstm_step"]
ENGINES = ["eager", "torchscript", "aotinductor", "onnxruntime", "dynx", "dynx-native"]
# Default batches: small and larger; sequence models use 16 tokens.
DEFAULT_BATCHES = {"mlp": (1, 16), "cnn": (1, 16), "transformer_block": (1, 8), "tiny_bert": (1, 8),
                   "tiny_gpt2": (1, 8), "gpt2_small": (1, 4), "bert_base": (1, 8), "resnet18": (1, 8),
                   "tiny_vit": (1, 8), "tiny_convnext": (1, 8), "lstm_step": (1, 16)}
# Tokens per sequence of the real-size language models, by batch (1x32 and
# 4x128 for GPT-2 small, 128 for BERT-base).
LARGE_SEQ = {("gpt2_small", 1): 32, ("gpt2_small", 4): 128}
SEQ = 16
RESULT_TAG = "AOT_COMPARE_RESULT "
WORKER_TIMEOUT_S = 1800


# ---------------------------------------------------------------- models
# Built as in tests/models/*.py and samples/*.py: torch.manual_seed(0) before
# the weights; inputs from their own generator. The dynx engine's capture
# script imports build() from this file.

def build(name, batch):
    """Returns (model in eval mode, tuple of example input tensors)."""
    torch.manual_seed(0)
    gen = torch.Generator().manual_seed(1)
    if name == "mlp":
        model = torch.nn.Sequential(torch.nn.Linear(256, 512), torch.nn.ReLU(), torch.nn.Linear(512, 512),
                                    torch.nn.ReLU(), torch.nn.Linear(512, 10))
        inputs = (torch.randn(batch, 256, generator=gen),)
    elif name == "cnn":
        model = SmallCNN()
        inputs = (torch.randn(batch, 3, 32, 32, generator=gen),)
    elif name == "transformer_block":
        model = Block()
        inputs = (torch.randn(batch, SEQ, 32, generator=gen),)
    elif name == "tiny_bert":
        from transformers import BertConfig, BertModel
        config = BertConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                            intermediate_size=64, max_position_embeddings=32)
        # input_ids only: with an attention_mask, BERT's SDPA mask helper reads the
        # mask's data (padding_mask.all()), a graph break under dynx-capture.
        model = HFCall(BertModel(config))
        inputs = (torch.randint(0, 100, (batch, SEQ), generator=gen),)
    elif name == "tiny_gpt2":
        from transformers import GPT2Config, GPT2LMHeadModel
        # Without an attention_mask GPT-2's causal-mask helper checks position_ids for
        # packed sequences ((mask[:, -1] == 0).all(), masking_utils.py:761), and with a
        # 2-D mask under SDPA it checks the mask's data (fast_all): both graph breaks
        # under dynx-capture. Eager attention with an all-ones 2-D mask builds the
        # causal mask from shapes only, so one forward is one graph.
        config = GPT2Config(vocab_size=128, n_positions=32, n_embd=32, n_layer=2, n_head=2, bos_token_id=0,
                            eos_token_id=0, attn_implementation="eager")
        model = HFCall(GPT2LMHeadModel(config), use_cache=False)
        inputs = (torch.randint(0, 128, (batch, SEQ), generator=gen), torch.ones(batch, SEQ, dtype=torch.long))
    elif name == "gpt2_small":
        from transformers import GPT2Config, GPT2LMHeadModel
        seq = LARGE_SEQ.get((name, batch), 128)
        model = HFCall(GPT2LMHeadModel(GPT2Config(attn_implementation="eager")), use_cache=False)
        inputs = (torch.randint(0, 50257, (batch, seq), generator=gen), torch.ones(batch, seq, dtype=torch.long))
    elif name == "bert_base":
        from transformers import BertConfig, BertModel
        model = HFCall(BertModel(BertConfig()))
        inputs = (torch.randint(0, 30522, (batch, 128), generator=gen),)
    elif name == "resnet18":
        model = ResNet18()
        inputs = (torch.randn(batch, 3, 224, 224, generator=gen),)
    elif name == "tiny_vit":  # as tests/models/tiny_vit.py
        from transformers import ViTConfig, ViTForImageClassification
        config = ViTConfig(image_size=32, patch_size=8, num_channels=3, hidden_size=32, num_hidden_layers=2,
                           num_attention_heads=2, intermediate_size=64, num_labels=5)
        model = ImageCall(ViTForImageClassification(config))
        inputs = (torch.randn(batch, 3, 32, 32, generator=gen),)
    elif name == "tiny_convnext":  # as tests/models/tiny_convnext.py
        from transformers import ConvNextConfig, ConvNextForImageClassification
        config = ConvNextConfig(num_channels=3, hidden_sizes=[8, 16], depths=[1, 1], num_stages=2, num_labels=5,
                                image_size=32)
        model = ImageCall(ConvNextForImageClassification(config))
        inputs = (torch.randn(batch, 3, 32, 32, generator=gen),)
    elif name == "lstm_step":  # as tests/models/lstm_step.py
        model = LSTMStep()
        inputs = (torch.randint(0, 50, (batch,), generator=gen), torch.randn(batch, 32, generator=gen),
                  torch.randn(batch, 32, generator=gen))
    else:
        raise ValueError(f"unknown model {name!r}")
    return model.eval(), inputs


class BasicBlock(torch.nn.Module):  # torchvision.models.resnet.BasicBlock, written out
    def __init__(self, cin, cout, stride):
        super().__init__()
        self.conv1 = torch.nn.Conv2d(cin, cout, 3, stride, 1, bias=False)
        self.bn1 = torch.nn.BatchNorm2d(cout)
        self.conv2 = torch.nn.Conv2d(cout, cout, 3, 1, 1, bias=False)
        self.bn2 = torch.nn.BatchNorm2d(cout)
        self.down = None
        if stride != 1 or cin != cout:
            self.down = torch.nn.Sequential(torch.nn.Conv2d(cin, cout, 1, stride, bias=False), torch.nn.BatchNorm2d(cout))

    def forward(self, x):
        y = torch.relu(self.bn1(self.conv1(x)))
        y = self.bn2(self.conv2(y))
        return torch.relu(y + (x if self.down is None else self.down(x)))


class ResNet18(torch.nn.Module):  # torchvision.models.resnet18(), random weights
    def __init__(self, classes=1000):
        super().__init__()
        self.stem = torch.nn.Sequential(torch.nn.Conv2d(3, 64, 7, 2, 3, bias=False), torch.nn.BatchNorm2d(64),
                                        torch.nn.ReLU(), torch.nn.MaxPool2d(3, 2, 1))
        layers, cin = [], 64
        for cout, stride in ((64, 1), (128, 2), (256, 2), (512, 2)):
            layers += [BasicBlock(cin, cout, stride), BasicBlock(cout, cout, 1)]
            cin = cout
        self.layers = torch.nn.Sequential(*layers)
        self.fc = torch.nn.Linear(512, classes)

    def forward(self, x):
        return self.fc(torch.flatten(torch.nn.functional.adaptive_avg_pool2d(self.layers(self.stem(x)), 1), 1))


class SmallCNN(torch.nn.Module):  # tests/models/small_cnn.py
    def __init__(self):
        super().__init__()
        self.features = torch.nn.Sequential(
            torch.nn.Conv2d(3, 8, 3, padding=1), torch.nn.BatchNorm2d(8), torch.nn.ReLU(),
            torch.nn.MaxPool2d(2),
            torch.nn.Conv2d(8, 16, 3, padding=1), torch.nn.BatchNorm2d(16), torch.nn.ReLU(),
            torch.nn.AdaptiveAvgPool2d(1))
        self.classifier = torch.nn.Linear(16, 10)

    def forward(self, x):
        return self.classifier(torch.flatten(self.features(x), 1))


class Block(torch.nn.Module):  # samples/transformer_block.py
    def __init__(self, dim=32, heads=4):
        super().__init__()
        self.heads = heads
        self.norm1 = torch.nn.LayerNorm(dim)
        self.qkv = torch.nn.Linear(dim, 3 * dim)
        self.out = torch.nn.Linear(dim, dim)
        self.norm2 = torch.nn.LayerNorm(dim)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(dim, 4 * dim), torch.nn.GELU(), torch.nn.Linear(4 * dim, dim))

    def forward(self, x):
        b, t, d = x.shape
        q, k, v = self.qkv(self.norm1(x)).split(d, dim=-1)
        q, k, v = (z.view(b, t, self.heads, d // self.heads).transpose(1, 2) for z in (q, k, v))
        attn = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.out(attn.transpose(1, 2).reshape(b, t, d))
        return x + self.mlp(self.norm2(x))


class ImageCall(torch.nn.Module):
    """A transformers image classifier called with pixel values, returning its logits."""

    def __init__(self, model):
        super().__init__()
        self.model = model

    def forward(self, pixel_values):
        return self.model(pixel_values=pixel_values, return_dict=False)[0]


class LSTMStep(torch.nn.Module):  # one word-LSTM step with nn.LSTMCell (in place on its gates)
    def __init__(self, vocab=50, emb=16, hidden=32):
        super().__init__()
        self.embed = torch.nn.Embedding(vocab, emb)
        self.cell = torch.nn.LSTMCell(emb, hidden)
        self.decoder = torch.nn.Linear(hidden, vocab)

    def forward(self, token, h, c):
        h, c = self.cell(self.embed(token), (h, c))
        return self.decoder(h).log_softmax(-1), h, c


class HFCall(torch.nn.Module):
    """A transformers model called with positional tensors, returning its plain
    output tuple (return_dict=False), so every engine sees the same call."""

    def __init__(self, model, **kwargs):
        super().__init__()
        self.model, self.kwargs = model, kwargs

    def forward(self, input_ids, attention_mask=None):
        return self.model(input_ids=input_ids, attention_mask=attention_mask, return_dict=False, **self.kwargs)


# ---------------------------------------------------------------- worker (one engine, one process)

def summarize(times_ms):
    s = sorted(times_ms)
    return {"median_ms": statistics.median(s), "p90_ms": s[max(0, math.ceil(0.9 * len(s)) - 1)],
            "min_ms": s[0], "runs": len(s)}


def time_calls(fn, inputs, warmup, runs):
    with torch.inference_mode():
        for _ in range(warmup):
            fn(*inputs)
        times = []
        for _ in range(runs):
            start = time.perf_counter_ns()
            fn(*inputs)
            times.append((time.perf_counter_ns() - start) / 1e6)
    return summarize(times)


def flat_tensors(out):
    if isinstance(out, torch.Tensor):
        return [out]
    return [t for item in out for t in flat_tensors(item)]


def max_abs_err(fn, inputs, reference):
    with torch.inference_mode():
        got = flat_tensors(fn(*inputs))
    if len(got) != len(reference) or any(g.shape != r.shape for g, r in zip(got, reference)):
        return float("inf")
    return max(float((g.float() - r.float()).abs().max()) for g, r in zip(got, reference))


def status_kib(key):
    """A "Key:  1234 kB" line of /proc/self/status, in KiB (None where there is none)."""
    try:
        with open("/proc/self/status") as f:
            for line in f:
                if line.startswith(key):
                    return int(line.split()[1])
    except OSError:
        pass
    return None


def reset_peak_resident():
    """The process's peak resident size reset to its current one (Linux >= 4.0)."""
    try:
        with open("/proc/self/clear_refs", "w") as f:
            f.write("5")
        return True
    except OSError:
        return False


def worker(args):
    torch.set_num_threads(args.threads)
    # Eager's memory: what building the model (its weights) and running it
    # added to the process, as dynx-run --bench reports for a model.so
    # (loading it, its instance, its runs); torch itself is loaded before.
    if args.engine == "eager" and args.model in ("tiny_bert", "tiny_gpt2", "gpt2_small", "bert_base"):
        import transformers.models.bert.modeling_bert  # noqa: F401  (libraries loaded before the measure)
        import transformers.models.gpt2.modeling_gpt2  # noqa: F401
    reset = args.engine == "eager" and reset_peak_resident()
    before = status_kib("VmRSS:")
    model, inputs = build(args.model, args.batch)
    result = {"threads": torch.get_num_threads()}
    workdir = args.workdir
    if args.engine in ("dynx", "dynx-native"):
        result.update(run_dynx(args, inputs, workdir))
        return result
    if args.engine == "onnxruntime":
        result.update(run_onnxruntime(args, model, inputs, workdir))
        return result
    with torch.inference_mode():
        reference = flat_tensors(model(*inputs))
    fn = model
    if args.engine == "torchscript":
        start = time.perf_counter()
        with torch.no_grad():
            fn = torch.jit.freeze(torch.jit.trace(model, inputs, check_trace=False))
        result["compile_s"] = time.perf_counter() - start
        path = os.path.join(workdir, "model.pt")
        torch.jit.save(fn, path)
        result["artifact_bytes"] = os.path.getsize(path)
    elif args.engine == "aotinductor":
        path = os.path.join(workdir, "model.pt2")
        start = time.perf_counter()
        program = torch.export.export(model, inputs)
        torch._inductor.aoti_compile_and_package(program, package_path=path)
        result["compile_s"] = time.perf_counter() - start
        result["artifact_bytes"] = os.path.getsize(path)
        start = time.perf_counter()
        fn = torch._inductor.aoti_load_package(path)
        result["load_s"] = time.perf_counter() - start
    if args.engine != "eager":
        result["max_abs_err"] = max_abs_err(fn, inputs, reference)
    result.update(time_calls(fn, inputs, args.warmup, args.runs))
    result["warmup"] = args.warmup
    peak = status_kib("VmHWM:")
    if reset and before is not None and peak is not None:
        result["memory_kib"] = peak - before
    return result


CAPTURE_SCRIPT = """\
# Written by bench/aot_compare.py: build the model, one torch.compile call.
import sys
import numpy as np
import torch
sys.path.insert(0, {bench!r})
from aot_compare import build
model, _ = build({model!r}, {batch})
inputs = [torch.from_numpy(np.load(p)) for p in {paths!r}]
with torch.no_grad():
    torch.compile(model)(*inputs)
"""


def run_tool(command, what, env=None):
    proc = subprocess.run(command, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        tail = (proc.stderr.strip() or proc.stdout.strip()).splitlines()[-1:] or [""]
        raise RuntimeError(f"{what} exited {proc.returncode}: {tail[0]}")
    return proc.stdout


def run_dynx(args, inputs, workdir):
    """Capture, compile with dynx-aot, time with dynx-run (the tools' contract:
    model.json "signature"."inputs"[i]."name" in graph-input order; dynx-run
    --input NAME=FILE.npy ... --bench N --json prints one JSON object)."""
    bindir = os.path.join(ROOT, args.build, "bin")
    paths = []
    for i, tensor in enumerate(inputs):
        paths.append(os.path.join(workdir, f"input{i}.npy"))
        np.save(paths[-1], tensor.numpy())
    script = os.path.join(workdir, "capture_script.py")
    with open(script, "w") as f:
        f.write(CAPTURE_SCRIPT.format(bench=BENCH_DIR, model=args.model, batch=args.batch, paths=paths))
    capture, out = os.path.join(workdir, "capture"), os.path.join(workdir, "out")
    os.makedirs(out, exist_ok=True)
    result = {}
    start = time.perf_counter()
    run_tool([os.path.join(bindir, "dynx-capture"), "-o", capture, script], "dynx-capture")
    result["capture_s"] = time.perf_counter() - start
    graphs = glob.glob(os.path.join(capture, "graphs", "*.txt"))
    if len(graphs) != 1:
        raise RuntimeError(f"capture has {len(graphs)} graphs, not 1 (graph break?)")
    so = os.path.join(out, "model.so")
    start = time.perf_counter()
    backend = "native" if args.engine == "dynx-native" else "libtorch"
    weights = ["--weights", "external"] if args.model in LARGE_MODELS else []  # hundreds of MB: beside the .so
    run_tool([os.path.join(bindir, "dynx-aot"), capture, "-o", so, "--backend", backend] + weights, "dynx-aot")
    result["compile_s"] = time.perf_counter() - start
    result["artifact_bytes"] = os.path.getsize(so)
    with open(os.path.join(out, "model.json")) as f:
        entries = json.load(f)["signature"]["inputs"]
    if len(entries) != len(inputs):
        raise RuntimeError(f"model.json has {len(entries)} inputs, the model takes {len(inputs)}")
    for entry, tensor in zip(entries, inputs):  # matched by order; check shapes where given
        if "shape" in entry and list(entry["shape"]) != list(tensor.shape):
            raise RuntimeError(f"model.json input {entry['name']} has shape {entry['shape']}, "
                               f"the example {list(tensor.shape)}")
    names = [entry["name"] for entry in entries]
    runner = os.path.join(bindir, "dynx-run")
    command = [runner, so]
    for name, path in zip(names, paths):
        command += ["--input", f"{name}={path}"]
    command += ["--bench", str(args.runs), "--json"]
    # Pass warm-up and threads where dynx-run takes them; OMP_NUM_THREADS either way.
    usage = subprocess.run([runner, "--help"], capture_output=True, text=True).stdout
    if "--warmup" in usage:
        command += ["--warmup", str(args.warmup)]
    if "--threads" in usage:
        command += ["--threads", str(args.threads)]
    stdout = run_tool(command, "dynx-run", env=dict(os.environ, OMP_NUM_THREADS=str(args.threads)))
    timing = json.loads(stdout)
    result.update({key: timing[key] for key in ("median_ms", "p90_ms", "min_ms", "runs", "warmup", "threads")})
    if "memory" in timing:  # what loading the model, its instance and its runs added (dynx-run --bench)
        result["memory_kib"] = timing["memory"]["model_and_runs_kib"]
    return result


def run_onnxruntime(args, model, inputs, workdir):
    import onnxruntime as ort  # optional: the engine is skipped without it
    path = os.path.join(workdir, "model.onnx")
    start = time.perf_counter()
    with torch.no_grad():
        torch.onnx.export(model, inputs, path, dynamo=True, external_data=False)
    compile_s = time.perf_counter() - start
    options = ort.SessionOptions()
    options.intra_op_num_threads = args.threads
    options.inter_op_num_threads = 1
    options.execution_mode = ort.ExecutionMode.ORT_SEQUENTIAL
    session = ort.InferenceSession(path, options, providers=["CPUExecutionProvider"])
    names = [i.name for i in session.get_inputs()]
    feed = {n: t.numpy() for n, t in zip(names, inputs)}
    with torch.inference_mode():
        reference = flat_tensors(model(*inputs))
    outputs = session.run(None, feed)
    err = max((float(np.max(np.abs(o - r.numpy()))) for o, r in zip(outputs, reference) if o.shape == tuple(r.shape)),
              default=None)
    result = time_calls(lambda *_: session.run(None, feed), inputs, args.warmup, args.runs)
    result.update({"compile_s": compile_s, "artifact_bytes": os.path.getsize(path), "max_abs_err": err,
                   "runs": args.runs, "warmup": args.warmup})
    return result


def worker_main(args):
    try:
        result = worker(args)
    except Exception as e:  # reported in the table, not fatal
        result = {"error": f"{type(e).__name__}: {str(e).strip().splitlines()[0] if str(e).strip() else ''}"}
    print(RESULT_TAG + json.dumps(result), flush=True)


# ---------------------------------------------------------------- driver

def run_worker(args, model, batch, engine, workdir):
    command = [sys.executable, os.path.abspath(__file__), "--worker", model, str(batch), engine,
               "--runs", str(args.runs), "--warmup", str(args.warmup), "--threads", str(args.threads),
               "--build", args.build, "--workdir", workdir]
    env = dict(os.environ, OMP_NUM_THREADS=str(args.threads),
               TORCHINDUCTOR_CACHE_DIR=os.path.join(workdir, "inductor-cache"))
    try:
        proc = subprocess.run(command, capture_output=True, text=True, env=env, timeout=WORKER_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        return {"error": f"timed out after {WORKER_TIMEOUT_S} s"}
    for line in reversed(proc.stdout.splitlines()):
        if line.startswith(RESULT_TAG):
            return json.loads(line[len(RESULT_TAG):])
    tail = proc.stderr.strip().splitlines()[-1:] or ["no output"]
    return {"error": f"worker exited {proc.returncode}: {tail[0]}"}


def size_text(n):
    if n is None:
        return "—"
    return f"{n / 2**20:.1f} MiB" if n >= 2**20 else f"{n / 2**10:.0f} KiB"


def dependency_bytes():
    """libtorch_cpu.so + libc10.so + libgomp from torch/lib."""
    libdir = os.path.join(os.path.dirname(torch.__file__), "lib")
    files = [p for pattern in ("libtorch_cpu.so", "libc10.so", "libgomp*.so*")
             for p in glob.glob(os.path.join(libdir, pattern))]
    return sum(os.path.getsize(p) for p in files), [os.path.basename(p) for p in files]


def native_dependency_bytes():
    """The shared libraries a native model.so loads beside libc/libstdc++ (oneDNN, libgomp)."""
    found = []
    for name in ("libdnnl.so.2", "libgomp.so.1"):
        for d in ("/usr/lib/x86_64-linux-gnu", "/usr/lib/aarch64-linux-gnu", "/usr/lib", "/usr/local/lib"):
            p = os.path.join(d, name)
            if os.path.exists(p):
                found.append((name, os.path.getsize(os.path.realpath(p))))
                break
    return found


def notes_of(row, args):
    notes = []
    if "error" in row:
        notes.append(row["error"])
    err = row.get("max_abs_err")
    if err is not None and not err <= 1e-3:
        notes.append(f"outputs differ from eager: max abs err {err:.3g}")
    if "threads" in row and row["threads"] != args.threads:
        notes.append(f"ran with {row['threads']} threads")
    if "warmup" in row and row["warmup"] != args.warmup:
        notes.append(f"warm-up {row['warmup']}")
    if "runs" in row and row["runs"] != args.runs:
        notes.append(f"{row['runs']} runs")
    return "; ".join(notes)


def model_flops(model_name, batch):
    """Floating-point operations of one forward (torch.utils.flop_counter: matrix products and convolutions)."""
    from torch.utils.flop_counter import FlopCounterMode
    model, inputs = build(model_name, batch)
    counter = FlopCounterMode(display=False)
    with torch.inference_mode(), counter:
        model(*inputs)
    return counter.get_total_flops()


def nominal_peak_gflops(threads):
    """Cores x nominal GHz x float32 FMA lanes x 2 (flop per FMA) x 2 FMA units: the
    machine's arithmetic ceiling as spec sheets count it (turbo makes the real one higher)."""
    ghz = None
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("cpu MHz"):
                    ghz = float(line.split(":")[1]) / 1000
                    break
        with open("/proc/cpuinfo") as f:
            flags = f.read()
    except OSError:
        return None, ""
    lanes, isa = (16, "AVX-512") if " avx512f" in flags else (8, "AVX2") if " avx2" in flags else (4, "SSE")
    if ghz is None:
        return None, isa
    return threads * ghz * lanes * 2 * 2, f"{threads} core(s) x {ghz:.2f} GHz x {lanes} lanes ({isa}) x 2 FMA units x 2"


def table(rows, args):
    eager = {(r["model"], r["batch"]): r["median_ms"] for r in rows
             if r["engine"] == "eager" and "median_ms" in r}
    with_flops = any("flops" in r for r in rows)
    with_memory = any("memory_kib" in r for r in rows)
    lines = ["| model | batch | engine | median ms | p90 ms | vs eager (median) | compile s | artifact |" +
             (" GFLOP/s |" if with_flops else "") + (" memory |" if with_memory else "") + " notes |",
             "|---|---:|---|---:|---:|---:|---:|---:|" + ("---:|" if with_flops else "") +
             ("---:|" if with_memory else "") + "---|"]
    for r in rows:
        timed = "median_ms" in r
        base = eager.get((r["model"], r["batch"]))
        ratio = f"{r['median_ms'] / base:.2f}x" if timed and base else "—"
        compile_s = f"{r['compile_s']:.2f}" if "compile_s" in r else "—"
        median, p90 = (f"{r['median_ms']:.3f}", f"{r['p90_ms']:.3f}") if timed else ("—", "—")
        rate = ""
        if with_flops:
            rate = f" {r['flops'] / r['median_ms'] / 1e6:.1f} |" if timed and r.get("flops") else " — |"
        memory = ""
        if with_memory:
            memory = f" {r['memory_kib'] / 1024:.1f} MiB |" if "memory_kib" in r else " — |"
        lines.append(f"| {r['model']} | {r['batch']} | {r['engine']} | {median} | {p90} | {ratio} | {compile_s} | "
                     f"{size_text(r.get('artifact_bytes'))} |{rate}{memory} {notes_of(r, args)} |")
    return "\n".join(lines)


def csv_list(text, allowed=None):
    items = [x.strip() for x in text.split(",") if x.strip()]
    bad = [x for x in items if allowed is not None and x not in allowed]
    if bad:
        raise argparse.ArgumentTypeError(f"unknown: {', '.join(bad)} (choose from {', '.join(allowed)})")
    return items


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("usage:")[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--models", type=lambda s: csv_list(s, MODELS + LARGE_MODELS + FAMILY_MODELS), default=MODELS,
                        help=f"comma-separated (default: {','.join(MODELS)})")
    parser.add_argument("--batches", type=lambda s: [int(x) for x in csv_list(s)], default=None,
                        help="batch sizes for every model (default: 1 and 16 for mlp/cnn, 1 and 8 for the rest)")
    parser.add_argument("--engines", type=lambda s: csv_list(s, ENGINES), default=ENGINES,
                        help=f"comma-separated (default: {','.join(ENGINES)})")
    parser.add_argument("--runs", type=int, default=200, help="timed calls per engine")
    parser.add_argument("--warmup", type=int, default=20, help="untimed calls before them")
    parser.add_argument("--threads", type=int, default=1, help="torch.set_num_threads / OMP_NUM_THREADS")
    parser.add_argument("--out", help="also write the rows as JSON to this file")
    parser.add_argument("--build", default="build", help="build directory with bin/dynx-*")
    parser.add_argument("--keep", help="keep the artifacts (captures, model.so, .pt2, ...) under this directory")
    parser.add_argument("--worker", nargs=3, metavar=("MODEL", "BATCH", "ENGINE"), help=argparse.SUPPRESS)
    parser.add_argument("--workdir", help=argparse.SUPPRESS)
    args = parser.parse_args()

    if args.worker:
        args.model, args.batch, args.engine = args.worker[0], int(args.worker[1]), args.worker[2]
        return worker_main(args)

    engines = list(args.engines)
    dynx_missing = None
    if "onnxruntime" in engines:
        try:
            import onnxruntime  # noqa: F401
        except ImportError:
            engines.remove("onnxruntime")
            print("aot_compare: onnxruntime is not installed; its engine is skipped", file=sys.stderr)
    if "dynx" in engines or "dynx-native" in engines:
        for tool in ("dynx-capture", "dynx-aot", "dynx-run"):
            if not os.path.exists(os.path.join(ROOT, args.build, "bin", tool)):
                dynx_missing = f"skipped: {tool} not built ({args.build}/bin/{tool} missing)"
                print(f"aot_compare: {tool} not built; the dynx engine is skipped", file=sys.stderr)
                break
    jobs = [(m, b, e) for m in args.models for b in (args.batches or DEFAULT_BATCHES[m]) for e in engines]
    flops = {}
    for m in args.models:
        if m in LARGE_MODELS:  # arithmetic-dominated: report the rate each engine achieves
            for b in args.batches or DEFAULT_BATCHES[m]:
                flops[(m, b)] = model_flops(m, b)
    keep = os.path.abspath(args.keep) if args.keep else None
    rows = []
    for i, (model, batch, engine) in enumerate(jobs, 1):
        row = {"model": model, "batch": batch, "engine": engine}
        if (model, batch) in flops:
            row["flops"] = flops[(model, batch)]
        if engine.startswith("dynx") and dynx_missing:
            row["error"] = dynx_missing
        else:
            if keep:
                workdir = os.path.join(keep, f"{model}-b{batch}-{engine}")
                shutil.rmtree(workdir, ignore_errors=True)
                os.makedirs(workdir)
            else:
                workdir = tempfile.mkdtemp(prefix=f"aot_compare-{model}-{engine}-")
            start = time.perf_counter()
            row.update(run_worker(args, model, batch, engine, workdir))
            row["process_s"] = time.perf_counter() - start
            if not keep:
                shutil.rmtree(workdir, ignore_errors=True)
        status = f"{row['median_ms']:.3f} ms" if "median_ms" in row else row.get("error", "")
        print(f"[{i}/{len(jobs)}] {model} batch {batch} {engine}: {status}", file=sys.stderr, flush=True)
        rows.append(row)

    torch_version = torch.__version__
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, Python {platform.python_version()}, "
          f"torch {torch_version}; {args.threads} thread(s); warm-up {args.warmup}, {args.runs} timed calls "
          f"per engine, each engine in its own process; times per call in ms")
    print()
    print(table(rows, args))
    if flops:
        peak, how = nominal_peak_gflops(args.threads)
        print()
        print("GFLOP/s: torch.utils.flop_counter's count of one forward over the median time"
              + (f"; nominal peak {peak:.0f} GFLOP/s ({how})" if peak else ""))
    deps, dep_files = dependency_bytes()
    if "dynx" in engines or "aotinductor" in engines:
        print()
        print(f"Artifacts need libtorch at run time: {' + '.join(dep_files)} = {size_text(deps)} "
              f"(dynx's libtorch model.so links them; the .pt2 is loaded through torch). "
              f"torchscript: size of the frozen module saved with torch.jit.save.")
    if "dynx-native" in engines:
        native = native_dependency_bytes()
        print(f"dynx-native models need only {' + '.join(n for n, _ in native)} = "
              f"{size_text(sum(b for _, b in native))} beside the C/C++ runtime.")
    if args.out:
        with open(args.out, "w") as f:
            json.dump({"machine": {"arch": platform.machine(), "cores": os.cpu_count(),
                                   "python": platform.python_version(), "torch": torch_version},
                       "settings": {"threads": args.threads, "warmup": args.warmup, "runs": args.runs},
                       "dependencies_bytes": deps, "dependencies": dep_files,
                       "rows": rows, "table": table(rows, args)}, f, indent=1)
            f.write("\n")


if __name__ == "__main__":
    sys.exit(main())
