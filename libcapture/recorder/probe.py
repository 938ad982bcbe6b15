"""Checking a dynamic form made from one recording by running it again on
meta tensors.

An entry made dynamic from its own recording alone (dynamic.py
_single_form: sizes an earlier compile found dynamic, under another grad
mode or another path) takes every size equal to a dynamic one for that
size, which a coincidence defeats: a convolution with 8 output channels on
a batch of 8 would give an output [s0, s0, 10, 10], and batch 3 would be
refused. The shapes of what the graphs compute are torch's to say, though:
this module runs the symbolic graphs once more on meta tensors (no data,
no kernels), every dynamic size doubled, and keeps a size symbolic only
where the rerun's size moved with it. A size that stayed where it was
recorded is a coincidence and becomes a constant again; any other
disagreement (an operator that cannot run on meta tensors, an argument
that only fits the recorded sizes) leaves the form as it was (its hits are
settled anyway: recorded again and compared, never assumed)."""
import copy

import torch

from .dynamic import SymExpr
from .verify import _decode, _resolve_op


class _Unconfirmed(Exception):
    pass


def _at(value, values):
    return value.eval(values) if isinstance(value, SymExpr) else value


def _dtype(name):
    dtype = getattr(torch, name, None)
    if not isinstance(dtype, torch.dtype):
        raise _Unconfirmed(f"dtype {name}")
    return dtype


def _meta_tensor(meta, values):
    shape = [_at(d, values) for d in meta["shape"]]
    stride = [_at(d, values) for d in meta["stride"]]
    if any(not isinstance(d, int) for d in shape + stride):
        raise _Unconfirmed("a size without a value")
    return torch.empty_strided(shape, stride, dtype=_dtype(meta["dtype"]), device="meta")


def _settle_meta(meta, tensor, recorded, probe, where):
    """Compares one symbolic meta with the rerun's tensor: demotes sizes
    that did not move to the recorded constant (in place)."""
    for key, got in (("shape", list(tensor.shape)), ("stride", list(tensor.stride()))):
        dims = meta[key]
        if len(dims) != len(got):
            raise _Unconfirmed(f"{where}: rank")
        for d, (want, actual) in enumerate(zip(dims, got)):
            if _at(want, probe) == actual:
                continue
            at_recording = _at(want, recorded)
            if isinstance(want, SymExpr) and actual == at_recording:
                dims[d] = at_recording  # it did not move with the sizes: a coincidence
                continue
            raise _Unconfirmed(f"{where}.{key}[{d}]: {_at(want, probe)} expected, {actual} ran")
    offset = meta.get("storage_offset")
    if isinstance(offset, SymExpr) and offset.eval(probe) != tensor.storage_offset():
        if tensor.storage_offset() == offset.eval(recorded):
            meta["storage_offset"] = tensor.storage_offset()
        else:
            raise _Unconfirmed(f"{where}.storage_offset")


def confirm(documents, symbols):
    """`documents` (symbolic, from one recording) with the sizes that are
    not the dynamic sizes' made constant again; None when the rerun cannot
    tell (the documents are then left as they are); False when an operator
    fails at the probe's sizes that runs at the recorded ones: a number
    taken for a dynamic size is not one (a hidden size of 8 read as the
    cache length 8 that changed), so the form is wrong."""
    recorded = [s["example"] for s in symbols]
    probe = [2 * v if "kind" not in s else v for s, v in zip(symbols, recorded)]
    if probe == recorded:
        return None
    checked = _rerun(documents, recorded, probe)
    if checked is _FAILED:
        # (an operator meta tensors cannot run fails at the recorded sizes too)
        return False if isinstance(_rerun(documents, recorded, recorded), list) else None
    return checked


_FAILED = object()


def _rerun(documents, recorded, probe):
    """The documents run on meta tensors at the sizes `probe` gives the
    symbols (their recorded values: `recorded`), their metas settled; None
    if that cannot be told (a higher-order operator, a meta that did not
    move with the symbols), _FAILED if an operator raised."""
    checked = copy.deepcopy(documents)
    produced = {}
    try:
        with torch.no_grad():
            for document in checked:
                env = {}
                for spec in document.get("inputs", []):
                    source = spec.get("source")
                    meta = spec.get("meta")
                    if meta is None:
                        raise _Unconfirmed("an input without its meta")
                    if isinstance(source, str) and source in produced:
                        tensor = produced[source]
                        _settle_meta(meta, tensor, recorded, probe, f"{document.get('id')}.{spec['name']}")
                    else:
                        tensor = _meta_tensor(meta, probe)
                    env[spec["name"]] = tensor
                for node in document.get("nodes", []):
                    if node.get("subgraphs"):
                        raise _Unconfirmed("a higher-order operator (its branch depends on the data)")
                    op = _resolve_op(node["op"])
                    args = [_decode(a, env, probe) for a in node.get("args", [])]
                    kwargs = {k: _decode(v, env, probe) for k, v in node.get("kwargs", {}).items()}
                    if "device" in kwargs:
                        kwargs["device"] = torch.device("meta")  # a factory: made beside the others
                    out = op(*args, **kwargs)
                    flat = out if isinstance(out, (tuple, list)) else (out,)
                    for spec, value in zip(node.get("outputs", []), flat):
                        if not spec.get("name"):
                            continue
                        env[spec["name"]] = value
                        if isinstance(value, torch.Tensor) and isinstance(spec.get("meta"), dict):
                            _settle_meta(spec["meta"], value, recorded, probe, f"{document.get('id')}.{spec['name']}")
                for name, value in env.items():
                    if isinstance(value, torch.Tensor):
                        produced[f"graph {document.get('id')} output {name}"] = value
    except _Unconfirmed:
        return None
    except Exception:  # noqa: BLE001 - an operator meta tensors cannot run, an argument fit for one size only
        return _FAILED
    return checked
