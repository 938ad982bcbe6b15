"""Breaks inside called functions, split the way Dynamo splits them.

Dynamo inlines the program's functions into the frame it compiles. When an
inlined call breaks the graph, it does not split the frame at the break: it
traces the frame again, with the *call* as the break, runs the callee
eagerly, and the callee's frame (caught by the frame hook like any other)
is compiled on its own, split at its break. A break two calls deep gives
three frames of two graphs each (test_error_messages.py
test_nested_graph_break). dynx records the call as one sequence of
operators; this module cuts it where Dynamo's frames begin and end:

- every call of the program's code inside a watched frame opens a *level*
  (NestedLevel) that remembers where the current graph stood;
- at a break, each level not cut yet is cut retroactively at its entry
  (split_graph: the operators since the entry move to a graph of their own,
  the values they read from before become its inputs), and once it returns
  the graph is closed again (FrameCapture.end_graph);
- a level whose call of the break stands in one of its loops is a frame
  Dynamo skips (gb7000): its own operators run eagerly, the functions it
  calls are frames of their own.
"""
import re

from .breaks import CATEGORIES, LOCK_SKIP, LOOP_SKIP, NOT_RESUMABLE, has_backedge, resumable_at
from .iterables import instruction_name
from .resumes import frame_names

# CO_GENERATOR | CO_COROUTINE | CO_ITERABLE_COROUTINE | CO_ASYNC_GENERATOR:
# a generator's body resumes many times, it is no call to split at.
_GENERATOR_FLAGS = 0x20 | 0x80 | 0x100 | 0x200

# Operators that draw random numbers: a graph split after one would replay
# its second half from the wrong generator state.
_RANDOM = re.compile(r"rand|bernoulli|dropout|normal|multinomial|uniform|exponential|geometric|cauchy|poisson")


# A comprehension (a function of its own on Python 3.11) that breaks runs
# eagerly under Dynamo with the frame split around it, and is never logged
# as a frame skipped (oracle skip_list_comp_item).
_COMPREHENSIONS = frozenset(("<listcomp>", "<dictcomp>", "<setcomp>"))


# What split_graph made of a level (see there).
OWN = "own"
EMPTY = "empty"


class NestedLevel:
    __slots__ = ("frame", "graph", "nodes", "split", "skipped", "asked_compiling")

    def __init__(self, frame, graph):
        self.frame = frame
        self.graph = graph          # the graph being recorded when the call began...
        self.nodes = len(graph.nodes)  # ...and how many nodes it had then
        self.split = False          # cut at its entry (a break happened inside it)
        self.skipped = False        # a frame Dynamo skips (a break in one of its loops), or the rest of it
        self.asked_compiling = False  # torch.compiler.is_compiling() asked in it (see FrameCapture)


def is_level(code):
    return not code.co_flags & _GENERATOR_FLAGS


def _refs(obj, out):
    if isinstance(obj, dict):
        if "ref" in obj and len(obj) == 1:
            out.append(obj["ref"])
        else:
            for v in obj.values():
                _refs(v, out)
    elif isinstance(obj, list):
        for v in obj:
            _refs(v, out)
    return out


def _node_refs(nodes):
    out = []
    for node in nodes:
        _refs(node["args"], out)
        _refs(node["kwargs"], out)
    return out


def _mutated_refs(node):
    """Names of the values a node writes in place: `self` (ATen's in-place
    and out= operators write their first argument or a keyword one); any
    other written argument counts all of them."""
    if "mutates" not in node:
        return []
    names = []
    for key in node["mutates"]:
        if key in node["kwargs"]:
            _refs(node["kwargs"][key], names)
        elif key == "self" and node["args"]:
            _refs(node["args"][0], names)
        else:
            _refs(node["args"], names)
    return names


def split_graph(capture, level):
    """Cuts the current graph where `level` began: the nodes since then move
    to a new graph, which reads what they use from before as inputs (the
    same inputs, or outputs of the first part). Returns False, changing
    nothing, where the cut cannot be made faithfully: a value the second
    part reads is gone, a part writes in place what the other reads, or
    random numbers are drawn on both sides of the cut.

    Returns OWN when the current graph now holds exactly what was recorded
    since the entry, EMPTY when nothing was (the graph before the entry is
    the one the break ends), None when the cut was not made."""
    from .capture import Graph  # circular at import time

    graph = capture.graph
    k = level.nodes
    if level.graph is not graph:
        return None  # cut since the entry already: what is the level's own is not one graph
    if k == len(graph.nodes):
        return EMPTY
    if k == 0:
        # Nothing before the entry: the whole graph is the level's.
        _label_frame(capture, graph, level.frame)
        return OWN
    first, second = graph.nodes[:k], graph.nodes[k:]
    made_second = {o["name"] for n in second for o in n["outputs"] if o.get("name")}
    made_first = {o["name"] for n in first for o in n["outputs"] if o.get("name")}
    if any(_RANDOM.search(n["op"]) for n in first) and any(_RANDOM.search(n["op"]) for n in second):
        return None
    reads_second = _node_refs(second)
    crossing = [name for name in dict.fromkeys(reads_second) if name not in made_second]
    # Writes are followed to the tensor they land in (a write through a view
    # of an input writes the input).
    base = _view_bases(graph.nodes)
    crossing_roots = {_root(name, base) for name in crossing}
    for node in second:
        if any(_root(name, base) not in made_second for name in _mutated_refs(node)):
            return None  # the second part writes what the first part made or read
    for node in first:
        if any(_root(name, base) in crossing_roots or name in crossing for name in _mutated_refs(node)):
            return None  # something the second part reads, written by the first
    inputs = {spec["name"]: spec for spec in graph.inputs}
    produced = {value.name: value for value in graph.produced}
    new = Graph(capture)
    new.piece = (level.frame.f_code, -1)
    new.rng_state = graph.rng_state
    new.names = dict(graph.names)
    new.used = set(graph.used)
    additions = []
    for name in crossing:
        if name in inputs:
            spec = dict(inputs[name])
            tensor_id = next((tid for tid, n in graph.input_by_id.items() if n == name), None)
            example = graph.examples.get(name)
            additions.append((spec, tensor_id, example, None))
            continue
        value = produced.get(name)
        tensor = value.ref() if value is not None else None
        if tensor is None:
            return None
        spec = {"name": name, "kind": "intermediate", "meta": value.meta,
                "source_ref": {"graph_output": name, "graph": graph}}
        with capture.unrecorded():
            example = tensor.detach().clone()
        additions.append((spec, id(tensor), example, (value, tensor)))
    # Committed from here on.
    for spec, tensor_id, example, made in additions:
        new.inputs.append(spec)
        if tensor_id is not None:
            new.input_by_id[tensor_id] = spec["name"]
        if example is not None:
            new.examples[spec["name"]] = example
        if made is not None:
            made[0].used_later = True
            capture.keep.append(made[1])
    graph.nodes = first
    new.nodes = second
    new.produced = [v for v in graph.produced if v.name in made_second]
    graph.produced = [v for v in graph.produced if v.name not in made_second]
    for value in new.produced:
        value.graph = new
    still_read = set(_node_refs(first))
    for spec in [s for s in graph.inputs if s["name"] not in still_read]:
        graph.inputs.remove(spec)
        graph.examples.pop(spec["name"], None)
        for tid in [tid for tid, n in graph.input_by_id.items() if n == spec["name"]]:
            del graph.input_by_id[tid]
    with capture.unrecorded():
        capture.snapshot_live(graph)
    capture.graphs.append(new)
    _label_frame(capture, new, level.frame)
    _rebase(capture, level, graph, k)
    return OWN


def _label_frame(capture, graph, frame):
    """`graph` is the start of the called function running in `frame`, a
    frame Dynamo compiles on its own (resumes.track)."""
    graph.piece = (frame.f_code, -1)
    graph.piece_kind, graph.piece_line = "frame", frame.f_code.co_firstlineno
    caller = frame.f_back
    graph.called_at = (caller.f_code.co_filename, caller.f_lineno) if caller is not None else None
    graph.frame_names = frame_names(capture, frame)


def _view_bases(nodes):
    """For each output that is a view of (or written into) an argument:
    the argument's name (ATen's alias annotations)."""
    base = {}
    for node in nodes:
        first = next((a["ref"] for a in node["args"] if isinstance(a, dict) and "ref" in a), None)
        if first is None:
            continue
        for out in node["outputs"]:
            if out.get("name") and out.get("alias") in ("view", "inplace"):
                base[out["name"]] = first
    return base


def _root(name, base):
    seen = set()
    while name in base and name not in seen:
        seen.add(name)
        name = base[name]
    return name


def _rebase(capture, level, graph, k):
    """Levels entered after `level` counted their entry in `graph`: their
    nodes are the new graph's now."""
    for other in capture.nested:
        if other is not level and other.graph is graph and other.nodes >= k:
            other.graph = capture.graph
            other.nodes -= k


def split_levels(capture, category=None):
    """At a break (of `category`): cuts every active level not cut yet at
    its entry (outermost first); marks as skipped each whose own call of
    the break stands in one of its loops, and each that calls the next level
    by an instruction Dynamo cannot split a frame at (all of it, or the rest
    of it after its checkpoint); notes those that recorded nothing of their
    own as frames with empty graphs (capture.empty_frames)."""
    fresh = []
    for level in capture.nested:
        if level.split:
            continue
        level.split = True
        result = split_graph(capture, level)
        fresh.append((level, result, capture.graph if result is OWN else None))
    for index, (level, result, own) in enumerate(fresh):
        # Where this level stands now: the call of the next level, or the break.
        code = level.frame.f_code
        reason = LOOP_SKIP
        if category == "unsupported-context-manager" and level is capture.nested[-1]:
            # A with on a threading lock in this level's own code (lock_break):
            # compiled as a frame of its own, it fails there and is skipped.
            reason = LOCK_SKIP
        elif category == "rnn" and level is capture.nested[-1]:
            # An nn.RNN/GRU/LSTM called in this level's own code (rnn_break):
            # compiled as a frame of its own, it cannot resume there; with
            # two calls before the statement it is compiled up to there and
            # the rest runs eagerly, else it is skipped as a whole.
            reason = CATEGORIES["rnn"]
            # (Its own operators: the graph cut at its entry, or, where the cut
            # could not be made, the nodes recorded since the entry.)
            nodes = own.nodes if own is not None else \
                capture.graph.nodes[level.nodes:] if level.graph is capture.graph else []
            if _calls_before(nodes, level) >= 2:
                level.skipped = True
                continue
        elif not has_backedge(code, level.frame.f_lasti):
            op = _implicit_call(capture, level)
            if op is None:
                inner = fresh[index + 1] if index + 1 < len(fresh) else None
                if result is EMPTY or result is OWN and inner is not None and inner[1] is OWN and inner[2] is own:
                    # (OWN, and the next level's too, in the same graph: the
                    # next one began before this one recorded anything.)
                    _empty_frame(capture, level)
                continue
            # The next level runs without a call of this one's (a property
            # getter read as an attribute): Dynamo, compiling this level as a
            # frame of its own, cannot resume there. It falls back to its
            # last checkpoint (the start of the statement, once the graph
            # holds two calls), compiles up to there and runs the rest
            # eagerly; with none, it gives up on the frame.
            level.skipped = True  # all of it, or the rest of it after the checkpoint, runs eagerly
            if own is not None and _calls_before(own.nodes, level) >= 2:
                continue  # compiled up to the statement: not a frame Dynamo skips
            gb = CATEGORIES[category][0] if category in CATEGORIES else NOT_RESUMABLE[0]
            reason = (gb, NOT_RESUMABLE[1], f"{NOT_RESUMABLE[2]} (here: {op})", NOT_RESUMABLE[3])
        level.skipped = True
        capture.skipped_codes.add(code)
        if code.co_name not in _COMPREHENSIONS and all(c is not code for c, _, _ in capture.skipped_levels) and \
                _compiled_frame(level.frame):
            capture.skipped_levels.append((code, level.frame.f_lineno, reason))
        # Its own operators are in `own` alone once the next level was cut off
        # it (or recorded nothing); with no next level, up to the break.
        if own is None:
            continue
        inner = fresh[index + 1] if index + 1 < len(fresh) else None
        if inner is None or inner[1] is EMPTY or (inner[1] is OWN and inner[2] is not own):
            _drop_own_part(capture, own)


def _empty_frame(capture, level):
    """`level`, a frame Dynamo compiles on its own, recorded no operator
    of its own (before its break, or at all): an entry with an empty graph."""
    if not _compiled_frame(level.frame):
        return  # nothing of torch in it: Dynamo does not compile it (no entry)
    caller = level.frame.f_back
    capture.empty_frames.append((level.frame.f_code, (caller.f_code.co_filename, caller.f_lineno)
                                 if caller is not None else None))


def _compiled_frame(frame):
    """Whether Dynamo compiles `frame` at all: one with nothing of torch in
    its reach (no tensor, module or torch import) it lets run untouched,
    with no entry and no skip to report."""
    try:
        from torch._dynamo.convert_frame import has_tensor_in_frame
        return has_tensor_in_frame(frame)
    except Exception:  # noqa: BLE001 - another torch: taken as compiled
        return True


def _implicit_call(capture, level):
    """The instruction by which `level` runs the next active level when
    Dynamo cannot split a frame there (LOAD_ATTR of a property, FOR_ITER of
    a generator, BINARY_OP of an operator method), else None."""
    index = next((i for i, other in enumerate(capture.nested) if other is level), None)
    if index is None or index + 1 >= len(capture.nested):
        return None  # the break is the level's own instruction
    op = instruction_name(level.frame.f_code, level.frame.f_lasti)
    return None if resumable_at(op) else op


def _calls_before(nodes, level):
    """The operators among `nodes` (the level's own, since its entry)
    recorded before the level's current line: Dynamo's checkpoint is the
    start of the statement."""
    code, line = level.frame.f_code, level.frame.f_lineno
    count = 0
    for node in nodes:
        entry = next((e for e in node.get("stack") or () if e["function"] == code.co_qualname and
                      e["file"] == code.co_filename), None)
        count += entry is None or entry["line"] < line
    return count


def enter_level(capture, frame):
    """A call of the program's code inside the watched frame. Called by a
    skipped level (which runs eagerly), it is a frame of its own: its graph
    is cut at its entry and exit."""
    level = NestedLevel(frame, capture.graph)
    if capture.nested and capture.nested[-1].skipped:
        capture.end_graph((frame.f_code, -1))
        _label_frame(capture, capture.graph, frame)
        level.graph = capture.graph
        level.nodes = 0
        level.split = True
    capture.nested.append(level)


def leave_level(capture, level, returned=None):
    """The level's call returned (`returned`): a level cut at its entry is
    a frame of Dynamo's of its own, so what its caller does next is another
    graph, a resume function of the caller's."""
    if level.split:
        if level.asked_compiling and level.nodes == 0 and level.graph is capture.graph and \
                not capture.graph.nodes and capture.nested and capture.nested[-1].skipped:
            # Called by a skipped level, it traced no operator, but asked
            # is_compiling(): Dynamo keeps its entry (no "No ops traced").
            _empty_frame(capture, level)
        capture.end_graph(capture.innermost_piece())
        caller = capture.nested[-1].frame if capture.nested else capture.frame
        if caller is not None:
            capture.graph.piece_kind, capture.graph.piece_line = "after_call", caller.f_lineno
            capture.graph.frame_names = frame_names(capture, caller, returned)


def in_skipped_level(capture):
    """Whether the innermost active call is a frame Dynamo skips (its
    operators run eagerly, its breaks are never seen)."""
    return bool(capture.nested) and capture.nested[-1].skipped


def _drop_own_part(capture, graph):
    """A skipped level's own operators (since its entry, up to the call of
    the next level or the break) run eagerly: their graph is emptied, what
    they made becomes values made between graphs."""
    made = {v.name for v in graph.produced}
    for value in graph.produced:
        value.kind = "break"
        value.graph = None
    for later in capture.graphs:
        for spec in later.inputs:
            ref = spec.get("source_ref")
            if ref and ref.get("graph") is graph and ref.get("graph_output") in made:
                spec["source_ref"] = {"break_output": ref["graph_output"]}
    graph.nodes = []
    graph.produced = []


def skip_record(code, line, reason=LOOP_SKIP):
    """frames.json's record of a frame Dynamo will not compile at all: a
    skipped level's (`line`: where its call of the break stood), or one
    skipped for `reason` (id, type, explanation, hint)."""
    gb, kind, explanation, hint = reason
    return {"function": code.co_qualname, "file": code.co_filename, "line": code.co_firstlineno,
            "skipped": {"id": gb, "type": kind, "whole_frame": True,
                        "what": f"{code.co_qualname} will not be compiled at all",
                        "file": code.co_filename, "line": line,
                        "explanation": explanation, "hint": hint}}


def graph_signature(document):
    """What makes two graphs the same compiled graph: their operators and
    arguments, and their inputs' kinds, sizes and dtypes (parameters and
    buffers by where they are read, whatever values an update gave them
    since; constants by name), with every name replaced by its position."""
    names = {}
    inputs = []
    for i, spec in enumerate(document["inputs"]):
        names[spec["name"]] = f"i{i}"
        meta = spec.get("meta", {})
        # A tensor argument is one whatever made it (the program, an earlier graph, a break).
        kind = spec.get("kind") if spec.get("kind") in ("parameter", "buffer", "constant") else "tensor"
        which = spec.get("source") if kind in ("parameter", "buffer") and spec.get("source") else spec.get("weight")
        inputs.append((kind, which, tuple(meta.get("shape", ())),
                       tuple(meta.get("stride", ())), meta.get("dtype"), meta.get("device"),
                       meta.get("requires_grad")))

    def canon(obj):
        if isinstance(obj, dict):
            if len(obj) == 1 and "ref" in obj:
                return ("ref", names.get(obj["ref"], obj["ref"]))
            return tuple(sorted((k, canon(v)) for k, v in obj.items()))
        if isinstance(obj, list):
            return tuple(canon(v) for v in obj)
        return obj

    nodes = []
    for j, node in enumerate(document["nodes"]):
        nodes.append((node["op"], canon(node["args"]), canon(node["kwargs"]), node.get("grad_enabled", True)))
        for k, out in enumerate(node["outputs"]):
            if out.get("name"):
                names[out["name"]] = f"n{j}_{k}"
    return repr((tuple(inputs), tuple(nodes)))
