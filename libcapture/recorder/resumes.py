"""Dynamo's resume functions as caches of their own.

After a graph break in the watched frame, Dynamo runs the rest of the frame
as a resume function (torch_dynamo_resume_in_<fn>_at_<line>), one code
object per break site, compiled and cached on its own: its guards are on
the values that live across the break (the frame's locals it still reads,
named as the frame names them, and the global state). When the frame
recompiles because a size or the grad mode changed, the values handed to
the resume function change too, and it recompiles as well, which Dynamo
logs as a recompile of its own (`tensor 'y' size mismatch at index 0`,
`GLOBAL_STATE changed: grad_mode`). When the frame recompiles for
something only the code before the break read, the resume function hits
its entry and nothing more is compiled.

dynx records one entry per compile of the frame, one graph per piece; this
module keeps, per break site, the pieces that stand for the resume
function's entries and tells, for each new entry of the frame, which of
its resume functions Dynamo compiles again and why (frames.json
"resume_recompiles"). A break on tensor data is left out: its resume
entries are recorded as entries of their own (Recorder._resume_of). A
break inside a called function makes more frames of Dynamo's (nested.py
cuts the call into their pieces): the callee, the code after its break,
the caller's code after the call; each is cached on its own, and a piece
none of its earlier pieces accepts is a recompile of it (_called_frames)."""
import dis
import os
import sys
import re
import types

from .breaks import DATA_DEPENDENT
from .dtypes import aten_name
from .dynamic import SymExpr
from .verify import _difference


class DynamoIds:
    """Dynamo's compile ids, `frame id/compile number` (its logs' `1/0`):
    a frame id per code object Dynamo compiles, in the order it first
    compiles them -- the watched frames, the resume functions after their
    breaks, the functions a nested break makes frames of their own -- and
    per code a count of its compiles. dynx's entry ids (`0/1`) number its
    own cache entries per watched frame; these are the ids a user finds in
    TORCH_LOGS=recompiles for the same recompile."""

    def __init__(self):
        self.frames = {}
        self.compiles = {}
        self.after_next_frame = []  # compiles Dynamo starts once the next new frame is compiled

    def frame_registered(self, key):
        """A watched frame compiled for the first time (`key`), then what
        was waiting on it (note_break)."""
        self.frame(key)
        pending, self.after_next_frame = self.after_next_frame, []
        for waiting in pending:
            self.first_compile(waiting)

    def frame(self, key):
        return self.frames.setdefault(key, len(self.frames))

    def compile(self, key):
        """The id of the next compile of `key`'s code."""
        number = self.compiles.get(key, 0)
        self.compiles[key] = number + 1
        return f"{self.frame(key)}/{number}"

    def first_compile(self, key):
        if key not in self.compiles:
            self.compile(key)


def frame_key(filename, qualname):
    return ("frame", filename, qualname)


def resume_key(site, contexts=()):
    """The resume function after a break at `site` (a stack entry: the
    file, function and line of the call that broke)."""
    return ("resume", site["file"], site["function"], site["line"], tuple(contexts))


_OPTIMIZER_WRAPPER = ("optimizer", "torch/optim/optimizer.py", "Optimizer.profile_hook_step.<locals>.wrapper")


def note_break(ids, stack, contexts, frame_resumed=True, category=None):
    """The compiles a new break makes Dynamo start: for a break inside
    called functions, each callee (outermost first) as a frame of its own,
    then the resume functions from the innermost out (the code after the
    break, then each caller's code after its call). `frame_resumed`: the
    watched frame's resume function holds something of torch (Dynamo
    compiles none that has_tensor_in_frame refuses: `opt.step()` as the
    last statement)."""
    if category == "optimizer-step":
        # opt.step(): Dynamo compiles torch's wrapper around it, which
        # breaks; the step itself, called from there, is the next frame it
        # compiles (a frame dynx watches), then the wrapper's code after
        # its break, then the caller's after the call.
        ids.first_compile(("frame",) + _OPTIMIZER_WRAPPER[1:])
        if ("resume",) + _OPTIMIZER_WRAPPER[1:] not in ids.compiles:
            ids.after_next_frame.append(("resume",) + _OPTIMIZER_WRAPPER[1:])
            if frame_resumed and stack:
                ids.after_next_frame.append(resume_key(stack[0], contexts))
        return
    for site in stack[1:]:
        ids.first_compile(frame_key(site["file"], site["function"]))
    for depth in range(len(stack) - 1, -1, -1):
        if depth or frame_resumed:
            ids.first_compile(resume_key(stack[depth], contexts if depth == 0 else ()))


def resume_has_tensor(frame, result_read):
    """Dynamo's has_tensor_in_frame for the resume function of `frame`
    after the call it is making: the globals its code names from there on
    (a torch module among them), the locals it loads from there on and
    what the call returns, when the code reads it (not known yet: taken as
    holding a tensor)."""
    if frame is None or result_read:
        return True
    try:
        from torch._dynamo.convert_frame import has_tensor_in_frame
        from .iterables import _instructions
        offset = frame.f_lasti
        names = {ins.argval for ins in _instructions(frame.f_code)[0] if ins.offset > offset and
                 ins.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_ATTR", "LOAD_METHOD") and type(ins.argval) is str}
        loaded = _locals_loaded(frame.f_code, offset)
        local_values = frame.f_locals
        fake = types.SimpleNamespace(f_code=types.SimpleNamespace(co_names=tuple(sorted(names))),
                                     f_globals=frame.f_globals,
                                     f_locals={n: local_values[n] for n in loaded if n in local_values})
        return bool(has_tensor_in_frame(fake))
    except Exception:  # noqa: BLE001 - a rule book that cannot answer says nothing
        return True


def live_names(capture):
    """{(id(graph), value name): the watched frame's local holding it}, for
    the tensors its locals hold at a break (the names Dynamo gives the
    resume function's arguments)."""
    frame = capture.frame
    if frame is None:
        return {}
    try:
        local_values = dict(frame.f_locals)
    except Exception:  # noqa: BLE001 - a frame whose locals cannot be read: no names
        return {}
    names = {}
    for name, value in local_values.items():
        known = capture.values.get(id(value))
        if known is not None and known.ref() is value and known.graph is not None:
            names.setdefault((id(known.graph), known.name), name)
    return names


def frame_names(capture, frame, returned=None):
    """What the tensors a piece of Dynamo's frame is handed are called
    there: {(id(graph), value name) or the watched frame's input source
    ("L['xs'][0]"): the name} for the tensors `frame`'s locals hold, and
    `returned` (what a call that broke left on the caller's stack, which
    Dynamo's resume function takes as ___stack0)."""
    try:
        local_values = list(frame.f_locals.items())
    except Exception:  # noqa: BLE001 - a frame whose locals cannot be read: no names
        return {}
    if returned is not None:
        local_values.insert(0, ("___stack0", returned))
    names = {}
    for name, value in local_values:
        known = capture.values.get(id(value))
        if known is not None and known.ref() is value and known.graph is not None:
            names.setdefault((id(known.graph), known.name), name)
        source = capture.sources.get(id(value))
        if source is not None and source[1] == "user_input":
            names.setdefault(source[0], name)
    return names


def made_between_source(name):
    """The source a graph input made between graphs is written with
    (value `name`, from FrameCapture.made_between_graphs)."""
    return f"made between graphs ({name})"


def break_output_name(break_index, position):
    """The value name of the `position`-th tensor the call that made break
    `break_index` returned (FrameCapture.made_between_graphs)."""
    return f"break{break_index}_out{position}"


def _input_name(spec, local_names):
    """How Dynamo's resume function names the argument behind a graph
    input: the local holding it, or the frame argument it is."""
    source = spec.get("source", "")
    if source in local_names:
        return local_names[source]
    if source.startswith("L['") and source.endswith("']"):
        return source[3:-2]
    return spec.get("name", "?")


def _dims(expected, actual, values):
    """Evaluates a (symbolic) dimension list of an earlier entry at this
    call's values."""
    out = []
    for e in expected:
        out.append(e.eval(values) if isinstance(e, SymExpr) else e)
    return out


def tensor_mismatch(name, expected, actual, values):
    """Dynamo's TENSOR_MATCH failure for one tensor, checked in its order,
    or None when `actual` meets `expected` (an earlier entry's meta,
    symbolic sizes bound to `values`)."""
    label = f"tensor '{name}' "
    if expected.get("dtype") != actual.get("dtype"):
        return f"{label}dtype mismatch. expected {aten_name(expected.get('dtype'))}, " \
               f"actual {aten_name(actual.get('dtype'))}"
    if expected.get("device") != actual.get("device"):
        return f"{label}device mismatch. expected {expected.get('device')}, actual {actual.get('device')}"
    if expected.get("requires_grad") != actual.get("requires_grad"):
        return f"{label}requires_grad mismatch. expected requires_grad={int(bool(expected.get('requires_grad')))}"
    shape, stride = expected.get("shape", []), expected.get("stride", [])
    if len(shape) != len(actual.get("shape", [])):
        return f"{label}rank mismatch. expected {len(shape)}, actual {len(actual.get('shape', []))}"
    for what, want, got in (("size", shape, actual.get("shape", [])), ("stride", stride, actual.get("stride", []))):
        for index, (w, g) in enumerate(zip(_dims(want, got, values), got)):
            if w is not None and w != g:
                return f"{label}{what} mismatch at index {index}. expected {w}, actual {g}"
    return None


def _state_change(old_guards, new_guards):
    """Dynamo's GLOBAL_STATE failure between two guard lists, or None."""
    old = next((g["state"] for g in old_guards if g["kind"] == "GLOBAL_STATE"), None)
    new = next((g["state"] for g in new_guards if g["kind"] == "GLOBAL_STATE"), None)
    if old is None or new is None:
        return None
    for field, value in old.items():
        if new.get(field) != value:
            if field.startswith("autocast_"):
                return f"GLOBAL_STATE changed: autocast({field[len('autocast_'):]})_enabled"
            return f"GLOBAL_STATE changed: {field}"
    return None


def _refusal(state, number, document, guards, values, local_names, fallback, varnames=()):
    """Why the resume function's entry recorded as graph `number` of an
    earlier entry (its `state`) refuses this call's piece `document`: None
    when it accepts it."""
    changed = _state_change(state["concrete_guards"], guards)
    if changed:
        return changed
    expected = _unnamed(state["documents"][number])
    plain = _unnamed(document)
    if _difference(expected, plain, values, "piece") is None:
        return None
    # The first argument whose tensor guard fails, in the order of the
    # resume function's arguments (what the call left on the stack, then
    # the live locals in the frame's order), then of the piece's inputs.
    earlier = {spec.get("source"): spec for spec in expected.get("inputs", [])}
    order = {name: rank for rank, name in enumerate(varnames)}
    failures = []
    for position, (spec, plain_spec) in enumerate(zip(document.get("inputs", []), plain["inputs"])):
        old = earlier.get(plain_spec.get("source"))
        if spec.get("kind") == "constant" or "meta" not in spec or old is None or "meta" not in old:
            continue
        name = _input_name(spec, local_names)
        found = tensor_mismatch(name, old["meta"], spec["meta"], values)
        if found:
            failures.append((-1 if name.startswith("___stack") else order.get(name, len(order)), position, found))
    return min(failures)[2] if failures else fallback


def _unnamed(document):
    """A piece's document as its resume function's guards see it: the
    tensors it is handed are arguments, whatever made them (the output of
    an earlier graph, a frame input: "y" after `y = x * 2 if flag else x`),
    so each input that is no weight is named by its position ("arg0"),
    and references to it follow. Weights keep their sources."""
    names, inputs = {}, []
    for position, spec in enumerate(document.get("inputs", [])):
        if spec.get("kind") in ("parameter", "buffer", "constant", "global"):
            inputs.append(spec)
            continue
        names[spec.get("name")] = f"arg{position}"
        inputs.append(dict(spec, name=f"arg{position}", source=f"arg{position}", kind="argument"))

    def rename(value):
        if isinstance(value, dict):
            if set(value) == {"ref"} and value["ref"] in names:
                return {"ref": names[value["ref"]]}
            return {k: rename(v) for k, v in value.items()}
        if isinstance(value, list):
            return [rename(v) for v in value]
        return value

    out = {k: rename(v) for k, v in document.items() if k != "inputs"}
    out["outputs"] = [dict(o, name=names.get(o.get("name"), o.get("name"))) for o in document.get("outputs", [])]
    out["inputs"] = inputs
    return out


def _same_before(earlier, number, state, values):
    """Whether the graphs of this entry before piece `number` are the
    earlier entry's (its sizes bound to this call's): then what refused the
    call was read only after the break, which Dynamo's frame never guards,
    and the frame's recompile dynx records is the resume function's."""
    documents = state["concrete_documents"]
    if len(earlier["documents"]) < number or len(documents) < number:
        return False
    return all(_difference(_unnamed(earlier["documents"][n]), _unnamed(documents[n]), values, "piece") is None
               for n in range(number))


_NONE = object()


def track(capture, info, state, entry_index, own, graphs, ids, values_for, fallback_reasons, late_hit=None):
    """Registers the pieces of a new entry of the frame that follow its
    breaks, and returns the resume functions Dynamo compiles again for it:
    [{"function", "after_break", "reasons"}] (reasons: why each of that
    resume function's entries refused the call, the most recent first).
    `fallback_reasons`: the frame's own recompile reasons ("0/1: ..."), the
    resume function's where its pieces differ in no argument's guard.
    Also returns {graph id: the earlier graph id} for graphs before a break
    that Dynamo's frame would not compile again (see _same_before): then
    the frame's recompile is the resume function's, listed with
    "instead_of_frame": true. `late_hit`: late_only_hit's finding for
    this entry (then every resume function compiled again is so listed)."""
    if info.get("reset_at") == entry_index:
        info["resume_fns"] = {}  # torch._dynamo.reset() forgot them
    known = info.setdefault("resume_fns", {})
    by_graph = {id(g): g for g, _ in graphs}
    numbers = {id(g): g.number for g, _ in graphs}
    gids = {g.number: ids[id(g)] for g, _ in graphs}
    out, reruns = [], {}
    handled = set()
    for b in own:
        # A break on tensor data inside torch.nn's code (b["library"]) is,
        # for Dynamo, a call of the frame that runs eagerly: the code after
        # it is a resume function like any other, not one per value.
        on_data = b["category"] in DATA_DEPENDENT and not b.get("library")
        if len(b["stack"]) != 1 or on_data or b["graph"] not in capture.graphs:
            continue  # a callee's break, or one on tensor data (see the module's docstring)
        position = capture.graphs.index(b["graph"]) + 1
        piece = capture.graphs[position] if position < len(capture.graphs) else None
        if piece is None or id(piece) not in by_graph:
            continue  # nothing compiled after the break: Dynamo skips an empty resume function
        site = b["stack"][-1]
        # One resume function per break site and context managers active
        # there (its code enters them again: measured, a break under
        # torch.no_grad() and under contextlib.nullcontext() at one line are
        # two functions, each compiled once).
        # (And per instruction: two breaks on one line, `x * A[0] + A[1]`,
        # are two resume functions of Dynamo's, one code object each.)
        key = (site["file"], site["line"], b.get("contexts", ()), b.get("offset"))
        number = numbers[id(piece)]
        handled.add(number)
        entries = known.setdefault(key, [])
        ids_key = resume_key(site, b.get("contexts", ()))
        if not entries:
            entries.append((entry_index, number))  # the resume function's first compile
            capture.recorder.dynamo_ids.first_compile(ids_key)
            continue
        document = state["concrete_documents"][number]
        local_names = {f"graph {ids[gid]} output {name}": local for (gid, name), local in b.get("locals", {}).items()
                       if gid in ids}
        # What the call that broke returned is on the resume function's stack: ___stack0.
        index = capture.breaks.index(b)
        sources = {spec.get("source") for spec in document.get("inputs", [])}
        returned = [p for p in range(b.get("returned", 0)) if made_between_source(break_output_name(index, p)) in sources]
        for p in returned:
            local_names.setdefault(made_between_source(break_output_name(index, p)),
                                   "___stack0" if len(returned) == 1 else f"___stack0[{p}]")
        reasons, moved = [], False
        for index, earlier_number in reversed(entries):  # the most recent first
            earlier = info["state"][index]
            if earlier_number >= len(earlier["documents"]):
                continue
            fallback = next((r.split(": ", 1)[1] for r in fallback_reasons
                             if r.split(": ", 1)[0].endswith(f"/{index}")), None)
            values = values_for(earlier)
            why = _refusal(earlier, earlier_number, document, capture.guards, values, local_names, fallback,
                           capture.code.co_varnames)
            old_value = earlier.get("break_values", {}).get((site["file"], site["line"], b.get("offset")), _NONE)
            if why is None and fallback and fallback.startswith(f"___stack{b.get('stack_index', 0)} ") and \
                    f"# the value of {b['operation']} at {os.path.basename(site['file'])}:{site['line']} " in fallback \
                    and not (old_value is not _NONE and type(old_value) is type(b.get("value")) and
                             old_value == b.get("value")):
                # The same graph, but the value the break gave, which the code
                # after it reads, is another (Recorder._read_value_changed).
                why = fallback
            if why is None:
                reasons = None  # a hit
                break
            if why == fallback and earlier_number == number and not why.startswith("GLOBAL_STATE changed") and \
                    not getattr(capture, "resume", None) and _same_before(earlier, number, state, values) and \
                    not _failed_before_break(capture, earlier, b):
                # The frame's recompile is this one: its graphs before the break are the earlier entry's.
                # (Not where global state changed: every entry of the frame guards it too.)
                reruns.update({gids[n]: info["entries"][index]["graphs"][n] for n in range(number) if n in gids})
                moved = True
                break
            reasons.append(why or "the code after the break computed something else")
        if reasons is None:
            continue  # one of its entries accepts the call: a hit
        entries.append((entry_index, number))  # a new entry of the resume function
        function = f"torch_dynamo_resume_in_{capture.code.co_name}_at_{site['line']}"
        item = {"function": function, "after_break": f"{os.path.basename(site['file'])}:{site['line']}",
                "reasons": reasons, "compile_id": capture.recorder.dynamo_ids.compile(ids_key)}
        if moved:
            # What refused the call is read only after the break: Dynamo's
            # frame hits its entry and only this function compiles again,
            # for the reasons the frame's entry records.
            item["reasons"] = [r.split(": ", 1)[1] for r in fallback_reasons if ": " in r] or \
                ["the code after the break computed something else"]
            item["instead_of_frame"] = True
        elif late_hit is not None:
            item["instead_of_frame"] = True  # for its own reasons (late_only_hit)
        out.append(item)
        capture.resume_offsets = getattr(capture, "resume_offsets", {})
        capture.resume_offsets[id(item)] = b.get("offset")
    out.extend(_called_frames(capture, info, state, graphs, ids, handled, fallback_reasons, values_for, reruns))
    return out, reruns


_LOCAL_LOADS = frozenset({"LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF", "LOAD_CLOSURE", "LOAD_FAST_AND_CLEAR",
                          "LOAD_FAST_LOAD_FAST", "LOAD_FAST_BORROW", "LOAD_FAST_BORROW_LOAD_FAST_BORROW", "DELETE_FAST"})


def _locals_loaded(code, after, up_to=None):
    """The local names instructions of `code` with offsets in (after,
    up_to] load (up_to None: to the end), on the cached listing."""
    from .iterables import _instructions  # (iterables imports nothing of this module)
    loaded = set()
    for ins in _instructions(code)[0]:
        if ins.opname in _LOCAL_LOADS and ins.offset > after and (up_to is None or ins.offset <= up_to):
            loaded.update(n for n in (ins.argval if isinstance(ins.argval, tuple) else (ins.argval,))
                          if type(n) is str)
    return loaded


def _failed_before_break(capture, earlier, b):
    """Whether a guard of the earlier entry that this call fails is on an
    argument the frame's own code loads before the break `b` (`n =
    x.shape[0]` first; `acc.extend(...)` of a list argument, guarded `not
    acc`): Dynamo's frame guarded it when it traced that read, so the frame
    itself compiles again, not only the resume function."""
    if b.get("offset") is None:
        return False
    texts = {g.get("text") for g in capture.guards}
    late = locals_read_only_after(capture.code, b["offset"])
    arguments = set(capture.code.co_varnames[:capture.code.co_argcount + capture.code.co_kwonlyargcount])
    globals_before = None
    for g in earlier["concrete_guards"]:
        if g.get("text") in texts or not g.get("path"):
            continue
        if g["path"][0][0] == "global" and len(g["path"]) == 1 and g["kind"] == "EQUALS_MATCH" and \
                type(g.get("value")) in (int, bool, str):
            # A global int (Dynamo never makes one dynamic), bool or string
            # the code loads before the break (`STEP += 1`, then a print).
            if globals_before is None:
                from .iterables import _instructions  # (iterables imports nothing of this module)
                globals_before = {i.argval for i in _instructions(capture.code)[0]
                                  if i.opname in ("LOAD_GLOBAL", "LOAD_NAME") and i.offset <= b["offset"]}
            if g["path"][0][1] in globals_before:
                return True
            continue
        if g["path"][0][0] != "local" or g["kind"] not in ("TENSOR_MATCH", "LENGTH_CHECK", "TYPE_MATCH"):
            continue  # (not a number's: one read before may be one Dynamo made dynamic where dynx did not)
        name = g["path"][0][1]
        if name in arguments and name not in late:
            return True
    return False


def locals_read_only_after(code, offset):
    """The frame's local variables (arguments included) that only
    instructions after `offset` load: values the code before there never
    reads. (Their reads through locals() or a closure made earlier count
    as reads before: the closure is made by a load.)"""
    before, after = set(), set()
    for ins in dis.get_instructions(code):
        if ins.opname in _LOCAL_LOADS:
            names = ins.argval if isinstance(ins.argval, tuple) else (ins.argval,)
            (before if ins.offset <= offset else after).update(n for n in names if type(n) is str)
        elif ins.opname in ("LOAD_NAME", "LOAD_GLOBAL") and ins.argval in ("locals", "vars", "eval", "exec") and \
                ins.offset <= offset:
            return set()
    return after - before


_CHAIN_LOADS = {}


def _chain_loads(code):
    """[(offset, (root kind, root name, attr, attr...))] for each load of
    a global or local followed by attribute loads in the code (`m.weight.grad`
    at the offset of its LOAD_GLOBAL). Cached per code object."""
    found = _CHAIN_LOADS.get(code)
    if found is None:
        found = _CHAIN_LOADS[code] = _scan_chain_loads(code)
    return found


def _scan_chain_loads(code):
    from .guards import simple_instructions  # guards imports this module
    listing = [ins for ins in simple_instructions(code) if ins[1] not in ("CACHE", "PRECALL")]
    out = []
    for i, (offset, opname, value) in enumerate(listing):
        kind = {"LOAD_GLOBAL": "global", "LOAD_FAST": "local", "LOAD_DEREF": "local"}.get(opname)
        if kind is None or type(value) is not str:
            continue
        steps, j = [], i + 1
        while j < len(listing) and listing[j][1] in ("LOAD_ATTR", "LOAD_METHOD"):
            steps.append(listing[j][2])
            j += 1
        out.append((offset, (kind, value) + tuple(steps)))
    return out


def _late_chain(capture, first, guard, others):
    """Whether an attribute guard (`G['m'].weight.grad is None`) reads a
    chain the frame's own code loads only after its first break and no
    other code read by then names the last attribute of: Dynamo's frame
    had not traced the read when it broke, so the resume function guards it."""
    path = guard.get("path") or []
    if len(path) < 2 or path[0][0] not in ("global", "local") or any(step[0] != "attr" for step in path[1:]):
        return False
    chain = (path[0][0], path[0][1]) + tuple(step[1] for step in path[1:])
    loads = [offset for offset, loaded in _chain_loads(capture.code) if loaded[:len(chain)] == chain]
    return bool(loads) and min(loads) > first["offset"] and chain[-1] not in others


# (what reads a name: a global, an attribute, a method, a constant's string)
_NAME_LOADS = frozenset({"LOAD_ATTR", "LOAD_METHOD", "LOAD_GLOBAL", "LOAD_NAME", "LOAD_CONST"})


def names_before_break(capture, first):
    """The names read by the time the frame's code broke first (`first`,
    a break with an offset): the dynamic reads then (a gradient read, a
    version counter), the names of the other code that had run, and those
    the frame's own code loads up to the break (its whole list of names is
    taken at its start); and the same without the frame's own code's.
    None if the break did not note them."""
    from .guards import names_read_by, simple_instructions  # guards imports this module
    snapshot = first.get("read_before")
    if snapshot is None:
        return None
    names, codes = snapshot
    own = names_read_by(capture.code)
    others = set()
    for code in codes:
        if code is not capture.code:
            others |= names_read_by(code)
    loaded = {value for offset, opname, value in simple_instructions(capture.code)
              if offset <= first["offset"] and type(value) is str and opname in _NAME_LOADS}
    seen = (names - own) | (names & others)
    return seen | (own & loaded), seen


def late_only_hit(capture, info, state, entry_index, own, graphs, values_for, fallback_reasons):
    """(earlier entry index, number of the piece after the frame's first
    break) when the frame's new entry differs from an earlier one only in
    guards on arguments the frame's code loads after its first break, and
    its graphs before the break are that entry's: Dynamo's frame never
    guards what its code has not read when the graph breaks, so its
    earlier entry accepts the call and only the resume functions compile
    again (for their own reasons: `___stack0 == 2` for one, `n == 8` for
    the next). None otherwise."""
    if not fallback_reasons:
        return None
    first = next((b for b in own if len(b["stack"]) == 1), None)
    if first is None or first.get("offset") is None or first["category"] == "data-dependent-branch" or \
            first["graph"] not in capture.graphs:
        return None
    compiled = {id(g) for g, _ in graphs}
    # The pieces before the break (numbered among the entry's non-empty graphs).
    number = sum(1 for g in capture.graphs[:capture.graphs.index(first["graph"]) + 1] if id(g) in compiled)
    from .guards import needs_met
    late = locals_read_only_after(capture.code, first["offset"])
    before, others = names_before_break(capture, first) or (None, None)

    def late_guard(g, needs):
        # On an argument loaded only after the break, kept only for names
        # read after it, or on an attribute chain the frame's code reads
        # only after it (a parameter's .grad read after a
        # torch.autograd.grad break: guarded by the resume function).
        if g.get("path") and g["path"][0][0] == "local" and g["path"][0][1] in late:
            return True
        if before is None:
            return False
        if needs:
            return not needs_met(needs, before)
        return _late_chain(capture, first, g, others)

    if not late and before is None:
        return None
    texts = {g.get("text") for g in capture.guards}
    for index in range(entry_index - 1, info.get("reset_at", 0) - 1, -1):
        earlier = info["state"][index]
        differing = [g for g in earlier["concrete_guards"] if g.get("text") not in texts]
        needs = earlier.get("guard_needs", {})
        if not differing or not all(late_guard(g, needs.get(g.get("text"))) for g in differing):
            continue
        if _same_before(earlier, number, state, values_for(earlier)):
            return index, number, differing
    return None


def first_late_failure(capture, own, item, late_hit):
    """The reason Dynamo gives for a resume function's recompile that a
    late_only_hit moved off the frame, where one of the arguments that
    changed is read by that function (its code up to the next break): its
    guards are checked sorted by source name, shortest first (Guard.sort_key),
    so `n == 8` fails before `___stack0 == 4`. None to keep the item's."""
    site = item.get("after_break", "")
    breaks = [b for b in own if len(b["stack"]) == 1 and b.get("offset") is not None]
    at = next((k for k, b in enumerate(breaks)
               if f"{os.path.basename(b['stack'][-1]['file'])}:{b['stack'][-1]['line']}" == site), None)
    if at is None:
        return None
    if at == 0 and len(item["reasons"]) == 1 and \
            not any(g.get("path") and g["path"][0][0] == "local" for g in late_hit[2]):
        # Only reads of globals' attributes after the break changed (a
        # parameter's .grad, an optimizer's param_groups) and the resume
        # function compiled once before: it fails on the guard the earlier
        # entry (whose frame part serves the call) failed on. (With more
        # entries of its own, each says its own reason.)
        own = next((r.split(": ", 1)[1] for r in capture.recompile_reasons or ()
                    if ": " in r and r.split(": ", 1)[0].endswith(f"/{late_hit[0]}")), None)
        if own is not None:
            return own
    start = breaks[at]["offset"]
    end = breaks[at + 1]["offset"] if at + 1 < len(breaks) else None
    read = _locals_loaded(capture.code, start, end)
    found = []
    for g in late_hit[2]:
        name = g["path"][0][1] if g.get("path") else None
        if g["kind"] == "EQUALS_MATCH" and len(g["path"]) == 1 and g["path"][0][0] == "local" and name in read and \
                type(g.get("value")) in (int, float, bool, str):
            found.append((len(f"L[{name!r}]"), name, f"{name} == {g['value']!r}"))
    stack = f"L['___stack{breaks[at].get('stack_index', 0)}']"
    if not found or min(found)[:2] > (len(stack), stack):
        return None
    return min(found)[2]


def late_resume_item(capture, own, late_hit, fallback_reasons):
    """The recompile of a resume function that compiles no graph (the code
    after the break holds no tensor operation: `if (step + 1) % accum == 0:`
    with nothing to do), for a late_only_hit no piece showed: the first of
    the frame's resume functions whose code loads an argument that changed
    compiles again, for the reasons the frame's entry records."""
    names = {g["path"][0][1] for g in late_hit[2] if g.get("path")}
    breaks = [b for b in own if len(b["stack"]) == 1 and b.get("offset") is not None]
    for at, b in enumerate(breaks):
        end = breaks[at + 1]["offset"] if at + 1 < len(breaks) else None
        if names & _locals_loaded(capture.code, b["offset"], end):
            site = b["stack"][-1]
            return {"function": f"torch_dynamo_resume_in_{capture.code.co_name}_at_{site['line']}",
                    "after_break": f"{os.path.basename(site['file'])}:{site['line']}",
                    "reasons": [r.split(": ", 1)[1] for r in fallback_reasons if ": " in r],
                    "instead_of_frame": True,
                    "compile_id": capture.recorder.dynamo_ids.compile(resume_key(site, b.get("contexts", ())))}
    return None


def late_reruns(late_hit, info, graphs, ids):
    """{graph id: the earlier entry's graph id} for the graphs before the
    frame's first break, which a late_only_hit leaves as they were."""
    index, number = late_hit[:2]
    gids = {g.number: ids[id(g)] for g, _ in graphs}
    return {gids[n]: info["entries"][index]["graphs"][n] for n in range(number) if n in gids}


def _loose(document):
    """A piece's signature with its sizes left out (its inputs' shapes and
    strides, the ints its operators take): what stays the same when a
    dynamic dimension changes."""
    from .nested import graph_signature  # nested.py imports this module

    def strip(obj):
        if isinstance(obj, dict):
            return {k: strip(v) for k, v in obj.items()}
        if isinstance(obj, list):
            return [strip(v) for v in obj]
        return "?" if type(obj) is int else obj
    nodes = [dict(n, args=strip(n.get("args", [])), kwargs=strip(n.get("kwargs", {}))) for n in document["nodes"]]
    inputs = [dict(i, meta=dict(i.get("meta", {}), shape=[None] * len(i.get("meta", {}).get("shape", [])),
                                stride=[None] * len(i.get("meta", {}).get("stride", []))))
              for i in document["inputs"]]
    return graph_signature(dict(document, nodes=nodes, inputs=inputs))


def _called_frames(capture, info, state, graphs, ids, handled, fallback_reasons=(), values_for=None, reruns=None):
    """The pieces of this call that are frames Dynamo compiles and caches
    on their own besides the watched frame and its resume functions: a
    called function a break inside it split off ("frame": Dynamo compiles
    its code as a frame of its own), the code after a break in it, and the
    caller's code after such a call ("after_call"). Each is compared with
    the pieces of the same code recorded before, in earlier entries or
    earlier in this call (a function called twice): a piece none of them
    accepts is a recompile of that frame, as Dynamo logs it (`tensor 't'
    size mismatch at index 0. expected 2, actual 3`). After a recompile on
    a size, a piece that differs from it in sizes alone is its hit (Dynamo's
    automatic dynamic). Returns the recompiles, as track's items.

    A piece refused for no guard of its own (a value it was specialised on,
    read from tensor data in the called function: `n = int(t.item())`)
    while the frame's earlier pieces are that entry's: the frame's new
    entry (`fallback_reasons`) is, for Dynamo, this function's recompile
    alone -- the watched frame hits its entry ("instead_of_frame", as in
    track; `reruns` gets the graphs before it)."""
    shared = capture.resume["shared"] if getattr(capture, "resume", None) else 0
    if info.get("reset_at") == len(info["entries"]):
        info["called_frames"] = {}  # torch._dynamo.reset() forgot them
    known = info.setdefault("called_frames", {})
    out = []
    for g, _ in graphs:
        kind = g.piece_kind
        if kind is None or g.number < shared or g.number in handled or g.piece is None:
            continue
        code = g.piece[0]
        if kind == "break" and code is capture.code:
            continue  # the watched frame's own resume function (track, or an entry of its own)
        # How the frame uses what the piece outputs (returned, used later)
        # is not the piece's: Dynamo's compiled code is the same.
        document = dict(state["concrete_documents"][g.number])
        document["outputs"] = [{"name": o.get("name")} for o in document.get("outputs", [])]
        names = {}
        for key, local in g.frame_names.items():
            if not isinstance(key, tuple):
                names[key] = local  # an input of the watched frame, by its source
            elif key[0] in ids:
                names[f"graph {ids[key[0]]} output {key[1]}"] = local
        # After a data-dependent branch, one resume function per target.
        after = g.after_break
        target = after.get("value") if after is not None and after["category"] == "data-dependent-branch" else None
        stored = known.setdefault((kind, g.piece, target), [])
        loose = _loose(document)
        if not any(earlier["document"] is not None for earlier in stored):
            stored.append({"document": document, "guards": capture.guards, "dynamic": False, "loose": loose})
            continue
        reasons = []
        for earlier in reversed([e for e in stored if e["document"] is not None]):  # the most recent first
            if earlier["dynamic"] and earlier["loose"] == loose:
                reasons = None
                break
            why = _refusal({"concrete_guards": earlier["guards"], "documents": [earlier["document"]]}, 0, document,
                           capture.guards, {}, names, "")
            if why is None:
                reasons = None
                break
            reasons.append(why or f"the code of {code.co_name} computed something else (a Python value it was "
                                  f"specialised on changed)")
        if reasons is None:
            continue
        dynamic = any(e["dynamic"] for e in stored) or any(" mismatch at index " in r for r in reasons)
        stored.append({"document": document, "guards": capture.guards, "dynamic": dynamic, "loose": loose})
        moved = _moved_to_piece(info, state, g.number, reasons, fallback_reasons, values_for, ids, graphs, reruns)
        where = f"{os.path.basename(code.co_filename)}:{g.piece_line}"
        if kind == "frame":
            function = code.co_name
            called = g.called_at
            where = f"{os.path.basename(called[0])}:{called[1]}" if called else where
        else:
            function = f"torch_dynamo_resume_in_{code.co_name}_at_{g.piece_line}"
        ids_key = frame_key(code.co_filename, code.co_qualname) if kind == "frame" else \
            resume_key({"file": code.co_filename, "function": code.co_qualname, "line": g.piece_line})
        item = {"function": function, "after_break": where, "reasons": reasons, "piece": kind,
                "code_of": code.co_qualname, "file": code.co_filename, "line": g.piece_line,
                "compile_id": capture.recorder.dynamo_ids.compile(ids_key)}
        if moved is not None:
            item["reasons"], item["instead_of_frame"] = moved, True
        out.append(item)
    for code, called in capture.empty_frames:
        # A frame with an empty graph: only the global state its entry
        # guards can refuse a later call.
        stored = known.setdefault(("frame", (code, -1), None), [])
        if any(earlier.get("empty") and not _state_change(earlier["guards"], capture.guards) for earlier in stored):
            continue
        reasons = [_state_change(earlier["guards"], capture.guards) for earlier in reversed(stored)
                   if earlier.get("empty")]
        stored.append({"document": None, "guards": capture.guards, "dynamic": False, "loose": None, "empty": True})
        if not reasons:
            continue  # its first compile
        where = f"{os.path.basename(called[0])}:{called[1]}" if called else \
            f"{os.path.basename(code.co_filename)}:{code.co_firstlineno}"
        out.append({"function": code.co_name, "after_break": where, "reasons": reasons, "piece": "frame",
                    "code_of": code.co_qualname, "file": code.co_filename, "line": code.co_firstlineno})
    return out


def _moved_to_piece(info, state, number, reasons, fallback_reasons, values_for, ids, graphs, reruns):
    """The frame's recompile reasons, when they are the called piece
    `number`'s alone (see _called_frames); else None."""
    if values_for is None or not fallback_reasons or any(not r.startswith("the code of ") for r in reasons):
        return None
    for reason in fallback_reasons:
        head, _, text = reason.partition(": ")
        try:
            index = int(head.rsplit("/", 1)[1])
        except (IndexError, ValueError):
            continue
        if index >= len(info["state"]):
            continue
        earlier = info["state"][index]
        if not _same_before(earlier, number, state, values_for(earlier)):
            continue
        if reruns is not None:
            gids = {g.number: ids[id(g)] for g, _ in graphs if id(g) in ids}
            reruns.update({gids[n]: info["entries"][index]["graphs"][n] for n in range(number)
                           if n in gids and n < len(info["entries"][index]["graphs"])})
        return [r.split(": ", 1)[1] for r in fallback_reasons if ": " in r] or [text]
    return None


_LIVE_CACHE = {}


def live_after(code, offset):
    """(names of the locals live after the instruction at `offset`, values
    on the stack there besides that instruction's result), by the liveness
    analysis of the environment's Dynamo (the arguments of its resume
    function are these); None when it cannot tell."""
    key = (code, offset)
    if key in _LIVE_CACHE:
        return _LIVE_CACHE[key]
    found = None
    try:
        from torch._dynamo.bytecode_analysis import livevars_analysis
        from torch._dynamo.bytecode_transformation import cleaned_instructions
        instructions = cleaned_instructions(code)
        index = next(i for i, ins in enumerate(instructions) if ins.offset == offset)
        if index + 1 < len(instructions):
            depth = _stack_depths(code).get(instructions[index + 1].offset)
            if depth is not None:
                found = (frozenset(livevars_analysis(instructions, instructions[index + 1])), depth - 1)
    except Exception:  # noqa: BLE001 - another torch, or code it cannot read: no answer
        found = None
    _LIVE_CACHE[key] = found
    return found


_READ_CACHE = {}


def result_read(code, offset):
    """Whether the code after the call at `offset` reads what it returned:
    not when the result is dropped (POP_TOP) or stored in a local that is
    dead from there on. Dynamo's resume function after a break takes that
    result as ___stackN and guards its value once it reads it (a float from
    time.perf_counter() kept for later: `___stack0 == 72556.06`)."""
    key = (code, offset)
    if key in _READ_CACHE:
        return _READ_CACHE[key]
    found = True
    try:
        import dis
        instructions = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
        k = next(k for k, ins in enumerate(instructions) if ins.offset == offset)
        after = instructions[k + 1] if k + 1 < len(instructions) else None
        if after is not None and after.opname == "POP_TOP":
            found = False
        elif after is not None and after.opname == "STORE_FAST":
            live = live_after(code, after.offset)
            found = live is None or after.argval in live[0]
    except Exception:  # noqa: BLE001 - code it cannot read: read
        found = True
    _READ_CACHE[key] = found
    return found


def stored_local(code, offset):
    """The local the result of the call at `offset` is stored in by the
    instruction right after it (`a = y.item()`), or None."""
    try:
        import dis
        instructions = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
        k = next(k for k, ins in enumerate(instructions) if ins.offset == offset)
    except (StopIteration, TypeError, ValueError):
        return None
    after = instructions[k + 1] if k + 1 < len(instructions) else None
    return after.argval if after is not None and after.opname == "STORE_FAST" else None


_SLOT_CACHE = {}


def result_slot(code, offset):
    """The index N of ___stackN, the argument Dynamo's resume function
    after the call at `offset` takes its result as: the values below it on
    the stack, not counting the NULLs of pending calls, which Dynamo
    recreates instead of passing (`int(t.item())`: [NULL, int, result] ->
    ___stack1). Simulated from the last point before `offset` where the
    stack is empty; 0 when it cannot tell."""
    key = (code, offset)
    if key in _SLOT_CACHE:
        return _SLOT_CACHE[key]
    found = 0
    try:
        import dis
        instructions = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
        depths = _stack_depths(code)
        end = next(k for k, ins in enumerate(instructions) if ins.offset == offset)
        start = max(k for k in range(end + 1) if depths.get(instructions[k].offset) == 0)
        stack = []  # True: a NULL (Dynamo's view: LOAD_METHOD pushes one too)
        for ins in instructions[start:end + 1]:
            name, arg = ins.opname, ins.arg
            if name == "PUSH_NULL":
                stack.append(True)
            elif name == "LOAD_GLOBAL" and arg is not None and arg & 1:
                stack += [True, False]
            elif name == "LOAD_METHOD" or name == "LOAD_ATTR" and arg is not None and arg & 1 and \
                    sys.version_info >= (3, 12):
                stack[-1:] = [True, False]  # (3.12+: LOAD_ATTR's method form)
            elif name in ("PRECALL", "KW_NAMES", "NOP", "RESUME", "CACHE"):
                pass
            elif name == "CALL":
                del stack[len(stack) - arg - 2:]
                stack.append(False)
            else:
                effect = dis.stack_effect(ins.opcode, arg, jump=False) if ins.opcode >= dis.HAVE_ARGUMENT \
                    else dis.stack_effect(ins.opcode)
                if effect < 0:
                    del stack[len(stack) + effect:]
                else:
                    stack += [False] * effect
        if stack and stack[-1] is False:
            found = sum(1 for null in stack[:-1] if not null)
    except Exception:  # noqa: BLE001 - code it cannot read: the first slot
        found = 0
    _SLOT_CACHE[key] = found
    return found


def _stack_depths(code):
    """{offset: stack depth before the instruction} along normal flow (no
    exception handlers: an offset only they reach has no depth)."""
    import dis
    instructions = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
    by_offset = {ins.offset: k for k, ins in enumerate(instructions)}
    depths = {}
    work = [(instructions[0].offset, 0)] if instructions else []
    ends = {"RETURN_VALUE", "RAISE_VARARGS", "RERAISE", "JUMP_FORWARD", "JUMP_BACKWARD", "JUMP_ABSOLUTE",
            "JUMP_BACKWARD_NO_INTERRUPT", "RETURN_CONST"}
    while work:
        offset, depth = work.pop()
        if offset in depths or offset not in by_offset:
            continue
        depths[offset] = depth
        ins = instructions[by_offset[offset]]
        if ins.opcode in dis.hasjrel or ins.opcode in dis.hasjabs:
            work.append((ins.argval, depth + dis.stack_effect(ins.opcode, ins.arg, jump=True)))
        if ins.opname not in ends:
            following = by_offset[offset] + 1
            if following < len(instructions):
                effect = dis.stack_effect(ins.opcode, ins.arg, jump=False) if ins.opcode >= dis.HAVE_ARGUMENT \
                    else dis.stack_effect(ins.opcode)
                work.append((instructions[following].offset, depth + effect))
    return depths
