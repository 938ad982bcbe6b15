"""The Recorder: the frame hook's callbacks (enter, exit, finish), the
module hooks and profile function active while a watched frame runs, and
the capture directory it writes (frames.json, breaks.json, graphs/,
examples/)."""
import contextlib
import dis
import functools
import inspect
import linecache
import math
import os
import re
import sys
import textwrap
import threading
import time
import types
import weakref

import torch
from torch.utils._python_dispatch import is_traceable_wrapper_subclass

import _dynx
import _dynx_bootstrap

from .breaks import (CATEGORIES, class_stores, DATA_DEPENDENT, GENERATOR_BREAK, GENERATOR_SKIP, HOOKED_MODULE_SKIP, LOCK_SKIP, LOOP_SKIP,
                     NOT_RESUMABLE, RECOMPILE_LIMIT, TRY_SKIP, WITH_SKIP, _LOGGING_NAMES, _side_effect_kind)
from .capture import _UNKNOWN as _UNSEEN, FrameCapture, _current, _small_scalar_list, _tls, leaf_grad
from .dynamic import (SymExpr, bound_by_comparisons, changed_dims, dynamo_config, encode_document, hook_guard,
                      range_arguments,
                      make_dynamic, parse_marks)
from .guards import (guard_library_flags, make_attribute_dicts_lazy, mark_indexed_containers, mark_whole_dict_uses, module_source, guard_registries, guard_registry_globals, guard_torch_functions, _GETTERS, _closure_values, _program_class, _program_module, _guard_free_value, build_guards, finish_guards, needs_met, global_key_reads, global_reads, lazy_global_dict, lazy_global_keys, numpy_array, set_key_baseline,
                     guard_json, guardable_key, holds_tensors, plain_object,
                     names_read_by, names_read_only_after, set_source_filter, spell_as_dynamo,
                     install_module_hook_watch, ANY_ATTRIBUTE, dynamic_getattr)
from .iterables import GIVES_UP, UNSUBSCRIPTABLE, _instructions, attribute_iteration, enters_with, follows_call, foreign_getter_call, next_opname, iterating_call, iterating_instruction, iteration_words, load_chain, lock_withs, polyfill_frame, read_stored, stored_name
from . import logger_calls, resumes
from .modes import OWN_PREFIX, _DispatchRecorder, _FunctionRecorder, install_lru_cache_bypass, \
    install_make_subclass_alias, install_numpy_random_breaks, install_python_random_draws, install_subclass_constructor, \
    install_warning_relocation
from .nested import enter_level, graph_signature, in_skipped_level, is_level, leave_level, skip_record
from .settings import (Settings, checkpoint_call, disabled_call, no_compiled_frames, reorderable, set_compiling,
                       torch_disabled_call)
from .sources import SourceFilter
from .trace_rules import (builtin_kind, skipped_torch_file_call, torch_non_tensor_call, torch_non_tensor_functions, unsupported_context_call, unsupported_method, inlined_library_frame, skipped_c_function, skipped_torch_functions,
                          unsupported_super)
from .verify import _difference, hooks_changed, module_hooks, run_node
from .weights import Weights
from .writer import BREAKS_SCHEMA, FRAMES_SCHEMA, GRAPH_SCHEMA, _is_fake, _listing, _write_json, _write_safetensors, _write_text


_SOURCE_CONTEXT = 5


def _source_around(frame):
    """The lines around a break site, read now: a capture is passed around
    (CI artifacts, bug reports), and dynx-explain shows these instead of
    reading whatever file breaks.json names."""
    lines = []
    for number in range(max(1, frame["line"] - _SOURCE_CONTEXT), frame["line"] + _SOURCE_CONTEXT + 1):
        text = linecache.getline(frame["file"], number)
        if not text:
            break
        lines.append({"line": number, "text": text.rstrip("\r\n")})
    return lines


_RAISE_VARARGS = dis.opmap["RAISE_VARARGS"]
_RETURN_VALUE = dis.opmap["RETURN_VALUE"]


def _small_scalar_dict(value):
    """A dict of at most 32 str keys whose values are numbers, bools or
    short strings: hyper-parameters a helper returns (`{"lr_scale": 0.5}`),
    which the code after the break is specialised on key by key."""
    return type(value) is dict and len(value) <= 32 and all(
        type(k) is str and (type(v) in (bool, int, float) or v is None or type(v) is str and len(v) <= 64)
        for k, v in value.items())


def _stack_guard(old, new, source="___stack0"):
    """The guard of Dynamo's resume function on the value a break gave
    that fails for the new value: ___stack0 == 3.0, or for a list (a
    .tolist()) its length or its first element that differs
    (___stack0[0] == 1.0)."""
    if type(old) is dict and type(new) is dict:
        if list(old) != list(new):
            return f"list({source}.keys()) == {list(old)!r}"
        for k in old:
            if old[k] != new[k] or type(old[k]) is not type(new[k]):
                return _stack_guard(old[k], new[k], f"{source}[{k!r}]")
    if type(old) in (list, tuple) and type(new) is type(old):
        if len(old) != len(new):
            return f"len({source}) == {len(old)}"
        for i, (a, b) in enumerate(zip(old, new)):
            if a != b or type(a) is not type(b):
                return _stack_guard(a, b, f"{source}[{i}]")
    return f"{source} is None" if old is None else f"{source} == {old!r}"


def _scalar_value(value):
    """An int, float or bool a break gave (what Dynamo's resume functions
    guard by value when a local holds it)."""
    return type(value) in (int, float, bool)


def _graphs_after_breaks(capture, breaks):
    """(break site as "file.py:line", its instruction offset in the watched
    frame or None, the graph that follows the break) for each of `breaks`
    that stands in the program's code and has a graph after it."""
    for b in breaks:
        if b["stack"] and b["graph"] in capture.graphs:
            position = capture.graphs.index(b["graph"]) + 1
            if position < len(capture.graphs):
                site = b["stack"][-1]
                yield f"{os.path.basename(site['file'])}:{site['line']}", b.get("offset"), capture.graphs[position]


def _of_resume_entry(reason, entries):
    """Whether a recompile reason ("0/2: ...") is that of an entry that
    continued an earlier one after a break (its "resume" field)."""
    head = reason.split(": ", 1)[0]
    index = head.rsplit("/", 1)[-1]
    return index.isdigit() and int(index) < len(entries) and "resume" in entries[int(index)]


def _python_raises(fn):
    """Whether an exception a C function raised is one Dynamo meets while
    tracing (a builtin or a method of a builtin type it runs on constants:
    list.index, dict.pop, int('x')), not torch's (an operator that fails
    fails the compile instead)."""
    owner = getattr(fn, "__self__", None)
    if isinstance(owner, torch.Tensor):
        return False
    module = getattr(fn, "__module__", None) or getattr(type(owner), "__module__", None)
    return module in ("builtins", None) and not (isinstance(owner, type) and owner.__module__.startswith("torch"))


_MODULE_INIT = torch.nn.Module.__init__.__code__
_MODULE_TRAIN = torch.nn.Module.train.__code__
_MODULE_FILE = torch.nn.modules.module.__file__
_HANDLE_INIT = torch.utils.hooks.RemovableHandle.__init__.__code__


def _cached_property_lock():
    """(code, line) of functools.cached_property.__get__ and of its `with
    self.lock:` where the Python in use has one (3.8 to 3.11; 3.12 dropped
    the lock), else (None, None)."""
    code = functools.cached_property.__get__.__code__
    if "lock" not in code.co_names:
        return None, None
    line = None
    for ins in dis.get_instructions(code):
        if ins.starts_line is not None:
            line = ins.starts_line
        if ins.opname in ("BEFORE_WITH", "SETUP_WITH"):
            return code, line
    return None, None


# Computing a cached_property (its first read on an object) takes an RLock
# in a with block on 3.11: Dynamo, inlining __get__, cannot enter it (gb0142).
_CACHED_GET, _CACHED_LOCK_LINE = _cached_property_lock()
# nn.Parameter(t) in traced code: a break in torch 2.13 (gb0264, unless
# torch._dynamo.config.graph_break_on_nn_param_ctor is turned off).
_PARAMETER_NEW = getattr(torch.nn.Parameter.__new__, "__code__", None)
_HOOKS_FILE = torch.utils.hooks.__file__
_NO_NAMES = frozenset()


def _compile_stance():
    """torch.compiler.set_stance's current stance ("default", "force_eager",
    "eager_on_recompile", "fail_on_recompile"), read where torch keeps it."""
    eval_frame = sys.modules.get("torch._dynamo.eval_frame")
    return getattr(getattr(eval_frame, "_stance", None), "stance", "default")


def _has_tensor_in_frame(code, globals_, arguments, closure):
    """Dynamo's own test (convert_frame.has_tensor_in_frame) of a frame
    about to run: a torch module among the globals its code names, or a
    tensor, module, or list/tuple/dict/named tuple holding one among its
    locals. True when the rule book cannot answer."""
    try:
        from torch._dynamo.convert_frame import has_tensor_in_frame
    except ImportError:
        return True
    local_values = dict(arguments or {})
    for name, (_, value) in (closure or {}).items():
        local_values.setdefault(name, value)
    frame = types.SimpleNamespace(f_code=code, f_globals=globals_ if globals_ is not None else {},
                                  f_locals=local_values)
    try:
        return bool(has_tensor_in_frame(frame))
    except Exception:  # noqa: BLE001 - a rule book that cannot answer says nothing
        return True


# Optimizer.step functions under their _use_grad wrapper (code objects):
# frames of their own (Recorder._optimizer_step); each with the place of the
# wrapper's torch._dynamo.graph_break() (a stack frame).
_OPTIMIZER_STEPS = {}
_OPTIMIZER_FILE = os.path.join("torch", "optim", "optimizer.py")
_RE_PREFIX = os.path.dirname(__import__("re").__file__) + os.sep
# Code whose reads steer nothing of the program's: dynx's own (the modes'
# callbacks), the regular-expression compiler (the first re.compile of a
# pattern names the fields of its own parser), and Dynamo's own machinery
# that torch runs lazily the first time (torch._compile._disable_dynamo
# wraps a function with torch._dynamo.disable on its first call, reading
# `forward`: a first entry would guard names later entries do not).
_NO_READ_PREFIXES = (OWN_PREFIX, _RE_PREFIX, os.path.join(os.path.dirname(torch.__file__), "_dynamo") + os.sep,
                     os.path.join(os.path.dirname(torch.__file__), "_compile.py"))
_COPY_FILE = __import__("copy").__file__
_TENSOR_FILE = torch._tensor.__file__
_SCHEDULER_FILE = os.path.join("torch", "optim", "lr_scheduler.py")


def _compile_step(step_code, wrapper_code):
    if step_code not in _OPTIMIZER_STEPS:
        _OPTIMIZER_STEPS[step_code] = {"file": wrapper_code.co_filename, "line": _graph_break_line(wrapper_code),
                                       "function": wrapper_code.co_qualname}
        _dynx.compile_nested(step_code)


def _known_optimizer_steps():
    """The step functions of torch's optimizers (and of any Optimizer
    subclass defined so far) under a _use_grad wrapper: watched from the
    start, for a step reached from a frame Dynamo skips (its wrapper is
    then never seen by a recording)."""
    pending, seen = list(torch.optim.Optimizer.__subclasses__()), set()
    while pending:
        cls = pending.pop()
        if cls in seen:
            continue
        seen.add(cls)
        pending.extend(cls.__subclasses__())
        fn = cls.__dict__.get("step")
        chain = []
        while fn is not None and len(chain) < 4:
            chain.append(fn)
            fn = getattr(fn, "__wrapped__", None)
        for wrapper, inner in zip(chain, chain[1:]):
            code = getattr(wrapper, "__code__", None)
            inner_code = getattr(inner, "__code__", None)
            if code is not None and inner_code is not None and code.co_name == "_use_grad" and \
                    code.co_filename.endswith(_OPTIMIZER_FILE):
                _compile_step(inner_code, code)


@functools.lru_cache(maxsize=1)
def _full_backward_hooks(module):
    """Whether calling `module` wraps its inputs in a BackwardHook (a full
    backward hook or backward pre-hook, its own or global), which Dynamo
    cannot trace without compiled autograd."""
    hooks = torch.nn.modules.module
    full = bool(module._backward_pre_hooks) or bool(getattr(hooks, "_global_backward_pre_hooks", None)) or \
        bool(getattr(hooks, "_global_backward_hooks", None)) or \
        (bool(module._backward_hooks) and module._is_full_backward_hook is True)
    return full and not getattr(torch._dynamo.config, "compiled_autograd", False)


def _backward_hook_line():
    """The line of Module._call_impl where it wraps a module's inputs in its
    BackwardHook (`bw_hook = BackwardHook(self, ...)`): where Dynamo
    reports gb0083. None when this torch has no such line."""
    try:
        lines, start = inspect.getsourcelines(torch.nn.Module._call_impl)
    except (OSError, TypeError):
        return None
    return next((start + k for k, text in enumerate(lines) if "= BackwardHook(" in text), None)


def _callee_of(caller, frame):
    """The frame `caller` called on the way to `frame` (frame itself, or one of its callers)."""
    while frame.f_back is not None and frame.f_back is not caller:
        frame = frame.f_back
    return frame


@functools.lru_cache(maxsize=None)
def _graph_break_line(code):
    """The line of the first torch._dynamo.graph_break() in `code`."""
    for ins in dis.get_instructions(code):
        if ins.argval == "graph_break" and ins.positions is not None and ins.positions.lineno:
            return ins.positions.lineno
    return code.co_firstlineno


_CO_GENERATOR = 0x20  # inspect.CO_GENERATOR
_FIRST_RESUME = {}


def _starting(frame):
    """Whether a generator's frame is at its start (its first RESUME), not
    resumed after a yield."""
    code = frame.f_code
    first = _FIRST_RESUME.get(code)
    if first is None:
        first = next((i.offset for i in dis.get_instructions(code) if i.opname == "RESUME"), 0)
        _FIRST_RESUME[code] = first
    return frame.f_lasti <= first


def _compiling_codes():
    """The code of the functions whose call Dynamo marks as an
    inconsistent side effect (variables/torch.py: is_compiling and its
    aliases), which keeps a frame that traced no operator compiled."""
    import torch._dynamo.eval_frame  # noqa: F401 - loaded with torch._dynamo
    import torch._dynamo.external_utils  # noqa: F401
    found = set()
    for owner, name in ((torch._utils, "is_compiling"), (torch.compiler, "is_compiling"),
                        (torch.compiler, "is_dynamo_compiling"), (torch.compiler, "is_exporting"),
                        (getattr(torch._dynamo, "external_utils", None), "is_compiling"),
                        (getattr(torch._dynamo, "eval_frame", None), "_is_in_optimized_module")):
        code = getattr(getattr(owner, name, None), "__code__", None)
        if code is not None:
            found.add(code)
    return frozenset(found)


_COMPILING_CODES = _compiling_codes()


def _infer_parameters_code():
    try:
        from torch.nn.modules.lazy import LazyModuleMixin
        return LazyModuleMixin._infer_parameters.__code__
    except Exception:  # noqa: BLE001 - another torch
        return None


_INFER_PARAMETERS = _infer_parameters_code()


_OUTSIDE_STORES = {}


_WEAKREF_CALLS = {}


def _weakref_call_line(code):
    """The line of a WeakValueDictionary method (not a generator's) where
    it calls the weak reference it looked up (`o = wr()`,
    `self.data[key]()`), or None."""
    found = _WEAKREF_CALLS.get(code, False)
    if found is False:
        found = None
        if not code.co_flags & 0x20:  # CO_GENERATOR
            line = code.co_firstlineno
            instructions = list(dis.get_instructions(code))
            for i, ins in enumerate(instructions):
                if ins.starts_line is not None:
                    line = ins.starts_line
                if ins.opname in ("CALL", "CALL_FUNCTION") and ins.argval == 0 and i >= 2 and \
                        (instructions[i - 2].opname == "BINARY_SUBSCR" or
                         instructions[i - 2].opname == "LOAD_FAST" and instructions[i - 2].argval == "wr"):
                    found = line
                    break
        _WEAKREF_CALLS[code] = found
    return found


def _weakref_found(frame):
    """Whether a WeakValueDictionary method starting in `frame` finds its
    key (a read of a missing key takes the KeyError path and calls no weak
    reference: no break)."""
    if frame.f_code.co_name not in ("get", "__getitem__", "__contains__", "setdefault", "pop"):
        return True
    local = frame.f_locals
    data = getattr(local.get("self"), "data", None)
    try:
        return isinstance(data, dict) and local.get("key") in data
    except TypeError:  # an unhashable key: the call raises
        return False


def _tensor_defaults(function):
    """Whether a function has a tensor among its defaults."""
    return any(isinstance(v, torch.Tensor)
               for v in (function.__defaults__ or ()) + tuple((function.__kwdefaults__ or {}).values()))


_OBJECT_GETATTRIBUTE = {}


def _object_getattribute_line(code):
    """The first line of a __getattribute__ that calls
    object.__getattribute__ (None: it does not)."""
    found = _OBJECT_GETATTRIBUTE.get(code, False)
    if found is False:
        found = None
        instructions = list(dis.get_instructions(code))
        line = code.co_firstlineno
        for ins, after in zip(instructions, instructions[1:]):
            if ins.starts_line is not None:
                line = ins.starts_line
            if ins.opname == "LOAD_GLOBAL" and ins.argval == "object" and \
                    after.opname in ("LOAD_ATTR", "LOAD_METHOD") and after.argval == "__getattribute__":
                found = line
                break
        _OBJECT_GETATTRIBUTE[code] = found
    return found


def _outside_store(code):
    """(name, line) of the first assignment a code object makes to a
    variable outside it (STORE_DEREF of a free variable, STORE_GLOBAL), or
    None. Kept per code."""
    if code in _OUTSIDE_STORES:
        return _OUTSIDE_STORES[code]
    import dis
    found, line = None, code.co_firstlineno
    for ins in dis.get_instructions(code):
        if ins.starts_line is not None:
            line = ins.starts_line
        if ins.opname == "STORE_GLOBAL" or ins.opname == "STORE_DEREF" and ins.argval in code.co_freevars:
            found = (ins.argval, line)
            break
    _OUTSIDE_STORES[code] = found
    return found


def _example_facts(arguments):
    """{source: ("tensor", shape) or ("number", value)} of a call's
    arguments and what they hold, as their guards see them."""
    facts = {}
    try:
        for g in build_guards(arguments):
            if g["kind"] == "TENSOR_MATCH":
                facts[g["source"]] = ("tensor", list(g["shape"]))
            elif g["kind"] == "EQUALS_MATCH" and type(g.get("value")) in (int, float):
                facts[g["source"]] = ("number", g["value"])
    except Exception:  # noqa: BLE001 - an argument the walk cannot read: no example
        return {}
    return facts


def _seed_dynamism(info, first, second):
    """Dynamo's eager_then_compile (track_dynamism_across_examples): a
    tensor dimension or a Python number that differs between the first
    (eager) call and the second is dynamic when the second compiles."""
    history = info.setdefault("size_history", {})
    scalars = info.setdefault("dynamic_scalars", set())
    for source, fact in second.items():
        earlier = first.get(source)
        if earlier is None or earlier[0] != fact[0]:
            continue
        if fact[0] == "tensor" and len(earlier[1]) == len(fact[1]):
            # As if an earlier compile of the frame had seen the first call's sizes.
            history[source] = [a if a == b else None for a, b in zip(earlier[1], fact[1])]
        elif fact[0] == "number" and earlier[1] != fact[1]:
            scalars.add(source)


def _supported_generator_manager(manager):
    """A @contextlib.contextmanager of torch's that Dynamo models as a
    context manager of its own (torch._dynamo.variables.torch.
    supported_ctx_manager_classes: disable_saved_tensors_hooks, sdpa_kernel),
    under which it can break and resume."""
    func = getattr(manager, "func", None)
    if func is None or not isinstance(manager, contextlib._GeneratorContextManager):
        return False
    global _SUPPORTED_GENERATORS
    if _SUPPORTED_GENERATORS is None:
        try:
            from torch._dynamo.variables.torch import supported_ctx_manager_classes
            # The generator functions behind the @contextmanager ones (their __wrapped__).
            _SUPPORTED_GENERATORS = {id(c) for c in supported_ctx_manager_classes} | \
                {id(getattr(c, "__wrapped__", None)) for c in supported_ctx_manager_classes}
        except Exception:  # noqa: BLE001 - another torch
            _SUPPORTED_GENERATORS = set()
    return id(func) in _SUPPORTED_GENERATORS


_SUPPORTED_GENERATORS = None


def _guard_array_contents(capture):
    """A graph holds a constant made in a call that reaches NumPy arrays:
    perhaps from NumPy work on one of them run as Python (np.log(self.std)),
    which no graph input stands for. Dynamo traces that work on the array as
    a graph input; dynx guards the arrays' contents as the call found them
    (a later call with other data is a new entry, never a stale constant)."""
    paths = {g["source"][:-len(".dtype")]: g["path"][:-1] for g in capture.guards
             if g["kind"] == "EQUALS_MATCH" and g["source"].endswith(".dtype")}
    for source, data in capture.walked_arrays:
        if source in paths:
            capture.guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.tobytes()",
                                   "path": paths[source] + [["attr", "tobytes"], ["call", None]], "value": data,
                                   "failure": re.sub(r"\bL\['([^']+)'\]", r"\1", source) +
                                   f".tobytes() == <the {len(data)} bytes it held>",
                                   "text": f"{source}.tobytes() == <the {len(data)} bytes it held>"})


def _forbidding_transform(settings):
    """The eager functorch transform (vmap, grad, jvp) the current call
    stands inside, where Dynamo refuses to trace a frame under it
    (InstructionTranslator._throw_if_in_functorch: with any backend but
    "eager"), or None. With backend="eager" Dynamo traces the frame under
    the transform; dynx cannot record batched tensors, so it gives up on
    the frame then too, and says so (the break's operation)."""
    functorch = getattr(torch._C, "_functorch", None)
    peek = getattr(functorch, "peek_interpreter_stack", None)
    if peek is None:
        return None
    try:
        top = peek()
        if top is None:
            return None
        name = top.key().name.lower()
    except Exception:  # noqa: BLE001 - another torch
        return None
    if name not in ("vmap", "grad", "jvp"):
        return None
    backend = (settings.options.get("backend") if settings is not None else None) or "inductor"
    transform = "vmap" if name == "vmap" else f"func.{name}"
    try:
        from torch._dynamo.backends.registry import lookup_backend
        if backend == "eager" or backend is lookup_backend("eager"):
            return f"{transform} (with backend='eager' torch.compile would trace it; dynx cannot record a call " \
                   f"under a transform and leaves it uncompiled)"
    except Exception:  # noqa: BLE001 - another torch
        pass
    return transform


_SKIPS_CODE = {}
_TORCH_DIR = os.path.dirname(torch.__file__) + os.sep


def _dynamo_skips_code(code, arguments):
    """Whether Dynamo's rules skip a third-party package's code (numpy,
    tqdm, pandas...: trace_rules.check): its callback never compiles it.
    torch's own code is skipped but the forward of one of torch.nn's
    modules that has hooks (trace_rules.check_verbose: Dynamo compiles it,
    so that what the module computes after a hook that broke is a graph)."""
    if code.co_filename.startswith(_TORCH_DIR):
        module = arguments.get("self")
        try:
            from torch._dynamo.utils import nnmodule_has_hooks
            return not (code.co_name == "forward" and isinstance(module, torch.nn.Module) and
                        type(module).__module__.startswith(("torch.nn.", "torch.ao.")) and
                        nnmodule_has_hooks(module, check_forward_hooks=True))
        except Exception:  # noqa: BLE001 - another torch: skipped, as torch's code
            return True
    if code.co_filename in _SKIPS_CODE:
        return _SKIPS_CODE[code.co_filename]
    try:
        from torch._dynamo import trace_rules
        verdict = bool(trace_rules.check(code))
    except Exception:  # noqa: BLE001 - another torch: compiled, as the program's code
        verdict = False
    _SKIPS_CODE[code.co_filename] = verdict
    return verdict


_FUNCTION_APPLY_CODE = getattr(getattr(torch.autograd.Function.apply, "__func__", torch.autograd.Function.apply),
                               "__code__", None)


def _dynamo_registered(fn):
    """How the program registered `fn` with Dynamo's decorators:
    "constant" (torch._dynamo.assume_constant_result), "opaque"
    (allow_in_graph, nonstrict_trace: written to the graph as one call,
    never traced), "disallowed" (disallow_in_graph: a break where a C
    function of torch's is called; torch registers some of its own Python
    functions so, torch._dynamo.graph_break among them, whose breaks are
    taken where they are met), or None."""
    if fn is None:
        return None
    try:
        if getattr(fn, "_dynamo_marked_constant", False) is True:
            return "constant"
    except Exception:  # noqa: BLE001 - an object whose __getattr__ raises
        return None
    rules = sys.modules.get("torch._dynamo.trace_rules")
    if rules is None:
        return None
    for name, kind in (("_disallowed_callable_ids", "disallowed"), ("_allowed_callable_ids", "opaque"),
                       ("_nonstrict_trace_callable_ids", "opaque")):
        ids = getattr(getattr(rules, name, None), "function_ids", None)
        if ids and id(fn) in ids:
            return kind
    return None


def _untraced(frame, event, arg):
    """The trace function while frames are followed for Logger calls:
    every other frame runs untraced."""
    return None


def _break_value(brk, item):
    """Keeps what the call that broke the graph returned (`item`: (value,)
    from the frame's value stack, or None) where it is a number, a bool or
    a short list of them: the value Dynamo's resume function after the
    break is specialised on (`___stack0 == 0.134...` after random.random(),
    `___stack1 == 2` after next(gen))."""
    if item is None or "value" in brk:
        return
    value = item[0]
    if type(value) in (bool, int, float) or type(value) is str and len(value) <= 64 or _small_scalar_list(value) or \
            type(value) is tuple and len(value) <= 16 and _small_scalar_list(list(value)) or _small_scalar_dict(value):
        # (a tuple too: next() of an enumerate or zip gives `(0, 0.5)`; a
        # dict of numbers a disabled helper or a ContextVar gave, read by key)
        # (a short str too: torch.get_float32_matmul_precision() gives 'highest')
        brk["value"] = value


def _trace_opcodes(capture, frame, step):
    """Traces `frame` alone, instruction by instruction: step(f, event) on
    each event until it returns True or the frame returns; then the frame's
    own trace function (if any, which gets every event meanwhile) is put
    back, and the global trace function too when this installed it."""
    previous, opcodes = frame.f_trace, frame.f_trace_opcodes
    installed = sys.gettrace() is None
    if installed:
        sys.settrace(_untraced)

    def tracer(f, event, arg):
        finished = step(f, event) or event == "return"
        if finished:
            f.f_trace_opcodes = opcodes
            f.f_trace = previous
            if installed and sys.gettrace() is _untraced and not getattr(capture, "logger_trace", False):
                sys.settrace(None)
        result = previous(f, event, arg) if previous is not None else None
        return result if finished else tracer
    frame.f_trace = tracer
    frame.f_trace_opcodes = True


def _read_call_result(capture, frame, brk):
    """A C function whose call broke the graph returned in `frame`; a
    profile function never sees its result. The frame's next instruction,
    traced for this frame alone, finds it on top of the value stack."""
    def step(f, event):
        if event in ("line", "opcode"):
            _break_value(brk, _dynx.stack_item(f))
            return True
        return False
    _trace_opcodes(capture, frame, step)

_LOCK_TYPES = (type(threading.Lock()), type(threading.RLock()))


def _bound_wrapper(code, arguments):
    """Whether the watched frame is a torch wrapper `(*args, **kwargs)`
    (torch.no_grad()'s decorate_context) run for a bound method the program
    compiled (torch.compile(ema.update)): its args[0] is the method's self."""
    if code.co_argcount or not code.co_flags & inspect.CO_VARARGS:
        return False
    args = arguments.get(code.co_varnames[code.co_kwonlyargcount])
    if type(args) is not tuple or not args:
        return False
    return any(c is code and obj is args[0] for c, _, obj, _ in getattr(_dynx_bootstrap, "_registrations", ()))


def _unenterable(value):
    """A context manager Dynamo cannot enter when the frame did not make
    it: a threading lock, or an object of a class of the program's own
    with __enter__/__exit__ (test_ctx_manager.py: Dynamo makes a context
    manager variable only of one it sees built; a global or argument one is
    "Unsupported context manager", gb0142)."""
    if isinstance(value, _LOCK_TYPES):
        return True
    kind = type(value)
    return value is not None and hasattr(kind, "__enter__") and hasattr(kind, "__exit__") and \
        not isinstance(value, type) and _program_class(kind)


def _watch_lock_withs(capture, frame):
    """The watched frame, or a function of the program's it calls, has
    `with X:` statements whose manager is a plain load; those that give a
    threading lock now are watched, instruction by instruction in this
    frame alone, until one runs (capture.lock_break) or the frame ends."""
    offsets = {offset for offset, chain in lock_withs(frame.f_code) if _unenterable(load_chain(frame, chain))}
    if not offsets:
        return

    def step(f, event):
        if event != "opcode" or f.f_lasti not in offsets:
            return False
        item = _dynx.stack_item(f)
        if item is None or not _unenterable(item[0]):
            return False
        capture.lock_break(type(item[0]).__name__, capture.user_stack(), nested=f is not capture.frame)
        return True
    _trace_opcodes(capture, frame, step)


# Instructions of a function's code that torch 2.13's Dynamo has no handler
# for (InstructionTranslator has no method of their name): a break it cannot
# resume from ("Missing bytecode handler", gb0082).
_UNHANDLED = frozenset({"DELETE_GLOBAL", "DELETE_DEREF", "CHECK_EG_MATCH"})
_MISSING = {}


def _missing_handlers(code):
    """{offset: opname} of the code's instructions Dynamo cannot handle, per code."""
    found = _MISSING.get(code)
    if found is None:
        found = {}
        if not _UNHANDLED.isdisjoint(dis.opname[op] for op in code.co_code[::2]):
            try:
                from torch._dynamo.symbolic_convert import InstructionTranslator
                missing = {name for name in _UNHANDLED if not hasattr(InstructionTranslator, name)}
            except Exception:  # noqa: BLE001 - another torch: nothing known missing
                missing = set()
            found = {ins.offset: ins.opname for ins in dis.get_instructions(code) if ins.opname in missing}
        _MISSING[code] = found
    return found


_FUNCTION_STORES = {}


def _function_attribute_stores(code):
    """The STORE_ATTRs of `code` whose object is a name loaded right before
    (`fn.calls = 0`, `wrapper.calls += 1`): {offset: (load opname, name)}."""
    found = _FUNCTION_STORES.get(code)
    if found is None:
        found = {}
        listing = [ins for ins in _instructions(code)[0] if ins.opname not in ("CACHE", "EXTENDED_ARG")]
        for i, ins in enumerate(listing):
            if ins.opname != "STORE_ATTR" or i < 1:
                continue
            load = listing[i - 1]
            if load.opname == "SWAP" and i >= 6 and listing[i - 5].opname == "COPY" and \
                    listing[i - 4].opname == "LOAD_ATTR" and listing[i - 4].argval == ins.argval:
                load = listing[i - 6]  # an augmented store: LOAD name, COPY 1, LOAD_ATTR a, ..., SWAP 2
            if load.opname in ("LOAD_GLOBAL", "LOAD_DEREF"):
                found[ins.offset] = (load.opname, load.argval)
        _FUNCTION_STORES[code] = found
    return found


def _watch_function_stores(capture, frame, stores):
    """An attribute stored on a function object the call did not make
    (`wrapper.calls += 1` on a decorator's wrapper, a global function's
    attribute): Dynamo's setattr() on it is unsupported (gb0467, a
    UserFunctionVariable; one the traced code made, a nested function, it
    supports), so the graph breaks at the store. Watched instruction by
    instruction in this frame alone, until such a store runs."""
    code = frame.f_code
    own_cells = set(code.co_cellvars)
    armed = {}
    for offset, (load, name) in stores.items():
        if load == "LOAD_DEREF" and name in own_cells:
            continue  # a cell this frame fills: a function it makes itself
        value = frame.f_globals.get(name) if load == "LOAD_GLOBAL" else frame.f_locals.get(name)
        if isinstance(value, types.FunctionType) and not value.__code__.co_filename.startswith(OWN_PREFIX):
            armed[offset] = name
    if not armed:
        return

    def step(f, event):
        if event != "opcode" or f.f_lasti not in armed or capture.suspended or _current() is not capture:
            return False
        item = _dynx.stack_item(f)
        if not item or not isinstance(item[0], types.FunctionType):
            return False
        capture.graph_break("function-setattr", f"setattr() on function {armed[f.f_lasti]}",
                            capture.recorder._stack_at(f, capture))
        return True
    _trace_opcodes(capture, frame, step)


def _watch_missing_bytecode(capture, frame):
    """The watched frame's code holds instructions Dynamo cannot handle:
    watched, instruction by instruction in this frame alone, until one runs
    (capture.missing_bytecode) or the frame ends."""
    offsets = _missing_handlers(frame.f_code)

    def step(f, event):
        if event != "opcode" or f.f_lasti not in offsets or capture.suspended or _current() is not capture:
            return False
        capture.missing_bytecode(offsets[f.f_lasti], capture.user_stack())
        return True
    _trace_opcodes(capture, frame, step)


def _observable(expected, got, packed):
    """Two graph documents without the outputs one of them has only
    because something kept them alive when the graph closed, where those
    are values a saved-tensor pack hook was handed in some call of the frame
    (`packed`): autograd keeps what the forward saved, the hook a copy of
    its own instead, which changes which values are alive. An output either
    has for another reason (returned, used later) stays in both, and so
    does one the program kept (stored on an object: a side effect). Their
    nodes are still all compared, so what each value computes is too."""
    if not packed:
        return expected, got

    def alive_only(document):
        return {o.get("name") for o in document.get("outputs") or () if o.get("reasons") == ["alive"]}

    def others(document):
        return {o.get("name") for o in document.get("outputs") or () if o.get("reasons") != ["alive"]}

    dropped = ((alive_only(expected) | alive_only(got)) - others(expected) - others(got)) & packed
    if not dropped:
        return expected, got
    return tuple(dict(d, outputs=[o for o in d.get("outputs") or () if o.get("name") not in dropped])
                 for d in (expected, got))


def _unrecorded_saved_tensors_hooks(capture):
    """Autograd's saved-tensor hooks active around the call (the program's
    `with saved_tensors_hooks(pack, unpack)`: activation offloading or
    compression) run on what the forward saves, at run time, outside any
    graph: pushed again so that what pack computes is not recorded as the
    graph's. Whether it pushed them (popped at exit)."""
    try:
        top = torch._C._autograd._top_saved_tensors_default_hooks(False)
    except (AttributeError, TypeError, RuntimeError):
        return False
    if top is None:
        return False
    pack, unpack = top

    def unrecorded_pack(tensor):
        value = capture._lookup(tensor)
        if value is not None and value.kind == "node":
            capture.packed_names.add(value.name)  # (kept by the hook, not alive: _observable)
        with capture.unrecorded():
            return pack(tensor)

    torch._C._autograd._push_saved_tensors_default_hooks(unrecorded_pack, unpack)
    return True


def _flattened(tensor, depth=0):
    """A comparable form of a tensor: a wrapper subclass as its type, its
    __tensor_flatten__ metadata and its inner tensors' (recursively), a plain
    tensor as its dtype, shape and values (NaN compared equal)."""
    if is_traceable_wrapper_subclass(tensor) and depth < 4:
        attrs, ctx = tensor.__tensor_flatten__()
        return (type(tensor), repr(ctx), tuple((a, _flattened(getattr(tensor, a), depth + 1)) for a in attrs))
    if not isinstance(tensor, torch.Tensor):
        return repr(tensor)
    plain = tensor.detach().to("cpu")
    return (plain.dtype, tuple(plain.shape), repr(plain.nan_to_num(nan=1.5e300).tolist()
                                                  if plain.is_floating_point() else plain.tolist()))



def _rename_weights(documents, mapping):
    """Graph documents' weight inputs renamed by `mapping` ({old: new},
    Weights.adopt's), each input spec once (documents may share them)."""
    seen = set()
    for doc in documents:
        for spec in doc.get("inputs", ()):
            if id(spec) not in seen and "weight" in spec:
                seen.add(id(spec))
                spec["weight"] = mapping.get(spec["weight"], spec["weight"])


class Recorder:
    """Owns all captures of a run and writes the capture directory."""

    def __init__(self, output_dir, stdlib, third_party):
        self.output_dir = output_dir
        torch_dir = os.path.dirname(os.path.realpath(torch.__file__))
        self.source_filter = SourceFilter(stdlib, third_party, torch_dir)
        set_source_filter(self.source_filter)
        self.torch_dir = torch_dir + os.sep
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
        self._broken_generators = set()  # (file, function) of generators a skipped frame broke in (adopt_rest)
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
        self.dynamo_ids = resumes.DynamoIds()
        self.watched_codes = set()  # the code of every frame recorded (_in_watched_call)
        self.lock = threading.Lock()
        # Every file name of the capture directory comes from its one owner,
        # ir::CaptureLayout (the C++ readers use the same).
        self.paths = _dynx.capture_paths(output_dir)
        os.makedirs(self.paths["graphs"], exist_ok=True)
        os.makedirs(self.paths["examples_dir"], exist_ok=True)
        self._follow_reset()
        install_warning_relocation()
        install_make_subclass_alias()
        install_lru_cache_bypass(lambda filename: self.source_filter.kind(filename) == "program")
        install_subclass_constructor()
        install_module_hook_watch(self._in_watched_call)
        install_numpy_random_breaks()
        install_python_random_draws()
        try:
            _known_optimizer_steps()
        except Exception:  # noqa: BLE001 - another torch's optimizers: met at their first call instead
            pass
        torch.nn.modules.module.register_module_forward_pre_hook(self._module_enter)
        torch.nn.modules.module.register_module_forward_hook(self._module_exit, always_call=True)

    def _follow_reset(self):
        """torch._dynamo.reset() (torch.compiler.reset() calls it) clears
        Dynamo's caches: every frame compiles afresh at its next call, with
        no recompile and nothing remembered of earlier sizes (automatic
        dynamic starts over). The function is wrapped so that dynx's cache
        follows; the entries made before stay in frames.json, and the first
        one made after is marked `after_reset`."""
        original = getattr(torch._dynamo, "reset", None)
        if original is None or getattr(original, "_dynx_reset", False):
            return
        recorder = self

        @functools.wraps(original)
        def reset(*args, **kwargs):
            result = original(*args, **kwargs)
            with recorder.lock:
                _dynx.reset_cache()
                for info in recorder.frames.values():
                    info["reset_at"] = len(info["entries"])
                    for key in ("size_history", "dynamic_scalars", "continuations"):
                        info.pop(key, None)
            return result

        reset._dynx_reset = True
        torch._dynamo.reset = reset

    def _in_watched_call(self):
        """Whether a watched frame is running (recorded, or a hit of one of
        its entries, which runs with no capture): a module hook registered
        from inside is the call's own business, not a change between calls."""
        if _current() is not None:
            return True
        frame = sys._getframe(1)
        while frame is not None:
            if frame.f_code in self.watched_codes:
                return True
            frame = frame.f_back
        return False

    def frame_number(self, record_id):
        return self.frame_order.index(record_id)

    # ----- callbacks from the frame hook -----------------------------------------------------
    def enter(self, record_id, code, arguments, globals_, recompile_reasons=None, function=None, verify_entry=-1,
              candidates=None, adopted=False):
        """Starts recording a call of a watched frame: its first call, or a
        call that no cache entry's guards accept (recompile_reasons then says
        why, per existing entry), or with --verify a guard hit on entry
        verify_entry (recorded to be compared, never stored), or a call whose
        guards accept entries (`candidates`) that broke on tensor data: it
        is a hit of the one it computes like, or a new entry (exit)."""
        outer = _current()
        if outer is not None and not (outer.suspended and code in _OPTIMIZER_STEPS):
            return None  # inlined into the call being recorded
        if code in _OPTIMIZER_STEPS and not _has_tensor_in_frame(code, globals_, arguments,
                                                                 _closure_values(code, function)):
            # Dynamo's first question of a frame: a step whose code names no
            # torch module and holds no tensor is not compiled (runs eagerly).
            return None
        if outer is None:
            set_key_baseline()  # the thread's dispatch key sets as the call starts
        stance = _compile_stance()
        if stance == "force_eager" or stance == "eager_on_recompile" and recompile_reasons:
            # torch.compiler.set_stance: this call runs eagerly, compiling
            # nothing (and, on a miss, recompiling nothing).
            return None
        with self.lock:
            if record_id not in self.frames:
                self.frames[record_id] = {"function": code.co_qualname, "file": code.co_filename,
                                          "line": code.co_firstlineno, "entries": [], "state": []}
                self.frame_order.append(record_id)
                self.dynamo_ids.frame_registered(resumes.frame_key(code.co_filename, code.co_qualname))
                self.watched_codes.add(code)
            info = self.frames[record_id]
            if info.get("capturing"):
                return None  # another thread is recording this frame; run unrecorded meanwhile
            if (verify_entry is None or verify_entry < 0) and candidates is None and not adopted:
                error = self._recompile_error(record_id, code, recompile_reasons, stance, function, arguments)
                if error is not None:
                    return error  # the frame hook raises it as the frame starts
                if stance in ("eager_then_compile", "aot_eager_then_compile") and not info["entries"]:
                    facts = _example_facts(arguments)
                    if "stance_example" not in info:
                        # set_stance("eager_then_compile"): the first call of a
                        # frame runs eagerly, its inputs kept as an example...
                        info["stance_example"] = facts
                        return None
                    # ...and the second compiles it with what differs between
                    # the two calls dynamic from the start (sizes, numbers).
                    _seed_dynamism(info, info.pop("stance_example"), facts)
            info["capturing"] = True
        verifying = verify_entry is not None and verify_entry >= 0
        capture = FrameCapture(self, record_id, code, arguments, globals_,
                               Weights() if verifying or candidates is not None else None)
        capture.verify_entry = verify_entry if verifying else -1
        capture.adopted = adopted  # a function a skipped frame calls (frame_hook.cpp, adoption)
        capture.candidates = list(candidates) if candidates is not None else None
        capture.arguments = arguments
        capture.settings = Settings(code, function, arguments)
        # torch.compile(dynamic=...) of this frame: True, False or None (automatic).
        capture.compile_dynamic = capture.settings.options.get("dynamic")
        # Sizes become symbols only on a recompile (automatic dynamic) or when
        # the program asks for them from the start: only then does what the
        # code compares a size with become a guard (modes.SizeInt).
        capture.watch_sizes = bool(info["entries"]) or capture.compile_dynamic is True or bool(self.marks) or \
            any(getattr(v, "_dynamo_dynamic_indices", None) or getattr(v, "_dynamo_weak_dynamic_indices", None)
                for v in arguments.values() if isinstance(v, torch.Tensor))
        if capture.settings.fullgraph and not self.source_filter.is_user(code.co_filename):
            capture.skipped_calls = {(code.co_name, code.co_filename, code.co_firstlineno): None}
        capture.closure = _closure_values(code, function)

        for name, (_, value) in capture.closure.items():
            capture._walk_source(value, f"L[{name!r}]", 0)
            capture.iterators.add(value)
        capture.global_names = set(global_reads(code))
        for name in capture.global_names:
            capture.iterators.add((globals_ or {}).get(name))
        self._walk_globals(capture, sorted(capture.global_names), code)
        capture.entry_global_names = set(capture.global_names)
        capture.module_globals = {}     # other modules of the program: {module name: names read}
        capture.library_codes = {}      # {code: its module globals} of installed libraries' functions the call ran
        capture.library_flags = {}      # {(id(globals), name): (globals, value first read)} (guard_library_flags)
        capture.library_dicts = {}      # {(id(globals), name): (globals, name, dict, its guards as first read, held tensors then)} (_library_dict)
        # torch.compile(<one of torch's modules>): Dynamo compiles it as
        # external_utils.inner(*args, **kwargs) with the module as `fn`.
        wrapped = code.co_name == "forward" and code.co_filename.startswith(self.torch_dir) and \
            isinstance(arguments.get("self"), torch.nn.Module)
        if not wrapped and code.co_filename.startswith(self.torch_dir) and _bound_wrapper(code, arguments):
            wrapped = "bound"
        capture.entry_guards = build_guards(arguments, globals_, capture.global_names, capture.closure, code,
                                            wrapped)
        # Global dicts guarded on the keys the frame reads (guards.global_key_reads).
        capture.lazy_globals = {name for name in capture.global_names
                                if type((globals_ or {}).get(name)) is dict and lazy_global_dict(code, name)}
        capture.lazy_spoiled = set()
        number = self.frame_order.index(record_id)
        capture.recompile_reasons = [f"{number}/{index}: {text}" for index, text in (recompile_reasons or [])]
        # An optimizer's step, a frame of its own that a recorded call
        # reached (its recording resumes when the step returns).
        capture.outer = outer
        capture.optimizer_step = code in _OPTIMIZER_STEPS
        _tls.capture = capture
        capture.previous_compiling = set_compiling(True)
        capture.previous_profile = sys.getprofile()
        # A call recorded inside the uncompiled rest of another (adopt_rest)
        # finds the modes already active: they serve whichever capture is current.
        depth = getattr(_tls, "mode_depth", 0)  # the modes are per thread, like their stacks
        if depth == 0:
            self.function_mode.__enter__()
            self.dispatch_mode.__enter__()
            _dynx.set_own_function_modes(1)
        _tls.mode_depth = depth + 1
        sys.setprofile(self._profile)
        capture.class_stores = class_stores(code)
        # An operator.itemgetter/attrgetter/methodcaller the frame finds made
        # (an argument, a global, a closure cell): Dynamo cannot call that
        # instance (gb0156, "Dynamo does not know how to trace method
        # `__call__` of class `attrgetter`"); one the frame makes, it can.
        # A bytearray or array.array it finds (Dynamo wraps it as a plain
        # object with no subscript of its own: reading an item by index is a
        # break, gb4880 "missing_mp_subscript", the code after specialised on the item).
        capture.getters = {id(v): v for v in list(arguments.values()) +
                           [v for _, v in capture.closure.values()] +
                           [(globals_ or {}).get(name) for name in capture.global_names]
                           if type(v) in _GETTERS or type(v) in UNSUBSCRIPTABLE}
        capture.getter_call = None
        # next(Sched.it), list(self.gen): an iterator kept on an object
        # (iterables.attribute_iteration), told when the call is made.
        capture.attribute_iteration = attribute_iteration(code)
        if capture.iterators or capture.class_stores or capture.getters or capture.attribute_iteration:
            self._trace_iterators(capture)
        if capture.optimizer_step and outer is None and not info["entries"]:
            # Reached from a frame Dynamo skips: Dynamo compiles the step's
            # wrappers as a frame too, which breaks at the graph_break() in
            # _use_grad before this step starts.
            capture.graph_break("optimizer-step", "torch._dynamo.graph_break", [_OPTIMIZER_STEPS[code]])
        if outer is None and not adopted and not info["entries"] and capture.verify_entry < 0 and \
                code.co_argcount and not self.source_filter.is_user(code.co_filename) and \
                self._hooked_optimized_module(code, arguments.get(code.co_varnames[0])):
            # torch.compile(<one of torch's modules>) with a full backward
            # hook: Dynamo compiles the module's whole call (external_utils.
            # inner around Module._call_impl), breaks where it wraps the
            # inputs in a BackwardHook (gb0083) and gives up on the call,
            # which runs eagerly: the forward is not compiled. (A module of
            # the program's has its forward compiled directly: no break.)
            line = _backward_hook_line()
            module = arguments.get(code.co_varnames[0])
            capture.graph_break("backward-hooks", f"{type(module).__name__} with a full backward hook",
                                [{"file": torch.nn.Module._call_impl.__code__.co_filename,
                                  "line": line or torch.nn.Module._call_impl.__code__.co_firstlineno,
                                  "function": "Module._call_impl"}])
            capture.hooked_module = True
            self.adopt_rest(capture)
        transform = _forbidding_transform(capture.settings) if outer is None else None
        if transform is not None:
            capture.functorch_break(transform)
        if adopted and (not _has_tensor_in_frame(code, globals_, arguments, capture.closure) or
                        _dynamo_skips_code(code, arguments)):
            # Dynamo's first question of a frame its callback meets (a
            # function torch.compile was applied to is always compiled):
            # nothing of torch in its globals or arguments, so it is not
            # compiled; the functions it calls are, on their own.
            capture.no_tensors = True
            self.adopt_rest(capture)
        capture.saved_hooks = _unrecorded_saved_tensors_hooks(capture)
        return capture

    @staticmethod
    def _walk_globals(capture, names, code):
        """The tensors the globals `names` hold (read by `code`): graph
        inputs with their sources, never constants of the first call."""
        # A module the frame reads from its globals (`model(x)` in a compiled
        # train step): its parameters and buffers are graph inputs, as Dynamo
        # lifts them, never constants baked at the first call (the optimizer
        # updates them between calls).
        for name in names:
            value = capture.globals.get(name)
            if isinstance(value, torch.nn.Module):
                capture._walk_source(value, f"G[{name!r}]", 0)
        # Then the program's other objects read from globals (an optimizer:
        # its momentum buffers and moments are inputs, not constants), and
        # containers of tensors (a list or deque of past outputs, a dict of
        # cached tensors): what they hold when the call starts is its input.
        def as_globals(known):
            # The tensors found since `known` are globals, as a global tensor is.
            for tid in set(capture.sources) - known:
                source, kind, weight = capture.sources[tid]
                if kind == "user_input":
                    capture.sources[tid] = (source, "global", weight)

        for name in names:
            value = capture.globals.get(name)
            if plain_object(value):
                capture._walk_source(value, f"G[{name!r}]", 0)
            elif isinstance(value, types.ModuleType) and _program_module(value) or \
                    isinstance(value, types.FunctionType) and (value.__closure__ or _tensor_defaults(value)) or \
                    type(value) is functools.partial or \
                    numpy_array(value) or \
                    not isinstance(value, torch.Tensor) and holds_tensors(value) and \
                    not (type(value) is dict and lazy_global_dict(code, name)):
                # (a module of the program's: the tensors it holds, `utils.table`)
                known = set(capture.sources)
                capture._walk_source(value, f"G[{name!r}]", 0)
                as_globals(known)
            elif type(value) is dict and lazy_global_dict(code, name):
                # A dict guarded on the keys the code reads: what it holds
                # under them (a tensor `W['w']`) is an input, never a constant.
                known = set(capture.sources)
                for key in lazy_global_keys(code, name):
                    if key in value:
                        capture._walk_source(value[key], f"G[{name!r}][{key!r}]", 1)
                as_globals(known)

    @staticmethod
    def _library_dict(capture, namespace, name):
        """A library's private dict the call's library code reads
        (torch.nn.utils.parametrize._cache under parametrize.cached(): the
        weight computed once, kept by (id(module), name)), as the call first
        meets it: the tensors it holds are inputs (sys.modules[...]._cache[...]),
        never the constants of the call that filled it, and its guards as
        then are kept for the end (guards.guard_library_dicts): a call that
        finds it filled is another entry, as Dynamo's
        `not ___dict_contains(...)` makes it."""
        value = namespace[name]
        module = namespace.get("__name__")
        if type(module) is not str or getattr(sys.modules.get(module), "__dict__", None) is not namespace or \
                module.startswith("torch._dynamo") or len(value) > 64 or \
                not all(guardable_key(k) for k in value):
            return
        source, path = f"{module_source(module)}.{name}", [["module", module], ["attr", name]]
        guards = []
        if holds_tensors(value):
            known = set(capture.sources)
            capture._walk_source(value, source, 0)
            for tid in set(capture.sources) - known:
                found, kind, weight = capture.sources[tid]
                if kind == "user_input":
                    capture.sources[tid] = (found, "global", weight)
            _guard_free_value(guards, source, path, value)
        else:
            keys = list(value)
            guards.append({"kind": "DICT_KEYS", "source": source, "path": path, "keys": keys, "dict": "manager",
                           "text": f"list({source}.keys()) == {keys!r}"})
        capture.library_dicts[(id(namespace), name)] = (namespace, name, value, guards, holds_tensors(value))

    def exit(self, capture, result, raised):
        try:
            return self._exit(capture, result, raised)
        finally:
            # The watched frame has returned: its frame object would keep the
            # caller's frames and their locals alive (a loss and its
            # autograd graph, whose gradient accumulators then outlive a
            # `p.data = smaller` between steps: tests/oracle
            # real_t_structured_prune_data_reassign), the capture being
            # freed only by the cycle collector.
            capture.frame = None
            if capture.saved_hooks:
                capture.saved_hooks = False
                torch._C._autograd._pop_saved_tensors_default_hooks()

    def _exit(self, capture, result, raised):
        """Ends the recording. Returns, for the frame hook: (guards, settle)
        for a new entry (settle: its later calls must be settled, see
        enter), the index of the entry a settled call is a hit of, or None."""
        sys.setprofile(capture.previous_profile)
        if getattr(capture, "adopting", False):
            _tls.adopting -= 1
        if capture.loop_break is not None and capture.loop_break.pop("at_return", False) and \
                capture.frame is not None and capture.loop_break["stack"]:
            capture.loop_break["stack"][-1]["line"] = capture.frame.f_lineno
        if getattr(capture, "logger_trace", False) and sys.gettrace() is _untraced:
            sys.settrace(None)
        if capture.iterators.tracing:
            capture.iterators.tracing = False
            sys.settrace(capture.previous_trace)
            if capture.iterators.frame is not None:
                capture.iterators.frame.f_trace = None
                capture.iterators.frame = None
        _tls.mode_depth -= 1
        if _tls.mode_depth == 0:
            self.dispatch_mode.__exit__(None, None, None)
            self.function_mode.__exit__(None, None, None)
            _dynx.set_own_function_modes(0)
        _tls.capture = capture.outer
        set_compiling(capture.previous_compiling)
        if raised and capture.fullgraph_error is None and capture.settings is not None and \
                capture.settings.fullgraph and capture.verify_entry < 0 and capture.candidates is None:
            # An exception out of the traced code (a deleted attribute read):
            # Dynamo observes it while tracing, and under fullgraph=True that
            # is an error of the compile: no cache entry, so a later call
            # that would not raise is traced again, never a hit of this one.
            capture.fullgraph_error = {
                "exception": "torch._dynamo.exc.Unsupported", "type": "observed-exception",
                "message": "an exception raised out of the compiled code (Dynamo observes it while tracing and, "
                           "with fullgraph=True, fails the compile)"}
        if capture.fullgraph_error is not None:
            return self._fullgraph_failed(capture)
        if raised and capture.raise_stack and capture.verify_entry < 0 and capture.candidates is None and \
                not capture.settings.fullgraph:
            capture.observed_exception()
        graphs = capture.skip_after_loop_break(capture.finish(None if raised else result))
        extra = []
        skipped = capture.skipped_codes
        if skipped:
            # What only functions Dynamo skips read (they run eagerly) is no
            # guard of this frame's: eager reads, as under a disabled function.
            kept = set(names_read_by(capture.code)).union(*(names_read_by(c) for c in capture.reader_codes
                                                            if c not in skipped))
            dropped = set().union(*(names_read_by(c) for c in skipped)) - kept
            capture.read_names -= dropped
            capture.eager_names |= dropped
        for name in sorted((capture.global_names - capture.entry_global_names) | capture.lazy_spoiled):
            if skipped and capture.global_readers.get(name, skipped) <= skipped:
                # Read only by functions Dynamo skips (they run eagerly, their
                # reads are no guard of this frame's); what they gave back
                # may steer the graphs after them: hits are recorded again.
                capture.settle_hits = True
                continue
            if name in capture.first_global_guards and name not in capture.lazy_spoiled:
                extra.extend(capture.first_global_guards[name])
            elif name in capture.globals:
                _guard_free_value(extra, f"G[{name!r}]", [["global", name]], capture.globals[name])
        for module, names in sorted(capture.module_globals.items()):
            namespace = vars(sys.modules[module]) if module in sys.modules else {}
            for name in sorted(names):
                if name in namespace:
                    _guard_free_value(extra, f"{module_source(module)}.{name}", [["module", module], ["attr", name]],
                                      namespace[name])
        aux_start = len(extra)
        if capture.library_flags:
            guard_library_flags(extra, capture.library_flags)
        for namespace, name, value, guards, held in capture.library_dicts.values():
            # (one that neither held a tensor nor was handed one by the call: no state of the graphs')
            if namespace.get(name) is value and (held or holds_tensors(value)):
                extra.extend(guards)
        if capture.library_codes:
            guard_registries(extra, capture.library_codes, capture.ran_codes)
            guard_registry_globals(extra, capture.global_names, capture.globals, capture.ran_codes)
        guard_torch_functions(extra, capture.read_names)
        for guard in extra[aux_start:]:
            guard["aux"] = True  # (what the call looked up: see dynamic._size_changes)
        spell_as_dynamo(extra, {}, capture.globals)
        ran = {c for c in capture.ran_codes if not c.co_filename.startswith(_NO_READ_PREFIXES)} | {capture.code}
        capture.entry_guards = make_attribute_dicts_lazy(capture.entry_guards, ran, capture.read_names, capture.code)
        extra = make_attribute_dicts_lazy(extra, ran, capture.read_names)
        mark_indexed_containers(capture.entry_guards, ran)
        module_codes = [c for c in capture.ran_codes if c.co_filename == capture.code.co_filename]
        mark_whole_dict_uses(capture.entry_guards, capture.code, module_codes)
        mark_whole_dict_uses(extra, capture.code, module_codes)
        capture.guards = finish_guards(capture.entry_guards, capture.read_names, extra, capture.training_readers,
                                       capture.training_set)
        if capture.numpy_constants:
            _guard_array_contents(capture)
        if capture.used_functorch:
            # A transform traced inside the frame: Dynamo guards the functorch
            # interpreter stack the call started with (empty), first, so a
            # call from inside an eager torch.func.grad fails it.
            for guard in capture.guards:  # (the aliasing guards name others by index)
                if "same_as" in guard:
                    guard["same_as"] += 1
                if guard["kind"] == "NO_TENSOR_ALIASING" and "guards" in guard:
                    guard["guards"] = [i + 1 for i in guard["guards"]]
            capture.guards.insert(0, {
                "kind": "EQUALS_MATCH", "source": "torch._C._functorch.peek_interpreter_stack()",
                "path": [["module", "torch._C._functorch"], ["attr", "peek_interpreter_stack"], ["call", None]],
                "value": None, "failure": "torch._functorch.pyfunctorch.compare_functorch_state([])",
                "text": "no functorch transform active (compare_functorch_state([]))"})
        # Values only eager code read are not guarded; what that code gave
        # back may still steer the graphs after it, so later hits of the
        # entry are recorded again and compared (settled), never assumed.
        seen = capture.read_names | capture.eager_names
        eager_only = any(g.get("needs") and needs_met(g["needs"], seen) and
                         not needs_met(g["needs"], capture.read_names) for g in capture.entry_guards)
        with self.lock:
            if capture.packed_names and capture.record_id in self.frames:
                self.frames[capture.record_id].setdefault("packed_names", set()).update(capture.packed_names)
            try:
                if capture.verify_entry >= 0:
                    self._verify(capture, graphs, raised)
                    return None
                if capture.candidates is not None:
                    hit = self._settle(capture, graphs, raised)
                    if hit is not None:
                        return hit
                self._store(capture, graphs, raised)
                skip_frame = self._note_loop_skip(capture) or self._note_no_tensors(capture) or \
                    self._note_no_ops(capture, graphs, raised)
                self._note_skipped_levels(capture)
            finally:
                if capture.record_id in self.frames:  # (an adopted frame that computed nothing is dropped)
                    self.frames[capture.record_id]["capturing"] = False
        # (A break that gave a value the code after it is specialised on:
        # a later call is a hit only if its break gives that value again.)
        settle = capture.settle_hits or eager_only or any(g.get("settle") for g in capture.guards or ()) or \
            any(b["category"] in DATA_DEPENDENT or "value" in b for b in capture.breaks)
        own_limit = capture.settings.options.get("recompile_limit") if capture.settings is not None else None
        own_limit = own_limit if type(own_limit) is int and own_limit > 0 else 0
        raise_at_limit = capture.settings is not None and (
            capture.settings.fullgraph or bool(getattr(torch._dynamo.config, "fail_on_recompile_limit_hit", False)))
        return (capture.hook_guards, settle, skip_frame, dynamo_config()["recompile_limit"], own_limit, raise_at_limit)

    def _limit_raises(self, record_id, code, function, arguments):
        """Whether a call that no entry serves meets the frame's recompile
        limit under fullgraph=True or config.fail_on_recompile_limit_hit."""
        info = self.frames[record_id]
        first = arguments.get(code.co_varnames[0]) if code.co_argcount and arguments else None
        options = _dynx_bootstrap.compile_options(code, function, first)
        if not (options.get("fullgraph") or getattr(torch._dynamo.config, "fail_on_recompile_limit_hit", False)):
            return False
        own = options.get("recompile_limit")
        limit = own if type(own) is int and own > 0 else dynamo_config()["recompile_limit"]
        return len(info["entries"]) - info.get("reset_at", 0) >= limit

    def _recompile_error(self, record_id, code, reasons, stance, function=None, arguments=None):
        """What torch.compile raises instead of compiling this call, or None:
        under set_stance("fail_on_recompile") every call the cache cannot
        serve (a first compile too) raises RuntimeError; with torch._dynamo.config.error_on_recompile a
        recompile raises RecompileError after Dynamo logged its reasons.
        Both in Dynamo's words; frames.json counts them per frame
        ("recompile_errors"). No entry is made: the next such call raises again."""
        if stance == "fail_on_recompile":
            # (Dynamo skips frames without torch in them here, but a frame
            # torch.compile was given is always one it compiles: its code is in
            # always_optimize_code_objects. Frames adopted from a skipped one
            # are not asked.)
            setting = 'torch.compiler.set_stance("fail_on_recompile")'
            kind, make = "RuntimeError", RuntimeError
            message = (f"Detected recompile when torch.compile stance is 'fail_on_recompile'. "
                       f"filename: '{code.co_filename}', function name: '{code.co_name}', "
                       f"line number: {code.co_firstlineno}")
        elif reasons and self._limit_raises(record_id, code, function, arguments):
            # fullgraph=True (or config.fail_on_recompile_limit_hit) at the
            # recompile limit: Dynamo logs the recompile, then raises instead
            # of running the frame uncompiled (test_recompile_ux.py
            # test_recompile_limit_fullgraph_raises).
            setting = "fullgraph=True at the recompile_limit"
            try:
                from torch._dynamo.exc import FailOnRecompileLimitHit as make
                kind = "torch._dynamo.exc.FailOnRecompileLimitHit"
            except ImportError:
                kind, make = "RuntimeError", RuntimeError
            message = "Hard failure due to fullgraph=True"
        elif reasons and getattr(torch._dynamo.config, "error_on_recompile", False):
            setting = "torch._dynamo.config.error_on_recompile"
            try:
                from torch._dynamo.exc import RecompileError as make
                kind = "torch._dynamo.exc.RecompileError"
            except ImportError:
                kind, make = "RuntimeError", RuntimeError
            message = f"Recompiling function {code.co_name} in {code.co_filename}:{code.co_firstlineno}"
        else:
            return None
        number = self.frame_order.index(record_id)
        texts = [f"{number}/{index}: {text}" for index, text in (reasons or [])]
        if texts:
            failures = textwrap.indent("\n".join(texts), "- ")
            message += "\n" + textwrap.indent(f"triggered by the following guard failure(s):\n{failures}", "    ")
        info = self.frames[record_id]
        errors = info.setdefault("recompile_errors", [])
        record = next((e for e in errors if e["setting"] == setting and e["reasons"] == texts), None)
        if record is None:
            record = {"setting": setting, "exception": kind, "message": message, "reasons": texts, "calls": 0}
            errors.append(record)
        record["calls"] += 1
        self.write_index()
        return make(message)

    def _fullgraph_failed(self, capture):
        """torch.compile(fullgraph=True) raised out of the call: nothing of
        the frame is compiled and no cache entry made, so the next call is
        traced (and fails) again, as under Dynamo. frames.json keeps the
        error and how many calls raised it."""
        with self.lock:
            info = self.frames[capture.record_id]
            info.setdefault("fullgraph_error", dict(capture.fullgraph_error, calls=0))["calls"] += 1
            info["capturing"] = False
            self.write_index()
        return None

    def _note_loop_skip(self, capture):
        """A break in a loop: the frame (or the rest of it after the previous
        break) is one Dynamo will not compile. Says so in frames.json; returns
        whether the whole frame is skipped (the hook then runs its later calls
        unrecorded, as Dynamo runs a skipped frame)."""
        if capture.loop_break is None:
            return False
        info = self.frames[capture.record_id]
        rest = capture.skip_kind in ("try-rest", "not-resumable-rest")
        whole = capture.skips_whole_frame() or not rest and capture.breaks.index(capture.loop_break) == 0
        site = capture.loop_break["stack"][-1] if capture.loop_break["stack"] else \
            {"file": capture.code.co_filename, "line": capture.code.co_firstlineno}
        skips = {"loop": LOOP_SKIP, "lock": LOCK_SKIP, "with": WITH_SKIP, "try": TRY_SKIP, "try-rest": TRY_SKIP,
                 "not-resumable": NOT_RESUMABLE, "not-resumable-rest": NOT_RESUMABLE, "generator": GENERATOR_BREAK}
        gb, kind, explanation, hint = skips.get(capture.skip_kind) or CATEGORIES[capture.skip_kind]
        if capture.skip_kind in ("try", "try-rest", "not-resumable", "not-resumable-rest", "generator"):
            gb = CATEGORIES[capture.loop_break["category"]][0]
        if capture.skip_kind in ("not-resumable", "not-resumable-rest"):
            explanation = f"{explanation} (here: {capture.skip_context})"
        if capture.skip_kind == "with":
            explanation = f"{explanation} (active: {capture.skip_context})"
        name = capture.code.co_qualname
        if capture.skip_kind == "observed-exception" and info["entries"][:-1]:
            what = f"{name} is not compiled any more: a call raised out of it"
        elif capture.skip_kind == "functorch" and info["entries"][:-1]:
            what = f"{name} is not compiled any more: it was called inside " \
                   f"{capture.loop_break['operation'].split('inside ', 1)[-1].split(' (', 1)[0]}"
        elif whole:
            what = f"{name} will not be compiled at all"
        elif capture.skip_kind == "try-rest":
            what = (f"the rest of {name} from before its try block at {os.path.basename(site['file'])}:{site['line']} "
                    f"will not be compiled")
        elif capture.skip_kind == "not-resumable-rest":
            own = capture.loop_break["stack"][0] if capture.loop_break["stack"] else site
            what = (f"the rest of {name} from {os.path.basename(own['file'])}:{own['line']} will not be compiled "
                    f"(compiled up to the statement before)")
        else:
            previous = capture.breaks[-2]["stack"][-1] if capture.breaks[-2]["stack"] else None
            where = (f" after the graph break at {os.path.basename(previous['file'])}:{previous['line']}"
                     if previous else " after its previous graph break")
            what = f"the rest of {name}{where} will not be compiled"
        record = {"id": gb, "type": kind, "whole_frame": whole, "what": what,
                  "file": site["file"], "line": site["line"], "explanation": explanation, "hint": hint}
        if capture.skip_kind == "not-resumable-rest":
            record["compiled_before"] = True
        info.setdefault("skipped", record)
        self.write_index()
        return whole

    def _drop_adopted(self, capture):
        """A function of the program a skipped frame calls that Dynamo tries
        and drops without a word (it computes nothing, a context manager's
        __exit__; or it holds nothing of torch): so does the report."""
        if self.frame_order[-1] != capture.record_id:
            return False
        del self.frames[capture.record_id]
        self.frame_order.pop()
        self.write_index()
        return True

    def _note_no_tensors(self, capture):
        """A frame Dynamo does not compile because nothing of torch is in it
        (Recorder.enter, convert_frame.has_tensor_in_frame). Dynamo asks
        again at each call; dynx skips the frame from then on (a frame that
        holds no tensor once seldom holds one later). Says so in
        frames.json; returns whether the frame is now skipped."""
        if getattr(capture, "hooked_module", False):
            code = capture.code
            self.frames[capture.record_id].setdefault(
                "skipped", skip_record(code, code.co_firstlineno, HOOKED_MODULE_SKIP)["skipped"])
            self.write_index()
            return True
        if not capture.no_tensors:
            return False
        info = self.frames[capture.record_id]
        name = capture.code.co_qualname
        if capture.adopted and len(info["entries"]) <= 1 and self._drop_adopted(capture):
            return True
        info.setdefault("skipped", {
            "id": "no-tensors", "type": "no tensor in the frame", "whole_frame": True,
            "what": f"{name} will not be compiled at all",
            "file": capture.code.co_filename, "line": capture.code.co_firstlineno,
            "explanation": "torch.compile found nothing of torch in this frame (no tensor, module, list, tuple, "
                           "dict or named tuple of them among its arguments, no torch module among the globals "
                           "its code names): it skips the frame and runs it eagerly; the functions it calls are "
                           "compiled on their own. Tensors inside other objects (a dataclass, a custom class) "
                           "are not looked for.",
            "hint": "Pass the tensors themselves (or a dict, list, tuple or named tuple of them), or compile "
                    "the function that does the tensor work."})
        self.write_index()
        return True

    def _note_no_ops(self, capture, graphs, raised):
        """A compile that traced no tensor operation and no graph break up
        to the frame's return: Dynamo raises SkipFrame ("No ops traced for
        the FX graph", symbolic_convert.py's _return) and marks the code
        skipped, so it never compiles the frame again -- not when a later
        call would compute on tensors, not on a recompile (measured under
        torch 2.13: `return x * 2 if FLAG else x` called first with FLAG
        False compiles nothing at all). Says so in frames.json; returns
        whether the frame is now skipped."""
        if raised or graphs or capture.breaks or capture.settings.fullgraph or capture.loop_break is not None or \
                capture.asked_compiling:
            return False
        config = getattr(sys.modules.get("torch._dynamo"), "config", None)
        if getattr(config, "allow_empty_graphs", False):
            return False
        try:
            frame_locals = list(capture.frame.f_locals.values()) if capture.frame is not None else []
        except Exception:  # noqa: BLE001 - a frame whose locals cannot be read: judged by its arguments
            frame_locals = []
        if any(isinstance(v, type) and issubclass(v, torch.nn.Module) for v in frame_locals):
            return False  # Dynamo's symbolic_locals_contain_module_class
        info = self.frames[capture.record_id]
        name = capture.code.co_qualname
        first = len(info["entries"]) <= 1
        if capture.adopted and first and self._drop_adopted(capture):
            return True
        info.setdefault("skipped", {
            "id": "no-ops", "type": "no tensor operations", "whole_frame": True,
            "what": f"{name} will not be compiled at all" if first else
                    f"{name} is not compiled any more after this recompile",
            "file": capture.code.co_filename, "line": capture.code.co_firstlineno,
            "explanation": "No ops traced for the FX graph: torch.compile found no tensor operation in this call "
                           "of the frame, skips the frame and falls back to eager -- for every later call too, "
                           "even those that would compute on tensors.",
            "hint": "Make sure the first call of the compiled function does tensor work (a flag that turns the "
                    "computation off on that call leaves the function uncompiled for good), or compile the "
                    "function that does the work."})
        self.write_index()
        return True

    def adopt_rest(self, capture):
        """The call being recorded broke where Dynamo gives up on the whole
        frame (a loop, a try block, a with block of the program's): Dynamo
        runs the frame uncompiled from its start, with its callback still
        installed, so the program's functions the frame calls are compiled as
        frames of their own. The rest of this call runs that way: nothing
        more is recorded into it (its graphs are dropped anyway), it is no
        longer compiling, and the frame hook watches the program's functions
        it calls from here on (frame_hook.cpp, adoption)."""
        if capture.verify_entry >= 0 or capture.candidates is not None or _current() is not capture:
            return
        if capture.frame is not None:
            # What the frame's own code reads only past here is read eagerly:
            # no guard of the entry (`with closing(res) as r: y * r.scale`).
            later = names_read_only_after(capture.code, capture.frame.f_lasti) - \
                set().union(*(names_read_by(c) for c in capture.reader_codes
                              if c is not capture.code))
            capture.read_names -= later
            capture.eager_names |= later
        capture.suspended += 1
        _tls.capture = None
        set_compiling(False)
        _dynx.adopt_rest_of_call()
        capture.adopting = True
        _tls.adopting = getattr(_tls, "adopting", 0) + 1
        # A generator the break stands in is one Dynamo gave up on with its
        # caller: it does not try to compile it again (measured, torch 2.13).
        self._broken_generators.update((entry["file"], entry["function"])
                                       for b in capture.breaks for entry in b["stack"])
        if capture.no_tensors or len(capture.breaks) <= 1 and capture.skip_kind in ("loop", "with", "try",
                                                                                    "not-resumable", "generator"):
            # Dynamo runs the whole frame uncompiled from its start: the
            # generators it ran before the break are run that way too.
            for code in capture.own_generators:
                self._note_generator(code)

    def _own_generator(self, capture, frame):
        """A generator frame of the program's that the watched frame runs
        itself (or through the standard library: contextlib's __enter__):
        a frame of Dynamo's own if the watched frame turns out to be
        skipped (adopt_rest)."""
        back = frame.f_back
        while back is not None and back.f_code is not capture.code and \
                not self.source_filter.is_user(back.f_code.co_filename):
            back = back.f_back
        if back is not None and back is capture.frame:
            capture.own_generators.add(frame.f_code)

    def _note_generator(self, code):
        """A generator frame of the program's run by code Dynamo does not
        compile (a frame it gave up on): its callback tries to compile the
        generator's frame and gives up ("Attempt to trace generator",
        gb0003), once per code object. A frame of its own in frames.json,
        with no entries."""
        key = ("skipped-generator", code)
        if key in self.frames or (code.co_filename, code.co_qualname) in self._broken_generators:
            return
        self.frames[key] = dict(skip_record(code, code.co_firstlineno, GENERATOR_SKIP), entries=[], state=[])
        self.frame_order.append(key)
        self.write_index()

    def resume_without_tensors(self, capture):
        """Whether the code after a break in the watched frame's own code
        may be a resume function Dynamo does not compile: no tensor, module
        or container of one among the locals live after the break (its
        arguments), no torch module among the globals its code names. What
        the broken call returns is its argument too (___stack0): the caller
        asks settle_resume once it is known."""
        frame = capture.frame
        if frame is None or capture.settings is None or capture.settings.fullgraph:
            return False
        try:
            local_values = dict(frame.f_locals)
        except Exception:  # noqa: BLE001 - locals that cannot be read: assume tensors
            return False
        live = resumes.live_after(capture.code, frame.f_lasti)
        if live is not None and live[1] == 0:
            local_values = {name: value for name, value in local_values.items() if name in live[0]}
        return not _has_tensor_in_frame(capture.code, capture.globals, local_values, {})

    def _note_skipped_levels(self, capture):
        """Functions the watched frame calls that Dynamo skips (a break in
        one of their loops): frames of their own in frames.json, with no
        entries, as Dynamo compiles them as frames of their own and gives up."""
        for code, line, reason in capture.skipped_levels:
            key = ("skipped-call", code)
            if key not in self.frames:
                record = skip_record(code, line, reason)
                self.frames[key] = dict(record, entries=[], state=[])
                self.frame_order.append(key)
        if capture.skipped_levels:
            self.write_index()

    def _settle(self, capture, graphs, raised):
        """A call accepted by the guards of entries that broke on tensor
        data: the index of the first entry whose graphs it computed (a hit),
        or None after preparing it to be stored as a new entry (its weights
        taken over, its recompile reasons saying where it left each path)."""
        number = self.frame_number(capture.record_id)
        if raised:
            return capture.candidates[0]
        reasons = []
        diverged = []
        for index in capture.candidates:
            found = self._compare(capture, graphs, index)
            # A break whose value the code after it reads and that changed
            # before the first graph that differs: Dynamo's resume function
            # after that break is the one that refuses the call.
            changed = self._read_value_changed(capture, index)
            if changed is not None and (found is None or changed[0] < found[0]):
                found = changed
            if found is None:
                return index
            graph_number, problem = found
            diverged.append((graph_number, index))
            where = next((b for b in capture.breaks if b["graph"].number is not None and
                          b["graph"].number == graph_number - 1), None)
            specialised = self._specialised_value(capture, graphs, graph_number, index)
            if specialised is not None:
                text = specialised
            elif where is not None and where["stack"]:
                site = f"{os.path.basename(where['stack'][-1]['file'])}:{where['stack'][-1]['line']}"
                text = (f"after the graph break at {site} ({CATEGORIES[where['category']][1].lower()}) the call "
                        f"computed something else than entry {number}/{index}: {problem}")
            else:
                text = f"the call computed something else than entry {number}/{index}: {problem}"
            reasons.append(f"{number}/{index}: {text}")
        for index in capture.candidates:
            if self._refine(capture, graphs, index):
                return index
        # Not a hit: the call becomes an entry, with the weights it read.
        names = {spec["weight"] for g, _ in graphs for spec in g.inputs if "weight" in spec}
        mapping = self.weights.adopt(capture.weights, sorted(names))
        for g, _ in graphs:
            for spec in g.inputs:
                if "weight" in spec:
                    spec["weight"] = mapping.get(spec["weight"], spec["weight"])
        capture.weights = self.weights
        capture.recompile_reasons = reasons
        capture.resume = self._resume_of(capture, graphs, diverged)
        return None

    def _value_recompiles(self, capture, own, continuations, graphs):
        """A recompile of the frame that runs through a break on tensor
        data (.item(), .tolist()) whose resume function was compiled before
        for other values: Dynamo recompiles that function too, its entries
        refusing the new value (`len(___stack0) == 2`). Returns those
        resume functions' items for "resume_recompiles"."""
        out = []
        compiled = {id(g) for g, _ in graphs}
        for b in own:
            new = b.get("value")
            position = capture.graphs.index(b["graph"]) + 1 if b["graph"] in capture.graphs else len(capture.graphs)
            if position >= len(capture.graphs) or id(capture.graphs[position]) not in compiled:
                continue  # nothing compiled after the break: Dynamo skips an empty resume function
            if new is None or not b.get("result_read", True) or b["category"] not in DATA_DEPENDENT or \
                    b["category"] == "data-dependent-branch" or b.get("library") or len(b["stack"]) != 1:
                continue
            known = continuations.get(self._continuation_key(b), [])
            states = self.frames[capture.record_id]["state"]
            if not known or any(old == new and type(old) is type(new) for _, old in known) or \
                    any(states[i].get("stack_value", {}).get("type") is type(new) for i, _ in known if i < len(states)):
                continue
            site = b["stack"][-1]
            source = f"___stack{b.get('stack_index', 0)}"
            reasons = [_stack_guard(old, new, source) for _, old in reversed(known) if old is not None]
            if reasons:
                out.append({"function": f"torch_dynamo_resume_in_{capture.code.co_name}_at_{site['line']}",
                            "after_break": f"{os.path.basename(site['file'])}:{site['line']}", "reasons": reasons,
                            "compile_id": self.dynamo_ids.compile(resumes.resume_key(site, b.get("contexts", ())))})
        return out

    def _moved_cut(self, capture, own, again, continuations):
        """The break of the frame's own code whose new value made the frame's
        recompile a resume function's instead (an "instead_of_frame" item of
        resumes.track: `r1 = random.random()` gave another number), or None."""
        sites = {item["after_break"] for item in again or () if item.get("instead_of_frame") and "piece" not in item}
        for b in own:
            if len(b["stack"]) != 1 or b.get("offset") is None:
                continue
            site = b["stack"][-1]
            if f"{os.path.basename(site['file'])}:{site['line']}" not in sites:
                continue
            new = b.get("value")
            known = continuations.get(self._continuation_key(b), [])
            if _scalar_value(new) and any(_scalar_value(old) and not (old == new and type(old) is type(new))
                                          for _, old in known):
                return b
        return None

    def _carried_value_recompiles(self, capture, cut, own, graphs, ids, continuations):
        """A resume entry whose break gave another value (`a = y[0].item()`
        now 7.0, was 2.0) that the frame keeps in a local past its later
        breaks: each later resume function Dynamo made takes that local as
        an argument and guards its value (`a == 2.0`), so it compiles again
        too (measured, torch 2.13: `a = y[0].item(); b = y[1].item();
        return x * a + b` with a new `a` recompiles both resume functions).
        Also for a frame's entry whose recompile is that of the resume
        function after `cut` (_moved_cut). `own`: the breaks after `cut`.
        Returns [(resume_recompiles item, its resume key, id of the graph after that break)]."""
        new = cut.get("value")
        if new is None or cut["category"] == "data-dependent-branch" or len(cut["stack"]) != 1 or \
                cut.get("offset") is None or not _scalar_value(new):
            return []
        code = capture.code
        name = resumes.stored_local(code, cut["offset"])
        if name is None:
            return []
        olds = [(index, old) for index, old in continuations.get(self._continuation_key(cut), [])
                if _scalar_value(old) and not (old == new and type(old) is type(new))]
        if not olds:
            return []
        out = []
        compiled = {id(g): ids.get(id(g)) for g, _ in graphs}
        for b in own:
            if len(b["stack"]) != 1 or b.get("offset") is None or b["graph"] not in capture.graphs:
                continue
            position = capture.graphs.index(b["graph"]) + 1
            after = capture.graphs[position] if position < len(capture.graphs) else None
            if after is None or compiled.get(id(after)) is None:
                continue  # nothing compiled after it: no resume function
            live = resumes.live_after(code, b["offset"])
            if live is None or name not in live[0]:
                continue
            # Dynamo guards the argument only where the resume function's
            # code reads it before its own next break (one that only passes
            # it on to the next resume function leaves it unguarded:
            # measured, `r1` read only at the return recompiles the last one).
            later = [o["offset"] for o in own if len(o["stack"]) == 1 and o.get("offset") is not None and
                     o["offset"] > b["offset"]]
            if name not in resumes._locals_loaded(code, b["offset"], min(later) if later else None):
                continue
            if resumes.stored_local(code, b["offset"]) == name:
                continue  # (the break's own result replaces it)
            site = b["stack"][-1]
            where = f"{os.path.basename(site['file'])}:{site['line']}"
            origin = f"{os.path.basename(cut['stack'][-1]['file'])}:{cut['stack'][-1]['line']}"
            reasons = [f"{name} == {old!r}  # the local {name} holds the value {cut['operation']} gave at {origin}, "
                       f"which this call's resume function after {where} takes as an argument; this call's is {new!r}"
                       for _, old in reversed(olds)]
            item = {"function": f"torch_dynamo_resume_in_{code.co_name}_at_{site['line']}", "after_break": where,
                    "reasons": reasons}
            out.append((item, resumes.resume_key(site, b.get("contexts", ())), compiled[id(after)]))
        return out

    def _merge_carried(self, again, carried):
        """resumes.track's items with _carried_value_recompiles' (item, resume
        key, graph id): a resume function that compiles again for the carried
        value is listed once, for that reason, under the compile id track
        gave it, else under a new one."""
        again = list(again or ())
        for item, key, _ in carried:
            frame = str(self.dynamo_ids.frame(key))
            same = next((i for i, other in enumerate(again) if other["function"] == item["function"] and
                         other.get("compile_id", "").split("/")[0] == frame), None)
            if same is not None:
                item["compile_id"] = again[same]["compile_id"]
                again[same] = item
            else:
                item["compile_id"] = self.dynamo_ids.compile(key)
                again.append(item)
        return again

    def _read_value_changed(self, capture, index):
        """A call whose graphs are entry `index`'s, but where a break gave
        the code after it another number than that entry's, which that code
        reads (`t0 = time.perf_counter()` kept for later): Dynamo's resume
        function guards the value it read, so this is no hit. Returns
        (the number of the graph after that break, why) or None."""
        state = self.frames[capture.record_id]["state"][index]
        known = self.frames[capture.record_id].get("continuations", {})
        for b in capture.breaks:
            new = b.get("value")
            if new is None or not b.get("result_read", True) or b["category"] == "data-dependent-branch":
                continue
            if state.get("stack_value", {}).get("key") == self._continuation_key(b) and \
                    type(new) is state["stack_value"]["type"]:
                continue  # that value is dynamic in the entry
            old = next((value for entry, value in known.get(self._continuation_key(b), []) if entry == index), None)
            if old is None or old == new:
                continue
            position = next((k for k, g in enumerate(capture.graphs) if g is b["graph"]), None)
            after = capture.graphs[position + 1] if position is not None and position + 1 < len(capture.graphs) \
                else None
            if after is not None and after.number is not None:
                return after.number, f"the value of {b['operation']} changed"
        return None

    def _specialised_value(self, capture, graphs, graph_number, index):
        """Why entry `index` refused a settled call whose graph
        `graph_number` differs, when that graph follows a break whose value
        the code after it was specialised on (what random.random() or
        next(gen) returned) and this call's value is another: Dynamo's
        resume function fails its ___stack guard (`___stack1 == 2`). Else
        None."""
        graph = next((g for g, _ in graphs if g.number == graph_number), None)
        if graph is None or graph not in capture.graphs:
            return None
        position = capture.graphs.index(graph)
        cut = next((b for b in capture.breaks if position > 0 and b["graph"] is capture.graphs[position - 1]), None)
        if cut is None or "value" not in cut or cut["category"] == "data-dependent-branch":
            return None
        known = self.frames[capture.record_id].get("continuations", {}).get(self._continuation_key(cut), [])
        old = next((value for entry, value in known if entry == index), None)
        new = cut["value"]
        if old is None or old == new:
            return None
        site = cut["stack"][-1] if cut["stack"] else None
        where = f" at {os.path.basename(site['file'])}:{site['line']}" if site else ""
        what = CATEGORIES[cut["category"]][1].lower()
        source = f"___stack{cut.get('stack_index', 0)}"
        capture.specialised_cut = (cut, graph_number)  # for automatic dynamic (_dynamic_stack_value)
        return (f"{_stack_guard(old, new, source)}  # the value of {cut['operation']}{where} ({what}) the code "
                f"after it was specialised on; this call's is {new!r}")

    def _refine(self, capture, graphs, index):
        """A settled call that differs from entry `index` only in numbers
        its one recording could not tell from constants: Dynamo traces an
        entry symbolically from the start, so a view's storage offset
        ((t - 1)*d in nanoGPT's growing idx) is an expression in its sizes
        and this call is a hit. When the entry's form came from one
        recording (single_form), fitting it through that recording and this
        call gives the same guards, and every number that differed is a
        line in the entry's symbols, the entry takes that form (its graphs
        are rewritten) and the call is its hit. True when it did."""
        info = self.frames[capture.record_id]
        state, entry = info["state"][index], info["entries"][index]
        if not state.get("single_form") or entry.get("resume") or len(graphs) != len(state["documents"]):
            return False
        config = dynamo_config()
        if not config["automatic_dynamic_shapes"] or capture.compile_dynamic is False or self.dynamic_mode != "auto":
            return False
        ids = {id(g): gid for (g, _), gid in zip(graphs, entry["graphs"])}
        if any(gid not in entry["graphs"][:len(graphs)] or gid.rsplit("/", 1)[0] != entry["id"]
               for gid in ids.values()):
            return False  # graphs shared with an earlier entry: left as they are
        documents = [self._graph_document(capture, g, outputs, ids[id(g)], ids) for g, outputs in graphs]
        try:
            dynamic = make_dynamic([state], capture.guards, documents, "auto", self.marks,
                                   set(info.get("dynamic_scalars", ())),
                                   scalars={"int": not config["specialize_int"], "float": not config["specialize_float"]},
                                   dynamic_sizes="all" if capture.compile_dynamic is True else "marked",
                                   auto_dims=set(), sizes_iterated=capture.sizes_iterated,
                                   size_numbers=capture.size_numbers)
        except Exception:  # noqa: BLE001 - a form that cannot be fitted: a new entry, as before
            return False
        if dynamic is None or "refused" in dynamic or dynamic.get("single_form"):
            return False
        if [g.get("text") for g in dynamic["guards"]] != [g.get("text") for g in state["guards"]] or \
                [(s["name"], s.get("kind")) for s in dynamic["symbols"]] != \
                [(s["name"], s.get("kind")) for s in state["symbols"]]:
            return False
        bound_by_comparisons(dynamic, capture.size_compares, capture.size_relations)
        names = dynamic["names"]
        public = [{k: sym[k] for k in ("name", "source", "kind", "min", "max", "example") if k in sym}
                  for sym in state["symbols"]]
        written_documents = [dict(encode_document(sym_doc, doc, names), symbols=public)
                             for sym_doc, doc in zip(dynamic["documents"], documents)]
        if capture.weights is not self.weights:
            # The call was recorded with weights of its own (to be compared):
            # the rewritten graphs read the entry's own weights, which its
            # example inputs and outputs were computed with, input for
            # input (else a constant named like an earlier entry's reads
            # that one, and a parameter an optimizer has moved since reads
            # this call's value); weights the entry had no input for are
            # taken over from this call.
            mapping = {}
            for doc, old in zip(documents, state["concrete_documents"]):
                new_inputs, old_inputs = doc.get("inputs", ()), old.get("inputs", ())
                if len(new_inputs) == len(old_inputs):
                    for new_spec, old_spec in zip(new_inputs, old_inputs):
                        if "weight" in new_spec and "weight" in old_spec and new_spec["name"] == old_spec["name"]:
                            mapping.setdefault(new_spec["weight"], old_spec["weight"])
            rest = sorted({spec["weight"] for doc in documents for spec in doc.get("inputs", ())
                           if "weight" in spec and spec["weight"] not in mapping})
            mapping.update(self.weights.adopt(capture.weights, rest))
            _rename_weights(documents + dynamic["documents"] + written_documents, mapping)
        for written, gid in zip(written_documents, entry["graphs"]):
            paths = _dynx.capture_paths(self.output_dir, gid)
            _write_json(paths["graph_json"], written)
            _write_text(paths["graph_listing"], _listing(written))
        state.update(concrete_guards=capture.guards, concrete_documents=documents, documents=dynamic["documents"],
                     names=names, single_form=False)
        decisions = entry.setdefault("dynamic", {"symbols": public, "decisions": []})["decisions"]
        decisions.append("a second recording (a cache hit) showed numbers the first could not tell from "
                         "constants (a view's storage offset) are expressions in the entry's sizes")
        self.write_index()
        return True

    def _resume_of(self, capture, graphs, diverged):
        """Where a settled call that is no hit went its own way after a
        break on tensor data: Dynamo compiles the code after such a break as
        a resume function (one per branch target, specialised on the value
        the break produced), so the graphs before it are the earlier
        entry's, not new ones. Returns {entry, shared, break} for the entry
        sharing the most graphs, or None (the call differs before any break,
        or needs an output the earlier graph does not give)."""
        info = self.frames[capture.record_id]
        for shared, index in sorted(diverged, key=lambda t: (-t[0], t[1])):
            # The break after the last graph shared; with none shared, the
            # break just before the first graph, whose own graph is empty
            # (`n = int(n_t.item())` first thing in the frame compiles no
            # graph before the break, yet the code after it is a resume
            # function all the same).
            if shared >= 1:
                cut = next((b for b in capture.breaks if b["graph"].number == shared - 1), None)
            else:
                first = next((pos for pos, g in enumerate(capture.graphs) if g.number == 0), None)
                if first != 1 or capture.python_sizes:
                    return None  # (sizes read into Python before the break: the frame's own entry decides)
                cut = next((b for b in capture.breaks if b["graph"] is capture.graphs[0] and len(b["stack"]) == 1),
                           None)
            if cut is None or cut["category"] not in DATA_DEPENDENT:
                continue
            earlier = info["state"][index]["documents"][:shared]
            outputs = [{o["name"] for o in doc["outputs"]} for doc in earlier]
            needs = [(spec["source_ref"]["graph"].number, spec["source_ref"]["graph_output"])
                     for g, _ in graphs if g.number >= shared for spec in g.inputs
                     if "graph_output" in spec.get("source_ref", {})]
            if all(number >= shared or name in outputs[number] for number, name in needs):
                return {"entry": index, "shared": shared, "break": cut}
        return None

    def finish(self, counters):
        """At exit: the hook's counters per watched frame ({record id: (hits
        per entry, cache-limit message or None, why each entry refused the
        call that hit the limit, calls of a torch.compile(module)'s forward
        not made through its OptimizedModule, (function, file, line))}) join
        frames.json."""
        with self.lock:
            for record_id, (hits, limit, limit_reasons, bypassed, where) in counters.items():
                info = self.frames.get(record_id)
                if info is None and bypassed and where is not None:
                    # torch.compile(module)'s forward, only ever called around
                    # the OptimizedModule: a frame Dynamo never compiles.
                    info = self.frames[record_id] = {"function": where[0], "file": where[1], "line": where[2],
                                                     "entries": [], "state": []}
                    self.frame_order.append(record_id)
                if info is None:
                    continue
                if bypassed:
                    info["bypassed"] = bypassed
                    try:
                        module = where is None or bool(_dynx_bootstrap.module_forward_at(where[1], where[2]))
                    except AttributeError:
                        module = True
                    if not module:
                        info["bypassed_function"] = True  # the original of a torch.compile(fn), called directly
                for entry, count in zip(info["entries"], hits):
                    entry["hits"] = count
                if limit:
                    info["cache_limit"] = limit
                    number = self.frame_number(record_id)
                    info["cache_limit_reasons"] = [f"{number}/{text}" for text in limit_reasons]
                    if limit_reasons:  # a recompile refused: Dynamo runs the frame uncompiled from then on
                        gb, kind, explanation, hint = RECOMPILE_LIMIT
                        info.setdefault("skipped", {
                            "id": gb, "type": kind, "whole_frame": True,
                            "what": f"{info['function']} is no longer compiled: later calls that miss the cache run "
                                    f"uncompiled ({limit})",
                            "file": info["file"], "line": info["line"], "explanation": explanation, "hint": hint})
            self.write_index(force=True)

    # ----- module path and Python-level breaks ---------------------------------------------
    def _module_enter(self, module, args):
        capture = _current()
        if capture is not None:
            path = capture.module_paths.get(id(module), type(module).__name__)
            capture.module_stack.append((path, type(module).__name__))
            forward = getattr(type(module).forward, "__code__", None)
            if capture.skipped_calls is not None and forward is not None:
                # The forwards Dynamo skips, for its message (the frames of
                # torch's own modules); one of the program's is compiled.
                if self.source_filter.is_user(forward.co_filename):
                    capture.skipped_calls = None
                else:
                    capture.skipped_calls.setdefault((forward.co_name, forward.co_filename, forward.co_firstlineno))
            if not capture.suspended:
                self._rnn_call(capture, module)
                self._backward_hook_call(capture, module)

    def _rnn_call(self, capture, module):
        """nn.RNN/GRU/LSTM called inside a watched frame: Dynamo gives up on
        the frame unless torch._dynamo.config.allow_rnn is set."""
        if isinstance(module, torch.nn.RNNBase) and not getattr(torch._dynamo.config, "allow_rnn", False):
            capture.rnn_break(module, self._stack_at(sys._getframe(2), capture))

    @staticmethod
    def _hooked_optimized_module(code, module):
        if not isinstance(module, torch.nn.Module) or not _full_backward_hooks(module):
            return False
        try:
            return bool(_dynx_bootstrap.optimized_module_call(code, module))
        except AttributeError:
            return False

    def _backward_hook_call(self, capture, module):
        """A module with a full backward hook (or backward pre-hook, its own
        or global) called from traced code: Module._call_impl wraps its
        inputs in a BackwardHook, which Dynamo cannot trace without compiled
        autograd (gb0083). The break stands at that line of torch.nn, under
        the program's frames; the rest of the module's call runs eagerly and
        its result is made between graphs (measured, torch 2.13)."""
        if not _full_backward_hooks(module):
            return
        call = sys._getframe(2)  # Module._call_impl, which called the forward pre-hooks (through a wrapper)
        while call is not None and call.f_code is not torch.nn.Module._call_impl.__code__ and \
                not self.source_filter.is_user(call.f_code.co_filename):
            call = call.f_back
        if call is None or call.f_code is not torch.nn.Module._call_impl.__code__:
            return
        line = _backward_hook_line()
        library = {"file": call.f_code.co_filename, "line": line or call.f_lineno, "function": "Module._call_impl"}
        capture.graph_break("backward-hooks", f"{type(module).__name__} with a full backward hook",
                            self._stack_at(call.f_back, capture), library=(library, call))

    def _module_exit(self, module, args, output):
        capture = _current()
        if capture is not None and capture.module_stack:
            capture.module_stack.pop()

    def _profile(self, frame, event, arg):
        capture = _current()
        if capture is None:
            if getattr(_tls, "adopting", 0) and event == "call" and frame.f_code.co_flags & _CO_GENERATOR and \
                    self.source_filter.is_program(frame.f_code.co_filename):
                self._note_generator(frame.f_code)  # run by a frame Dynamo gave up on
            return
        if event == "call":
            if frame.f_code.co_flags & _CO_GENERATOR and self.source_filter.is_program(frame.f_code.co_filename):
                self._own_generator(capture, frame)
                if capture.suspended and capture.iterators.call is not None and frame.f_back is capture.frame and \
                        _starting(frame):
                    # next(g), list(g)... of a generator from outside the
                    # frame break (gb4347, gb0811) and run with Dynamo's
                    # callback installed: it tries to compile the generator's
                    # frame as it starts and gives up ("Attempt to trace
                    # generator"), once per code object; a generator already
                    # started is skipped without a word ("frame has already
                    # started executing").
                    self._note_generator(frame.f_code)
            if not capture.suspended and not capture.function_stack and \
                    self.source_filter.is_program(frame.f_code.co_filename) and \
                    (stores := _function_attribute_stores(frame.f_code)):
                _watch_function_stores(capture, frame, stores)
            if capture.frame is not None and frame.f_back is capture.frame and frame.f_code is not capture.code and \
                    not capture.suspended and self.source_filter.is_program(frame.f_code.co_filename) and \
                    (ranged := range_arguments(frame.f_code)):
                # A function the frame calls loops over range() of an
                # argument it was passed (a generator `for v in range(limit)`):
                # the ints it was given are specialised as the frame's own
                # range() arguments are.
                code = frame.f_code
                passed = code.co_varnames[:code.co_argcount + code.co_kwonlyargcount]
                for source in ranged:
                    if source[3:-2] in passed and type(value := frame.f_locals.get(source[3:-2])) is int:
                        capture.ranged_values.add(value)
            # Every Python frame of the call (recorded or not) may read
            # attributes that steer it: their names bound the guards. dynx's
            # own (the modes' callbacks) read nothing of the program's.
            # Nor does the regular-expression compiler (the first re.compile
            # of a pattern, torch's or the program's, names the fields of its
            # own parser: `state`, `width`...).
            filename = frame.f_code.co_filename
            names = _NO_NAMES if filename.startswith(_NO_READ_PREFIXES) else names_read_by(frame.f_code)
            if capture.suspended:
                # Code that runs eagerly (a disabled function, one Dynamo
                # skips): Dynamo never traces it, so guards nothing it reads
                # (a counter it bumps is no recompile); see exit.
                capture.eager_names |= names
            else:
                # (what this frame alone adds: taken back if its call turns
                # out to be a break that runs it eagerly, _python_break)
                capture.names_added = (id(frame), names - capture.read_names, frame.f_code not in capture.ran_codes)
                capture.read_names |= names
                if (self.source_filter.cache.get(filename) or self.source_filter.kind(filename)) == "program":
                    if dynamic_getattr(frame.f_code):
                        capture.read_names.add(ANY_ATTRIBUTE)
                capture.ran_codes.add(frame.f_code)
                if names:
                    capture.reader_codes.add(frame.f_code)
                if "training" in names and frame.f_code is not _MODULE_INIT:
                    # (nn.Module.__init__ sets the flag of a module made in
                    # the frame; it reads none)
                    capture.training_readers.add(frame.f_code)
                if frame.f_code is _MODULE_TRAIN and not capture.training_readers:
                    # model.eval() / model.train() before anything read a
                    # flag: what the call reads is what it wrote.
                    module = frame.f_locals.get("self")
                    if isinstance(module, torch.nn.Module):
                        capture.training_set.update(id(m) for m in module.modules())
            if frame.f_code in _COMPILING_CODES and not capture.suspended:
                capture.asked_compiling = True
                for level in capture.nested:
                    level.asked_compiling = True
            name = frame.f_code.co_name
            if name in ("__enter__", "__exit__") and frame.f_back is not None and frame.f_back.f_code is capture.code:
                if name == "__exit__":
                    pass  # still under the manager while its __exit__ runs: popped as it returns
                else:
                    manager = frame.f_locals.get("self")
                    # Dynamo can break under torch's context managers and
                    # contextlib.nullcontext (a variable of its own), not others.
                    capture.context_stack.append((type(manager).__qualname__,
                                                  frame.f_code.co_filename.startswith(self.torch_dir) or
                                                  type(manager) is contextlib.nullcontext or
                                                  _supported_generator_manager(manager)))
            if capture.frame is None and frame.f_code is capture.code:
                capture.frame = frame
                if lock_withs(frame.f_code):
                    _watch_lock_withs(capture, frame)
                if _missing_handlers(frame.f_code):
                    _watch_missing_bytecode(capture, frame)
            elif capture.skipped_calls is not None and self.source_filter.is_program(frame.f_code.co_filename):
                # fullgraph=True on a frame in torch's files (nn.Module.compile():
                # Module._call_impl), which Dynamo skips: it compiles the first
                # frame of the program's code such a frame calls.
                capture.skipped_calls = None
        # The end of a call that broke the graph resumes recording.
        if event in ("c_return", "c_exception"):
            if capture.c_callee is arg and frame is capture.frame:
                capture.c_callee = None
            if capture.pending_c is not None and capture.pending_c is arg:
                capture.pending_c = None
                capture.suspended -= 1
                # (its result is not seen: one of torch's may be a tensor)
                module = getattr(arg, "__module__", None) or ""
                capture.settle_resume(_UNSEEN if module.startswith("torch") else None)
                brk, capture.deferred_break = capture.deferred_break, None
                if event == "c_return" and brk is not None and "value" not in brk and \
                        (frame is capture.frame or capture.nested and capture.nested[-1].frame is frame):
                    _read_call_result(capture, frame, brk)
            elif event == "c_exception" and not capture.suspended and _python_raises(arg) and \
                    (frame is capture.frame or capture.nested and capture.nested[-1].frame is frame):
                # A builtin that raised (list.index, int('x')): Dynamo runs it
                # on constants and sees the exception as the program's own.
                capture.c_raised = (id(frame), frame.f_lasti)  # not the frame: it holds the locals
            return
        if event == "return":
            if frame.f_code.co_name == "__exit__" and capture.context_stack and frame.f_back is not None and \
                    frame.f_back.f_code is capture.code:
                # A break inside __exit__ (a print) is one under the manager:
                # Dynamo's context is active until __exit__ returns.
                capture.context_stack.pop()
            if frame is capture.frame or capture.nested and capture.nested[-1].frame is frame:
                op = frame.f_code.co_code[frame.f_lasti]
                raising = op == _RAISE_VARARGS or capture.c_raised == (id(frame), frame.f_lasti)
                if arg is None and raising and capture.raise_stack is None and \
                        not capture.suspended and not in_skipped_level(capture):
                    # Leaving by the program's own `raise` (innermost first).
                    capture.raise_stack = self._stack_at(frame, capture)
                elif op == _RETURN_VALUE:
                    capture.raise_stack = None  # caught on the way: the frame went on
            if capture.nested and capture.nested[-1].frame is frame:
                leave_level(capture, capture.nested.pop(), arg)
            if capture.opaque and capture.opaque[-1] is frame:
                capture.opaque.pop()
            if capture.checkpoint is not None and capture.checkpoint["frame"] is frame:
                if capture.checkpoint["broke"]:
                    capture.suspended -= 1
                    capture.made_between_graphs(arg)
                capture.checkpoint = None
            if capture.pending_py is not None and capture.pending_py is frame:
                capture.pending_py = None
                capture.suspended -= 1
                capture.made_between_graphs(arg)
                brk, capture.deferred_break = capture.deferred_break, None
                if brk is not None:
                    _break_value(brk, (arg,))
                    if "hook_handle" in brk:
                        self._after_hook_handle(capture, brk, arg)
                if getattr(capture, "init_group", None) is frame:
                    capture.init_group = None
                    self._optimizer_state_ready(capture)
                if capture.breaks and capture.breaks[-1]["category"] == "autograd":
                    capture.grads_made()
                if capture.disabled is not None:
                    capture.disabled = None
                    set_compiling(True)
                capture.settle_resume(arg)  # (last: it may hand the rest of the call over, adopt_rest)
            elif capture.reentered is not None and capture.reentered is frame:
                capture.reentered = None
                capture.suspended += 1
                capture.end_graph()
                set_compiling(False)
            elif frame is capture.frame and capture.skipped_calls is not None:
                # fullgraph=True, and every frame of the call is one Dynamo skips.
                capture.fail(*no_compiled_frames(list(capture.skipped_calls)))
            return
        if capture.suspended:
            if event == "call" and capture.disabled is not None and not capture.disabled[1] and \
                    capture.reentered is None:
                self._reenter(capture, frame)
            return
        if capture.opaque:
            return  # inside a function allowed in the graph: its operators are recorded, nothing else
        if event == "c_call":
            if frame is capture.frame:
                capture.c_callee = arg  # (capture.run_break: whose result the resume function takes)
            caller = frame.f_code
            sources = self.source_filter  # (is_program inlined: every C call of torch's code comes here)
            if caller is not capture.code and \
                    (sources.cache.get(caller.co_filename) or sources.kind(caller.co_filename)) != "program":
                if sources.is_stdlib(caller.co_filename) and skipped_c_function(arg):
                    self._stdlib_skipped_call(capture, frame, arg)
                return
            if reorderable(fn=arg):
                # Dynamo calls it after the graph: no break, and what it reads is not recorded.
                capture.suspended += 1
                capture.pending_c = arg
                return
            kind = _side_effect_kind(arg) or builtin_kind(arg)
            if kind is None and (skipped_c_function(arg) or _dynamo_registered(arg) == "disallowed"):
                # (torch._dynamo.disallow_in_graph(torch.sub): "marked as skipped", gb0007)
                kind = "skipped-function"
            if kind is None and torch_non_tensor_call(arg):
                kind = "torch-non-tensor"
            if kind is None and arg is getattr(torch, "is_inference_mode_enabled", None):
                kind = "inference-mode-query"
            if kind is None and unsupported_method(arg):
                kind = "unsupported-method"
            if kind is not None:
                name = getattr(arg, "__qualname__", getattr(arg, "__name__", repr(arg)))
                if kind == "skipped-function" and getattr(arg, "__module__", None):
                    name = f"{arg.__module__}.{name}"
                stack = self._stack_at(frame, capture)
                capture.graph_break(kind, name, stack, deferred=True)
                capture.suspended += 1
                capture.pending_c = arg
                if arg is open and frame is capture.frame and not capture.nested and capture.loop_break is None \
                        and _current() is capture and enters_with(frame):
                    # `with open(...) as fh:` -- the resume function after the
                    # break starts by entering the file, a context manager
                    # Dynamo cannot enter (gb0142): it gives up on it, and the
                    # rest of the call runs eagerly.
                    capture.graph_break("unsupported-context-manager", "open", stack)
                    capture.loop_break, capture.skip_kind = capture.breaks[-1], "unsupported-context-manager"
                    self.adopt_rest(capture)
        elif event == "call":
            code = frame.f_code
            caller = frame.f_back
            if frame is not capture.frame and caller is not None and \
                    (caller.f_code is capture.code or self.source_filter.is_program(caller.f_code.co_filename)):
                registered = _dynamo_registered(_dynx.frame_function(frame))
                if registered is not None and self._registered_call(capture, frame, registered):
                    return
            elif frame is not capture.frame and caller is not None and code.co_name == "forward" and \
                    caller.f_code is _FUNCTION_APPLY_CODE:
                # The forward of an autograd.Function the program passed to
                # allow_in_graph (the class is what it registered).
                registered = _dynamo_registered(caller.f_locals.get("cls"))
                if registered == "opaque" and self._registered_call(capture, frame, registered):
                    return
            if code is _CACHED_GET and caller is not None and not capture.suspended and not capture.hop_depth and \
                    frame.f_locals.get("instance") is not None and not in_skipped_level(capture) and \
                    (caller.f_code is capture.code or self.source_filter.is_program(caller.f_code.co_filename)):
                # A cached_property computed in the call (not in the object's
                # __dict__ yet): Dynamo inlines functools' __get__ and fails at
                # its `with self.lock:` (gb0142), so the read, never a call the
                # reading frame can be split at, makes it give up on that frame;
                # __get__, compiled as a frame of its own, fails there again.
                stack = self._stack_at(frame, capture) + \
                    [{"file": code.co_filename, "line": _CACHED_LOCK_LINE, "function": code.co_qualname}]
                if caller is capture.frame and not capture.nested:
                    # Read by the watched frame: Dynamo gives up on it, and the
                    # program's functions it runs from here (the property's
                    # own, called by __get__) are frames of their own.
                    count = len(capture.breaks)
                    capture.graph_break("unsupported-context-manager", "RLock", stack)
                    if len(capture.breaks) > count and capture.loop_break is None:
                        capture.loop_break, capture.skip_kind = capture.breaks[-1], "lock"
                        self.adopt_rest(capture)
                else:
                    enter_level(capture, frame)
                    capture.lock_break("RLock", stack, nested=True)
            elif frame is not capture.frame and is_level(code) and self.source_filter.is_user(code.co_filename):
                enter_level(capture, frame)
                if code.co_name == "__getattribute__" and not capture.suspended and not capture.hop_depth and \
                        caller is not None and (caller.f_code is capture.code or
                                                self.source_filter.is_program(caller.f_code.co_filename)) and \
                        (line := _object_getattribute_line(code)) is not None:
                    # The program's own __getattribute__ reading through
                    # object.__getattribute__(self, name): a method Dynamo
                    # cannot call on the object there (gb0156). The read is
                    # no call the frame could be split at: it gives up on it
                    # (tests/oracle recomp_getattribute_override_arg).
                    stack = self._stack_at(frame, capture)
                    if stack:
                        stack[-1] = dict(stack[-1], line=line)
                    capture.graph_break("unsupported-method", "object.__getattribute__", stack)
                if not capture.suspended and not capture.hop_depth and lock_withs(code) and \
                        not self._importing(capture, frame):
                    _watch_lock_withs(capture, frame)
                if capture.checkpoint is not None and not capture.checkpoint["broke"] and \
                        (store := _outside_store(code)) is not None and \
                        not getattr(sys.modules.get("torch._dynamo.config"),
                                    "skip_fwd_side_effects_in_bwd_under_checkpoint", False):
                    # A function under torch.utils.checkpoint that assigns a
                    # nonlocal or a global: Dynamo refuses the side effect in
                    # the higher-order operator (gb0067) at that store.
                    name, line = store
                    stack = self._stack_at(frame, capture)
                    if stack:
                        stack[-1] = dict(stack[-1], line=line)
                    capture.graph_break("hop-side-effect", f"assignment of {name}", stack)
            if code not in capture.library_codes and (self.source_filter.kind(code.co_filename) == "third_party" or
                                                      code.co_filename.startswith(self.torch_dir)):
                # A library's function (transformers' attention forward, its
                # loss_function property), in the compiled frame's module or
                # another: the registries it looks functions up in
                # (ALL_ATTENTION_FUNCTIONS, LOSS_MAPPING) and the functions it
                # calls by name, a program may patch between calls
                # (guards.guard_registries).
                capture.library_codes[code] = namespace = frame.f_globals
                for name in global_reads(code):
                    # A library's private flag as the call first reads it
                    # (torch.nn.utils.parametrize._cache_enabled, set by
                    # parametrize.cached()): guarded at the end if the call
                    # left it so (guards.guard_library_flags).
                    if name.startswith("_") and type(namespace.get(name)) in (bool, int):
                        capture.library_flags.setdefault((id(namespace), name), (namespace, namespace[name]))
                    elif name.startswith("_") and type(namespace.get(name)) is dict and \
                            (id(namespace), name) not in capture.library_dicts:
                        with capture.unrecorded():
                            self._library_dict(capture, namespace, name)
            if frame.f_globals is capture.globals:
                names = global_reads(code)
                for name in sorted(names - capture.global_names):
                    if name in capture.globals and name not in capture.first_global_guards:
                        # Guarded as the call first meets it: the function
                        # may rebind it (`_next += 1`) or fill it
                        # (`tape.append`) before the call ends.
                        first = capture.first_global_guards[name] = []
                        with capture.unrecorded():
                            _guard_free_value(first, f"G[{name!r}]", [["global", name]], capture.globals[name])
                if code is not capture.code and not names <= capture.global_names:
                    # The tensors a helper's globals hold (masks in a table
                    # keyed by layer, read in a method the frame calls) are
                    # inputs as the frame's own globals' are.
                    with capture.unrecorded():
                        self._walk_globals(capture, sorted(names - capture.global_names), code)
                capture.global_names |= names
                if code is not capture.code:
                    for name in names:
                        capture.global_readers.setdefault(name, set()).add(code)
                if code is not capture.code and capture.lazy_globals and not names.isdisjoint(capture.lazy_globals):
                    # Another function reads a global dict the frame guards
                    # by its keys alone: guarded whole at the end (exit).
                    capture.lazy_spoiled |= names & capture.lazy_globals
            elif self.source_filter.is_program(code.co_filename) or code.co_filename.startswith("<string"):
                # A function of another module of the program: its globals
                # are reached through sys.modules. (Also one the program
                # made with types.ModuleType and exec: its code is "<string>".)
                module = frame.f_globals.get("__name__")
                loaded = sys.modules.get(module) if isinstance(module, str) else None
                if loaded is not None and getattr(loaded, "__dict__", None) is frame.f_globals and \
                        (not code.co_filename.startswith("<") or _program_module(loaded)):
                    capture.module_globals.setdefault(module, set()).update(global_reads(code))
            if logger_calls.cached_methods():
                if code in self._logger_codes():
                    # The first call of a cached Logger method (the site that
                    # called it broke the graph, see _follow_logger_calls): it
                    # runs eagerly.
                    capture.suspended += 1
                    capture.pending_py = frame
                    return
                if self.source_filter.is_user(code.co_filename) and (sites := logger_calls.call_sites(code)):
                    self._follow_logger_calls(capture, frame, sites)
            caller = frame.f_back
            if caller is None:
                return
            if code is _INFER_PARAMETERS and not capture.suspended and capture.pending_py is None:
                # A lazy module's first call (nn.LazyLinear): Dynamo initialises
                # it before it traces the call; its parameters' initialisation
                # is in no graph.
                capture.suspended += 1
                capture.pending_py = frame
                return
            if code.co_name == "_use_grad" and code.co_filename.endswith(_OPTIMIZER_FILE):
                if self._optimizer_step(capture, frame):
                    return
            elif code.co_name == "__deepcopy__" and code.co_filename == _TENSOR_FILE and \
                    caller.f_code.co_filename == _COPY_FILE:
                if self._deepcopy_tensor(capture, frame):
                    return
            elif code is _HANDLE_INIT:
                handle = frame.f_locals.get("self")
                capture.made_handles.add(id(handle))  # (made during the call: Dynamo's own)
                capture.keep.append(handle)
                if caller.f_code.co_filename == _MODULE_FILE and self._hook_handle_made(capture, frame):
                    return
            elif code.co_filename == _HOOKS_FILE and code.co_name in ("remove", "__enter__", "__exit__"):
                if self._hook_handle_used(capture, frame):
                    return
            elif capture.optimizer_step and caller is capture.frame and code.co_name in ("_fn", "inner") and \
                    code.co_filename.startswith(self.torch_dir) and \
                    getattr(frame.f_locals.get("fn"), "__name__", None) == "_init_group":
                # Dynamo runs the optimizer's _init_group eagerly before it
                # traces the step (its OptimizerVariable): the state it fills
                # (moments, step counts) is input to the graph, and guarded
                # as it is after that call. (`frame`: torch._disable_dynamo's
                # wrapper around it.)
                capture.suspended += 1
                capture.pending_py = frame
                capture.init_group = frame
                return
            if capture.checkpoint is None and checkpoint_call(frame) and \
                    (caller.f_code is capture.code or self.source_filter.is_program(caller.f_code.co_filename)):
                capture.checkpoint = {"frame": frame, "graph": capture.graph, "nodes": len(capture.graph.nodes),
                                      "nested": len(capture.nested), "broke": False}
                return
            if not capture.suspended and (caller.f_code is capture.code or
                                          self.source_filter.is_program(caller.f_code.co_filename)) and \
                    (found := unsupported_context_call(frame, _dynx.frame_function)) is not None:
                self._context_call(capture, frame, *found)
                return
            wrapped = torch_disabled_call(frame)
            if wrapped is not None and (caller.f_code is capture.code or
                                        self.source_filter.is_program(caller.f_code.co_filename)):
                name = getattr(wrapped, "__qualname__", getattr(wrapped, "__name__", repr(wrapped)))
                skipped = skipped_torch_functions().get(getattr(wrapped, "__code__", None))
                # One the rule map skips by name (torch.manual_seed) is
                # "marked as skipped" (gb0007), not inlined and refused.
                self._python_break(capture, frame, "skipped-function" if skipped else "skipped-torch",
                                   skipped or name)
                return
            disabled = disabled_call(frame) if code is not capture.code else None
            if disabled is not None:
                fn, recursive = disabled
                if self.source_filter.is_user(getattr(getattr(fn, "__code__", None), "co_filename", "")):
                    self._disabled_call(capture, frame, fn, recursive)
                return
            if code.co_flags & 0x280 and self.source_filter.is_program(code.co_filename):
                # CO_COROUTINE | CO_ASYNC_GENERATOR, once per coroutine frame.
                # Generators (and generator expressions) are inlined by torch
                # 2.13's Dynamo: no break.
                if id(frame) not in capture.seen_generators:
                    capture.seen_generators.add(id(frame))
                    capture.keep.append(frame)
                    capture.graph_break("generator", code.co_qualname, self._stack_at(frame, capture))
                return
            if not capture.suspended and self.source_filter.is_program(code.co_filename) and \
                    (found := unsupported_super(frame)) is not None:
                what, line = found
                stack = self._stack_at(frame, capture)
                if stack and stack[-1]["function"] == code.co_qualname:
                    stack[-1] = dict(stack[-1], line=line)
                capture.graph_break("unsupported-super", what, stack)
            caller_code = caller.f_code
            if caller_code is not capture.code and not self.source_filter.is_program(caller_code.co_filename):
                return
            filename = code.co_filename
            skipped = skipped_torch_functions().get(code)
            if skipped is not None:
                self._python_break(capture, frame, "skipped-function", skipped)
            elif (query := torch_non_tensor_functions().get(code)) is not None:
                self._python_break(capture, frame, "torch-non-tensor", query)
            elif code.co_name == "graph_break" and "_dynamo" in filename:
                capture.graph_break("explicit", "torch._dynamo.graph_break", self._stack_at(caller, capture))
            elif code.co_name == "step_unsupported" and "_dynamo" in filename:
                capture.step_unsupported(self._stack_at(caller, capture))
            elif code.co_name in ("grad", "backward") and filename.endswith(os.path.join("autograd", "__init__.py")):
                self._python_break(capture, frame, "autograd", f"torch.autograd.{code.co_name}")
            elif code is _PARAMETER_NEW and getattr(torch._dynamo.config, "graph_break_on_nn_param_ctor", False):
                self._python_break(capture, frame, "parameter-constructor", "torch.nn.Parameter")
            elif code.co_name == "save" and filename.endswith(os.path.join("torch", "serialization.py")):
                self._python_break(capture, frame, "skipped-function", "torch.save")
            elif code.co_name in _LOGGING_NAMES and filename.endswith(os.path.join("logging", "__init__.py")):
                if reorderable(code=code):
                    capture.suspended += 1
                    capture.pending_py = frame
                else:
                    self._python_break(capture, frame, "side-effect", f"logging.{code.co_name}")
            elif self._is_numpy(filename) and any(isinstance(v, torch.Tensor) for v in frame.f_locals.values()):
                self._python_break(capture, frame, "skipped-function", f"numpy.{code.co_name}")
            elif filename == weakref.__file__ and code.co_qualname.startswith("WeakValueDictionary.") and \
                    not capture.suspended and (line := _weakref_call_line(code)) is not None and \
                    _weakref_found(frame):
                # A WeakValueDictionary read (`REG.get("scale")`): Dynamo
                # inlines weakref.py and cannot call the KeyedRef it finds
                # there (gb0156, at `o = wr()`): the graph breaks inside it,
                # the read runs eagerly and the code after it is specialised
                # on what it gave (tests/oracle recomp_w_weakvaluedict_tensor_collected).
                stack = self._stack_at(caller, capture) + [{"file": filename, "line": line,
                                                            "function": code.co_qualname}]
                capture.graph_break("unsupported-method", "weakref.KeyedRef.__call__", stack, deferred=True)
                capture.suspended += 1
                capture.pending_py = frame
                # (what it gives, a tensor or None once collected, no guard
                # of the call's start sees: every later hit is recorded
                # again and compared, a new outcome a new entry)
                capture.settle_hits = True
            elif filename.startswith(self.torch_dir) and not capture.suspended and \
                    (kind := skipped_torch_file_call(_dynx.frame_function(frame))) is not None:
                # A method of torch's in a file Dynamo's rule book skips
                # (GradScaler.scale, LRScheduler.step): the graph breaks at
                # the call, which runs eagerly (tests/oracle
                # real_t_grad_scaler_scale_inside_compiled_step).
                self._python_break(capture, frame, kind, code.co_qualname)


    def _trace_iterators(self, capture):
        """An iterator Dynamo cannot iterate is in the frame's reach
        (iterables.py), or the frame assigns an object's __class__: its
        instructions are followed, this frame's alone (every other frame is
        left untraced), until the call ends."""
        capture.previous_trace = sys.gettrace()
        capture.iterators.tracing = True

        def instruction(frame, event, arg):
            if event == "opcode" and _current() is capture:
                if frame.f_lasti in capture.class_stores and not capture.suspended:
                    # `obj.__class__ = ...`: the graph ends before it (gb4271).
                    capture.graph_break("class-assignment", "__class__ assignment", self._stack_at(frame, capture))
                if capture.getters:
                    self._getter_step(capture, frame)
                if capture.iterators or capture.attribute_iteration:
                    self._iterator_step(capture, frame)
            return instruction

        def call(frame, event, arg):
            if frame.f_code is not capture.code or capture.iterators.frame is not None:
                return None
            capture.iterators.frame = frame
            # f_trace first: 3.13 turns opcode events on only for a frame
            # with one (3.12.1 ignores f_trace_opcodes set in a call event:
            # there a call runs untraced and these breaks go unseen).
            frame.f_trace = instruction
            frame.f_trace_lines = False
            frame.f_trace_opcodes = True
            return instruction
        sys.settrace(call)

    def _getter_step(self, capture, frame):
        """Before each instruction of a frame that found operator getters
        made: the call of one breaks the graph (the call runs eagerly; what
        it returns, a number, is what the code after it is specialised on,
        `___stack1 == 2.0`)."""
        if capture.getter_call is not None:  # the first instruction after the broken call
            offset = capture.getter_call
            capture.getter_call = None
            capture.suspended -= 1
            brk, capture.deferred_break = capture.deferred_break, None
            item = _dynx.stack_item(frame) if follows_call(frame, offset) else None
            if item is not None:
                if brk is not None:
                    _break_value(brk, item)
                capture.made_between_graphs(item[0])  # (a tensor it returned: an input of the next graph)
            # (last: with no tensor in what it returned, the rest may run uncompiled, adopt_rest)
            capture.settle_resume(item[0] if item is not None else _UNSEEN)
            return
        if capture.suspended:
            return
        getter = foreign_getter_call(frame, capture.getters)
        if getter is not None and type(getter) in UNSUBSCRIPTABLE:
            capture.graph_break("missing-mp-subscript", f"{type(getter).__name__}.__getitem__",
                                self._stack_at(frame, capture), deferred=True)
            capture.suspended += 1
            capture.getter_call = frame.f_lasti
        elif getter is not None:
            capture.graph_break("unsupported-method", f"{type(getter).__name__}.__call__",
                                self._stack_at(frame, capture), deferred=True)
            capture.suspended += 1
            capture.getter_call = frame.f_lasti

    def _iterator_step(self, capture, frame):
        """Before each instruction of a frame that holds an iterator Dynamo
        cannot iterate: a call of a builtin that iterates one breaks the
        graph (the call runs eagerly and what it returns is made between
        graphs); an instruction that iterates one makes Dynamo give up on the
        frame, or the rest of it."""
        watch = capture.iterators
        if watch.store is not None:  # the broken call's result, just stored
            value = read_stored(frame, watch.store)
            watch.store = None
            watch.add(value)
            capture.made_between_graphs(value)
        if watch.call is not None:  # the first instruction after the broken call
            offset, name, makes_iterator = watch.call
            watch.call = None
            capture.suspended -= 1
            if follows_call(frame, offset):
                if capture.breaks:
                    _break_value(capture.breaks[-1], _dynx.stack_item(frame))
                watch.store = stored_name(frame)
                if watch.store is None and makes_iterator:
                    ins, _ = iterating_instruction(frame)
                    if ins is not None:  # `for k, v in iter(items):`
                        capture.iterator_skip(f"{iteration_words(ins)} what {name}() returned",
                                              self._stack_at(frame, capture))
                        return
        if capture.suspended:
            return
        call = iterating_call(frame, watch.__contains__, watch.add if capture.attribute_iteration else None)
        if call is not None:
            kind, name, makes_iterator = call
            stack = self._stack_at(frame, capture)
            inner = polyfill_frame(name)
            if inner is not None:
                stack = stack + [inner]
            if name in GIVES_UP:
                capture.iterator_skip(f"{name}() of what the frame cannot iterate", stack)
                return
            capture.graph_break(kind, f"{name}()", stack)
            capture.suspended += 1
            watch.call = (frame.f_lasti, name, makes_iterator)
            return
        ins, value = iterating_instruction(frame)
        if ins is not None and value in watch:
            capture.iterator_skip(f"{iteration_words(ins)} a {type(value).__name__}", self._stack_at(frame, capture))

    def _optimizer_step(self, capture, frame):
        """A call of an optimizer's step (`frame`: its _use_grad wrapper,
        torch/optim/optimizer.py) from the program's code. Dynamo inlines the
        wrapper and breaks at its torch._dynamo.graph_break(); the step then
        runs with Dynamo's callback installed, so the step function itself is
        compiled as a frame of its own (CodeRecord::nested). Called through an
        LR scheduler's wrapper (lr_scheduler.py, a file Dynamo skips), the
        break is at the program's call ("marked as skipped") and the wrapper's
        graph_break() is a break of the frame Dynamo compiles for it.
        Returns whether the call was taken as such."""
        caller = frame.f_back  # Optimizer.profile_hook_step's wrapper, then the program (or a scheduler's)
        while caller is not None and caller.f_code.co_filename.endswith(_OPTIMIZER_FILE):
            caller = caller.f_back
        if caller is None:
            return False
        via_scheduler = caller.f_code.co_name == "wrapper" and caller.f_code.co_filename.endswith(_SCHEDULER_FILE)
        user = caller.f_back if via_scheduler else caller
        if user is None or (user.f_code is not capture.code and
                            not self.source_filter.is_program(user.f_code.co_filename)):
            return False
        step = frame.f_locals.get("func")
        step_code = getattr(step, "__code__", None)
        if step_code is None or in_skipped_level(capture):
            return False
        _compile_step(step_code, frame.f_code)
        stack = self._stack_at(user, capture)
        inner = stack + [_OPTIMIZER_STEPS[step_code]]
        if via_scheduler:
            capture.graph_break("skipped-function", f"{caller.f_code.co_qualname} (torch/optim/lr_scheduler.py)",
                                stack)
        capture.graph_break("optimizer-step", "torch._dynamo.graph_break", inner, deferred=True)
        capture.suspended += 1
        capture.pending_py = _callee_of(user, frame)
        return True

    def _deepcopy_tensor(self, capture, frame):
        """copy.deepcopy() called by the program reached a tensor's
        __deepcopy__ (`frame`): Dynamo inlines copy.py and gives up there
        (gb4198), at copy.py's line, so the graph ends at the program's call,
        which runs eagerly. Returns whether the call was taken as such."""
        copying = frame.f_back
        user = copying
        while user is not None and user.f_code.co_filename == _COPY_FILE:
            user = user.f_back
        if user is None or (user.f_code is not capture.code and
                            not self.source_filter.is_program(user.f_code.co_filename)):
            return False
        stack = self._stack_at(user, capture) + [{"file": copying.f_code.co_filename, "line": copying.f_lineno,
                                                   "function": copying.f_code.co_qualname}]
        capture.graph_break("deepcopy-tensor", "copy.deepcopy", stack, deferred=True)
        capture.suspended += 1
        capture.pending_py = _callee_of(user, frame)
        return True

    def _hook_handle_made(self, capture, frame):
        """A module hook registered by code Dynamo traces (`frame`: the
        RemovableHandle.__init__ that nn.Module's register_*_hook runs):
        Dynamo inlines torch's registration and breaks at the handle's class
        counter (`RemovableHandle.next_id += 1`, "setattr() on unsupported
        type", gb0467, in torch/utils/hooks.py), so the graph ends at the
        program's call, which runs eagerly. What the code after it does with
        the handle decides whether Dynamo can compile it (_after_hook_handle).
        Returns whether the call was taken as such."""
        registering = frame.f_back
        user = registering.f_back
        while user is not None and user.f_code.co_filename.startswith(OWN_PREFIX):
            user = user.f_back  # (dynx's watch on module hook registrations: guards.install_module_hook_watch)
        if user is None or in_skipped_level(capture) or \
                (user.f_code is not capture.code and not self.source_filter.is_user(user.f_code.co_filename)):
            return False
        line = next((ins.positions.lineno for ins in dis.get_instructions(frame.f_code)
                     if ins.opname == "STORE_ATTR" and ins.argval == "next_id"), frame.f_lineno)
        library = {"file": frame.f_code.co_filename, "line": line, "function": frame.f_code.co_qualname}
        count = len(capture.breaks)
        capture.graph_break("class-setattr", "RemovableHandle.next_id += 1", self._stack_at(user, capture),
                            library=(library, _callee_of(user, frame)), deferred=True)
        if len(capture.breaks) > count:
            capture.breaks[-1]["hook_handle"] = user
        return True

    def _after_hook_handle(self, capture, brk, result):
        """The registration that broke (_hook_handle_made) returned the
        handle `result` to `brk`'s frame. Dynamo's resume function after the
        break takes it as an input it builds lazily: discarded (a statement
        of its own, as transformers registers), it is never built; stored in
        a local, the first method call on it (`handle.remove()`,
        _hook_handle_used) fails (gb0013) and that resume function is skipped
        whole; handed on at once (`handles.append(...)`), it fails by the end
        of that resume function, reported at its last line."""
        user = brk.pop("hook_handle")
        if user is not capture.frame or capture.nested or not isinstance(result, torch.utils.hooks.RemovableHandle):
            return
        then = next_opname(user)
        if then == "POP_TOP":
            return
        # What the frame had read before the resume function began: the
        # entry's guards, should that resume function be skipped.
        capture.handle_reads = (set(capture.global_names), set(capture.read_names), set(capture.reader_codes))
        if then in ("STORE_FAST", "STORE_NAME", "STORE_DEREF", "STORE_GLOBAL"):
            capture.hook_handles.append(result)
        else:
            self._skip_handle_resume(capture, "RemovableHandle", at_return=True)

    def _hook_handle_used(self, capture, frame):
        """A method of a RemovableHandle runs (`frame`), called by the watched
        frame: one _after_hook_handle kept, or one made before the call (a
        holder's `handle.remove()`), which Dynamo cannot represent either
        (gb0013), a break it cannot resume from. Returns whether it was one."""
        handle = frame.f_locals.get("self")
        if frame.f_back is not capture.frame or not isinstance(handle, torch.utils.hooks.RemovableHandle):
            return False
        if id(handle) not in capture.made_handles and not capture.suspended and not capture.nested and \
                capture.loop_break is None and _current() is capture:
            capture.unresumable_break("unregistered-handle", f"RemovableHandle.{frame.f_code.co_name}",
                                      self._stack_at(capture.frame, capture), "a RemovableHandle made outside")
            return True
        if not any(h is handle for h in capture.hook_handles):
            return False
        capture.hook_handles.clear()
        self._skip_handle_resume(capture, f"RemovableHandle.{frame.f_code.co_name}")
        return True

    def _skip_handle_resume(self, capture, what, at_return=False):
        """The resume function that began at a hook registration fails on
        the handle (gb0013): it is skipped (the graphs recorded since are
        dropped, so are the reads since), and the rest of the call runs
        eagerly, its callees compiled as frames of their own. `at_return`:
        reported at the line the frame returns from (Recorder.exit)."""
        if capture.suspended or capture.loop_break is not None or _current() is not capture:
            return
        count = len(capture.breaks)
        capture.graph_break("unregistered-handle", what, self._stack_at(capture.frame, capture))
        if len(capture.breaks) == count:
            return
        capture.loop_break, capture.skip_kind = capture.breaks[-1], "unregistered-handle"
        if at_return:
            capture.loop_break["at_return"] = True
        global_names, read_names, reader_codes = capture.handle_reads
        capture.eager_names |= capture.read_names - read_names
        capture.global_names, capture.read_names, capture.reader_codes = global_names, read_names, reader_codes
        if capture.verify_entry >= 0 or capture.candidates is not None:
            capture.suspended += 1
        else:
            self.adopt_rest(capture)

    def _optimizer_state_ready(self, capture):
        """After the optimizer's _init_group ran eagerly: the state it made
        is walked as inputs and the entry's guards are taken from here."""
        with capture.unrecorded():
            for name, value in capture.arguments.items():
                capture._walk_source(value, f"L[{name!r}]", 0)
            # The gradients the step reads are inputs too (a backward before the call left them).
            kept = {id(t): t for t in capture.keep if isinstance(t, torch.Tensor)}
            for tid, (source, kind, _) in list(capture.sources.items()):
                tensor = kept.get(tid)
                grad = leaf_grad(tensor) if tensor is not None else None
                if isinstance(grad, torch.Tensor) and id(grad) not in capture.sources:
                    capture.sources[id(grad)] = (f"{source}.grad", "user_input", None)
                    capture.keep.append(grad)
            guards = build_guards(capture.arguments, capture.globals, capture.global_names,
                                  capture.closure, capture.code, False)
            # Dynamo's OptimizerVariable guards the state first: a step whose
            # state filled in is refused on it, whatever else changed.
            state = [g for g in guards if g.get("source", "").startswith("L['self'].state")]
            capture.entry_guards = state + [g for g in guards if not g.get("source", "").startswith("L['self'].state")]

    def _registered_call(self, capture, frame, registered):
        """A call of a function the program registered with Dynamo's
        decorators (_dynamo_registered). Returns whether it was taken as such."""
        code = frame.f_code
        if registered == "constant":
            # torch._dynamo.assume_constant_result: Dynamo runs it once while
            # tracing and bakes what it returns into the graph, unguarded (a
            # later call that would return something else is a hit).
            capture.assumed_constant.append(code.co_qualname)
            capture.suspended += 1
            capture.pending_py = frame
            return True
        if registered == "opaque":
            # allow_in_graph / nonstrict_trace: one call in the graph; Dynamo
            # does not trace its code, so nothing in it breaks the graph, and
            # what it reads (a global gain) it reads when the graph runs,
            # unguarded. dynx's graph holds the operators it ran, so later
            # hits are recorded again and compared (settled): one that
            # computes otherwise is a new entry, never the old constants.
            capture.opaque.append(frame)
            capture.settle_hits = True
            return True
        # ("disallowed" Python functions are torch's own, torch._dynamo.graph_break
        # among them: their breaks are taken where they are met.)
        return False

    def _disabled_call(self, capture, frame, fn, recursive):
        """A call of a torch.compiler.disable'd function (`frame`: its
        wrapper's): the graph breaks at the call, in the program's code, and
        the function runs eagerly, unrecorded, with is_compiling() False.
        With recursive=False only its own code does: the functions it calls
        are recorded (_reenter)."""
        name = getattr(fn, "__qualname__", getattr(fn, "__name__", repr(fn)))
        capture.graph_break("disabled" if recursive else "disabled-frame", name, self._stack_at(frame.f_back, capture),
                            deferred=True)
        capture.suspended += 1
        capture.pending_py = frame
        capture.disabled = (frame, recursive)
        set_compiling(False)

    def _reenter(self, capture, frame):
        """Inside a function disabled with recursive=False: a function of the
        program it calls itself is a frame Dynamo compiles on its own; its
        operators are recorded, as a graph of their own (FrameCapture.end_graph)."""
        caller = frame.f_back
        if caller is None or caller.f_back is not capture.disabled[0] or \
                not self.source_filter.is_user(frame.f_code.co_filename):
            return
        capture.reentered = frame
        capture.suspended -= 1
        set_compiling(True)

    def _is_numpy(self, filename):
        numpy = sys.modules.get("numpy")
        if numpy is None:
            return False
        return filename.startswith(os.path.dirname(numpy.__file__) + os.sep)

    def _stdlib_skipped_call(self, capture, frame, fn):
        """A C function Dynamo's rules skip (sys._getframe), called from a
        function of the standard library that Dynamo inlines (inspect.
        currentframe), which the program's traced code called: Dynamo breaks
        there, at the library's line ("Attempted to call function marked as
        skipped", gb0007), and splits each frame of the program at its call.
        `frame`: the library function's."""
        inner = frame
        while frame is not None and frame.f_code is not capture.code and \
                not self.source_filter.is_program(frame.f_code.co_filename):
            if not self.source_filter.is_stdlib(frame.f_code.co_filename) or not inlined_library_frame(frame):
                return
            frame = frame.f_back
        if frame is None:
            return
        name = getattr(fn, "__qualname__", getattr(fn, "__name__", repr(fn)))
        if getattr(fn, "__module__", None):
            name = f"{fn.__module__}.{name}"
        stack = self._stack_at(frame, capture) + [{"file": inner.f_code.co_filename, "line": inner.f_lineno,
                                                   "function": inner.f_code.co_qualname}]
        capture.graph_break("skipped-function", name, stack, deferred=True)
        capture.suspended += 1
        capture.pending_c = fn

    def _logger_codes(self):
        names = logger_calls.cached_methods()
        if getattr(self, "_logger_names", None) is not names:
            self._logger_names, self._logger_code_set = names, logger_calls.wrapped_codes()
        return self._logger_code_set

    def _follow_logger_calls(self, capture, frame, sites):
        """A frame whose code calls a cached Logger method (logger_calls):
        its instructions are followed until it returns, and reaching one of
        those calls while recording breaks the graph there (gb0291), cached
        or not. Not under a debugger's or coverage's trace function, nor
        while the frame's iterators are followed (that tracer owns
        sys.settrace)."""
        if capture.iterators.tracing:
            return
        current = sys.gettrace()
        if current is None:
            sys.settrace(_untraced)
            capture.logger_trace = True
        elif current is not _untraced:
            return
        recorder = self

        def instruction(f, event, arg):
            if event == "opcode" and _current() is capture and not capture.suspended:
                site = sites.get(f.f_lasti)
                if site is not None and logger_calls.is_logger_call(f, site):
                    capture.graph_break("logger-method", f"logging.Logger.{site[0]}", recorder._stack_at(f, capture))
            return instruction
        frame.f_trace = instruction
        frame.f_trace_lines = False
        frame.f_trace_opcodes = True

    def _importing(self, capture, frame):
        """Whether `frame` runs under an import the watched frame started
        (a module body, importlib's frames): Dynamo traces none of it."""
        while frame is not None and frame is not capture.frame:
            code = frame.f_code
            if code.co_name == "<module>" or code.co_filename.startswith("<frozen importlib"):
                return True
            frame = frame.f_back
        return False

    def _context_call(self, capture, frame, category, what):
        """A call that makes a context manager Dynamo refuses at the call
        (unsupported_context_call): the graph breaks there and the call runs
        eagerly. When the watched frame enters a with block on what it
        returned, the resume function after the break starts by entering a
        context manager Dynamo cannot enter (gb0142): it gives up on it, and
        the rest of the call runs eagerly (as after `with open(...)`)."""
        self._python_break(capture, frame, category, what)
        caller = frame.f_back
        if caller is capture.frame and not capture.nested and capture.loop_break is None and \
                _current() is capture and enters_with(caller):
            capture.graph_break("unsupported-context-manager", what, self._stack_at(caller, capture))
            capture.loop_break, capture.skip_kind = capture.breaks[-1], "unsupported-context-manager"
            self.adopt_rest(capture)

    def _python_break(self, capture, frame, category, what):
        added = getattr(capture, "names_added", None)
        if added is not None and added[0] == id(frame):
            # The function runs eagerly: what it reads is no guard's (a
            # scheduler's _step_count, a scaler's _scale), as for any code
            # run while the recording is suspended.
            capture.read_names -= added[1]
            capture.eager_names |= added[1]
            if added[2]:
                capture.ran_codes.discard(frame.f_code)
            capture.names_added = None
        capture.graph_break(category, what, self._stack_at(frame.f_back, capture), deferred=True)
        capture.suspended += 1
        capture.pending_py = frame

    def _stack_at(self, frame, capture):
        stack = []
        known = self.source_filter.cache  # (is_user, inlined: asked for every frame of each operator's stack)
        kind = self.source_filter.kind
        while frame is not None:
            code = frame.f_code
            if code is capture.code or (known.get(code.co_filename) or kind(code.co_filename)) != "internal":
                stack.append({"file": code.co_filename, "line": frame.f_lineno, "function": code.co_qualname})
            if code is capture.code:
                break
            frame = frame.f_back
        stack.reverse()
        return stack

    def library_call(self, frame, capture):
        """Where a break the torch modes saw stands when its operator was
        called from torch.nn's code, which Dynamo inlines (nn.Transformer's
        `bool((mask == causal).all())` in torch/nn/modules/transformer.py):
        Dynamo reports the break at that line, under the program's frames.
        `frame`: one of the recorder's. Returns that frame as a stack entry
        and the frame of torch.nn's the program called on the way there, or
        None (the operator was called from the program's code, or from code
        Dynamo does not trace, whose break it reports at the program's
        call)."""
        while frame is not None and frame.f_code.co_filename.startswith(OWN_PREFIX):
            frame = frame.f_back
        inner = callee = frame
        nn_dir = os.path.join(self.torch_dir, "nn") + os.sep
        while frame is not None:
            code = frame.f_code
            if code is capture.code or self.source_filter.is_user(code.co_filename):
                break
            if not os.path.realpath(code.co_filename).startswith(nn_dir) or not inlined_library_frame(frame):
                return None
            callee, frame = frame, frame.f_back
        if frame is None or inner is frame:
            return None
        return {"file": inner.f_code.co_filename, "line": inner.f_lineno, "function": inner.f_code.co_qualname}, callee

    # ----- writing ----------------------------------------------------------------------------
    def _store(self, capture, graphs, raised):
        frame_index = self.frame_number(capture.record_id)
        info = self.frames[capture.record_id]
        entry_index = len(info["entries"])
        entry_id = f"{frame_index}/{entry_index}"
        resume = getattr(capture, "resume", None)
        shared = resume["shared"] if resume else 0
        earlier_ids = info["entries"][resume["entry"]]["graphs"] if resume else []
        graph_ids = [earlier_ids[g.number] if g.number < shared else f"{entry_id}/{g.number}" for g, _ in graphs]
        ids = {id(g): gid for (g, _), gid in zip(graphs, graph_ids)}
        documents = [self._graph_document(capture, g, outputs, gid, ids)
                     for (g, outputs), gid in zip(graphs, graph_ids)]
        state = {"concrete_guards": capture.guards, "guards": capture.guards, "concrete_documents": documents,
                 "documents": documents, "symbols": [], "names": [],
                 # (the names each kept guard needed read: resumes.late_only_hit)
                 "guard_needs": {g["text"]: g["needs"] for g in capture.entry_guards or () if g.get("needs")}}
        config = dynamo_config()
        # dynamic=False: every size and number stays specialised (no automatic dynamic).
        mode = self.dynamic_mode if config["automatic_dynamic_shapes"] and capture.compile_dynamic is not False \
            else "off"
        auto_dims = changed_dims(info.setdefault("size_history", {}), capture.guards) if not raised else set()
        if mode == "auto":
            info.setdefault("dynamic_scalars", set()).update(source for source, dim in auto_dims if dim is None)
        since_reset = info["state"][info.get("reset_at", 0):]  # torch._dynamo.reset() forgets the rest
        dynamic = None if raised else make_dynamic(since_reset, capture.guards, documents, mode, self.marks,
                                                   info.setdefault("dynamic_scalars", set()),
                                                   scalars={"int": not config["specialize_int"],
                                                            "float": not config["specialize_float"]},
                                                   dynamic_sizes="all" if capture.compile_dynamic is True else "marked",
                                                   auto_dims=auto_dims, sizes_iterated=capture.sizes_iterated,
                                                   size_numbers=capture.size_numbers,
                                                   looped=range_arguments(capture.code) | {
                                                       g["source"] for g in capture.guards
                                                       if g["kind"] == "EQUALS_MATCH" and len(g.get("path", ())) == 1
                                                       and type(g.get("value")) is int
                                                       and g["value"] in capture.ranged_values})
        written = documents
        capture.hook_guards = capture.guards
        entry_dynamic = None
        if dynamic is not None and "refused" not in dynamic:
            bound_by_comparisons(dynamic, capture.size_compares, capture.size_relations)
            names = dynamic["names"]
            state.update(guards=dynamic["guards"], documents=dynamic["documents"], symbols=dynamic["symbols"],
                         names=names, single_form=dynamic.get("single_form", False))
            capture.hook_guards = [hook_guard(g) for g in dynamic["guards"]]
            public = [{k: sym[k] for k in ("name", "source", "kind", "min", "max", "example") if k in sym}
                      for sym in dynamic["symbols"]]
            # A Python number made dynamic: what the frame does with it is
            # only seen by recording, so later calls are settled like calls
            # after a data-dependent break (a hit of the entry, or a new one).
            capture.settle_hits = dynamic.get("settle", False) or any("kind" in sym for sym in dynamic["symbols"])
            if capture.python_sizes and any("kind" not in sym for sym in dynamic["symbols"]):
                # Python code held a dynamic size as an int (`if x.shape[0] > 3`):
                # Dynamo guards what it compared it with, which dynx does not
                # see, so a later hit is recorded again and compared (settled)
                # rather than assumed (measured unsound otherwise: size 5
                # accepted by an entry recorded at sizes 2 and 3).
                capture.settle_hits = True
                dynamic["decisions"].append("sizes read as Python ints: later hits are recorded again and compared")
            info["dynamic_scalars"].update(sym["source"] for sym in dynamic["symbols"] if "kind" in sym)
            if not dynamic.get("unconfirmed"):
                written = [dict(encode_document(sym, doc, names), symbols=public)
                           for sym, doc in zip(dynamic["documents"], documents)]
            entry_dynamic = {"symbols": public, "decisions": dynamic["decisions"]}
        elif dynamic is not None:
            entry_dynamic = {"symbols": [], "decisions": dynamic["decisions"], "refused": dynamic["refused"]}
            late = set(dynamic.get("late", ()))
            if late:  # specialised floats: their guards are checked with the shape env's, as in Dynamo
                capture.hook_guards = [dict(g, late=True) if i in late else g for i, g in enumerate(capture.guards)]
        state["hooks"] = module_hooks(capture.arguments)
        # What each break of the frame's own code gave, per instruction (resumes.track).
        state["break_values"] = {(b["stack"][-1]["file"], b["stack"][-1]["line"], b.get("offset")): b.get("value")
                                 for b in capture.breaks if len(b["stack"]) == 1 and "value" in b}
        info["state"].append(state)
        repeats = self._repeats(capture, info, graphs, graph_ids, documents, shared)
        if resume:
            # The resume function after the break this entry left the earlier
            # one at compiles again: its graph is a new one, even where it
            # repeats the earlier entry's operators.
            for (g, _), gid in zip(graphs, graph_ids):
                if g.number == shared:
                    repeats.pop(gid, None)
        for (g, outputs), gid, document in zip(graphs, graph_ids, written):
            if g.number < shared:
                continue  # the earlier entry's graph, already written
            paths = _dynx.capture_paths(self.output_dir, gid)
            _write_json(paths["graph_json"], document)
            _write_text(paths["graph_listing"], _listing(document))
            tensors = {f"input.{k}": v for k, v in g.examples.items()}
            tensors.update({f"output.{o['name']}": g.closing_values[o["name"]] for o in outputs})
            _write_safetensors(paths["examples"], tensors,
                               {"graph": gid, "rng_state": g.rng_state.tolist().__repr__()})
        breaks = []
        # A resume entry's breaks up to where it left the earlier entry are that entry's.
        own = capture.breaks[capture.breaks.index(resume["break"]) + 1:] if resume else capture.breaks
        for b in own:
            before = b["graph"].number
            cat = CATEGORIES[b["category"]]
            breaks.append({"entry": entry_id, "category": b["category"], "id": cat[0], "type": cat[1],
                           "explanation": cat[2], "hint": cat[3], "operation": b["operation"],
                           "stack": b["stack"] + b["library"], "after_graph": None if before is None else
                           ids.get(id(b["graph"])),
                           "source": _source_around((b["stack"] + b["library"])[-1]) if b["stack"] else []})
            if b.get("rest_uncompiled"):
                breaks[-1]["rest_uncompiled"] = True
            if b.get("under_checkpoint"):
                breaks[-1]["under_checkpoint"] = True
        self.break_list.extend(breaks)
        # An entry that continued an earlier one after a break is, for
        # Dynamo, a compile of the resume function, not an entry of the
        # frame: its refusal (the earlier entry's guards again) is not one
        # of the frame's.
        reasons = [r for r in capture.recompile_reasons if not _of_resume_entry(r, info["entries"])]
        continuations = info.setdefault("continuations", {})
        if resume:
            resume_info, reasons = self._resume_entry(capture, resume, continuations, frame_index)
        code = capture.code
        compile_id = None if resume else self.dynamo_ids.compile(resumes.frame_key(code.co_filename, code.co_qualname))
        entry = {"id": entry_id, "graphs": graph_ids, "graph_breaks": len(breaks),
                 "op_count": sum(len(g.nodes) for g, _ in graphs if g.number >= shared), "raised": bool(raised),
                 "guards": [guard_json(g, state["names"]) for g in state["guards"]], "hits": 0,
                 "recompile_reasons": reasons}
        if compile_id is not None:
            entry["compile_id"] = compile_id
        module = next((v for v in capture.arguments.values() if isinstance(v, torch.nn.Module)), None)
        if module is not None:
            entry["module_training"] = bool(module.training)
        if resume:
            entry["resume"] = resume_info
            dynamic_value = self._dynamic_stack_value(info["state"], state, resume, continuations, shared)
            if dynamic_value is not None:
                resume_info["dynamic_value"] = dynamic_value
        elif capture.specialised_cut is not None and reasons:
            # No graph before the break (random.random() first): the entry
            # is the resume function's alone, made dynamic the same way.
            cut, first = capture.specialised_cut
            dynamic_value = self._dynamic_stack_value(info["state"], state, {"break": cut}, continuations, first)
            if dynamic_value is not None:
                entry_dynamic = entry_dynamic or {"symbols": [], "decisions": []}
                entry_dynamic["decisions"].append(dynamic_value["why"])
        if not raised:
            values_for = lambda earlier: self._symbol_values(capture, earlier)  # noqa: E731
            late_hit = None if resume else \
                resumes.late_only_hit(capture, info, state, entry_index, own, graphs, values_for, reasons)
            again, reruns = resumes.track(capture, info, state, entry_index, own, graphs, ids, values_for, reasons,
                                          late_hit)
            cut = resume["break"] if resume else self._moved_cut(capture, own, again, continuations)
            if cut is not None:
                later = own if resume else own[own.index(cut) + 1:]
                carried = self._carried_value_recompiles(capture, cut, later, graphs, ids, continuations)
                for _, _, gid in carried:
                    repeats.pop(gid, None)  # (recompiled: its graph is a new one)
                again = self._merge_carried(again, carried)
            if again:
                entry["resume_recompiles"] = again
            repeats.update(reruns)
            if not resume and capture.recompile_reasons:
                values = self._value_recompiles(capture, own, continuations, graphs)
                if late_hit is not None:
                    for item in values:
                        item["instead_of_frame"] = True
                again = (again or []) + values
                if again:
                    entry["resume_recompiles"] = again
            synthesized = None
            if late_hit is not None and any(item.get("instead_of_frame") for item in again or ()):
                repeats.update(resumes.late_reruns(late_hit, info, graphs, ids))
                for item in again:
                    reason = resumes.first_late_failure(capture, own, item, late_hit) if item["reasons"] else None
                    if reason is not None:
                        item["reasons"][0] = reason
            elif late_hit is not None:
                # No piece after the break shows the resume function's compile
                # (dynx records no graph of it): named all the same, with the
                # frame's graphs standing for its graph.
                synthesized = resumes.late_resume_item(capture, own, late_hit, reasons)
            # A resume function that compiles again: its graph (up to the next
            # break) is a new one, even where it repeats an earlier entry's operators.
            # (Two breaks on one line are two resume functions, told apart by
            # the instruction they stand at: resumes.track's offsets.)
            offsets = getattr(capture, "resume_offsets", {})
            recompiled = {(item["after_break"], offsets.get(id(item))) for item in again or ()
                          if item.get("instead_of_frame") and "piece" not in item}
            fresh = {id(after) for site, offset, after in _graphs_after_breaks(capture, own)
                     if (site, offset) in recompiled or (site, None) in recompiled}
            for (g, _), gid in zip(graphs, graph_ids):
                if id(g) in fresh:
                    repeats.pop(gid, None)
            if synthesized is not None:
                again = (again or []) + [synthesized]
                entry["resume_recompiles"] = again
        if repeats:
            entry["repeats"] = repeats
        if info.get("reset_at") == entry_index and entry_index > 0:
            entry["after_reset"] = True  # a first compile again, after torch._dynamo.reset()
        for b in ([resume["break"]] if resume else []) + own:
            continuations.setdefault(self._continuation_key(b), []).append((entry_index, b.get("value")))
        if entry_dynamic is not None:
            entry["dynamic"] = entry_dynamic
        info["entries"].append(entry)
        self.write_index()

    @staticmethod
    def _repeats(capture, info, graphs, graph_ids, documents, shared):
        """Graphs of this entry that are a piece of Dynamo's frame compiled
        before: the same function called again (or the same code after the
        same break or call) with the same operators and inputs is a cache
        hit of that frame's piece under Dynamo, not another graph. Returns
        {graph id: the graph id it reruns}. The watched frame's first piece
        is never one: an entry is a new compile of it."""
        pieces = info.setdefault("pieces", {})
        repeats = {}
        for (g, _), gid, document in zip(graphs, graph_ids, documents):
            if g.number < shared or g.piece is None or g.piece == (capture.code, -1):
                continue
            key = (g.piece, graph_signature(document))
            first = pieces.setdefault(key, gid)
            if first != gid:
                repeats[gid] = first
        return repeats

    @staticmethod
    def _continuation_key(b):
        """Which resume function runs the code after break `b`: Dynamo makes
        one per break site and, for a branch, per target."""
        site = (b["stack"][-1]["file"], b["stack"][-1]["line"]) if b["stack"] else None
        # (per instruction: two breaks on one line are two resume functions)
        offset = b.get("offset") if len(b["stack"]) == 1 else None
        return (site, b.get("value") if b["category"] == "data-dependent-branch" else None, offset)

    def _resume_entry(self, capture, resume, continuations, frame_index):
        """The "resume" field of an entry that shares its first graphs with
        an earlier one, and its recompile reasons: none when its code after
        the break is a resume function Dynamo has not compiled yet (a branch
        not taken before: a first compile, not a recompile), else why that
        resume function's entry refused the call (the value the break gave,
        as Dynamo's ___stack0 guard says it)."""
        cut = resume["break"]
        site = cut["stack"][-1] if cut["stack"] else {"file": capture.code.co_filename, "line": 0}
        where = f"{os.path.basename(site['file'])}:{site['line']}"
        earlier = self.frames[capture.record_id]["entries"][resume["entry"]]
        known = continuations.get(self._continuation_key(cut))
        info = {"of": earlier["id"], "shared_graphs": earlier["graphs"][:resume["shared"]],
                "after_break": where, "function": f"torch_dynamo_resume_in_{capture.code.co_name}_at_{site['line']}",
                "first_compile": known is None}
        if known is None:
            return info, []
        new = cut.get("value")
        if new is not None and cut["category"] != "data-dependent-branch" and \
                all(old is not None and old != new for _, old in known):
            what = CATEGORIES[cut["category"]][1].lower()
            source = f"___stack{cut.get('stack_index', 0)}"
            return info, [f"{frame_index}/{index}: {_stack_guard(old, new, source)}  # the value of {cut['operation']} at "
                          f"{where} ({what}) the code after it was specialised on; this call's is {new!r}"
                          for index, old in reversed(known)]
        return info, capture.recompile_reasons

    def _dynamic_stack_value(self, states, state, resume, continuations, shared):
        """A resume function recompiled because the int or float its break
        gave changed (`s = t.sum().item()` then `y + s`): Dynamo's automatic
        dynamic makes that value (its ___stack0) dynamic in the new entry,
        so later calls with any other value of that type hit it (measured,
        torch 2.13: three values, 3 graphs, 1 recompile). The entry's graphs
        after the break then name the value as a symbol: a later call is its
        hit when its graphs are these with its own value there (settled, and
        replayed by --verify with that value). Returns the resume field's
        "dynamic_value", or None."""
        cut = resume["break"]
        new = cut.get("value")
        known = continuations.get(self._continuation_key(cut), [])
        changed = any(type(old) is type(new) and old != new for _, old in known) or \
            any("stack_value" in states[i] for i, _ in known if i < len(states))  # dynamic stays dynamic
        if cut["category"] == "data-dependent-branch" or type(new) not in (int, float) or not changed:
            return None
        if not dynamo_config()["automatic_dynamic_shapes"] or \
                dynamo_config()["specialize_int" if type(new) is int else "specialize_float"]:
            return None
        index = len(state["symbols"])
        symbol = SymExpr(1, (index,))

        def swap(value):
            if type(value) is type(new) and value == new:
                return symbol
            if isinstance(value, list):
                return [swap(v) for v in value]
            if isinstance(value, dict):
                return {k: swap(v) for k, v in value.items()}
            return value

        documents = []
        for number, document in enumerate(state["documents"]):
            if number >= shared:
                document = dict(document, nodes=[dict(node, args=swap(node.get("args", [])),
                                                      kwargs=swap(node.get("kwargs", {})))
                                                 for node in document.get("nodes", [])])
            documents.append(document)
        state["documents"] = documents
        state["stack_value"] = {"key": self._continuation_key(cut), "type": type(new)}
        kind = "int" if type(new) is int else "float"
        site = cut["stack"][-1] if cut["stack"] else None
        where = f" at {os.path.basename(site['file'])}:{site['line']}" if site else ""
        return {"kind": kind, "example": new if math.isfinite(new) else repr(new),
                "why": f"automatic dynamic {kind} ___stack0 (the value of {cut['operation']}{where}): it changed, "
                       f"so this entry takes any {kind} there"}

    def _stack_value(self, capture, stack):
        """This call's value at the break an entry's dynamic ___stack0 comes
        from (None: no such break, or a value of another type)."""
        for b in capture.breaks:
            if self._continuation_key(b) == stack["key"]:
                value = b.get("value")
                return value if type(value) is stack["type"] else None
        return None

    # ----- --verify -----------------------------------------------------------------------------
    def _verify(self, capture, graphs, raised):
        """A guard hit, recorded again: the entry's graphs (sizes bound to
        this call's) must be this call's graphs, and replaying them on this
        call's inputs must give what eager just computed."""
        info = self.frames[capture.record_id]
        index = capture.verify_entry
        if index >= len(info["state"]):
            return
        entry = info["entries"][index]
        report = entry.setdefault("verify", {"checked": 0, "unsound": []})
        report["checked"] += 1
        if raised:
            return
        found = self._compare(capture, graphs, index)
        problem = found[1] if found else None
        if problem:
            cause = hooks_changed(info["state"][index].get("hooks"), module_hooks(capture.arguments))
            if not cause and capture.assumed_constant:
                names = ", ".join(sorted(set(capture.assumed_constant)))
                cause = (f"{names} is marked torch._dynamo.assume_constant_result: torch.compile bakes what it "
                         f"returned when compiling into the graph, unguarded, and does the same")
            if cause:
                problem = f"{problem} ({cause})"
            inputs = [g["text"] for g in capture.guards if g["kind"] in ("TENSOR_MATCH", "EQUALS_MATCH")][:6]
            report["unsound"].append({"call": report["checked"], "problem": problem, "inputs": inputs})
            if len(report["unsound"]) == 1:
                print(f"dynx-capture: warning: unsound guard: entry {entry['id']} ({info['function']}) accepted a "
                      f"call it does not compute: {problem}; inputs: {'; '.join(inputs)}", file=sys.stderr)
        self.write_index()

    def _compare(self, capture, graphs, index):
        """Whether this call computed entry `index`'s graphs: None, or (the
        number of the first graph that differs, what differs)."""
        info = self.frames[capture.record_id]
        state, entry = info["state"][index], info["entries"][index]
        # Named as the entry names its graphs (a resume entry shares earlier ones).
        ids = {id(g): entry["graphs"][g.number] if g.number < len(entry["graphs"]) else f"{entry['id']}/{g.number}"
               for g, _ in graphs}
        documents = [self._graph_document(capture, g, outputs, ids[id(g)], ids) for g, outputs in graphs]
        values = self._symbol_values(capture, state)
        first = None
        for number, ((g, outputs), expected, got) in enumerate(zip(graphs, state["documents"], documents)):
            problem = _difference(*_observable(expected, got, info.get("packed_names")), values,
                                  f"graph {got['id']}")
            if problem is None:
                problem = self._replay_check(expected, g, outputs, capture, values)
            if problem:
                first = (number, problem)
                break
        if len(documents) != len(state["documents"]):
            return (first[0] if first else min(len(documents), len(state["documents"])),
                    f"the call made {len(documents)} graphs, the entry has {len(state['documents'])}")
        return first

    def _symbol_values(self, capture, state):
        """The values of an entry's symbols (its `state`) in this call."""
        by_source = {g["source"]: g for g in capture.guards if g["kind"] in ("TENSOR_MATCH", "EQUALS_MATCH")}
        values = []
        for sym in state["symbols"]:
            binder = by_source.get(state["guards"][sym["guard"]]["source"])
            if binder is None:
                values.append(None)
            elif "kind" in sym:  # a Python number: its value in this call
                values.append(binder.get("value"))
            else:
                values.append(binder["shape"][sym["dim"]] if binder["kind"] == "TENSOR_MATCH" else None)
        if "stack_value" in state:  # a dynamic ___stack0 (see _dynamic_stack_value)
            values.append(self._stack_value(capture, state["stack_value"]))
        return values

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
                    flat = run_node(node, env, values)
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
            if want is None or got is None or _is_fake(want) or _is_fake(got):
                continue  # (a fake tensor, one torch.func.linearize traced with, holds no values)
            if is_traceable_wrapper_subclass(got) or is_traceable_wrapper_subclass(want):
                # A wrapper subclass is what its inner tensors and metadata
                # are (its own operators are the subclass's code).
                if _flattened(got) != _flattened(want):
                    return f"graph {document['id']} output {output['name']} differs from eager (wrapper subclass)"
                continue
            if got.shape != want.shape or got.dtype != want.dtype or not (
                    torch.equal(got, want) or got.is_floating_point() and
                    torch.allclose(got, want, rtol=0, atol=0, equal_nan=True)):  # NaN where eager has NaN
                diff = (got.double() - want.double()).abs().max().item() if got.shape == want.shape and \
                    want.numel() else float("nan")
                return f"graph {document['id']} output {output['name']} differs from eager (max abs error {diff:g})"
        return None

    def _graph_document(self, capture, g, outputs, gid, ids):
        """`ids`: {id(graph): graph id} of the call's graphs (an earlier
        entry's id for a graph the call shares with it)."""
        inputs = []
        for entry in g.inputs:
            entry = dict(entry)
            ref = entry.pop("source_ref", None)
            if ref is not None:
                if "graph_output" in ref:
                    gid_from = ids.get(id(ref["graph"]))
                    entry["source"] = f"graph {gid_from} output {ref['graph_output']}"
                else:
                    entry["source"] = resumes.made_between_source(ref["break_output"])
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
                frame["cache_limit_reasons"] = info.get("cache_limit_reasons", [])
            if info.get("skipped"):
                frame["skipped"] = info["skipped"]
            if info.get("fullgraph_error"):
                frame["fullgraph_error"] = info["fullgraph_error"]
            if info.get("recompile_errors"):
                frame["recompile_errors"] = info["recompile_errors"]
            if info.get("bypassed"):
                frame["bypassed"] = info["bypassed"]
                if info.get("bypassed_function"):
                    frame["bypassed_function"] = True
            frames.append(frame)
        _write_json(self.paths["frames"],
                    {"schema": FRAMES_SCHEMA[0], "version": FRAMES_SCHEMA[1], "frames": frames})
        _write_json(self.paths["breaks"],
                    {"schema": BREAKS_SCHEMA[0], "version": BREAKS_SCHEMA[1], "graph_breaks": self.break_list})
        self.weights.write(self.paths["weights_index"], self.paths["weights_blob"])
        self._index_written = time.monotonic()
        self._index_cost = self._index_written - started
