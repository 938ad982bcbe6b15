"""Graph-break detection: the categories dynx reports (with PyTorch's
registry ids), and which ATen operators, torch functions and C functions
called from the program's code break a graph."""
import dis
import sys

import torch


# Graph-break categories: (id, PyTorch registry id or None, short type,
# explanation, hint).
CATEGORIES = {
    "data-dependent-branch": (
        "gb0170", "Data-dependent branching",
        "Python control flow depends on a tensor's value (`if t:`, `not t`, `while t.any()`): the graph "
        "cannot know which way to go without computing the tensor.",
        "Use torch.where / torch.cond, or compute the condition from Python values (shapes, flags)."),
    "data-dependent-reduction": (
        "gb0170", "Data-dependent branching",
        "builtins.any or all tests the truth of a tensor (`any(t.sum() > 0 for t in ts)`): Dynamo's polyfill of "
        "it branches on the tensor's value, so the graph ends at the call, which runs eagerly, and the code "
        "after it is compiled as a resume function specialised on the result (a different result recompiles "
        "it). Over a generator the frame made, Dynamo cannot rebuild the partly consumed generator and gives "
        "up on the frame.",
        "Reduce in torch instead (`torch.stack(conds).any()`, kept as a tensor, with torch.where), or compute "
        "the condition outside the compiled function and pass it in."),
    "tensor-to-python": (
        "gb0124", "Tensor data converted to Python",
        "A tensor's data is read into Python (`.item()`, `.tolist()`, `.numpy()`, `int(t)`, `float(t)`, "
        "`bool(t)`, printing a tensor): the graph must end to produce it.",
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
        "A function Dynamo's rules mark as skipped is called (torch.save, torch.manual_seed, "
        "pack_padded_sequence, torch.jit.isinstance, a C extension's function, NumPy on tensors): Dynamo does not "
        "trace it, the graph ends at the call and the function runs eagerly.",
        "Call it outside the compiled function, or express the computation with torch operators."),
    "skipped-torch": (
        "gb0008", "Attempted to inline function marked as skipped",
        "A torch function that turns Dynamo off for itself (torch._disable_dynamo: Optimizer.zero_grad, "
        "Optimizer.state_dict and load_state_dict, ...) is called: Dynamo does not inline it, the graph ends at "
        "the call and the function runs eagerly.",
        "Call it outside the compiled function (opt.zero_grad() before calling the compiled step), or leave "
        "the break: it costs one graph boundary."),
    "inference-mode-query": (
        "gb0046", "Encountered torch.is_inference_mode_enabled during tracing",
        "The frame asks torch.is_inference_mode_enabled(): Dynamo refuses to trace the question, the graph ends at "
        "the call, which runs eagerly, and the code after it is compiled again for the answer it gave.",
        "Ask outside the compiled function and pass the answer in, or branch on torch.is_grad_enabled() (which "
        "Dynamo guards) where that is what the code means."),
    "torch-non-tensor": (
        "gb0208", "torch.* op returned non-Tensor",
        "A torch function that Dynamo puts in the graph returns a Python value, not a tensor "
        "(torch.autograd._profiler_enabled(), torch.random.fork_rng()): the graph cannot output it, so it ends at the call, the call runs "
        "eagerly and the code after it is compiled again for the value it gave.",
        "Read the value outside the compiled function and pass it in, or leave the break."),
    "class-assignment": (
        "gb4271", "__class__ assignment on user-defined object",
        "The frame assigns an object's __class__ (`obj.__class__ = Other`): Dynamo does not trace changing an "
        "object's type, so the graph ends before the assignment, which runs eagerly, and the rest of the frame "
        "is compiled as a resume function.",
        "Make the object of the class it needs before the compiled function (or keep a flag and branch on it) "
        "instead of swapping __class__ inside it."),
    "deepcopy-tensor": (
        "gb4198", "Attempted to copy.deepcopy a tensor",
        "copy.deepcopy() reaches a tensor (copy.py calls its __deepcopy__): Dynamo does not support deep copies of "
        "tensors, so the graph ends at the program's copy.deepcopy() call and the copy runs eagerly.",
        "Avoid calling copy.deepcopy() on tensors inside compiled regions (x.clone() copies a tensor in the graph)."),
    "unsupported-method": (
        "gb0156", "Unsupported method call",
        "The frame calls a method of an object of a C type Dynamo has no model of (a contextvars.ContextVar's "
        "get/set, as transformers' output capturing does; an operator.itemgetter, attrgetter or methodcaller "
        "made outside the frame; object.__getattribute__ called on the program's object from its own "
        "__getattribute__): it cannot trace the call, so the graph ends there, the "
        "call runs eagerly and the rest of the frame is compiled as a resume function.",
        "Read the value outside the compiled function and pass it in, or move the call out of the compiled region."),
    "parameter-constructor": (
        "gb0264", "Attempted to use `torch.nn.Parameter()` constructor with Dynamo",
        "The frame makes an nn.Parameter (`nn.Parameter(t)`): Dynamo does not trace the constructor, so the "
        "graph ends at the call, which runs eagerly, and the rest of the frame is compiled as a resume "
        "function taking the new parameter as an input.",
        "Construct the parameter outside the compiled function (in __init__), or turn "
        "torch._dynamo.config.graph_break_on_nn_param_ctor off."),
    "data-ptr-compare": (
        "gb5976", "Data pointer comparison",
        "The frame compares the data pointers of two tensors (`x.data_ptr() == y.data_ptr()`) that Dynamo cannot "
        "prove to be the same tensor: it can trace such a comparison only where both are one tensor, so the "
        "graph ends there, the comparison runs eagerly and the rest of the frame is compiled as a resume "
        "function.",
        "Compare the tensors outside the compiled function (or test `x is y`, which Dynamo guards), and pass the "
        "result in."),
    "missing-mp-subscript": (
        "gb4880", "missing_mp_subscript",
        "The frame reads an item of a bytearray or an array.array by index: Dynamo wraps such an object as a "
        "plain object with no subscript of its own, so the graph ends at the read, which runs eagerly, and the "
        "code after it is compiled as a resume function specialised on the item it gave (a new value "
        "recompiles it).",
        "Convert it once outside the compiled function (a list, a tuple or a tensor: torch.frombuffer) and pass "
        "that in."),
    "unsupported-contextlib": (
        "gb0262", "unsupported contextlib.* API",
        "The frame makes a context manager of contextlib's that Dynamo does not trace (redirect_stdout, "
        "redirect_stderr, closing, AsyncExitStack): the graph ends at the call, which runs eagerly; a with "
        "block entered on it then starts the code after the break, which Dynamo gives up on (gb0142).",
        "Move the with block out of the compiled function, or write to the stream explicitly instead of "
        "redirecting it."),
    "class-setattr": (
        "gb0467", "setattr() on unsupported type",
        "A hook is registered on a module in compiled code (module.register_forward_hook(...), as transformers' "
        "output capturing does): Dynamo inlines the registration and cannot trace the handle's class counter "
        "(`RemovableHandle.next_id += 1` in torch/utils/hooks.py), so the graph ends at the call, which runs eagerly; "
        "the code after it gets the handle as an input built lazily (a method called on it then fails, gb0013).",
        "Register hooks before calling the compiled function (once, at set-up), not inside it."),
    "function-setattr": (
        "gb0467", "setattr() on unsupported type",
        "The code stores an attribute on a function object made before the call (`wrapper.calls += 1` in a "
        "counting decorator, `fn.cache = ...` on a global function): Dynamo cannot record the store on such a "
        "function (only on one the compiled code made itself), so the graph ends there and the store runs eagerly; "
        "inside a called function, each enclosing function is split at its call.",
        "Keep the counter in a dict or an object's attribute (which Dynamo tracks as a side effect), or update it "
        "outside the compiled function."),
    "unregistered-handle": (
        "gb0013", "Attempted to represent unregistered RemovableHandle",
        "The code after a graph break at a hook registration calls a method of the hook's RemovableHandle "
        "(`handle.remove()`), made outside the graph: Dynamo cannot take it as an input, gives up on that whole "
        "resume function, and the rest of the call runs eagerly (its callees compiled as frames of their own).",
        "Register hooks before calling the compiled function (once, at set-up), not inside it."),
    "unsupported-context-manager": (
        "gb0142", "Unsupported context manager",
        "A with statement enters a context manager Dynamo does not know how to enter: a threading.Lock (it gives "
        "up on the whole function), or, at the start of the code after a graph break, what the broken call "
        "returned (a file from open(), contextlib.redirect_stdout(), torch.random.fork_rng(): it gives up on that "
        "resume function, and the rest of the call runs eagerly).",
        "Avoid the unsupported context manager in the compiled function (open and write the file outside it, or "
        "in a function torch.compiler.disable'd)."),
    "numpy-off": (
        "gb0105", "Tensor.numpy() with trace_numpy=False",
        "`Tensor.numpy()` was called, but the `trace_numpy` configuration was manually disabled: the graph ends at "
        "the call, and the NumPy code after it runs in Python.",
        "Set `torch._dynamo.config.trace_numpy = True` to allow Dynamo to trace through NumPy."),
    "from-numpy-off": (
        "gb0231", "call `torch.from_numpy` with `torch._dynamo.config.trace_numpy=False`",
        "Attempted to call `torch.from_numpy` with config `torch._dynamo.config.trace_numpy` set to `False`: the "
        "tensor is made in Python, between graphs, and the next graph reads it as an input.",
        "Change `torch._dynamo.config.trace_numpy` to `True`."),
    "logger-method": (
        "gb0291", "logging.Logger method not supported for non-export cases",
        "A method of a logging.Logger is called in code Dynamo inlines (transformers' `logger.warning_once`, "
        "which runs only the first time but is called every time): Dynamo does not trace Logger methods, so the "
        "graph ends at the call, the call runs eagerly and the rest is compiled as a resume function.",
        "Add the logging method to `torch._dynamo.config.ignore_logging_functions`, or make the call happen "
        "before the compiled region (for transformers' loss warning: set `config.loss_type`)."),
    "numpy-random": (
        "gb0033", "Data dependent operator",
        "A NumPy random function is called (np.random.rand(1).item(), np.random.choice(...), as the SpecAugment "
        "masks of wav2vec2/HuBERT draw them): Dynamo traces it as torch operators, and the graph ends where its data "
        "reaches Python (an .item(), the choice's own sampling), so the code after it is compiled for the values "
        "drawn. dynx breaks at the call: a graph must not freeze a random draw.",
        "Draw the randomness with torch (torch.rand, torch.randperm) inside the compiled function, or outside it "
        "and pass it in."),
    "nondeterministic-source": (
        "gb0147", "Non-deterministic Python source",
        "The frame reads time, Python's random module or the OS entropy pool; a graph would freeze the value.",
        "Pass the value in as an argument, or use torch's random functions."),
    "higher-order-op": (
        "dynx-hop", "Higher-order operator run eagerly",
        "A higher-order operator (torch._higher_order_ops.while_loop, ...) is called. torch.compile traces it "
        "into the graph as one operator; dynx cannot record it, so it ends the graph there and runs the operator "
        "eagerly: this break is dynx's, not torch.compile's (its graphs then count one more).",
        "Nothing to change for torch.compile; for dynx-aot, export the graphs around the operator."),
    "optimizer-step": (
        "gb0025", "Explicit graph break in the optimizer's step",
        "An optimizer's step is called. torch wraps every Optimizer.step in _use_grad_for_differentiable, which "
        "calls torch._dynamo.graph_break() before the step (torch/optim/optimizer.py) so that the update is traced "
        "under no_grad: the caller is split at the call, and torch.compile compiles the step function as a frame "
        "of its own (its own graph, cache entries and recompiles).",
        "Nothing to change for the update itself; for one graph fewer, call opt.step() outside the compiled "
        "function, or compile the step alone (torch.compile(opt.step))."),
    "step-unsupported": (
        "gb4636", "Call to `torch._dynamo.step_unsupported()`",
        "User-inserted step_unsupported: Dynamo compiles the graph traced so far (with at least two operations, "
        "up to the statement before) and skips the rest of the function, which runs eagerly.",
        "Remove the `torch._dynamo.step_unsupported()` call."),
    "missing-bytecode": (
        "gb0082", "Missing bytecode handler",
        "The frame runs an instruction Dynamo has no handler for (`del` of a global or of a closure variable: "
        "DELETE_GLOBAL, DELETE_DEREF; `except*`: CHECK_EG_MATCH). It cannot resume after it: it compiles the graph "
        "traced so far (with at least two operations, up to the statement before) and runs the rest eagerly, or, "
        "with fewer, skips the whole function.",
        "Move the statement out of the compiled function (reset the global from the caller, or keep the value in "
        "a dict and pop it)."),
    "hop-side-effect": (
        "gb0067", "HOP: Unsafe side effect",
        "The function run under torch.utils.checkpoint assigns a variable from outside it (a nonlocal or a "
        "global): Dynamo traces a checkpointed function as one higher-order operator and refuses side effects "
        "in it (eager checkpointing would replay them in the backward pass), so the graph breaks at the "
        "checkpoint call and the checkpoint runs eagerly.",
        "Keep the function checkpointed free of assignments to outside variables (return the value instead), or "
        "set torch._dynamo.config.skip_fwd_side_effects_in_bwd_under_checkpoint = True if the side effect need "
        "not be replayed in the backward pass."),
    "explicit": (
        "gb0025", "Explicit graph break",
        "torch._dynamo.graph_break() was called.",
        "Remove the call if the break is no longer needed."),
    "generator": (
        "gb0003", "Generator or coroutine",
        "A generator or coroutine body runs inside the watched frame.",
        "Materialise the values (a list) before the compiled function, or compile the consumer."),
    "disabled": (
        "gb0098", "Skip calling `torch.compiler.disable()`d function",
        "The function was wrapped with `torch.compiler.disable` (or `torch._dynamo.disable`): the graph ends at "
        "its call, and it runs eagerly, with everything it calls.",
        "Remove the `torch.compiler.disable` call"),
    "observed-exception": (
        "gb0088", "Observed exception",
        "Dynamo found no exception handler at the top-level compiled function when encountering an exception "
        "raised by the program's `raise`: it gives up on the frame (\"Skipping the function and falling back to "
        "eager\"), which runs uncompiled from then on, and the call makes no graph.",
        "Your code may result in an error when running in eager. Please double check that your code doesn't "
        "contain a similar error when actually running eager/uncompiled; raise from a function that is not "
        "compiled, or return an error value."),
    "backward-hooks": (
        "gb0083", "Module-level backwards hooks require compiled autograd.",
        "A module with a full backward hook (register_full_backward_hook, register_full_backward_pre_hook, or a "
        "global one) is called: torch.nn wraps its inputs and outputs in a BackwardHook, which Dynamo cannot trace "
        "without compiled autograd, so the graph ends at the call and the module runs eagerly.",
        "Enable compiled autograd by setting torch._dynamo.config.compiled_autograd = True, or register the hook "
        "on the tensors (Tensor.register_hook) instead of the module."),
    "unsupported-super": (
        "gb0006", "Attempted to call a super() attribute that is not a function or method",
        "The method's first statement calls super().<name>() and <name> resolves to a method of a builtin base "
        "implemented in C (BaseException.__init__ of an Exception subclass): Dynamo cannot trace such a call, so "
        "the graph ends there.",
        "Set the attributes without calling the builtin base's method, or build the exception outside the "
        "compiled code."),
    "rnn": (
        "gb0014", "Attempted to wrap RNN, GRU, or LSTM",
        "Dynamo does not support RNN, GRU, or LSTM modules: the frame that calls one is not compiled at all, it "
        "runs eagerly.",
        "Set torch._dynamo.config.allow_rnn=True to enable experimental support for RNN, GRU, and LSTM in Dynamo, "
        "or compile the code before and after the recurrent layer as functions of their own."),
    "unsupported-builtin": (
        "gb0059", "Failed to trace builtin operator",
        "A builtin Dynamo has no rule for (globals, exec, compile, __import__, breakpoint) is called: the graph "
        "ends at the call, which runs eagerly.",
        "Avoid calling the builtin inside the compiled function (read a module attribute instead of globals(), "
        "define the code instead of exec); or call it outside."),
    "class-definition": (
        "gb8977", "Invalid call to __build_class__",
        "A class statement runs inside the compiled function: Dynamo cannot trace a class definition, so the "
        "graph ends there and the class is built eagerly.",
        "Define the class at module level (or outside the compiled function) and use it here."),
    "requires-grad-set": (
        "gb0206", "setattr() on Tensor.requires_grad",
        "The frame sets a tensor's requires_grad attribute (`x.requires_grad = True`): Dynamo cannot trace the "
        "change of autograd state, so the graph ends there.",
        "Set requires_grad before calling the compiled function, or use x.requires_grad_() on an input."),
    "data-set-local": (
        "gb0056", "Failed to mutate tensor data attribute",
        "The frame replaces the .data of a tensor it created (`z = torch.zeros(4, 4); z.data = x.data`): Dynamo "
        "only supports mutating .data of a tensor created outside the compiled region, so the graph ends there.",
        "Don't mutate .data of a tensor made in the frame; create it from the data it should hold "
        "(z = x.detach()), or move the mutation out of the compiled function."),
    "requires-grad-intermediate": (
        "gb8985", "requires_grad_() intermediate leaked as output",
        "requires_grad_() is called on a tensor the graph computed (an intermediate, e.g. `(x * 2).detach()`): "
        "Dynamo cannot make a graph output that needs gradients this way, so the graph ends at the call.",
        "Call requires_grad_() outside the compiled function, or on an input rather than an intermediate."),
    "generator-arg": (
        "gb0055", "Failed to convert args/kwargs to proxy",
        "A torch.Generator object is passed to a random function (torch.rand(..., generator=g)): torch.compile "
        "cannot make the generator an input of the graph, so the graph breaks at the call, which runs eagerly; "
        "what it drew is an input of the graph after it.",
        "Draw the random tensor outside the compiled function and pass it in, or use the global generator "
        "(torch.manual_seed) inside it."),
    "functorch": (
        "gb0149", "Unsupported functorch tracing attempt",
        "The compiled function is called inside an eager torch.func transform (torch.vmap, torch.func.grad, "
        "torch.func.jvp): torch.compile cannot trace a frame while a functorch transform is active outside it "
        "(PyTorch issue #128711), so it gives up on the frame, which runs eagerly from then on.",
        "Compile the transformed function instead (torch.compile(torch.vmap(fn))), so that Dynamo traces the "
        "transform, or call the compiled function outside the transform."),
    "sparse-tensor": (
        "gb0015", "Attempted to wrap sparse Tensor",
        "A sparse tensor (torch.sparse_coo_tensor, CSR...) reaches the frame: torch.compile does not support "
        "sparse tensors, so it gives up on the frame, which runs eagerly (its callees are compiled on their own).",
        "Sparse tensor operations are not yet fully supported in torch.compile. Keep the sparse work in a "
        "function that is not compiled (torch.compiler.disable), or use a dense adjacency."),
    "missing-tp-iter": (
        "gb0811", "missing tp_iter",
        "An iterator or dict view made outside the compiled code (zip, map, enumerate, a generator such as "
        "model.parameters(), iter(a_list), dict.items() or .values()) reaches the frame as an argument, a global or "
        "the result of a call that broke the graph. Dynamo wraps it as a plain object it does not know how to "
        "iterate: a builtin that iterates it (iter, list, sorted, max...) ends the graph at the call; a for loop or "
        "an unpacking of it in the frame's own code is a break Dynamo cannot resume from, so it gives up on the "
        "frame (or on the rest of it after the previous break), which runs eagerly.",
        "Pass a list or tuple instead (list(d.items()), list(zip(a, b)), list(model.parameters())), or pass what "
        "it iterates (the dict, the lists) and build the iterator inside the compiled function."),
    "missing-tp-iternext": (
        "gb4347", "Missing tp_iternext",
        "next() is called on an iterator made outside the compiled code (an argument, a global, or the result of "
        "a call that broke the graph): Dynamo wraps it as a plain object it cannot advance, so the graph ends at "
        "the call, which runs eagerly.",
        "Pass a list or tuple and index it, or build the iterator inside the compiled function."),
    "disabled-frame": (
        "gb0099", "Skip inlining `torch.compiler.disable()`d function",
        "The function was wrapped with `torch.compiler.disable(recursive=False)`: the graph ends at its call and "
        "its own code runs eagerly, while the functions it calls are compiled as frames of their own.",
        "Remove the `torch.compiler.disable` call"),
}


# The instructions Dynamo can split a frame at when something they run
# breaks (besides the calls): symbolic_convert's break_graph_if_unsupported.
_RESUMABLE = frozenset({"PRECALL", "COMPARE_OP", "BINARY_SUBSCR", "STORE_ATTR", "STORE_SUBSCR", "KW_NAMES"})


def resumable_at(op):
    """Whether Dynamo can split a frame at instruction `op` when what it
    runs breaks (None: not known, taken as resumable)."""
    return op is None or op in _RESUMABLE or op.startswith("CALL")


# A break in the program's code that the frame ran by an instruction Dynamo
# cannot split it at (a @property read, a generator's next value): the
# registry id is the break's own.
NOT_RESUMABLE = (None, "Graph break where Dynamo cannot resume",
                 "The graph breaks inside the program's code that the frame runs without a call of its own: a "
                 "@property getter read as an attribute, a generator its for loop advances, an operator method "
                 "(__add__...) of a class of the program. Dynamo can split a frame only at a call, a comparison, a "
                 "subscript or a store, so it gives up on the frame (or on the rest of it after the previous break), "
                 "which runs eagerly.",
                 "Make the code that breaks a function the frame calls (a method instead of a property, a list "
                 "built before the loop instead of a generator), or move it out of the compiled function.")


# Breaks after which what the frame does next depends on tensor data (a
# branch taken, a number read, a shape found): the rest of the call is not
# decided by the guards checked when the call starts. Dynamo compiles it as
# a resume function with its own cache entries; dynx records such calls
# again and settles them against the entries (Recorder.exit).
DATA_DEPENDENT = {"data-dependent-branch", "tensor-to-python", "dynamic-shape-op", "data-dependent-op"}

# Breaks after which Dynamo gives up on the whole frame, wherever they stand
# (the frame runs eagerly; no graph of the call is kept).
WHOLE_FRAME_KINDS = frozenset({"rnn", "observed-exception", "sparse-tensor", "lock", "functorch"})

# A graph break in a for/while loop makes Dynamo give up on the whole frame
# (it runs uncompiled, 0 graphs): its registry entry, in its words.
RECOMPILE_LIMIT = ("gb0039", "Dynamo recompile limit exceeded",
                   "Dynamo attempted to recompile the code object too many times, exceeding the recompile_limit "
                   "cache size limit. Excessive recompilations can degrade performance due to the compilation "
                   "overhead of each recompilation.",
                   "To monitor recompilations, enable TORCH_LOGS=recompiles. If recompilations are expected, "
                   "consider increasing torch._dynamo.config.recompile_limit to an appropriate value (or "
                   "dynx-capture --cache-limit N); see the recompile reasons to make them unnecessary.")

WITH_SKIP = ("gb0066", "Graph break under GenericContextWrappingVariable",
             "Attempted to graph break in an active context manager(s) that doesn't support graph breaking: "
             "Dynamo skips the frame and runs it eagerly.",
             "Move the offending context manager(s) to outside the compiled region, or the graph break out of "
             "the with block; this graph break may have been caused by an earlier one, and resolving that one "
             "may resolve this one.")

LOCK_SKIP = ("gb0142", "Unsupported context manager",
             "The function enters a context manager Dynamo does not know how to enter (a threading.Lock or RLock: "
             "`with self._lock:`): it gives up on the whole function (\"Failed to handle graph break gracefully. "
             "Skipping the function\"), which runs eagerly.",
             "Take the lock outside the compiled function (or in a function torch.compiler.disable'd that the "
             "compiled one calls), and compile the code under it.")

LOOP_SKIP = ("gb7000", "graph break in loop",
             "torch.compile detected a graph break in a for/while loop. Skipping the frame and falling back to "
             "eager, as graph breaks in loops are not supported.",
             "Remove the graph break from the loop (or move the loop into a function of its own that is not "
             "compiled, and compile what it calls); this graph break may have been caused by an earlier graph "
             "break, and resolving that one may resolve this one.")

# A generator of the program's run by a frame Dynamo gave up on, or started
# by the call at a graph break (next(g), list(g) of a generator from outside)
# (Recorder._note_generator).
GENERATOR_SKIP = ("gb0003", "Attempt to trace generator",
                  "Generators cannot be compiled directly with `torch.compile`: this generator runs where Dynamo's "
                  "callback is installed but nothing traces it -- in a frame Dynamo gave up on (it runs "
                  "uncompiled), or started by the call at a graph break (next(), list() or sum() of a generator "
                  "made outside the compiled code) -- and the callback, which tries to compile each frame that "
                  "starts there, skips it. A generator the compiled code makes and iterates itself is inlined.",
                  "Call a generator from inside of a non-generator Python function and compile that function "
                  "instead, or pass what it yields (a list) rather than the generator (or fix the break that made "
                  "Dynamo give up on its caller).")

# torch.compile of one of torch's modules with a full backward hook (Recorder.enter).
HOOKED_MODULE_SKIP = ("module-backward-hooks", "Module-level backwards hooks require compiled autograd",
                      "The compiled module has a full backward hook (or a backward pre-hook): Dynamo compiles the "
                      "module's whole call, breaks where Module._call_impl wraps its inputs in a BackwardHook "
                      "(gb0083) and runs the call eagerly; the forward of one of torch's modules is not compiled "
                      "then.",
                      "Enable compiled autograd (torch._dynamo.config.compiled_autograd = True), or compile a module "
                      "that calls this one (the break then stands at that call, and the rest of the compiled "
                      "module's code is compiled), or hook the output tensors instead (Tensor.register_hook).")

_JUMPS = frozenset(dis.opname[op] for op in dis.hasjrel + dis.hasjabs)
_INSTRUCTIONS = {}


_CLASS_STORES = {}


def class_stores(code):
    """The offsets of the code's `obj.__class__ = ...` (STORE_ATTR of
    __class__), which Dynamo cannot trace (gb4271): it breaks there."""
    known = _CLASS_STORES.get(code)
    if known is None:
        known = _CLASS_STORES[code] = frozenset(
            ins.offset for ins in dis.get_instructions(code) if ins.opname == "STORE_ATTR" and
            ins.argval == "__class__") if "__class__" in code.co_names else frozenset()
    return known


def has_backedge(code, offset):
    """Dynamo's test (InstructionTranslator.maybe_has_backedge): from the
    instruction after `offset` to the first return, does any jump go back to
    before it? Then the break is inside a loop of this code."""
    instructions = _INSTRUCTIONS.get(code)
    if instructions is None:
        instructions = _INSTRUCTIONS[code] = [(i.offset, i.opname, i.argval) for i in dis.get_instructions(code)]
    for at, opname, target in instructions:
        if at <= offset:
            continue
        if opname in ("RETURN_VALUE", "RETURN_CONST"):
            break
        if opname in _JUMPS and isinstance(target, int) and target < offset:
            return True
    return False


_TRY_RANGES = {}


def in_try_block(code, offset):
    """Whether the instruction at `offset` stands in the body of a try
    statement of `code` (try/except, try/finally), or of one of its except
    handlers (a with block's own handler does not count): Dynamo cannot resume after a graph break there
    and gives up on the frame (measured, torch 2.13: "Failed to handle graph
    break gracefully. Skipping the function and falling back to eager")."""
    ranges = _TRY_RANGES.get(code)
    if ranges is None:
        ranges = []
        parse = getattr(dis, "_parse_exception_table", None)
        try:
            entries = parse(code) if parse is not None else []
        except Exception:  # noqa: BLE001 - a table this Python cannot read: no verdict
            entries = []
        instructions = list(dis.get_instructions(code))
        at = {i.offset: i.opname for i in instructions}
        lines, line = {}, None
        for i in instructions:
            line = i.positions.lineno if i.positions is not None and i.positions.lineno is not None else line
            lines[i.offset] = line
        following = sorted(at)

        def with_handler(target):
            index = following.index(target)
            return index + 1 < len(following) and at[following[index + 1]] == "WITH_EXCEPT_START"

        # The handlers (PUSH_EXC_INFO) in order, each with the line of the
        # try body it serves (a with block's handler: None).
        handlers = sorted({entry.target: None if with_handler(entry.target) else lines.get(entry.start)
                           for entry in entries if at.get(entry.target) == "PUSH_EXC_INFO"}.items())
        for entry in entries:
            if at.get(entry.target) == "PUSH_EXC_INFO":
                if not with_handler(entry.target):
                    ranges.append((entry.start, entry.end, lines.get(entry.start)))
                continue
            # A cleanup: the body of an except handler (`except E:`, `except
            # E as e:`) is one too, and Dynamo cannot resume there either
            # (symbolic_convert.should_compile_partial_graph: an exception
            # table entry that is no with block's); named by its try's line.
            # (A with block's own exit handler holds no code of the program's.)
            owner = [line for target, line in handlers if target <= entry.start]
            if owner and owner[-1] is not None:
                ranges.append((entry.start, entry.end, owner[-1]))
        _TRY_RANGES[code] = ranges
    return any(start <= offset < end for start, end, _ in ranges)


def try_block_line(code, offset):
    """The first line of the outermost try block of `code` holding the
    instruction at `offset` (see in_try_block), or None."""
    in_try_block(code, offset)  # fills _TRY_RANGES
    found = [line for start, end, line in _TRY_RANGES[code] if start <= offset < end and line is not None]
    return min(found) if found else None


# (its id is the break's own: Dynamo reports the break, then gives up on the frame)
GENERATOR_BREAK = (None, "Graph break in a generator",
                   "The graph break stands inside a generator the function made and advances (next(), a loop): "
                   "Dynamo traces the generator inline and cannot resume in the middle of it, so it gives up on the "
                   "function and runs it eagerly (\"Failed to handle graph break gracefully\").",
                   "Move the graph break (or the code that causes it) out of the generator, or build the values in "
                   "a list before the compiled code uses them.")

TRY_SKIP = (None, "Graph break in a try block",
            "The graph break stands inside a try block (try/except or try/finally), where torch.compile cannot "
            "resume after it: Dynamo compiles up to its last resumable point before the try block (once the graph "
            "holds two operations) and runs the rest of the function eagerly (\"Encountered graph break that we "
            "cannot resume from\"); with no such point it skips the whole function (\"Failed to handle graph break "
            "gracefully\").",
            "Move the graph break (or the code that causes it) out of the try block, or the try block into a "
            "function of its own that the compiled code calls.")


# ATen operators that read data or produce data-dependent shapes.
_DATA_OPS = {"aten::_local_scalar_dense": "data-dependent-op", "aten::item": "data-dependent-op",
             "aten::is_nonzero": "data-dependent-branch",
             # A Python bool computed from tensor data (torch.equal): the
             # code after it is specialised on the value.
             "aten::equal": "data-dependent-op", "aten::allclose": "data-dependent-op"}


# (The operators torch tags dynamic_output_shape that reach the dispatcher,
# but aten::index, data-dependent only with a boolean mask: see _has_bool_mask.)
_SHAPE_OPS = {"aten::nonzero", "aten::nonzero_static", "aten::unique", "aten::_unique", "aten::_unique2",
              "aten::unique_consecutive", "aten::unique_dim", "aten::masked_select", "aten::nonzero_numpy",
              "aten::bincount", "aten::repeat_interleave"}


_BRANCH_FUNCS = {"torch.Tensor.__bool__"}


_TO_PYTHON_FUNCS = {"torch.Tensor.item", "torch.Tensor.tolist", "torch.Tensor.numpy", "torch.Tensor.__int__",
                    "torch.Tensor.__float__", "torch.Tensor.__index__", "torch.Tensor.__complex__",
                    "torch.Tensor.__array__", "torch.Tensor.__repr__", "torch.Tensor.__str__",
                    "torch.Tensor.__format__"}


_SHAPE_FUNCS = {"torch.nonzero", "torch.Tensor.nonzero", "torch.unique", "torch.Tensor.unique",
                "torch.unique_consecutive", "torch.Tensor.unique_consecutive", "torch.masked_select",
                "torch.Tensor.masked_select", "torch.argwhere", "torch.Tensor.argwhere"}


_AUTOGRAD_FUNCS = {"torch.Tensor.backward", "torch.autograd.backward", "torch.autograd.grad"}


def instances_in(obj, kind, depth=0):
    """The `kind` objects in `obj` and the lists, tuples and dict values
    it holds (four levels down)."""
    if isinstance(obj, kind):
        yield obj
    elif depth < 4 and isinstance(obj, (list, tuple)):
        for item in obj:
            yield from instances_in(item, kind, depth + 1)
    elif depth < 4 and isinstance(obj, dict):
        for item in obj.values():
            yield from instances_in(item, kind, depth + 1)


def _tensors_in(obj):
    return instances_in(obj, torch.Tensor)


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
    if owner is not None and (owner is getattr(random, "_inst", None) or isinstance(owner, random.Random)):
        return "nondeterministic-source"  # (random.random(), or a Random object's own: rng.random())
    if module == "posix" and getattr(fn, "__name__", "") in ("urandom", "write", "read", "system"):
        return "nondeterministic-source" if fn.__name__ == "urandom" else "side-effect"
    if isinstance(owner, __import__("io").IOBase):
        return "side-effect"
    return None


_LOGGING_NAMES = {"debug", "info", "warning", "warn", "error", "exception", "critical", "log"}
