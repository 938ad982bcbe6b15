"""Which C functions Dynamo refuses to trace, asked of the Dynamo of the
program's own environment (torch._dynamo.trace_rules): one it has no rule
for (zlib.crc32, os.getpid, warnings.warn -- CPython's _warnings.warn) is
"Attempted to call function marked as skipped" (gb0007): the graph breaks
at the call and the function runs eagerly. Builtins Dynamo models (len,
isinstance, sorted), polyfilled functions (itertools, functools.reduce),
torch's and math's functions (in the graph) and NumPy's (traced through
torch._numpy) are not. Only functions of modules are asked about: methods of
objects are modelled by the variables Dynamo keeps for the objects.

Python functions of files Dynamo skips are left alone: measured against the
real Dynamo, re.match with constant arguments is no break, so the file rule
alone does not decide (oracle corpus, cfunc_*)."""
import builtins as _builtins
import collections
import contextvars
import functools
import sys
import types

import torch

_cache = {}


def unprofiled(build):
    """A one-time table builder run with the recorder's profile hook off
    (sys.setprofile is per thread): a walk over torch's rule book or its
    namespaces makes thousands of C calls, each an event the hook would
    sort, several times the walk's own cost on a model's first recorded
    call. The tables are torch's, read nothing of the program's."""
    @functools.wraps(build)
    def run(*args, **kwargs):
        previous = sys.getprofile()
        if previous is None:
            return build(*args, **kwargs)
        sys.setprofile(None)
        try:
            return build(*args, **kwargs)
        finally:
            sys.setprofile(previous)
    return run


def _rules():
    try:
        from torch._dynamo import trace_rules
        from torch._dynamo.variables import SkipFunctionVariable
    except ImportError:  # another torch: no rule book, no verdicts of this kind
        return None, None
    return trace_rules, SkipFunctionVariable


def _skipped(fn):
    trace_rules, skip = _rules()
    if trace_rules is None:
        return False
    try:
        if trace_rules.lookup(fn) is not skip:
            return False
        callable_rule = getattr(trace_rules, "lookup_callable", None)
        return callable_rule is None or callable_rule(fn) is None
    except Exception:  # a rule book that cannot answer says nothing
        return False


_OWN = ("torch", "numpy", "math", "builtins")


def _own_module(name):
    """torch's, NumPy's, math's or a builtin: Dynamo traces them by rules of their own."""
    return name is not None and any(name == m or name.startswith(m + ".") for m in _OWN)


# C functions Dynamo's VariableBuilder wraps as variables of their own
# before it asks the trace rules (SysFunctionVariable: sys.exc_info and
# sys.exception answer from the exception Dynamo is handling), though the
# rules alone would skip them.
_MODELLED = tuple(f for f in (getattr(sys, "exc_info", None), getattr(sys, "exception", None)) if f is not None)


# The methods of a tensor's storage Dynamo models (UntypedStorageVariable).
_STORAGE_MODELLED = frozenset({"size", "resize_"})


def unsupported_method(fn):
    """Whether a C method called from the program's code is one Dynamo has
    no model of, so its call is a break (gb0156): the methods of a
    contextvars.ContextVar; those of a tensor's storage but size() and
    resize_() (`x.untyped_storage().nbytes()`)."""
    owner = getattr(fn, "__self__", None)
    if owner is None:
        return False
    if type(owner) is contextvars.ContextVar:
        return True
    return isinstance(owner, torch.UntypedStorage) and getattr(fn, "__name__", "") not in _STORAGE_MODELLED


def skipped_c_function(fn):
    """Whether a C function of a module, called from the program's code,
    is one Dynamo does not trace."""
    owner = getattr(fn, "__self__", None)
    if owner is not None and not isinstance(owner, types.ModuleType):
        return False  # a method of an object
    if any(fn is f for f in _MODELLED):
        return False
    key = id(fn)
    known = _cache.get(key)
    if known is not None and known[0] is fn:
        return known[1]
    module = getattr(fn, "__module__", None) or getattr(owner, "__name__", None)
    verdict = not _own_module(module) and _skipped(fn)
    _cache[key] = (fn, verdict)
    return verdict


_INLINED = {}

# Functions of the standard library Dynamo's VariableBuilder models by
# identity before it asks the rules (CollectionsNamedTupleFunction runs
# namedtuple() on constants): their code is never traced, so nothing
# inside them breaks (oracle real_style_vgg_gram_loss).
_BUILDER_MODELLED = (collections.namedtuple,)


def inlined_library_frame(frame):
    """Whether Dynamo inlines the library function running in `frame` (one
    of torch.nn's, or of the standard library's inspect) when the program's
    traced code calls it, so that a break inside it is reported at its own
    line: the rule book says its file is traced, and, for a function of its
    module, that the function is not one Dynamo puts in the graph whole
    (torch.nn.functional.multi_head_attention_forward)."""
    code = frame.f_code
    known = _INLINED.get(code)
    if known is not None:
        return known
    trace_rules, _ = _rules()
    verdict = False
    if trace_rules is not None:
        try:
            verdict = not trace_rules.check_verbose(code, is_inlined_call=True).skipped
            fn = frame.f_globals.get(code.co_name)
            if verdict and getattr(fn, "__code__", None) is code:
                verdict = trace_rules.lookup(fn).__name__ == "UserFunctionVariable" and \
                    not any(fn is f for f in _BUILDER_MODELLED)
        except Exception:  # a rule book that cannot answer says nothing
            verdict = False
    _INLINED[code] = verdict
    return verdict


_BUILTINS = {}


def builtin_kind(fn):
    """For a builtin function of Python's builtins module called from the
    program's code: "class-definition" for __build_class__ (a class
    statement, gb8977), "unsupported-builtin" for one Dynamo's
    BuiltinVariable has no handler for (globals, exec, compile, __import__,
    breakpoint: gb0059 "Failed to trace builtin operator"), else None. print,
    open and input are side effects, decided before."""
    if getattr(fn, "__self__", None) is not _builtins:
        return None  # (a bound method is never kept: it would keep its object alive)
    known = _BUILTINS.get(id(fn))
    if known is not None and known[0] is fn:
        return known[1]
    kind = None
    name = getattr(fn, "__name__", None)
    if isinstance(fn, types.BuiltinFunctionType) and getattr(_builtins, name, None) is fn:
        if name == "__build_class__":
            kind = "class-definition"
        else:
            try:
                from torch._dynamo.variables.builtin import BuiltinVariable
                handled = hasattr(BuiltinVariable, "call_" + name) or fn in BuiltinVariable._fx_graph_functions()
                if not handled:
                    try:
                        handled = BuiltinVariable(fn).can_constant_fold_through()
                    except AssertionError:  # a builtin with a variable class of its own (getattr, iter...)
                        handled = True
            except Exception:  # another torch: no rule book, no verdict
                handled = True
            if not handled:
                kind = "unsupported-builtin"
    _BUILTINS[id(fn)] = (fn, kind)
    return kind


_TORCH_SKIPPED = None
_NON_TENSOR = {}
_OVERRIDABLE = None


def torch_non_tensor_call(fn):
    """Whether a C function of torch called from the program's code is one
    Dynamo proxies into the graph (its rules say TorchInGraphFunctionVariable)
    with no constant folding and no handler of its own, and that is a
    pybind11 function of torch._C (so no tensor operation): such a
    call returns a Python value, which Dynamo cannot output from the graph
    ("torch.* op returned non-Tensor", gb0208)."""
    global _OVERRIDABLE
    owner = getattr(fn, "__self__", None)
    if not isinstance(fn, types.BuiltinFunctionType) or \
            not (type(owner).__name__.startswith("pybind11_") or
                 isinstance(owner, types.ModuleType) and owner.__name__.startswith("torch._C") and
                 getattr(fn, "__name__", "").startswith(("get_", "is_", "are_"))):
        # (pybind11 functions, and torch._C's own state queries such as
        # torch.is_anomaly_enabled and torch.get_num_threads; never cached
        # otherwise: a bound method of a tensor would keep the tensor alive)
        return False
    known = _NON_TENSOR.get(id(fn))
    if known is not None and known[0] is fn:
        return known[1]
    verdict = False
    module = getattr(fn, "__module__", None) or ""
    # A pybind11 function of torch._C (a state query such as
    # _profiler_enabled): no ATen operator, which would return tensors.
    if module.split(".")[0] == "torch":
        try:
            from torch._dynamo import trace_rules
            from torch._dynamo.variables import torch as torch_variables
            in_graph = trace_rules.lookup(fn) is torch_variables.TorchInGraphFunctionVariable
            if in_graph:
                if _OVERRIDABLE is None:
                    from .modes import overridable_functions
                    _OVERRIDABLE = overridable_functions()
                handlers = torch_variables.TorchInGraphFunctionVariable._get_handlers()
                verdict = fn not in torch_variables.constant_fold_functions and fn not in handlers and \
                    fn not in _OVERRIDABLE and not torch.overrides.is_tensor_method_or_property(fn)
        except Exception:  # another torch: no rule book, no verdict
            verdict = False
    _NON_TENSOR[id(fn)] = (fn, verdict)
    return verdict


_NON_TENSOR_PYTHON = None


def torch_non_tensor_functions():
    """torch's own Python functions that query state and that Dynamo's
    rule book puts in the graph (TorchInGraphFunctionVariable) with no
    constant folding, no handler and no __torch_function__ override
    (torch.get_float32_matmul_precision): a call returns a Python value the
    graph cannot output ("torch.* op returned non-Tensor", gb0208), so it
    breaks the graph. {code object: qualified name}; only the queries
    (`get_*`, `is_*`, `are_*`), which make no tensor."""
    return _NON_TENSOR_PYTHON if _NON_TENSOR_PYTHON is not None else _build_non_tensor_functions()


@unprofiled
def _build_non_tensor_functions():
    """The table behind torch_non_tensor_functions, built once (unprofiled)."""
    global _NON_TENSOR_PYTHON
    if _NON_TENSOR_PYTHON is None:
        _NON_TENSOR_PYTHON = {}
        try:
            from torch._dynamo import trace_rules
            from torch._dynamo.variables import torch as torch_variables
            rules = trace_rules.get_torch_obj_rule_map()
            handlers = torch_variables.TorchInGraphFunctionVariable._get_handlers()
            from .modes import overridable_functions
            overridable = overridable_functions()
        except Exception:  # another torch: no rule book
            return _NON_TENSOR_PYTHON
        for obj, rule in rules.items():
            if rule is not torch_variables.TorchInGraphFunctionVariable or not isinstance(obj, types.FunctionType) or \
                    not obj.__name__.startswith(("get_", "is_", "are_")):
                continue
            if obj in torch_variables.constant_fold_functions or obj in handlers or obj in overridable:
                continue
            _NON_TENSOR_PYTHON[obj.__code__] = f"{obj.__module__}.{obj.__qualname__}"
    return _NON_TENSOR_PYTHON


def skipped_torch_functions():
    """torch's own Python functions the rule book marks skipped
    (torch.manual_seed, torch.jit.isinstance, pack_padded_sequence,
    get_rng_state...): {code object: qualified name}. A call of one from the
    program's code is "Attempted to call function marked as skipped"
    (gb0007): the graph breaks at the call, which runs eagerly."""
    return _TORCH_SKIPPED if _TORCH_SKIPPED is not None else _build_skipped_torch_functions()


@unprofiled
def _build_skipped_torch_functions():
    """The table behind skipped_torch_functions, built once (unprofiled)."""
    global _TORCH_SKIPPED
    if _TORCH_SKIPPED is None:
        _TORCH_SKIPPED = {}
        try:
            from torch._dynamo import trace_rules
            rules = trace_rules.get_torch_obj_rule_map()
        except Exception:  # another torch: no rule book
            return _TORCH_SKIPPED
        for obj, rule in rules.items():
            if getattr(rule, "__name__", "") == "SkipFunctionVariable" and isinstance(obj, types.FunctionType):
                name = f"{obj.__module__}.{obj.__qualname__}"
                if name != "torch.autograd.backward":  # a break of its own (autograd)
                    _TORCH_SKIPPED[obj.__code__] = name
    return _TORCH_SKIPPED


_SKIPPED_FILE = {}


def skipped_torch_file_call(function):
    """For a Python function of torch's that the program's code calls by
    name (`scaler.scale(loss)`, `sched.step()`): the break Dynamo takes
    because its rule book skips the function's file (torch/amp, the
    scheduler's force-skipped lr_scheduler.py) — "skipped-torch" (gb0008,
    inlining a method marked as skipped) or "skipped-function" (gb0007, a
    function called) — or None (traced, or one a rule of its own decides:
    a dunder the interpreter calls, torch.utils.checkpoint)."""
    code = getattr(function, "__code__", None)
    if code is None:
        return None
    known = _SKIPPED_FILE.get(code)
    if known is not None:
        return known or None
    verdict = ""
    name = code.co_name
    # (Not a function made at run time either: the scheduler's wrapper
    # around opt.step, whose call the recorder already takes as a break and
    # whose callees, optimizer.step, Dynamo compiles as frames of their own.)
    # (Nor a generator, whose every resumption begins a call; nor a device
    # stream's or event's methods, which Dynamo models as objects of their
    # own, StreamVariable and EventVariable; nor one of torch's private
    # modules, which the program does not call by name: torch's C code calls
    # them while the program's frame is the last Python one,
    # torch._library's find_torch_dispatch_rule under a dispatch mode. Of
    # torch.utils.checkpoint, Dynamo traces checkpoint() as a higher-order
    # operator, checkpoint_sequential it skips.)
    module = getattr(function, "__module__", None) or ""
    if not (name.startswith("__") and name.endswith("__")) and "<locals>" not in code.co_qualname and \
            not any(part.startswith("_") for part in module.split(".")) and \
            not code.co_flags & 0x2A0 and \
            not (module == "torch.utils.checkpoint" and code.co_qualname == "checkpoint") and \
            not module.startswith(("torch.cuda", "torch.xpu", "torch.mps", "torch.mtia", "torch.accelerator")) and \
            not code.co_qualname.startswith(("Stream.", "Event.")) and \
            not (module == "torch.autograd.grad_mode" and code.co_qualname == "inference_mode.clone"):
        # (inference_mode.clone, which @torch.inference_mode()'s wrapper
        # calls, Dynamo simulates: variables/user_defined.py)
        trace_rules, skip = _rules()
        try:
            if trace_rules is not None and trace_rules.lookup(function) is skip and \
                    (getattr(trace_rules, "lookup_callable", None) is None or
                     trace_rules.lookup_callable(function) is None):
                verdict = "skipped-torch" if "." in code.co_qualname else "skipped-function"
        except Exception:  # noqa: BLE001 - a rule book that cannot answer says nothing
            verdict = ""
    _SKIPPED_FILE[code] = verdict
    return verdict or None


# ----- super() calls ------------------------------------------------------------------------------
_SUPER_CALLS = {}  # code -> (name, line) of a super().<name>(...) call that is its first statement, or None


def _first_super_call(code):
    """(name, line) when the function's first statement calls
    super().<name>(...), else None."""
    if code in _SUPER_CALLS:
        return _SUPER_CALLS[code]
    import dis
    found = None
    useful = [ins for ins in dis.get_instructions(code)
              if ins.opname not in ("RESUME", "COPY_FREE_VARS", "MAKE_CELL", "NOP", "PRECALL", "PUSH_NULL", "CACHE")]
    if len(useful) >= 3 and useful[0].opname == "LOAD_GLOBAL" and useful[0].argval == "super" and \
            useful[1].opname == "CALL" and useful[1].arg == 0 and useful[2].opname in ("LOAD_METHOD", "LOAD_ATTR"):
        line = useful[0].positions.lineno if useful[0].positions else None
        if line is not None:
            found = (useful[2].argval, line)
    _SUPER_CALLS[code] = found
    return found


def _supported_super_target(resolved, name):
    """Whether Dynamo traces a call of what super().<name> resolved to
    (SuperVariable.call_method, torch 2.13): Python functions and methods,
    static and class methods of them, object's own __init__, __setattr__,
    __delattr__ and __getattribute__, nn.Module.__init__, builtin functions,
    Tensor's methods, and the methods of the builtin containers a class
    derives from. Anything else (BaseException.__init__, a slot wrapper of
    another builtin type) is gb0006."""
    import torch
    if isinstance(resolved, (types.FunctionType, types.MethodType, types.BuiltinFunctionType)):
        return True
    if isinstance(resolved, (staticmethod, classmethod)) and isinstance(resolved.__func__, types.FunctionType):
        return True
    if resolved in (object.__init__, object.__setattr__, object.__delattr__, object.__getattribute__,
                    torch.nn.Module.__init__, getattr(torch._C, "_disabled_torch_function_impl", None)):
        return True
    if isinstance(resolved, types.MethodDescriptorType) and getattr(torch.Tensor, name, None) is resolved:
        return True
    for base in (dict, list, tuple, set, frozenset, collections.OrderedDict, collections.defaultdict,
                 collections.deque):
        if base.__dict__.get(name) is resolved:
            return True
    if name == "__new__" and isinstance(resolved, types.BuiltinMethodType):
        return True  # object.__new__ / a builtin's __new__: Dynamo builds the object itself
    return False


def unsupported_super(frame):
    """For a frame of the program's starting to run: (what, line) when its
    first statement calls super().<name>() and that resolves to something
    Dynamo cannot call (gb0006: an Exception subclass's
    super().__init__(message) reaches BaseException.__init__), else None.
    Measured, torch 2.13: Dynamo breaks at that line."""
    code = frame.f_code
    found = _first_super_call(code)
    if found is None or "__class__" not in code.co_freevars or not code.co_argcount:
        return None
    name, line = found
    try:
        local_values = frame.f_locals
        cls = local_values.get("__class__")
        obj = local_values.get(code.co_varnames[0])
    except Exception:  # noqa: BLE001 - locals that cannot be read: not judged
        return None
    if not isinstance(cls, type):
        return None
    owner = obj if isinstance(obj, type) else type(obj)
    mro = owner.__mro__
    if cls not in mro:
        return None
    resolved = None
    for klass in mro[mro.index(cls) + 1:]:
        if name in klass.__dict__:
            resolved = klass.__dict__[name]
            break
    if resolved is None or _supported_super_target(resolved, name):
        return None
    where = getattr(resolved, "__qualname__", None) or f"{type(resolved).__name__} {name}"
    return f"super().{name} ({where})", line


_CONTEXTLIB_UNSUPPORTED = None
_CONTEXT_FUNCTIONS = {}


def unsupported_context_call(frame, function_of):
    """A Python call (`frame`: the callee's; `function_of(frame)` gives the
    function it runs, asked only of a @contextmanager wrapper's frame)
    that makes a context manager Dynamo refuses at the call, or None:
    ("unsupported-contextlib", name) for the contextlib classes it names in
    UserDefinedClassVariable (redirect_stdout, redirect_stderr, closing,
    AsyncExitStack: "unsupported contextlib.* API", gb0262; `frame` runs
    their __init__), ("torch-non-tensor", name) for a @contextmanager
    function of torch that its rules put in the graph and no handler of its
    own models (torch.random.fork_rng: the call returns a generator context
    manager, "torch.* op returned non-Tensor", gb0208)."""
    global _CONTEXTLIB_UNSUPPORTED
    code = frame.f_code
    if code.co_name == "__init__":
        contextlib = sys.modules.get("contextlib")
        if contextlib is None or code.co_filename != contextlib.__file__:
            return None
        if _CONTEXTLIB_UNSUPPORTED is None:
            _CONTEXTLIB_UNSUPPORTED = tuple(getattr(contextlib, n) for n in (
                "_AsyncGeneratorContextManager", "closing", "redirect_stdout", "redirect_stderr", "AsyncExitStack")
                if hasattr(contextlib, n))
        manager = frame.f_locals.get("self")
        if type(manager) in _CONTEXTLIB_UNSUPPORTED:
            return "unsupported-contextlib", f"contextlib.{type(manager).__name__}"
        return None
    if code.co_name != "helper":
        return None
    fn = function_of(frame)
    if not isinstance(fn, types.FunctionType) or \
            not (getattr(fn, "__module__", None) or "").startswith("torch"):
        return None
    known = _CONTEXT_FUNCTIONS.get(id(fn))
    if known is not None and known[0] is fn:
        return known[1]
    verdict = None
    trace_rules, _ = _rules()
    if trace_rules is not None:
        try:
            from torch._dynamo.variables import torch as torch_variables
            if trace_rules.lookup(fn) is torch_variables.TorchInGraphFunctionVariable and \
                    not torch_variables.TorchCtxManagerClassVariable.is_matching_cls(fn) and \
                    fn not in torch_variables.TorchInGraphFunctionVariable._get_handlers() and \
                    fn not in torch_variables.constant_fold_functions:
                verdict = "torch-non-tensor", f"{fn.__module__}.{fn.__qualname__}"
        except Exception:  # another torch: no rule book, no verdict
            verdict = None
    _CONTEXT_FUNCTIONS[id(fn)] = (fn, verdict)
    return verdict
