"""Readers for the files of a dynx capture directory (Python side, used by the
tests' replayer and validator). The formats are described in
man/dynx-capture.5 and the JSON Schemas in schemas/."""
import json
import os
import re
import struct

import torch

ST_DTYPES = {"F32": torch.float32, "F64": torch.float64, "F16": torch.float16, "BF16": torch.bfloat16,
             "I64": torch.int64, "I32": torch.int32, "I16": torch.int16, "I8": torch.int8, "U8": torch.uint8,
             "BOOL": torch.bool}


def read_safetensors(path):
    """Returns ({name: tensor}, metadata)."""
    with open(path, "rb") as f:
        data = f.read()
    if len(data) < 8:
        raise ValueError(f"{path}: truncated (no header size)")
    (size,) = struct.unpack("<Q", data[:8])
    if 8 + size > len(data):
        raise ValueError(f"{path}: truncated header")
    header = json.loads(data[8:8 + size])
    body = data[8 + size:]
    metadata = header.pop("__metadata__", {})
    tensors = {}
    for name, info in header.items():
        begin, end = info["data_offsets"]
        if end > len(body):
            raise ValueError(f"{path}: tensor {name} runs past the end of the file")
        dtype = ST_DTYPES[info["dtype"]]
        raw = torch.frombuffer(bytearray(body[begin:end]), dtype=torch.uint8) if end > begin else \
            torch.empty(0, dtype=torch.uint8)
        tensors[name] = raw.view(dtype).reshape(info["shape"]) if end > begin else \
            torch.empty(info["shape"], dtype=dtype)
    return tensors, metadata


def load_weights(directory):
    with open(os.path.join(directory, "weights.json")) as f:
        index = json.load(f)
    storages, _ = read_safetensors(os.path.join(directory, index["file"]))
    weights = {}
    for name, info in index["tensors"].items():
        if info["storage"] not in storages:
            continue  # a dtype the weights file cannot hold (complex64): no value to read
        storage = storages[info["storage"]]
        dtype = getattr(torch, info["dtype"])
        flat = storage.view(dtype) if storage.dtype != dtype else storage
        weights[name] = torch.as_strided(flat, info["shape"], info["stride"], info["storage_offset"])
    return weights


def load_json(path):
    with open(path) as f:
        return json.load(f)


_SYM_EXPR = re.compile(r"^(-)?(?:(\d+)\*)?(s\d+)(?:\*(s\d+))?(?://(\d+))?(?: ([+-]) (\d+))?$")


_SYM_DIV = re.compile(r"^(-?\d+|-?s\d+|\(-?(\d+\*)?s\d+(\*s\d+)*\))//(s\d+|\(s\d+(\*s\d+)+\))(//\d+)?"
                      r"( [+-] \d+)?$")


_FLOAT = r"-?\d+(?:\.\d+(?:e[+-]\d+)?|e[+-]\d+)"
_SYM_FLOAT_OP = re.compile(rf"^(?:(s\d+)([*/])({_FLOAT})|({_FLOAT})([*/])(s\d+)|(s\d+) ([+-]) ({_FLOAT})|({_FLOAT}) (-) (s\d+))$")


def eval_sym(expr, values):
    """Value of a size expression of a dynamic graph ("2*s0", "s0*s1//2 + 1")
    under symbol values {"s0": 16}; ValueError if it is malformed or the
    division is not exact. A float symbol under one operator with a float
    constant ("s1/3.0", "1.5 - s1") is computed as Python computed it."""
    f = _SYM_FLOAT_OP.match(expr)
    if f is not None:
        groups = [g for g in f.groups() if g is not None]
        x, y = (values[g] if g.startswith("s") else float(g) for g in (groups[0], groups[2]))
        op = groups[1]
        return x + y if op == "+" else x - y if op == "-" else x * y if op == "*" else x / y
    m = _SYM_EXPR.match(expr)
    if m is None and _SYM_DIV.match(expr):
        # divided by int symbols (`12//s0`, `(2*s0)//(s1*s2)`): Python's own floor division
        return eval(re.sub(r"s\d+", lambda s: str(int(values[s.group()])), expr), {"__builtins__": {}})
    if m is None:
        raise ValueError(f"malformed size expression {expr!r}")
    negated, coef, a, b, div, sign, add = m.groups()
    product = (-1 if negated else 1) * int(coef or 1) * values[a] * (values[b] if b else 1)
    div = int(div or 1)
    offset = int(add) if sign == "+" else -int(add) if sign == "-" else 0
    if div == 1:
        return product + offset  # also a float symbol (a dynamic Python float: 1 - decay)
    if product % div:
        raise ValueError(f"{expr} is not exact for {values}")
    return product // div + offset


def bind_symbols(graph, tensors):
    """Symbol values of a dynamic graph from its input tensors {name: tensor}:
    each input size recorded as a bare symbol binds it; all must agree. A
    Python number the graph takes as a symbol (kind int/float) is not among
    the tensors: it binds to the value it was recorded with."""
    values = {sym["name"]: sym["example"] for sym in graph.get("symbols", ()) if "kind" in sym}
    for spec in graph.get("inputs", ()):
        tensor = tensors.get(spec["name"])
        for dim, expr in enumerate(spec["meta"].get("sym_shape", ())):
            if isinstance(expr, str) and re.fullmatch(r"s\d+", expr) and tensor is not None:
                size = int(tensor.shape[dim])
                if values.setdefault(expr, size) != size:
                    raise ValueError(f"{expr} is both {values[expr]} and {size}")
    return values
