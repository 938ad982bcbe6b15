"""One outermost call of a watched frame as it is recorded: its values,
its graphs of ATen operators, and the breaks between them."""
import collections
import functools
import math
import re
import sys
import threading
import types
import weakref

import torch
from torch.utils._python_dispatch import is_traceable_wrapper_subclass

from .breaks import (CATEGORIES, WHOLE_FRAME_KINDS, _DATA_OPS, _SHAPE_OPS, _tensors_in, has_backedge, resumable_at,
                     try_block_line)
from .guards import ANY_ATTRIBUTE, STAND_INS, holds_tensors, dynamic_getattr, _program_module, class_tensors, guardable_key, keyed_source, names_read_by, numpy_array, plain_object, state_attributes, tensor_keyed, \
    _tensor_attributes
from .iterables import ForeignIterators, _instructions, instruction_name
from .nested import in_skipped_level, split_levels
from . import resumes
from .resumes import break_output_name, frame_names, live_names, result_read, result_slot
from .settings import error_on_graph_break, fullgraph_break, unsupported_text


_tls = threading.local()


# How far the arguments are searched for the tensors they carry (graph
# inputs, not constants): kwargs['past_key_values'].layers[0].keys, a KV
# cache passed by keyword, is five steps down; at most this many values.
_WALK_DEPTH = 6
_WALK_BUDGET = 50000



def leaf_grad(tensor):
    """tensor.grad, read without torch's warning for a non-leaf that does
    not retain its gradient (whose .grad is None anyway): the program run
    under dynx prints what it prints under python."""
    return tensor.grad if tensor.is_leaf or tensor.retains_grad else None

def _forward_level():
    fwad = sys.modules.get("torch.autograd.forward_ad")
    return getattr(fwad, "_current_level", -1) if fwad is not None else -1


def _current():
    return getattr(_tls, "capture", None)


def _meta(t):
    meta = {"shape": [int(s) for s in t.shape], "stride": [int(s) for s in t.stride()], "dtype": str(t.dtype).replace("torch.", ""),
            "device": str(t.device), "requires_grad": bool(t.requires_grad),
            "storage_offset": int(t.storage_offset())}
    if type(t) is not torch.Tensor and is_traceable_wrapper_subclass(t):
        meta["subclass"] = type(t).__qualname__
    return meta


def _storage_of(tensor):
    try:
        return tensor.untyped_storage().data_ptr()
    except (RuntimeError, NotImplementedError):
        return None


def _sanitize(source):
    name = re.sub(r"[^0-9a-zA-Z_]+", "_", source.replace("L['", "l_").replace("G['", "g_")).strip("_").lower()
    return name or "input"


def _key_path(path, key, depth):
    """The path of `key` under `path`: a top-level key names the value
    itself (`logits`), deeper ones are indexed (`output[1]['k']`)."""
    if depth == 0 and isinstance(key, str) and key.isidentifier():
        return key
    return f"{path}[{key!r}]"


def _flat_results(fn):
    def flat(*args):
        return tuple(torch.utils._pytree.tree_leaves(fn(*args)))
    return flat


class _HopBreak(Exception):
    """A break met while recording a cond branch (record_hop): (category, what, stack)."""


class Value:
    """One tensor value of a capture: a graph input, a node output, or a
    tensor made between graphs (by the operation that broke the graph)."""

    __slots__ = ("name", "graph", "ref", "meta", "used_later", "returned", "kind", "live_at_break")

    def __init__(self, name, graph, tensor, kind):
        self.name = name
        self.graph = graph          # Graph that produced it; None for break outputs and frame inputs
        self.ref = weakref.ref(tensor)
        self.meta = _meta(tensor)
        self.used_later = False
        self.returned = False
        self.live_at_break = False
        self.kind = kind            # "node", "input", "break"


class Graph:
    def __init__(self, capture):
        self.capture = capture
        self.inputs = []            # dicts, in order of first use
        self.input_by_id = {}       # id(tensor) -> input name in this graph
        self.nodes = []
        self.quiet_calls = []       # lines of the frame where a torch function made no operator (see _ops_before)
        self.names = {}
        self.used = set()           # every name given out in this graph
        self.produced = []          # Values made by nodes of this graph
        self.examples = {}          # input name -> tensor clone (user inputs, graph/break outputs)
        self.closing_values = {}    # output name -> clone taken when the graph closed
        self.rng_state = torch.get_rng_state()
        self.number = None          # index among the non-empty graphs of the entry
        # Which piece of which frame of Dynamo's it is: (code, offset where
        # the piece starts, -1 for the frame's entry) -- nested.py.
        self.piece = None
        # For a piece of a frame Dynamo compiles apart from the watched
        # frame's entry (resumes.track): "frame" (a called function's own
        # frame), "break" (the code after a break in a called function),
        # "after_call" (the caller's code after a call that broke); the line
        # it starts at (the def's line for a frame; for a frame, `called_at`
        # names the call), and what each tensor it is handed is called there.
        self.piece_kind = None
        self.piece_line = None
        self.called_at = None
        self.after_break = None     # for "break": the break it follows
        self.frame_names = {}

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


def _small_scalar_list(value, budget=None):
    """A (nested) list of at most 256 Python numbers: what .tolist() gives
    that the code after the break may be specialised on element by element."""
    budget = budget if budget is not None else [256]
    if type(value) is not list:
        return False
    for item in value:
        budget[0] -= 1
        if budget[0] < 0 or not (type(item) in (bool, int, float) or _small_scalar_list(item, budget)):
            return False
    return True


_UNKNOWN = object()  # a result settle_resume cannot see


def _no_tensor_value(value):
    """Whether Dynamo's has_tensor_in_frame finds nothing of torch in
    `value` (as a local of a frame)."""
    try:
        from torch._dynamo.convert_frame import has_tensor_in_frame
    except ImportError:
        return False
    import types as _types
    frame = _types.SimpleNamespace(f_code=(lambda: None).__code__, f_globals={}, f_locals={"___stack0": value})
    try:
        return not has_tensor_in_frame(frame)
    except Exception:  # noqa: BLE001 - a rule book that cannot answer says nothing
        return False


def _ops_before(graph, line):
    """How many of the graph's operations come from lines before `line`:
    its operators, and the torch functions called there that ran none
    (`F.dropout` in eval, `x.contiguous()` of a contiguous tensor), each a
    call in Dynamo's graph, which it counts when deciding whether a graph
    before a break it cannot resume at is worth compiling."""
    return sum(1 for node in graph.nodes if node.get("stack") and node["stack"][0]["line"] < line) + \
        sum(1 for quiet in graph.quiet_calls if quiet < line)


def _legacy_new_site():
    """Where Dynamo's polyfill that builds an object of a class calls its
    __new__ (torch/_dynamo/polyfills/__init__.py), as a stack entry."""
    try:
        from torch._dynamo import polyfills
        code = polyfills.instantiate_user_defined_class_object.__code__
    except Exception:  # noqa: BLE001 - another torch
        return None
    line = next((i.positions.lineno for i in _instructions(code)[0]
                 if i.opname in ("LOAD_ATTR", "LOAD_METHOD") and i.argval == "__new__"), None)
    return {"file": code.co_filename, "line": line, "function": code.co_name} if line else None


_LEGACY_NEW = _legacy_new_site()


class FrameCapture:
    """Everything recorded during one outermost call of a watched frame."""

    def __init__(self, recorder, record_id, code, arguments, globals_, weights=None):
        self.recorder = recorder
        self.weights = weights if weights is not None else recorder.weights
        self.record_id = record_id
        self.code = code
        self.globals = globals_ or {}
        self.sources = {}           # id(tensor) -> (source, kind, weight name)
        self.names_added = None     # (frame, names, new code) the last frame that began added (Recorder._profile)
        self.tangents = {}          # id(tensor) -> tensor: forward-AD tangents (modes._note_tangents)
        # A forward-AD level opened before the call (the program hands the
        # frame dual tensors): the tangent work is autograd's, not the
        # graph's. One the frame opens itself is traced, as Dynamo traces
        # make_dual/unpack_dual.
        self.dual_outside = _forward_level() >= 0
        self.module_paths = {}      # id(module) -> qualified path under the frame's module
        self.keep = []              # strong references that keep ids stable during the call
        self.values = {}            # id(tensor) -> Value (latest)
        self.graphs = [Graph(self)]
        self.graphs[0].piece = (code, -1)
        self.breaks = []
        self.module_stack = []
        self.function_stack = []
        self.function_calls = 0     # torch functions the mode saw begin (modes._saved_by_autograd)
        self.dispatches = 0         # operators the dispatch mode saw
        self.last_node_stamp = None  # (node, function_calls, dispatches) when the last node was recorded
        self.packed_names = set()   # graph values a saved-tensor pack hook was handed (recorder._observable)
        self.suspended = 0
        self.pending_c = None       # C function whose call broke the graph, until it returns
        self.pending_py = None      # Python frame likewise
        self.deferred_break = None  # the break made at that call (the value it returns is kept there)
        self.opaque = []            # frames of allow_in_graph/nonstrict_trace functions running now: no breaks
        self.checkpoint = None      # the torch.utils.checkpoint call running now (checkpoint_break)
        self.lazy_globals = set()   # global dicts guarded on the keys the frame reads (Recorder.enter)...
        self.lazy_spoiled = set()   # ...and those another function read too: guarded whole (Recorder.exit)
        self.assumed_constant = []  # assume_constant_result functions the call ran (--verify's cause)
        self.seen_generators = set()
        self.loop_break = None      # the first break inside a loop (Dynamo skips the frame there)...
        self.skip_kind = None       # ...or inside a with block Dynamo cannot break in, or a try block: "loop", "with", "try", "try-rest"
        self.context_stack = []     # (name, supported) of the context managers the watched frame entered
        self.reader_codes = set()   # the codes whose reads are in read_names (but the frame's own)
        self.ran_codes = set()      # every code the call ran while recording (guards.guard_registries)
        self.ranged_values = set()  # ints the functions the frame calls pass to range() (Recorder._profile)
        self.attribute_iteration = False  # the frame calls next()/list()... on an attribute (iterables.attribute_iteration)
        self.hook_handles = []      # RemovableHandles a registration that broke gave the frame (Recorder._after_hook_handle)
        self.made_handles = set()   # ids of the RemovableHandles made during the call
        self.global_readers = {}    # {global name: the called functions' codes that read it}
        self.first_global_guards = {}  # {global name: its guards as the call first met it in a called function}
        self.specialised_cut = None  # (break, graph after it): a settled call refused for the value it gave
        self.settle_hits = False    # a dynamic form only a recording can confirm: record every hit again
        self.settings = None        # settings.Settings: the options and config this call follows
        self.hop_depth = 0  # inside a cond branch or while_loop function being recorded (record_hop)
        self.fullgraph_error = None  # what fullgraph=True raised out of the call (frames.json), if it did
        self.frame = None           # the watched frame's frame object, once it runs
        self.c_raised = None        # (id of the frame, instruction) where a builtin raised (Recorder._profile)
        self.no_tensors = False     # nothing of torch in the frame: Dynamo does not compile it (Recorder.enter)
        self.disabled = None        # (wrapper frame, recursive) of the disabled function running now
        self.reentered = None       # a frame the non-recursively disabled function called, recorded
        self.skipped_calls = None   # fullgraph on a frame of torch's: the frames Dynamo would skip, until one it compiles
        self.raise_stack = None     # where the program's own `raise` sent an exception out of a frame
        self.eager_count = 0        # tensors made by operators run eagerly (made_eagerly)
        self.resume_pending = None  # a break whose resume may hold no tensor (settle_resume)
        self.c_callee = None        # the builtin the watched frame is calling now (Recorder._profile)
        self.own_generators = set()  # generator codes the watched frame ran itself (Recorder._own_generator)
        self.array_aliases = {}     # memory of a traced NumPy array -> its tensor (numpy_trace)
        self.used_functorch = False  # a torch.func transform (vmap, grad...) ran inside the call
        self.walked_arrays = []     # (source, bytes at the call's start) of the NumPy arrays it reaches
        self.numpy_constants = False  # a constant tensor in a graph of a call that reaches NumPy arrays
        if "numpy" in sys.modules:
            from .numpy_trace import install_conversions
            install_conversions()
        self.nested = []            # nested.NestedLevel: the calls of the program's code active now
        self.skipped_levels = []    # levels Dynamo skips: (code, line, reason)
        self.skipped_codes = set()  # ...and their codes, those Dynamo does not compile at all too
        # Levels Dynamo compiles as frames of their own that recorded no
        # operator (split at a call with nothing before it; one a skipped
        # level calls that asked is_compiling()): entries with empty graphs,
        # which global state still recompiles. [(code, line of the call)]
        self.empty_frames = []
        # torch.compiler.is_compiling() (or its aliases) was asked while
        # recording: Dynamo's inconsistent_side_effects, which keeps a frame
        # that traced no operator from being skipped (no "No ops traced").
        self.asked_compiling = False
        self.walk_budget = _WALK_BUDGET
        self.hook_walk = 0  # inside a module hook's walk (_walk_source): modules are not walked again
        self.iterators = ForeignIterators()  # iterators Dynamo cannot iterate (iterables.py)
        self.iterators.add_inputs(arguments, code)
        # Tensor arguments first: a tensor that is also reachable through
        # another argument (an attribute a previous call set on a listed
        # tensor, `t.y = y`) keeps the name of the argument it is.
        for name, value in arguments.items():
            if isinstance(value, torch.Tensor):
                self._walk_source(value, f"L[{name!r}]", 0)
        for name, value in arguments.items():
            if not isinstance(value, torch.Tensor):
                self._walk_source(value, f"L[{name!r}]", 0)
        self.read_names = set(names_read_by(code))
        if dynamic_getattr(code) and self.recorder.source_filter.is_program(code.co_filename):
            self.read_names.add(ANY_ATTRIBUTE)
        self.eager_names = set()    # names only code run eagerly read (Recorder._profile)
        self.python_sizes = False   # Python code read a tensor's size as an int (modes._SIZE_READS)
        self.sizes_iterated = False  # ...or looped over one (modes._SIZE_LOOPS)
        self.watch_sizes = False    # sizes read from inputs are SizeInts (Recorder.enter)
        self.size_numbers = set()   # sizes the code read and passed to torch functions as numbers (modes.SizeInt)
        self.size_compares = {}     # (source, dim) -> [(op, int, outcome)] the code compared a size with (modes.SizeInt)
        self.size_relations = []    # [(where, op, other where, other's value, outcome)]: two sizes compared
        # The code objects of the call that read `training` (guards.keep_training_guards).
        self.training_readers = {code} if "training" in self.read_names else set()
        # The ids of the modules whose flag the call's train()/eval() set
        # before any of its code read one (guards.finish_guards).
        self.training_set = set()

    # ----- sources of graph inputs ---------------------------------------------------------
    def _walk_array(self, array, source):
        """A NumPy array the frame reaches (a global table, an argument, a
        module's mean/std): Dynamo makes it a graph input. A tensor over its
        memory stands for it, so that `torch.from_numpy(a)` / `as_tensor(a)`
        in the call find it (Capture._alias_of) and are an input, never the
        first call's values baked in as a constant."""
        from .numpy_trace import array_key
        import warnings
        with self.unrecorded(), warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (a read-only array: torch warns, and only reads it here)
            try:
                tensor = torch.from_numpy(array)
            except (TypeError, ValueError, RuntimeError):  # a dtype or layout torch cannot view
                return
        self.sources.setdefault(id(tensor), (source, "user_input", None))
        self.keep.append(tensor)
        self.array_aliases.setdefault(array_key(array), weakref.ref(tensor))
        if array.nbytes <= 65536:
            self.walked_arrays.append((source, array.tobytes()))

    def _walk_grad(self, tensor, source):
        grad = leaf_grad(tensor)
        if isinstance(grad, torch.Tensor):
            self.sources.setdefault(id(grad), (f"{source}.grad", "user_input", None))
            self.keep.append(grad)

    def _walk_source(self, value, source, depth):
        self.walk_budget -= 1
        if self.walk_budget < 0:
            return
        if isinstance(value, torch.Tensor):
            self.sources.setdefault(id(value), (source, "user_input", None))
            self.keep.append(value)
            self._walk_tensor_attributes(value, source, depth)
            if type(value) in (torch.Tensor, torch.nn.Parameter) and value.is_leaf and value.requires_grad:
                # The gradient a backward left on a leaf passed in (`x + x.grad`,
                # a list of parameters: `for p in params: p.grad.div_(n)`):
                # an input, as Dynamo lifts it, never a constant.
                self._walk_grad(value, source)
        elif numpy_array(value) and \
                value.dtype.kind in "biuf":
            self._walk_array(value, source)
        elif isinstance(value, torch.nn.Module):
            if self.hook_walk:
                return  # (a module a hook holds, the model itself often: walked as itself, not again per hook)
            if not self.module_paths:
                for path, module in value.named_modules(remove_duplicate=False):
                    self.module_paths.setdefault(id(module), path)
            for pname, p in value.named_parameters(remove_duplicate=False):
                self.sources.setdefault(id(p), (f"{source}.{pname}", "parameter", pname))
                self.keep.append(p)
                self._walk_tensor_attributes(p, f"{source}.{pname}", depth)
                # Its gradient (a new tensor after each zero_grad and backward):
                # an input where the code reads it, never the first step's constant.
                self._walk_grad(p, f"{source}.{pname}")
            for bname, b in value.named_buffers(remove_duplicate=False):
                self.sources.setdefault(id(b), (f"{source}.{bname}", "buffer", bname))
                self.keep.append(b)
            # A tensor a module holds without registering it (self.mask =
            # torch.ones(...)) is state like a buffer, never a constant baked
            # into the graph; a config or cache object it holds is walked
            # like an argument's.
            for path, module in value.named_modules():
                prefix = f"{source}.{path}" if path else source
                for attr, item in class_tensors(module):
                    self.sources.setdefault(id(item), (f"dict(type({prefix}).__dict__)[{attr!r}]", "buffer",
                                                       f"{path}.{attr}" if path else attr))
                    self.keep.append(item)
                for attr, item in state_attributes(module):
                    where = f"{source}.{path}.{attr}" if path else f"{source}.{attr}"
                    if isinstance(item, torch.Tensor) and not isinstance(item, torch.nn.Parameter):
                        self.sources.setdefault(id(item), (where, "buffer", f"{path}.{attr}" if path else attr))
                        self.keep.append(item)
                    elif depth < _WALK_DEPTH and not isinstance(item, torch.nn.Module):
                        self._walk_source(item, where, depth + 1)
                # What its forward hooks read (a pruning mask in a dict the
                # hook's closure or object holds): inputs, as Dynamo lifts
                # them, never the first call's constants (tests/oracle
                # real_pruning_mask_dict_pre_hook_added).
                for hooks_name in ("_forward_pre_hooks", "_forward_hooks"):
                    hooks = vars(module).get(hooks_name)
                    if isinstance(hooks, dict) and hooks and depth < _WALK_DEPTH:
                        self.hook_walk += 1
                        try:
                            for index, hook in enumerate(list(hooks.values())):
                                self._walk_source(hook, f"{prefix}.{hooks_name}[{index}]", depth + 1)
                        finally:
                            self.hook_walk -= 1
        elif depth < _WALK_DEPTH and isinstance(value, (list, tuple, collections.deque)):
            for i, item in enumerate(value):
                self._walk_source(item, f"{source}[{i}]", depth + 1)
        elif depth < _WALK_DEPTH and tensor_keyed(value):
            # An optimizer's state: momentum buffers and moments are inputs.
            for index, item in enumerate(value.values()):
                self._walk_source(item, keyed_source(source, index), depth + 1)
        elif depth < _WALK_DEPTH and isinstance(value, dict):
            for index, (key, item) in enumerate(value.items()):
                if type(key) in (str, int) or STAND_INS.get(type(key)) is int:
                    self._walk_source(item, f"{source}[{key!r}]", depth + 1)
                elif guardable_key(key):
                    self._walk_source(item, keyed_source(source, index), depth + 1)
        elif depth < _WALK_DEPTH and isinstance(value, types.FunctionType):
            # Tensors in the closure of a function passed in are inputs, as Dynamo lifts them.
            for index, cell in enumerate(value.__closure__ or ()):
                try:
                    contents = cell.cell_contents
                except ValueError:
                    continue
                self._walk_source(contents, f"{source}.__closure__[{index}].cell_contents", depth + 1)
            # So are its tensor defaults (`def shift(x, b=D0)`), reached
            # through the function: its __defaults__ replaced is another
            # input, never the first call's constant (tests/oracle
            # recomp_w_helper_tensor_default_replaced).
            for index, item in enumerate(value.__defaults__ or ()):
                if isinstance(item, torch.Tensor):
                    self._walk_source(item, f"{source}.__defaults__[{index}]", depth + 1)
            for key, item in (value.__kwdefaults__ or {}).items():
                if isinstance(item, torch.Tensor):
                    self._walk_source(item, f"{source}.__kwdefaults__[{key!r}]", depth + 1)
        elif depth < _WALK_DEPTH and isinstance(value, types.MethodType) and plain_object(value.__self__):
            # A bound method of one of the program's objects (a hook
            # `self._hook`): the object's state.
            self._walk_source(value.__self__, f"{source}.__self__", depth + 1)
        elif depth < _WALK_DEPTH and type(value) is functools.partial:
            # Tensors bound in a partial passed in are inputs too (guards.py guards them by value).
            self._walk_source(value.func, f"{source}.func", depth + 1)
            for i, item in enumerate(value.args):
                self._walk_source(item, f"{source}.args[{i}]", depth + 1)
            for key, item in value.keywords.items():
                self._walk_source(item, f"{source}.keywords[{key!r}]", depth + 1)
        elif depth < _WALK_DEPTH and isinstance(value, types.ModuleType) and _program_module(value):
            # A tensor global of another module of the program (`utils.table`
            # after `import utils`) is an input, as Dynamo lifts it.
            for attr, item in sorted(vars(value).items(), key=lambda pair: pair[0]):
                if (isinstance(item, torch.Tensor) or plain_object(item) and holds_tensors(item)) and \
                        not attr.startswith("__"):
                    # (and what its config objects hold: helper.cfg.w; not
                    # an object holding no tensor, a tokenizer's vocabulary)
                    self._walk_source(item, f"{source}.{attr}", depth + 1)
        elif depth < _WALK_DEPTH and plain_object(value) and type(value).__module__ != "logging":
            # State carried in the program's objects (a KV cache, a running
            # statistic) is an input of the graph, never a baked constant.
            # (Not a logger's: a module's `logger` global leads through its
            # manager to every logger of the process, thousands of objects
            # holding no tensor, which used up the walk's budget on each
            # first call of a transformers model.)
            for attr, item in state_attributes(value):
                self._walk_source(item, f"{source}.{attr}", depth + 1)
            for attr, item in class_tensors(value):
                self._walk_source(item, f"dict(type({source}).__dict__)[{attr!r}]", depth + 1)

    def _walk_tensor_attributes(self, tensor, source, depth):
        """Tensors set as Python attributes of a tensor (x.w = torch.ones(3)) are inputs too."""
        if depth < _WALK_DEPTH:
            for attr, item in _tensor_attributes(tensor):
                self._walk_source(item, f"{source}.{attr}", depth + 1)

    def _global_source(self, tensor):
        # A global the code reads first (`KEY` where `K1` is the same
        # tensor, defined before it): the input is what that name holds.
        read = getattr(self, "global_names", ())
        for name in sorted(read):
            if self.globals.get(name) is tensor:
                return (f"G[{name!r}]", "global", None)
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
        if value is None and self.array_aliases:
            # torch.from_numpy / as_tensor of a traced NumPy array: a new
            # tensor object over the memory of the tensor the array came from.
            alias = self._alias_of(tensor)
            if alias is not None:
                return self.input_name(alias)
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
                # (made from NumPy data computed in Python, perhaps from an
                # array the call reaches: Recorder.exit guards their contents)
                self.numpy_constants = self.numpy_constants or bool(self.walked_arrays)
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
        if getattr(graph, "tensors", None) is not None:  # a subgraph (record_hop): what each input is
            graph.tensors[name] = tensor
        self.keep.append(tensor)
        return name

    def _alias_of(self, tensor):
        from .numpy_trace import tensor_key
        with self.unrecorded():
            try:
                found = self.array_aliases.get(tensor_key(tensor))
            except (RuntimeError, TypeError):  # no plain memory (a meta or sparse tensor)
                return None
        found = found() if found is not None else None
        return found if found is not tensor else None

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
        if schema.name.startswith("profiler::"):
            # record_function's ranges (the optimizer's step, zero_grad) mark
            # time, not values: no node (a range handle is no graph value).
            return func(*args, **kwargs)
        if self.nested and self.nested[-1].skipped:
            # A function Dynamo skips runs eagerly: what it makes or writes is
            # made between graphs (a later graph reads it as such, never as a
            # constant or as an earlier graph's output from before the write).
            out = func(*args, **kwargs)
            written = [args[i] if i < len(args) else kwargs.get(a.name)
                       for i, a in enumerate(schema.arguments) if a.alias_info is not None and a.alias_info.is_write]
            self.made_eagerly(list(_tensors_in(out)), [t for t in written if isinstance(t, torch.Tensor)])
            return out
        op = f"{schema.name}.{func._overloadname}"
        base = schema.name.split("::")[-1]
        if schema.name == "aten::detach" and not self.function_stack and _LEGACY_NEW is not None and \
                (stack := self._legacy_variable_call()) is not None:
            # torch.autograd.Variable(t) (old code: pointnet's iden): Dynamo
            # builds the object through its polyfill and cannot call the C
            # _LegacyVariableBase.__new__ it finds (gb0007, at the polyfill's
            # line under the program's): the call runs eagerly.
            return self.run_break("skipped-function", "torch.autograd.Variable (_LegacyVariableBase.__new__)",
                                  lambda: func(*args, **kwargs), stack=stack, inputs=(args, kwargs),
                                  library=(_LEGACY_NEW, None))
        if schema.name == "aten::_local_scalar_dense" and self.function_stack and \
                self.function_stack[-1] == "torch.nn.functional.one_hot":
            # one_hot with its num_classes checks the indices' range in its
            # eager kernel (.item() of their min and max): Dynamo's fake
            # kernel does not, so nothing breaks (the call, with num_classes
            # -1, was a break of its own: modes._function_break).
            with self.unrecorded():
                return func(*args, **kwargs)
        if (schema.name in _DATA_OPS or schema.name in _SHAPE_OPS) and not self.captures(base, schema.name):
            category = _DATA_OPS.get(schema.name, "dynamic-shape-op")
            return self.run_break(category, op, lambda: func(*args, **kwargs), inputs=(args, kwargs))
        encoded_args = [self.encode(a) for a in args]
        encoded_kwargs = {k: self.encode(v) for k, v in kwargs.items()}
        if not self.graph.nodes:
            # The generator's state as the graph's first operator finds it
            # (what ran eagerly since the graph began may have drawn from it
            # or set it: torch.set_rng_state at a break): --verify replays
            # the graph from there.
            with self.unrecorded():
                self.graph.rng_state = torch.get_rng_state()
        if any(is_traceable_wrapper_subclass(t) for t in _tensors_in((args, kwargs))):
            # A wrapper subclass (__tensor_flatten__: torchao's quantized
            # tensors, a scaled tensor): Dynamo's graph holds the operator on
            # the subclass, and what its __torch_dispatch__ does below is
            # AOTAutograd's to trace, never a graph or break of Dynamo's. So
            # the node is the outer operator; the subclass's code runs
            # unrecorded (tests/oracle recomp_wrapper_subclass_*).
            with self.unrecorded():
                out = func(*args, **kwargs)
        elif torch._C._len_torch_dispatch_stack():
            # A TorchDispatchMode the program entered before the call (below
            # dynx's, which is off while this runs; an infra mode, fake or
            # functional tensors, counts too): torch.compile's graph
            # runs under it, so its __torch_dispatch__ is what the graph's
            # operators do at run time, never code Dynamo traces or breaks at
            # (tests/oracle recomp_m_dispatch_mode_outside_call).
            with self.unrecorded():
                out = func(*args, **kwargs)
        else:
            out = func(*args, **kwargs)
        if torch.get_default_dtype() is not torch.float32 and isinstance(out, torch.Tensor) and \
                (out.is_floating_point() or out.is_complex()) and kwargs.get("dtype") is None and \
                any(a.name == "dtype" and a.kwarg_only for a in schema.arguments) and \
                not any(isinstance(t, torch.Tensor) for t in _tensors_in((args, kwargs))):
            # A factory under torch.set_default_dtype(torch.float64): its
            # dtype is the default one this call had, which the graph
            # states (replayed or compiled under another default, the node
            # would make float32).
            encoded_kwargs["dtype"] = self.encode(out.dtype)
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
        returns = schema.returns if len(schema.returns) == len(flat) else [None] * len(flat)
        aliases = [None if ret is None or ret.alias_info is None else
                   "inplace" if ret.alias_info.is_write else "view" for ret in returns]
        node["name"], node["outputs"] = self._node_outputs(graph, base, flat, aliases)
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
        self.last_node_stamp = (node, self.function_calls, self.dispatches)
        return out

    def record_hop(self, func, args, kwargs, mode):
        """torch.cond(pred, true_fn, false_fn, operands) or
        while_loop(cond_fn, body_fn, carried, additional): one node whose
        functions are subgraphs, as Dynamo traces them (both branches of a
        cond, whichever the predicate picks). Each function is recorded on
        copies of the operands (the random state put back after it), the
        tensors it reads besides them (weights, closures) lifted to operands
        of the node, as Dynamo lifts them; then the operator runs unrecorded
        for the call's result. A break inside one of the functions (an
        .item(), a print) is what Dynamo cannot trace there: it raises
        UncapturedHigherOrderOpError out of the call, and so does dynx."""
        name = func.name()
        if name == "cond":
            pred, true_fn, false_fn, operands = args
            functions, fixed = [("true_graph", true_fn), ("false_graph", false_fn)], [pred]
            operands, extra = list(operands), []
        else:
            cond_fn, body_fn, operands, extra = args
            functions, fixed = [("cond_graph", cond_fn), ("body_graph", body_fn)], []
            operands, extra = list(operands), list(extra)
        given = operands + extra
        outer, values = self.graphs, dict(self.values)
        recorded, specs = [], {}
        try:
            for label, fn in functions:
                sub = Graph(self)
                sub.tensors = {}
                with self.unrecorded():
                    copies = [t.detach().clone().requires_grad_(t.requires_grad) if isinstance(t, torch.Tensor)
                              else t for t in given]
                for k, (t, c) in enumerate(zip(given, copies)):
                    if isinstance(c, torch.Tensor):
                        arg = sub.unique(f"arg{k}")
                        sub.inputs.append({"name": arg, "kind": "operand", "meta": _meta(t)})
                        sub.input_by_id[id(c)] = arg
                        sub.tensors[arg] = t
                self.graphs = [sub]
                self.hop_depth += 1
                rng = torch.get_rng_state()
                calls, self.function_stack = self.function_stack, []  # (the operator's own call)
                try:
                    with mode:
                        result = fn(*copies)
                finally:
                    self.function_stack = calls
                    self.hop_depth -= 1
                    torch.set_rng_state(rng)
                    self.graphs = outer
                    self.keep.extend(c for c in copies if isinstance(c, torch.Tensor))
                flat, spec = torch.utils._pytree.tree_flatten(result)
                specs[label] = spec
                outs = []
                for t in flat:
                    if not isinstance(t, torch.Tensor):
                        outs.append({"name": None, "value": self.encode(t)})
                        continue
                    value = self.values.get(id(t))
                    if value is not None and value.ref() is t and value.graph is sub:
                        outs.append({"name": value.name, "meta": _meta(t)})
                    else:  # an operand (or a tensor it read) handed back as is
                        outs.append({"name": sub.input_by_id.get(id(t)) or self._sub_input(sub, t),
                                     "meta": _meta(t)})
                recorded.append((label, sub, outs))
        except _HopBreak as stop:
            self.graphs, self.values = outer, values
            return self._hop_failed(name, stop)
        finally:
            self.graphs = outer
        self.values = values
        # Tensors a function read besides its operands: operands of the node
        # (each subgraph takes them all, in one order).
        lifted, seen = [], set(id(t) for t in given)
        for _, sub, _ in recorded:
            for entry in sub.inputs:
                t = sub.tensors.get(entry["name"])
                if entry["kind"] != "operand" and t is not None and id(t) not in seen:
                    seen.add(id(t))
                    lifted.append(t)
        subgraphs = {}
        for label, sub, outs in recorded:
            by_id = {id(sub.tensors[e["name"]]): e["name"] for e in sub.inputs if e["name"] in sub.tensors}
            inputs = [e for e in sub.inputs if e["kind"] == "operand"]
            for t in lifted:
                arg = by_id.get(id(t)) or sub.unique("unused")
                inputs.append({"name": arg, "kind": "operand", "meta": _meta(t)})
            subgraphs[f"{label}_0"] = {"inputs": inputs, "nodes": sub.nodes, "outputs": outs}
        # The operator runs on functions that return their results flat, as
        # Dynamo hands it the graphs it traced them into (its backward needs
        # a sequence: a branch returning a bare tensor fails in it
        # otherwise), and the call gets them back in the structure the
        # function it ran gave them.
        with self.unrecorded():
            if name == "cond":
                flat = list(func(pred, _flat_results(true_fn), _flat_results(false_fn), tuple(operands), **kwargs))
                out = torch.utils._pytree.tree_unflatten(flat, specs["true_graph" if bool(pred) else "false_graph"])
            else:
                out = func(*args, **kwargs)
                flat = list(out)
        graph = self.graph
        encoded = [self.encode(a) for a in fixed] + [{"graph": f"{label}_0"} for label, _ in functions]
        if name == "cond":
            encoded.append(self.encode(operands + lifted))
        else:
            encoded += [self.encode(operands), self.encode(extra + lifted)]
        node_name, outputs = self._node_outputs(graph, name, flat)
        node = {"name": node_name, "op": f"higher_order::{name}", "args": encoded, "kwargs": {},
                "outputs": outputs, "subgraphs": subgraphs, "stack": self.user_stack()}
        if not torch.is_grad_enabled():
            node["grad_enabled"] = False
        graph.nodes.append(node)
        return out

    def _node_outputs(self, graph, base, flat, aliases=None):
        """A new node's name in `graph` and its outputs: each tensor of
        `flat` a value of the graph (named name, or name_0, name_1, ... for
        several), anything else a literal; `aliases`: "view" / "inplace" /
        None per output."""
        name = graph.unique(base)
        if len(flat) > 1:
            # Results are named name_0, name_1, ...: none may be taken (an
            # input named after an earlier graph's output, say).
            while any(f"{name}_{i}" in graph.used for i in range(len(flat))):
                name = graph.unique(base)
            graph.used.update(f"{name}_{i}" for i in range(len(flat)))
        outputs = []
        for i, t in enumerate(flat):
            if not isinstance(t, torch.Tensor):
                outputs.append({"name": None, "value": self.encode(t)})
                if base in ("_local_scalar_dense", "item"):
                    # A .item() kept in the graph (capture_scalar_outputs):
                    # its value is the call's data, not the graph's shape.
                    outputs[-1]["unbacked"] = True
                continue
            out_name = name if len(flat) == 1 else f"{name}_{i}"
            entry = {"name": out_name, "meta": _meta(t)}
            if aliases and aliases[i] is not None:
                entry["alias"] = aliases[i]
            outputs.append(entry)
            value = Value(out_name, graph, t, "node")
            graph.produced.append(value)
            self.values[id(t)] = value
        return name, outputs

    def _sub_input(self, sub, tensor):
        """A tensor a recorded function returned without computing it (one
        it read): an input of its subgraph, lifted like the others."""
        saved = self.graphs
        self.graphs = [sub]
        try:
            return self.input_name(tensor)
        finally:
            self.graphs = saved

    def _hop_failed(self, name, stop):
        """A break inside a cond branch or a while_loop function: Dynamo
        raises torch._dynamo.exc.UncapturedHigherOrderOpError out of the
        call and compiles nothing of it (measured, torch 2.13)."""
        category, what, stack = stop.args
        # Dynamo's words (variables/higher_order_ops.py), around the break's Unsupported text.
        message = ("This higher order operator doesn't work unless it is captured completely with "
                   "torch.compile. Got graph break/error:\n\n" + unsupported_text(category, what, stack))
        try:
            from torch._dynamo.exc import UncapturedHigherOrderOpError as exc
        except ImportError:  # another torch
            exc = RuntimeError
        record = {"exception": "torch._dynamo.exc.UncapturedHigherOrderOpError", "setting": "higher_order_op",
                  "id": CATEGORIES[category][0],
                  "type": CATEGORIES[category][1], "operation": what, "message": message}
        if stack:
            record.update(file=stack[-1]["file"], line=stack[-1]["line"])
        try:
            error = exc(message)
        except Exception:  # noqa: BLE001 - another signature in another torch
            error = RuntimeError(message)
        self.fail(error, record)

    def captures(self, base, name):
        """Whether the config (or fullgraph=True) keeps this data-dependent
        operator in the graph: a scalar output (.item()) with
        capture_scalar_outputs, a data-dependent output shape (nonzero,
        unique) with capture_dynamic_output_shape_ops."""
        settings = self.settings
        if settings is None:
            return False
        if base in ("_local_scalar_dense", "item"):
            return settings.scalar_outputs
        return name in _SHAPE_OPS and settings.dynamic_output_shapes

    def run_break(self, category, what, action, stack=None, inputs=(), library=None):
        """Closes the graph, runs `action` unrecorded, and opens a new graph.
        Tensors in `inputs` are read by Python between graphs: the graph that
        made them must output them."""
        for tensor in _tensors_in(inputs):
            value = self._lookup(tensor)
            if value is not None and value.kind == "node":
                value.used_later = True
        count = len(self.breaks)
        self.graph_break(category, what, stack, library=library, deferred=True)
        self.suspended += 1
        try:
            out = action()
        finally:
            self.suspended -= 1
            self.deferred_break = None  # (its value is kept below)
        if len(self.breaks) > count and (type(out) in (bool, int, float) or _small_scalar_list(out)):
            # The Python value the break produced (a branch's condition, an
            # .item(), a .tolist()): what the code after the break is specialised on.
            self.breaks[-1]["value"] = out
        self.made_between_graphs(out)
        if category == "autograd":
            self.grads_made()
        # `out` is what the watched frame's call returns (its ___stack0) when
        # the break is that call itself, not one inside a builtin the frame
        # is calling (sorted() comparing tensors: its list is the result).
        callee = self.c_callee
        direct = callee is None or getattr(callee, "__name__", None) == what.rsplit(".", 1)[-1]
        self.settle_resume(out if direct else _UNKNOWN)
        return out

    def grads_made(self):
        """A backward pass ran between graphs: the gradients it left on the
        parameters the frame reaches are values made between graphs, which a
        later graph (an optimizer step) reads as inputs, never as constants."""
        with self.unrecorded():
            kept = {id(t): t for t in self.keep if isinstance(t, torch.Tensor)}  # one pass, not one per parameter
            leaves = [(source, kept.get(tid)) for tid, (source, kind, _) in list(self.sources.items())
                      if kind in ("parameter", "user_input")]
            # (and the program's own leaf tensors read from globals: `w = torch.randn(3, requires_grad=True)`)
            leaves += [(f"G[{name!r}]", self.globals.get(name)) for name in sorted(getattr(self, "global_names", ()))
                       if isinstance(self.globals.get(name), torch.Tensor)]
            for source, param in leaves:
                grad = leaf_grad(param) if isinstance(param, torch.Tensor) else None
                if isinstance(grad, torch.Tensor):
                    self.keep.append(grad)
                    self.values[id(grad)] = Value(_sanitize(f"{source}.grad"), None, grad, "break")

    def made_eagerly(self, outputs, written):
        """Tensors made (`outputs`) or written (`written`) by an operator
        that runs eagerly (in a function Dynamo skips): values made between
        graphs from now on, and so is every tensor sharing the memory of one
        written."""
        with self.unrecorded():
            if written:
                storages = {_storage_of(t) for t in written} - {None}
                stale = [v.ref() for v in list(self.values.values())
                         if v.kind != "break" and v.ref() is not None and _storage_of(v.ref()) in storages]
                for t in stale:
                    if t is not None:
                        self._eager_value(t)
            for t in list(outputs) + list(written):
                self._eager_value(t)

    def _eager_value(self, tensor):
        self.eager_count += 1
        self.keep.append(tensor)
        self.values[id(tensor)] = Value(f"eager{self.eager_count}", None, tensor, "break")

    def made_between_graphs(self, result):
        """Tensors returned by the call that broke the graph: the next graph
        reads them as inputs made between graphs."""
        tensors = list(_tensors_in(result))
        for i, t in enumerate(tensors):
            if self._lookup(t) is None:
                self.keep.append(t)
                self.values[id(t)] = Value(break_output_name(len(self.breaks) - 1, i), None, t, "break")
        if self.breaks and tensors:
            # How many break{n}_out{i} there can be (resumes.track names them ___stack0).
            self.breaks[-1]["returned"] = max(self.breaks[-1].get("returned", 0), len(tensors))

    def graph_break(self, category, what, stack=None, library=None, deferred=False):
        """`library`: (the frame of torch's own code the break stands in,
        as a stack entry; the Python frame whose return ends the eager run
        of the rest of that call)."""
        if deferred:
            self.deferred_break = None
        if in_skipped_level(self) or self.opaque:
            # In a function Dynamo skips: it runs eagerly, its breaks are never
            # seen; in one allowed in the graph (allow_in_graph,
            # nonstrict_trace): Dynamo does not trace its code, so nothing in it breaks.
            return
        library, library_call = ([library[0]], library[1]) if library is not None else ([], None)
        if stack is None:
            stack = self.user_stack()
            found = self.recorder.library_call(sys._getframe(1), self)
            if found is not None and stack:
                library, library_call = [found[0]], found[1]
        if self.hop_depth:
            raise _HopBreak(category, what, stack)  # inside a cond branch: record_hop
        if self.checkpoint is not None and not self.checkpoint["broke"]:
            self.checkpoint_break()
        if self.settings is not None and (self.settings.fullgraph or error_on_graph_break()):
            setting = "fullgraph" if self.settings.fullgraph else "error_on_graph_break"
            self.fail(*fullgraph_break(category, what, stack, setting))
        if self.nested:
            # A break in a called function: each call it stands in is a frame of Dynamo's own.
            split_levels(self, category)
        graph = self.graph
        if not graph.nodes and self.breaks:
            # One Python call can trip the same break several times (numpy's
            # dispatcher and then its implementation): nothing ran in
            # between, so it is the same break.
            last = self.breaks[-1]
            if last["category"] == category and last["stack"][-1:] == stack[-1:]:
                return
        with self.unrecorded():
            self.snapshot_live(graph)
            # library: the frame of torch's own code Dynamo reports it in, shown below the program's.
            self.breaks.append({"category": category, "operation": what, "stack": stack, "library": library,
                                "graph": graph,
                                "locals": {} if self.nested else live_names(self),
                                "contexts": tuple(name for name, _ in self.context_stack),
                                "stack_index": self._result_slot(), "result_read": self._result_read(),
                                "offset": self.frame.f_lasti if self.frame is not None and len(stack) == 1 else None})
            if len(stack) == 1 and not self.nested and not any("read_before" in b for b in self.breaks[:-1]):
                # What had been read when the frame's code first broke: a
                # guard needing more is its resume function's (resumes.late_only_hit).
                self.breaks[-1]["read_before"] = (frozenset(self.read_names), tuple(self.ran_codes))
            resumes.note_break(self.recorder.dynamo_ids, stack, self.breaks[-1]["contexts"],
                               resumes.resume_has_tensor(self.frame, self.breaks[-1]["result_read"]), category)
            if deferred:
                self.deferred_break = self.breaks[-1]
            if self.checkpoint is not None:
                self.breaks[-1]["under_checkpoint"] = True
            self.graphs.append(Graph(self))
            self.graph.piece = self.innermost_piece()
            if self.nested:
                inner = self.nested[-1].frame
                self.graph.piece_kind, self.graph.piece_line = "break", inner.f_lineno
                self.graph.after_break = self.breaks[-1]
                self.graph.frame_names = frame_names(self, inner)
            if self.loop_break is None and (implicit := self._implicit_call()) is not None:
                # In the program's code that the frame ran without a call of
                # its own (a property read, a generator its loop advances):
                # Dynamo can split a frame only at a call, a comparison, a
                # subscript or a store. It falls back to its last checkpoint
                # (the start of the statement, once the graph holds two
                # calls), compiles up to there and runs the rest eagerly;
                # with none, it gives up on the frame (or the rest of it).
                implicit, line = implicit
                self._not_resumable(graph, line, implicit)
            elif self.loop_break is None and self._in_loop():
                self.loop_break, self.skip_kind = self.breaks[-1], "loop"
            elif self.loop_break is None and not self.nested and self._in_generator():
                self.loop_break, self.skip_kind = self.breaks[-1], "generator"
            elif self.loop_break is None and (start := self._try_line()) is not None:
                # Dynamo then falls back to its last checkpoint (an instruction
                # outside any try block, once the graph holds two calls): it
                # compiles up to there and skips the rest; with none, the frame.
                self.loop_break = self.breaks[-1]
                self.skip_kind = "try-rest" if _ops_before(graph, start) >= 2 else "try"
            elif self.loop_break is None and any(not supported for _, supported in self.context_stack):
                # Dynamo can resume after a break under torch's own context
                # managers (no_grad, autocast...), not under the program's
                # (a class with __enter__, a contextlib.contextmanager).
                self.loop_break, self.skip_kind = self.breaks[-1], "with"
                self.skip_context = ", ".join(n for n, supported in self.context_stack if not supported)
            if self.loop_break is self.breaks[-1] and len(self.breaks) == 1 and \
                    self.skip_kind in ("loop", "with", "try", "generator"):
                # Dynamo gives up on the whole frame: the rest of the call runs
                # as that frame will, its callees compiled on their own.
                self.recorder.adopt_rest(self)
            elif self.loop_break is self.breaks[-1] and self.skip_kind in ("not-resumable", "not-resumable-rest") and \
                    (len(self.breaks) == 1 or self.skip_kind == "not-resumable-rest"):
                # Likewise from inside the function that broke (the property
                # getter goes on eagerly; what the frame calls next is compiled
                # on its own).
                self.recorder.adopt_rest(self)
            elif self.loop_break is None and not self.nested and _current() is self and \
                    self.recorder.resume_without_tensors(self):
                # Dynamo's resume function after this break may hold no tensor
                # (convert_frame.has_tensor_in_frame): settle_resume decides
                # once the broken call's result (___stack0) is known.
                self.resume_pending = self.breaks[-1]
                if not deferred and library_call is None:
                    # No call whose result the resume function takes (or none
                    # seen): decided now. (A break inside torch.nn's code: when
                    # the call into it returns, below.)
                    self.settle_resume(None)

        if library_call is not None and _current() is self and not self.suspended and self.pending_py is None:
            # Dynamo never compiles torch.nn's code as a frame of its own: the
            # rest of the program's call into it runs eagerly, and what it
            # returns is made between graphs (the resume function's ___stack0).
            self.suspended += 1
            self.pending_py = library_call

    def _not_resumable(self, graph, line, context):
        """The last break is one Dynamo cannot resume from: it compiles up to
        the start of the statement when the graph holds two operations
        before it, else it gives up on the frame."""
        self.loop_break = self.breaks[-1]
        self.skip_kind = "not-resumable-rest" if _ops_before(graph, line) >= 2 else "not-resumable"
        self.skip_context = context

    def step_unsupported(self, stack):
        """torch._dynamo.step_unsupported(): a break Dynamo cannot resume
        from. It compiles the graph so far when it holds two operations
        before the statement (the rest runs eagerly, its callees compiled on
        their own), else it skips the frame."""
        count = len(self.breaks)
        graph = self.graph
        self.graph_break("step-unsupported", "torch._dynamo.step_unsupported", stack)
        if len(self.breaks) == count or self.loop_break is not None or self.nested or not stack:
            return
        self._not_resumable(graph, stack[0]["line"], "torch._dynamo.step_unsupported()")
        if self.skip_kind == "not-resumable-rest" or len(self.breaks) == 1:
            self.recorder.adopt_rest(self)

    def missing_bytecode(self, opname, stack):
        """An instruction Dynamo has no handler for (_watch_missing_bytecode):
        a break it cannot resume from, as step_unsupported()."""
        self.unresumable_break("missing-bytecode", opname, stack, f"the instruction {opname}")

    def unresumable_break(self, category, what, stack, context):
        """A break Dynamo cannot resume from, met in the watched frame's own
        code: it compiles the graph so far when it holds two operations
        before the statement (the rest runs eagerly), else skips the frame."""
        count = len(self.breaks)
        graph = self.graph
        self.graph_break(category, what, stack)
        if len(self.breaks) == count or self.loop_break is not None or self.nested or not stack:
            return
        self._not_resumable(graph, stack[0]["line"], context)
        if self.skip_kind == "not-resumable-rest" or len(self.breaks) == 1:
            self.recorder.adopt_rest(self)

    def checkpoint_break(self):
        """A break inside a function run by torch.utils.checkpoint: Dynamo
        cannot trace the checkpoint (a higher-order operator) in pieces, so
        it breaks at the checkpoint call in the program's code, reporting the
        break inside, and the checkpoint runs eagerly (torch._disable_dynamo):
        nothing of it is in a graph, and the functions it calls are no frames
        of Dynamo's. The operators recorded since the call began are taken
        out of the graph (made eagerly); recording resumes when it returns
        (Recorder._profile)."""
        region = self.checkpoint
        region["broke"] = True
        del self.nested[region["nested"]:]
        graph = self.graph
        if region["graph"] is graph:
            moved = graph.nodes[region["nodes"]:]
            del graph.nodes[region["nodes"]:]
            names = {out.get("name") for node in moved for out in node.get("outputs", ()) if out.get("name")}
            gone = [v for v in graph.produced if v.name in names]
            graph.produced = [v for v in graph.produced if v.name not in names]
            with self.unrecorded():
                for value in gone:
                    if value.ref() is not None:
                        self._eager_value(value.ref())
        self.suspended += 1  # until the checkpoint returns

    def settle_resume(self, result):
        """The result of the call that broke the graph (None for a C
        function's: its value is not seen), when the live locals after the
        break held no tensor: with no tensor in it either, Dynamo does not
        compile the resume function, and the rest of the call runs eagerly,
        its callees compiled on their own."""
        pending, self.resume_pending = self.resume_pending, None
        if pending is None or not self.breaks or pending is not self.breaks[-1] or _current() is not self or \
                result is _UNKNOWN:
            return
        if result is not None and not _no_tensor_value(result):
            return
        pending["rest_uncompiled"] = True
        if self.verify_entry >= 0 or self.candidates is not None:
            self.suspended += 1  # a hit recorded again: the rest runs unrecorded, as when it was stored
        else:
            self.recorder.adopt_rest(self)

    def observed_exception(self):
        """The call raised out of the watched frame an exception the
        program's own `raise` started (raise_stack): Dynamo, finding no
        handler, breaks there (gb0088), makes no graph of the call and
        skips the frame from then on."""
        count = len(self.breaks)
        self.graph_break("observed-exception", "raise", self.raise_stack)
        if len(self.breaks) > count:
            self.loop_break, self.skip_kind = self.breaks[-1], "observed-exception"

    def iterator_skip(self, what, stack):
        """The frame's own code iterates an iterator Dynamo wrapped as a plain
        object (iterables.py; a for loop, an unpacking): Dynamo cannot resume
        at that instruction and gives up on the frame, or on the rest of it
        after the previous break, as at a break in a loop."""
        count = len(self.breaks)
        self.graph_break("missing-tp-iter", what, stack)
        if len(self.breaks) > count and self.loop_break is None:
            self.loop_break, self.skip_kind = self.breaks[-1], "missing-tp-iter"
            if len(self.breaks) == 1 and not self.nested:
                self.recorder.adopt_rest(self)

    def _legacy_variable_call(self):
        """The program's stack when its innermost frame is calling
        torch.autograd.Variable (a load of the name, or of the attribute,
        on the line of its current instruction), else None."""
        frame = sys._getframe(2)
        sources = self.recorder.source_filter
        while frame is not None and not sources.is_program(frame.f_code.co_filename):
            frame = frame.f_back
        if frame is None:
            return None
        line = frame.f_lineno
        loads = {i.argval for i in _instructions(frame.f_code)[0]
                 if i.positions is not None and i.positions.lineno == line and
                 i.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_DEREF", "LOAD_ATTR", "LOAD_METHOD")}
        if "Variable" not in loads:
            return None
        named = frame.f_globals.get("Variable", frame.f_locals.get("Variable"))
        if named is not torch.autograd.Variable and not ({"autograd"} <= loads):
            return None
        return self.recorder._stack_at(frame, self)

    def reduction_break(self, fn, site):
        """builtins.any/all, called by the frame's code, tests a tensor's
        truth: Dynamo, inlining its polyfill, breaks at the polyfill's
        `if elem:` (shown under the frame's line); the call runs eagerly and
        the code after it is specialised on what it returned (___stack0 ==
        True). Over a generator the frame made (`any(t.sum() > 0 for t in
        ts)`), Dynamo cannot rebuild the generator it partly consumed and
        gives up on the frame (or the rest of it after the previous break)."""
        stack = self.user_stack()
        generator = next((c for c in self.code.co_consts if self.frame is not None and isinstance(c, types.CodeType)
                          and c.co_name == "<genexpr>" and c.co_firstlineno == self.frame.f_lineno), None)
        if generator is not None:
            # (Dynamo's failure there skips the frame with what it calls: the
            # generator expression is no frame it reports -- measured.)
            self.recorder._broken_generators.add((generator.co_filename, generator.co_qualname))
        count = len(self.breaks)
        library = ({"file": site[0], "line": site[1], "function": fn.__name__}, None)
        self.graph_break("data-dependent-reduction", f"{fn.__name__}() of a tensor's truth", stack, library=library,
                         deferred=True)
        if len(self.breaks) == count:
            return
        self.suspended += 1
        self.pending_c = fn
        if generator is not None and self.loop_break is None:
            self.loop_break, self.skip_kind = self.breaks[-1], "generator"
            if len(self.breaks) == 1:
                self.recorder.adopt_rest(self)

    def rnn_break(self, module, stack):
        """An nn.RNN/GRU/LSTM called in the frame: Dynamo refuses to wrap it
        (gb0014) and gives up on the whole frame, which runs eagerly; nothing
        more of the call is recorded. In a function Dynamo skips (which runs
        eagerly) it is never seen."""
        if in_skipped_level(self):
            return
        if self.nested:
            # In a function the frame calls (a module's forward): Dynamo,
            # inlining it, breaks there, at the call in each caller (resume
            # functions go on after them), and the function, compiled as a
            # frame of its own, fails there again (nested.split_levels).
            self.graph_break("rnn", type(module).__name__, stack)
            return
        count = len(self.breaks)
        graph = self.graph
        self.graph_break("rnn", type(module).__name__, stack)
        if len(self.breaks) > count:
            if self.loop_break is None and not self.nested and len(self.breaks) == 1 and stack and \
                    _ops_before(graph, stack[0]["line"]) >= 2:
                # Like any break it cannot resume from: with two operations
                # before the statement, Dynamo compiles up to there and runs
                # the rest eagerly (word_language_model's
                # `emb = self.drop(self.encoder(input))` before `self.rnn(emb, hidden)`).
                self._not_resumable(graph, stack[0]["line"], f"a call of nn.{type(module).__name__}")
                self.recorder.adopt_rest(self)
                return
            self.loop_break, self.skip_kind = self.breaks[-1], "rnn"
            self.suspended += 1  # for good: the rest of the call runs eagerly

    def lock_break(self, what, stack, nested=False):
        """A `with` on a threading lock in the watched frame: Dynamo cannot
        enter it (gb0142) and gives up on the whole frame, which runs
        eagerly (nothing of the call is recorded from here, and what was
        recorded before is no graph). In a function the frame calls
        (`nested`): Dynamo, inlining it, breaks there, at the call in each
        caller, and the function, compiled as a frame of its own, fails there
        again and is skipped as a whole (nested.split_levels)."""
        if in_skipped_level(self):
            return
        if nested:
            self.graph_break("unsupported-context-manager", what, stack)
            return
        count = len(self.breaks)
        self.graph_break("unsupported-context-manager", what, stack)
        if len(self.breaks) > count:
            self.loop_break, self.skip_kind = self.breaks[-1], "lock"
            self.suspended += 1  # for good: the rest of the call runs eagerly

    def functorch_break(self, transform):
        """The watched frame called inside an eager functorch transform
        (torch.vmap(compiled_fn)): Dynamo refuses to trace it before its
        first instruction (InstructionTranslator._throw_if_in_functorch,
        gb0149) and gives up on the frame, which runs eagerly from then on.
        The break has no site in the program (Dynamo's log shows none)."""
        count = len(self.breaks)
        self.graph_break("functorch", f"a call inside torch.{transform}", [])
        if len(self.breaks) > count:
            self.loop_break, self.skip_kind = self.breaks[-1], "functorch"
            self.suspended += 1  # for good: the call runs eagerly

    def sparse_break(self, what):
        """A sparse tensor the graph did not make reaches a torch function
        the program's code calls: Dynamo cannot wrap it (gb0015) and gives
        up on the frame, which runs eagerly from here (nothing more of the
        call is recorded); the functions it calls later are frames of their
        own, as under any frame Dynamo skips."""
        if in_skipped_level(self):
            return
        count = len(self.breaks)
        self.graph_break("sparse-tensor", what, self.user_stack())
        if len(self.breaks) > count:
            self.loop_break, self.skip_kind = self.breaks[-1], "sparse-tensor"
            self.suspended += 1
            stack = self.loop_break["stack"]
            if len(stack) > 1 and stack[0]["function"] == self.code.co_qualname:
                # Met in a function the frame calls: Dynamo, restarting to
                # break at that call instead, fails again there, in the
                # frame's own line (the sparse tensor is an argument of the call).
                self.breaks.append(dict(self.loop_break, stack=stack[:1], library=[]))

    def fail(self, exception, record):
        """Raises what torch.compile raises out of this call (fullgraph=True):
        the program gets the exception, the call records nothing more and
        makes no cache entry (Recorder.exit)."""
        self.fullgraph_error = record
        self.suspended += 1  # for good: a program that catches it inside the frame runs on eagerly
        raise exception

    def end_graph(self, piece=None):
        """Closes the current graph without a break: what follows belongs to
        another frame of Dynamo's (a function that a non-recursively
        disabled one calls is compiled as a frame of its own; the caller of
        a function that broke resumes after the call). `piece`: what the
        next graph is a piece of (Graph.piece)."""
        if self.graph.nodes:
            with self.unrecorded():
                self._snapshot(self.graph)
                self.graphs.append(Graph(self))
        self.graph.piece = piece

    def _result_slot(self):
        """Where the broken call's result stands on the stack of Dynamo's
        resume function: ___stack0, or ___stack1 when something is below it
        (`int(t.item())`: the int function)."""
        frame = self.nested[-1].frame if self.nested else self.frame
        return result_slot(frame.f_code, frame.f_lasti) if frame is not None else 0

    def _result_read(self):
        """Whether the watched frame reads what the broken call returned
        (resumes.result_read); True inside a called function."""
        if self.nested or self.frame is None:
            return True
        return result_read(self.frame.f_code, self.frame.f_lasti)

    def innermost_piece(self):
        """The piece of Dynamo's frame that runs from here: the innermost
        active call of the program's code (or the watched frame), from the
        instruction it stands at."""
        frame = self.nested[-1].frame if self.nested else self.frame
        return (frame.f_code, frame.f_lasti) if frame is not None else None

    def _in_loop(self):
        """Whether the break stands in a loop of the watched frame (at its
        current instruction: the break itself, or the call of the function
        that broke). Dynamo asks this of the frame it compiles; a break in a
        loop of a called function splits this frame at the call instead, and
        the callee, compiled as a frame of its own, is the one skipped."""
        frame = sys._getframe(2)
        while frame is not None and frame.f_code is not self.code:
            frame = frame.f_back
        return frame is not None and has_backedge(self.code, frame.f_lasti)

    def _in_generator(self):
        """Whether the break stands in a generator of the program's that the
        watched frame runs (inlined by Dynamo: made in the frame, advanced by
        next() or a loop). Dynamo cannot resume inside a generator: it gives
        up on the frame (test_generator.py test_graph_break_in_generator)."""
        frame = sys._getframe(2)
        is_user = self.recorder.source_filter.is_user
        while frame is not None and frame.f_code is not self.code:
            code = frame.f_code
            if code.co_flags & 0x20 and is_user(code.co_filename):  # CO_GENERATOR
                return True
            frame = frame.f_back
        return False

    def _implicit_call(self):
        """How the watched frame ran the program's function the break stands
        in, when not by an instruction Dynamo can break at (its
        break_graph_if_unsupported ones: calls, COMPARE_OP, BINARY_SUBSCR,
        STORE_ATTR, STORE_SUBSCR): "LOAD_ATTR" for a property getter,
        "FOR_ITER" for a generator it iterates..., with the frame's line
        there; None otherwise, and for a break in the frame's own code or in
        torch's."""
        frame, callee = sys._getframe(2), None
        while frame is not None and frame.f_code is not self.code:
            callee, frame = frame, frame.f_back
        if frame is None or callee is None or not self.recorder.source_filter.is_user(callee.f_code.co_filename):
            return None
        op = instruction_name(frame.f_code, frame.f_lasti)
        return None if resumable_at(op) else (op, frame.f_lineno)

    def _try_line(self):
        """The first line of the try block of the watched frame the break
        stands in (see breaks.in_try_block; asked like _in_loop), or None."""
        frame = sys._getframe(2)
        while frame is not None and frame.f_code is not self.code:
            frame = frame.f_back
        return try_block_line(self.code, frame.f_lasti) if frame is not None else None

    def skips_whole_frame(self):
        """Whether Dynamo gives up on the whole frame at loop_break, wherever
        it stands (else on the resume function after the break before it).
        An nn.RNN/GRU/LSTM after an earlier break fails in that resume
        function, which alone is skipped (tests/oracle
        real_t_gru_packed_sequence_lengths)."""
        if self.skip_kind == "rnn":
            return self.breaks.index(self.loop_break) == 0
        return self.skip_kind in WHOLE_FRAME_KINDS

    def skip_after_loop_break(self, graphs):
        """What Dynamo keeps when a break stands in a loop: it gives up on the
        code that break runs in (the frame itself when it is the first break,
        else the resume function after the previous break), so only the
        graphs before that piece remain, and the breaks after it are never
        seen. Returns the graphs kept; capture.breaks is trimmed likewise."""
        if self.loop_break is None:
            return graphs
        if self.skips_whole_frame():  # the whole frame, wherever the break stands
            self.breaks = self.breaks[self.breaks.index(self.loop_break):]
            return []
        index = self.breaks.index(self.loop_break)
        opened = self.breaks[index - 1]["graph"] if index > 0 else None
        if self.skip_kind in ("try-rest", "not-resumable-rest"):  # up to the break's graph, then nothing more
            opened = self.loop_break["graph"]
        cut = self.graphs.index(opened) + 1 if opened is not None else 0
        kept = {id(g) for g in self.graphs[:cut]}
        self.breaks = self.breaks[:index + 1]
        return [(g, outputs) for g, outputs in graphs if id(g) in kept]

    def snapshot_live(self, graph):
        """A graph ends at a break (or where a called function's frame
        begins): the tensors the program still holds (its variables) are
        outputs of the graph, as Dynamo outputs every live value, so a resume
        entry that takes another way after the break can share this graph
        (see Recorder._resume_of); and its results are kept as they are now."""
        for value in graph.produced:
            tensor = value.ref()
            if tensor is not None and sys.getrefcount(tensor) > 2:
                value.live_at_break = True
            del tensor
        self._snapshot(graph)

    def _snapshot(self, graph):
        """Values of the graph's live results at the moment it ends."""
        with self.unrecorded():
            for value in graph.produced:
                tensor = value.ref()
                if tensor is not None:
                    graph.closing_values[value.name] = tensor.detach().clone()

    # ----- end of the frame ------------------------------------------------------------------
    def finish(self, result):
        self._snapshot(self.graph)
        # Where each returned tensor stands in what the frame returned, as
        # the program names it: "output", "output[0]", a dict's or a
        # ModelOutput's key ("logits"), "past_key_values[0][1]".
        returned = {}

        def mark(obj, path, depth=0):
            if isinstance(obj, torch.Tensor):
                returned.setdefault(id(obj), path)
            elif depth < 4 and isinstance(obj, (list, tuple)):
                for i, o in enumerate(obj):
                    mark(o, f"{path}[{i}]", depth + 1)
            elif depth < 4 and isinstance(obj, dict):
                for key, o in obj.items():
                    mark(o, _key_path(path, key, depth), depth + 1)
            elif depth < 4 and hasattr(obj, "__dataclass_fields__"):
                for key in obj.__dataclass_fields__:
                    mark(getattr(obj, key, None), _key_path(path, key, depth), depth + 1)
        mark(result, "output")
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
                # variable, at the end or at the graph's break), not only by
                # autograd: `tensor` and getrefcount's own argument are the
                # two references that do not count.
                if "returned" not in reasons and (value.live_at_break or tensor is not None and
                                                  sys.getrefcount(tensor) > 2):
                    reasons.append("alive")
                if reasons and value.name in g.closing_values:
                    outputs.append({"name": value.name, "reasons": reasons})
                    if "returned" in reasons:
                        outputs[-1]["returned_as"] = returned[id(tensor)]
            graphs.append((g, outputs))
        return graphs
