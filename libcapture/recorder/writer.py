"""Files of the capture directory: atomic writes (a failure raises
_dynx.CaptureWriteError, which dynx-capture reports in one line), JSON,
safetensors, and the Python-like listing of each graph."""
import json
import linecache
import os
import re
import struct
import threading

import torch
from torch.utils._python_dispatch import is_traceable_wrapper_subclass

import _dynx

from .dtypes import listing_name, safetensors_code


GRAPH_SCHEMA = ("dynx.graph", 2)


FRAMES_SCHEMA = ("dynx.frames", 2)


BREAKS_SCHEMA = ("dynx.breaks", 1)


WEIGHTS_SCHEMA = ("dynx.weights", 1)


# A file of the capture directory could not be written (full disk, file
# size limit, ...): dynx-capture reports it in one line and stops recording.
# The type is _dynx's, so the frame hook knows it by identity.
CaptureWriteError = _dynx.CaptureWriteError


def _write_atomic(path, data):
    temp = f"{path}.tmp.{os.getpid()}.{threading.get_ident()}"
    try:
        with open(temp, "wb") as f:
            f.write(data)
        os.replace(temp, path)
    except OSError as e:
        try:
            os.remove(temp)
        except OSError:
            pass
        raise CaptureWriteError(f"{path}: {e.strerror or e}") from None


_LONE_SURROGATES = re.compile("[\ud800-\udfff]")


def _write_json(path, document):
    # A file name that is not UTF-8 (a latin-1 directory) reaches Python as
    # lone surrogates (os.fsdecode), which JSON cannot carry: U+FFFD stands
    # for each such byte, as in the manifest dynx-capture writes.
    text = json.dumps(document, indent=1, sort_keys=True, allow_nan=False, ensure_ascii=False)
    _write_atomic(path, (_LONE_SURROGATES.sub("\ufffd", text) + "\n").encode())


def _write_text(path, text):
    _write_atomic(path, text.encode("utf-8", "surrogateescape"))  # such names as their own bytes


def _write_safetensors(path, tensors, metadata):
    """safetensors: u64 header size, JSON header, then the raw little-endian data."""
    header = {"__metadata__": {k: str(v) for k, v in metadata.items()}}
    chunks = []
    offset = 0
    for name in sorted(tensors):
        if is_traceable_wrapper_subclass(tensors[name]) or tensors[name].is_meta or _is_fake(tensors[name]):
            # A wrapper subclass has no memory of its own to write (its inner
            # tensors are the subclass's business), a meta or fake tensor (one
            # torch.func.linearize traced with) none at all: left out, as a
            # dtype safetensors cannot hold is.
            continue
        t = tensors[name]
        if type(t) is not torch.Tensor:
            # A subclass's own methods (a Python .to() override) are the
            # program's code: its data is written as a plain tensor's.
            with torch._C.DisableTorchFunctionSubclass():
                t = torch.Tensor.as_subclass(t, torch.Tensor)
        t = torch.Tensor.contiguous(torch.Tensor.to(torch.Tensor.detach(t), "cpu"))
        dtype = safetensors_code(t.dtype)
        if dtype is None:
            continue
        # A fresh dense copy: a size-1 tensor may keep a stride of 0 (an
        # expanded scalar: Categorical.sample()'s action) that no view accepts.
        flat = torch.empty(t.numel(), dtype=t.dtype).copy_(t.reshape(-1))
        data = flat.view(torch.uint8).numpy().tobytes() if t.numel() else b""
        header[name] = {"dtype": dtype, "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        chunks.append(data)
        offset += len(data)
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    _write_atomic(path, struct.pack("<Q", len(text)) + text + b"".join(chunks))


def _is_fake(tensor):
    try:
        from torch._subclasses.fake_tensor import FakeTensor
    except ImportError:  # another torch
        return False
    return isinstance(tensor, FakeTensor)


def _format_arg(arg):
    if isinstance(arg, dict):
        if "ref" in arg:
            return arg["ref"]
        (key, value), = arg.items()
        if key == "str":
            return repr(value)
        if key in ("dtype", "layout", "memory_format"):
            return f"torch.{value}"
        if key == "device":
            return f"device({value!r})"
        if key == "sym":
            return value
        if key == "graph":
            return f"self.{value}"
        return f"{key}({value})"
    if isinstance(arg, list):
        return "[" + ", ".join(_format_arg(a) for a in arg) + "]"
    return repr(arg)


def _meta_text(meta):
    shape = meta.get("sym_shape", meta["shape"])
    return f"{listing_name(meta['dtype'])}[{', '.join(str(s) for s in shape)}]"


def _listing(document):
    """A Python-like listing in the spirit of FX's print_readable."""
    frame = document["frame"]
    lines = [f"# graph {document['id']} of {frame['function']} ({os.path.basename(frame['file'])}:{frame['line']})"
             f": {document['op_count']} ops"]
    for sym in document.get("symbols", ()):
        if "kind" in sym:  # a Python number the frame receives
            lines.append(f"# {sym['name']} = {sym['source']}, a dynamic {sym['kind']} (recorded at {sym['example']!r})")
            continue
        bound = f"{sym['min']} <= {sym['name']}" + (f" <= {sym['max']}" if sym["max"] is not None else "")
        lines.append(f"# {sym['name']} = {sym['source']}, {bound} (recorded at {sym['example']})")
    params = ", ".join(f"{i['name']}: \"{_meta_text(i['meta'])}\"" for i in document["inputs"])
    lines.append(f"def graph({params}):")
    for i in document["inputs"]:
        lines.append(f"    # {i['name']}: {i['kind']} {i.get('source', '')}".rstrip())
    lines += _node_lines(document["nodes"], "    ")
    lines.append(f"    return ({''.join(o['name'] + ', ' for o in document['outputs'])})")
    lines += _subgraph_lines(document["nodes"], "")
    return "\n".join(lines) + "\n"


def _subgraph_lines(nodes, indent):
    """The functions of the higher-order operators among `nodes` (a
    torch.cond's branches), after the graph, as FX prints submodules."""
    lines = []
    for node in nodes:
        for name, sub in (node.get("subgraphs") or {}).items():
            params = ", ".join(f"{i['name']}: \"{_meta_text(i['meta'])}\"" for i in sub["inputs"])
            lines += ["", f"{indent}# {name}: a function of {node['name']} = {node['op']}(...)",
                      f"{indent}def {name}({params}):"]
            lines += _node_lines(sub["nodes"], indent + "    ")
            outs = [o["name"] if o.get("name") else _format_arg(o.get("value")) for o in sub["outputs"]]
            lines.append(f"{indent}    return ({''.join(o + ', ' for o in outs)})")
            lines += _subgraph_lines(sub["nodes"], indent)
    return lines


def _node_lines(nodes, indent):
    lines = []
    last_where = None
    for node in nodes:
        where = node["stack"][-1] if node["stack"] else None
        key = (where["file"], where["line"]) if where else None
        if key != last_where and where:
            code = linecache.getline(where["file"], where["line"]).strip()
            context = []
            if node.get("module"):
                context.append(f"{node['module']}: {node['module_type']}")
            if node.get("torch_function"):
                context.append(node["torch_function"])
            suffix = f"   [{'; '.join(context)}]" if context else ""
            lines.append(f"{indent}# {os.path.basename(where['file'])}:{where['line']}: {code}{suffix}")
            last_where = key
        outs = [o for o in node["outputs"] if o.get("name")]
        args = [_format_arg(a) for a in node["args"]]
        args += [f"{k}={_format_arg(v)}" for k, v in sorted(node["kwargs"].items())]
        call = f"{node['op']}({', '.join(args)})"
        if len(outs) == 1:
            lines.append(f"{indent}{outs[0]['name']}: \"{_meta_text(outs[0]['meta'])}\" = {call}")
        elif outs:
            names = ", ".join(o["name"] for o in outs)
            lines.append(f"{indent}{names} = {call}")
        else:
            lines.append(f"{indent}{call}")
    return lines

