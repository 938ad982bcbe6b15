"""Calls of logging.Logger methods that leave no Python frame.

Dynamo does not trace a method of a logging.Logger (LoggerVariable): calling
one in code it inlines breaks the graph there ("logging.Logger method not
supported for non-export cases", gb0291), at every call. Most Logger
methods are Python functions, whose frames the recorder's profile hook sees.
Some are not: transformers adds `Logger.warning_once` and `info_once`,
functools.lru_cache wrappers, and a call whose arguments were seen before
returns from the cache without a frame (or a C call event) of its own: the
first call of a model shows the break, the next ones nothing.

So the code objects that name such a method are read once: each
`<receiver>.warning_once(...)` call instruction is a site; a frame running
such code has its instructions followed (Recorder._follow_logger_calls), and
reaching a site while recording is the break, before the call runs."""
import dis
import functools
import logging

_state = (None, frozenset())   # (size of Logger's __dict__, the cached methods' names)
_sites = {}                    # code -> (names, {offset of the CALL: (method name, receiver loader)})
_LOADERS = {"LOAD_GLOBAL", "LOAD_NAME", "LOAD_FAST", "LOAD_DEREF", "LOAD_CLASSDEREF"}


def cached_methods():
    """Names of Logger's methods that are lru_cache wrappers (no frame per call)."""
    global _state
    attributes = logging.Logger.__dict__
    if _state[0] != len(attributes):
        _state = (len(attributes), frozenset(name for name, value in attributes.items()
                                             if isinstance(value, functools._lru_cache_wrapper) or
                                             getattr(value, "_dynx_lru", None) is not None))
    return _state[1]


def wrapped_codes():
    """The code objects behind those methods (their first call runs them)."""
    codes = set()
    for name in cached_methods():
        code = getattr(getattr(logging.Logger.__dict__[name], "__wrapped__", None), "__code__", None)
        if code is not None:
            codes.add(code)
    return codes


def call_sites(code):
    """{offset of a CALL: (method name, receiver loader)} for the calls of
    cached Logger methods in `code`, or None."""
    names = cached_methods()
    if not names:
        return None
    known = _sites.get(code)
    if known is not None and known[0] is names:
        return known[1]
    sites = None
    if not names.isdisjoint(code.co_names):
        sites = _find(code, names) or None
    _sites[code] = (names, sites)
    return sites


def _find(code, names):
    sites = {}
    try:
        instructions = list(dis.get_instructions(code))
        positions = list(code.co_positions())
    except (AttributeError, ValueError):  # no column positions
        return sites
    for i, instruction in enumerate(instructions):
        if instruction.opname not in ("LOAD_METHOD", "LOAD_ATTR") or instruction.argval not in names:
            continue
        start = positions[instruction.offset // 2]
        receiver = instructions[i - 1] if i else None
        loader = (receiver.opname, receiver.argval) if receiver is not None and receiver.opname in _LOADERS else None
        for later in instructions[i + 1:]:
            if later.opname == "CALL":
                where = positions[later.offset // 2]
                # The call of this attribute starts where the attribute's expression does.
                if where[0] == start[0] and where[2] == start[2]:
                    sites[later.offset] = (instruction.argval, loader)
                    break
    return sites


def is_logger_call(frame, site):
    """Whether the call at a site breaks: its receiver is a Logger (when the
    code loads it by name; one reached otherwise is taken to be one) and the
    method is not in torch._dynamo.config.ignore_logging_functions (which
    Dynamo turns into no-ops: no break)."""
    name, loader = site
    value = None
    if loader is not None:
        opname, variable = loader
        if opname in ("LOAD_GLOBAL", "LOAD_NAME"):
            value = frame.f_globals.get(variable, frame.f_builtins.get(variable))
            if opname == "LOAD_NAME":
                value = frame.f_locals.get(variable, value)
        else:
            value = frame.f_locals.get(variable)
        if not isinstance(value, logging.Logger):
            return False
    try:
        import torch._dynamo.config as config
        ignored = config.ignore_logging_functions
        function = logging.Logger.__dict__.get(name)
        if function in ignored or (value is not None and getattr(value, name, None) in ignored):
            return False
    except (ImportError, AttributeError, TypeError):
        pass
    return True
