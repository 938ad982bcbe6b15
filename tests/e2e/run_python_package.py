#!/usr/bin/env python3
"""End-to-end test of the dynx Python package (python/dynx): a model.so
built by dynx-aot from a real capture (an embedding + attention-style model
returning a dict), loaded with dynx.load and called from Python.

- outputs named after the dict keys the code returned, equal to what eager
  PyTorch computed in the captured run;
- torch tensors and NumPy arrays in (positional, by name, non-contiguous),
  torch tensors or NumPy arrays out; a bundle directory loads too;
- every error is a Python exception with dynx's one-line message
  (InputError, LoadError), never a crash;
- sixteen threads calling one Model with a pool of two instances get the
  right answers.

usage: run_python_package.py --bin BUILD/bin
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import threading

import numpy as np
import torch

from report import Report

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "python"))
import dynx  # noqa: E402

SCRIPT = '''
import sys
import torch

torch.manual_seed(0)


class Tagger(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(50, 16)
        self.proj = torch.nn.Linear(16, 16)
        self.head = torch.nn.Linear(16, 5)

    def forward(self, ids, mask):
        h = torch.tanh(self.proj(self.embed(ids)))
        h = h * mask.unsqueeze(-1)
        return {"logits": self.head(h), "pooled": h.sum(1) / mask.sum(1, keepdim=True)}


model = Tagger().eval()
compiled = torch.compile(model)
ids = torch.randint(0, 50, (2, 7))
mask = torch.ones(2, 7)
mask[1, 5:] = 0
with torch.no_grad():
    out = compiled(ids, mask)
torch.save({"ids": ids, "mask": mask, "logits": out["logits"], "pooled": out["pooled"]}, sys.argv[1])
'''


def run(argv, **kw):
    return subprocess.run(argv, capture_output=True, text=True, **kw)


def raises(kind, pattern, function):
    """'' when function() raises kind with a message containing pattern."""
    try:
        function()
    except kind as e:
        return "" if pattern in str(e) else f"{kind.__name__} {str(e)!r} lacks {pattern!r}"
    except Exception as e:  # noqa: BLE001 -- the test reports any other exception
        return f"raised {type(e).__name__}: {e} (expected {kind.__name__})"
    return f"no {kind.__name__} raised (expected {pattern!r})"


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", required=True)
    args = parser.parse_args()
    report = Report()
    work = tempfile.mkdtemp(prefix="dynx-pypkg-test-")
    try:
        script = os.path.join(work, "tagger.py")
        with open(script, "w") as f:
            f.write(SCRIPT)
        expected_file = os.path.join(work, "expected.pt")
        capture = os.path.join(work, "cap")
        r = run([os.path.join(args.bin, "dynx-capture"), "-o", capture, script, expected_file])
        if r.returncode != 0:
            report.case("capture the tagger", [r.stderr])
            return report.finish()
        so = os.path.join(work, "model.so")
        bundle = os.path.join(work, "bundle")
        for argv in (["-o", so], ["--bundle", bundle, "-o", "tagger.so"]):
            r = run([os.path.join(args.bin, "dynx-aot"), capture] + argv)
            if r.returncode != 0:
                report.case(f"dynx-aot the tagger {' '.join(argv)}", [r.stderr])
                return report.finish()
        want = torch.load(expected_file)
        ids, mask = want["ids"], want["mask"]

        m = dynx.load(so)
        names = ([s.name for s in m.inputs], [s.name for s in m.outputs])
        report.case("the signature, with outputs named after the returned dict's keys",
                    [] if names == (["ids", "mask"], ["logits", "pooled"]) and
                    m.inputs[0].dtype == "int64" and list(m.outputs[0].shape) == [2, 7, 5] and
                    "dynx.Model model.so (ids: int64[2, 7], mask: float32[2, 7])" in repr(m)
                    else [names, m.inputs, m.outputs, repr(m)])

        out = m(ids, mask)
        problems = []
        if not isinstance(out, dynx.Outputs) or not isinstance(out[0], torch.Tensor):
            problems.append(f"returned {type(out).__name__}")
        else:
            for name in ("logits", "pooled"):
                # (the default backend, native here, is within --verify's float32 tolerance, not bitwise)
                if not torch.allclose(out[name], want[name], atol=1e-5, rtol=1e-4):
                    problems.append(f"{name}: max difference {(out[name] - want[name]).abs().max().item()}")
            if out.logits is not out[0] or out.keys() != ["logits", "pooled"]:
                problems.append("outputs by attribute and keys()")
        report.case("torch tensors in, torch tensors out, equal to eager", problems)

        by_name = m(mask=mask, ids=ids)
        strided_ids = ids.t().contiguous().t()  # the same values, column-major
        strided = m(strided_ids, mask)
        report.case("inputs by name and non-contiguous inputs",
                    [] if torch.equal(by_name.logits, out.logits) and not strided_ids.is_contiguous() and
                    torch.equal(strided.logits, out.logits) else ["results differ"])

        np_out = m(ids.numpy(), mask.numpy())
        as_torch = m(ids.numpy(), mask.numpy(), output="torch")
        report.case("NumPy arrays in, NumPy arrays out (or torch when asked)",
                    [] if isinstance(np_out.logits, np.ndarray) and np_out.logits.dtype == np.float32 and
                    np.array_equal(np_out.logits, out.logits.numpy()) and
                    isinstance(as_torch.pooled, torch.Tensor) and torch.equal(as_torch.pooled, out.pooled)
                    else [type(np_out.logits), type(as_torch.pooled)])

        # The output memory is the model's, handed over without a copy: it
        # stays valid after the Model is gone.
        kept = dynx.load(so)(ids, mask).logits
        report.case("outputs outlive their Model", [] if torch.equal(kept, out.logits) else ["differs"])

        with dynx.load(bundle) as from_bundle:
            report.case("a bundle directory loads", [] if torch.equal(from_bundle(ids, mask).logits, out.logits)
                        else ["differs"])

        problems = [p for p in (
            raises(dynx.InputError, "input 'ids': dtype mismatch", lambda: m(ids.float(), mask)),
            raises(ValueError, "size mismatch at dim 1: expected 7, got 6", lambda: m(ids[:, :6], mask)),
            raises(dynx.InputError, "the model takes 2 input(s), 3 given", lambda: m(ids, mask, mask)),
            raises(dynx.InputError, "no input named 'x' (inputs: ids, mask)", lambda: m(ids, x=mask)),
            raises(dynx.InputError, "input 'ids' given twice", lambda: m(ids, mask, ids=ids)),
            raises(dynx.InputError, "missing input(s): mask", lambda: m(ids)),
            raises(dynx.InputError, "expected a torch tensor or a NumPy array, got list", lambda: m([1], mask)),
            raises(dynx.LoadError, "no such model.so", lambda: dynx.load(os.path.join(work, "nothing.so"))),
            raises(dynx.LoadError, "cannot load", lambda: dynx.load(script)),
            raises(dynx.LoadError, "", lambda: dynx.load(so, weights=expected_file)),
            raises(OSError, "a bundle directory holds exactly one model .so (found 0)", lambda: dynx.load(work + "/cap")),
        ) if p]
        report.case("errors are exceptions with dynx's message", problems)

        # Threads: more callers than instances; each gets its own inputs' answer.
        pool = dynx.load(so, instances=2)
        inputs = [torch.randint(0, 50, (2, 7)) for _ in range(16)]
        answers = [m(x, mask).logits for x in inputs]
        failures = []

        def worker(k):
            for _ in range(10):
                got = pool(inputs[k], mask).logits
                if not torch.equal(got, answers[k]):
                    failures.append(k)
        threads = [threading.Thread(target=worker, args=(k,)) for k in range(16)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        report.case("16 threads over a pool of 2 instances", [] if not failures and pool._created <= 2
                    else [f"wrong answers in threads {sorted(set(failures))}, {pool._created} instances"])

        report.case("dynx.__version__ is the project's",
                    [] if dynx.__version__ == run([os.path.join(args.bin, "dynx-aot"), "--version"]).stdout.split()[1]
                    else [dynx.__version__])
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main())
