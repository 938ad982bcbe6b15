"""--verify and the replay of recorded graphs: where a recording and a
new one of the same call differ, and how a recorded node is run again."""
import torch

from .dynamic import SymExpr, _SKIP_KEYS


def _difference(expected, got, values, where):
    """The first place where a recorded graph (symbolic, sizes bound to
    `values`) and a new recording of the same call differ, or None."""
    if isinstance(expected, SymExpr):
        want = expected.eval(values) if None not in values else None
        return None if want == got else f"{where}: expected {want}, got {got!r}"
    if isinstance(expected, dict) and isinstance(got, dict):
        # Why a graph outputs a value (returned, used later, alive) may
        # differ between calls that compute the same; which values it outputs may not.
        keys = (set(expected) | set(got)) - _SKIP_KEYS - {"symbols", "sym_shape", "sym_stride", "reasons"}
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
