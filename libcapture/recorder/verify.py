"""--verify and the replay of recorded graphs: where a recording and a
new one of the same call differ, and how a recorded node is run again."""
import torch

from .dynamic import SymExpr, _SKIP_KEYS


def _difference(expected, got, values, where):
    """The first place where a recorded graph (symbolic, sizes bound to
    `values`) and a new recording of the same call differ, or None."""
    if isinstance(expected, SymExpr):
        want = expected.eval(values) if None not in values else None
        if isinstance(got, dict) and set(got) == {"float"}:
            got = float(got["float"])  # inf, -inf or nan as recorded; a float symbol may take them
            if want is not None and want != want and got != got:
                return None
        return None if want == got else f"{where}: expected {want}, got {got!r}"
    if isinstance(expected, dict) and isinstance(got, dict):
        # Why a graph outputs a value (returned, used later, alive) may
        # differ between calls that compute the same; which values it outputs may not.
        # A node's module_type labels it (a LazyLinear becomes a Linear once
        # its first call initialised it); it is not what the node computes.
        keys = (set(expected) | set(got)) - _SKIP_KEYS - {"symbols", "sym_shape", "sym_stride", "reasons", "module_type"}
        if expected.get("unbacked") and got.get("unbacked"):
            keys.discard("value")  # what a .item() kept in the graph read: data, not the graph
        if "stride" in expected and "dtype" in expected:
            # A tensor's metadata: where its data starts in its storage (a
            # slice of a bigger tensor) is not what the graph computes, and
            # Dynamo guards no storage offset (an as_strided node's own
            # offset argument is compared with the node).
            keys.discard("storage_offset")
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


def run_node(node, env, values):
    """Runs one recorded node on `env`'s values (sizes bound to `values`);
    returns its results as a flat list. A higher-order operator runs its
    subgraphs: the branch its predicate picks (cond), the body while the
    condition holds (while_loop)."""
    if node["op"].startswith("higher_order::"):
        out = _run_higher_order(node, env, values)
    else:
        op = _resolve_op(node["op"])
        args = [_decode(a, env, values) for a in node["args"]]
        kwargs = {k: _decode(v, env, values) for k, v in node["kwargs"].items()}
        out = op(*args, **kwargs)
    return out if isinstance(out, (tuple, list)) else (out,)


def _run_subgraph(sub, args, values):
    env = {spec["name"]: value for spec, value in zip(sub["inputs"], args)}
    for node in sub["nodes"]:
        for spec, value in zip(node["outputs"], run_node(node, env, values)):
            if spec.get("name"):
                env[spec["name"]] = value
    return [env[o["name"]] if o.get("name") else _decode(o.get("value"), env, values) for o in sub["outputs"]]


def _run_higher_order(node, env, values):
    subgraphs, args = node["subgraphs"], node["args"]
    if node["op"] == "higher_order::cond":
        pred = _decode(args[0], env, values)
        operands = _decode(args[3], env, values)
        return _run_subgraph(subgraphs[args[1 if bool(pred) else 2]["graph"]], operands, values)
    if node["op"] == "higher_order::while_loop":
        cond, body = subgraphs[args[0]["graph"]], subgraphs[args[1]["graph"]]
        carried, extra = _decode(args[2], env, values), _decode(args[3], env, values)
        while bool(_run_subgraph(cond, carried + extra, values)[0]):
            carried = _run_subgraph(body, carried + extra, values)
        return carried
    raise ValueError(f"cannot replay {node['op']}")


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


_HOOK_DICTS = (("_forward_pre_hooks", "forward pre-hook"), ("_forward_hooks", "forward hook"),
               ("_backward_pre_hooks", "backward pre-hook"), ("_backward_hooks", "backward hook"))


def module_hooks(arguments):
    """{(where, kind): count} of the hooks on the modules a call is handed
    (and their submodules) and of nn.Module's global hooks: what Dynamo
    does not guard (torch._dynamo.config.skip_nnmodule_hook_guards), so a
    hook added or removed after an entry was compiled leaves the entry in
    use, and its graph computes without (or with) the hook."""
    counts = {}
    for name, value in arguments.items():
        if not isinstance(value, torch.nn.Module):
            continue
        try:
            named = list(value.named_modules())
        except Exception:  # noqa: BLE001 - a module whose tree cannot be walked: not followed
            continue
        for path, module in named:
            where = f"L[{name!r}]" + "".join(f"._modules[{part!r}]" for part in path.split(".") if part)
            for attribute, kind in _HOOK_DICTS:
                hooks = getattr(module, attribute, None)
                if hooks:
                    counts[(where, kind)] = len(hooks)
    from torch.nn.modules import module as module_py
    for attribute, kind in (("_global_forward_pre_hooks", "global forward pre-hook"),
                            ("_global_forward_hooks", "global forward hook"),
                            ("_global_backward_hooks", "global backward hook")):
        hooks = getattr(module_py, attribute, None)
        if hooks:
            counts[("torch.nn.modules.module", kind)] = len(hooks)
    return counts


def hooks_changed(before, after):
    """Why an entry's graph no longer computes what the call does, when a
    module hook was added or removed since it was compiled; None otherwise."""
    if before is None or before == after:
        return None
    changes = []
    for key in sorted(set(before) | set(after)):
        old, new = before.get(key, 0), after.get(key, 0)
        if old != new:
            where, kind = key
            verb = "added to" if new > old else "removed from"
            changes.append(f"a {kind} was {verb} {where}")
    return ("; ".join(changes) + " after this entry was compiled: torch.compile does not guard module hooks "
            "(torch._dynamo.config.skip_nnmodule_hook_guards is True), so it reuses the entry and the call "
            "runs without the change -- its result differs from eager. Register hooks before the first call, "
            "or call torch._dynamo.reset() after changing them.")
