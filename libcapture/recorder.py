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
import enum
import functools
import json
import linecache
import math
import os
import re
import struct
import sys
import threading
import time
import types
import weakref

import torch
from torch.overrides import TorchFunctionMode, resolve_name
from torch.utils._python_dispatch import TorchDispatchMode

import _dynx

GRAPH_SCHEMA = ("dynx.graph", 2)
FRAMES_SCHEMA = ("dynx.frames", 2)
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
        self.used = set()           # every name given out in this graph
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
        name = base if count == 0 else f"{base}_{count}"
        while name in self.used:  # "add_1" may already be an input's name
            count += 1
            name = f"{base}_{count}"
        self.names[base] = count + 1
        self.used.add(name)
        return name


class FrameCapture:
    """Everything recorded during one outermost call of a watched frame."""

    def __init__(self, recorder, record_id, code, arguments, globals_, weights=None):
        self.recorder = recorder
        self.weights = weights if weights is not None else recorder.weights
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
        self.read_names = set(names_read_by(code))

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
                entry["weight"] = self.weights.add(tensor, weight or f"{self.label()}.{name}")
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
        if len(flat) > 1:
            # Results are named name_0, name_1, ...: none may be taken (an
            # input named after an earlier graph's output, say).
            while any(f"{name}_{i}" in graph.used for i in range(len(flat))):
                name = graph.unique(base)
            graph.used.update(f"{name}_{i}" for i in range(len(flat)))
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
    """Guards on the values a call starts with (built when it starts: the
    call may change them). Attribute guards carry the attribute names they
    depend on ("needs"), for finish_guards to keep only those the call could
    read."""
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


def finish_guards(guards, read_names=None, extra=()):
    """The entry's guards: those whose attributes the call could have read
    (all if read_names is None), guards on globals first read during the
    call (`extra`), then the aliasing guards between tensor inputs."""
    kept = [g for g in guards if read_names is None or all(n in read_names for n in g.get("needs", ()))]
    kept = [{k: v for k, v in g.items() if k != "needs"} for g in kept] + list(extra)
    _aliasing_guards(kept)
    return kept


def _guard_free_value(guards, source, path, value):
    """A closure cell or global the frame reads: data (tensors, scalars,
    containers, modules, plain objects) by value; functions, classes and
    Python modules by identity."""
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType, type,
                          functools.partial)) or callable(value) and not isinstance(value, torch.nn.Module):
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": _object_name(value), "text": f"{source} is {_object_name(value)}"})
    else:
        _guard_value(guards, source, path, value, 0)


def _object_name(value):
    """torch.relu, math.sqrt, mymodule.MyClass; the type's name otherwise."""
    module = getattr(value, "__module__", None)
    name = getattr(value, "__qualname__", None)
    if isinstance(value, types.ModuleType):
        return value.__name__
    if isinstance(module, str) and isinstance(name, str):
        short = getattr(value, "__name__", None)
        if isinstance(short, str) and getattr(sys.modules.get(module), short, None) is value:
            name = short  # torch.relu rather than torch._VariableFunctionsClass.relu
        return f"{module}.{name}" if module not in ("builtins", "__main__") else name
    return f"the same {type(value).__name__} object"


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


_SCALARS = (bool, int, float, str)
_BY_VALUE = (torch.dtype, torch.device, torch.layout, torch.memory_format)
_MAX_DEPTH = 5


def _attr_source(where, name):
    """`L['self'].fc` for identifiers; `L['self']._modules['0']` for the
    children of Sequential and ModuleList, as PyTorch writes them."""
    return f"{where}.{name}" if name.isidentifier() else f"{where}._modules[{name!r}]"


def _plain_data(value, depth=0):
    """Scalars and containers of scalars: what a module attribute may hold
    that can steer the computation and is cheap to guard by value."""
    if value is None or type(value) in _SCALARS or isinstance(value, _BY_VALUE + (enum.Enum,)):
        return True
    if depth < 2 and type(value) in (list, tuple):
        return len(value) <= 64 and all(_plain_data(v, depth + 1) for v in value)
    if depth < 2 and type(value) is dict:
        return len(value) <= 64 and all(isinstance(k, (str, int)) and _plain_data(v, depth + 1)
                                        for k, v in value.items())
    return False


_NAMES_OF_CODE = {}


def names_read_by(code):
    """Attribute names a code object can read: its co_names (LOAD_ATTR,
    LOAD_METHOD) and its string constants (getattr(obj, "name"))."""
    names = _NAMES_OF_CODE.get(code)
    if names is None:
        names = frozenset(code.co_names) | frozenset(c for c in code.co_consts if type(c) is str)
        _NAMES_OF_CODE[code] = names
    return names


def _guard_attributes(guards, source, path, obj, depth):
    """Plain data attributes of an object (self.scale, cfg.use_cache) that
    the recorded call could have read: those named by any code it executed
    (a name built at run time, getattr(obj, f"x{i}"), is missed: --verify
    finds such an entry)."""
    for attr, attr_value in sorted(vars(obj).items()):
        if attr.startswith("_") or attr == "training":
            continue
        if _plain_data(attr_value):
            start = len(guards)
            _guard_value(guards, f"{source}.{attr}", path + [["attr", attr]], attr_value, depth + 1)
            for guard in guards[start:]:
                guard.setdefault("needs", []).append(attr)


def _guard_value(guards, source, path, value, depth):
    if isinstance(value, torch.Tensor):
        dtype = str(value.dtype).replace("torch.", "")
        guards.append({"kind": "TENSOR_MATCH", "source": source, "path": path, "dtype": dtype, "type": type(value),
                       "dtype_object": value.dtype, "device_object": value.device,
                       "dtype_name": _DTYPE_NAMES.get(dtype, dtype), "device": str(value.device),
                       "requires_grad": bool(value.requires_grad), "shape": list(value.shape),
                       "stride": list(value.stride()), "object": value,
                       "text": f"{source}: tensor {dtype}{list(value.shape)} stride {list(value.stride())} "
                               f"{value.device} requires_grad={bool(value.requires_grad)}"})
    elif value is None:
        guards.append({"kind": "NONE_MATCH", "source": source, "path": path, "text": f"{source} is None"})
    elif type(value) in _SCALARS or isinstance(value, _BY_VALUE):
        guards.append({"kind": "EQUALS_MATCH", "source": source, "path": path, "value": value,
                       "text": f"{source} == {value!r}"})
    elif isinstance(value, enum.Enum):
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": str(value), "text": f"{source} is {value}"})
    elif isinstance(value, torch.nn.Module):
        for name, module in value.named_modules():
            where, steps = source, path
            for part in name.split(".") if name else ():
                where, steps = _attr_source(where, part), steps + [["attr", part]]
            guards.append({"kind": "TYPE_MATCH", "source": where, "path": steps, "type": type(module),
                           "text": f"type({where}) is {type(module).__qualname__}"})
            guards.append({"kind": "EQUALS_MATCH", "source": f"{where}.training", "path": steps + [["attr", "training"]],
                           "value": bool(module.training), "text": f"{where}.training == {bool(module.training)}"})
            _guard_attributes(guards, where, steps, module, depth)
            for pname, tensor in list(module.named_parameters(recurse=False)) + \
                    list(module.named_buffers(recurse=False)):
                if tensor is not None:
                    _guard_value(guards, f"{where}.{pname}", steps + [["attr", pname]], tensor, depth + 1)
    elif type(value) in (list, tuple, torch.Size) and depth < _MAX_DEPTH:
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__name__}"})
        guards.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(value),
                       "text": f"len({source}) == {len(value)}"})
        for i, item in enumerate(value):
            _guard_value(guards, f"{source}[{i}]", path + [["item", i]], item, depth + 1)
    elif type(value) is dict and depth < _MAX_DEPTH and all(type(k) in (str, int) for k in value):
        keys = list(value)
        guards.append({"kind": "DICT_KEYS", "source": source, "path": path, "keys": keys,
                       "text": f"list({source}.keys()) == {keys!r}"})
        for key, item in value.items():
            _guard_value(guards, f"{source}[{key!r}]", path + [["item", key]], item, depth + 1)
    else:
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__qualname__}"})
        # A plain object of the program (a config, a dataclass): its data attributes.
        if depth < _MAX_DEPTH and type(value).__module__ not in ("builtins", "torch") and \
                hasattr(value, "__dict__") and not callable(value):
            _guard_attributes(guards, source, path, value, depth)


def _aliasing_guards(guards):
    """Tensors reached by two sources are one graph input: TENSOR_ALIASING
    keeps them the same object; NO_TENSOR_ALIASING keeps the others apart."""
    first = {}
    for index, guard in enumerate(list(guards)):
        if guard["kind"] != "TENSOR_MATCH":
            continue
        known = first.get(id(guard["object"]))
        if known is None:
            first[id(guard["object"])] = index
        else:
            guards.append({"kind": "TENSOR_ALIASING", "source": guard["source"], "path": guard["path"],
                           "same_as": known,
                           "text": f"{guard['source']} is {guards[known]['source']}"})
    # Only tensors that come with the call (arguments and what they hold,
    # globals, closures): parameters are distinct by construction.
    inputs = [i for i in first.values() if not any(step[0] == "attr" for step in guards[i]["path"])]
    if len(inputs) > 1:
        sources = ", ".join(guards[i]["source"] for i in inputs)
        guards.append({"kind": "NO_TENSOR_ALIASING", "source": sources, "path": [], "guards": inputs,
                       "text": f"no aliasing between {sources}"})
    for guard in guards:
        if guard["kind"] == "TENSOR_MATCH":
            del guard["object"]


# ----- automatic dynamic shapes ---------------------------------------------------------------
# dynx records concrete operations; it does not trace symbolically. A
# dimension becomes dynamic when a new entry differs from an earlier one
# only in sizes: the two recordings are compared position by position, and
# every integer that changed must be explained by one expression over the
# changed sizes (s0, 3*s0, s0 + 2, s0 // 2, s0*s1), or the new entry stays
# static. Sizes 0 and 1 stay specialised, as in PyTorch.

class _NotDynamic(Exception):
    pass


class SymExpr:
    """coef * prod(symbols) // div + add, over symbol indices."""

    __slots__ = ("coef", "symbols", "div", "add")

    def __init__(self, coef, symbols, div=1, add=0):
        self.coef, self.symbols, self.div, self.add = coef, tuple(symbols), div, add

    def eval(self, values):
        product = self.coef
        for s in self.symbols:
            product *= values[s]
        if product % self.div:
            return None  # not exact: outside what this entry covers
        return product // self.div + self.add

    def key(self):
        return (self.coef, self.symbols, self.div, self.add)

    def text(self, names):
        text = "*".join(([str(self.coef)] if self.coef != 1 else []) + [names[s] for s in self.symbols])
        if self.div != 1:
            text += f"//{self.div}"
        if self.add:
            text += f" + {self.add}" if self.add > 0 else f" - {-self.add}"
        return text

    def guard_form(self):
        return {"expr": [self.coef, list(self.symbols), self.add, self.div]}


def _fit(old, new, symbols, consistent=None):
    """The one expression over `symbols` ([(old, new)] per symbol) that maps
    old -> new, or None when none or several do. `consistent(expr)` drops
    candidates that contradict what an earlier dynamic entry established."""
    found = {}
    n = len(symbols)
    products = [((i,), symbols[i][0], symbols[i][1]) for i in range(n)]
    products += [((i, j), symbols[i][0] * symbols[j][0], symbols[i][1] * symbols[j][1])
                 for i in range(n) for j in range(i, n)]
    for syms, p_old, p_new in products:
        if p_old == p_new or p_new == 0 or p_old == 0:
            continue
        if new % p_new == 0 and old % p_old == 0 and new // p_new == old // p_old and new // p_new >= 1:
            e = SymExpr(new // p_new, syms)
            found[e.key()] = e
        if new - p_new == old - p_old:
            e = SymExpr(1, syms, 1, new - p_new)
            found[e.key()] = e
        if new >= 1 and p_new % new == 0 and p_old % max(old, 1) == 0 and old >= 1 and \
                p_new // new == p_old // old and p_new // new >= 2:
            e = SymExpr(1, syms, p_new // new)
            found[e.key()] = e
    if consistent is not None:
        found = {k: e for k, e in found.items() if consistent(e)}
    return next(iter(found.values())) if len(found) == 1 else None


_SKIP_KEYS = {"id", "stack", "weight", "example"}
_PROBES = (2, 3, 5)


def _same_source(a, b):
    """Input sources name earlier graphs of their own entry ("graph 0/3/0
    output add"): equal up to the entry."""
    pattern = r"^graph \d+/\d+/"
    return isinstance(a, str) and isinstance(b, str) and re.sub(pattern, "graph ", a) == re.sub(pattern, "graph ", b)


class _Aligner:
    """Walks an earlier entry's recording (concrete, and symbolic if it was
    dynamic) beside the new one and builds the new symbolic form."""

    def __init__(self, symbols, old_values, new_values, known=0):
        self.symbols = symbols            # [(old, new)] per symbol index
        self.old_values = old_values
        self.new_values = new_values
        self.known = known                # symbols [0, known) come from the earlier entry
        self.divisible = {}               # key -> SymExpr whose division must be exact

    def consistent_with(self, old_sym):
        """A candidate must agree with the earlier entry wherever that entry
        was valid: its own symbols free, the new ones at their old values."""
        if not self.known:
            return None

        def check(expr):
            for factor in _PROBES:
                values = list(self.old_values)
                for k in range(self.known):
                    values[k] = self.old_values[k] * factor  # keeps exact divisions exact
                want = old_sym.eval(values) if isinstance(old_sym, SymExpr) else old_sym
                if want is None or expr.eval(values) != want:
                    return False
            return True
        return check

    def integer(self, old, old_sym, new, where):
        if isinstance(old_sym, SymExpr) and old_sym.eval(self.new_values) == new:
            expr = old_sym
        elif old == new:
            return new
        else:
            expr = _fit(old, new, self.symbols, self.consistent_with(old_sym if old_sym is not None else old))
            if expr is None:
                raise _NotDynamic(f"{where}: {old} -> {new} is not explained by the changed sizes")
        if expr.div != 1:
            self.divisible[expr.key()] = expr
        return expr

    def walk(self, old, old_sym, new, where):
        if type(old) is not type(new) and not (isinstance(old, (int, float)) and isinstance(new, (int, float))
                                                and not isinstance(old, bool) and not isinstance(new, bool)):
            raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
        if isinstance(new, bool) or new is None or isinstance(new, str):
            if old != new and not _same_source(old, new):
                raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
            return new
        if isinstance(new, int) and isinstance(old, int):
            return self.integer(old, old_sym, new, where)
        if isinstance(new, float) or isinstance(old, float):
            if old != new:
                raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
            return new
        if isinstance(new, list):
            if len(old) != len(new):
                raise _NotDynamic(f"{where}: {len(old)} items vs {len(new)}")
            syms = old_sym if isinstance(old_sym, list) and len(old_sym) == len(new) else [None] * len(new)
            return [self.walk(o, s, n, f"{where}[{i}]") for i, (o, s, n) in enumerate(zip(old, syms, new))]
        if isinstance(new, dict):
            if set(old) - _SKIP_KEYS != set(new) - _SKIP_KEYS:
                raise _NotDynamic(f"{where}: fields differ")
            out = {}
            for key, value in new.items():
                if key in _SKIP_KEYS:
                    out[key] = value
                else:
                    sym = old_sym.get(key) if isinstance(old_sym, dict) else None
                    out[key] = self.walk(old[key], sym, value, f"{where}.{key}")
            return out
        if old != new:
            raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
        return new


def _size_changes(old_guards, new_guards):
    """[(guard index, dim, old, new)] when two guard lists differ only in
    tensor sizes and strides; None when anything else differs."""
    if len(old_guards) != len(new_guards):
        return None
    changes = []
    for index, (a, b) in enumerate(zip(old_guards, new_guards)):
        if a["kind"] != b["kind"] or a["source"] != b["source"]:
            return None
        if a["kind"] != "TENSOR_MATCH":
            if a["text"] != b["text"]:
                return None
            continue
        if (a["dtype"], a["device"], a["requires_grad"], a["type"], len(a["shape"])) != \
                (b["dtype"], b["device"], b["requires_grad"], b["type"], len(b["shape"])):
            return None
        for dim, (x, y) in enumerate(zip(a["shape"], b["shape"])):
            if x != y:
                changes.append((index, dim, x, y))
    return changes


def _symbolic_dims(values, exprs, names):
    return [e.text(names) if isinstance(e, SymExpr) else v for v, e in zip(values, exprs)]


def make_dynamic(previous, guards, documents, mode, marks):
    """The dynamic form of a new entry, from the most recent earlier entry
    that differs from it only in sizes. Returns None (nothing changed size),
    or a dict: refused (why the entry stays static), or symbols, decisions,
    guards and documents in their symbolic form."""
    if mode == "off" and not marks:
        return None
    # The earlier entry to compare with: one that differs only in sizes,
    # preferring one that is already dynamic (its symbols carry over), then
    # the most recent.
    candidates = [(len(e["symbols"]), i, e, c) for i, e in enumerate(previous)
                  for c in [_size_changes(e["concrete_guards"], guards)] if c]
    if not candidates:
        return None
    _, _, earlier, changes = max(candidates, key=lambda t: (t[0], t[1]))
    wanted = [c for c in changes if mode == "auto" or (guards[c[0]]["source"], c[1]) in marks]
    decisions = [f"automatic dynamic size {guards[i]['source']} size({d}) {new} != {old}" for i, d, old, new in wanted]
    if len(wanted) != len(changes):
        return {"refused": "sizes changed that are not marked dynamic (--dynamic=off)", "decisions": []}
    for i, d, old, new in wanted:
        if new in (0, 1):
            return {"refused": f"{guards[i]['source']}.size()[{d}] is {new}: sizes 0 and 1 stay specialised",
                    "decisions": []}
    # Symbols: the earlier entry's, then one per distinct (old, new) pair (duck sizing).
    symbols, binders, names = [], [], []
    for sym in earlier.get("symbols", ()):
        binder = guards[sym["guard"]]
        symbols.append((sym["example"], binder["shape"][sym["dim"]]))
        binders.append((sym["guard"], sym["dim"]))
    for i, d, old, new in wanted:
        if (old, new) in symbols:
            continue
        symbols.append((old, new))
        binders.append((i, d))
    names = [f"s{k}" for k in range(len(symbols))]
    old_values = [s[0] for s in symbols]
    new_values = [s[1] for s in symbols]
    aligner = _Aligner(symbols, old_values, new_values, known=len(earlier.get("symbols", ())))
    try:
        sym_guards = []
        for index, (a, a_sym, b) in enumerate(zip(earlier["concrete_guards"], earlier["guards"], guards)):
            if b["kind"] != "TENSOR_MATCH":
                sym_guards.append(b)
                continue
            shape = aligner.walk(a["shape"], a_sym.get("sym_shape"), b["shape"], f"{b['source']}.size()")
            stride = aligner.walk(a["stride"], a_sym.get("sym_stride"), b["stride"], f"{b['source']}.stride()")
            if not any(isinstance(e, SymExpr) for e in shape + stride):
                sym_guards.append(b)
                continue
            g = dict(b)
            g["sym_shape"], g["sym_stride"] = shape, stride
            sym_guards.append(g)
        if len(earlier["documents"]) != len(documents):
            raise _NotDynamic(f"{len(documents)} graphs vs {len(earlier['documents'])}")
        sym_docs = [aligner.walk(a, s, b, f"graph {b['id']}") for a, s, b in
                    zip(earlier["concrete_documents"], earlier["documents"], documents)]
    except _NotDynamic as e:
        return {"refused": f"sizes changed but the recording differs otherwise ({e})", "decisions": decisions}
    # Each binder dim is its own symbol; other places compare with it.
    for k, (gi, dim) in enumerate(binders):
        shape = sym_guards[gi].get("sym_shape")
        if shape is None or not isinstance(shape[dim], SymExpr) or shape[dim].key() != (1, (k,), 1, 0):
            return {"refused": f"{guards[gi]['source']}.size()[{dim}] is not a symbol of its own", "decisions": []}
    shape_symbols = [{"name": names[k], "source": f"{guards[gi]['source']}.size()[{dim}]", "guard": gi, "dim": dim,
                      "min": 2, "max": None, "example": new_values[k]} for k, (gi, dim) in enumerate(binders)]
    divisible = [[e.coef, list(e.symbols), e.div] for e in aligner.divisible.values()]
    for g in sym_guards:
        if "sym_shape" in g:
            g["text"] = (f"{g['source']}: tensor {g['dtype']}[{', '.join(map(str, _symbolic_dims(g['shape'], g['sym_shape'], names)))}] "
                         f"stride [{', '.join(map(str, _symbolic_dims(g['stride'], g['sym_stride'], names)))}] "
                         f"{g['device']} requires_grad={g['requires_grad']}")
    texts = [f"2 <= {s['source']}" for s in shape_symbols]
    texts += [f"{SymExpr(c, syms).text([s['source'] for s in shape_symbols])} % {div} == 0" for c, syms, div in divisible]
    sym_guards.append({"kind": "SHAPE_ENV", "source": "shape env", "path": [], "symbols": shape_symbols,
                       "divisible": divisible, "text": ", ".join(texts)})
    return {"symbols": shape_symbols, "decisions": decisions, "guards": sym_guards, "documents": sym_docs,
            "names": names}


def _difference(expected, got, values, where):
    """The first place where a recorded graph (symbolic, sizes bound to
    `values`) and a new recording of the same call differ, or None."""
    if isinstance(expected, SymExpr):
        want = expected.eval(values) if None not in values else None
        return None if want == got else f"{where}: expected {want}, got {got!r}"
    if isinstance(expected, dict) and isinstance(got, dict):
        keys = (set(expected) | set(got)) - _SKIP_KEYS - {"symbols", "sym_shape", "sym_stride"}
        for key in sorted(keys):
            if key not in expected or key not in got:
                return f"{where}: {key} only in one of them"
            found = _difference(expected[key], got[key], values, f"{where}.{key}")
            if found:
                return found
        return None
    if isinstance(expected, list) and isinstance(got, list):
        if len(expected) != len(got):
            return f"{where}: {len(expected)} items expected, got {len(got)}"
        for i, (a, b) in enumerate(zip(expected, got)):
            found = _difference(a, b, values, f"{where}[{i}]")
            if found:
                return found
        return None
    if type(expected) is not type(got) or expected != got:
        return f"{where}: expected {expected!r}, got {got!r}"
    return None


def _resolve_op(op):
    namespace, rest = op.split("::", 1)
    name, overload = rest.rsplit(".", 1)
    return getattr(getattr(getattr(torch.ops, namespace), name), overload)


def _decode(arg, env, values):
    if isinstance(arg, SymExpr):
        return arg.eval(values)
    if isinstance(arg, dict):
        if "ref" in arg:
            return env[arg["ref"]]
        (key, value), = arg.items()
        if key in ("dtype", "layout", "memory_format"):
            return getattr(torch, value)
        if key == "device":
            return torch.device(value)
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
        return [_decode(a, env, values) for a in arg]
    return arg


def encode_document(sym_doc, concrete, names):
    """A symbolic graph document as written: metas keep their concrete
    shape and stride (this recording's) and add sym_shape/sym_stride;
    integer arguments that depend on sizes become {"sym": "2*s0"}."""
    if isinstance(sym_doc, dict):
        out = {}
        for key, value in sym_doc.items():
            out[key] = encode_document(value, concrete.get(key) if isinstance(concrete, dict) else None, names)
        if "shape" in sym_doc and "stride" in sym_doc and "dtype" in sym_doc:
            out["shape"], out["stride"] = concrete["shape"], concrete["stride"]
            if isinstance(sym_doc.get("storage_offset"), SymExpr):
                out["storage_offset"] = concrete["storage_offset"]
                out["sym_storage_offset"] = sym_doc["storage_offset"].text(names)
            if any(isinstance(e, SymExpr) for e in list(sym_doc["shape"]) + list(sym_doc["stride"])):
                out["sym_shape"] = [e.text(names) if isinstance(e, SymExpr) else e for e in sym_doc["shape"]]
                out["sym_stride"] = [e.text(names) if isinstance(e, SymExpr) else e for e in sym_doc["stride"]]
        return out
    if isinstance(sym_doc, list):
        concrete = concrete if isinstance(concrete, list) else [None] * len(sym_doc)
        return [encode_document(v, c, names) for v, c in zip(sym_doc, concrete)]
    if isinstance(sym_doc, SymExpr):
        return {"sym": sym_doc.text(names)}
    return sym_doc


def hook_guard(guard):
    """The form the frame hook reads: symbolic sizes as {"expr": [...]}. """
    if "sym_shape" not in guard:
        return guard
    g = dict(guard)
    g["shape"] = [e.guard_form() if isinstance(e, SymExpr) else e for e in guard["sym_shape"]]
    g["stride"] = [e.guard_form() if isinstance(e, SymExpr) else e for e in guard["sym_stride"]]
    return g


def _json_value(value):
    if value is None or type(value) in (bool, int, str):
        return value
    if type(value) is float:
        return value if math.isfinite(value) else repr(value)
    return str(value)


def guard_json(guard, names=()):
    """One guard as frames.json shows it: kind, source, readable text, and
    the facts it checks (what dynx-guard-diff compares)."""
    kind = guard["kind"]
    out = {"kind": kind, "source": guard["source"], "text": guard["text"]}
    if kind == "TENSOR_MATCH":
        dims = lambda key: [e.text(names) if isinstance(e, SymExpr) else e  # noqa: E731
                            for e in guard.get("sym_" + key, guard[key])]
        out.update({"type": guard["type"].__name__, "dtype": guard["dtype"], "device": guard["device"],
                    "requires_grad": guard["requires_grad"], "shape": dims("shape"), "stride": dims("stride")})
    elif kind == "EQUALS_MATCH":
        out["value"] = _json_value(guard["value"])
        out["value_type"] = type(guard["value"]).__name__
    elif kind == "TYPE_MATCH":
        out["type"] = getattr(guard["type"], "__qualname__", str(guard["type"]))
    elif kind == "ID_MATCH":
        out["object"] = guard.get("expected", "")
    elif kind == "LENGTH_CHECK":
        out["length"] = guard["length"]
    elif kind == "DICT_KEYS":
        out["keys"] = [_json_value(k) for k in guard["keys"]]
    elif kind == "GLOBAL_STATE":
        out["state"] = {k: _json_value(v) for k, v in guard["state"].items()}
    elif kind == "SHAPE_ENV":
        out["symbols"] = [{k: s[k] for k in ("name", "source", "min", "max", "example")} for s in guard["symbols"]]
        out["divisible"] = guard["divisible"]
    elif kind == "TENSOR_ALIASING":
        out["same_as"] = guard["same_as"]
    elif kind == "NO_TENSOR_ALIASING":
        out["guards"] = guard["guards"]
    return out


def parse_marks(marks):
    """--mark-dynamic x:0 -> {("L['x']", 0)}"""
    parsed = set()
    for mark in marks:
        name, _, dim = mark.rpartition(":")
        source = name if name.startswith(("L[", "G[")) else f"L[{name!r}]"
        parsed.add((source, int(dim)))
    return parsed


# Global state a graph depends on, each read by a C function of torch that
# the frame hook calls directly.
_STATE_PROBES = {"grad_mode": torch.is_grad_enabled, "default_dtype": torch.get_default_dtype,
                 "deterministic_algorithms": torch._C._get_deterministic_algorithms,
                 "num_threads": torch.get_num_threads,
                 "autocast_cpu": functools.partial(torch.is_autocast_enabled, "cpu"),
                 "autocast_cuda": functools.partial(torch.is_autocast_enabled, "cuda")}


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
        options = _dynx.recorder_options() if hasattr(_dynx, "recorder_options") else {}
        self.dynamic_mode = options.get("dynamic", "auto")
        self.marks = parse_marks(options.get("mark_dynamic", ()))
        self.frames = {}            # record id -> frame info
        self.frame_order = []
        # frames.json grows with every entry; rewriting it on each of 1,000
        # recompiles would be quadratic. It is rewritten when the time since
        # the last write is at least 10x what that write took (always, for
        # small captures), and at exit.
        self._index_written = 0.0
        self._index_cost = 0.0
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
    def enter(self, record_id, code, arguments, globals_, recompile_reasons=None, function=None, verify_entry=-1):
        """Starts recording a call of a watched frame: its first call, or a
        call that no cache entry's guards accept (recompile_reasons then says
        why, per existing entry), or with --verify a guard hit on entry
        verify_entry (recorded to be compared, never stored)."""
        if _current() is not None:
            return None
        with self.lock:
            if record_id not in self.frames:
                self.frames[record_id] = {"function": code.co_qualname, "file": code.co_filename,
                                          "line": code.co_firstlineno, "entries": [], "state": []}
                self.frame_order.append(record_id)
            info = self.frames[record_id]
            if info.get("capturing"):
                return None  # another thread is recording this frame; run unrecorded meanwhile
            info["capturing"] = True
        verifying = verify_entry is not None and verify_entry >= 0
        capture = FrameCapture(self, record_id, code, arguments, globals_, Weights() if verifying else None)
        capture.verify_entry = verify_entry if verifying else -1
        capture.arguments = arguments
        capture.closure = _closure_values(code, function)
        capture.global_names = set(global_reads(code))
        capture.entry_global_names = set(capture.global_names)
        capture.module_globals = {}     # other modules of the program: {module name: names read}
        capture.entry_guards = build_guards(arguments, globals_, capture.global_names, capture.closure)
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
        extra = []
        for name in sorted(capture.global_names - capture.entry_global_names):
            if name in capture.globals:
                _guard_free_value(extra, f"G[{name!r}]", [["global", name]], capture.globals[name])
        for module, names in sorted(capture.module_globals.items()):
            namespace = vars(sys.modules[module]) if module in sys.modules else {}
            for name in sorted(names):
                if name in namespace:
                    _guard_free_value(extra, f"sys.modules[{module!r}].{name}", [["module", module], ["attr", name]],
                                      namespace[name])
        capture.guards = finish_guards(capture.entry_guards, capture.read_names, extra)
        with self.lock:
            try:
                if capture.verify_entry >= 0:
                    self._verify(capture, graphs, raised)
                    return None
                self._store(capture, graphs, raised)
            finally:
                self.frames[capture.record_id]["capturing"] = False
        return capture.hook_guards

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
            self.write_index(force=True)

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
        if event == "call":
            # Every Python frame of the call (recorded or not) may read
            # attributes that steer it: their names bound the guards.
            capture.read_names |= names_read_by(frame.f_code)
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
            elif self.source_filter.is_program(code.co_filename):
                # A function of another module of the program: its globals
                # are reached through sys.modules.
                module = frame.f_globals.get("__name__")
                loaded = sys.modules.get(module) if isinstance(module, str) else None
                if loaded is not None and getattr(loaded, "__dict__", None) is frame.f_globals:
                    capture.module_globals.setdefault(module, set()).update(global_reads(code))
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
        numbers = {id(g): g.number for g, _ in graphs}
        graph_ids = [f"{entry_id}/{g.number}" for g, _ in graphs]
        documents = [self._graph_document(capture, g, outputs, gid, numbers)
                     for (g, outputs), gid in zip(graphs, graph_ids)]
        state = {"concrete_guards": capture.guards, "guards": capture.guards, "concrete_documents": documents,
                 "documents": documents, "symbols": [], "names": []}
        dynamic = None if raised else make_dynamic(info["state"], capture.guards, documents, self.dynamic_mode,
                                                   self.marks)
        written = documents
        capture.hook_guards = capture.guards
        entry_dynamic = None
        if dynamic is not None and "refused" not in dynamic:
            names = dynamic["names"]
            state.update(guards=dynamic["guards"], documents=dynamic["documents"], symbols=dynamic["symbols"],
                         names=names)
            capture.hook_guards = [hook_guard(g) for g in dynamic["guards"]]
            public = [{k: sym[k] for k in ("name", "source", "min", "max", "example")} for sym in dynamic["symbols"]]
            written = [dict(encode_document(sym, doc, names), symbols=public)
                       for sym, doc in zip(dynamic["documents"], documents)]
            entry_dynamic = {"symbols": public, "decisions": dynamic["decisions"]}
        elif dynamic is not None:
            entry_dynamic = {"symbols": [], "decisions": dynamic["decisions"], "refused": dynamic["refused"]}
        info["state"].append(state)
        for (g, outputs), gid, document in zip(graphs, graph_ids, written):
            stem = gid.replace("/", "_")
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
        entry = {"id": entry_id, "graphs": graph_ids, "graph_breaks": len(breaks),
                 "op_count": sum(len(g.nodes) for g, _ in graphs), "raised": bool(raised),
                 "guards": [guard_json(g, state["names"]) for g in state["guards"]], "hits": 0,
                 "recompile_reasons": capture.recompile_reasons}
        if entry_dynamic is not None:
            entry["dynamic"] = entry_dynamic
        info["entries"].append(entry)
        self.write_index()

    # ----- --verify -----------------------------------------------------------------------------
    def _verify(self, capture, graphs, raised):
        """A guard hit, recorded again: the entry's graphs (sizes bound to
        this call's) must be this call's graphs, and replaying them on this
        call's inputs must give what eager just computed."""
        info = self.frames[capture.record_id]
        index = capture.verify_entry
        if index >= len(info["state"]):
            return
        state, entry = info["state"][index], info["entries"][index]
        report = entry.setdefault("verify", {"checked": 0, "unsound": []})
        report["checked"] += 1
        if raised:
            return
        numbers = {id(g): g.number for g, _ in graphs}
        documents = [self._graph_document(capture, g, outputs, f"{entry['id']}/{g.number}", numbers)
                     for g, outputs in graphs]
        by_source = {g["source"]: g for g in capture.guards if g["kind"] == "TENSOR_MATCH"}
        values = []
        for sym in state["symbols"]:
            binder = by_source.get(state["guards"][sym["guard"]]["source"])
            values.append(binder["shape"][sym["dim"]] if binder else None)
        problem = None
        if len(documents) != len(state["documents"]):
            problem = f"the call made {len(documents)} graphs, the entry has {len(state['documents'])}"
        for (g, outputs), expected, got in zip(graphs, state["documents"], documents):
            if problem:
                break
            problem = _difference(expected, got, values, f"graph {got['id']}")
            if problem is None:
                problem = self._replay_check(expected, g, outputs, capture, values)
        if problem:
            inputs = [g["text"] for g in capture.guards if g["kind"] in ("TENSOR_MATCH", "EQUALS_MATCH")][:6]
            report["unsound"].append({"call": report["checked"], "problem": problem, "inputs": inputs})
            if len(report["unsound"]) == 1:
                print(f"dynx-capture: warning: unsound guard: entry {entry['id']} ({info['function']}) accepted a "
                      f"call it does not compute: {problem}; inputs: {'; '.join(inputs)}", file=sys.stderr)
        self.write_index()

    def _replay_check(self, document, graph, outputs, capture, values):
        """Runs `document` (the entry's graph) on this call's graph inputs."""
        env = {}
        current = {spec["name"]: spec for spec in graph.inputs}
        for spec in document["inputs"]:
            name = spec["name"]
            if spec["kind"] == "constant":
                # A compiled entry keeps the constants it was recorded with.
                tensor = self.weights.tensor(spec["weight"])
            elif name in graph.examples:
                tensor = graph.examples[name].clone()
            else:
                tensor = capture.weights.tensor(current.get(name, {}).get("weight"))
            if tensor is None:
                return None  # an input this check cannot rebuild: nothing to compare
            env[name] = tensor
        rng = torch.get_rng_state()
        try:
            torch.set_rng_state(graph.rng_state)
            with torch.no_grad():
                for node in document["nodes"]:
                    op = _resolve_op(node["op"])
                    args = [_decode(a, env, values) for a in node["args"]]
                    kwargs = {k: _decode(v, env, values) for k, v in node["kwargs"].items()}
                    out = op(*args, **kwargs)
                    flat = out if isinstance(out, (tuple, list)) else (out,)
                    for spec, value in zip(node["outputs"], flat):
                        if spec.get("name"):
                            env[spec["name"]] = value
        except Exception as e:  # noqa: BLE001 - a graph that cannot run on these inputs is the finding
            return f"replaying graph {document['id']} failed: {type(e).__name__}: {e}"
        finally:
            torch.set_rng_state(rng)
        for output in outputs:
            want = graph.closing_values.get(output["name"])
            got = env.get(output["name"])
            if want is None or got is None:
                continue
            if got.shape != want.shape or got.dtype != want.dtype or not torch.equal(got, want):
                diff = (got.double() - want.double()).abs().max().item() if got.shape == want.shape and \
                    want.numel() else float("nan")
                return f"graph {document['id']} output {output['name']} differs from eager (max abs error {diff:g})"
        return None

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

    def write_index(self, force=False):
        started = time.monotonic()
        if not force and started - self._index_written < 10 * self._index_cost:
            return
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
        self._index_written = time.monotonic()
        self._index_cost = self._index_written - started


class Weights:
    """Parameters, buffers and constants of all graphs: each storage once;
    tensors that share a storage (tied weights, views) point into it. A
    tensor changed in place since it was stored (its version moved on) is
    stored again, so every graph reads the value it saw."""

    def __init__(self):
        self.written = None         # (storages, tensors) counts when last written: unchanged -> no rewrite
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

    def tensor(self, name):
        """A copy of weight `name` as it was stored, or None."""
        spec = self.tensors.get(name)
        if spec is None:
            return None
        for storage_name, flat, dtype, _ in self.storages.values():
            if storage_name == spec["storage"]:
                if str(dtype).replace("torch.", "") != spec["dtype"]:
                    return None
                return flat.as_strided(spec["shape"], spec["stride"], spec["storage_offset"]).clone()
        return None

    def write(self, output_dir):
        # Entries only add storages and tensors: the counts say whether anything changed.
        state = (len(self.storages), len(self.tensors))
        if state == self.written:
            return
        _write_safetensors(os.path.join(output_dir, "weights.safetensors"),
                           {name: t for name, t, _, _ in self.storages.values()}, {"format": "dynx storages"})
        _write_json(os.path.join(output_dir, "weights.json"),
                    {"schema": WEIGHTS_SCHEMA[0], "version": WEIGHTS_SCHEMA[1],
                     "file": "weights.safetensors", "tensors": self.tensors})
        self.written = state


# ----- files ------------------------------------------------------------------------------------
class CaptureWriteError(Exception):
    """A file of the capture directory could not be written (full disk, file
    size limit, ...): dynx-capture reports it in one line and stops recording."""


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
        if key == "sym":
            return value
        return f"{key}({value})"
    if isinstance(arg, list):
        return "[" + ", ".join(_format_arg(a) for a in arg) + "]"
    return repr(arg)


def _meta_text(meta):
    short = {"float32": "f32", "float64": "f64", "float16": "f16", "bfloat16": "bf16", "int64": "i64",
             "int32": "i32", "int8": "i8", "uint8": "u8", "bool": "b8"}
    shape = meta.get("sym_shape", meta["shape"])
    return f"{short.get(meta['dtype'], meta['dtype'])}[{', '.join(str(s) for s in shape)}]"


def _listing(document):
    """A Python-like listing in the spirit of FX's print_readable."""
    frame = document["frame"]
    lines = [f"# graph {document['id']} of {frame['function']} ({os.path.basename(frame['file'])}:{frame['line']})"
             f": {document['op_count']} ops"]
    for sym in document.get("symbols", ()):
        bound = f"{sym['min']} <= {sym['name']}" + (f" <= {sym['max']}" if sym["max"] is not None else "")
        lines.append(f"# {sym['name']} = {sym['source']}, {bound} (recorded at {sym['example']})")
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
