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
