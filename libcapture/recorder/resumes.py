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
"resume_recompiles"). A break inside a called function is left out (the
callee's frame is Dynamo's concern there: nested.py), and so is a break on
tensor data, whose resume entries are recorded as entries of their own
(Recorder._resume_of)."""
import os
import re

from .breaks import DATA_DEPENDENT
from .dtypes import aten_name
from .dynamic import SymExpr
from .verify import _difference


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


def _refusal(state, number, document, guards, values, local_names, fallback):
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
    # The first argument whose tensor guard fails, in the order of the piece's inputs.
    earlier = {spec.get("source"): spec for spec in expected.get("inputs", [])}
    for spec, plain_spec in zip(document.get("inputs", []), plain["inputs"]):
        old = earlier.get(plain_spec.get("source"))
        if spec.get("kind") == "constant" or "meta" not in spec or old is None or "meta" not in old:
            continue
        found = tensor_mismatch(_input_name(spec, local_names), old["meta"], spec["meta"], values)
        if found:
            return found
    return fallback


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


def track(capture, info, state, entry_index, own, graphs, ids, values_for, fallback_reasons):
    """Registers the pieces of a new entry of the frame that follow its
    breaks, and returns the resume functions Dynamo compiles again for it:
    [{"function", "after_break", "reasons"}] (reasons: why each of that
    resume function's entries refused the call, the most recent first).
    `fallback_reasons`: the frame's own recompile reasons ("0/1: ..."), the
    resume function's where its pieces differ in no argument's guard.
    Also returns {graph id: the earlier graph id} for graphs before a break
    that Dynamo's frame would not compile again (see _same_before): then
    the frame's recompile is the resume function's, listed with
    "instead_of_frame": true."""
    if info.get("reset_at") == entry_index:
        info["resume_fns"] = {}  # torch._dynamo.reset() forgot them
    known = info.setdefault("resume_fns", {})
    by_graph = {id(g): g for g, _ in graphs}
    numbers = {id(g): g.number for g, _ in graphs}
    gids = {g.number: ids[id(g)] for g, _ in graphs}
    out, reruns = [], {}
    for b in own:
        if len(b["stack"]) != 1 or b["category"] in DATA_DEPENDENT or b["graph"] not in capture.graphs:
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
        key = (site["file"], site["line"], b.get("contexts", ()))
        number = numbers[id(piece)]
        entries = known.setdefault(key, [])
        if not entries:
            entries.append((entry_index, number))  # the resume function's first compile
            continue
        document = state["concrete_documents"][number]
        local_names = {f"graph {ids[gid]} output {name}": local for (gid, name), local in b.get("locals", {}).items()
                       if gid in ids}
        reasons, moved = [], False
        for index, earlier_number in reversed(entries):  # the most recent first
            earlier = info["state"][index]
            if earlier_number >= len(earlier["documents"]):
                continue
            fallback = next((r.split(": ", 1)[1] for r in fallback_reasons
                             if r.split(": ", 1)[0].endswith(f"/{index}")), None)
            values = values_for(earlier)
            why = _refusal(earlier, earlier_number, document, capture.guards, values, local_names, fallback)
            if why is None:
                reasons = None  # a hit
                break
            if why == fallback and earlier_number == number and _same_before(earlier, number, state, values):
                # The frame's recompile is this one: its graphs before the break are the earlier entry's.
                reruns.update({gids[n]: info["entries"][index]["graphs"][n] for n in range(number) if n in gids})
                moved = True
                break
            reasons.append(why or "the code after the break computed something else")
        if reasons is None:
            continue  # one of its entries accepts the call: a hit
        entries.append((entry_index, number))  # a new entry of the resume function
        function = f"torch_dynamo_resume_in_{capture.code.co_name}_at_{site['line']}"
        item = {"function": function, "after_break": f"{os.path.basename(site['file'])}:{site['line']}",
                "reasons": reasons}
        if moved:
            # What refused the call is read only after the break: Dynamo's
            # frame hits its entry and only this function compiles again,
            # for the reasons the frame's entry records.
            item["reasons"] = [r.split(": ", 1)[1] for r in fallback_reasons if ": " in r] or \
                ["the code after the break computed something else"]
            item["instead_of_frame"] = True
        out.append(item)
    return out, reruns
