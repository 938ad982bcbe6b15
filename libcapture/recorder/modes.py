"""The TorchDispatchMode that records ATen operators and the
TorchFunctionMode that names the torch function behind them and catches
tensor data flowing into Python."""
import __future__
import dis
import linecache
import re
import functools
import sys
import threading
import types
import weakref

import torch
import torch.autograd.forward_ad as _fwad
from torch._ops import HigherOrderOperator
from torch.overrides import TorchFunctionMode, resolve_name
from torch.utils import _python_dispatch
from torch.utils._python_dispatch import TorchDispatchMode

import warnings

from .breaks import _AUTOGRAD_FUNCS, _BRANCH_FUNCS, _SHAPE_FUNCS, _TO_PYTHON_FUNCS, _has_bool_mask, _tensors_in
from . import numpy_trace
from .capture import _current
from .trace_rules import unprofiled
from .guards import STAND_INS, GRAD_READ, GRAD_READ_BEFORE_BREAK, version_read


_SPARSE = frozenset({torch.sparse_coo, torch.sparse_csr, torch.sparse_csc, torch.sparse_bsr, torch.sparse_bsc})
_CACHE = dis.opmap.get("CACHE", -1)
_LOAD_ASSERTION_ERROR = dis.opmap["LOAD_ASSERTION_ERROR"]

# A tensor's sizes read by Python code as ints (x.shape[0], x.size(1), len(x)).
_SIZE_READS = frozenset({"torch.Tensor.size", "torch.Tensor.shape.__get__", "torch.Tensor.__len__",
                         "torch.Tensor.numel"})
# Python code that loops as many times as a size says (`for row in x`,
# `range(len(x))`, x.unbind()): Dynamo specialises that size.
_SIZE_LOOPS = frozenset({"torch.Tensor.__iter__", "torch.Tensor.__len__", "torch.Tensor.unbind"})


def _name_tables():
    """The two tables torch.overrides._get_overridable_functions builds:
    {function: name} (the one behind resolve_name) and the overridable
    functions (those get_overridable_functions lists), built over the same
    namespaces, in the same order and with the same skips, without its
    self-check, which builds torch's whole testing-overrides table of
    lambdas and cost 60 ms of a model's first recorded call.
    tests/e2e/scripts/name_index.py holds both equal to torch's in the
    environment's torch."""
    index = {}
    overridable = set()
    ignored = None
    for namespace_str, namespace, names in (
            ("torch", torch, torch.__all__),
            ("torch.functional", torch.functional, torch.functional.__all__),
            ("torch.nn.functional", torch.nn.functional, dir(torch.nn.functional)),
            ("torch.nn.init", torch.nn.init, dir(torch.nn.init)),
            ("torch.Tensor", torch.Tensor, dir(torch.Tensor)),
            ("torch.linalg", torch.linalg, dir(torch.linalg)),
            ("torch.fft", torch.fft, dir(torch.fft)),
            ("torch.special", torch.special, dir(torch.special))):
        for func_name in names:
            ignore = False
            if namespace is not torch.Tensor:
                if func_name.startswith("__") or func_name == "unique_dim":
                    continue
                ignore = func_name.startswith("_") or func_name.endswith("_") or not func_name[0].islower()
            elif func_name == "__weakref__":
                continue
            func = getattr(namespace, func_name)
            if namespace is torch.Tensor and getattr(object, func_name, None) == func:
                continue
            if isinstance(func, (types.ModuleType, __future__._Feature)):
                continue
            if not callable(func) and hasattr(func, "__get__"):
                index[func.__get__] = f"{namespace_str}.{func_name}.__get__"
                index[func.__set__] = f"{namespace_str}.{func_name}.__set__"
                member = func.__get__
            elif callable(func):
                index[func] = f"{namespace_str}.{func_name}"
                member = func
            else:
                continue
            if not ignore:
                if ignored is None:
                    ignored = torch.overrides.get_ignored_functions()
                if member not in ignored:
                    overridable.add(member)
    return index, overridable


def _name_index():
    """{function: name}, the table behind torch.overrides.resolve_name."""
    return _name_tables()[0]


_TABLES = None


@unprofiled
def _build_tables():
    try:
        return _name_tables()
    except Exception:  # noqa: BLE001 - another torch: resolve_name's own tables
        return False


def _tables():
    """_name_tables, built once (unprofiled: its walk makes some 10,000 C
    calls), or False if it cannot be built."""
    global _TABLES
    if _TABLES is None:
        _TABLES = _build_tables()
    return _TABLES


def overridable_functions():
    """The functions torch.overrides.get_overridable_functions() lists, as
    one set (from _name_tables; torch's own if that cannot be built)."""
    tables = _tables()
    if tables is False:
        return {f for fs in torch.overrides.get_overridable_functions().values() for f in fs}
    return tables[1]


def torch_name(func):
    """resolve_name(func), from _name_tables' table (resolve_name itself
    if that table cannot be built)."""
    if isinstance(func, (torch._ops.OpOverload, torch._ops.OpOverloadPacket)):
        return str(func)
    tables = _TABLES if _TABLES is not None else _tables()
    if tables is False:
        return resolve_name(func)
    return tables[0].get(func)


class _DispatchRecorder(TorchDispatchMode):
    # Higher-order operators (torch.cond, while_loop, ...) come here too;
    # without this such a call under the recorder raises NotImplementedError.
    supports_higher_order_operators = True

    def __torch_dispatch__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        capture = _current()
        if capture is None or capture.suspended:
            return func(*args, **kwargs)
        if isinstance(func, HigherOrderOperator):
            if func.name() in ("cond", "while_loop"):
                # One node with its branches (loop condition and body) as
                # subgraphs, as torch.compile traces it (capture.record_hop).
                return capture.record_hop(func, args, kwargs, self)
            # Another one: a break of dynx's own, the operator runs eagerly
            # (this mode is off while it does).
            return capture.run_break("higher-order-op", f"torch.ops.higher_order.{func.name()}",
                                     lambda: func(*args, **kwargs), inputs=(args, kwargs))
        capture.dispatches += 1
        if func is _DETACH and _saved_by_autograd(capture, args):
            # Autograd saving an operator's output for its backward (tanh,
            # sigmoid, exp in grad mode): no value of the program's, and not
            # in Dynamo's graph. (Under the program's saved_tensors_hooks the
            # pack hook gets the output instead: the same graph either way.)
            with capture.unrecorded():
                return func(*args, **kwargs)
        if capture.tangents and (func is _ZEROS or
                                 any(id(t) in capture.tangents or t._is_zerotensor() or t.is_meta
                                     for t in _tensors_in((args, kwargs)))):
            # Forward-mode AD computing a tangent (mm on the input's tangent
            # after addmm, tanh_backward after tanh): autograd's work, not
            # the graph's, which Dynamo's graph never holds (tests/oracle
            # real_forward_ad_jvp_through_compiled_model). Its results are
            # tangents in turn. (So are the zero tensors it stands in for
            # the tangent of an input that has none, and the meta tensors
            # it measures them with.)
            with capture.unrecorded():
                out = func(*args, **kwargs)
            for t in _tensors_in(out):
                capture.tangents[id(t)] = t
            return out
        return capture.record_op(func, args, kwargs)


_DETACH = torch.ops.aten.detach.default
_ZEROS = torch.ops.aten._efficientzerotensor.default


def _note_tangents(capture, args, kwargs):
    """The tangents of the dual tensors a torch function is handed while a
    forward-AD level is open: what forward-mode AD computes from them is no
    operator of the graph (see _DispatchRecorder). Whether there was one."""
    dual = False
    with capture.unrecorded():
        for t in _tensors_in((args, kwargs)):
            if id(t) in capture.tangents:
                continue
            try:
                tangent = _fwad.unpack_dual(t).tangent
            except Exception:  # noqa: BLE001 - not a tensor forward AD knows
                continue
            if tangent is not None:
                capture.tangents[id(tangent)] = tangent
                dual = True
    return dual


def _drop_tangent_work(capture, graph, start, result):
    """The operators recorded during a torch function handed dual tensors
    that its result does not need (forward AD's tangent formulas: an addmm's
    `mat1_p.mm(mat2_t)` over zero tensors where a weight has no tangent):
    taken out of the graph, as Dynamo's graph has only the primal
    computation (tests/oracle real_forward_ad_jvp_through_compiled_model).
    An operator that writes a tensor stays."""
    from .nested import _refs
    needed = set()
    for t in _tensors_in(result):
        value = capture._lookup(t)
        if value is not None and value.graph is graph:
            needed.add(value.name)
    kept = []
    for node in reversed(graph.nodes[start:]):
        names = {spec.get("name") for spec in node.get("outputs", ())}
        if node.get("mutates") or names & needed:
            needed.update(_refs(node["args"], []) + _refs(node["kwargs"], []))
            kept.append(node)
    if len(kept) < len(graph.nodes) - start:
        graph.nodes[start:] = reversed(kept)


def _saved_by_autograd(capture, args):
    """Whether a detach reaching the dispatcher is autograd's own, made while
    it saves the output of the operator just recorded: the next operator
    dispatched after it, with no torch function begun since (not
    torch.tensor(y) or y.detach(), whose detach comes from a call of their
    own), on that operator's output."""
    if not args or not isinstance(args[0], torch.Tensor) or not args[0].requires_grad:
        return False
    stamp = capture.last_node_stamp
    graph = capture.graph
    if stamp is None or not graph.nodes or stamp[0] is not graph.nodes[-1] or \
            stamp[1] != capture.function_calls or stamp[2] != capture.dispatches - 1:
        return False
    value = capture._lookup(args[0])
    return value is not None and value.kind == "node" and value.graph is graph and \
        any(spec.get("name") == value.name for spec in graph.nodes[-1].get("outputs", ()))


def _python_level_break(capture, name, args, kwargs):
    """Breaks Dynamo takes at what the program's code does to tensors, not
    at an operator: setting requires_grad (gb0206), requires_grad_() on a
    tensor the graph computed (gb8985), a sparse tensor reaching the frame
    (gb0015: the frame is not compiled). Asked of calls made by the
    program's code (no torch function in progress)."""
    if name == "torch.Tensor.requires_grad.__set__":
        return "requires-grad-set"
    if name == "torch.Tensor.data.__set__" and args and isinstance(args[0], torch.Tensor):
        # `.data` of a tensor the frame made: Dynamo breaks (gb0056); of one
        # from outside, traced (_rebind_data: the tensor stands for the new value).
        value = capture._lookup(args[0])
        if value is not None and value.kind == "node":
            return "data-set-local"
    if name == "torch.Tensor.requires_grad_" and args and isinstance(args[0], torch.Tensor):
        wanted = bool(kwargs.get("requires_grad", args[1] if len(args) > 1 else True))
        value = capture._lookup(args[0])
        # Asking for the flag the tensor already has is a no-op Dynamo
        # traces (transformers' enable_input_require_grads hook calls
        # requires_grad_(True) on an embedding output that needs gradients).
        if wanted and args[0].requires_grad != wanted and value is not None and value.kind == "node":
            return "requires-grad-intermediate"
    for tensor in _tensors_in((args, kwargs)):
        if tensor.layout in _SPARSE:
            value = capture._lookup(tensor)
            if value is None or value.kind != "node":
                return "sparse-tensor"
    return None


# The reads whose ints tell what the program compares them with.
_COMPARED_READS = frozenset({"torch.Tensor.size", "torch.Tensor.shape.__get__"})


def _note_size_ints(capture, value, depth=0):
    """The sizes the program read (SizeInt) among a torch function's
    arguments, also inside an index (`self.pos[:, :ids.size(1)]`: a slice
    in a tuple) or a list of sizes: capture.size_numbers."""
    if type(value) is SizeInt:
        capture.size_numbers.add(int(value))
    elif depth < 3 and type(value) in (tuple, list):
        for item in value:
            _note_size_ints(capture, item, depth + 1)
    elif type(value) is slice:
        for item in (value.start, value.stop, value.step):
            _note_size_ints(capture, item, depth + 1)


class SizeInt(int):
    """A size the program's code read from a graph input (x.shape[0],
    x.size(1)): an int in every way (a plain int once pickled or copied,
    and what arithmetic on it gives), that tells the recorder what the code
    compares it with: Dynamo guards the range a comparison implies
    (`if x.shape[0] > 3:` on a dynamic size: `2 <= x.size()[0] <= 3`)."""

    def __reduce__(self):
        return (int, (int(self),))

    def _compared(self, op, other, result):
        if type(other) in (int, SizeInt) and type(result) is bool:
            capture = _current()
            if capture is not None and capture is self._capture() and not capture.suspended and \
                    not capture.function_stack:
                if type(other) is int:
                    capture.size_compares.setdefault(self._where, []).append((op, other, result))
                elif other._capture() is capture:
                    # Two sizes compared (`if G.size(-2) > G.size(-1):`, Muon's
                    # Newton-Schulz): a relation between their symbols.
                    capture.size_relations.append((self._where, op, other._where, int(other), result))
        return result

    def __lt__(self, other):
        return self._compared("<", other, int.__lt__(self, other))

    def __le__(self, other):
        return self._compared("<=", other, int.__le__(self, other))

    def __gt__(self, other):
        return self._compared(">", other, int.__gt__(self, other))

    def __ge__(self, other):
        return self._compared(">=", other, int.__ge__(self, other))


class _Unbacked:
    """The value of a .item() kept in the graph (capture_scalar_outputs):
    for Dynamo an unbacked symbol, whose truth the graph cannot know. The
    program's code comparing it (`if y > 2:`) is a data-dependent branch:
    Dynamo breaks there ("Data-dependent branching") and the code after the
    break is specialised on the outcome. A float or int in every other way
    (arithmetic gives plain numbers). `_plain`: float or int."""

    _what = ".item()'s value"  # (what the break's description names)

    def __reduce__(self):
        return (self._plain, (self._plain(self),))

    def _compared(self, op, result):
        capture = _current()
        frame = sys._getframe(2)
        if type(result) is bool and capture is not None and capture is self._capture() and not capture.suspended and \
                not capture.function_stack and not frame.f_code.co_filename.startswith(OWN_PREFIX) and \
                not _checked(frame):
            count = len(capture.breaks)
            capture.graph_break("data-dependent-branch", f"a comparison ({op}) of {self._what}")
            if len(capture.breaks) > count:
                capture.breaks[-1]["value"] = result
        return result

    # (compared as the plain number is, with Python's fallbacks: an int
    # drawn by random.randint compared with 0.5)
    def __lt__(self, other):
        return self._compared("<", self._plain(self) < other)

    def __le__(self, other):
        return self._compared("<=", self._plain(self) <= other)

    def __gt__(self, other):
        return self._compared(">", self._plain(self) > other)

    def __ge__(self, other):
        return self._compared(">=", self._plain(self) >= other)

    def __eq__(self, other):
        return self._compared("==", self._plain(self) == other)

    def __ne__(self, other):
        return self._compared("!=", self._plain(self) != other)

    def __bool__(self):
        return self._compared("bool", self._plain.__bool__(self))


class UnbackedFloat(_Unbacked, float):
    _plain = float
    __hash__ = float.__hash__  # (defining __eq__ above would make it unhashable)


class UnbackedInt(_Unbacked, int):
    _plain = int
    __hash__ = int.__hash__


STAND_INS.update({SizeInt: int, UnbackedInt: int, UnbackedFloat: float})
for _type in STAND_INS:
    _type._dynx_stand_in = True  # (what guard_values.cpp's equal_values asks)


def _unbacked(value, capture):
    kind = UnbackedFloat if type(value) is float else UnbackedInt if type(value) is int else None
    if kind is None:
        return value
    out = kind(value)
    out._capture = weakref.ref(capture)  # (a value the program keeps must not keep the recording alive)
    return out


def _size_int(value, capture, where):
    out = SizeInt(value)
    out._capture, out._where = weakref.ref(capture), where
    return out


def _watched_sizes(result, capture, source, args, kwargs):
    """x.shape / x.size() / x.size(d) of a graph input, its ints SizeInts."""
    if isinstance(result, torch.Size):
        return torch.Size([_size_int(v, capture, (source, d)) for d, v in enumerate(result)])
    if type(result) is int:
        dim = kwargs.get("dim", args[1] if len(args) > 1 else None)
        if type(dim) is int:
            ndim = args[0].dim()
            if -ndim <= dim < ndim:
                return _size_int(result, capture, (source, dim % ndim))
    return result


# torch._check and its kin take a SymBool: Dynamo records the condition as a
# runtime assertion, no branch (torch._check(u0 >= 0) after .item()).
_CHECKS = frozenset({"_check", "_check_is_size", "_check_with", "_check_value", "_check_index", "_check_type",
                     "_check_not_implemented", "_check_tensor_all", "_check_tensor_all_with", "_assert_async",
                     "_assert_scalar", "sym_constrain_range", "sym_constrain_range_for_size"})
_CALL_OPS = frozenset(op for op in ("CALL", "CALL_FUNCTION", "CALL_METHOD", "CALL_KW", "CALL_FUNCTION_KW")
                      if op in dis.opmap)
_JUMPS = frozenset(dis.hasjrel + dis.hasjabs)
_CHECK_SITES = {}


def _checked(frame):
    """Whether the comparison the frame is making is an argument of a call
    of torch._check (or its kin) on the same line, not tested by a jump first."""
    key = (frame.f_code, frame.f_lasti)
    found = _CHECK_SITES.get(key)
    if found is None:
        found = False
        try:
            instructions = list(dis.get_instructions(frame.f_code))
            at = next(i for i, ins in enumerate(instructions) if ins.offset == frame.f_lasti)
            line = frame.f_lineno
            before = [ins for ins in instructions[:at] if ins.positions is None or ins.positions.lineno == line]
            called = any(ins.opname in ("LOAD_ATTR", "LOAD_METHOD", "LOAD_GLOBAL", "LOAD_NAME") and
                         ins.argval in _CHECKS for ins in before[-12:])
            if called:
                for ins in instructions[at + 1:]:
                    if ins.opcode in _JUMPS or ins.opname.startswith("COMPARE"):
                        break
                    if ins.opname in _CALL_OPS:
                        found = True
                        break
        except (StopIteration, ValueError):
            pass
        _CHECK_SITES[key] = found
    return found


def _in_assert(frame):
    """Whether the program's frame is testing an assert's condition (its
    current instruction is the jump before LOAD_ASSERTION_ERROR)."""
    code = frame.f_code.co_code
    at = frame.f_lasti + 2
    while at < len(code) and code[at] == _CACHE:
        at += 2
    return at < len(code) and code[at] == _LOAD_ASSERTION_ERROR


_CALL = dis.opmap.get("CALL")


def _explicit_bool(frame):
    """Whether the frame asks for a tensor's truth with `bool(t)` (its current
    instruction is the call of bool), not with a test (`if t:`, `not t`):
    Dynamo reads the value with Tensor.item() there (gb0124, "Unsupported
    Tensor.item() call"), where a test is data-dependent branching (gb0170)."""
    code = frame.f_code
    if _CALL is None or frame.f_lasti < 0 or code.co_code[frame.f_lasti] != _CALL:
        return False
    try:
        line, _, column, _ = list(code.co_positions())[frame.f_lasti // 2]
    except (AttributeError, IndexError, ValueError):
        return False
    if line is None or column is None:
        return False
    text = linecache.getline(code.co_filename, line)
    return re.match(r"bool\s*\(", text[column:]) is not None


def _function_break(capture, name, args, kwargs):
    """The break a torch function makes (a branch on a tensor, its data read
    into Python, a data-dependent shape, a backward pass), or None."""
    settings = capture.settings
    if name == "torch.nn.functional.one_hot" and \
            kwargs.get("num_classes", args[1] if len(args) > 1 else -1) == -1:
        # Without num_classes the width is the data's maximum: one break at
        # the call, as Dynamo takes it (not the max and .item() inside).
        return None if settings is not None and settings.dynamic_output_shapes else "dynamic-shape-op"
    if name in _BRANCH_FUNCS:
        return "data-dependent-branch"
    if name in _TO_PYTHON_FUNCS:
        if name == "torch.Tensor.item" and settings is not None and settings.scalar_outputs:
            return None
        return "tensor-to-python"
    if name in _SHAPE_FUNCS or (name == "torch.Tensor.__getitem__" and len(args) > 1 and _has_bool_mask(args[1])):
        return None if settings is not None and settings.dynamic_output_shapes else "dynamic-shape-op"
    if name in _AUTOGRAD_FUNCS:
        return "autograd"
    if isinstance(kwargs.get("generator"), torch.Generator) or any(isinstance(a, torch.Generator) for a in args):
        # A torch.Generator passed to a random function: Dynamo cannot put
        # the generator object in the graph (gb0055); the call runs eagerly
        # and its draws are an input of the code after it.
        return "generator-arg"
    if name == "torch.Tensor.storage_offset" and args and isinstance(args[0], torch.Tensor) and args[0]._is_view() \
            and capture.recorder.source_filter.is_program(sys._getframe(3).f_code.co_filename):
        # The offset of a view (a batch sliced from a bigger tensor): a
        # Python int Dynamo cannot output from the graph (gb0208); the code
        # after the call is specialised on it (tests/oracle dyn_k_storage_offset_arith).
        return "torch-non-tensor"
    return None


class DataPtr(int):
    """What the program's `x.data_ptr()` gives in a watched frame: the int,
    knowing its tensor. Dynamo (DataPtrVariable) compares two only where it
    proves them the same (the same tensor, unchanged since); any other `==`
    or `!=` is a graph break at the comparison (gb5976), which runs eagerly
    (tests/oracle misc_zd_data_ptr_break)."""

    def __new__(cls, value, tensor):
        self = super().__new__(cls, value)
        self.tensor, self.version = weakref.ref(tensor), tensor._version
        return self

    def _same(self, other):
        mine = self.tensor()
        return isinstance(other, DataPtr) and mine is not None and other.tensor() is mine and \
            self.version == other.version == mine._version

    def _compare(self, other):
        capture = _current()
        if capture is not None and not capture.suspended and not self._same(other):
            capture.graph_break("data-ptr-compare", "data_ptr() comparison", capture.user_stack())

    def __eq__(self, other):
        self._compare(other)
        return int(self) == other

    def __ne__(self, other):
        self._compare(other)
        return int(self) != other

    __hash__ = int.__hash__

    def __reduce__(self):
        return (int, (int(self),))


def _reduction_sites():
    """{builtins.any: (file, line), builtins.all: ...}: where Dynamo's
    polyfills of them test an item's truth (torch/_dynamo/polyfills/builtins.py)."""
    import builtins
    sites = {}
    try:
        from torch._dynamo.polyfills import builtins as polyfills
    except Exception:  # noqa: BLE001 - another torch: no polyfill, no site
        return sites
    for name in ("any", "all"):
        fn = getattr(polyfills, name, None)
        while hasattr(fn, "__wrapped__"):
            fn = fn.__wrapped__
        code = getattr(fn, "__code__", None)
        if code is None:
            continue
        lines = [i.positions.lineno for i in dis.get_instructions(code) if "JUMP" in i.opname and "IF" in i.opname]
        if lines:
            sites[getattr(builtins, name)] = (code.co_filename, lines[0])
    return sites


_REDUCTIONS = _reduction_sites()
_DECOMPOSED = frozenset({"torch.Tensor.addcdiv_", "torch.Tensor.addcmul_"})
_PEEK_INTERPRETER = getattr(getattr(torch._C, "_functorch", None), "peek_interpreter_stack", None)


class _FunctionRecorder(TorchFunctionMode):
    def __torch_function__(self, func, types, args=(), kwargs=None):
        kwargs = kwargs or {}
        capture = _current()
        if capture is None or capture.suspended:
            return func(*args, **kwargs)
        if capture.dual_outside and _fwad._current_level >= 0 and _note_tangents(capture, args, kwargs):
            # Dual tensors handed in: what forward-mode AD computes besides
            # the result (its tangent, from zero tensors where an input has
            # none) is dropped once the call returns (_drop_tangent_work).
            graph = capture.graph
            start = len(graph.nodes)
            result = self._record(capture, func, types, args, kwargs)
            if capture.graph is graph:
                _drop_tangent_work(capture, graph, start, result)
            return result
        if capture.function_stack:
            return self._record(capture, func, types, args, kwargs)
        graph = capture.graph
        count = len(graph.nodes)
        result = self._record(capture, func, types, args, kwargs)
        if type(result) is torch.Tensor and capture.graph is graph and len(graph.nodes) == count and \
                not capture.suspended and not getattr(func, "__name__", "").startswith("__"):
            # (a torch function that ran no operator: a call of Dynamo's graph all the same, _ops_before)
            stack = capture.user_stack()
            if stack:
                graph.quiet_calls.append(stack[0]["line"])
        return result

    def _record(self, capture, func, types, args, kwargs):
        # (sys._getframe(2): the caller of __torch_function__, one frame up from here)
        capture.function_calls += 1
        try:
            name = torch_name(func) or getattr(func, "__qualname__", repr(func))
        except Exception:
            name = repr(func)
        if name == "torch.Tensor.grad.__get__" and \
                not any(b.get("category") == "autograd" and b.get("operation") != "torch.autograd.grad"
                        for b in capture.breaks) and \
                not sys._getframe(2).f_code.co_filename.startswith(OWN_PREFIX):
            # The program's traced code read a gradient (zero_grad, an update
            # step) before any backward of the call: the entry guards the
            # parameters' .grad (guards.GRAD_READ). After a backward (not
            # torch.autograd.grad, which leaves .grad alone) the read is the
            # resume function's, whose guards see the gradients the backward
            # left, not those the call started with (measured:
            # clip_grad_norm_ after loss.backward() is no recompile on the
            # second step; p.grad read after an eager zero_grad(set_to_none=
            # False) is one, when gradients appeared).
            capture.read_names.add(GRAD_READ)
            if not capture.breaks:
                capture.read_names.add(GRAD_READ_BEFORE_BREAK)
        if name == "torch.Tensor._version.__get__" and args and isinstance(args[0], torch.Tensor) and \
                capture.recorder.source_filter.is_program(sys._getframe(2).f_code.co_filename):
            # The program's code read this tensor's version counter: its
            # guard (guards.version_read) is kept.
            capture.read_names.add(version_read(args[0]))
        if name in ("torch.Tensor.data_ptr", "torch.Tensor.const_data_ptr") and not capture.function_stack and \
                args and type(args[0]) is torch.Tensor and \
                capture.recorder.source_filter.is_program(sys._getframe(2).f_code.co_filename):
            return DataPtr(func(*args, **kwargs), args[0])
        if not capture.used_functorch and _PEEK_INTERPRETER is not None and _PEEK_INTERPRETER() is not None:
            capture.used_functorch = True  # (Recorder.exit: Dynamo's FUNCTORCH_STACK_MATCH guard)
        if name == "torch.Tensor.numpy" and not capture.function_stack and numpy_trace.enabled(capture):
            # Traced by Dynamo (config.trace_numpy): no break, the array's
            # NumPy operations become the graph's (numpy_trace).
            capture.function_stack.append(name)
            try:
                array = func(*args, **kwargs)
            finally:
                capture.function_stack.pop()
            return numpy_trace.wrap_tensor(capture, args[0], array)
        if name == "torch.Tensor.numpy" and not capture.function_stack and not numpy_trace.tracing_numpy():
            return capture.run_break("numpy-off", name, lambda: func(*args, **kwargs), inputs=(args, kwargs))
        category = _python_level_break(capture, name, args, kwargs) if not capture.function_stack else None
        if category == "sparse-tensor":
            capture.sparse_break(name)  # the rest of the call runs eagerly
            return func(*args, **kwargs)
        category = category or _function_break(capture, name, args, kwargs)
        if category == "data-dependent-branch" and capture.c_callee in _REDUCTIONS and \
                sys._getframe(2) is capture.frame and not capture.nested:
            # builtins.any/all of the frame's code testing a tensor's truth:
            # Dynamo's polyfill (inlined) breaks at its `if elem:`.
            capture.reduction_break(capture.c_callee, _REDUCTIONS[capture.c_callee])
            return func(*args, **kwargs)
        if category == "data-dependent-branch" and name in _BRANCH_FUNCS and _explicit_bool(sys._getframe(2)):
            category = "tensor-to-python"
        if category == "data-dependent-branch" and _in_assert(sys._getframe(2)):
            # `assert t.all()`: Dynamo traces the assert as torch._assert_async
            # (no break); the truth test runs unrecorded.
            capture.suspended += 1
            try:
                return func(*args, **kwargs)
            finally:
                capture.suspended -= 1
        if category is not None:
            return capture.run_break(category, name, lambda: func(*args, **kwargs), inputs=(args, kwargs))
        if name == "torch.Tensor.add_" and isinstance(kwargs.get("alpha"), torch.Tensor) and len(args) == 2 and \
                isinstance(args[1], torch.Tensor):
            # Tensor.add_ with a tensor `alpha` (SGD's `alpha=-lr` for a tensor
            # lr): Dynamo's TensorVariable.method_add_ makes it a fused
            # multiply-add and a copy_, where ATen would read alpha with .item().
            capture.function_stack.append(name)
            try:
                return args[0].copy_(torch.addcmul(args[0], args[1], kwargs["alpha"]))
            finally:
                capture.function_stack.pop()
        if name in _DECOMPOSED and isinstance(kwargs.get("value"), torch.Tensor) and len(args) == 3:
            # Tensor.addcdiv_/addcmul_ with a tensor `value` (Adam's step
            # size under torch.compile): Dynamo decomposes the call
            # (TensorVariable.method_addcdiv_) into a division (product), a
            # fused multiply-add and a copy_, where the operator itself would
            # read the value with .item(), a break. The program gets the
            # decomposition's result, as under torch.compile.
            target, first, second = args
            capture.function_stack.append(name)
            try:
                part = torch.div(first, second) if name == "torch.Tensor.addcdiv_" else torch.mul(first, second)
                return target.copy_(torch.addcmul(target, part, kwargs["value"]))
            finally:
                capture.function_stack.pop()
        if name == "torch.Tensor.data.__set__" and not capture.function_stack and len(args) == 2 and \
                isinstance(args[0], torch.Tensor) and isinstance(args[1], torch.Tensor):
            result = func(*args, **kwargs)
            _rebind_data(capture, args[0], args[1])
            return result
        source = None
        if capture.watch_sizes and not capture.function_stack:
            for values in (args, kwargs.values()):
                for value in values:
                    _note_size_ints(capture, value)
        if name in _SIZE_READS and not capture.function_stack:
            capture.python_sizes = True  # Python code holds a size as an int (see Recorder._store)
            if name in _COMPARED_READS and capture.watch_sizes and args and isinstance(args[0], torch.Tensor):
                known = capture.sources.get(id(args[0]))
                source = known[0] if known is not None and known[1] == "user_input" else None
        if name in _SIZE_LOOPS and not capture.function_stack:
            capture.sizes_iterated = True  # Dynamo specialises the size it loops over (see make_dynamic)
        graph = capture.graph
        first = len(graph.produced)
        capture.function_stack.append(name)
        try:
            result = func(*args, **kwargs)
        finally:
            capture.function_stack.pop()
        if not capture.function_stack and capture.graph is graph and len(graph.produced) > first:
            _adopt_subclass_results(capture, graph.produced[first:], result)
        if name == "torch.Tensor.item" and not capture.function_stack:
            # Kept in the graph (capture_scalar_outputs): for Dynamo an
            # unbacked symbol, in dynx's graph the number this call read
            # wherever it flows (an operator's argument, arithmetic on it, a
            # list of sizes). Every later hit is recorded again and
            # compared, so another value is another entry, never a graph
            # computing with this one (tests/oracle
            # config_w_capture_scalar_item_of_inplace_buffer).
            capture.settle_hits = True
            return _unbacked(result, capture)
        return result if source is None else _watched_sizes(result, capture, source, args, kwargs)


def _adopt_subclass_results(capture, produced, result):
    """A __torch_function__ subclass's result: torch's Tensor.__torch_function__
    (or the subclass's own code) ran the operator on plain tensors and
    returned `ret.as_subclass(cls)`, a new tensor object over the memory of
    the node the operator recorded. That object is the node's value from now
    on (the plain one is a temporary): without this the program's next
    operation on it would read an unknown tensor, a graph constant where
    Dynamo has the node (recomp_tfsub_vs_plain_tensor)."""
    results = result if isinstance(result, (tuple, list)) else (result,)
    for tensor in results:
        if not isinstance(tensor, torch.Tensor) or type(tensor) in (torch.Tensor, torch.nn.Parameter) or \
                capture._lookup(tensor) is not None:
            continue
        with capture.unrecorded():
            try:
                key = (tensor.data_ptr(), tensor.dtype, tuple(tensor.shape), tensor.stride(),
                       tensor.storage_offset())
            except (RuntimeError, TypeError, NotImplementedError):  # a wrapper subclass without memory
                continue
            for value in reversed(produced):
                old = value.ref()
                if old is None or old is tensor:
                    continue
                try:
                    same = type(old) is torch.Tensor and key == (
                        old.data_ptr(), old.dtype, tuple(old.shape), old.stride(), old.storage_offset())
                except (RuntimeError, TypeError, NotImplementedError):
                    same = False
                if same:
                    value.ref = weakref.ref(tensor)
                    capture.values[id(tensor)] = value
                    break


def _record_alias(data, result):
    """`result`, a tensor of a subclass made over `data`'s memory without
    an operator the modes saw, is recorded as aten::alias of `data`: the
    node it stands for in the graph from now on."""
    capture = _current()
    if capture is None or capture.suspended or capture.function_stack or capture._lookup(result) is not None:
        return
    _stand_for_alias(capture, data, result)


def _stand_for_alias(capture, data, tensor):
    """Records aten::alias of `data` and makes `tensor` the object that
    node's value is from now on; True when it did."""
    try:
        alias = torch.ops.aten.alias.default(data)  # recorded by the dispatch mode
    except Exception:  # noqa: BLE001 - no alias of it (a sparse or MKLDNN tensor): nothing recorded
        return False
    value = capture._lookup(alias)
    if value is None or value.kind != "node":
        return False
    value.ref = weakref.ref(tensor)
    capture.values[id(tensor)] = value
    return True


def _rebind_data(capture, tensor, data):
    """`tensor.data = data` (MoCo's momentum update of the key encoder,
    `pk.data = pk.data * m + pq.data * (1 - m)`): the tensor object, a
    parameter the graph may already read as an input, holds `data`'s values
    from now on. Dynamo traces the assignment (TensorVariable's setattr of
    `data`) and the rest of the graph reads the new values; here the tensor
    stands for an aten::alias of `data` from now on, where it would still
    be the graph input it was when the frame began
    (tests/oracle real_moco_queue_ptr_momentum_encoder)."""
    if not capture.suspended and _stand_for_alias(capture, data, tensor):
        capture.keep.append(tensor)  # (its id stays the node's for the rest of the call)


_BYPASS = threading.local()  # depth: inside a cached function run uncached (install_lru_cache_bypass)


def install_lru_cache_bypass(is_program):
    """functools.lru_cache (and functools.cache) on the program's own
    functions: Dynamo ignores the cache wrapper and traces the wrapped
    function ("Dynamo detected a call to a `functools.lru_cache`-wrapped
    function ... directly traces the wrapped function"), so a compiled call
    computes what the function computes (a causal mask helper's arange and
    comparisons are nodes of the graph) and never reads or fills the cache.
    Under a capture, a call inside a watched frame that the cache answers
    with tensors runs the wrapped function again for them (a miss runs it
    anyway; a cached config object is what the trace would build too, and
    a recursive helper's inner calls stay cached); everywhere else the
    cache works as under python. Library and standard-library caches, and
    a `from functools import lru_cache` made before torch was imported,
    are left as they are (tests/oracle real_lru_cache_causal_mask_helper)."""
    original = functools.lru_cache
    if getattr(original, "_dynx", False):
        return

    def bypassing(wrapper):
        fn = getattr(wrapper, "__wrapped__", None)
        code = getattr(fn, "__code__", None)
        if code is None or not is_program(code.co_filename):
            return wrapper

        def cached(*args, **kwargs):
            capture = _current()
            if capture is None or capture.suspended or capture.function_stack or capture.opaque or \
                    getattr(_BYPASS, "depth", 0):
                return wrapper(*args, **kwargs)  # (a recursive helper's inner calls: cached)
            hits = wrapper.cache_info().hits
            result = wrapper(*args, **kwargs)
            if wrapper.cache_info().hits == hits or not any(True for _ in _tensors_in(result)):
                # A miss ran the function (recorded as traced), and a cached
                # value without tensors (a config object) is what Dynamo's
                # trace would build too: the program gets the cache's.
                return result
            # A cached tensor: what the traced function computes, computed.
            _BYPASS.depth = getattr(_BYPASS, "depth", 0) + 1
            try:
                return fn(*args, **kwargs)
            finally:
                _BYPASS.depth -= 1

        functools.update_wrapper(cached, wrapper)
        cached.__wrapped__ = fn
        cached._dynx_lru = wrapper  # (guards and logger_calls treat it as the cache wrapper it stands for)
        for name in ("cache_info", "cache_clear", "cache_parameters"):
            if hasattr(wrapper, name):
                setattr(cached, name, getattr(wrapper, name))
        return cached

    def lru_cache(maxsize=128, typed=False):
        made = original(maxsize, typed)
        if callable(maxsize) and not isinstance(maxsize, int):
            return bypassing(made)  # @lru_cache without arguments

        def decorating_function(user_function):
            return bypassing(made(user_function))
        return decorating_function

    lru_cache._dynx = True
    functools.update_wrapper(lru_cache, original)
    functools.lru_cache = lru_cache


def install_make_subclass_alias():
    """torch.Tensor._make_subclass(cls, t) (nn.Parameter's constructor, a
    program's down- and up-casts) makes a tensor of class `cls` sharing t's
    memory without passing through a torch function or an operator, so
    neither mode sees it: inside a watched frame its result would be an
    unknown tensor, a constant of the graph, where Dynamo has an alias of t
    (test_subclasses.py test_make_subclass: in-place adds on the aliases
    write t). Under a capture the call is recorded as aten::alias of t, the
    node the result stands for."""
    original = torch.Tensor._make_subclass
    if getattr(original, "_dynx", False):
        return

    def _make_subclass(cls, data, *args, **kwargs):
        result = original(cls, data, *args, **kwargs)
        if isinstance(data, torch.Tensor):
            _record_alias(data, result)
        return result

    _make_subclass._dynx = True
    torch.Tensor._make_subclass = staticmethod(_make_subclass)


def install_subclass_constructor():
    """SubClass(t) (a tensor subclass's inherited constructor, given a
    tensor) makes an alias of t through the dispatcher, and with any
    TorchDispatchMode active PyTorch then refuses to wrap it ("Creating a
    new Tensor subclass ... the raw Tensor object is already associated to
    a python object of type Tensor"): the program would fail under
    dynx-capture where it runs under python. While dynx's dispatch mode is
    the innermost, the constructor runs with it popped, and the call is
    recorded as aten::alias of t, the node its result stands for (as
    _make_subclass). torch.Tensor itself and every other use of the
    constructor go straight to TensorBase.__new__."""
    if getattr(torch.Tensor.__dict__.get("__new__"), "_dynx", False):
        return
    original = torch._C.TensorBase.__new__

    def __new__(cls, *args, **kwargs):
        if cls is torch.Tensor or len(args) != 1 or kwargs or not isinstance(args[0], torch.Tensor) or \
                not isinstance(_python_dispatch._get_current_dispatch_mode(), _DispatchRecorder):
            return original(cls, *args, **kwargs)
        with _python_dispatch._pop_mode_temporarily():
            result = original(cls, args[0])
        _record_alias(args[0], result)
        return result

    __new__._dynx = True
    torch.Tensor.__new__ = staticmethod(__new__)


# Methods of NumPy's global RandomState that draw nothing.
_NUMPY_RANDOM_STATE = frozenset({"seed", "get_state", "set_state", "get_bit_generator", "set_bit_generator"})


def install_numpy_random_breaks():
    """np.random.rand, choice, randint... (methods of NumPy's global
    RandomState, compiled code that leaves no Python frame and no profile
    event): Dynamo traces them as torch operators and its graph ends where
    their data reaches Python (`np.random.rand(1).item()`, the sampling
    inside np.random.choice), so the code after is compiled for the values
    drawn. Under a capture each call is a graph break ("numpy-random") and
    later hits of the entry are recorded again and compared: a graph never
    freezes a draw. The functions keep their behaviour (the same generator,
    the same values)."""
    random = getattr(sys.modules.get("numpy"), "random", None)
    state = getattr(getattr(random, "mtrand", None), "_rand", None)
    if state is None or getattr(random, "_dynx_breaks", False):
        return
    for name in dir(random):
        original = getattr(random, name, None)
        if name.startswith("_") or name in _NUMPY_RANDOM_STATE or getattr(original, "__self__", None) is not state:
            continue
        setattr(random, name, _numpy_draw(name, original))
    random._dynx_breaks = True


# random.random's kin that Dynamo calls at run time and hands the graph as an
# input (variables/user_defined.py call_random_fn: an unspecialised number).
_PYTHON_RANDOM_DRAWS = ("randint", "randrange", "uniform")


def install_python_random_draws():
    """random.uniform / randint / randrange with constant arguments: Dynamo
    draws the number when the compiled code runs and passes it in as an
    unspecialised value (a graph input), so the program's code comparing it
    (`if random.uniform(0, 1) > 0.5:`, CycleGAN's image pool) is a
    data-dependent branch: a break, the code after it compiled per outcome.
    Under a capture the number drawn (by Python's own generator: the same
    values) is such a value (modes._Unbacked)."""
    import random
    if getattr(random, "_dynx_draws", False):
        return
    for name in _PYTHON_RANDOM_DRAWS:
        original = getattr(random, name, None)
        if original is not None and getattr(original, "__self__", None) is getattr(random, "_inst", None):
            setattr(random, name, _python_draw(name, original))
    random._dynx_draws = True


def _python_draw(name, original):
    @functools.wraps(original)
    def draw(*args, **kwargs):
        value = original(*args, **kwargs)
        capture = _current()
        if capture is None or capture.suspended or capture.function_stack or type(value) not in (int, float) or \
                any(isinstance(a, torch.Tensor) for a in tuple(args) + tuple(kwargs.values())):
            return value
        out = _unbacked(value, capture)
        out._what = f"random.{name}()'s value"
        return out
    return draw


def _numpy_draw(name, original):
    @functools.wraps(original)
    def draw(*args, **kwargs):
        capture = _current()
        if capture is None or capture.suspended or capture.function_stack:
            return original(*args, **kwargs)
        count = len(capture.breaks)
        capture.graph_break("numpy-random", f"numpy.random.{name}")
        if len(capture.breaks) > count:
            capture.settle_hits = True
        capture.suspended += 1
        try:
            return original(*args, **kwargs)
        finally:
            capture.suspended -= 1
    return draw


# ----- warnings raised under the recorder's modes ------------------------------------------------
# A torch function that warns (F.mse_loss's broadcast warning with
# stacklevel=2, a C++ TORCH_WARN attributed to the innermost Python frame)
# names the frame that called it: under the recorder's modes that is
# __torch_function__ / __torch_dispatch__ here, and the program would print
# "<dynx>/recorder/modes.py:248: UserWarning: ..." where python prints its
# own line. The warning is issued again at the frame that called into the
# mode, with that module's filters and registry (so that "default" shows it
# once per program line, as python does), and this module's registry is
# forgotten (it would hide the same text raised from another line).
OWN_PREFIX = "<dynx>/"  # the file names of dynx's embedded recorder
_DISPATCH_FILES = ("torch/overrides.py", "torch/utils/_python_dispatch.py")


def _frames_of(filename, lineno):
    """For a warning located at our (filename, lineno): that frame of ours,
    and the one of the program's it belongs to -- the frame that called into
    the mode, past torch's dispatch helpers and the outer call of the
    function that warned (None when there is none)."""
    frame = sys._getframe(2)
    callee = None
    while frame is not None and not (frame.f_code.co_filename == filename and frame.f_lineno == lineno):
        callee = frame.f_code
        frame = frame.f_back
    own = frame
    frame = frame.f_back if frame is not None else None
    while frame is not None:
        name = frame.f_code.co_filename
        if name.startswith(OWN_PREFIX) or name.replace("\\", "/").endswith(_DISPATCH_FILES):
            frame = frame.f_back
        elif callee is not None and frame.f_code is callee:
            callee = None  # the call that went through the mode: its caller is the program's line
            frame = frame.f_back
        else:
            break
    return own, frame


def install_warning_relocation():
    show = getattr(warnings, "_showwarnmsg", None)
    if show is None or getattr(show, "_dynx", False):
        return

    def _showwarnmsg(msg):
        filename = getattr(msg, "filename", "") or ""
        if not filename.startswith(OWN_PREFIX):
            return show(msg)
        own, frame = _frames_of(filename, msg.lineno)
        registry = own.f_globals.get("__warningregistry__") if own is not None else None
        if isinstance(registry, dict):
            registry.clear()
        if frame is None:
            return show(msg)
        module_globals = frame.f_globals
        warnings.warn_explicit(msg.message, msg.category, frame.f_code.co_filename, frame.f_lineno,
                               module=module_globals.get("__name__"),
                               registry=module_globals.setdefault("__warningregistry__", {}),
                               module_globals=module_globals, source=msg.source)

    _showwarnmsg._dynx = True
    warnings._showwarnmsg = _showwarnmsg
