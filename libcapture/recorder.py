"""dynx recorder: turns what a watched frame does into graphs of ATen operators.

Loaded by the bootstrap when torch is imported and dynx-capture writes a
capture directory (-o). While a watched frame runs (eagerly: the program's
behaviour never changes) a TorchDispatchMode records every ATen operator it
performs, a TorchFunctionMode names the torch-level function that caused it
and catches the points where tensor data flows into Python, module hooks
track the nn.Module path, and a profile function catches Python-level side
effects (print, logging, I/O, time and random sources, generators, explicit
breaks). A graph break closes the current graph; the next operator starts a
new one.
"""
import json
import linecache
import math
import os
import re
import struct
import sys
import threading
import weakref

import torch
from torch.overrides import TorchFunctionMode, resolve_name
from torch.utils._python_dispatch import TorchDispatchMode

import _dynx

GRAPH_SCHEMA = ("dynx.graph", 1)
FRAMES_SCHEMA = ("dynx.frames", 1)
BREAKS_SCHEMA = ("dynx.breaks", 1)
WEIGHTS_SCHEMA = ("dynx.weights", 1)

# Graph-break categories: (id, PyTorch registry id or None, short type,
# explanation, hint).
CATEGORIES = {
    "data-dependent-branch": (
        "gb0170", "Data-dependent branching",
        "Python control flow depends on a tensor's value (`if t:`, `bool(t)`, `while t.any()`): the graph "
        "cannot know which way to go without computing the tensor.",
        "Use torch.where / torch.cond, or compute the condition from Python values (shapes, flags)."),
    "tensor-to-python": (
        "gb0124", "Tensor data converted to Python",
        "A tensor's data is read into Python (`.item()`, `.tolist()`, `.numpy()`, `int(t)`, `float(t)`, "
        "printing a tensor): the graph must end to produce it.",
        "Keep the value as a tensor; move logging of values outside the compiled region."),
    "dynamic-shape-op": (
        "gb0036", "Operator with a data-dependent output shape",
        "The output shape of this operator depends on tensor data (`nonzero`, `unique`, `masked_select`, "
        "boolean-mask indexing), so later shapes are unknown when the graph is built.",
        "Use torch.where with a fixed shape, or pad to a static size."),
    "data-dependent-op": (
        "gb0033", "Data-dependent operator",
        "This ATen operator reads tensor data into the host program.",
        "Avoid the operator inside the compiled region."),
    "autograd": (
        "gb0123", "Autograd call",
        "A backward pass (`loss.backward()`, `torch.autograd.grad`) runs inside the watched frame.",
        "Call backward outside the compiled function; compile the forward (and loss) only."),
    "side-effect": (
        "gb0059", "Side effect the graph cannot express",
        "The frame calls something with effects outside tensors (print, logging, file or network I/O).",
        "Move the call outside the compiled function, or guard it with a flag that is off when compiling."),
    "skipped-function": (
        "gb0007", "Call to a function the graph cannot trace",
        "A function that works on tensors outside of PyTorch's operators (torch.save, numpy on tensors, a "
        "C extension) is called.",
        "Call it outside the compiled function, or express the computation with torch operators."),
    "nondeterministic-source": (
        "gb0147", "Non-deterministic Python source",
        "The frame reads time, Python's random module or the OS entropy pool; a graph would freeze the value.",
        "Pass the value in as an argument, or use torch's random functions."),
    "explicit": (
        "gb0025", "Explicit graph break",
        "torch._dynamo.graph_break() was called.",
        "Remove the call if the break is no longer needed."),
    "generator": (
        "gb0003", "Generator or coroutine",
        "A generator or coroutine body runs inside the watched frame.",
        "Materialise the values (a list) before the compiled function, or compile the consumer."),
}

# ATen operators that read data or produce data-dependent shapes.
_DATA_OPS = {"aten::_local_scalar_dense": "data-dependent-op", "aten::item": "data-dependent-op",
             "aten::is_nonzero": "data-dependent-branch"}
_SHAPE_OPS = {"aten::nonzero", "aten::nonzero_static", "aten::unique", "aten::_unique", "aten::_unique2",
              "aten::unique_consecutive", "aten::unique_dim", "aten::masked_select", "aten::nonzero_numpy"}

_BRANCH_FUNCS = {"torch.Tensor.__bool__"}
_TO_PYTHON_FUNCS = {"torch.Tensor.item", "torch.Tensor.tolist", "torch.Tensor.numpy", "torch.Tensor.__int__",
                    "torch.Tensor.__float__", "torch.Tensor.__index__", "torch.Tensor.__complex__",
                    "torch.Tensor.__array__", "torch.Tensor.__repr__", "torch.Tensor.__str__",
                    "torch.Tensor.__format__"}
_SHAPE_FUNCS = {"torch.nonzero", "torch.Tensor.nonzero", "torch.unique", "torch.Tensor.unique",
                "torch.unique_consecutive", "torch.Tensor.unique_consecutive", "torch.masked_select",
                "torch.Tensor.masked_select", "torch.argwhere", "torch.Tensor.argwhere"}
_AUTOGRAD_FUNCS = {"torch.Tensor.backward", "torch.autograd.backward", "torch.autograd.grad"}

_tls = threading.local()


def _current():
    return getattr(_tls, "capture", None)


class SourceFilter:
    """Sorts code into the program's own, third-party (site-packages), and
    torch, the standard library and dynx itself. The first two appear in user
    stacks; only the program's own code causes Python-level graph breaks."""

    def __init__(self, stdlib, third_party, torch_dir):
        self.torch = torch_dir.rstrip("/") + "/"
        self.third_party = tuple(p.rstrip("/") + "/" for p in third_party)
        self.stdlib = tuple(p.rstrip("/") + "/" for p in stdlib)
        self.cache = {}

    def kind(self, filename):
        known = self.cache.get(filename)
        if known is None:
            if not filename or filename.startswith("<"):
                known = "internal"
            else:
                real = os.path.realpath(filename)
                if real.startswith(self.torch):
                    known = "internal"
                elif real.startswith(self.third_party):
                    known = "third_party"
                elif real.startswith(self.stdlib):
                    known = "internal"
                else:
                    known = "program"
            self.cache[filename] = known
        return known

    def is_user(self, filename):
        return self.kind(filename) != "internal"

    def is_program(self, filename):
        return self.kind(filename) == "program"


def _meta(t):
    return {"shape": list(t.shape), "stride": list(t.stride()), "dtype": str(t.dtype).replace("torch.", ""),
            "device": str(t.device), "requires_grad": bool(t.requires_grad),
            "storage_offset": int(t.storage_offset())}


def _type_text(t):
    short = {"float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16", "int64": "i64",
             "int32": "i32", "int16": "i16", "int8": "i8", "uint8": "u8", "bool": "b8"}
    dtype = str(t.dtype).replace("torch.", "")
    return f"{short.get(dtype, dtype)}[{', '.join(str(s) for s in t.shape)}]"


def _sanitize(source):
    name = re.sub(r"[^0-9a-zA-Z_]+", "_", source.replace("L['", "l_").replace("G['", "g_")).strip("_").lower()
    return name or "input"


class Value:
    """One tensor value of a capture: a graph input, a node output, or a
    tensor made between graphs (by the operation that broke the graph)."""

    __slots__ = ("name", "graph", "ref", "meta", "used_later", "returned", "kind")

    def __init__(self, name, graph, tensor, kind):
        self.name = name
        self.graph = graph          # Graph that produced it; None for break outputs and frame inputs
        self.ref = weakref.ref(tensor)
        self.meta = _meta(tensor)
        self.used_later = False
        self.returned = False
        self.kind = kind            # "node", "input", "break"


class Graph:
    def __init__(self, capture):
        self.capture = capture
        self.inputs = []            # dicts, in order of first use
        self.input_by_id = {}       # id(tensor) -> input name in this graph
        self.nodes = []
        self.names = {}
        self.produced = []          # Values made by nodes of this graph
        self.examples = {}          # input name -> tensor clone (user inputs, graph/break outputs)
        self.closing_values = {}    # output name -> clone taken when the graph closed
        self.rng_state = torch.get_rng_state()
        self.number = None          # index among the non-empty graphs of the entry

    def unique(self, base):
        base = re.sub(r"[^0-9a-zA-Z_]", "_", base) or "v"
        if base[0].isdigit():
            base = "_" + base
        count = self.names.get(base, 0)
        self.names[base] = count + 1
        return base if count == 0 else f"{base}_{count}"


class FrameCapture:
    """Everything recorded during one outermost call of a watched frame."""

    def __init__(self, recorder, record_id, code, arguments, globals_):
        self.recorder = recorder
        self.record_id = record_id
        self.code = code
        self.globals = globals_ or {}
        self.sources = {}           # id(tensor) -> (source, kind, weight name)
        self.module_paths = {}      # id(module) -> qualified path under the frame's module
        self.keep = []              # strong references that keep ids stable during the call
        self.values = {}            # id(tensor) -> Value (latest)
        self.graphs = [Graph(self)]
        self.breaks = []
        self.module_stack = []
        self.function_stack = []
        self.suspended = 0
        self.pending_c = None       # C function whose call broke the graph, until it returns
        self.pending_py = None      # Python frame likewise
        self.seen_generators = set()
        for name, value in arguments.items():
            self._walk_source(value, f"L[{name!r}]", 0)

    # ----- sources of graph inputs ---------------------------------------------------------
    def _walk_source(self, value, source, depth):
        if isinstance(value, torch.Tensor):
            self.sources.setdefault(id(value), (source, "user_input", None))
            self.keep.append(value)
        elif isinstance(value, torch.nn.Module):
            if not self.module_paths:
                for path, module in value.named_modules(remove_duplicate=False):
                    self.module_paths.setdefault(id(module), path)
            for pname, p in value.named_parameters(remove_duplicate=False):
                self.sources.setdefault(id(p), (f"{source}.{pname}", "parameter", pname))
                self.keep.append(p)
            for bname, b in value.named_buffers(remove_duplicate=False):
                self.sources.setdefault(id(b), (f"{source}.{bname}", "buffer", bname))
                self.keep.append(b)
        elif depth < 3 and isinstance(value, (list, tuple)):
            for i, item in enumerate(value):
                self._walk_source(item, f"{source}[{i}]", depth + 1)
        elif depth < 3 and isinstance(value, dict):
            for key, item in value.items():
                if isinstance(key, (str, int)):
                    self._walk_source(item, f"{source}[{key!r}]", depth + 1)

    def _global_source(self, tensor):
        for name, value in self.globals.items():
            if value is tensor:
                return (f"G[{name!r}]", "global", None)
        return None

    # ----- values ----------------------------------------------------------------------------
    @property
    def graph(self):
        return self.graphs[-1]

    def _lookup(self, tensor):
        value = self.values.get(id(tensor))
        if value is not None and value.ref() is tensor:
            return value
        return None

    def input_name(self, tensor):
        """Name of `tensor` in the current graph, making it an input if needed."""
        graph = self.graph
        value = self._lookup(tensor)
        if value is not None and value.graph is graph and value.kind == "node":
            return value.name
        existing = graph.input_by_id.get(id(tensor))
        if existing is not None:
            return existing  # already an input here (self.keep holds it, so the id is stable)
        if value is not None and value.kind in ("node", "break"):
            value.used_later = True
            origin = value.graph
            source = ({"graph_output": value.name, "graph": origin} if value.kind == "node"
                      else {"break_output": value.name})
            kind = "intermediate"
            weight = None
        else:
            found = self.sources.get(id(tensor)) or self._global_source(tensor)
            if found is None:
                source, kind, weight = None, "constant", None
            else:
                source, kind, weight = found
        name = graph.unique(_sanitize(source) if isinstance(source, str) else
                            ("constant" if kind == "constant" else value.name))
        entry = {"name": name, "kind": kind, "meta": _meta(tensor)}
        if isinstance(source, str):
            entry["source"] = source
        elif source is not None:
            entry["source_ref"] = source
        with self.unrecorded():
            if kind in ("parameter", "buffer", "constant"):
                entry["weight"] = self.recorder.weights.add(tensor, weight or f"{self.label()}.{name}")
            else:
                graph.examples[name] = tensor.detach().clone()
        graph.inputs.append(entry)
        graph.input_by_id[id(tensor)] = name
        self.keep.append(tensor)
        return name

    def unrecorded(self):
        """Context for dynx's own tensor work (clones, RNG state): never recorded."""
        capture = self

        class _Suspend:
            def __enter__(self):
                capture.suspended += 1

            def __exit__(self, *exc):
                capture.suspended -= 1
        return _Suspend()

    def label(self):
        return f"frame{self.recorder.frame_number(self.record_id)}"

    # ----- recording -------------------------------------------------------------------------
    def encode(self, arg):
        if isinstance(arg, torch.Tensor):
            return {"ref": self.input_name(arg)}
        if arg is None or isinstance(arg, bool):
            return arg
        if isinstance(arg, int):
            return arg
        if isinstance(arg, float):
            return arg if math.isfinite(arg) else {"float": repr(arg)}
        if isinstance(arg, (list, tuple)):
            return [self.encode(a) for a in arg]
        if isinstance(arg, torch.dtype):
            return {"dtype": str(arg).replace("torch.", "")}
        if isinstance(arg, torch.device):
            return {"device": str(arg)}
        if isinstance(arg, torch.layout):
            return {"layout": str(arg).replace("torch.", "")}
        if isinstance(arg, torch.memory_format):
            return {"memory_format": str(arg).replace("torch.", "")}
        if isinstance(arg, str):
            return {"str": arg}
        if isinstance(arg, complex):
            return {"complex": [arg.real, arg.imag]}
        if isinstance(arg, torch.Generator):
            return {"generator": None}
        return {"unsupported": type(arg).__name__}

    def user_stack(self):
        """The program's frames from the watched frame down to the caller of
        the recorder's callback (dispatch or function mode)."""
        return self.recorder._stack_at(sys._getframe(2), self)

    def record_op(self, func, args, kwargs):
        schema = func._schema
        op = f"{schema.name}.{func._overloadname}"
        base = schema.name.split("::")[-1]
        if base in ("_local_scalar_dense", "item", "is_nonzero") or schema.name in _SHAPE_OPS:
            category = _DATA_OPS.get(schema.name, "dynamic-shape-op")
            return self.run_break(category, op, lambda: func(*args, **kwargs), inputs=(args, kwargs))
        encoded_args = [self.encode(a) for a in args]
        encoded_kwargs = {k: self.encode(v) for k, v in kwargs.items()}
        out = func(*args, **kwargs)
        graph = self.graph
        node = {"name": None, "op": op, "args": encoded_args, "kwargs": encoded_kwargs}
        mutated = []
        for i, a in enumerate(schema.arguments):
            if a.alias_info is not None and a.alias_info.is_write:
                target = args[i] if i < len(args) else kwargs.get(a.name)
                if isinstance(target, torch.Tensor):
                    mutated.append(a.name)
        if mutated:
            node["mutates"] = mutated
        flat = out if isinstance(out, (tuple, list)) else (out,)
        name = graph.unique(base)
        node["name"] = name
        outputs = []
        for i, (t, ret) in enumerate(zip(flat, schema.returns if len(schema.returns) == len(flat) else
                                         [None] * len(flat))):
            if not isinstance(t, torch.Tensor):
                outputs.append({"name": None, "value": self.encode(t)})
                continue
            out_name = name if len(flat) == 1 else f"{name}_{i}"
            entry = {"name": out_name, "meta": _meta(t)}
            if ret is not None and ret.alias_info is not None:
                entry["alias"] = "inplace" if ret.alias_info.is_write else "view"
            outputs.append(entry)
            value = Value(out_name, graph, t, "node")
            graph.produced.append(value)
            self.values[id(t)] = value
        node["outputs"] = outputs
        node["stack"] = self.user_stack()
        if self.module_stack:
            path, module_type = self.module_stack[-1]
            node["module"] = path
            node["module_type"] = module_type
        if self.function_stack:
            node["torch_function"] = self.function_stack[0]
        if not torch.is_grad_enabled():
            node["grad_enabled"] = False
        graph.nodes.append(node)
        return out

    def run_break(self, category, what, action, stack=None, inputs=()):
        """Closes the graph, runs `action` unrecorded, and opens a new graph.
        Tensors in `inputs` are read by Python between graphs: the graph that
        made them must output them."""
        for tensor in _tensors_in(inputs):
            value = self._lookup(tensor)
            if value is not None and value.kind == "node":
                value.used_later = True
        self.graph_break(category, what, stack)
        self.suspended += 1
        try:
            out = action()
        finally:
            self.suspended -= 1
        self.made_between_graphs(out)
        return out

    def made_between_graphs(self, result):
        """Tensors returned by the call that broke the graph: the next graph
        reads them as inputs made between graphs."""
        for i, t in enumerate(_tensors_in(result)):
            if self._lookup(t) is None:
                self.keep.append(t)
                self.values[id(t)] = Value(f"break{len(self.breaks) - 1}_out{i}", None, t, "break")

    def graph_break(self, category, what, stack=None):
        graph = self.graph
        stack = stack if stack is not None else self.user_stack()
        if not graph.nodes and self.breaks:
            # One Python call can trip the same break several times (numpy's
            # dispatcher and then its implementation): nothing ran in
            # between, so it is the same break.
            last = self.breaks[-1]
            if last["category"] == category and last["stack"][-1:] == stack[-1:]:
                return
        with self.unrecorded():
            self._snapshot(graph)
            self.breaks.append({"category": category, "operation": what, "stack": stack, "graph": graph})
            self.graphs.append(Graph(self))

    @staticmethod
    def _snapshot(graph):
        """Values of the graph's live results at the moment it ends."""
        for value in graph.produced:
            tensor = value.ref()
            if tensor is not None:
                graph.closing_values[value.name] = tensor.detach().clone()

    # ----- end of the frame ------------------------------------------------------------------
    def finish(self, result):
        self._snapshot(self.graph)
        returned = set()

        def mark(obj, depth=0):
            if isinstance(obj, torch.Tensor):
                returned.add(id(obj))
            elif depth < 4 and isinstance(obj, (list, tuple)):
                for o in obj:
                    mark(o, depth + 1)
            elif depth < 4 and isinstance(obj, dict):
                for o in obj.values():
                    mark(o, depth + 1)
            elif depth < 4 and hasattr(obj, "__dataclass_fields__"):
                for key in obj.__dataclass_fields__:
                    mark(getattr(obj, key, None), depth + 1)
        mark(result)
        number = 0
        for g in self.graphs:
            if g.nodes:
                g.number = number
                number += 1
        graphs = []
        for g in self.graphs:
            if g.number is None:
                continue
            outputs = []
            for value in g.produced:
                tensor = value.ref()
                reasons = []
                if tensor is not None and id(tensor) in returned:
                    reasons.append("returned")
                if value.used_later:
                    reasons.append("used_later")
                # Held from Python (an attribute, a container, a caller's
                # variable), not only by autograd: `tensor` and getrefcount's
                # own argument are the two references that do not count.
                if tensor is not None and "returned" not in reasons and sys.getrefcount(tensor) > 2:
                    reasons.append("alive")
                if reasons and value.name in g.closing_values:
                    outputs.append({"name": value.name, "reasons": reasons})
            graphs.append((g, outputs))
        return graphs


# ----- guards ------------------------------------------------------------------------------
# A guard is a dict: source (text), path (steps to reach the value from the
# frame's arguments: ["local", name], ["attr", name], ["item", int|str]),
# kind, the expected facts, and text (its readable form). The frame hook
# turns them into C++ guards and checks them on every call.

_DTYPE_NAMES = {"float32": "Float", "float64": "Double", "float16": "Half", "bfloat16": "BFloat16",
                "int64": "Long", "int32": "Int", "int16": "Short", "int8": "Char", "uint8": "Byte", "bool": "Bool",
                "complex64": "ComplexFloat", "complex128": "ComplexDouble"}


def _closure_values(code, function):
    """{name: (index, value)} of the frame's closure variables."""
    cells = getattr(function, "__closure__", None) or ()
    values = {}
    for index, (name, cell) in enumerate(zip(code.co_freevars, cells)):
        try:
            values[name] = (index, cell.cell_contents)
        except ValueError:  # an empty cell
            pass
    return values


def build_guards(arguments, globals_=None, global_names=(), closure=None):
    guards = []
    for name, value in arguments.items():
        _guard_value(guards, f"L[{name!r}]", [["local", name]], value, 0)
    for name, (index, value) in sorted((closure or {}).items()):
        _guard_free_value(guards, f"L[{name!r}]", [["closure", index]], value)
    for name in sorted(global_names):
        if globals_ is not None and name in globals_:
            _guard_free_value(guards, f"G[{name!r}]", [["global", name]], globals_[name])
    guards.append(_global_state_guard())
    return guards


def _guard_free_value(guards, source, path, value):
    """A closure cell or global the frame reads: values by value, other
    objects (functions, modules) by identity; nn.Modules are left out."""
    if isinstance(value, torch.Tensor) or value is None or type(value) in (bool, int, float, str):
        _guard_value(guards, source, path, value, 1)
    elif not isinstance(value, torch.nn.Module):
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "text": f"{source} is the same object ({type(value).__name__})"})


_GLOBAL_READS = {}


def global_reads(code):
    """Names a code object reads with LOAD_GLOBAL (cached per code object)."""
    names = _GLOBAL_READS.get(code)
    if names is None:
        import dis
        names = frozenset(i.argval for i in dis.get_instructions(code) if i.opname == "LOAD_GLOBAL")
        for const in code.co_consts:
            if hasattr(const, "co_code"):
                names |= global_reads(const)
        _GLOBAL_READS[code] = names
    return names


def _guard_value(guards, source, path, value, depth):
    if isinstance(value, torch.Tensor):
        dtype = str(value.dtype).replace("torch.", "")
        guards.append({"kind": "TENSOR_MATCH", "source": source, "path": path, "dtype": dtype,
                       "dtype_object": value.dtype, "device_object": value.device,
                       "dtype_name": _DTYPE_NAMES.get(dtype, dtype), "device": str(value.device),
                       "requires_grad": bool(value.requires_grad), "shape": list(value.shape),
                       "stride": list(value.stride()),
                       "text": f"{source}: tensor {dtype}{list(value.shape)} stride {list(value.stride())} "
                               f"{value.device} requires_grad={bool(value.requires_grad)}"})
    elif value is None:
        guards.append({"kind": "NONE_MATCH", "source": source, "path": path, "text": f"{source} is None"})
    elif type(value) in (bool, int, float, str):
        guards.append({"kind": "EQUALS_MATCH", "source": source, "path": path, "value": value,
                       "text": f"{source} == {value!r}"})
    elif isinstance(value, torch.nn.Module):
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__qualname__}"})
        for name, module in value.named_modules():
            where, steps = (f"{source}.{name}", path + [["attr", n] for n in name.split(".")]) if name \
                else (source, path)
            guards.append({"kind": "EQUALS_MATCH", "source": f"{where}.training", "path": steps + [["attr", "training"]],
                           "value": bool(module.training), "text": f"{where}.training == {bool(module.training)}"})
            # Plain Python attributes (self.scale, self.use_cache) may steer
            # the computation. Which ones the frame reads is not tracked yet,
            # so all of them are guarded: sound, at the price of recompiling
            # when an unread one changes.
            for attr, attr_value in sorted(vars(module).items()):
                if attr.startswith("_") or attr == "training":
                    continue
                if attr_value is None or type(attr_value) in (bool, int, float, str):
                    _guard_value(guards, f"{where}.{attr}", steps + [["attr", attr]], attr_value, depth + 1)
            for pname, tensor in list(module.named_parameters(recurse=False)) + \
                    list(module.named_buffers(recurse=False)):
                if tensor is not None:
                    _guard_value(guards, f"{where}.{pname}", steps + [["attr", pname]], tensor, depth + 1)
    elif type(value) in (list, tuple) and depth < 2:
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__name__}"})
        guards.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(value),
                       "text": f"len({source}) == {len(value)}"})
        for i, item in enumerate(value):
            _guard_value(guards, f"{source}[{i}]", path + [["item", i]], item, depth + 1)
    elif type(value) is dict and depth < 2 and all(isinstance(k, (str, int)) for k in value):
        keys = list(value)
        guards.append({"kind": "DICT_KEYS", "source": source, "path": path, "keys": keys,
                       "text": f"list({source}.keys()) == {keys!r}"})
        for key, item in value.items():
            _guard_value(guards, f"{source}[{key!r}]", path + [["item", key]], item, depth + 1)
    else:
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__qualname__}"})


# Global state a graph depends on, each read by a C function of torch that
# the frame hook calls directly.
_STATE_PROBES = {"grad_mode": torch.is_grad_enabled, "default_dtype": torch.get_default_dtype,
                 "deterministic_algorithms": torch._C._get_deterministic_algorithms,
                 "num_threads": torch.get_num_threads}


def global_state():
    return {field: probe() for field, probe in _STATE_PROBES.items()}


def _global_state_guard():
    state = global_state()
    return {"kind": "GLOBAL_STATE", "source": "global state", "path": [], "state": state, "probes": _STATE_PROBES,
            "text": "global state: " + ", ".join(f"{k}={v}" for k, v in state.items())}


class _DispatchRecorder(TorchDispatchMode):
    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        capture = _current()
        if capture is None or capture.suspended:
            return func(*args, **kwargs)
        return capture.record_op(func, args, kwargs)


class _FunctionRecorder(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        capture = _current()
        if capture is None or capture.suspended:
            return func(*args, **kwargs)
        try:
            name = resolve_name(func) or getattr(func, "__qualname__", repr(func))
        except Exception:
            name = repr(func)
        category = None
        if name in _BRANCH_FUNCS:
            category = "data-dependent-branch"
        elif name in _TO_PYTHON_FUNCS:
            category = "tensor-to-python"
        elif name in _SHAPE_FUNCS:
            category = "dynamic-shape-op"
        elif name in _AUTOGRAD_FUNCS:
            category = "autograd"
        elif name == "torch.Tensor.__getitem__" and len(args) > 1 and _has_bool_mask(args[1]):
            category = "dynamic-shape-op"
        if category is not None:
            return capture.run_break(category, name, lambda: func(*args, **kwargs), inputs=(args, kwargs))
        capture.function_stack.append(name)
        try:
            return func(*args, **kwargs)
        finally:
            capture.function_stack.pop()


def _tensors_in(obj, depth=0):
    if isinstance(obj, torch.Tensor):
        yield obj
    elif depth < 4 and isinstance(obj, (list, tuple)):
        for item in obj:
            yield from _tensors_in(item, depth + 1)
    elif depth < 4 and isinstance(obj, dict):
        for item in obj.values():
            yield from _tensors_in(item, depth + 1)


def _has_bool_mask(index):
    items = index if isinstance(index, tuple) else (index,)
    return any(isinstance(i, torch.Tensor) and i.dtype == torch.bool for i in items)


def _side_effect_kind(fn):
    """Category for a C function called from the program's code, or None."""
    import builtins
    import random
    import time
    if fn is builtins.print or fn is builtins.input or fn is builtins.open:
        return "side-effect"
    module = getattr(fn, "__module__", None)
    owner = getattr(fn, "__self__", None)
    if module == "time" and getattr(time, getattr(fn, "__name__", ""), None) is fn:
        return "nondeterministic-source"
    if owner is not None and owner is getattr(random, "_inst", None):
        return "nondeterministic-source"
    if module == "posix" and getattr(fn, "__name__", "") in ("urandom", "write", "read", "system"):
        return "nondeterministic-source" if fn.__name__ == "urandom" else "side-effect"
    if isinstance(owner, __import__("io").IOBase):
        return "side-effect"
    return None


_LOGGING_NAMES = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}


class Recorder:
    """Owns all captures of a run and writes the capture directory."""

    def __init__(self, output_dir, stdlib, third_party):
        self.output_dir = output_dir
        torch_dir = os.path.dirname(os.path.realpath(torch.__file__))
        self.source_filter = SourceFilter(stdlib, third_party, torch_dir)
        # torch imports torch._dynamo lazily on the first call of a function
        # it decorates (the modes below use some): do it now, not inside the
        # first watched frame where every call of the import is profiled.
        __import__("importlib").import_module("torch._dynamo")
        self.weights = Weights()
        self.frames = {}            # record id -> frame info
        self.frame_order = []
        self.entries = []
        self.break_list = []
        self.dispatch_mode = _DispatchRecorder()
        self.function_mode = _FunctionRecorder()
        self.lock = threading.Lock()
        os.makedirs(os.path.join(output_dir, "graphs"), exist_ok=True)
        os.makedirs(os.path.join(output_dir, "examples"), exist_ok=True)
        torch.nn.modules.module.register_module_forward_pre_hook(self._module_enter)
        torch.nn.modules.module.register_module_forward_hook(self._module_exit, always_call=True)

    def frame_number(self, record_id):
        return self.frame_order.index(record_id)

    # ----- callbacks from the frame hook -----------------------------------------------------
    def enter(self, record_id, code, arguments, globals_, recompile_reasons=None, function=None):
        """Starts recording a call of a watched frame: its first call, or a
        call that no cache entry's guards accept (recompile_reasons then says
        why, per existing entry)."""
        if _current() is not None:
            return None
        with self.lock:
            if record_id not in self.frames:
                self.frames[record_id] = {"function": code.co_qualname, "file": code.co_filename,
                                          "line": code.co_firstlineno, "entries": []}
                self.frame_order.append(record_id)
            info = self.frames[record_id]
            if info.get("capturing"):
                return None  # another thread is recording this frame; run unrecorded meanwhile
            info["capturing"] = True
        capture = FrameCapture(self, record_id, code, arguments, globals_)
        capture.arguments = arguments
        capture.closure = _closure_values(code, function)
        capture.global_names = set(global_reads(code))
        number = self.frame_order.index(record_id)
        capture.recompile_reasons = [f"{number}/{index}: {text}" for index, text in (recompile_reasons or [])]
        _tls.capture = capture
        capture.previous_profile = sys.getprofile()
        self.function_mode.__enter__()
        self.dispatch_mode.__enter__()
        sys.setprofile(self._profile)
        return capture

    def exit(self, capture, result, raised):
        """Ends the recording; returns the entry's guards for the frame hook."""
        sys.setprofile(capture.previous_profile)
        self.dispatch_mode.__exit__(None, None, None)
        self.function_mode.__exit__(None, None, None)
        _tls.capture = None
        graphs = capture.finish(None if raised else result)
        capture.guards = build_guards(capture.arguments, capture.globals, capture.global_names, capture.closure)
        with self.lock:
            try:
                self._store(capture, graphs, raised)
            finally:
                self.frames[capture.record_id]["capturing"] = False
        return capture.guards

    def finish(self, counters):
        """At exit: the hook's counters per watched frame ({record id: (hits
        per entry, cache-limit message or None)}) join frames.json."""
        with self.lock:
            for record_id, (hits, limit) in counters.items():
                info = self.frames.get(record_id)
                if info is None:
                    continue
                for entry, count in zip(info["entries"], hits):
                    entry["hits"] = count
                if limit:
                    info["cache_limit"] = limit
            self.write_index()

    # ----- module path and Python-level breaks ---------------------------------------------
    def _module_enter(self, module, args):
        capture = _current()
        if capture is not None:
            path = capture.module_paths.get(id(module), type(module).__name__)
            capture.module_stack.append((path, type(module).__name__))

    def _module_exit(self, module, args, output):
        capture = _current()
        if capture is not None and capture.module_stack:
            capture.module_stack.pop()

    def _profile(self, frame, event, arg):
        capture = _current()
        if capture is None:
            return
        # The end of a call that broke the graph resumes recording.
        if event in ("c_return", "c_exception"):
            if capture.pending_c is not None and capture.pending_c is arg:
                capture.pending_c = None
                capture.suspended -= 1
            return
        if event == "return":
            if capture.pending_py is not None and capture.pending_py is frame:
                capture.pending_py = None
                capture.suspended -= 1
                capture.made_between_graphs(arg)
            return
        if capture.suspended:
            return
        if event == "c_call":
            caller = frame.f_code
            if caller is not capture.code and not self.source_filter.is_program(caller.co_filename):
                return
            kind = _side_effect_kind(arg)
            if kind is not None:
                name = getattr(arg, "__qualname__", getattr(arg, "__name__", repr(arg)))
                capture.graph_break(kind, name, self._stack_at(frame, capture))
                capture.suspended += 1
                capture.pending_c = arg
        elif event == "call":
            code = frame.f_code
            if frame.f_globals is capture.globals:
                capture.global_names |= global_reads(code)
            caller = frame.f_back
            if caller is None:
                return
            if code.co_flags & 0x2a0 and code.co_name != "<genexpr>" and \
                    self.source_filter.is_program(code.co_filename):
                # CO_GENERATOR | CO_COROUTINE | CO_ASYNC_GENERATOR, once per generator frame.
                # Generator expressions are left alone: compilers inline them.
                if id(frame) not in capture.seen_generators:
                    capture.seen_generators.add(id(frame))
                    capture.keep.append(frame)
                    capture.graph_break("generator", code.co_qualname, self._stack_at(frame, capture))
                return
            caller_code = caller.f_code
            if caller_code is not capture.code and not self.source_filter.is_program(caller_code.co_filename):
                return
            filename = code.co_filename
            if code.co_name == "graph_break" and "_dynamo" in filename:
                capture.graph_break("explicit", "torch._dynamo.graph_break", self._stack_at(caller, capture))
            elif code.co_name in ("grad", "backward") and filename.endswith(os.path.join("autograd", "__init__.py")):
                self._python_break(capture, frame, "autograd", f"torch.autograd.{code.co_name}")
            elif code.co_name == "save" and filename.endswith(os.path.join("torch", "serialization.py")):
                self._python_break(capture, frame, "skipped-function", "torch.save")
            elif code.co_name in _LOGGING_NAMES and filename.endswith(os.path.join("logging", "__init__.py")):
                self._python_break(capture, frame, "side-effect", f"logging.{code.co_name}")
            elif self._is_numpy(filename) and any(isinstance(v, torch.Tensor) for v in frame.f_locals.values()):
                self._python_break(capture, frame, "skipped-function", f"numpy.{code.co_name}")

    def _is_numpy(self, filename):
        numpy = sys.modules.get("numpy")
        if numpy is None:
            return False
        return filename.startswith(os.path.dirname(numpy.__file__) + os.sep)

    def _python_break(self, capture, frame, category, what):
        capture.graph_break(category, what, self._stack_at(frame.f_back, capture))
        capture.suspended += 1
        capture.pending_py = frame

    def _stack_at(self, frame, capture):
        stack = []
        while frame is not None:
            code = frame.f_code
            if code is capture.code or self.source_filter.is_user(code.co_filename):
                stack.append({"file": code.co_filename, "line": frame.f_lineno, "function": code.co_qualname})
            if code is capture.code:
                break
            frame = frame.f_back
        stack.reverse()
        return stack

    # ----- writing ----------------------------------------------------------------------------
    def _store(self, capture, graphs, raised):
        frame_index = self.frame_number(capture.record_id)
        info = self.frames[capture.record_id]
        entry_index = len(info["entries"])
        entry_id = f"{frame_index}/{entry_index}"
        numbers = {}
        graph_ids = []
        for g, outputs in graphs:
            gid = f"{entry_id}/{g.number}"
            numbers[id(g)] = g.number
            graph_ids.append(gid)
        for g, outputs in graphs:
            gid = f"{entry_id}/{g.number}"
            stem = gid.replace("/", "_")
            document = self._graph_document(capture, g, outputs, gid, numbers)
            _write_json(os.path.join(self.output_dir, "graphs", stem + ".json"), document)
            _write_text(os.path.join(self.output_dir, "graphs", stem + ".txt"), _listing(document))
            tensors = {f"input.{k}": v for k, v in g.examples.items()}
            tensors.update({f"output.{o['name']}": g.closing_values[o["name"]] for o in outputs})
            _write_safetensors(os.path.join(self.output_dir, "examples", stem + ".safetensors"), tensors,
                               {"graph": gid, "rng_state": g.rng_state.tolist().__repr__()})
        breaks = []
        for b in capture.breaks:
            before = b["graph"].number
            cat = CATEGORIES[b["category"]]
            breaks.append({"entry": entry_id, "category": b["category"], "id": cat[0], "type": cat[1],
                           "explanation": cat[2], "hint": cat[3], "operation": b["operation"],
                           "stack": b["stack"], "after_graph": None if before is None else f"{entry_id}/{before}"})
        self.break_list.extend(breaks)
        info["entries"].append({"id": entry_id, "graphs": graph_ids, "graph_breaks": len(breaks),
                                "op_count": sum(len(g.nodes) for g, _ in graphs), "raised": bool(raised),
                                "guards": [g["text"] for g in capture.guards], "hits": 0,
                                "recompile_reasons": capture.recompile_reasons})
        self.write_index()

    def _graph_document(self, capture, g, outputs, gid, numbers):
        inputs = []
        for entry in g.inputs:
            entry = dict(entry)
            ref = entry.pop("source_ref", None)
            if ref is not None:
                if "graph_output" in ref:
                    gid_from = gid.rsplit("/", 1)[0] + "/" + str(numbers.get(id(ref["graph"])))
                    entry["source"] = f"graph {gid_from} output {ref['graph_output']}"
                else:
                    entry["source"] = f"made between graphs ({ref['break_output']})"
            inputs.append(entry)
        return {
            "schema": GRAPH_SCHEMA[0], "version": GRAPH_SCHEMA[1], "id": gid,
            "frame": {"function": capture.code.co_qualname, "file": capture.code.co_filename,
                      "line": capture.code.co_firstlineno},
            "inputs": inputs, "nodes": g.nodes, "outputs": outputs, "op_count": len(g.nodes),
        }

    def write_index(self):
        frames = []
        for record_id in self.frame_order:
            info = self.frames[record_id]
            frame = {"id": self.frame_number(record_id), "function": info["function"], "file": info["file"],
                     "line": info["line"], "entries": info["entries"]}
            if info.get("cache_limit"):
                frame["cache_limit"] = info["cache_limit"]
            frames.append(frame)
        _write_json(os.path.join(self.output_dir, "frames.json"),
                    {"schema": FRAMES_SCHEMA[0], "version": FRAMES_SCHEMA[1], "frames": frames})
        _write_json(os.path.join(self.output_dir, "breaks.json"),
                    {"schema": BREAKS_SCHEMA[0], "version": BREAKS_SCHEMA[1], "graph_breaks": self.break_list})
        self.weights.write(self.output_dir)


class Weights:
    """Parameters, buffers and constants of all graphs: each storage once;
    tensors that share a storage (tied weights, views) point into it. A
    tensor changed in place since it was stored (its version moved on) is
    stored again, so every graph reads the value it saw."""

    def __init__(self):
        self.storages = {}          # (storage address, bytes, device, version) -> (name, snapshot, dtype, storage)
        self.tensors = {}           # weight name -> description
        self.by_id = {}             # id(tensor) -> (weak reference, version, weight name)

    def add(self, tensor, name):
        known = self.by_id.get(id(tensor))
        # Same object, same version, same memory and dtype (`module.double()`
        # swaps a parameter's data without a version bump).
        stamp = (tensor._version, tensor.data_ptr(), tensor.dtype, tuple(tensor.shape))
        if known is not None and known[0]() is tensor and known[1] == stamp:
            return known[2]
        base = name
        suffix = 1
        while name in self.tensors:
            name = f"{base}_{suffix}"
            suffix += 1
        storage = tensor.untyped_storage()
        # Views share their base's version counter, so the version tells
        # whether a stored snapshot of this storage is still current.
        key = (storage.data_ptr(), storage.nbytes(), str(tensor.device), tensor._version, tensor.dtype)
        if key not in self.storages:
            flat = torch.empty(0, dtype=tensor.dtype, device=tensor.device)
            flat.set_(storage, 0, (storage.nbytes() // tensor.element_size(),), (1,))
            # The storage object is kept so that its address cannot be reused
            # by another tensor while this key exists.
            self.storages[key] = (f"storage{len(self.storages)}", flat.detach().clone(), tensor.dtype, storage)
        storage_name, _, storage_dtype, _ = self.storages[key]
        self.tensors[name] = {"storage": storage_name, "dtype": str(tensor.dtype).replace("torch.", ""),
                              "shape": list(tensor.shape), "stride": list(tensor.stride()),
                              "storage_offset": int(tensor.storage_offset()) * tensor.element_size() //
                              torch.empty(0, dtype=storage_dtype).element_size()}
        try:
            self.by_id[id(tensor)] = (weakref.ref(tensor), stamp, name)
        except TypeError:
            pass
        return name

    def write(self, output_dir):
        _write_safetensors(os.path.join(output_dir, "weights.safetensors"),
                           {name: t for name, t, _, _ in self.storages.values()}, {"format": "dynx storages"})
        _write_json(os.path.join(output_dir, "weights.json"),
                    {"schema": WEIGHTS_SCHEMA[0], "version": WEIGHTS_SCHEMA[1],
                     "file": "weights.safetensors", "tensors": self.tensors})


# ----- files ------------------------------------------------------------------------------------
def _write_atomic(path, data):
    temp = f"{path}.tmp.{os.getpid()}.{threading.get_ident()}"
    with open(temp, "wb") as f:
        f.write(data)
    os.replace(temp, path)


def _write_json(path, document):
    _write_atomic(path, (json.dumps(document, indent=1, sort_keys=True, allow_nan=False) + "\n").encode())


def _write_text(path, text):
    _write_atomic(path, text.encode())


_ST_DTYPES = {torch.float32: "F32", torch.float64: "F64", torch.float16: "F16", torch.bfloat16: "BF16",
              torch.int64: "I64", torch.int32: "I32", torch.int16: "I16", torch.int8: "I8", torch.uint8: "U8",
              torch.bool: "BOOL"}


def _write_safetensors(path, tensors, metadata):
    """safetensors: u64 header size, JSON header, then the raw little-endian data."""
    header = {"__metadata__": {k: str(v) for k, v in metadata.items()}}
    chunks = []
    offset = 0
    for name in sorted(tensors):
        t = tensors[name].detach().to("cpu").contiguous()
        dtype = _ST_DTYPES.get(t.dtype)
        if dtype is None:
            continue
        data = t.reshape(-1).view(torch.uint8).numpy().tobytes() if t.numel() else b""
        header[name] = {"dtype": dtype, "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        chunks.append(data)
        offset += len(data)
    text = json.dumps(header, sort_keys=True, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    _write_atomic(path, struct.pack("<Q", len(text)) + text + b"".join(chunks))


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
        return f"{key}({value})"
    if isinstance(arg, list):
        return "[" + ", ".join(_format_arg(a) for a in arg) + "]"
    return repr(arg)


def _meta_text(meta):
    short = {"float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16", "int64": "i64",
             "int32": "i32", "int8": "i8", "uint8": "u8", "bool": "b8"}
    return f"{short.get(meta['dtype'], meta['dtype'])}[{', '.join(str(s) for s in meta['shape'])}]"


def _listing(document):
    """A Python-like listing in the spirit of FX's print_readable."""
    frame = document["frame"]
    lines = [f"# graph {document['id']} of {frame['function']} ({os.path.basename(frame['file'])}:{frame['line']})"
             f": {document['op_count']} ops"]
    params = ", ".join(f"{i['name']}: \"{_meta_text(i['meta'])}\"" for i in document["inputs"])
    lines.append(f"def graph({params}):")
    for i in document["inputs"]:
        lines.append(f"    # {i['name']}: {i['kind']} {i.get('source', '')}".rstrip())
    last_where = None
    for node in document["nodes"]:
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
            lines.append(f"    # {os.path.basename(where['file'])}:{where['line']}: {code}{suffix}")
            last_where = key
        outs = [o for o in node["outputs"] if o.get("name")]
        args = [_format_arg(a) for a in node["args"]]
        args += [f"{k}={_format_arg(v)}" for k, v in sorted(node["kwargs"].items())]
        call = f"{node['op']}({', '.join(args)})"
        if len(outs) == 1:
            lines.append(f"    {outs[0]['name']}: \"{_meta_text(outs[0]['meta'])}\" = {call}")
        elif outs:
            names = ", ".join(o["name"] for o in outs)
            lines.append(f"    {names} = {call}")
        else:
            lines.append(f"    {call}")
    lines.append(f"    return ({''.join(o['name'] + ', ' for o in document['outputs'])})")
    return "\n".join(lines) + "\n"
