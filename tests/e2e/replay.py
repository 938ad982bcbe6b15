#!/usr/bin/env python3
"""Replays every graph of a capture directory operator by operator through
PyTorch's dispatcher (torch.ops.<namespace>.<op>.<overload>), fed with the
recorded example inputs and weights, and compares each output with the
recorded one: bitwise (torch.equal) by default.

usage: replay.py CAPTURE_DIR [CAPTURE_DIR...]   prints 'N passed, M failed'
"""
import glob
import json
import math
import os
import re
import sys

import torch

import dynx_capture_files as files
from report import Report


def decode(arg, env, symbols=None):
    if isinstance(arg, dict):
        if "ref" in arg:
            return env[arg["ref"]]
        if "sym" in arg:
            return files.eval_sym(arg["sym"], symbols)
        (key, value), = arg.items()
        if key == "dtype":
            return getattr(torch, value)
        if key == "device":
            return torch.device(value)
        if key in ("layout", "memory_format"):
            return getattr(torch, value)
        if key == "str":
            return value
        if key == "float":
            return float(value)
        if key == "complex":
            return complex(*value)
        if key == "generator":
            return None
        raise ValueError(f"cannot replay argument {arg}")
    if isinstance(arg, list):
        return [decode(a, env, symbols) for a in arg]
    return arg


class Skip(Exception):
    """A graph this tool cannot replay outside the program (said, not failed)."""


def resolve(op):
    namespace, rest = op.split("::", 1)
    name, overload = rest.rsplit(".", 1)
    try:
        return getattr(getattr(getattr(torch.ops, namespace), name), overload)
    except AttributeError:
        if namespace in ("aten", "prims"):
            raise
        raise Skip(f"{op} is the program's own operator (registered by its code, not here)") from None


def replay_graph(directory, path, weights):
    graph = files.load_json(path)
    if any("subclass" in entry["meta"] for entry in graph["inputs"]):
        # A wrapper tensor subclass's example is not written (its operators
        # are its Python code): such a graph is checked by --verify in the
        # capturing process only.
        return graph["id"], 0, []
    if any(node.get("subgraphs") for node in graph["nodes"]):
        raise Skip("a higher-order operator (torch.cond, while_loop): its branches are subgraphs")
    if '"device": "meta"' in json.dumps(graph):
        raise Skip("meta tensors: no example values")
    stem = os.path.basename(path)[:-5]
    examples, metadata = files.read_safetensors(os.path.join(directory, "examples", stem + ".safetensors"))
    env = {}
    for entry in graph["inputs"]:
        if "weight" in entry:
            if entry["weight"] not in weights:
                raise Skip(f"weight {entry['weight']} is not in the weights file ({entry['meta'].get('dtype')})")
            env[entry["name"]] = weights[entry["weight"]].clone()
        elif f"input.{entry['name']}" not in examples:
            raise Skip(f"no example written for input {entry['name']} ({entry['meta'].get('dtype')})")
        else:
            env[entry["name"]] = examples[f"input.{entry['name']}"].clone()
    # A dynamic graph: sizes come from the inputs it is given, and must
    # reproduce the sizes this recording saw.
    symbols = files.bind_symbols(graph, env)
    # (An input's storage offset is left out: where it names a symbol no
    # size binds -- a view's offset fitted as a line in another input's size
    # -- nothing the operators compute depends on it.)
    carried = json.dumps([dict(spec, meta={k: v for k, v in spec["meta"].items() if k != "sym_storage_offset"})
                          for spec in graph["inputs"]])
    for sym in graph.get("symbols", ()):
        # (The entry's symbols are listed with each of its graphs; one no
        # input of this graph carries is not this graph's, or is one the
        # piece after a break reads as a number -- `meter.update(v,
        # images.size(0))` after a .item() break, the size bound by the
        # frame's first graph --: it takes the value the recording saw.)
        if symbols.get(sym["name"]) is None and not re.search(rf"\b{sym['name']}\b", carried):
            symbols[sym["name"]] = sym["example"]
            continue
        if symbols.get(sym["name"]) != sym["example"]:
            raise ValueError(f"{sym['name']} bound to {symbols.get(sym['name'])}, recorded {sym['example']}")
    rng = metadata.get("rng_state")
    if rng:
        torch.set_rng_state(torch.tensor(eval(rng, {"__builtins__": {}}), dtype=torch.uint8))
    for node in graph["nodes"]:
        func = resolve(node["op"])
        args = [decode(a, env, symbols) for a in node["args"]]
        kwargs = {k: decode(v, env, symbols) for k, v in node["kwargs"].items()}
        with torch.set_grad_enabled(node.get("grad_enabled", True)):
            out = func(*args, **kwargs)
        flat = out if isinstance(out, (tuple, list)) else (out,)
        for spec, value in zip(node["outputs"], flat):
            if spec.get("name"):
                env[spec["name"]] = value
    problems = []
    if any(f"output.{output['name']}" not in examples for output in graph["outputs"]):
        raise Skip("no example written for an output")
    for output in graph["outputs"]:
        got = env[output["name"]]
        want = examples[f"output.{output['name']}"]
        if got.dtype != want.dtype or got.shape != want.shape:
            problems.append(f"{output['name']}: {got.dtype}{list(got.shape)} vs recorded "
                            f"{want.dtype}{list(want.shape)}")
        elif not torch.equal(got.detach(), want) and not (
                want.is_floating_point() and torch.allclose(got.detach(), want, rtol=0, atol=0, equal_nan=True)):
            diff = (got.detach().double() - want.double()).abs().max().item() if want.numel() else math.nan
            problems.append(f"{output['name']}: differs (max abs error {diff:g})")
    return graph["id"], len(graph["nodes"]), problems


def main(argv):
    report = Report()
    for directory in argv:
        weights = files.load_weights(directory) if os.path.exists(os.path.join(directory, "weights.json")) else {}
        for path in sorted(glob.glob(os.path.join(directory, "graphs", "*.json"))):
            try:
                gid, ops, problems = replay_graph(directory, path, weights)
            except Skip as e:
                print(f"skip {directory} graph {os.path.basename(path)} ({e})")
                continue
            except Exception as e:  # a replay that cannot run is a failure with its reason
                gid, ops, problems = os.path.basename(path), 0, [f"{type(e).__name__}: {e}"]
            report.case(f"{directory} graph {gid}" + ("" if problems else f" ({ops} ops)"), problems)
    return report.finish()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
