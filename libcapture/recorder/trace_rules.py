"""Which C functions Dynamo refuses to trace, asked of the Dynamo of the
program's own environment (torch._dynamo.trace_rules): one it has no rule
for (zlib.crc32, os.getpid, warnings.warn -- CPython's _warnings.warn) is
"Attempted to call function marked as skipped" (gb0007): the graph breaks
at the call and the function runs eagerly. Builtins Dynamo models (len,
isinstance, sorted), polyfilled functions (itertools, functools.reduce),
torch's and math's functions (in the graph) and NumPy's (traced through
torch._numpy) are not. Only functions of modules are asked about: methods of
objects are modelled by the variables Dynamo keeps for the objects.

Python functions of files Dynamo skips are left alone: measured against the
real Dynamo, re.match with constant arguments is no break, so the file rule
alone does not decide (oracle corpus, cfunc_*)."""
import types

_cache = {}


def _rules():
    try:
        from torch._dynamo import trace_rules
        from torch._dynamo.variables import SkipFunctionVariable
    except ImportError:  # another torch: no rule book, no verdicts of this kind
        return None, None
    return trace_rules, SkipFunctionVariable


def _skipped(fn):
    trace_rules, skip = _rules()
    if trace_rules is None:
        return False
    try:
        if trace_rules.lookup(fn) is not skip:
            return False
        callable_rule = getattr(trace_rules, "lookup_callable", None)
        return callable_rule is None or callable_rule(fn) is None
    except Exception:  # a rule book that cannot answer says nothing
        return False


_OWN = ("torch", "numpy", "math", "builtins")


def _own_module(name):
    """torch's, NumPy's, math's or a builtin: Dynamo traces them by rules of their own."""
    return name is not None and any(name == m or name.startswith(m + ".") for m in _OWN)


def skipped_c_function(fn):
    """Whether a C function of a module, called from the program's code,
    is one Dynamo does not trace."""
    owner = getattr(fn, "__self__", None)
    if owner is not None and not isinstance(owner, types.ModuleType):
        return False  # a method of an object
    key = id(fn)
    known = _cache.get(key)
    if known is not None and known[0] is fn:
        return known[1]
    module = getattr(fn, "__module__", None) or getattr(owner, "__name__", None)
    verdict = not _own_module(module) and _skipped(fn)
    _cache[key] = (fn, verdict)
    return verdict
