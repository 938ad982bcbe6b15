"""The user's settings a recording follows, as torch.compile would: the
options of the torch.compile call that watches the frame (fullgraph=True
turns the first graph break into Dynamo's exception), torch._dynamo.config
as the program set it (capture_scalar_outputs,
capture_dynamic_output_shape_ops, reorderable_logging_functions),
torch.compiler.disable on the functions the frame calls, and what
torch.compiler.is_compiling() answers."""
import linecache

import torch
import torch._dynamo

import _dynx_bootstrap

from .breaks import CATEGORIES


class Settings:
    """What one recorded call follows. Read when the call starts: Dynamo
    reads its config when it traces a frame, so a value the program sets
    (directly, or by config.patch as context manager or decorator) counts
    from the next call on."""

    __slots__ = ("options", "fullgraph", "scalar_outputs", "dynamic_output_shapes")

    def __init__(self, code, function, arguments):
        first = arguments.get(code.co_varnames[0]) if code.co_argcount and arguments else None
        # The torch.compile options (the bootstrap keeps them per registration).
        self.options = _dynx_bootstrap.compile_options(code, function, first)
        self.fullgraph = bool(self.options.get("fullgraph", False))
        config = torch._dynamo.config
        # Under fullgraph=True Dynamo allows scalar outputs and data-dependent
        # output shapes whatever the config says (OutputGraph's ShapeEnv).
        self.scalar_outputs = self.fullgraph or bool(getattr(config, "capture_scalar_outputs", False))
        self.dynamic_output_shapes = self.fullgraph or bool(getattr(config, "capture_dynamic_output_shape_ops", False))


def reorderable(fn=None, code=None):
    """Whether `fn` (or the Python function of `code`) is in
    torch._dynamo.config.reorderable_logging_functions: Dynamo keeps the graph
    going and calls it after the graph."""
    functions = getattr(torch._dynamo.config, "reorderable_logging_functions", ())
    try:
        if fn is not None:
            return fn in functions
        return any(getattr(f, "__code__", None) is code for f in functions)
    except TypeError:  # an unhashable callable
        return False


# ----- torch.compiler.disable ---------------------------------------------------------------------
def _probe():
    return None


def _disable_codes():
    """The code objects of torch's disable wrappers: DisableContext's `_fn`
    (recursive=True) and external_utils' nonrecursive_disable_wrapper.
    Every disabled function is a closure over one of them."""
    recursive = getattr(torch._dynamo.disable(_probe), "__code__", None)
    nonrecursive = None
    try:
        from torch._dynamo.external_utils import get_nonrecursive_disable_wrapper
        nonrecursive = get_nonrecursive_disable_wrapper(_probe).__code__
    except (ImportError, AttributeError):
        pass
    return recursive, nonrecursive


_RECURSIVE, _NONRECURSIVE = _disable_codes()


def _torch_disable_code():
    """The code object of torch._disable_dynamo's wrapper (`inner` in
    torch/_compile.py): what torch wraps its own functions in that Dynamo
    must not trace (Optimizer.zero_grad, state_dict, load_state_dict, ...)."""
    wrap = getattr(torch, "_disable_dynamo", None)
    try:
        return wrap(_probe).__code__ if wrap is not None else None
    except Exception:  # another torch: no such wrapper
        return None


_TORCH_DISABLED = _torch_disable_code()


def torch_disabled_call(frame):
    """For a frame starting to run: None, or the torch function it wraps
    when it is torch._disable_dynamo's wrapper. Dynamo does not inline the
    wrapper (gb0008, "Attempted to inline function marked as skipped"): the
    graph breaks at the call and the function runs eagerly."""
    if _TORCH_DISABLED is None or frame.f_code is not _TORCH_DISABLED:
        return None
    fn = frame.f_locals.get("fn")
    # torch wraps the __torch_dispatch__ of every dispatch mode (dynx's own
    # recorder's too): the dispatcher calls it from inside an operator, the
    # program never does.
    if getattr(fn, "__name__", None) in _DISPATCH_HOOKS:
        return None
    # torch.utils.checkpoint.checkpoint is disabled for Dynamo's inlining,
    # but Dynamo traces it as a higher-order operator of its own
    # (tag_activation_checkpoint): the function it checkpoints is traced
    # into the graph, no break (measured, torch 2.13).
    if getattr(fn, "__module__", None) == "torch.utils.checkpoint" and getattr(fn, "__name__", None) == "checkpoint":
        return None
    return fn


_DISPATCH_HOOKS = ("__torch_dispatch__", "__torch_function__")


def checkpoint_call(frame):
    """Whether a frame starting to run is torch._disable_dynamo's wrapper
    around torch.utils.checkpoint.checkpoint: the call Dynamo traces as one
    higher-order operator (tag_activation_checkpoint)."""
    if _TORCH_DISABLED is None or frame.f_code is not _TORCH_DISABLED:
        return False
    fn = frame.f_locals.get("fn")
    return getattr(fn, "__module__", None) == "torch.utils.checkpoint" and getattr(fn, "__name__", None) == "checkpoint"


def disabled_call(frame):
    """For a frame starting to run: None, or (the function it disables,
    recursive) when it is the wrapper of a torch.compiler.disable'd one."""
    code = frame.f_code
    if code is not _RECURSIVE and code is not _NONRECURSIVE:
        return None
    fn = frame.f_locals.get("fn")
    if fn is None:
        return None
    return fn, code is _RECURSIVE


# ----- torch.compiler.is_compiling ----------------------------------------------------------------
def set_compiling(value):
    """Sets what torch.compiler.is_compiling() (and torch._dynamo.is_compiling,
    torch._utils.is_compiling, which call it) answers; returns the previous
    answer. True while a watched frame is recorded, as Dynamo's tracing
    answers it; False in code that runs eagerly under Dynamo (a disabled
    function)."""
    compiler = torch.compiler
    previous = getattr(compiler, "_is_compiling_flag", False)
    if hasattr(compiler, "_is_compiling_flag"):
        compiler._is_compiling_flag = value
    return previous


# ----- fullgraph=True -----------------------------------------------------------------------------
def _exception(message, gb_type):
    """Dynamo's own exception class from the program's torch, so that the
    program catches what it would catch under torch.compile."""
    try:
        from torch._dynamo.exc import Unsupported
    except ImportError:
        return RuntimeError(message)
    try:
        return Unsupported(message, gb_type)
    except TypeError:
        return Unsupported(message)


def error_on_graph_break():
    """Whether torch._dynamo.error_on_graph_break(True) is in force now (its
    context manager or decorator sets the flag as it runs, and the program's
    code runs for real under dynx): Dynamo reads it as it traces, and a
    graph break is then an error, as under fullgraph=True."""
    try:
        from torch._dynamo.utils import _get_error_on_graph_break
    except ImportError:
        return False
    try:
        return bool(_get_error_on_graph_break())
    except Exception:  # noqa: BLE001 - a flag torch cannot read is not set
        return False


def fullgraph_break(category, what, stack, setting="fullgraph"):
    """The exception torch.compile(fullgraph=True) raises at a graph break
    (or any compile under torch._dynamo.error_on_graph_break(True):
    setting "error_on_graph_break"), worded as Dynamo words it (type,
    explanation, hint, the registry page, the user code), with dynx's
    explanation of the category; and its record for frames.json."""
    gb, kind, _, _ = CATEGORIES[category]
    lines = [unsupported_text(category, what, stack), ""]
    lines += ["(dynx-capture: torch.compile(fullgraph=True) raises this at the frame's first graph break; "
              "nothing of the frame is compiled)" if setting == "fullgraph" else
              "(dynx-capture: under torch._dynamo.error_on_graph_break(True) a graph break is an error; "
              "nothing of the frame is compiled)"]
    message = "\n".join(lines)
    record = {"exception": "torch._dynamo.exc.Unsupported", "id": gb, "type": kind, "operation": what,
              "message": message}
    if setting != "fullgraph":
        record["setting"] = setting
    if stack:
        record.update(file=stack[-1]["file"], line=stack[-1]["line"])
    return _exception(message, kind), record


def unsupported_text(category, what, stack):
    """The text of Dynamo's Unsupported exception for a break: type,
    explanation, hint, the registry page, the user code."""
    gb, kind, explanation, hint = CATEGORIES[category]
    lines = [kind, f"  Explanation: {explanation}", f"  Hint: {hint}", "",
             f"  Developer debug context: {what}", "",
             f" For more details about this graph break, please visit: "
             f"https://meta-pytorch.github.io/compile-graph-break-site/gb/{gb}.html", "", "from user code:"]
    for f in stack:
        lines.append(f'   File "{f["file"]}", line {f["line"]}, in {f["function"]}')
        source = linecache.getline(f["file"], f["line"]).strip()
        if source:
            lines.append(f"    {source}")
    return "\n".join(lines)


def no_compiled_frames(skipped):
    """What torch.compile(fullgraph=True) raises after a call in which it
    compiled no frame (nn.Module.compile() of a module whose code all lives
    in torch's files: Dynamo skips those frames), in Dynamo's words;
    `skipped`: (name, file, line) of the frames it skipped."""
    message = "torch.compile with fullgraph=True found no compiled frames."
    if skipped:
        message += " Skipped frames:\n" + "\n".join(
            f"  - {name} ({file}:{line}): frame is in the Dynamo skipfiles list" for name, file, line in skipped)
    record = {"exception": "RuntimeError", "type": "found no compiled frames", "message": message}
    return RuntimeError(message), record
