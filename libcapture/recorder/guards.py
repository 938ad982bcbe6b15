"""Guards: what a cache entry assumes about the values a call starts with.

A guard is a dict: source (text), path (steps to reach the value from the
frame's arguments: ["local", name], ["attr", name], ["item", int|str]),
kind, the expected facts, and text (its readable form). The frame hook
turns them into C++ guards (libcapture/guard_parse.cpp) and checks them
on every call."""
import abc
import array
import collections
import collections.abc
import dis
import enum
import functools
import inspect
import itertools
import math
import operator
import re
import sys
import threading
import types
import weakref

import torch
from torch.utils._python_dispatch import is_traceable_wrapper_subclass

from .dtypes import aten_name
from .dynamic import SymExpr, dynamo_config
from .iterables import UNSUBSCRIPTABLE


def _closure_values(code, function):
    """{name: (index, value)} of the frame's closure variables."""
    cells = getattr(function, "__closure__", None) or ()
    values = {}
    for index, (name, cell) in enumerate(zip(code.co_freevars, cells)):
        try:
            values[name] = (index, cell.cell_contents)
        except ValueError:  # an empty cell
            pass
    return values


def build_guards(arguments, globals_=None, global_names=(), closure=None, code=None, wrapped_module=False):
    """Guards on the values a call starts with (built when it starts: the
    call may change them). Attribute guards carry the attribute names they
    depend on ("needs"), for finish_guards to keep only those the call could
    read. A plain dict argument the frame only ever reads by constant keys
    (`d["a"]`) is guarded, as Dynamo guards it, on those keys alone: another
    key added that the frame never reads is a hit, a read key missing a miss."""
    guards = []
    key_reads = constant_key_reads(code) if code is not None else {}
    membership = constant_membership_tests(code) if code is not None else {}
    for name, value in arguments.items():
        uses = lazy_dict_uses(code, "local", name) if code is not None and type(value) is dict else None
        if uses is not None and any(kind != "get" for kind, _ in uses):
            _guard_dict_uses(guards, f"L[{name!r}]", [["local", name]], value, uses)
            continue
        if name in key_reads and type(value) is dict:
            _guard_read_keys(guards, f"L[{name!r}]", [["local", name]], value, key_reads[name])
            continue
        if name in key_reads and type(value) in (tuple, list) and all(type(k) is int for k in key_reads[name]):
            _guard_read_items(guards, f"L[{name!r}]", [["local", name]], value, key_reads[name])
            continue
        if type(value) in (set, frozenset) and name in membership:
            _guard_membership(guards, f"L[{name!r}]", [["local", name]], value, membership[name])
        if type(value) in UNSUBSCRIPTABLE and code is not None and subscript_only(code, name):
            _guard_subscripted(guards, f"L[{name!r}]", [["local", name]], value)
            continue
        _guard_value(guards, f"L[{name!r}]", [["local", name]], value, 0)
    for name, (index, value) in sorted((closure or {}).items()):
        if code is not None and _stored_before_read(code, name):
            continue  # (`nonlocal c; c = 1` first thing: the value it starts with is never read)
        uses = lazy_dict_uses(code, "closure", name) if code is not None and type(value) is dict else None
        if uses is not None:
            _guard_dict_uses(guards, f"L[{name!r}]", [["closure", index]], value, uses)
            continue
        _guard_free_value(guards, f"L[{name!r}]", [["closure", index]], value,
                          skip_cells=stored_cells(code) if code is not None else ())
    for name in sorted(global_names):
        if globals_ is not None and name not in globals_:
            _guard_builtin(guards, globals_, name)
        if globals_ is not None and name in globals_:
            value = globals_[name]
            reads = global_key_reads(code, name) if code is not None and type(value) is dict else None
            if reads is not None:
                _guard_global_keys(guards, f"G[{name!r}]", [["global", name]], value, *reads)
                continue
            uses = lazy_dict_uses(code, "global", name) if code is not None and type(value) is dict else None
            if uses is not None:
                _guard_dict_uses(guards, f"G[{name!r}]", [["global", name]], value, uses)
                continue
            if type(value) in UNSUBSCRIPTABLE and code is not None and subscript_only(code, name):
                _guard_subscripted(guards, f"G[{name!r}]", [["global", name]], value)
                continue
            _guard_free_value(guards, f"G[{name!r}]", [["global", name]], value,
                              code.co_names if code is not None else (),
                              skip_cells=stored_cells(code) if code is not None else ())
            if code is not None and isinstance(value, types.ModuleType) and not _program_module(value):
                _guard_library_data(guards, name, value, code)
    if code is not None and globals_ is not None and \
            ("globals" in code.co_names or "modules" in code.co_names and "sys" in code.co_names):
        # The module's globals read as a dict (`globals()["SCALE"]`,
        # `sys.modules[__name__].SHIFT`): the data under the names the code
        # spells, by value, as Dynamo's resume function after globals()
        # guards ___stack1['SCALE'] and its G['sys'].modules['__main__'].SHIFT.
        spelled = set(code.co_names) | {c for c in code.co_consts if type(c) is str and c.isidentifier()}
        for name in sorted(spelled - set(global_names)):
            if name in globals_ and not name.startswith("__") and _scalar(globals_[name]):
                guards.append({"kind": "EQUALS_MATCH", "source": f"G[{name!r}]", "path": [["global", name]],
                               "value": plain_number(globals_[name]), "specialized": True,
                               "text": f"G[{name!r}] == {plain_number(globals_[name])!r}"})
    if code is not None:
        _guard_imports(guards, code)
        _guard_environment(guards, code)
        _guard_sys_queries(guards, code)
        _guard_missing_attributes(guards, code, arguments, globals_, global_names)
        for name in sorted(identity_reads(code)):
            if name in arguments:
                # id(x) in the frame's code: what it computes depends on which
                # object x is (Dynamo's ___check_obj_id; test_misc.py
                # test_id_guarded_object).
                guards.append({"kind": "ID_MATCH", "source": f"L[{name!r}]", "path": [["local", name]],
                               "object": arguments[name], "expected": f"the object id() read ({type(arguments[name]).__qualname__})",
                               "text": f"L[{name!r}] is the object id() read"})
    if code is not None and "__dict__" in code.co_names:
        _guard_class_dict_absent(guards, code, arguments, globals_, global_names)
    guards.append(_global_state_guard())
    _guard_function_modes(guards)
    if code is not None and code.co_flags & 0x08:  # CO_VARKEYWORDS: Dynamo checks **kwargs by its length
        kwargs = f"L[{code.co_varnames[code.co_argcount + code.co_kwonlyargcount + bool(code.co_flags & 0x04)]!r}]"
        if not _items_iterated(code, kwargs[3:-2]):  # (iterating kw.items() / values(): Dynamo's dict manager)
            for guard in guards:
                if guard["kind"] == "DICT_KEYS" and guard["source"] == kwargs:
                    guard["dict"] = "kwargs"
    spell_as_dynamo(guards, arguments, globals_, closure, code, wrapped_module)
    return guards


_ITEMS_ITERATED = {}


def _items_iterated(code, name):
    """Whether the code calls .items() or .values() on its local `name`
    (per code object and name)."""
    key = (code, name)
    if key not in _ITEMS_ITERATED:
        import dis
        ins = [i for i in dis.get_instructions(code) if i.opname != "CACHE"]
        _ITEMS_ITERATED[key] = any(a.opname in ("LOAD_FAST", "LOAD_FAST_CHECK") and a.argval == name and
                                   b.opname in ("LOAD_METHOD", "LOAD_ATTR") and b.argval in ("items", "values")
                                   for a, b in zip(ins, ins[1:]))
    return _ITEMS_ITERATED[key]


_CLASS_CODES = {}


def _class_codes(cls):
    """The code objects of a module class's own functions (its MRO but
    nn.Module and object; methods, static and class methods, properties,
    and the functions nested in them)."""
    codes = _CLASS_CODES.get(cls)
    if codes is not None:
        return codes
    codes = set()

    def add(code):
        if code not in codes:
            codes.add(code)
            for const in code.co_consts:
                if isinstance(const, types.CodeType):
                    add(const)
    for klass in getattr(cls, "__mro__", ()):
        if klass in (torch.nn.Module, object):
            continue
        for value in vars(klass).values():
            for fn in (value, getattr(value, "__func__", None), getattr(value, "fget", None)):
                code = getattr(fn, "__code__", None)
                if isinstance(code, types.CodeType):
                    add(code)
    codes = frozenset(codes)
    _CLASS_CODES[cls] = codes
    return codes


def keep_training_guards(guards, readers):
    """The guards on modules' `training` flags that matter, as Dynamo keeps
    them: only where the call's code read the flag (measured: after eval(),
    Sequential(Linear, ReLU) is a hit, and a model with a BatchNorm fails
    on self._modules['bn'].training alone). `readers`: the code objects of
    the call that read an attribute named training. A flag is kept for the
    modules whose class's code read it and for the modules under them (a
    forward may read self.child.training); when code that is no method of
    these classes read one (the frame itself, a helper), all are kept."""
    training = [g for g in guards if "training_of" in g]
    codes = {g["training_of"]: _class_codes(g["training_of"]) for g in training}
    if not training or any(all(code not in own for own in codes.values()) for code in readers):
        return guards
    under = [[tuple(step) for step in g["path"][:-1]] for g in training if codes[g["training_of"]] & readers]

    def kept(guard):
        if "training_of" not in guard:
            return True
        where = [tuple(step) for step in guard["path"][:-1]]
        return any(where[:len(prefix)] == prefix for prefix in under)
    return [g for g in guards if kept(g)]


def spell_as_dynamo(guards, arguments, globals_=None, closure=None, code=None, wrapped_module=False):
    """Each guard's source as Dynamo's recompile reasons spell it (the
    guard's "shown"): a frame's local by its name, a submodule, parameter
    or buffer by where the module keeps it (self._modules['fc'],
    m._parameters['bias'], self._buffers['b']), a global as G['name'].
    `wrapped_module`: the frame is the forward of one of torch's own module
    classes compiled with torch.compile(module), which Dynamo compiles as
    external_utils.inner(*args, **kwargs) with the module as `fn`: self is
    fn, the forward's arguments are args[0], args[1]... A guard whose source
    is not a plain walk of its path keeps dynx's spelling."""
    rename = {}
    if wrapped_module == "bound" and code is not None:
        # A bound method of a torch-decorated function (@torch.no_grad() on
        # a method, torch.compile(obj.update)): Dynamo compiles it as
        # external_utils.inner(*args) with the bound method as `fn`, so the
        # wrapper's args[0] is fn.__self__ and args[i] is args[i - 1].
        rename = {"args": _BOUND}
    elif wrapped_module and code is not None:
        names = code.co_varnames[:code.co_argcount]
        rename = {name: f"args[{i - 1}]" if i else "fn" for i, name in enumerate(names)}
    cells = {index: (name, value) for name, (index, value) in (closure or {}).items()}
    for guard in guards:
        spelled = _dynamo_source(guard["path"], arguments, globals_ or {}, cells, rename)
        if spelled is None or spelled[0] != guard.get("source"):
            if "shown" not in guard and guard.get("source"):
                _spell_prefix(guard, arguments, globals_ or {}, cells, rename)
            continue
        ours, theirs, held_by = spelled
        tensor = guard["kind"] == "TENSOR_MATCH"
        if tensor and (isinstance(guard.get("object"), torch.nn.Parameter) or held_by is not None and (
                held_by in ("_parameters", "_buffers") or held_by.startswith("torch."))):
            # Dynamo's force_parameter_static_shapes and
            # force_nn_module_property_static_shapes (both on by default):
            # a parameter, a module's buffer, a tensor one of torch's modules
            # holds never becomes dynamic; a new size recompiles.
            guard["static_shape"] = True
        if ours == guard["source"] and guard.get("dict") == "hasattr" and guard["path"][-1][0] == "attr" and \
                guard["path"][-1][1] in ("_parameters", "_buffers", "_modules"):
            # A module's attribute absent from where it would be held: worded
            # on the module, as its __dict__'s guard is (not hasattr(self, 'a')).
            guard["shown"] = theirs.rsplit(".", 1)[0] + ".__dict__"
        elif ours == guard["source"]:
            guard["shown"] = theirs
            if tensor and isinstance(guard.get("object"), torch.nn.Parameter):
                guard["note"] = ("Guard failed on a parameter, consider using torch._dynamo.config."
                                 "force_parameter_static_shapes = False to allow dynamism on parameters.")


_BOUND = object()  # (spell_as_dynamo's rename of a bound method's wrapper's args)


def _spell_prefix(guard, arguments, globals_, cells, rename):
    """A source no plain walk spells (a hook in a module's hook dict, a
    class's __dict__): the longest walk of its path that does is respelled
    wherever the source names it (self._modules['transformer']._modules['h']
    inside list(dict.keys(...)) too), and the frame's locals are renamed
    (fn._modules['1']._forward_hooks[...], args[0])."""
    source = guard["source"]
    path = guard["path"] or []
    shown = source
    for end in range(len(path), 1, -1):
        spelled = _dynamo_source(path[:end], arguments, globals_, cells, rename)
        if spelled is not None and spelled[0] != spelled[1] and spelled[0] in source:
            shown = re.sub(re.escape(spelled[0]) + r"(?!\w)", lambda _: spelled[1], source)
            break
    if rename.get("args") is _BOUND:
        shown = re.sub(r"(?<![\w.])L\['args'\]\[(\d+)\]",
                       lambda m: "fn.__self__" if m[1] == "0" else f"args[{int(m[1]) - 1}]", shown)
    shown = _named_locals(shown, rename)
    if shown != _named_locals(source):  # (else the reasons' own L['x'] -> x says the same)
        guard["shown"] = shown


_LOCAL = re.compile(r"(?<![\w.])L\['(\w+)'\]")


def _named_locals(source, rename=None):
    """A source with the frame's locals named as Dynamo's reasons name them
    (L['x'] -> x, or what `rename` gives a local: fn, args[0])."""
    def name(m):
        given = (rename or {}).get(m[1])
        return given if isinstance(given, str) else m[1]
    return _LOCAL.sub(name, source)


def _dynamo_source(path, arguments, globals_, cells, rename):
    """(dynx's spelling, Dynamo's spelling, where a module holds the value:
    "_parameters", "_buffers", "_modules", the module's class for another
    attribute of one of torch's modules ("torch.nn..."), else None) of a
    path, or None."""
    held_by = None
    if not path:
        return None
    kind, arg = path[0]
    try:
        if kind == "local" and rename.get(arg) is _BOUND and len(path) > 1 and path[1][0] == "item" and \
                type(path[1][1]) is int and type(arguments.get(arg)) is tuple:
            index = path[1][1]
            ours, value = f"L[{arg!r}][{index}]", arguments[arg][index]
            theirs = "fn.__self__" if index == 0 else f"args[{index - 1}]"
            path = path[1:]
        elif kind == "local" and rename.get(arg) is _BOUND:
            return None
        elif kind == "local" and arg in arguments:
            ours, theirs, value = f"L[{arg!r}]", rename.get(arg, arg), arguments[arg]
        elif kind == "closure" and arg in cells:
            ours, theirs, value = f"L[{cells[arg][0]!r}]", cells[arg][0], cells[arg][1]
        elif kind == "global" and arg in globals_:
            ours = theirs = f"G[{arg!r}]"
            value = globals_[arg]
        else:
            return None
        for kind, arg in path[1:]:
            held_by = None
            if kind == "attr":
                ours = _attr_source(ours, arg)
                if isinstance(value, torch.nn.Module):
                    where = next((d for d in ("_modules", "_parameters", "_buffers") if arg in vars(value).get(d, ())),
                                 None)
                    theirs = f"{theirs}.{where}[{arg!r}]" if where else f"{theirs}.{arg}"
                    owner = type(value).__module__ or ""
                    held_by = where or (owner if owner.startswith("torch.") else None)
                else:
                    theirs = f"{theirs}.{arg}"
                value = getattr(value, arg)
            elif kind == "item":
                ours, theirs, value = f"{ours}[{arg!r}]", f"{theirs}[{arg!r}]", value[arg]
            else:
                return None
    except Exception:  # a value the walk cannot reach: dynx's spelling
        return None
    return ours, theirs, held_by


_KEY_READS = {}


def constant_key_reads(code):
    """{argument: keys} for the frame's arguments whose every use is a
    subscript by a constant str/int key (`LOAD_FAST d; LOAD_CONST 'a';
    BINARY_SUBSCR`): reassigned, passed on, iterated, measured, written or
    captured by an inner function, an argument is left out (its whole key set
    then matters). Cached per code object."""
    reads = _KEY_READS.get(code)
    if reads is not None:
        return reads
    import dis
    count = code.co_argcount + code.co_kwonlyargcount
    arguments = set(code.co_varnames[:count]) - set(code.co_cellvars)
    keys, other = {}, set()
    instructions = list(dis.get_instructions(code))
    for i, ins in enumerate(instructions):
        if ins.opname in ("LOAD_FAST", "LOAD_FAST_CHECK") and ins.argval in arguments:
            after = instructions[i + 1:i + 3]
            if len(after) == 2 and after[0].opname == "LOAD_CONST" and type(after[0].argval) in (str, int) and \
                    after[1].opname == "BINARY_SUBSCR":
                keys.setdefault(ins.argval, set()).add(after[0].argval)
                continue
            other.add(ins.argval)
        elif isinstance(ins.argval, str) and ins.argval in arguments:
            other.add(ins.argval)
        elif isinstance(ins.argval, tuple):  # LOAD_FAST_LOAD_FAST and the like (3.13)
            other.update(a for a in ins.argval if isinstance(a, str) and a in arguments)
    reads = {name: found for name, found in keys.items() if name not in other}
    _KEY_READS[code] = reads
    return reads


_SUBSCRIPT_ONLY = {}


def subscript_only(code, name):
    """Whether every load of `name` (an argument, a closure cell or a
    global) in the code is the container of a subscript by one simple load
    (`FLAGS[0]`, `arr[i]`), and there is one. For a bytearray or an
    array.array each such read is a break of Dynamo's (gb4880) whose item
    the code after it is specialised on: the container's content itself is
    not guarded."""
    found = _SUBSCRIPT_ONLY.get((code, name))
    if found is None:
        import dis
        instructions = [ins for ins in dis.get_instructions(code) if ins.opname != "CACHE"]
        found, seen = True, False
        for i, ins in enumerate(instructions):
            if ins.argval != name or not ins.opname.startswith(("LOAD_", "STORE_", "DELETE_")):
                continue
            after = instructions[i + 1:i + 3]
            if ins.opname in ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_GLOBAL", "LOAD_DEREF") and len(after) == 2 and \
                    after[0].opname in ("LOAD_CONST", "LOAD_FAST", "LOAD_FAST_CHECK") and \
                    after[1].opname == "BINARY_SUBSCR":
                seen = True
                continue
            found = False
            break
        found = found and seen
        _SUBSCRIPT_ONLY[(code, name)] = found
    return found


def _guard_subscripted(guards, source, path, value):
    """A bytearray / array.array read only by index: its type (the items
    read are the resume functions' guards, ___stack1 == 2)."""
    guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                   "text": f"type({source}) is {type(value).__qualname__}"})


def _guard_read_keys(guards, source, path, value, keys):
    """A dict argument read only by constant keys: its type, then each read
    key's value (a key the call does not find fails its guard)."""
    guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": dict,
                   "text": f"type({source}) is dict"})
    if not all(key in value for key in keys):  # the call raises KeyError: all keys then matter
        guards.append({"kind": "DICT_KEYS", "source": source, "path": path, "keys": [plain_number(key) for key in value],
                       "text": f"list({source}.keys()) == {list(value)!r}"})
    for key in sorted(keys, key=repr):
        if key in value:
            _guard_value(guards, f"{source}[{key!r}]", path + [["item", plain_number(key)]], value[key], 1)


_DICT_USES = {}
_CONST_TYPES = (str, int)


def _dict_use(instructions, i):
    """What the code does with the dict instruction i loads, if it is one
    of the uses Dynamo guards lazily on a dict (ConstDictVariable): ("get",
    k) for `d[k]`, ("get_default", k) for `d.get(k)` / `d.get(k, c)`,
    ("contains", k) for `k in d` / `k not in d` / `d.__contains__(k)`,
    ("len", None) for `len(d)` and `if d:`; None for any other use (the
    whole key set then matters). Keys and defaults are constants."""
    after = instructions[i + 1:i + 5]
    before = instructions[i - 1] if i else None
    names = [a.opname for a in after]
    const = lambda a: a.opname == "LOAD_CONST" and type(a.argval) in _CONST_TYPES  # noqa: E731
    if len(after) >= 2 and const(after[0]) and names[1] == "BINARY_SUBSCR":
        return ("get", after[0].argval)
    if len(after) >= 4 and const(after[0]) and names[1:4] == ["COPY", "COPY", "BINARY_SUBSCR"]:
        return ("get", after[0].argval)  # `d[k] += v`: read, then written back
    if len(after) >= 2 and const(after[0]) and names[1] == "STORE_SUBSCR":
        return ("set", after[0].argval)  # written, never read here: no guard of its own
    if len(after) >= 2 and const(after[0]) and names[1] == "DELETE_SUBSCR":
        return ("contains", after[0].argval)  # deleted: the key must be there (else KeyError)
    if len(after) >= 3 and names[0] in ("LOAD_METHOD", "LOAD_ATTR") and const(after[1]):
        if after[0].argval == "get" and (names[2] == "PRECALL" and after[2].argval == 1 or
                                         names[2] == "LOAD_CONST" and len(after) == 4 and
                                         names[3] == "PRECALL" and after[3].argval == 2):
            return ("get_default", after[1].argval)
        if after[0].argval == "__contains__" and names[2] == "PRECALL" and after[2].argval == 1:
            return ("contains", after[1].argval)
        return None
    if before is not None and const(before) and names[:1] == ["CONTAINS_OP"] and \
            not instructions[i].is_jump_target:  # (`('j' if c else 'k') in d`: the key is not that constant)
        return ("contains", before.argval)
    if before is not None and before.opname == "LOAD_GLOBAL" and before.argval == "len" and \
            names[:1] == ["PRECALL"] and after[0].argval == 1:
        return ("len", None)
    if names and names[0].startswith("POP_JUMP") and names[0].endswith(("IF_TRUE", "IF_FALSE")):
        return ("len", None)
    return None


def lazy_dict_uses(code, kind, name):
    """The uses of a dict the frame reaches as a local argument, a closure
    cell or a global (`kind`), when every one is a constant-key read, a
    membership test or a measure (_dict_use), in the order the code makes
    them; None when the code uses it otherwise (iterates it, passes it on,
    writes it, stores the name, or a function nested in the frame names
    it). Dynamo guards such a dict lazily, on those alone (test_dicts.py
    test_lazy_key_guarding): another key added that the code never reads is
    a hit. Cached per code object and name."""
    key = (code, kind, name)
    if key in _DICT_USES:
        return _DICT_USES[key]
    import dis
    loads = {"local": ("LOAD_FAST", "LOAD_FAST_CHECK"), "closure": ("LOAD_DEREF",),
             "global": ("LOAD_GLOBAL",)}[kind]
    uses, found = [], None
    nested = any(hasattr(c, "co_code") and (name in c.co_freevars or name in c.co_names) for c in code.co_consts)
    if not nested and not (kind == "local" and name in code.co_cellvars):
        instructions = list(dis.get_instructions(code))
        other = False
        for i, ins in enumerate(instructions):
            named = ins.argval == name or isinstance(ins.argval, tuple) and name in ins.argval
            if not named or ins.opname in ("LOAD_CONST", "LOAD_ATTR", "LOAD_METHOD", "STORE_ATTR"):
                continue
            use = _dict_use(instructions, i) if ins.opname in loads else None
            if use is None:
                other = True
                break
            if use not in uses:
                uses.append(use)
        found = None if other or not uses else tuple(uses)
    _DICT_USES[key] = found
    return found


def _guard_dict_uses(guards, source, path, value, uses):
    """A dict guarded on what the code does with it (lazy_dict_uses), as
    Dynamo guards it: its type, then in the code's order each read key's
    value, each tested key's presence (`___dict_contains('k', d)`), its
    length where measured (`len(d) == 2`, `not d`). A key read by `d[k]`
    that the dict lacks (a branch not taken, or a KeyError the call
    raises) is guarded absent."""
    guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": dict,
                   "text": f"type({source}) is dict"})
    done = set()
    for kind, key in uses:
        if kind == "set":
            continue
        if kind == "len":
            if "len" not in done:
                guards.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(value),
                               "text": f"not {source}" if not value else f"len({source}) == {len(value)}"})
            done.add("len")
            continue
        if ("contains", key) not in done and (kind == "contains" or key not in value):
            present = key in value
            guards.append({"kind": "DICT_CONTAINS", "source": source, "path": path, "key": plain_number(key), "present": present,
                           "text": f"{'' if present else 'not '}___dict_contains({key!r}, {source})"})
            done.add(("contains", key))
        if kind in ("get", "get_default") and key in value and ("get", key) not in done:
            _guard_value(guards, f"{source}[{key!r}]", path + [["item", plain_number(key)]], value[key], 1)
            done.add(("get", key))


_ATTR_DICT_USES = {}
_CHAIN_STARTS = ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF", "LOAD_GLOBAL")


def attr_dict_uses(code, name):
    """The uses this code makes of a dict it reaches as an attribute named
    `name` (`"k" in self.cache`, `self.cache["k"]`, `cfg.table.get("k")`,
    `len(self.cache)`; _dict_use), in its order: () when the code never
    reads such an attribute, None when it uses one otherwise (iterates it,
    passes it on, keeps it in a variable, reads it by a name built at run
    time: getattr(self, "cache")). Cached per code object and name."""
    if name not in code.co_names and name not in code.co_consts:
        return ()
    key = (code, name)
    if key in _ATTR_DICT_USES:
        return _ATTR_DICT_USES[key]
    instructions = list(dis.get_instructions(code))
    uses, found = [], ()
    for i, ins in enumerate(instructions):
        if ins.argval != name:
            continue
        if ins.opname == "LOAD_CONST" or ins.opname in ("LOAD_METHOD", "DELETE_ATTR"):
            found = None  # (by a name built from a string, called as a method, deleted)
            break
        if ins.opname != "LOAD_ATTR":
            continue  # (a variable of that name; an attribute stored replaces the dict: no read)
        start = i
        while start > 0 and instructions[start].opname == "LOAD_ATTR":
            start -= 1
        if instructions[start].opname not in _CHAIN_STARTS or instructions[start].is_jump_target:
            found = None
            break
        # _dict_use on the chain as one load: what comes before its start,
        # what follows the attribute.
        view = instructions[:start] + instructions[i:]
        use = _dict_use(view, start)
        if use is None:
            found = None
            break
        if use not in uses:
            uses.append(use)
    if found is not None:
        found = tuple(uses)
    _ATTR_DICT_USES[key] = found
    return found


def _path_key(path):
    return tuple(tuple(step) if isinstance(step, list) else step for step in path)


_USERDICT_CODES = []


def _userdict_codes():
    """The code of collections.UserDict's own methods (they read self.data
    by the key they are handed: the frame's constant key)."""
    if not _USERDICT_CODES:
        _USERDICT_CODES.append(frozenset(getattr(value, "__code__", None)
                                         for value in vars(collections.UserDict).values()) - {None})
    return _USERDICT_CODES[0]


def make_attribute_dicts_lazy(guards, codes, read_names, frame_code=None):
    """Plain dicts reached by attribute (a module's `self.cache`, a config
    object's table) that every code the call ran uses only by constant
    keys, membership tests and measures (attr_dict_uses) are guarded as
    Dynamo guards them (its ConstDictVariable guards lazily, on what the
    trace did): each tested key's presence (`not ___dict_contains('k',
    self.cache)`), each read key's value, the length where measured, and
    not the whole key set, so a key added that the code never reads is a
    hit (tests/oracle recomp_module_dict_cache). The guards were built
    when the call started: presence is taken from the keys it started
    with."""
    if ANY_ATTRIBUTE in read_names:
        return guards
    typed = {g["source"] for g in guards if g["kind"] == "TYPE_MATCH"}
    types_at = {_path_key(g["path"]): g["type"] for g in guards
                if g["kind"] == "TYPE_MATCH" and g.get("path") and isinstance(g.get("type"), type)}
    out, dropped = [], []
    for guard in guards:
        path = guard.get("path") or []
        if any(path[:len(prefix)] == prefix for prefix in dropped):
            continue
        if guard["kind"] != "DICT_KEYS" or guard.get("dict") != "manager" or guard["source"] in typed or \
                len(path) < 2 or path[-1][0] != "attr" or type(path[-1][1]) is not str or \
                any(type(key) not in (str, int) for key in guard["keys"]):
            out.append(guard)
            continue
        uses = []
        owner = types_at.get(_path_key(path[:-1]))
        userdict = path[-1] == ["attr", "data"] and len(path) == 2 and path[0][0] == "local" and \
            owner is not None and issubclass(owner, collections.UserDict) and frame_code is not None
        if userdict:
            # A collections.UserDict argument (a tokenizer's BatchEncoding)
            # read by constant keys in the frame (`batch["input_ids"]`,
            # `"labels" in batch`, batch.get("mask")): its methods read
            # self.data by that key, so Dynamo guards the keys on
            # `batch.data` lazily, as a dict's (tests/oracle recomp_userdict_arg).
            # (UserDict.__getitem__ tests `key in self.data` first: each
            # read is a membership test too, ___dict_contains('labels', batch.data))
            uses = [use for kind, key in lazy_dict_uses(frame_code, "local", path[0][1]) or ()
                    for use in ((("contains", key), (kind, key)) if kind in ("get", "get_default") else ((kind, key),))]
            uses = list(dict.fromkeys(uses)) or None
            codes_seen = [code for code in codes if code not in _userdict_codes()]
        else:
            codes_seen = codes
        for code in codes_seen if uses is not None else ():
            found = attr_dict_uses(code, path[-1][1])
            if found is None:
                uses = None
                break
            uses.extend(u for u in found if u not in uses)
        if not uses:
            out.append(guard)
            continue
        source, keys, needs = guard["source"], guard["keys"], guard.get("needs")
        extra = {"needs": list(needs)} if needs else {}
        out.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": dict,
                    "text": f"type({source}) is dict", **extra})
        done = set()
        for kind, key in uses:
            if kind == "len" and "len" not in done:
                done.add("len")
                out.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(keys),
                            "text": f"not {source}" if not keys else f"len({source}) == {len(keys)}", **extra})
            elif kind in ("contains", "get", "get_default") and key not in done and \
                    (kind == "contains" or key not in keys):
                done.add(key)
                present = key in keys
                out.append({"kind": "DICT_CONTAINS", "source": source, "path": path, "key": key, "present": present,
                            "text": f"{'' if present else 'not '}___dict_contains({key!r}, {source})", **extra})
        read = {key for kind, key in uses if kind in ("get", "get_default")}
        dropped.extend(path + [["item", key]] for key in keys if key not in read)
    return out


_INDEXED = {}


def indexed_attributes(code, names):
    """The attribute names this code indexes (`self.layers[-1]`,
    `self.layers[i]`) or measures (`len(self.layers)`), of those in
    `names` (per code object)."""
    if not any(name in code.co_names for name in names):
        return frozenset()
    found = _INDEXED.get(code)
    if found is None:
        ins = [i for i in dis.get_instructions(code) if i.opname not in ("CACHE", "NOP", "EXTENDED_ARG")]
        found = set()
        for i, one in enumerate(ins):
            if one.opname != "LOAD_ATTR" or type(one.argval) is not str or i + 1 >= len(ins):
                continue
            after = ins[i + 1:i + 3]
            if len(after) == 2 and after[0].opname in _PLAIN_LOADS and after[1].opname == "BINARY_SUBSCR":
                found.add(one.argval)
            start = i
            while start > 0 and ins[start].opname == "LOAD_ATTR":
                start -= 1
            if start > 0 and ins[start - 1].opname == "LOAD_GLOBAL" and ins[start - 1].argval == "len" and \
                    after[0].opname == "PRECALL" and after[0].arg == 1:
                found.add(one.argval)
        found = frozenset(found)
        _INDEXED[code] = found
    return found


def mark_indexed_containers(guards, codes):
    """The length guard of a ModuleList or Sequential that the call's code
    indexes or measures (`self.layers[-1]`, `len(self.layers)`) fails in
    Dynamo's explicit wording, `len(self._modules['layers']._modules) == 1`:
    their __getitem__ and __len__ call len() on the modules dict. One only
    iterated keeps its dict manager's `!= 1`."""
    containers = {g["source"] for g in guards if g["kind"] == "TYPE_MATCH" and
                  g.get("type") in (torch.nn.ModuleList, torch.nn.Sequential)}
    candidates = {g["path"][-2][1] for g in guards if g["kind"] == "LENGTH_CHECK" and len(g.get("path") or []) >= 2 and
                  g["source"][:-len("._modules")] in containers and type(g["path"][-2][1]) is str}
    if not candidates:
        return
    names = set().union(*(indexed_attributes(code, candidates) for code in codes))
    if not names:
        return
    for guard in guards:
        path = guard.get("path") or []
        if guard["kind"] == "LENGTH_CHECK" and guard.get("dict") == "manager" and len(path) >= 2 and \
                path[-1] == ["attr", "_modules"] and path[-2][0] in ("item", "attr") and path[-2][1] in names and \
                guard["source"].endswith("._modules") and guard["source"][:-len("._modules")] in containers:
            guard["dict"] = "length"


def lazy_global_dict(code, name):
    """Whether a global dict is guarded on what the frame does with it
    (global_key_reads, lazy_dict_uses), not on its whole key set."""
    return global_key_reads(code, name) is not None or lazy_dict_uses(code, "global", name) is not None


def lazy_global_keys(code, name):
    """The keys whose values the frame reads off such a dict."""
    reads = global_key_reads(code, name)
    if reads is not None:
        return sorted(reads[0], key=repr)
    return [key for kind, key in lazy_dict_uses(code, "global", name) or () if kind in ("get", "get_default")]


_GLOBAL_KEY_READS = {}
_IDENTITY_READS = {}
_ATTRIBUTE_READS = {}


def direct_attribute_reads(code):
    """{("local"|"global", name): attributes the frame's code reads
    directly off that local or global (`LOAD_GLOBAL h; LOAD_ATTR b`)}."""
    return _attribute_reads(code)[0]


def builtin_attribute_reads(code):
    """The part of direct_attribute_reads read through the builtins
    getattr(x, "name", default) and hasattr(x, "name"), which Dynamo
    answers with a HASATTR guard (`not hasattr(o, 'clip')`)."""
    return _attribute_reads(code)[1]


def _attribute_reads(code):
    found = _ATTRIBUTE_READS.get(code)
    if found is None:
        ins = simple_instructions(code)
        found, builtin = {}, {}
        for i in range(len(ins) - 1):
            _, opname, argval = ins[i]
            kind = "global" if opname == "LOAD_GLOBAL" else \
                "local" if opname in ("LOAD_FAST", "LOAD_FAST_CHECK") else None
            if kind and ins[i + 1][1] in ("LOAD_ATTR", "LOAD_METHOD") and isinstance(ins[i + 1][2], str):
                found.setdefault((kind, argval), set()).add(ins[i + 1][2])
            # getattr(x, "name", default) and hasattr(x, "name") read it too.
            if opname == "LOAD_GLOBAL" and argval in ("getattr", "hasattr") and i + 2 < len(ins):
                (_, held_op, held), (_, name_op, name) = ins[i + 1], ins[i + 2]
                kind = "global" if held_op == "LOAD_GLOBAL" else \
                    "local" if held_op in ("LOAD_FAST", "LOAD_FAST_CHECK") else None
                if kind and name_op == "LOAD_CONST" and isinstance(name, str):
                    found.setdefault((kind, held), set()).add(name)
                    builtin.setdefault((kind, held), set()).add(name)
        found = _ATTRIBUTE_READS[code] = (found, builtin)
    return found


def _has_attribute(value, attr):
    """hasattr(value, attr) without running the program's code: a property
    or a parametrized weight is found on the class, not computed (a getter
    that counts its reads or fills a cache would run once more than the
    program runs it; tests/oracle sidefx_v_module_property_counts_reads,
    real_v_rope_lazy_cache_property_reset). An unset __slots__ member is
    absent (its descriptor is asked: no program code). A module's
    parameters, buffers and submodules are looked up where
    nn.Module.__getattr__ finds them; an object whose class has a
    __getattr__ or __getattribute__ of its own is asked (its answer is
    code)."""
    cls = type(value)
    if isinstance(value, torch.nn.Module):
        if cls.__getattr__ is not torch.nn.Module.__getattr__ or \
                cls.__getattribute__ is not torch.nn.Module.__getattribute__:
            return hasattr(value, attr)  # (a wrapper forwarding to what it wraps)
    elif not isinstance(value, types.ModuleType) and (
            cls.__getattribute__ is not object.__getattribute__ and not isinstance(value, torch.Tensor) or
            any("__getattr__" in vars(base) for base in cls.__mro__ if base is not object)):
        return hasattr(value, attr)
    try:
        found = inspect.getattr_static(value, attr)
    except AttributeError:
        found = _ABSENT
    except Exception:  # noqa: BLE001 - an object whose __dict__ or class cannot be read statically
        return hasattr(value, attr)
    if found is not _ABSENT:
        if type(found).__name__ == "member_descriptor" and not (isinstance(getattr(value, "__dict__", None), dict)
                                                                and attr in value.__dict__):
            try:
                found.__get__(value, cls)
            except AttributeError:
                return False  # an unset slot
        return True
    if isinstance(value, torch.nn.Module):
        held = vars(value)
        return any(isinstance(held.get(h), dict) and attr in held[h] for h in ("_parameters", "_buffers", "_modules"))
    if isinstance(value, types.ModuleType):
        return "__getattr__" in vars(value) and hasattr(value, attr)
    return False


_ABSENT = object()


def _guard_missing_attributes(guards, code, arguments, globals_, global_names):
    """An attribute the frame's code reads off an object of the program
    that does not have it (the read raises AttributeError, which the code
    may catch): the object must still not have it. Guarded as absent from
    its __dict__ (Dynamo guards nothing here, and a later call after the
    attribute was set hits its entry and computes the wrong thing:
    test_exceptions.py test_atrribute_error)."""
    by_builtin = builtin_attribute_reads(code)
    for (kind, name), attrs in sorted(direct_attribute_reads(code).items()):
        if kind == "local" and name in arguments:
            value, source, path = arguments[name], f"L[{name!r}]", [["local", name]]
        elif kind == "global" and globals_ is not None and name in global_names and name in globals_:
            value, source, path = globals_[name], f"G[{name!r}]", [["global", name]]
        else:
            continue
        tensor = isinstance(value, torch.Tensor)
        module = isinstance(value, torch.nn.Module)
        python_module = isinstance(value, types.ModuleType) and _program_module(value)
        if not plain_object(value) and not tensor and not module and not python_module:
            continue
        for attr in sorted(attrs):
            if attr.startswith("__") or _has_attribute(value, attr):
                continue
            if module:
                # `getattr(self, "temperature", 1.0)` on a module that has no
                # such attribute: set later, in its __dict__ or as a
                # parameter, buffer or submodule, it is a miss (Dynamo:
                # `not hasattr(self, 'temperature')`, test_modules.py).
                guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.__dict__",
                               "path": path + [["attr", "__dict__"]], "key": attr, "present": False,
                               "dict": "hasattr", "text": f"not hasattr({source}, {attr!r})"})
                for held in ("_parameters", "_buffers", "_modules"):
                    guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.{held}",
                                   "path": path + [["attr", held]], "key": attr, "present": False,
                                   "dict": "hasattr", "shown": f"{source}.__dict__",
                                   "text": f"not hasattr({source}, {attr!r})"})  # (spell_as_dynamo: on the module)
                continue
            if tensor:
                # An attribute absent from a tensor: Dynamo guards
                # `not hasattr(x, 'scale')` (test_input_attr_tracking.py).
                guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.__dict__",
                               "path": path + [["attr", "__dict__"]], "key": attr, "present": False,
                               "dict": "hasattr", "text": f"not hasattr({source}, {attr!r})"})
                continue
            if attr in by_builtin.get((kind, name), ()):
                # hasattr(o, "clip") / getattr(o, "clip", None): Dynamo's
                # HASATTR guard, `not hasattr(o, 'clip')` (test_misc.py).
                guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.__dict__",
                               "path": path + [["attr", "__dict__"]], "key": attr, "present": False,
                               "dict": "hasattr", "text": f"not hasattr({source}, {attr!r})"})
                continue
            guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.__dict__", "path": path + [["attr", "__dict__"]],
                           "key": attr, "present": False,
                           "text": f"not ___dict_contains({attr!r}, {source}.__dict__)"})


def _guard_class_dict_absent(guards, code, arguments, globals_, global_names):
    """Code that reads a class's __dict__ (`"scale" in type(obj).__dict__`)
    asks which names it holds: a name the code spells (a string constant)
    that the class of an object of the program's does not hold now must
    not come to be there (Dynamo guards the class dict's key list,
    list(type(G['obj']).__dict__.keys()) == [...]; test_functions.py
    test_class_dict). The names it holds are guarded by value already."""
    spelled = sorted({c for c in code.co_consts if type(c) is str and c.isidentifier() and not c.startswith("__")})
    if not spelled:
        return
    values = [(f"L[{name!r}]", [["local", name]], value) for name, value in arguments.items()]
    values += [(f"G[{name!r}]", [["global", name]], globals_[name]) for name in sorted(global_names)
               if globals_ is not None and name in globals_]
    for source, path, value in values:
        if isinstance(value, type) or not plain_object(value) or not _program_class(type(value)):
            continue
        own = type(value).__dict__
        for name in spelled:
            if name not in own:
                guards.append({"kind": "DICT_CONTAINS", "source": f"type({source}).__dict__",
                               "path": path + [["attr", "__class__"], ["attr", "__dict__"]], "key": name,
                               "present": False, "needs": ["__dict__"],
                               "text": f"not ___dict_contains({name!r}, type({source}).__dict__)"})


def identity_reads(code):
    """Arguments the frame's code passes to the builtin id()
    (`LOAD_GLOBAL id; LOAD_FAST x; CALL`), per code object."""
    found = _IDENTITY_READS.get(code)
    if found is None:
        import dis
        ins = [i for i in dis.get_instructions(code) if i.opname not in ("PRECALL", "CACHE")]
        found = frozenset(ins[i + 1].argval for i in range(len(ins) - 2)
                          if ins[i].opname == "LOAD_GLOBAL" and ins[i].argval == "id" and
                          ins[i + 1].opname in ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF") and
                          ins[i + 2].opname in ("CALL", "CALL_FUNCTION"))
        _IDENTITY_READS[code] = found
    return found
_MEMBERSHIP = {}


def _guard_membership(guards, source, path, value, keys):
    """`7 in s` in the frame's code on a set argument: Dynamo guards the
    membership on its own, ahead of the set's value (test_sets.py
    test_in_guard: `set.__contains__(s, 7)`)."""
    for key in sorted(keys, key=repr):
        present = key in value
        guards.append({"kind": "DICT_CONTAINS", "source": source, "path": path, "key": plain_number(key), "present": present,
                       "dict": "set", "text": f"{'' if present else 'not '}set.__contains__({source}, {key!r})"})


def constant_membership_tests(code):
    """{local name: constants it is tested for with `in`} (`LOAD_CONST 7;
    LOAD_FAST s; CONTAINS_OP`), per code object."""
    found = _MEMBERSHIP.get(code)
    if found is None:
        import dis
        ins = list(dis.get_instructions(code))
        found = {}
        for i in range(1, len(ins) - 1):
            if ins[i].opname in ("LOAD_FAST", "LOAD_FAST_CHECK") and ins[i - 1].opname == "LOAD_CONST" and \
                    type(ins[i - 1].argval) in (int, str) and ins[i + 1].opname == "CONTAINS_OP":
                found.setdefault(ins[i].argval, set()).add(ins[i - 1].argval)
        _MEMBERSHIP[code] = found
    return found


def global_key_reads(code, name):
    """(keys read, keys tested with `in`) of a global dict that the frame's
    code only ever reads by a constant key (`TABLE["a"]`) or tests for one
    (`"z" in TABLE`); None when it uses it otherwise (iterates it, passes it
    on, measures it, assigns it, or a function nested in the frame reads
    it). Dynamo guards such a dict lazily, on those keys alone
    (test_dicts.py test_lazy_key_guarding)."""
    key = (code, name)
    if key in _GLOBAL_KEY_READS:
        return _GLOBAL_KEY_READS[key]
    import dis
    found = None
    if not any(hasattr(const, "co_code") and name in global_reads(const) for const in code.co_consts):
        ins = list(dis.get_instructions(code))
        get, contains, other = set(), set(), False
        for i, x in enumerate(ins):
            if x.argval != name:
                continue
            if x.opname != "LOAD_GLOBAL":
                other = other or x.opname in ("STORE_GLOBAL", "DELETE_GLOBAL", "LOAD_NAME", "STORE_NAME")
                continue
            after = ins[i + 1:i + 3]
            before = ins[i - 1] if i else None
            if len(after) == 2 and after[0].opname == "LOAD_CONST" and type(after[0].argval) in (str, int) and \
                    after[1].opname == "BINARY_SUBSCR":
                get.add(after[0].argval)
            elif before is not None and before.opname == "LOAD_CONST" and type(before.argval) in (str, int) and \
                    after and after[0].opname == "CONTAINS_OP" and not x.is_jump_target:
                contains.add(before.argval)
            else:
                other = True
        if not other and (get or contains):
            found = (frozenset(get), frozenset(contains))
    _GLOBAL_KEY_READS[key] = found
    return found


def _guard_global_keys(guards, source, path, value, get, contains):
    """A global dict guarded on the keys the frame reads or tests: its
    type, each tested key's presence (`not ___dict_contains('z', G['t'])`),
    each read key's value."""
    guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": dict,
                   "text": f"type({source}) is dict"})
    for key in sorted(contains | {k for k in get if k not in value}, key=repr):
        present = key in value
        guards.append({"kind": "DICT_CONTAINS", "source": source, "path": path, "key": plain_number(key), "present": present,
                       "text": f"{'' if present else 'not '}___dict_contains({key!r}, {source})"})
    for key in sorted(get, key=repr):
        if key in value:
            _guard_value(guards, f"{source}[{key!r}]", path + [["item", plain_number(key)]], value[key], 1)


_STORED_FIRST = {}


def _stored_before_read(code, name):
    """Whether the frame's code assigns the closure variable `name`
    (STORE_DEREF) in its first block, before any read of it and before any
    jump: the value the cell holds when the call starts is never read, so
    Dynamo guards nothing of it (test_higher_order_ops.py
    test_cond_side_effects: `nonlocal c; c = 1` does not recompile when the
    cell holds 1 from the previous call)."""
    key = (code, name)
    if key in _STORED_FIRST:
        return _STORED_FIRST[key]
    import dis
    found = False
    for ins in dis.get_instructions(code):
        if ins.argval == name and ins.opname == "STORE_DEREF":
            found = True
            break
        if ins.argval == name and ins.opname in ("LOAD_DEREF", "DELETE_DEREF", "LOAD_CLASSDEREF"):
            break
        if "JUMP" in ins.opname or ins.opname in ("FOR_ITER", "SEND", "RETURN_VALUE", "RAISE_VARARGS", "RERAISE"):
            break
    _STORED_FIRST[key] = found
    return found


_ENV_KEYS = {}


def environment_keys(code):
    """The environment variables the frame's code reads by a constant name
    (os.environ.get("K"), os.environ["K"], "K" in os.environ,
    os.getenv("K")), per code object."""
    found = _ENV_KEYS.get(code)
    if found is None:
        import dis
        ins = [i for i in dis.get_instructions(code) if i.opname not in ("CACHE", "PRECALL", "PUSH_NULL")]
        found = set()
        for k, i in enumerate(ins):
            if i.argval not in ("environ", "getenv") or "LOAD" not in i.opname:
                continue
            after = ins[k + 1:k + 3]
            for j in after:
                if j.opname == "LOAD_CONST" and type(j.argval) is str:
                    found.add(j.argval)
                    break
            if k and ins[k - 1].opname in ("LOAD_GLOBAL", "LOAD_FAST", "LOAD_NAME") and k >= 2 and \
                    ins[k - 2].opname == "LOAD_CONST" and type(ins[k - 2].argval) is str and \
                    k + 1 < len(ins) and ins[k + 1].opname == "CONTAINS_OP":
                found.add(ins[k - 2].argval)
        found = frozenset(found)
        _ENV_KEYS[code] = found
    return found


# Queries of the interpreter's own state that take no argument and whose
# answer a program may branch on; setting them (sys.setrecursionlimit) is
# the program's business between calls.
_SYS_QUERIES = ("getrecursionlimit", "getswitchinterval", "getdefaultencoding", "getfilesystemencoding")
_SYS_READS = {}


def sys_queries(code):
    """The `sys.<query>()` calls of _SYS_QUERIES in the frame's code, per code object."""
    found = _SYS_READS.get(code)
    if found is None:
        import dis
        ins = [i for i in dis.get_instructions(code) if i.opname not in ("CACHE", "PRECALL", "PUSH_NULL")]
        found = frozenset(j.argval for i, j in zip(ins, ins[1:])
                          if i.argval == "sys" and i.opname in ("LOAD_GLOBAL", "LOAD_NAME", "LOAD_FAST")
                          and j.argval in _SYS_QUERIES and j.opname in ("LOAD_ATTR", "LOAD_METHOD"))
        _SYS_READS[code] = found
    return found


def _guard_sys_queries(guards, code):
    """What sys.getrecursionlimit() (and the like) answered, when the
    frame's code asks: the program may lower the limit between calls and
    take another path. Dynamo 2.13 guards none of them and reuses the
    graph of the old answer (tests/oracle recomp_sys_recursionlimit_read)."""
    for name in sorted(sys_queries(code)):
        try:
            value = getattr(sys, name)()
        except Exception:  # noqa: BLE001 - not in this interpreter
            continue
        guards.append({"kind": "EQUALS_MATCH", "source": f"sys.{name}()", "specialized": True,
                       "path": [["module", "sys"], ["attr", name], ["call", None]], "value": value,
                       "text": f"sys.{name}() == {value!r}"})


def _guard_environment(guards, code):
    """Environment variables the frame reads (a flag that picks a path):
    guarded by presence and value, so setting one between calls
    recompiles. Dynamo 2.13 guards none of them, and reuses the graph of
    the old value (a wrong result: tests/oracle known differences)."""
    import os
    for key in sorted(environment_keys(code)):
        try:
            stored = os.environ.encodekey(key)
        except Exception:  # noqa: BLE001 - not a name the environment can hold
            continue
        data = os.environ._data
        path = [["module", "os"], ["attr", "environ"], ["attr", "_data"]]
        present = stored in data
        guards.append({"kind": "DICT_CONTAINS", "source": "os.environ", "path": path, "key": stored,
                       "present": present, "shown": "os.environ",
                       "text": f"{'' if present else 'not '}{key!r} in os.environ"})
        if present:
            guards.append({"kind": "EQUALS_MATCH", "source": f"os.environ[{key!r}]", "path": path + [["key", stored]],
                           "value": data[stored], "shown": f"os.environ[{key!r}]", "specialized": True,
                           "text": f"os.environ[{key!r}] == {os.environ[key]!r}"})


def _guard_read_items(guards, source, path, value, indices):
    """A tuple or list argument read only by constant indices (`args[0]`):
    its type, its length, then the items read, as Dynamo guards what it
    traced (test_repros.py test_guard_fail_nested_tuple: an item never
    read may change shape or type without a recompile)."""
    guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                   "text": f"type({source}) is {type(value).__name__}"})
    guards.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(value),
                   "text": f"not {source}" if not value else f"len({source}) == {len(value)}"})
    for index in sorted({i % len(value) for i in indices if -len(value) <= i < len(value)}):
        _guard_value(guards, f"{source}[{index}]", path + [["item", index]], value[index], 1)


# What a call's read_names hold once its traced code read a parameter's
# .grad before the call's backward (modes.py): no identifier, so no code's
# names match it (a tuple would be taken by needs_met as alternatives).
GRAD_READ = ".grad read by traced code"
# The traced code read a .grad before any break (modes.py): the name a
# leaf input's gradient guard needs (the code after a break is the resume
# function's, which guards the gradients the backward before it left).
GRAD_READ_BEFORE_BREAK = ".grad read before a break"
def _own_version_needs(guard):
    """A version guard's own need (the program read that tensor's version),
    kept when a gradient's guards are given the gradient read's."""
    return [n for n in guard.get("needs", ()) if isinstance(n, str) and n.startswith("_version of tensor ")]


def version_read(tensor):
    """What a call's read_names hold once the program's own code read this
    tensor's version counter (`w._version != self._cache_version`: a cache
    of a transformed weight kept until an in-place update; modes.py): the
    name its version guard needs. Not an identifier, so neither a code's
    names nor the any-attribute wildcard match it."""
    return f"_version of tensor {id(tensor)}"


# The program's code called getattr/hasattr with a name it built at run
# time (`getattr(cfg, f"{phase}_lr")`, `getattr(w, f.name)` over a
# dataclass's fields): any attribute may have been read.
ANY_ATTRIBUTE = "any attribute, by a name built at run time"
# Names the wildcard does not stand for: their guards ask for a read of
# their own (a gradient, the leaf flag), never one by an arbitrary name.
_NOT_ANY = frozenset({"grad", "is_leaf", "training"})


def needs_met(needs, names):
    """Whether every name a guard needs was read; a tuple in `needs` is
    met by any of its names (an attribute a `match` class pattern reads
    positionally: its name, or __match_args__ used by MATCH_CLASS)."""
    if ANY_ATTRIBUTE in names:
        return all(any(a in names or a.isidentifier() and a not in _NOT_ANY for a in ((n,) if isinstance(n, str) else n))
                   for n in needs)
    return all(n in names if isinstance(n, str) else any(a in names for a in n) for n in needs)


_DYNAMIC_GETATTR = {}


def dynamic_getattr(code):
    """Whether the code calls getattr or hasattr with a name that is not a
    constant (a name built at run time: the attribute read is unknown
    before it runs). The call's arguments are read from the bytecode: the
    object (a name and its attributes), then a string constant."""
    found = _DYNAMIC_GETATTR.get(code)
    if found is None:
        found = False
        if "getattr" in code.co_names or "hasattr" in code.co_names:
            instructions = list(dis.get_instructions(code))
            for i, ins in enumerate(instructions):
                if ins.opname != "LOAD_GLOBAL" or ins.argval not in ("getattr", "hasattr"):
                    continue
                j = i + 1
                if j < len(instructions) and instructions[j].opname in ("LOAD_FAST", "LOAD_DEREF", "LOAD_GLOBAL",
                                                                         "LOAD_NAME", "LOAD_CLOSURE"):
                    j += 1
                    while j < len(instructions) and instructions[j].opname in ("LOAD_ATTR",):
                        j += 1
                    # (the constant is the whole name: the call follows, or
                    # one more plain load for getattr's default, then the
                    # call; not f"scale_{which}" nor "p_" + n)
                    k = j + 1
                    if k < len(instructions) and instructions[k].opname in ("LOAD_CONST", "LOAD_FAST", "LOAD_GLOBAL",
                                                                             "LOAD_DEREF"):
                        k += 1
                    if j < len(instructions) and instructions[j].opname == "LOAD_CONST" and \
                            type(instructions[j].argval) is str and k < len(instructions) and \
                            instructions[k].opname in ("PRECALL", "CALL"):
                        continue
                found = True
                break
        _DYNAMIC_GETATTR[code] = found
    return found


_WHOLE_DICT_USES = {}
_WHOLE_DICT_METHODS = frozenset({"update", "pop", "popitem", "setdefault", "clear", "move_to_end", "__len__",
                                 "__or__", "__ior__"})
_PLAIN_LOADS = frozenset({"LOAD_CONST", "LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_GLOBAL", "LOAD_DEREF"})


def whole_dict_uses(code):
    """Chains ("local"|"global", name, attribute...) whose dict the code
    measures, merges or mutates: len(d), d | e, d[k] = v, d[k] += v,
    del d[k], d.pop(k), d.update(e) (and, as ("subscript", ...), d[k] with
    k not a constant, which inserts k in a defaultdict). Dynamo then guards
    the dict's length first, and its failure reads `len(d) == 2`, where a
    dict only read by key or iterated (d.items(), for k in d: measured in
    tests/oracle) fails its dict guard manager's `len(d) != 2`."""
    found = _WHOLE_DICT_USES.get(code)
    if found is not None:
        return found
    skip = ("CACHE", "PRECALL", "NOP", "EXTENDED_ARG", "RESUME")
    ins = [i for i in dis.get_instructions(code) if i.opname not in skip]
    found = set()
    n = len(ins)
    for i in range(n):
        op = ins[i].opname
        if op in ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF") and isinstance(ins[i].argval, str):
            chain = ["local", ins[i].argval]
        elif op == "LOAD_GLOBAL" and isinstance(ins[i].argval, str):
            chain = ["global", ins[i].argval]
        else:
            continue
        j = i + 1
        used = False
        while j < n and ins[j].opname in ("LOAD_ATTR", "LOAD_METHOD") and isinstance(ins[j].argval, str):
            if ins[j].argval in _WHOLE_DICT_METHODS and j + 1 < n and ins[j + 1].opname in ("CALL", "CALL_METHOD",
                                                                                            "CALL_FUNCTION"):
                used = True
                break
            if ins[j].opname == "LOAD_METHOD":
                break
            chain.append(ins[j].argval)
            j += 1
        after = ins[j] if j < n else None
        if after is not None and not used:
            nxt = ins[j + 1] if j + 1 < n else None

            def merges(x):  # d | e, d |= e
                return x is not None and (x.opname in ("BINARY_OR", "INPLACE_OR") or
                                          x.opname == "BINARY_OP" and x.argrepr in ("|", "|="))
            if after.opname in ("LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF") and nxt is not None and \
                    nxt.opname == "BINARY_SUBSCR":
                found.add(("subscript",) + tuple(chain))  # d[k], k not a constant: a defaultdict may insert k
            used = merges(after) or \
                (after.opname in _PLAIN_LOADS and nxt is not None and
                 (nxt.opname in ("STORE_SUBSCR", "DELETE_SUBSCR") or merges(nxt) or
                  nxt.opname == "COPY" and j + 3 < n and ins[j + 3].opname == "BINARY_SUBSCR")) or \
                (i > 0 and ins[i - 1].opname == "LOAD_GLOBAL" and ins[i - 1].argval == "len" and
                 after.opname in ("CALL", "CALL_FUNCTION") and after.arg == 1)
        if used:
            found.add(tuple(chain))
    _WHOLE_DICT_USES[code] = found
    return found


def mark_whole_dict_uses(guards, frame_code, module_codes):
    """The dict guards of dicts the call's code used whole (whole_dict_uses:
    the frame's own code by any name, the functions of its module it ran by
    their globals) fail with Dynamo's DICT_KEYS_MATCH wording (`len(d) == 2`).
    Plain dicts, defaultdicts and OrderedDicts only: Dynamo wraps other dict
    subclasses as user-defined dicts, whose guard manager words it `!=`."""
    chains = set(whole_dict_uses(frame_code))
    for code in module_codes:
        chains |= {c for c in whole_dict_uses(code) if c[0] == "global" or c[:2] == ("subscript", "global")}
    if not chains:
        return
    subclassed = {g["source"] for g in guards if g["kind"] == "TYPE_MATCH" and
                  g.get("type") not in (collections.defaultdict, collections.OrderedDict)}
    defaultdicts = {g["source"] for g in guards if g["kind"] == "TYPE_MATCH" and g.get("type") is collections.defaultdict}
    for guard in guards:
        if guard["kind"] != "DICT_KEYS" or guard.get("dict") != "manager" or guard["source"] in subclassed:
            continue
        path = guard["path"]
        if not path or path[0][0] not in ("local", "global") or any(step[0] != "attr" for step in path[1:]):
            continue
        chain = (path[0][0], path[0][1], *(step[1] for step in path[1:]))
        if chain in chains or guard["source"] in defaultdicts and ("subscript",) + chain in chains:
            guard["dict"] = "length"


def finish_guards(guards, read_names=None, extra=(), training_readers=None, training_set=()):
    """The entry's guards: those whose attributes the call could have read
    (all if read_names is None), guards on globals first read during the
    call (`extra`), modules' training flags where the call read them
    (keep_training_guards, when `training_readers` is given) and did not
    set them first (`training_set`: ids of the modules whose flag the
    call's own train()/eval() set before any code read one: Dynamo
    traces that store and guards nothing of the flag it wrote), then the
    aliasing guards between tensor inputs."""
    kept = [g for g in _expand_lazy(list(guards) + list(extra))
            if read_names is None or needs_met(g.get("needs", ()), read_names)]

    if training_readers is not None:
        kept = keep_training_guards(kept, training_readers)
    if training_set:
        kept = [g for g in kept if g.get("training_id") not in training_set]
    kept = [{k: v for k, v in g.items() if k not in ("needs", "training_of", "training_id")} for g in kept]
    # The tensors the frame is called with first, then what they and the
    # modules hold: the order in which Dynamo's guards meet them, so a call
    # that fails several reports the guard Dynamo reports.
    # Among those, Dynamo's order: its guards are installed sorted by
    # Guard.sort_key, the source's name by length, then alphabetically
    # (`x` before `recon_x`, `a` before `b`, `images` before `labels`),
    # whatever the parameters' order.
    kept.sort(key=lambda g: (0, len(g["path"][0][1]), g["path"][0][1])
              if g["kind"] == "TENSOR_MATCH" and len(g["path"]) == 1 and g["path"][0][0] == "local" else (1,))
    _key_identity_guards(kept)
    _aliasing_guards(kept)
    return kept


def _key_identity_guards(guards):
    """A tensor the frame reaches (G['KEY']) that is also a key, or part of
    a tuple key, of a dict it guards (TABLE[("w", KEY)]): which entry the
    code reads depends on which tensor object it is, so it is guarded by
    identity, as Dynamo relates the two
    (`list(dict.keys(G['TABLE']))[0][1] is G['KEY']`; tests/oracle
    recomp_w_dict_tuple_key_with_tensor)."""
    keyed = {}
    for guard in guards:
        if guard["kind"] != "DICT_KEYS":
            continue
        for i, key in enumerate(guard["keys"]):
            where = f"list(dict.keys({guard['source']}))[{i}]"
            items = [(where, key)] if isinstance(key, torch.Tensor) else \
                [(f"{where}[{j}]", k) for j, k in enumerate(key) if isinstance(k, torch.Tensor)] \
                if type(key) is tuple else []
            for spelled, tensor in items:
                keyed.setdefault(id(tensor), (spelled, tensor))
    if not keyed:
        return
    for guard in list(guards):
        found = keyed.get(id(guard.get("object"))) if guard["kind"] == "TENSOR_MATCH" else None
        if found is not None and not any(step[0] == "key" for step in guard["path"]):
            spelled, tensor = found
            # (spelled as Dynamo spells it: the key first; `path` reaches the tensor)
            # (an aliasing guard in Dynamo: its failure reads `key is G['KEY']`, not ___check_obj_id)
            guards.append({"kind": "ID_MATCH", "source": spelled, "path": guard["path"], "object": tensor,
                           "expected": guard["source"], "text": f"{spelled} is {guard['source']}",
                           "failure": re.sub(r"\bL\['([^']+)'\]", r"\1", f"{spelled} is {guard['source']}")})


def _guard_builtin(guards, globals_, name):
    """A name the frame's code loads as a global that its module does not
    define: the builtin it finds. A global of that name defined later
    shadows it (test_guard_serialization.py test_builtin_match: `def abs`
    after the first call), and builtins.getattr replaced is another
    function: both are misses, never the old entry's graph."""
    module = globals_.get("__name__")
    holder = sys.modules.get(module) if isinstance(module, str) else None
    table = globals_.get("__builtins__")
    table = vars(table) if isinstance(table, types.ModuleType) else table
    if holder is None or getattr(holder, "__dict__", None) is not globals_ or not isinstance(table, dict) or \
            name not in table:
        return
    guards.append({"kind": "DICT_CONTAINS", "source": "G", "path": [["module", module], ["attr", "__dict__"]],
                   "key": name, "present": False, "text": f"not ___dict_contains({name!r}, G)"})
    value = table[name]
    guards.append({"kind": "ID_MATCH", "source": f"builtins.{name}", "path": [["module", "builtins"], ["attr", name]],
                   "object": value, "expected": _object_name(value),
                   "text": f"builtins.{name} is {_object_name(value)}"})


_GETTERS = (operator.itemgetter, operator.attrgetter, operator.methodcaller)


_FREE_ACTIVE = set()  # ids of the values _guard_free_value is guarding (a cycle back to one: by identity)


_MODULE_CHAINS = {}


def module_attribute_chains(code, name):
    """The attribute chains the code reads from the global `name` as data
    (`torch.nn.GELU.__init__.__defaults__[0]`): tuples of steps, ["attr",
    a] and a last ["item", constant] where subscripted; a chain a method is
    called on or that ends in a call is left out. Cached per code object."""
    key = (code, name)
    found = _MODULE_CHAINS.get(key)
    if found is None:
        chains = set()
        instructions = list(dis.get_instructions(code))
        for i, ins in enumerate(instructions):
            if ins.opname != "LOAD_GLOBAL" or ins.argval != name:
                continue
            steps, j = [], i + 1
            while j < len(instructions) and instructions[j].opname == "LOAD_ATTR":
                steps.append(("attr", instructions[j].argval))
                j += 1
            if j + 1 < len(instructions) and instructions[j].opname == "LOAD_CONST" and \
                    type(instructions[j].argval) in (int, str) and instructions[j + 1].opname == "BINARY_SUBSCR":
                steps.append(("item", instructions[j].argval))
                j += 2
            if len(steps) >= 2 and j < len(instructions) and \
                    instructions[j].opname not in ("LOAD_METHOD", "PRECALL", "CALL", "CALL_FUNCTION_EX"):
                chains.add(tuple(steps))
        found = _MODULE_CHAINS[key] = frozenset(chains)
    return found


def _guard_library_data(guards, name, module, code):
    """Data the code reads off a library module's classes and functions
    (`torch.nn.GELU.__init__.__defaults__[0]`, a flag on a library class),
    which a program may patch between calls: by value, as Dynamo guards it
    (G['torch'].nn.GELU.__init__.__defaults__[0] == 'none'). Not a module's
    own attribute (`torch.backends.cudnn.enabled`: global state, guarded as
    such), nor what Python's own modules hold."""
    if module.__name__.split(".")[0] in sys.stdlib_module_names:
        return
    for chain in sorted(module_attribute_chains(code, name), key=repr):
        value, parent, source, path = module, None, f"G[{name!r}]", [["global", name]]
        try:
            for kind, step in chain:
                parent = value
                value = getattr(value, step) if kind == "attr" else value[step]
                source += f".{step}" if kind == "attr" else f"[{step!r}]"
                path = path + [[kind, step]]
        except Exception:  # noqa: BLE001 - not there (yet): nothing read
            continue
        if isinstance(parent, types.ModuleType) or not (_scalar(value) or value is None):
            continue
        value = plain_number(value)
        guards.append({"kind": "EQUALS_MATCH", "source": source, "path": path, "value": value,
                       "text": f"{source} == {value!r}"})


def _guard_free_value(guards, source, path, value, names=(), skip_cells=()):
    """A closure cell or global the frame reads: data (tensors, scalars,
    containers, modules, plain objects) by value; functions, classes and
    Python modules by identity. A value met again while it is being
    guarded (`self.post = functools.partial(self.scale, 2)`, a closure
    holding its owner) is guarded by identity there."""
    if id(value) in _FREE_ACTIVE:
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": _object_name(value), "text": f"{source} is {_object_name(value)}"})
        return
    _FREE_ACTIVE.add(id(value))
    try:
        _guard_free_value_once(guards, source, path, value, names, skip_cells)
    finally:
        _FREE_ACTIVE.discard(id(value))


def _guard_free_value_once(guards, source, path, value, names, skip_cells):
    if type(value) is weakref.ref and id(value) not in _DEREFERENCING:
        # (callable, but data: what it refers to, _guard_value; once, since
        # what it refers to may lead back to it: an optimizer's step wrapper
        # holds a weak reference to the optimizer)
        _DEREFERENCING.add(id(value))
        try:
            _guard_value(guards, source, path, value, _MAX_DEPTH - 2)
        finally:
            _DEREFERENCING.discard(id(value))
        return
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.MethodType, types.ModuleType, type,
                          functools.partial)) or callable(value) and not isinstance(value, torch.nn.Module) and \
            not plain_object(value) and type(value) not in _GETTERS:  # (those: data, below)
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": _object_name(value), "text": f"{source} is {_object_name(value)}"})
        if isinstance(value, types.FunctionType) and getattr(value, "_dynx_lru", None) is None:
            # The same function object with another body or other defaults
            # (helper.__defaults__ = (7,)) computes something else.
            _guard_code_and_defaults(guards, source, path, value, 0)
            _guard_function_attributes(guards, source, path, value)
            _guard_function_cells(guards, source, path, value, 0, skip_cells)
            _guard_own_namespace(guards, source, path, value)
        elif isinstance(value, type):
            _guard_class_data(guards, source, path, value, 0, names)
        elif isinstance(value, types.ModuleType):
            _guard_module_data(guards, source, path, value, names)
            if value is torch:
                _guard_backend_flags(guards, source, path, names)
        elif type(value) is functools.partial:
            # The same partial object whose bound values change in place
            # (p.keywords["factor"] = 3.0) computes something else: its
            # arguments and keywords by value, as a partial passed in.
            _guard_value(guards, f"{source}.args", path + [["attr", "args"]], value.args, 1)
            _guard_value(guards, f"{source}.keywords", path + [["attr", "keywords"]], value.keywords, 1)
        elif isinstance(value, types.MethodType) and plain_object(value.__self__):
            # A bound method of one of the program's objects (a partial of
            # `m.mix`): what its code reads off the object is state
            # (`fn.func.__self__.w`), as for the method passed in itself.
            _guard_value(guards, f"{source}.__self__", path + [["attr", "__self__"]], value.__self__, 1)
    else:
        _guard_value(guards, source, path, value, 0)


_REGISTRY_ITEMS = 512  # a registry bigger than that is a table of data, not of functions


def _registry_dicts(source, path, value):
    """The dicts a library registry keeps its functions in: a global dict
    (LOSS_MAPPING), or a Mapping object's own dicts and its classes'
    (transformers' AttentionInterface: a per-instance `_local_mapping`
    looked up before the class-wide `_global_mapping` that register()
    fills)."""
    kind = type(value)
    if issubclass(kind, (type, types.ModuleType)):
        return []  # (by the type, never the object's own __class__: a proxy's may raise)
    if not issubclass(kind, collections.abc.Mapping):
        # An object that keeps a registry in a dict attribute of its own
        # (torch.distributions' biject_to: a ConstraintRegistry whose
        # _registry maps constraint classes to factories).
        if kind.__module__ == "builtins" or not hasattr(kind, "__dict__"):
            return []
        try:
            own = object.__getattribute__(value, "__dict__")
        except AttributeError:
            return []
        return [(f"{source}.{name}", path + [["attr", name]], item) for name, item in list(own.items())
                if type(name) is str and not name.startswith("__") and type(item) is dict] \
            if type(own) is dict else []
    found = [(source, path, value)] if issubclass(kind, dict) else []
    if kind is dict:
        return found
    layers = []
    try:
        own = object.__getattribute__(value, "__dict__")
    except AttributeError:
        own = None
    if type(own) is dict:
        layers.append(own)
    layers += [klass.__dict__ for klass in kind.__mro__ if klass is not object]
    seen = set()
    for layer in layers:
        for name, item in list(layer.items()):
            if type(name) is not str or name in seen or name.startswith("__"):
                continue
            seen.add(name)
            if type(item) is dict:
                found.append((f"{source}.{name}", path + [["attr", name]], item))
    return found


def guard_torch_functions(guards, read_names):
    """The functions of torch.nn.functional that torch's modules call by
    their module attribute (nn.GELU.forward: `F.gelu(...)`), by identity, as
    Dynamo guards them (___check_obj_id(G['__import_torch_dot_nn_dot_modules_dot_linear'].F.gelu)):
    a program that replaces F.gelu between calls (an approximation, a fused
    kernel patched in) runs another function in its next call. Only the
    names some code of the call read."""
    functional = sys.modules.get("torch.nn.functional")
    namespace = getattr(functional, "__dict__", None)
    if not isinstance(namespace, dict):
        return
    for name in sorted(read_names & namespace.keys()):
        value = namespace[name]
        if name.startswith("_") or not (type(value) is types.BuiltinFunctionType or
                                        type(value) is types.FunctionType and value.__module__ == functional.__name__):
            continue  # (functional's own functions, not the helpers it imports: handle_torch_function)
        _guard_registry_item(guards, f"torch.nn.functional.{name}",
                             [["module", "torch.nn.functional"], ["attr", name]], value)


def _function_code(item):
    """The code of a Python function or of the function behind a bound
    method, read without running any of the object's own attribute hooks;
    None for anything else."""
    if type(item) is types.MethodType:
        item = item.__func__
    return item.__code__ if type(item) is types.FunctionType else None


def _class_key(key):
    """A registry key made of classes (torch.distributions' KL table, keyed
    by (Normal, Normal); biject_to's, by constraint class): reached by
    the key object itself."""
    return isinstance(key, type) or type(key) is tuple and 0 < len(key) <= 4 and all(isinstance(k, type) for k in key)


def _guard_registry_item(guards, source, path, item):
    """A function a library looked up. The program's own by identity, code,
    defaults and cells (a closure made per call, a body patched); a
    library's by its code, as Dynamo guards an inlined function
    (___check_obj_id(...LOSS_MAPPING['ForCausalLM'].__code__)), so a fresh
    closure or bound method of the same code that a library stores again
    each call is no recompile; a builtin by identity."""
    code = _function_code(item)
    if code is not None and _SOURCES and _SOURCES[0].is_program(code.co_filename):
        _guard_free_value(guards, source, path, item)
    elif code is not None:
        steps = [["attr", "__func__"]] if type(item) is types.MethodType else []
        where = source + "".join(f".{step[1]}" for step in steps) + ".__code__"
        guards.append({"kind": "ID_MATCH", "source": where, "path": path + steps + [["attr", "__code__"]],
                       "object": code, "expected": f"the code of {code.co_qualname}",
                       "text": f"{where} is the code of {code.co_qualname}"})
    else:
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": item,
                       "expected": _object_name(item), "text": f"{source} is {_object_name(item)}"})


_OWN_STATE_MODULES = frozenset({"torch.compiler", "torch._compile", "torch._utils_internal"})


def guard_library_flags(guards, flags):
    """A library's private int or bool module state its code read while
    the call ran (`if _cache_enabled:` in torch.nn.utils.parametrize, which
    parametrize.cached() raises): by value, as Dynamo guards it
    (G['__import_torch_dot_nn_dot_utils_dot_parametrize']._cache_enabled == 0),
    where the call left it as it first read it (a counter the call itself
    moves is no state a later call starts with)."""
    for (_, name), (namespace, first) in sorted(flags.items(), key=lambda item: (str(item[1][0].get("__name__")),
                                                                                   item[0][1])):
        module = namespace.get("__name__")
        loaded = sys.modules.get(module) if type(module) is str else None
        now = namespace.get(name)
        if getattr(loaded, "__dict__", None) is not namespace or type(now) is not type(first) or now != first or \
                module in _OWN_STATE_MODULES or module.startswith("torch._dynamo"):
            continue  # (torch.compiler._is_compiling_flag: set by dynx itself while it records)
        guards.append({"kind": "EQUALS_MATCH", "source": f"{module_source(module)}.{name}", "specialized": True,
                       "path": [["module", module], ["attr", name]], "value": first,
                       "text": f"{module_source(module)}.{name} == {first!r}"})


def module_source(name):
    """A module reached other than through the frame's own globals (a
    global an inlined library function reads, `import knobs` inside the
    frame), as Dynamo's guards name it (symbolic_convert.py import_source):
    G['__import_torch_dot_nn_dot_utils_dot_parametrize']."""
    return f"G[{'__import_' + name.replace('.', '_dot_')!r}]"


def guard_registries(guards, library_codes, ran_codes):
    """Registries of functions an installed library looks up while the call
    runs (transformers' ALL_ATTENTION_FUNCTIONS.get_interface(name),
    LOSS_MAPPING[loss_type]) and the module-level functions it calls by
    their global name (modeling_llama.apply_rotary_pos_emb): a program
    patches them between calls (AttentionInterface.register,
    `LOSS_MAPPING["ForCausalLM"] = mine`), and the next call then runs
    another function. Dynamo traces the lookup and guards the function it
    found; here, each key of such a registry under which sits a function the
    call ran is guarded in every dict the registry keeps (`d[key]`'s code,
    or the key absent), so a patched or shadowing entry is a miss.
    `library_codes`: {code: the module globals it ran with}."""
    modules = {}
    for code, namespace in library_codes.items():
        module = namespace.get("__name__")
        loaded = sys.modules.get(module) if type(module) is str else None
        if loaded is not None and getattr(loaded, "__dict__", None) is namespace:
            modules.setdefault(module, (namespace, set()))[1].update(global_reads(code))
    for module, (namespace, names) in sorted(modules.items(), key=lambda item: item[0]):
        for name in sorted(names):
            try:
                _guard_registry_global(guards, module, name, namespace.get(name), ran_codes)
            except Exception:  # noqa: BLE001 - an object that refuses to be looked at: not a registry
                continue


def _guard_registry_global(guards, module, name, value, ran_codes):
    source, path = f"{module_source(module)}.{name}", [["module", module], ["attr", name]]
    if type(value) is types.FunctionType:
        if value.__code__ in ran_codes and module != "torch" and not module.startswith("torch."):
            # (torch's own module functions: Dynamo's, not patched by programs)
            _guard_registry_item(guards, source, path, value)
        return
    guard_registry_object(guards, source, path, value, ran_codes)


def guard_registry_globals(guards, names, globals_, ran_codes):
    """The library registry objects the frame itself reads as globals
    (`biject_to(constraints.positive)`): see guard_registry_object."""
    for name in sorted(names):
        value = globals_.get(name) if globals_ is not None else None
        if value is None or isinstance(value, (type, types.ModuleType)) or plain_object(value) or \
                type(value) in (dict, list, tuple):
            continue
        try:
            guard_registry_object(guards, f"G[{name!r}]", [["global", name]], value, ran_codes)
        except Exception:  # noqa: BLE001 - an object that refuses to be looked at: not a registry
            continue


def guard_registry_object(guards, source, path, value, ran_codes):
    """A registry object (a dict, a Mapping, an object keeping one in an
    attribute, such as torch.distributions' biject_to that the frame reads
    as a global) under the keys whose function the call ran: see
    guard_registries."""
    if isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.MethodType, torch.nn.Module,
                          torch.Tensor)):
        return
    dicts = _registry_dicts(source, path, value)
    if not dicts or any(len(d) > _REGISTRY_ITEMS for _, _, d in dicts):
        return
    keys = {}
    for _, _, d in dicts:
        for key, item in list(dict.items(d)):
            code = _function_code(item)
            if code is not None and code in ran_codes and (constant_key(key) or _class_key(key)) and \
                    not code.co_filename.startswith("<dynx>"):  # (dynx's own hooks in torch's hook dicts)
                keys[(type(key).__name__, repr(key))] = key
    for where, steps, d in dicts:
        for order in sorted(keys):
            key = keys[order]
            shown = _key_text(key)
            if dict.__contains__(d, key):
                # (reached as the dict holds it: no __getitem__ or __missing__ of a subclass)
                _guard_registry_item(guards, f"{where}[{shown}]", steps + [["key", key]], dict.__getitem__(d, key))
            else:
                guards.append({"kind": "DICT_CONTAINS", "source": where, "path": steps, "key": key,
                               "present": False, "text": f"not ___dict_contains({shown}, {where})"})


def _key_text(key):
    """A registry key as the guard text shows it: classes by name."""
    if isinstance(key, type):
        return key.__qualname__
    if type(key) is tuple and key and all(isinstance(k, type) for k in key):
        return "(" + ", ".join(k.__qualname__ for k in key) + ("," if len(key) == 1 else "") + ")"
    return repr(key)


def _guard_own_namespace(guards, source, path, function):
    """A function made by exec() into a plain dict (its __globals__ is no
    module's): the data its code reads from that dict, by value
    (`helper.__globals__['K'] == 2.0`), as no module guard reaches it."""
    namespace = function.__globals__
    name = namespace.get("__name__")
    module = sys.modules.get(name) if type(name) is str else None
    if getattr(module, "__dict__", None) is namespace:
        return
    for read in sorted(global_reads(function.__code__)):
        if read in namespace and _scalar(namespace[read]):
            guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.__globals__[{read!r}]",
                           "path": path + [["attr", "__globals__"], ["item", read]],
                           "value": plain_number(namespace[read]), "specialized": True,
                           "text": f"{source}.__globals__[{read!r}] == {plain_number(namespace[read])!r}"})


_IMPORTS = {}


def _imports(code):
    """The modules the code imports by name (IMPORT_NAME), per code object."""
    found = _IMPORTS.get(code)
    if found is None:
        found = _IMPORTS[code] = tuple(sorted({ins.argval for ins in dis.get_instructions(code)
                                               if ins.opname == "IMPORT_NAME" and type(ins.argval) is str})) \
            if _IMPORT_NAME in code.co_code[::2] else ()  # (no import: no listing needed)
    return found


_IMPORT_NAME = dis.opmap["IMPORT_NAME"]


def _guard_imports(guards, code):
    """A module the frame imports (`import knobs` inside the function):
    the import reads sys.modules, which the program may have replaced
    between calls, so the module is guarded by identity there, and its
    data the code reads by value (a program's own module)."""
    for name in _imports(code):
        module = sys.modules.get(name)
        if isinstance(module, types.ModuleType) and _program_module(module):
            _guard_free_value(guards, module_source(name), [["module", name]], module, code.co_names)


def _guard_dict_names(guards, source, path, obj, needs):
    """The names an object's __dict__ holds, in order: for code that may read
    any of them, present or absent (kept where `needs` was read)."""
    keys = list(obj.__dict__)
    guards.append({"kind": "DICT_KEYS", "source": f"{source}.__dict__", "path": path + [["attr", "__dict__"]],
                   "keys": keys, "needs": needs, "text": f"list({source}.__dict__.keys()) == {keys!r}"})


def _program_module(module):
    """A Python module of the program (its own config.py, or one it built
    with types.ModuleType), not an installed library's or the standard
    library's."""
    path = getattr(module, "__file__", None)
    if path is None:
        return module.__name__ not in sys.builtin_module_names and getattr(module, "__spec__", None) is None
    return bool(_SOURCES) and isinstance(path, str) and _SOURCES[0].is_program(path)


def _guard_backend_flags(guards, source, path, names):
    """The flags of torch.backends the frame's code reads
    (`if torch.backends.cudnn.enabled:`, toggled by cudnn.flags() or by
    assignment): by value, as Dynamo guards them
    (G['torch'].backends.cudnn.enabled == True)."""
    names = set(names)
    backends = sys.modules.get("torch.backends")
    if "backends" not in names or backends is None:
        return
    for sub in sorted(names):
        module = getattr(backends, sub, None) if not sub.startswith("_") else None
        if not isinstance(module, types.ModuleType):
            continue
        for flag in sorted(names):
            if flag.startswith("_"):
                continue
            try:
                item = getattr(module, flag)
            except Exception:  # noqa: BLE001 - a flag that cannot be read here (no such backend)
                continue
            if type(item) in (bool, int, float, str) or item is None:
                start = len(guards)
                _guard_value(guards, f"{source}.backends.{sub}.{flag}",
                             path + [["attr", "backends"], ["attr", sub], ["attr", flag]], item, 1)
                for guard in guards[start:]:
                    guard.setdefault("needs", []).extend(["backends", sub, flag])


def _guard_module_data(guards, source, path, module, names=(), depth=0):
    """The plain data of a program's module that the frame's code reads off
    it (`config.alpha` after `import config`; `getattr(cfg, name)`): by
    value, as Dynamo guards it (G['config'].alpha == 2), so a module
    attribute changed between calls recompiles. Names of the frame's code
    (`names`: what a function of that module reads as its own global is
    guarded where it is read, sys.modules['config'].alpha), or all of them
    where the code calls getattr (a name made at run time). Its functions
    the code reads by name by identity, code and defaults
    (`helpers.scale.__defaults__ = (5.0,)`), and a submodule of it
    (`pkg.sub.OFFSET`) as the module itself, one level down."""
    if not _program_module(module):
        _guard_library_module_data(guards, source, path, module, names)
        return
    names = set(names)
    try:
        items = sorted(vars(module).items(), key=lambda item: item[0])
    except TypeError:
        return
    for name, item in items:
        if name.startswith("__") or name not in names and "getattr" not in names:
            continue
        start = len(guards)
        if _plain_data(item):
            _guard_value(guards, f"{source}.{name}", path + [["attr", name]], item, 1)
        elif type(item) is dict and name in names and 0 < len(item) <= 64 and \
                all(isinstance(v, (types.FunctionType, types.BuiltinFunctionType)) for v in item.values()):
            # A registry of functions the program keeps in a module
            # (`REGISTRY["act"] = fn`, re-registered between calls).
            _guard_value(guards, f"{source}.{name}", path + [["attr", name]], item, 1)
        elif type(item) is types.FunctionType and name in names:
            guards.append({"kind": "ID_MATCH", "source": f"{source}.{name}", "path": path + [["attr", name]],
                           "object": item, "expected": _object_name(item),
                           "text": f"{source}.{name} is {_object_name(item)}"})
            _guard_code_and_defaults(guards, f"{source}.{name}", path + [["attr", name]], item, 1)
        elif plain_object(item) and name in names:
            # A config object the program keeps in the module
            # (`helper.cfg = SimpleNamespace(w=..., k=2)`): its attributes,
            # as an argument's (G['w_helper_cfg'].cfg.k == 2; tests/oracle
            # recomp_w_moduletype_namespace_tensor_two_levels).
            _guard_value(guards, f"{source}.{name}", path + [["attr", name]], item, 1)
        elif isinstance(item, types.ModuleType) and name in names and depth < 2 and item is not module and \
                _program_module(item):
            guards.append({"kind": "ID_MATCH", "source": f"{source}.{name}", "path": path + [["attr", name]],
                           "object": item, "expected": _object_name(item),
                           "text": f"{source}.{name} is {_object_name(item)}"})
            _guard_module_data(guards, f"{source}.{name}", path + [["attr", name]], item, names, depth + 1)
        for guard in guards[start:]:
            guard.setdefault("needs", []).append((name, "getattr"))


def _guard_library_module_data(guards, source, path, module, names):
    """The plain data the frame's code reads off a module of the standard
    library or of an installed library (`math.tau`, `np.pi`): by value, as
    Dynamo guards it (G['math'].tau == 6.283185307179586), so a constant a
    program patches between calls recompiles. Not torch's own modules (their
    constants are Dynamo's, unguarded), and only names the code reads."""
    name = getattr(module, "__name__", None)
    if not names or type(name) is not str or name == "torch" or name.startswith("torch."):
        return
    try:
        namespace = vars(module)
    except TypeError:
        return
    for attr in sorted(set(names)):
        item = namespace.get(attr)
        if attr.startswith("__") or item is None or not _scalar(item):
            continue
        start = len(guards)
        _guard_value(guards, f"{source}.{attr}", path + [["attr", attr]], item, 1)
        for guard in guards[start:]:
            guard.setdefault("needs", []).append(attr)
            guard["specialized"] = True  # (a module constant: never made dynamic)


def _guard_class_data(guards, source, path, klass, depth, names=()):
    """The program's own class used as a namespace (`Cfg.scale`, `Cfg.mode`):
    the plain data it and its program bases hold, by value, kept where the
    call's code read the name (as Dynamo guards what it reads:
    G['Cfg'].scale == 2), in the order the frame's code names them (its
    co_names: the order Dynamo meets them, which decides the reason a
    recompile reports). A library's classes are left by identity."""
    if depth >= _MAX_DEPTH or not _program_class(klass):
        return
    if isinstance(klass, abc.ABCMeta) and not any(g["source"] == "abc.get_cache_token()" for g in guards):
        # An abstract base class: which classes are its virtual subclasses
        # (`Scalable.register(Plain)` between calls changes what
        # isinstance(obj, Scalable) answers). abc's cache token changes at
        # every register(). Dynamo 2.13 guards nothing there and keeps the
        # old answer (tests/oracle recomp_u_abc_register_isinstance).
        # Only where the call's code asks isinstance or issubclass.
        token = abc.get_cache_token()
        guards.append({"kind": "EQUALS_MATCH", "source": "abc.get_cache_token()", "specialized": True,
                       "path": [["module", "abc"], ["attr", "get_cache_token"], ["call", None]], "value": token,
                       "needs": [("isinstance", "issubclass")],
                       "text": f"abc.get_cache_token() == {token!r}"})
    found = {}
    # Then its metaclass's (`class Meta(type): gain = 2.0`; Op.gain finds
    # it there unless the class has its own). Dynamo 2.13 guards nothing
    # there and reuses its graph after Meta.gain changes (tests/oracle
    # recomp_metaclass_attr_rebound); dynx recompiles.
    for base in klass.__mro__:
        if _program_class(base):
            for name, item in vars(base).items():
                if not name.startswith("__") and name not in found:
                    found[name] = item
    for base in type(klass).__mro__:
        if _program_class(base):
            for name, item in vars(base).items():
                # (only where the class's own MRO, a library base too, has no such name)
                if not name.startswith("__") and name not in found and \
                        not any(name in vars(b) for b in klass.__mro__):
                    found[name] = item
    order = {name: k for k, name in enumerate(names)}
    for name, item in sorted(found.items(), key=lambda pair: (order.get(pair[0], len(order)), pair[0])):
        if _plain_data(item) or callback_list(item):
            start = len(guards)
            _guard_value(guards, f"{source}.{name}", path + [["attr", name]], item, depth + 1)
            for guard in guards[start:]:
                guard.setdefault("needs", []).append(name)


_STORED_CELLS = {}


def stored_cells(code):
    """The closure variables a code object assigns (`nonlocal c; c = 1`)."""
    found = _STORED_CELLS.get(code)
    if found is None:
        found = _STORED_CELLS[code] = frozenset(
            ins.argval for ins in dis.get_instructions(code) if ins.opname in ("STORE_DEREF", "DELETE_DEREF"))
    return found


def _guard_function_cells(guards, source, path, function, depth, skip_cells=()):
    """The plain data in the closure cells of a function the frame reads
    (a loss over a float, a context-manager factory over a counter), which
    the call inlines: Dynamo guards them
    (`loss.__closure__[0].cell_contents == 2.0`); functions in them, their
    cells in turn, two levels deep. Not a cell the function itself assigns
    (a counter it bumps: state the call changes, which Dynamo tracks as a
    side effect) nor one the frame assigns before calling it (`skip_cells`)."""
    if depth >= 2:
        return
    names = function.__code__.co_freevars
    own_stores = stored_cells(function.__code__)
    for index, cell in enumerate(function.__closure__ or ()):
        name = names[index] if index < len(names) else None
        if name in own_stores or name in skip_cells:
            continue
        try:
            contents = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        where = f"{source}.__closure__[{index}].cell_contents"
        steps = path + [["attr", "__closure__"], ["item", index], ["attr", "cell_contents"]]
        if _plain_data(contents) or plain_object(contents):
            # (a list or dict of numbers the helper reads by item, a config
            # object it reads attributes of: what it holds, as Dynamo guards
            # what the inlined helper reads, `coef[0] == 2.0`)
            _guard_value(guards, where, steps, contents, _MAX_DEPTH - 2)
        elif isinstance(contents, types.FunctionType) and contents is not function:
            guards.append({"kind": "ID_MATCH", "source": where, "path": steps, "object": contents,
                           "expected": _object_name(contents), "text": f"{where} is {_object_name(contents)}"})
            _guard_function_cells(guards, where, steps, contents, depth + 1, skip_cells)
        elif type(contents) is dict and name == "registry" and function.__code__.co_filename == functools.__file__:
            # The registry a functools.singledispatch function dispatches
            # through ({class: implementation}, a cell of its dispatch()):
            # register() adds an entry, which Dynamo sees by the dict's
            # length (len(G['act'].__closure__[0].cell_contents.__closure__[2].cell_contents) == 2).
            guards.append({"kind": "LENGTH_CHECK", "source": where, "path": steps, "length": len(contents),
                           "text": f"len({where}) == {len(contents)}"})


def _guard_function_attributes(guards, source, path, function):
    """Plain values set on a function (`helper.scale = 2`) that the code reads."""
    for attr, value in sorted(getattr(function, "__dict__", {}).items()):
        if isinstance(attr, str) and not attr.startswith("__") and \
                isinstance(value, (types.FunctionType, types.BuiltinFunctionType)):
            # A function kept on the function (`wrapper.impl = fn`, which
            # the wrapper calls): by identity, where the code reads it.
            guards.append({"kind": "ID_MATCH", "source": f"{source}.{attr}", "path": path + [["attr", attr]],
                           "object": value, "expected": _object_name(value), "needs": [attr],
                           "text": f"{source}.{attr} is {_object_name(value)}"})
            continue
        if isinstance(attr, str) and not attr.startswith("__") and _plain_data(value):
            start = len(guards)
            _guard_value(guards, f"{source}.{attr}", path + [["attr", attr]], value, _MAX_DEPTH)
            for guard in guards[start:]:
                guard.setdefault("needs", []).append(attr)


def _guard_function(guards, source, path, function, depth=0):
    """A Python function passed in (a callback, a lambda made per call), as
    Dynamo guards it: its code by identity and the contents of its closure
    cells by value (`L['g'].__closure__[0].cell_contents == 1`), so a fresh
    lambda over a new value is a miss, and the same code over the same
    values a hit. (`depth`: how deep the walk that met it already is, so
    functions whose defaults lead back to functions end.)"""
    _guard_code_and_defaults(guards, source, path, function, depth)
    _guard_function_attributes(guards, source, path, function)
    for index, cell in enumerate(function.__closure__ or ()):
        try:
            contents = cell.cell_contents
        except ValueError:  # an empty cell
            continue
        _guard_free_value(guards, f"{source}.__closure__[{index}].cell_contents",
                          path + [["attr", "__closure__"], ["item", index], ["attr", "cell_contents"]], contents)


def _guard_code_and_defaults(guards, source, path, function, depth):
    """A function's code by identity and its default values by value
    (`g.__defaults__[0] == 1`, as Dynamo guards a lambda's `k=k`)."""
    code = function.__code__
    guards.append({"kind": "ID_MATCH", "source": f"{source}.__code__", "path": path + [["attr", "__code__"]],
                   "object": code, "expected": f"the code of {code.co_qualname}",
                   "text": f"{source}.__code__ is the code of {code.co_qualname}"})
    if function.__defaults__ is not None and depth < _MAX_DEPTH:
        _guard_value(guards, f"{source}.__defaults__", path + [["attr", "__defaults__"]], function.__defaults__,
                     depth + 1)
    else:
        guards.append({"kind": "NONE_MATCH", "source": f"{source}.__defaults__",
                       "path": path + [["attr", "__defaults__"]], "text": f"{source}.__defaults__ is None"})
    if function.__kwdefaults__ and depth < _MAX_DEPTH:
        _guard_value(guards, f"{source}.__kwdefaults__", path + [["attr", "__kwdefaults__"]],
                     function.__kwdefaults__, depth + 1)


def _guard_method(guards, source, path, method, depth):
    """A bound method passed in (obj.apply): the function by code and
    defaults, the object it is bound to like an argument
    (`fn.__self__.k == 1`)."""
    guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": types.MethodType,
                   "text": f"type({source}) is method"})
    function = method.__func__
    if isinstance(function, types.FunctionType):
        _guard_code_and_defaults(guards, f"{source}.__func__", path + [["attr", "__func__"]], function, depth)
        # `f.scale_flag` on a bound method reads its function's attribute.
        _guard_function_attributes(guards, f"{source}.__func__", path + [["attr", "__func__"]], function)
    else:
        guards.append({"kind": "ID_MATCH", "source": f"{source}.__func__", "path": path + [["attr", "__func__"]],
                       "object": function, "expected": _object_name(function),
                       "text": f"{source}.__func__ is {_object_name(function)}"})
    _guard_value(guards, f"{source}.__self__", path + [["attr", "__self__"]], method.__self__, depth + 1)


def _guard_partial(guards, source, path, value, depth):
    """A functools.partial passed in, as Dynamo guards it: its type, its
    function, and its bound arguments and keywords by value
    (`g.keywords['k'] == 2`), so a new partial of the same function over the
    same values is a hit and one over other values a miss."""
    guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": functools.partial,
                   "text": f"type({source}) is partial"})
    _guard_free_value(guards, f"{source}.func", path + [["attr", "func"]], value.func)
    _guard_value(guards, f"{source}.args", path + [["attr", "args"]], value.args, depth + 1)
    _guard_value(guards, f"{source}.keywords", path + [["attr", "keywords"]], value.keywords, depth + 1)


def _object_name(value):
    """torch.relu, math.sqrt, mymodule.MyClass; the type's name otherwise."""
    module = getattr(value, "__module__", None)
    name = getattr(value, "__qualname__", None)
    if isinstance(value, types.ModuleType):
        return value.__name__
    if isinstance(module, str) and isinstance(name, str):
        short = getattr(value, "__name__", None)
        if isinstance(short, str) and getattr(sys.modules.get(module), short, None) is value:
            name = short  # torch.relu rather than torch._VariableFunctionsClass.relu
        return f"{module}.{name}" if module not in ("builtins", "__main__") else name
    return f"the same {type(value).__name__} object"


_GLOBAL_READS = {}


def global_reads(code):
    """Names a code object reads with LOAD_GLOBAL (cached per code object)."""
    names = _GLOBAL_READS.get(code)
    if names is None:
        names = frozenset(value for _, opname, value in simple_instructions(code) if opname == "LOAD_GLOBAL")
        for const in code.co_consts:
            if hasattr(const, "co_code"):
                names |= global_reads(const)
        _GLOBAL_READS[code] = names
    return names


_SCALARS = (bool, int, float, str, bytes, complex)

# Numbers of dynx's own making that a program may keep past the recording
# (a size read as modes.SizeInt, stored as a dict key or an attribute:
# tests/oracle recomp_u_setdefault_tensor_cache_in_frame): {type: the plain
# type it stands for}, filled by modes. Guarded as the plain number (the
# guard checker takes a stand-in for its plain type: guard_values.cpp).
STAND_INS = {}


def _scalar(value):
    return type(value) in _SCALARS or type(value) in STAND_INS


def plain_number(value):
    """`value`, a stand-in (STAND_INS) as the plain number it stands for."""
    plain = STAND_INS.get(type(value))
    return plain(value) if plain is not None else value


# (A compiled regular expression compares its pattern and flags: a global
# filter of parameter names replaced between calls; tests/oracle
# recomp_u_regex_param_filter.)
_BY_VALUE = (torch.dtype, torch.device, torch.layout, torch.memory_format, slice, torch._C.DispatchKeySet, re.Pattern)

# Values whose content no guard of dynx's compares (a view of a dict, an
# iterator part-consumed, a mappingproxy): guarded by type, and every later
# call is recorded again and compared with the entry (settled), never
# assumed a hit (tests/oracle recomp_k_dict_keys_view_arg,
# recomp_k_tuple_iterator_len_branch, recomp_k_mappingproxy_keys).
_SETTLED_TYPES = frozenset({type({}.keys()), type({}.values()), type({}.items()), types.MappingProxyType,
                            type(iter(())), type(iter([])), type(iter(range(0))), type(iter(range(1 << 70))),
                            type(iter(set())), type(iter({})), type(iter({}.values())), type(iter({}.items())),
                            type(reversed([])), type(iter(""))})


def _numpy_scalar(value):
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.generic) and \
        isinstance(value, (numpy.number, numpy.bool_))


_MAX_DEPTH = 5
_LRU_CACHE_WRAPPER = type(functools.lru_cache(maxsize=1)(len))


def _attr_source(where, name):
    """`L['self'].fc` for identifiers; `L['self']._modules['0']` for the
    children of Sequential and ModuleList, as PyTorch writes them."""
    return f"{where}.{name}" if name.isidentifier() else f"{where}._modules[{name!r}]"


def _plain_data(value, depth=0):
    """Scalars and containers of scalars: what a module attribute may hold
    that can steer the computation and is cheap to guard by value."""
    if value is None or _scalar(value) or isinstance(value, _BY_VALUE + (enum.Enum,)):
        return True
    if depth < 2 and (type(value) in (list, tuple, set, frozenset) or _namedtuple(value)):
        return len(value) <= 64 and all(_plain_data(v, depth + 1) for v in value)
    if depth < 2 and type(value) is dict:
        return len(value) <= 64 and all(isinstance(k, (str, int)) and _plain_data(v, depth + 1)
                                        for k, v in value.items())
    return False


def _namedtuple(value):
    return isinstance(value, tuple) and isinstance(getattr(type(value), "_fields", None), tuple)


_NAMES_OF_CODE = {}
_WRITERS = frozenset(dis.opmap[name] for name in ("STORE_ATTR", "DELETE_ATTR", "STORE_GLOBAL", "DELETE_GLOBAL",
                                                   "STORE_NAME", "DELETE_NAME"))
_HAS_NAME = frozenset(dis.hasname)
_HAS_LOCAL = frozenset(dis.haslocal) | frozenset(dis.hasfree)
# The name index is arg >> shift for these (dis's _get_name_info callers).
_NAME_SHIFT = {dis.opmap[name]: shift for name, shift, since in (
    ("LOAD_GLOBAL", 1, (3, 11)), ("LOAD_ATTR", 1, (3, 12)), ("LOAD_SUPER_ATTR", 2, (3, 12)))
    if name in dis.opmap and sys.version_info >= since}
# Superinstructions naming two locals at once (3.13): dis gives a tuple.
_LOCAL_PAIRS = frozenset(dis.opmap[name] for name in ("LOAD_FAST_LOAD_FAST", "STORE_FAST_LOAD_FAST",
                                                       "STORE_FAST_STORE_FAST") if name in dis.opmap)


def _names_by_dis(code):
    """names_read_by's definition, with dis: the names the instructions
    mention, split into written (STORE_ATTR, ...) and read (every other)."""
    written = set()
    read = set()
    for ins in dis.get_instructions(code):
        if isinstance(ins.argval, str) and ins.argval in code.co_names:
            (written if ins.opcode in _WRITERS else read).add(ins.argval)
    return written, read


def _names_by_scan(code):
    """_names_by_dis without dis: one pass over the code units (eight times
    faster; names_read_by runs for every Python frame a recorded call
    enters, torch's own included). tests/e2e/scripts/name_index.py holds
    the two equal over torch's code."""
    raw = code.co_code
    names = code.co_names
    own = set(names)
    written = set()
    read = set()
    extended = 0
    for at in range(0, len(raw), 2):
        op = raw[at]
        arg = raw[at + 1] | extended
        if op == dis.EXTENDED_ARG:
            extended = arg << 8
            continue
        extended = 0
        if op in _HAS_NAME:
            (written if op in _WRITERS else read).add(names[arg >> _NAME_SHIFT.get(op, 0)])
        elif op in _HAS_LOCAL and op not in _LOCAL_PAIRS:
            name = code._varname_from_oparg(arg)
            if name in own:
                read.add(name)
    return written, read


_CACHE_OP = dis.opmap.get("CACHE")
# (dis resolves the constant of these two only: KW_NAMES's is "<unknown>".)
_HAS_CONST = frozenset(dis.opmap[name] for name in ("LOAD_CONST", "RETURN_CONST") if name in dis.opmap)


def _instruction_value(code, op, arg):
    if op in _HAS_NAME:
        return code.co_names[arg >> _NAME_SHIFT.get(op, 0)]
    if op in _LOCAL_PAIRS:
        return code._varname_from_oparg(arg >> 4), code._varname_from_oparg(arg & 15)
    if op in _HAS_LOCAL:
        return code._varname_from_oparg(arg)
    if op in _HAS_CONST:
        return code.co_consts[arg]
    return None


def instructions_by_dis(code):
    """simple_instructions' definition, with dis."""
    return [(ins.offset, ins.opname, ins.argval if ins.opcode in _HAS_NAME or ins.opcode in _HAS_LOCAL or
             ins.opcode in _HAS_CONST else None) for ins in dis.get_instructions(code)]


def simple_instructions(code):
    """[(offset, opname, argval)] of the code's instructions as
    dis.get_instructions gives them, where the argument is a name, a local
    or free variable, or a constant (None for every other argument: jump
    targets, counts). One pass over the code units, ten times faster than
    dis, which builds an Instruction with its positions for each: the
    recorder reads every method of a module's classes this way on a
    frame's first call (transformers' PreTrainedModel has some 190).
    tests/e2e/scripts/name_index.py holds the two equal over torch's code."""
    try:
        return instructions_by_scan(code)
    except Exception:  # noqa: BLE001 - a code layout this scan does not know: dis's answer
        return instructions_by_dis(code)


def instructions_by_scan(code):
    """simple_instructions without the fallback to dis (what
    tests/e2e/scripts/name_index.py compares with dis)."""
    raw = code.co_code
    found = []
    extended = 0
    for at in range(0, len(raw), 2):
        op = raw[at]
        if op == _CACHE_OP:
            continue
        arg = raw[at + 1] | extended
        extended = arg << 8 if op == dis.EXTENDED_ARG else 0
        found.append((at, dis.opname[op], _instruction_value(code, op, arg)))
    return found


def names_read_by(code):
    """Attribute names a code object can read: its co_names but those it
    only assigns or deletes (`opt._opt_called = True` reads nothing), and
    its string constants (getattr(obj, "name"))."""
    names = _NAMES_OF_CODE.get(code)
    if names is None:
        try:
            written, read = _names_by_scan(code)
        except Exception:
            written, read = _names_by_dis(code)
        names = frozenset(set(code.co_names) - (written - read)) | \
            frozenset(c for c in code.co_consts if type(c) is str)
        if _MATCH_CLASS in code.co_code[::2]:
            # `case Point(x, y=...)`: MATCH_CLASS reads the attributes a
            # class's __match_args__ names, and those named as keywords
            # (a tuple constant).
            names |= frozenset(["__match_args__"]) | frozenset(
                c for t in code.co_consts if type(t) is tuple for c in t if type(c) is str)
        _NAMES_OF_CODE[code] = names
    return names


_LOADS_OF_NAMES = frozenset({"LOAD_ATTR", "LOAD_METHOD", "LOAD_GLOBAL", "LOAD_NAME", "LOAD_CONST"})


def names_read_only_after(code, offset):
    """The names of names_read_by(code) that only instructions after
    `offset` read: what the code reads only once it has gone past there."""
    before, after = set(), set()
    for ins in dis.get_instructions(code):
        if ins.opname in _LOADS_OF_NAMES and type(ins.argval) is str:
            (before if ins.offset <= offset else after).add(ins.argval)
    return (after - before) & names_read_by(code)


def numpy_array(value):
    """A plain NumPy array (not dynx's traced subclass), without importing numpy."""
    return type(value).__name__ == "ndarray" and type(value).__module__ == "numpy"


def plain_object(value):
    """An object of the program's own classes (a config, a dataclass, a
    cache such as transformers' DynamicCache): not a builtin or torch type,
    not a module, not callable but through a __call__ of its class's Python
    code (a transform object `op(x)`, a loss object: what it reads off self
    is state like any object's; not torch's own, an OpOverload, no_grad()),
    with a __dict__ of attributes."""
    return type(value).__module__ not in ("builtins", "torch") and \
        (hasattr(value, "__dict__") or bool(slot_names(type(value)))) and \
        (not callable(value) or isinstance(getattr(type(value), "__call__", None), types.FunctionType) and
         not type(value).__module__.startswith("torch.")) and \
        not isinstance(value, (torch.nn.Module, types.ModuleType, type))


def tensor_keyed(value):
    """A dict keyed by tensors, such as an optimizer's `state` (a defaultdict
    from each parameter to its momentum or moment tensors), empty or not."""
    return isinstance(value, dict) and type(value) is not dict and len(value) <= 4096 and \
        all(isinstance(k, torch.Tensor) for k in value)


def constant_key(key):
    """A dict key Dynamo treats as a constant: a str or int, or an Enum
    member, bool, float, None or tuple of those (a dict keyed by an Enum of
    modalities, by (name, index) pairs)."""
    if type(key) in (str, int, bool, float, type(None)) or type(key) in STAND_INS or isinstance(key, enum.Enum):
        return True
    return type(key) is tuple and len(key) <= 8 and all(constant_key(k) for k in key)


def guardable_key(key):
    """A dict key whose dict dynx guards by its keys and items: a constant
    (constant_key), or an object compared by identity (a class, a function:
    `{list: 2, dict: 3}`, `namedtuple in d`; a tensor: `{x: y, 3: z}`, whose
    order decides which tensor `list(dict.keys(d))[0]` is)."""
    # (A weak reference: the keys of a WeakKeyDictionary's `data`, masks kept
    # per layer by a pruning utility. Equal while both refer to one object,
    # so the guard on the keys compares what they refer to; tests/oracle
    # real_weakkeydict_module_mask_cache.)
    return constant_key(key) or isinstance(key, (type, types.FunctionType, types.BuiltinFunctionType, torch.Tensor)) or \
        type(key) in (weakref.ref, weakref.KeyedRef) or \
        type(key) is tuple and len(key) <= 8 and all(guardable_key(k) for k in key)  # ("w", tensor): item by item


def keyed_source(source, index):
    """How Dynamo spells the value under a dict's index-th key."""
    return f"{source}[list(dict.keys({source}))[{index}]]"


def holds_tensors(value, depth=0):
    """Whether tensors are reachable from value through containers and the
    attributes of plain objects (the state Dynamo lifts as graph inputs).
    An optimizer's param_groups (a list of dicts holding lists of
    parameters) is four levels deep."""
    if isinstance(value, torch.Tensor):
        return True
    if tensor_keyed(value):
        return True  # guarded even when empty: the first step fills it
    if depth >= 4:
        return False
    if type(value) in (list, tuple, collections.deque):
        return len(value) <= 64 and any(holds_tensors(v, depth + 1) for v in value)
    if isinstance(value, dict):
        # (a dict subclass too: a defaultdict of accumulators, an OrderedDict)
        return len(value) <= 64 and any(holds_tensors(v, depth + 1) for v in dict.values(value))
    if plain_object(value):
        return any(holds_tensors(v, depth + 1) for k, v in state_attributes(value))
    return False


# nn.Module's own bookkeeping in its __dict__: parameters, buffers and
# submodules are guarded one by one (_guard_module), hooks are not guarded
# (Dynamo's skip_nnmodule_hook_guards), the rest never steers a forward.
MODULE_INTERNALS = frozenset((
    "training", "_parameters", "_buffers", "_modules", "_non_persistent_buffers_set",
    "_backward_pre_hooks", "_backward_hooks", "_is_full_backward_hook", "_forward_hooks",
    "_forward_hooks_with_kwargs", "_forward_hooks_always_called", "_forward_pre_hooks",
    "_forward_pre_hooks_with_kwargs", "_state_dict_hooks", "_state_dict_pre_hooks",
    "_load_state_dict_pre_hooks", "_load_state_dict_post_hooks", "_compiled_call_impl"))


def state_attributes(obj):
    """The attributes of an object (a module, a config, a cache) that can
    steer what its code computes: its __dict__ but dunders and, for a
    module, nn.Module's own bookkeeping."""
    skip = MODULE_INTERNALS if isinstance(obj, torch.nn.Module) else ()
    try:
        own = dict(vars(obj))
    except TypeError:  # __slots__ only
        own = {}
    for name in slot_names(type(obj)):
        if name not in own:
            try:
                own[name] = getattr(obj, name)
            except AttributeError:  # an empty slot
                pass
    return [(attr, value) for attr, value in sorted(own.items())
            if not attr.startswith("__") and attr not in skip]


_MATCH_CLASS = dis.opmap.get("MATCH_CLASS", -1)
_DATA_DESCRIPTORS = {}


def data_descriptors(cls):
    """Names of the data descriptors of the program's own kinds that a
    class holds (defining __get__ and __set__; not a property, slot or
    cached_property): reading one may read any attribute of the object."""
    names = _DATA_DESCRIPTORS.get(cls)
    if names is None:
        found = []
        for klass in getattr(cls, "__mro__", ())[:-1]:
            for name, value in vars(klass).items():
                kind = type(value)
                if isinstance(value, (property, functools.cached_property, types.MemberDescriptorType,
                                      types.GetSetDescriptorType)) or not _program_class(kind):
                    continue
                if hasattr(kind, "__get__") and (hasattr(kind, "__set__") or hasattr(kind, "__delete__")):
                    found.append(name)
        names = tuple(found)
        try:
            _DATA_DESCRIPTORS[cls] = names
        except TypeError:
            pass
    return names
_SLOT_NAMES = {}


def slot_names(cls):
    """The attributes a class and its bases declare in __slots__."""
    names = _SLOT_NAMES.get(cls)
    if names is None:
        found = []
        for klass in getattr(cls, "__mro__", ()):
            slots = klass.__dict__.get("__slots__", ())
            for name in ((slots,) if isinstance(slots, str) else slots):
                if isinstance(name, str) and name not in ("__dict__", "__weakref__") and name not in found:
                    found.append(name)
        try:
            _SLOT_NAMES[cls] = names = tuple(found)
        except TypeError:
            names = tuple(found)
    return names


_PROGRAM_CLASS = {}
_SOURCES = []   # the Recorder's sources.SourceFilter (set_source_filter)


def set_source_filter(source_filter):
    """Which files are the program's own: the Recorder's SourceFilter."""
    _SOURCES[:] = [source_filter]
    _PROGRAM_CLASS.clear()


def _program_class(klass):
    """A class the program defines in its own files, not one of an installed
    library (transformers, torch) or of the standard library: its class
    attributes and methods are what programs change between calls; a
    library's are not (and guarding those that some call happened to read
    would make entries differ in more than sizes, defeating automatic
    dynamic shapes)."""
    known = _PROGRAM_CLASS.get(klass)
    if known is None:
        module = sys.modules.get(klass.__module__)
        path = getattr(module, "__file__", None) or ""
        known = bool(_SOURCES) and klass not in (object, torch.nn.Module) and (
            _SOURCES[0].is_program(path) if path else
            # (a module the program built with types.ModuleType and exec)
            isinstance(module, types.ModuleType) and _program_module(module))
        _PROGRAM_CLASS[klass] = known
    return known


def _user_classes(obj):
    """The object's classes that are the program's own."""
    return [klass for klass in type(obj).__mro__ if _program_class(klass)]


def _class_level(obj):
    """{name: value} of what the program's own classes of obj define and obj
    does not shadow (the nearest class's, as attribute lookup finds it)."""
    own = vars(obj) if hasattr(obj, "__dict__") else {}
    found = {}
    for klass in _user_classes(obj):
        for name, value in vars(klass).items():
            if not name.startswith("__") and name not in own and name not in found:
                found[name] = value
    return found


_TENSOR_METHODS = None


def _tensor_methods():
    """[(name, descriptor)]: torch.Tensor's public methods, as looked up on the class."""
    global _TENSOR_METHODS
    if _TENSOR_METHODS is None:
        found = []
        for name in dir(torch.Tensor):
            if name.startswith("_"):
                continue
            value = getattr(torch.Tensor, name, None)
            if callable(value):
                found.append((name, value))
        _TENSOR_METHODS = found
    return _TENSOR_METHODS


def class_methods(obj):
    """[(name, path steps past the attribute, function)]: the methods the
    object's own classes define (the nearest class's, as lookup finds it)
    and the object does not shadow: `self.helper(x)` computes what
    helper's function does, so it is guarded by identity, reached as Python
    reaches it (self.helper.__func__ for a method or classmethod,
    self.helper for a staticmethod): a method replaced on the class, or
    shadowed by a function set on the object, is a miss."""
    found = _class_level(obj)
    methods = []
    for name, value in sorted(found.items(), key=lambda item: item[0]):
        if isinstance(value, types.FunctionType):
            methods.append((name, [["attr", "__func__"]], value))
        elif isinstance(value, classmethod) and isinstance(value.__func__, types.FunctionType):
            methods.append((name, [["attr", "__func__"]], value.__func__))
        elif isinstance(value, staticmethod):
            methods.append((name, [], value.__func__))
    seen = set(found)
    for index, klass in enumerate(type(obj).__mro__):
        if not _program_class(klass):
            continue
        for name, value in sorted(vars(klass).items(), key=lambda item: item[0]):
            # A method a nearer class overrides, reached with super()
            # (`super().forward(x)`): the base class's own, by identity there.
            if name.startswith("__") or not isinstance(value, types.FunctionType):
                continue
            if name in seen and found.get(name) is not value:
                methods.append((name, ["mro", index], value))
            seen.add(name)
    for klass in type(obj).__mro__:
        # `obj(x)` runs the class's __call__ (looked up on the type, never
        # the object): replaced on the class, the call computes another thing.
        call = vars(klass).get("__call__")
        if call is not None:
            if isinstance(call, types.FunctionType) and _program_class(klass):
                methods.append(("__call__", [["attr", "__func__"]], call))
            break
    return methods


def class_properties(obj):
    """[(name, property)]: the properties the object's own classes define
    whose getter is a Python function: reading one runs the getter, which
    Dynamo inlines, guarding what it reads of its closure
    (`dict(type(e).__dict__)['flag'].fget.__closure__[0].cell_contents == 7`)."""
    found = _class_level(obj)
    return sorted(((name, value) for name, value in found.items()
                   if isinstance(value, property) and isinstance(value.fget, types.FunctionType)),
                  key=lambda item: item[0])


def class_attributes(obj):
    """Plain data set on the object's class and not on the object
    (`class M(nn.Module): scale = 2.0`, read as self.scale): the nearest
    class's value, as attribute lookup finds it. nn.Module's and object's
    own are left out."""
    found = _class_level(obj)
    return sorted(((attr, value) for attr, value in found.items()
                   if _plain_data(value) or isinstance(value, torch.Tensor) or callback_list(value)),
                  key=lambda item: item[0])


def callback_list(value):
    """A list or tuple of functions (a registry of hooks on a class): what
    it holds decides what the code calls."""
    return type(value) in (list, tuple) and 0 < len(value) <= 64 and all(
        isinstance(v, (types.FunctionType, types.BuiltinFunctionType, types.BuiltinMethodType, functools.partial))
        for v in value)


def _identity_item(value):
    """A set member compared by identity that decides what is called: a
    function, a builtin, a class, or plain data."""
    return isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.BuiltinMethodType, type)) or \
        _plain_data(value)


def class_tensors(obj):
    """[(name, tensor)] set on the object's own classes (`class M(nn.Module):
    table = torch.ones(3)`): graph inputs as Dynamo lifts them, spelled
    dict(type(self).__dict__)['table'], never constants (a tensor put on the
    class between calls is read by the next call)."""
    return [(name, value) for name, value in class_attributes(obj) if isinstance(value, torch.Tensor)]


def _steering_value(value, depth):
    """A value an attribute holds that decides what the graph computes:
    plain data by value, tensors by their metadata (they are graph inputs),
    functions by code and closure, builtins by identity, the program's own
    objects by type and attributes."""
    return _plain_data(value) or holds_tensors(value, 1) or \
        numpy_array(value) or depth < _MAX_DEPTH and (
        isinstance(value, (types.FunctionType, types.BuiltinFunctionType, types.BuiltinMethodType, types.MethodType,
                           functools.partial, _LRU_CACHE_WRAPPER, torch.amp.autocast, itertools.count)) or \
        isinstance(value, type) and _program_class(value) or plain_object(value) or
        # a list of callbacks (a class-level hook registry)
        type(value) in (list, tuple) and 0 < len(value) <= 64 and all(_steering_value(v, depth + 1) for v in value))


def _guard_attributes(guards, source, path, obj, depth):
    """The attributes of an object (self.scale, cfg.use_cache, self.act,
    an unregistered tensor self.mask, a class attribute) that the recorded
    call could have read: those named by any code it executed (a name built
    at run time, getattr(obj, f"x{i}"), is missed: --verify finds such an
    entry). Tensors an object holds (directly, in containers or in other
    plain objects) are graph inputs, so their metadata is guarded like an
    argument's."""
    own = type(obj).__dict__
    redirected = _program_class(type(obj)) and type(obj).__getattribute__ is not object.__getattribute__
    for attr, attr_value in state_attributes(obj) + class_attributes(obj):
        if redirected:
            # A class of the program's own __getattribute__ (reading through
            # super().__getattribute__, scaling what it finds): the guard
            # reads the attribute as the code does, through it, so its
            # value is what that read gives (Dynamo: c.scale == 20.0).
            try:
                attr_value = getattr(obj, attr)
            except Exception:  # noqa: BLE001 - a read the override refuses: as stored
                pass
        if _steering_value(attr_value, depth):
            start = len(guards)
            # Dynamo spells a class attribute by where it lives:
            # dict(type(self).__dict__)['scale'] (the value read is the same).
            # On a base class: dict(type(self).__mro__[1].__dict__)['scale'].
            definer = 0 if attr in own else next((k for k, base in enumerate(type(obj).__mro__)
                                                  if k and attr in vars(base)), None)
            on_class = attr not in getattr(obj, "__dict__", {}) and attr not in slot_names(type(obj)) and \
                definer is not None and not redirected  # (through the override: read off the object, as the code does)
            where = f"{source}.{attr}" if not on_class else f"dict(type({source}).__dict__)[{attr!r}]" if not definer \
                else f"dict(type({source}).__mro__[{definer}].__dict__)[{attr!r}]"
            # A class attribute is read from the class, and the object must
            # not shadow it (`m.offset = 1` later): Dynamo guards both.
            steps = path + ([["attr", "__class__"]] if on_class else []) + [["attr", attr]]
            for k in range(1, definer or 0) if on_class else ():
                # The classes between the object's and the one defining the
                # attribute must not come to shadow it (`Mid.scale = 5.0`):
                # Dynamo's walk of the MRO guards each absent
                # (user_defined.py get_source_by_walking_mro).
                guards.append({"kind": "DICT_CONTAINS", "source": f"dict(type({source}).__mro__[{k}].__dict__)",
                               "path": path + [["attr", "__class__"], ["attr", "__mro__"], ["item", k],
                                               ["attr", "__dict__"]],
                               "key": attr, "present": False,
                               "text": f"not ___dict_contains({attr!r}, dict(type({source}).__mro__[{k}].__dict__))"})
            if _literal_tuple(attr_value) and isinstance(obj, torch.nn.Module) and \
                    not (type(obj).__module__ or "").startswith("torch."):
                # A tuple of constants on a module of the program's (out_indices
                # = (2,), a patch size): Dynamo makes it a constant, guarded by
                # value (builder.py wrap_listlike: `self.out_indices == (2,)`).
                guards.append({"kind": "EQUALS_MATCH", "source": where, "path": steps, "value": attr_value,
                               "text": f"{where} == {attr_value!r}"})
                for i, item in enumerate(attr_value):  # ((1,) == (True,): the items' own types too)
                    guards.append({"kind": "TYPE_MATCH", "source": f"{where}[{i}]", "path": steps + [["item", i]],
                                   "type": type(item), "text": f"type({where}[{i}]) is {type(item).__name__}"})
            else:
                _guard_value(guards, where, steps, attr_value, depth + 1)
            if on_class and isinstance(getattr(obj, "__dict__", None), dict):
                guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.__dict__",
                               "path": path + [["attr", "__dict__"]], "key": attr, "present": False,
                               "text": f"not ___dict_contains({attr!r}, {source}.__dict__)"})
            # Read by name; or positionally by a `match` class pattern; or,
            # stored in the object's __dict__, by a data descriptor of its
            # class that keeps its value there under a name of its own
            # (`gain = Clamped()` storing `_gain`).
            alternatives = ("__match_args__",) if attr in getattr(type(obj), "__match_args__", ()) else ()
            if not on_class:
                alternatives += data_descriptors(type(obj))
            for guard in guards[start:]:
                guard.setdefault("needs", []).append((attr,) + alternatives if alternatives else attr)
    if depth < _MAX_DEPTH:
        seen = set()
        for k, base in enumerate(type(obj).__mro__):
            if not _program_class(base):
                seen.update(vars(base))
                continue
            for attr, item in sorted(vars(base).items(), key=lambda pair: str(pair[0])):
                # A descriptor object of the program's on the class or a base
                # (`gain = Scaled(2.0)`, whose __get__ computes from its own
                # `mult`): its data, where the code read them (Dynamo guards
                # dict(type(L).__dict__)['gain'].mult; tests/oracle
                # recomp_u_descriptor_object_state).
                if type(attr) is not str or attr in seen or attr.startswith("__"):
                    continue
                seen.add(attr)
                if type(item) is functools.singledispatchmethod and \
                        isinstance(getattr(item.dispatcher, "registry", None), types.MappingProxyType):
                    # A singledispatchmethod (`@coef.register` later adds an
                    # implementation, which the next call dispatches to):
                    # its registry's length, as for a singledispatch function
                    # (_guard_function_cells; tests/oracle
                    # recomp_singledispatchmethod_register_later).
                    steps = [["attr", "__class__"]] + ([["attr", "__mro__"], ["item", k]] if k else [])
                    where = f"dict(type({source}).__mro__[{k}].__dict__)[{attr!r}]" if k else \
                        f"dict(type({source}).__dict__)[{attr!r}]"
                    registry = item.dispatcher.registry
                    guards.append({"kind": "LENGTH_CHECK", "source": f"{where}.dispatcher.registry",
                                   "path": path + steps + [["attr", "__dict__"], ["item", attr], ["attr", "dispatcher"],
                                                           ["attr", "registry"]],
                                   "length": len(registry), "needs": [attr],
                                   "text": f"len({where}.dispatcher.registry) == {len(registry)}"})
                    continue
                if _program_class(type(item)) and hasattr(type(item), "__get__") and plain_object(item):
                    start = len(guards)
                    if k == 0:
                        where, steps = f"dict(type({source}).__dict__)[{attr!r}]", [["attr", "__class__"]]
                    else:
                        where = f"dict(type({source}).__mro__[{k}].__dict__)[{attr!r}]"
                        steps = [["attr", "__class__"], ["attr", "__mro__"], ["item", k]]
                    _guard_attributes(guards, where, path + steps + [["attr", "__dict__"], ["item", attr]], item,
                                      depth + 1)
                    for guard in guards[start:]:
                        guard.setdefault("needs", []).append(attr)
    shadowable = isinstance(getattr(obj, "__dict__", None), dict)
    descriptors = data_descriptors(type(obj)) if shadowable else ()
    if descriptors:
        # A data descriptor of the program's may read any name of the
        # object's __dict__, present or not (`obj.__dict__.get("_gain", 1.0)`):
        # where the code read one, the names the object holds are guarded
        # too, so a value stored after the call through the descriptor is a
        # miss. Dynamo 2.13 guards none of it (tests/oracle
        # recomp_user_descriptor_class_attr).
        _guard_dict_names(guards, source, path, obj, [descriptors])
    for name, steps, function in class_methods(obj):
        if steps and steps[0] == "mro":
            where = f"type({source}).__mro__[{steps[1]}].{name}"
            guards.append({"kind": "ID_MATCH", "source": where, "needs": [name], "object": function,
                           "path": path + [["attr", "__class__"], ["attr", "__mro__"], ["item", steps[1]],
                                           ["attr", name]],
                           "expected": function.__qualname__, "text": f"{where} is {function.__qualname__}"})
            continue
        where = f"{source}.{name}" + "".join(f".{step[1]}" for step in steps)
        if name == "__call__":  # (called, never read by name: no need, no shadowing)
            guards.append({"kind": "ID_MATCH", "source": where, "path": path + [["attr", name]] + steps,
                           "object": function, "expected": function.__qualname__,
                           "text": f"{where} is {function.__qualname__}"})
            continue
        if shadowable:
            # The object's own __dict__ must not shadow the method (a
            # function set on the instance, a monkeypatched forward): Dynamo
            # guards that first (test_modules.py test_monkeypatching_forward).
            guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.__dict__", "path": path + [["attr", "__dict__"]],
                           "key": name, "present": False, "needs": [name],
                           "text": f"not ___dict_contains({name!r}, {source}.__dict__)"})
        guards.append({"kind": "ID_MATCH", "source": where, "path": path + [["attr", name]] + steps,
                       "object": function, "expected": function.__qualname__,
                       "text": f"{where} is {function.__qualname__}", "needs": [name]})
    if shadowable:
        for name, value in sorted(_class_level(obj).items(), key=lambda item: item[0]):
            if isinstance(value, functools.cached_property):
                # Not computed yet: the call computes it (and stores it on the
                # object), a later call reads what it stored.
                guards.append({"kind": "DICT_CONTAINS", "source": f"{source}.__dict__",
                               "path": path + [["attr", "__dict__"]], "key": name, "present": False,
                               "needs": [name], "text": f"not ___dict_contains({name!r}, {source}.__dict__)"})
    if isinstance(obj, torch.Tensor):
        # A tensor subclass of the program's calls torch's own methods
        # (x.sigmoid()) until the program sets one on its class
        # (`Local.sigmoid = fake`, test_subclasses.py
        # test_overridden_method_guarding): the class must still give
        # torch's. Dynamo 2.13 guards none of them and reuses the graph.
        cls_source = f"type({source})"
        for name, method in _tensor_methods():
            if getattr(type(obj), name, None) is method:
                guards.append({"kind": "ID_MATCH", "source": f"{cls_source}.{name}",
                               "path": path + [["attr", "__class__"], ["attr", name]], "object": method,
                               "expected": f"torch.Tensor.{name}", "needs": [name],
                               "text": f"{cls_source}.{name} is torch.Tensor.{name}"})
    for name, prop in class_properties(obj):
        start = len(guards)
        _guard_function(guards, f"dict(type({source}).__dict__)[{name!r}].fget",
                        path + [["attr", "__class__"], ["attr", name], ["attr", "fget"]], prop.fget, depth)
        for guard in guards[start:]:
            guard.setdefault("needs", []).append(name)


def _literal_tuple(value):
    """A tuple of ints, strings and None (and such tuples), which Dynamo
    holds as a constant where a module of the program's has it."""
    return type(value) is tuple and len(value) <= 64 and \
        all(item is None or type(item) in (int, str) or _literal_tuple(item) for item in value)


def _tensor_attributes(tensor):
    """(name, value) of the Python attributes set on a tensor object (its
    __dict__), less those PyTorch and dynx keep there themselves."""
    try:
        own = object.__getattribute__(tensor, "__dict__")
    except (AttributeError, TypeError):
        return []
    if not isinstance(own, dict) or not own:
        return []
    return [(k, v) for k, v in sorted(own.items(), key=lambda item: str(item[0]))
            if isinstance(k, str) and k.isidentifier() and not k.startswith(("_dynamo", "__", "_dynx"))
            and _steering_value(v, 1)]


_KEY_SETS = None


def _key_sets():
    """(keys a Python mode puts in the thread's include set, those and an
    eager functorch transform's layer keys), as DispatchKeySets; None on a
    torch without them."""
    global _KEY_SETS
    if _KEY_SETS is None:
        try:
            C = torch._C
            python = C.DispatchKeySet(C.DispatchKey.Python)
            for name in ("PythonTLSSnapshot", "PythonDispatcher", "PreDispatch"):
                python = python | C.DispatchKeySet(getattr(C.DispatchKey, name))
            modes = python
            for name in ("FuncTorchDynamicLayerBackMode", "FuncTorchDynamicLayerFrontMode"):
                modes = modes | C.DispatchKeySet(getattr(C.DispatchKey, name))
            _KEY_SETS = (python, modes)
        except Exception:  # noqa: BLE001 - another torch: no dispatch key guards
            _KEY_SETS = ()
    return _KEY_SETS or None


_KEY_BASELINE = threading.local()


def set_key_baseline():
    """Keeps the thread's local dispatch key sets as a recorded call starts:
    a guard made later in the call (a global first read inside a
    while_loop body, whose tracing excludes the autograd keys) expects the
    key set the call started with, which is what the next call is checked
    against (Dynamo's guards are all built against the frame's start)."""
    try:
        C = torch._C
        _KEY_BASELINE.sets = (C._dispatch_tls_local_include_set(), C._dispatch_tls_local_exclude_set())
    except Exception:  # noqa: BLE001 - another torch
        _KEY_BASELINE.sets = None


def _applied_keys(tensor, baseline=False):
    """The tensor's dispatch key set as Dynamo's TENSOR_MATCH sees it:
    LocalState::apply, (key_set | TLS included) - TLS excluded (with the
    sets the recorded call started with, for a guard being made)."""
    C = torch._C
    sets = getattr(_KEY_BASELINE, "sets", None) if baseline else None
    include, exclude = sets or (C._dispatch_tls_local_include_set(), C._dispatch_tls_local_exclude_set())
    return (C._dispatch_keys(tensor) | include) - exclude


def dispatch_keys_of(tensor, baseline=False):
    """What a TENSOR_MATCH compares of the dispatch key set (the C++ fast
    path's TensorFacts::dispatch_keys): the applied set less the keys modes
    put in the thread's sets (dynx's own recording modes among them)."""
    return (_applied_keys(tensor, baseline) - _key_sets()[1]).raw_repr()


def dispatch_keys_text_of(tensor, baseline=False):
    """The applied dispatch key set in Dynamo's words (less a Python mode's
    keys): `DispatchKeySet(CPU, BackendSelect, ADInplaceOrView, AutogradCPU)`."""
    return str(_applied_keys(tensor, baseline) - _key_sets()[0])


def _dispatch_key_fields(tensor):
    if _key_sets() is None:
        return {}
    try:
        return {"dispatch_keys": dispatch_keys_of(tensor, True), "dispatch_keys_text": dispatch_keys_text_of(tensor, True),
                "dispatch_keys_of": dispatch_keys_of, "dispatch_keys_text_of": dispatch_keys_text_of}
    except Exception:  # noqa: BLE001 - a tensor whose keys cannot be read: not compared
        return {}


def _guard_value(guards, source, path, value, depth):
    if isinstance(value, torch.Tensor):
        dtype = str(value.dtype).replace("torch.", "")
        guards.append({"kind": "TENSOR_MATCH", "source": source, "path": path, "dtype": dtype, "type": type(value),
                       "dtype_object": value.dtype, "device_object": value.device,
                       "dtype_name": aten_name(dtype), "device": str(value.device),
                       "requires_grad": bool(value.requires_grad), "shape": list(value.shape),
                       "stride": list(value.stride()), "object": value,
                       "text": f"{source}: tensor {dtype}{list(value.shape)} stride {list(value.stride())} "
                               f"{value.device} requires_grad={bool(value.requires_grad)}",
                       **_dispatch_key_fields(value)})
        # torch._dynamo.mark_dynamic / maybe_mark_dynamic / mark_static on this tensor.
        marked = set(getattr(value, "_dynamo_dynamic_indices", ())) | \
            set(getattr(value, "_dynamo_weak_dynamic_indices", ()))
        static = set(getattr(value, "_dynamo_static_indices", ()))
        if marked or static:
            guards[-1]["marks"] = {"dynamic": sorted(d for d in marked if isinstance(d, int)),
                                   "static": sorted(d for d in static if isinstance(d, int))}
        if not hasattr(value, "_has_dynamo_dim_marking"):
            # Dynamo's dimension-marking guard: a tensor marked since (a
            # mark_dynamic on a same-sized input) misses the entry.
            guards[-1]["unmarked"] = True
        if is_traceable_wrapper_subclass(value) and depth < _MAX_DEPTH:
            # A wrapper subclass (__tensor_flatten__) is what it flattens to:
            # the names of its inner tensors (an optional one present or
            # not), its metadata (Dynamo's ___check_metadata_<id>), and each
            # inner tensor as a tensor (test_subclasses.py
            # test_recompiles_with_optional_inner_tensor, test_tensor_subclass_ctx_guards).
            try:
                attrs, ctx = value.__tensor_flatten__()
            except Exception:  # noqa: BLE001 - the subclass's own code failed: nothing more to guard
                attrs, ctx = None, None
            if attrs is not None:
                flatten = path + [["attr", "__tensor_flatten__"], ["call", None]]
                guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.__tensor_flatten__()[0]",
                               "path": flatten + [["item", 0]], "value": list(attrs), "specialized": True,
                               "text": f"{source}.__tensor_flatten__()[0] == {list(attrs)!r}"})
                guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.__tensor_flatten__()[1]",
                               "path": flatten + [["item", 1]], "value": ctx, "specialized": True,
                               "text": f"{source}.__tensor_flatten__()[1] == {ctx!r}"})
                for attr in attrs:
                    inner = getattr(value, attr, None)
                    if isinstance(inner, torch.Tensor):
                        _guard_value(guards, f"{source}.{attr}", path + [["attr", attr]], inner, depth + 1)
        if depth < _MAX_DEPTH and type(value) in (torch.Tensor, torch.nn.Parameter):
            # `if x.is_leaf:` (a leaf, then a tensor computed from it): where
            # the call's code reads it. Dynamo 2.13 does not guard it and
            # reuses its entry (tests/oracle recomp_k_is_leaf_branch).
            guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.is_leaf", "path": path + [["attr", "is_leaf"]],
                           "value": bool(value.is_leaf), "specialized": True, "needs": ["is_leaf"],
                           "text": f"{source}.is_leaf == {bool(value.is_leaf)}"})
            # Its version counter, where the program's code reads one: an
            # in-place update between calls moves it (Dynamo traces the
            # read into the graph and breaks at the comparison, whose
            # first entries then reuse a stale cache: tests/oracle
            # real_t_version_counter_cached_weight_transform).
            # (An inference tensor has no version counter: reading it raises.)
            if not value.is_inference():
                guards.append({"kind": "EQUALS_MATCH", "source": f"{source}._version",
                               "path": path + [["attr", "_version"]], "value": value._version, "specialized": True,
                               "needs": [version_read(value)], "text": f"{source}._version == {value._version}"})
            # The conjugate and negative bits (Dynamo: the dispatch key set
            # of its TENSOR_MATCH), where the code asks for them (`if
            # x.is_conj():`); ATen's kernels honour them everywhere else.
            for query in ("is_conj", "is_neg"):
                flag = bool(getattr(value, query)())
                guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.{query}()",
                               "path": path + [["attr", query], ["call", None]], "value": flag, "specialized": True,
                               "needs": [query], "text": f"{source}.{query}() == {flag}"})
        if depth < _MAX_DEPTH and value.is_leaf and (value.requires_grad or value.grad is not None) and \
                (type(value) is torch.Tensor or type(value) is torch.nn.Parameter and path and path[-1][0] != "attr"):
            # (a module's parameter is guarded with its module's, weight's
            # first; one in a list or a dict, `for p in params: p.grad...`, here)
            # A leaf's gradient, where the call's traced code reads `.grad`
            # (`if x.grad is None:`): Dynamo guards whether it is None, and
            # the gradient as a tensor once it is set (as a parameter's).
            start = len(guards)
            _guard_value(guards, f"{source}.grad", path + [["attr", "grad"]], value.grad, depth + 1)
            for guard in guards[start:]:
                guard["needs"] = [GRAD_READ_BEFORE_BREAK] + _own_version_needs(guard)
        if getattr(value, "_dynamo_static_input_type", None) == "guarded":
            # torch._dynamo.mark_static_address(t, guard=True): Dynamo guards
            # the tensor object itself (___check_obj_id): another tensor,
            # however alike, recompiles.
            guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                           "expected": "the tensor marked with mark_static_address(guard=True)",
                           "text": f"{source} is the tensor marked with mark_static_address(guard=True)"})
        # Python attributes set on the tensor (x.scale = 4, a parameter's
        # `gain`) that the call's code reads: guarded as an object's are
        # (test_input_attr_tracking.py: `x * x.y` recompiles when x.y changes).
        if depth < _MAX_DEPTH and _program_class(type(value)):
            # A tensor subclass of the program's: its attributes, class
            # attributes and methods as any object of the program's
            # (`AttrSub.scale = 20`, a method replaced on the class).
            _guard_attributes(guards, source, path, value, depth)
        elif depth < _MAX_DEPTH:
            for attr, attr_value in _tensor_attributes(value):
                start = len(guards)
                _guard_value(guards, f"{source}.{attr}", path + [["attr", attr]], attr_value, depth + 1)
                for guard in guards[start:]:
                    guard.setdefault("needs", []).append(attr)
    elif value is None:
        guards.append({"kind": "NONE_MATCH", "source": source, "path": path, "text": f"{source} is None"})
    elif _numpy_scalar(value):
        # A NumPy scalar (np.int64(3), np.float64(1.5)): Dynamo passes it to
        # the graph as a 0-dim tensor, where dynx's recording has its value
        # in the operators when one takes it. So its type is guarded and
        # every later call is settled (recorded again and compared with the
        # entry): a value no operator took is a hit, a new value an operator
        # took is an entry of its own (where Dynamo has one graph: a known
        # difference, never a stale graph).
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value), "settle": True,
                       "text": f"type({source}) is numpy.{type(value).__name__}"})
    elif _scalar(value) or isinstance(value, _BY_VALUE):
        value = plain_number(value)
        guards.append({"kind": "EQUALS_MATCH", "source": source, "path": path, "value": value,
                       "text": f"{source} == {value!r}"})
    elif isinstance(value, enum.Enum):
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": str(value), "text": f"{source} is {value}"})
        if depth < _MAX_DEPTH and _program_class(type(value)):
            # Data the program set on a member (`Mode.FAST.factor = 2.0`),
            # where the code reads it.
            for attr, item in sorted(getattr(value, "__dict__", {}).items(), key=lambda item: str(item[0])):
                if type(attr) is not str or attr.startswith("_") or not _plain_data(item):
                    continue
                start = len(guards)
                _guard_value(guards, f"{source}.{attr}", path + [["attr", attr]], item, depth + 1)
                for guard in guards[start:]:
                    guard.setdefault("needs", []).append(attr)
    elif isinstance(value, types.FunctionType) and getattr(value, "_dynx_lru", None) is not None:
        # The program's lru_cache wrapper as a capture stands it in (modes.install_lru_cache_bypass).
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": _object_name(value), "text": f"{source} is {_object_name(value)}"})
    elif isinstance(value, types.FunctionType) and depth < _MAX_DEPTH:
        _guard_function(guards, source, path, value, depth)
    elif type(value) is functools.partial and depth < _MAX_DEPTH:
        _guard_partial(guards, source, path, value, depth)
    elif type(value) is itertools.count:
        # An itertools.count the code calls next() on: Dynamo iterates it
        # as a value of its own and guards where it stands
        # (___normalize_count_iter(G['st'].counter) == (1, 2)); by its repr.
        shown = repr(value)
        reduced = value.__reduce__()[1]
        start, step = reduced if len(reduced) == 2 else (reduced[0], 1)
        named = _named_locals(source)
        guards.append({"kind": "EQUALS_MATCH", "source": f"repr({source})", "specialized": True,
                       "path": path + [["attr", "__repr__"], ["call", None]], "value": shown,
                       "text": f"{source} is at {shown}",
                       "failure": f"___normalize_count_iter({named}) == ({start!r}, {step!r})"})
    elif type(value) in _GETTERS:
        # A getter passed in (a sort key): by what it gets, read back as it
        # pickles ((itemgetter, (1,))), which Dynamo reads off it too.
        # (Called by the frame, it breaks the graph, and the code after is
        # specialised on what it returned: Recorder._getter_step.)
        reduced = value.__reduce__()
        guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.__reduce__()", "specialized": True,
                       "path": path + [["attr", "__reduce__"], ["call", None]], "value": reduced,
                       "text": f"{source} is operator.{type(value).__name__}{reduced[1]!r}"})
    elif type(value) is weakref.ref and depth < _MAX_DEPTH:
        # What the reference gives when called: a dead one gives None.
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is weakref"})
        referent = value()
        if referent is None:
            guards.append({"kind": "NONE_MATCH", "source": f"{source}()", "path": path + [["call", None]],
                           "text": f"{source}() is None"})
        else:
            _guard_value(guards, f"{source}()", path + [["call", None]], referent, depth + 1)
    elif isinstance(value, (types.BuiltinFunctionType, types.BuiltinMethodType, functools.partial,
                            _LRU_CACHE_WRAPPER)):
        # A function passed in decides what the graph computes: by identity.
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": _object_name(value), "text": f"{source} is {_object_name(value)}"})
    elif isinstance(value, torch.nn.Module):
        start = len(guards)
        _guard_module(guards, source, path, value, depth)
        unspec_ints = dynamo_config()["allow_unspec_int_on_nn_module"]
        for guard in guards[start:]:
            if guard["kind"] == "EQUALS_MATCH" and type(guard["value"]) is not float and \
                    not (unspec_ints and type(guard["value"]) is int):
                # A module's ints never become dynamic (unless the program
                # sets Dynamo's allow_unspec_int_on_nn_module); its floats
                # do, as any float, after one change (measured: `x + self.alpha`).
                guard["specialized"] = True
    elif type(value) in (set, frozenset) and _plain_data(value):
        # A copy: the program may change its own set in place.
        guards.append({"kind": "EQUALS_MATCH", "source": source, "path": path, "value": type(value)(value),
                       "text": f"{source} == {_json_value(value) if value else repr(value)}"})
    elif type(value) in (set, frozenset) and len(value) <= 64 and all(_identity_item(v) for v in value):
        # A set of functions or classes (`torch.tanh in ops`): its length
        # first, as Dynamo words the guard that fails when one is removed,
        # then its members (equal by identity), copied.
        guards.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(value),
                       "text": f"not {source}" if not value else f"len({source}) == {len(value)}"})
        guards.append({"kind": "EQUALS_MATCH", "source": source, "path": path, "value": type(value)(value),
                       "text": f"{source} == {{{', '.join(sorted(_object_name(v) for v in value))}}}"})
    elif type(value) is range:
        # A range passed in (sliced, reversed, indexed in the frame): by its
        # start, stop and step, as Dynamo guards it (`r.step == 2`).
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": range,
                       "text": f"type({source}) is range"})
        for field in ("step", "stop", "start"):  # (the order Dynamo checks them in)
            guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.{field}", "path": path + [["attr", field]],
                           "value": getattr(value, field), "specialized": True,
                           "text": f"{source}.{field} == {getattr(value, field)!r}"})
    elif isinstance(value, torch.amp.autocast):
        # An autocast object kept to be entered later (`with self.ctx:`):
        # what it turns on, by value (Dynamo: the object, recompiled when it
        # is replaced; tests/oracle recomp_k_autocast_ctx_attr_dtype).
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__qualname__}"})
        for field in ("device", "fast_dtype", "_enabled", "_cache_enabled"):
            if hasattr(value, field):
                field_value = getattr(value, field)
                guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.{field}", "path": path + [["attr", field]],
                               "value": field_value, "specialized": True,
                               "text": f"{source}.{field} == {field_value!r}"})
    elif type(value) in _SETTLED_TYPES:
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value), "settle": True,
                       "text": f"type({source}) is {type(value).__qualname__}"})
    elif type(value) in (itertools.count, itertools.cycle, itertools.repeat):
        # An iterator the frame may advance (next(steps)): its state is no
        # value a guard can compare, so every later call is recorded again
        # and compared with the entry (settled) rather than assumed a hit.
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value), "settle": True,
                       "text": f"type({source}) is {type(value).__qualname__}"})
    elif _namedtuple(value) and depth < _MAX_DEPTH:
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__qualname__}"})
        for field in type(value)._fields:
            if isinstance(field, str) and field.isidentifier():
                _guard_value(guards, f"{source}.{field}", path + [["attr", field]], getattr(value, field), depth + 1)
    elif isinstance(value, types.MethodType) and depth < _MAX_DEPTH:
        _guard_method(guards, source, path, value, depth)
    elif isinstance(value, (type, types.ModuleType)):
        # A class passed in (torch.nn.ReLU or Tanh) decides what is built: by identity.
        guards.append({"kind": "ID_MATCH", "source": source, "path": path, "object": value,
                       "expected": _object_name(value), "text": f"{source} is {_object_name(value)}"})
        if isinstance(value, type):
            _guard_class_data(guards, source, path, value, depth)
    elif (type(value) in (list, tuple, torch.Size, collections.deque) or
          type(value).__module__ not in ("builtins", "torch") and isinstance(value, (list, tuple)) and
          not _namedtuple(value) and (list.__len__(value) if isinstance(value, list) else tuple.__len__(value)) <= 64) \
            and depth < _MAX_DEPTH:
        # (also a list or tuple subclass: transformers' LogitsProcessorList,
        # called with each processor in turn; its attributes as an object's)
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__name__}"})
        # (a subclass's own __len__/__iter__ are the program's code: the items as stored)
        items = list.__iter__(value) if isinstance(value, list) else tuple.__iter__(value) \
            if isinstance(value, tuple) else iter(value)
        items = list(items)
        guards.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(items),
                       # Dynamo's SEQUENCE_LENGTH words an empty sequence's guard `not X`.
                       "text": f"not {source}" if not items else f"len({source}) == {len(items)}"})
        # (a list subclass's items as Dynamo names them, ListGetItemSource:
        # list.__getitem__(processors, 0), not the subclass's __getitem__)
        item_source = "list.__getitem__({}, {})" if type(value) is not list and isinstance(value, list) else "{}[{}]"
        for i, item in enumerate(items):
            _guard_value(guards, item_source.format(source, i), path + [["item", i]], item, depth + 1)
        if type(value) not in (list, tuple, torch.Size, collections.deque) and plain_object(value):
            _guard_attributes(guards, source, path, value, depth)
    elif tensor_keyed(value) and depth < _MAX_DEPTH:
        # An optimizer's state: its length (the first step fills it, so a
        # later step reads tensors the first did not have), and what each
        # parameter's entry holds (momentum buffers, moments, step counts),
        # reached by the key object itself without calling __missing__.
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__qualname__}"})
        guards.append({"kind": "LENGTH_CHECK", "source": source, "path": path, "length": len(value),
                       "text": f"not {source}" if not value else f"len({source}) == {len(value)}"})
        for index, (key, item) in enumerate(value.items()):
            start = len(guards)
            _guard_value(guards, keyed_source(source, index), path + [["key", key]], item, depth + 1)
            for guard in guards[start:]:
                if guard["kind"] == "DICT_KEYS" and guard["source"] == keyed_source(source, index):
                    guard["dict"] = "sized"  # the optimizer measured it: `len(state) == 0`
    elif isinstance(value, dict) and depth < _MAX_DEPTH and all(guardable_key(k) for k in value) and \
            (type(value) is dict or len(value) <= 64):
        # In the dict's own order, whatever a subclass's __iter__ says; an
        # OrderedDict's is its own (move_to_end reorders it, not the dict).
        keys = list(value.keys()) if isinstance(value, collections.OrderedDict) else list(dict.keys(value))
        keys = [plain_number(key) for key in keys]  # (a size the program kept as a key: modes.SizeInt)
        # A dict subclass of the program's or a library's (an AttrDict, a
        # Counter, yacs' CfgNode; not defaultdict or OrderedDict): Dynamo
        # wraps it as a user-defined dict (builder.py) and reads its items
        # past the subclass's __getitem__: dict.__getitem__(cfg, list(dict.keys(cfg))[0]).
        user_dict = type(value) not in (dict, collections.defaultdict, collections.OrderedDict) and \
            type(value).__new__ is dict.__new__
        if type(value) is not dict:
            # A dict subclass (an OrderedDict, the program's own): its type,
            # then its keys and items as a dict's (test_dicts.py
            # test_custom_iter_dict: a key the call added recompiles).
            guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                           "text": f"type({source}) is {type(value).__qualname__}"})
        guards.append({"kind": "DICT_KEYS", "source": source, "path": path, "keys": keys, "dict": "manager",
                       "text": f"list({source}.keys()) == {keys!r}"})
        for index, (key, item) in enumerate(dict.items(value)):
            if user_dict:
                _guard_value(guards, f"dict.__getitem__({source}, list(dict.keys({source}))[{index}])",
                             path + [["key", key]], item, depth + 1)
            elif type(key) in (str, int) or STAND_INS.get(type(key)) is int:
                _guard_value(guards, f"{source}[{key!r}]", path + [["item", plain_number(key)]], item, depth + 1)
            else:  # an Enum member, a tuple of constants: reached by the key itself
                _guard_value(guards, keyed_source(source, index), path + [["key", key]], item, depth + 1)
    elif type(value) in (bytearray, array.array) and len(value) <= 4096:
        # Read by item in the frame (Dynamo breaks there, gb4880, and
        # specialises the code after it on the item): its contents by value.
        copy = bytearray(value) if type(value) is bytearray else array.array(value.typecode, value)
        if type(value) is array.array:  # (array('i', [1]) == array('d', [1.0]))
            guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.typecode", "path": path + [["attr", "typecode"]],
                           "value": value.typecode, "text": f"{source}.typecode == {value.typecode!r}"})
        guards.append({"kind": "EQUALS_MATCH", "source": source, "path": path, "value": copy,
                       "text": f"{source} == {copy!r}"})
    else:
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(value),
                       "text": f"type({source}) is {type(value).__qualname__}"})
        if numpy_array(value):
            # A NumPy array: a graph input (Capture._walk_array), as Dynamo
            # makes it one, guarded like a tensor on its dtype and layout.
            for attr in ("dtype", "shape", "strides"):
                item = getattr(value, attr)
                guards.append({"kind": "EQUALS_MATCH", "source": f"{source}.{attr}", "path": path + [["attr", attr]],
                               "value": item, "text": f"{source}.{attr} == {item!r}"})
        # A plain object of the program (a config, a dataclass, a cache):
        # its data attributes and the tensors it holds.
        if depth < _MAX_DEPTH and plain_object(value):
            _guard_attributes(guards, source, path, value, depth)
            if isinstance(getattr(value, "__dict__", None), dict) and _program_class(type(value)) and \
                    not data_descriptors(type(value)):  # (else _guard_attributes guarded the names)
                # Code that reads the object's __dict__ itself (`"b" in
                # self.__dict__`, self.__dict__.get("z", 2)) reads which names
                # it holds, absent ones too: a name added or deleted later is
                # a miss. Dynamo 2.13 misses an absent key read with get()
                # (tests/oracle recomp_dunder_dict_contains_attr_deleted).
                _guard_dict_names(guards, source, path, value, ["__dict__"])
    if isinstance(value, dict) and type(value) is not dict and depth < _MAX_DEPTH and _program_class(type(value)) \
            and isinstance(getattr(value, "__dict__", None), dict) and value.__dict__:
        # A dict subclass of the program's with attributes of its own
        # (`sd.attr = 4`, read as sd.attr): guarded as an object's.
        _guard_attributes(guards, source, path, value, depth)


# Hooks registered for every module (register_module_forward_hook): what
# each module call runs after (or before) its forward.
_GLOBAL_HOOK_DICTS = ("_global_forward_pre_hooks", "_global_forward_hooks", "_global_backward_pre_hooks",
                      "_global_backward_hooks")


def _guard_global_hooks(guards):
    """How many global module hooks there are: one registered between calls
    changes what every module call computes (test_modules.py
    test_hooks_outer). Dynamo 2.13 guards none and reuses the graph
    (tests/oracle recomp_global_module_forward_hook); dynx's own hooks are
    registered before the program runs, and counted the same every call."""
    owner = torch.nn.modules.module
    for name in _GLOBAL_HOOK_DICTS:
        hooks = getattr(owner, name, None)
        where = f"torch.nn.modules.module.{name}"
        if not isinstance(hooks, dict) or any(g["source"] == where for g in guards):
            continue
        guards.append({"kind": "LENGTH_CHECK", "source": where, "dict": "manager",
                       "path": [["module", "torch.nn.modules.module"], ["attr", name]], "length": len(hooks),
                       "text": f"len({where}) == {len(hooks)}"})


# Hooks registered, outside any recorded call, on a module some entry was
# recorded with (install_module_hook_watch): the number, guarded by every
# entry that holds a module.
hooks_added = 0
_WATCHED_MODULES = weakref.WeakSet()
_HOOK_REGISTRATIONS = ("register_forward_pre_hook", "register_forward_hook", "register_full_backward_pre_hook",
                       "register_full_backward_hook", "register_backward_hook")


def install_module_hook_watch(recording):
    """A hook registered between calls on a module an entry was recorded
    with, whose hook dicts were empty then: Dynamo (skip_nnmodule_hook_guards,
    the default) guards no empty hook dict and reuses its entry, computing
    without the hook (tests/oracle recomp_k_inner_module_pre_hook_added).
    dynx counts such registrations (`recording()`: whether a recorded call
    is running, whose own registrations -- transformers' output capturing --
    are its business), and each entry guards the count, one guard instead
    of four per module."""
    for name in _HOOK_REGISTRATIONS:
        original = getattr(torch.nn.Module, name, None)
        if original is None or getattr(original, "_dynx", False):
            continue

        def register(self, *args, _original=original, **kwargs):
            global hooks_added
            if self in _WATCHED_MODULES and not recording():
                hooks_added += 1
            return _original(self, *args, **kwargs)
        functools.update_wrapper(register, original)
        register._dynx = True
        setattr(torch.nn.Module, name, register)


def _guard_hooks_added(guards):
    if any(g["kind"] == "EQUALS_MATCH" and g["source"] == "dynx.hooks_added" for g in guards):
        return
    guards.append({"kind": "EQUALS_MATCH", "source": "dynx.hooks_added", "path": [["module", __name__],
                   ["attr", "hooks_added"]], "value": hooks_added, "specialized": True,
                   "shown": "hooks registered on its modules between calls",
                   "text": f"hooks registered on its modules between calls == {hooks_added}"})


def _guard_module(guards, source, path, value, depth):
    """An nn.Module: each submodule's type and training flag, the plain data
    attributes its code may read, its parameters and buffers."""
    _guard_global_hooks(guards)
    try:
        import torch._dynamo.config as config
        every = not getattr(config, "skip_nnmodule_hook_guards", True)
    except Exception:  # noqa: BLE001 - another torch: Dynamo's default
        every = False
    if not every:  # (else each hook dict is guarded, empty ones too: _guard_hooks)
        _guard_hooks_added(guards)
    for name, module in value.named_modules():
        where, steps = source, path
        for part in name.split(".") if name else ():
            where, steps = _attr_source(where, part), steps + [["attr", part]]
        if _uninitialized_lazy(module):
            # nn.LazyLinear before its first call: Dynamo initialises it (its
            # _infer_parameters) before tracing the call, and guards the
            # module it became (a Linear); finish_guards guards it then.
            guards.append({"kind": "LAZY_MODULE", "source": where, "path": steps, "object": module,
                           "depth": depth, "text": f"{where} (a lazy module, guarded once initialised)"})
            continue
        _guard_one_module(guards, where, steps, module, depth)


def _uninitialized_lazy(module):
    mixin = getattr(getattr(torch.nn.modules, "lazy", None), "LazyModuleMixin", None)
    try:
        return mixin is not None and isinstance(module, mixin) and module.has_uninitialized_params()
    except Exception:  # noqa: BLE001 - a lazy module of another kind
        return False


def _expand_lazy(guards):
    """The guards of lazy modules (LAZY_MODULE markers) once the call
    initialised them: as any module's, or left out if still lazy."""
    out = []
    for guard in guards:
        if guard["kind"] != "LAZY_MODULE":
            out.append(guard)
        elif not _uninitialized_lazy(guard["object"]):
            start = len(out)
            _guard_one_module(out, guard["source"], guard["path"], guard["object"], guard["depth"])
            for added in out[start:]:
                if added["kind"] == "EQUALS_MATCH" and type(added["value"]) is not float:
                    added["specialized"] = True  # as _guard_value marks a module's
    return out


def _guard_one_module(guards, where, steps, module, depth):
    """One module of _guard_module's walk (its submodules are walked there)."""
    if where != "L['self']":
        # (the hooks of the module whose method the frame is run around that
        # method, outside the frame: torch.compile(model) compiles forward)
        _WATCHED_MODULES.add(module)
    guards.append({"kind": "TYPE_MATCH", "source": where, "path": steps, "type": type(module),
                   "text": f"type({where}) is {type(module).__qualname__}"})
    guards.append({"kind": "EQUALS_MATCH", "source": f"{where}.training", "path": steps + [["attr", "training"]],
                   "value": bool(module.training), "text": f"{where}.training == {bool(module.training)}",
                   "training_of": type(module), "training_id": id(module)})
    # The number of submodules (ModuleList.append between calls): how
    # many times a loop over a container runs.
    guards.append({"kind": "LENGTH_CHECK", "source": f"{where}._modules", "path": steps + [["attr", "_modules"]],
                   "length": len(module._modules), "needs": ["_modules"], "dict": "manager",
                   "text": f"len({where}._modules) == {len(module._modules)}"})
    if isinstance(module, torch.fx.GraphModule) and "forward" in vars(type(module)) and \
            "forward" not in vars(module) and \
            getattr(vars(type(module))["forward"], "__name__", "") != "_lazy_forward":
        # An fx GraphModule's forward is code generated from its graph, made
        # again by recompile() after an edit: the function by identity
        # (Dynamo inlines the old one and keeps its stale graph).
        forward = vars(type(module))["forward"]
        guards.append({"kind": "ID_MATCH", "source": f"type({where}).forward", "path": steps + [["attr", "forward"],
                       ["attr", "__func__"]], "object": forward, "expected": "the forward its graph generated",
                       "text": f"type({where}).forward is the forward its graph generated"})
    if isinstance(module, (torch.nn.Sequential, torch.nn.ModuleDict)):
        # A container its code iterates: the order of its submodules is the
        # order they run in (Dynamo's dict guard on _modules:
        # `list(dict.keys(self._modules))[0] == 'add'` after a reinsertion).
        keys = list(module._modules.keys())
        if all(type(k) is str for k in keys):
            guards.append({"kind": "DICT_KEYS", "source": f"{where}._modules", "path": steps + [["attr", "_modules"]],
                           "keys": keys, "dict": "manager", "needs": ["_modules"],
                           "text": f"list({where}._modules.keys()) == {keys!r}"})
    _guard_hooks(guards, where, steps, module)
    _guard_absent_module_attributes(guards, where, steps, module)
    if module._parameters:
        # The order of its parameters, where the call enumerated them
        # (mod.parameters(), named_parameters(): Module._named_members):
        # `for i, p in enumerate(mod.parameters())` pairs each with
        # something else once they are reordered (test_modules.py
        # test_param_order).
        keys = list(module._parameters)
        guards.append({"kind": "DICT_KEYS", "source": f"{where}._parameters",
                       "path": steps + [["attr", "_parameters"]], "keys": keys, "needs": ["_named_members"],
                       "text": f"list({where}._parameters.keys()) == {keys!r}"})
    # How many buffers it holds, where the call enumerated them
    # (named_buffers(), buffers()): one registered between calls is one
    # more step of that loop (_repros test_named_buffers).
    guards.append({"kind": "LENGTH_CHECK", "source": f"{where}._buffers", "path": steps + [["attr", "_buffers"]],
                   "length": len(module._buffers), "needs": ["_named_members"], "dict": "manager",
                   "text": f"len({where}._buffers) == {len(module._buffers)}"})
    _guard_attributes(guards, where, steps, module, depth)
    parameters = list(module.named_parameters(recurse=False))
    if (type(module).__module__ or "").startswith("torch."):
        parameters.reverse()  # measured: Dynamo meets a torch module's bias before its weight
    for pname, tensor in parameters + list(module.named_buffers(recurse=False)):
        if tensor is not None:
            _guard_value(guards, f"{where}.{pname}", steps + [["attr", pname]], tensor, depth + 1)
    # A parameter or buffer registered as None (register_buffer("mask",
    # None), a Linear without bias) that the code reads (`if self.mask is
    # not None`): a tensor set there later is a miss (Dynamo:
    # `self._buffers['mask'] is None`).
    for held in ("_parameters", "_buffers"):
        for pname, tensor in getattr(module, held, {}).items():
            if tensor is None and type(pname) is str:
                guards.append({"kind": "NONE_MATCH", "source": f"{where}.{held}[{pname!r}]",
                               "path": steps + [["attr", held], ["item", pname]], "needs": [pname],
                               "text": f"{where}.{held}[{pname!r}] is None"})
    # A parameter's gradient where the call reads `.grad` (zero_grad, an
    # update step): Dynamo guards whether it is None, so the second
    # step of a training loop, whose parameters have gradients now,
    # recompiles (`G['fc']._parameters['weight'].grad is None`).
    for pname, tensor in module.named_parameters(recurse=False):
        if tensor is None:
            continue
        grad = tensor.grad
        start = len(guards)
        _guard_value(guards, f"{where}.{pname}.grad", steps + [["attr", pname], ["attr", "grad"]],
                     grad if grad is None or isinstance(grad, torch.Tensor) else None, depth + 1)
        for guard in guards[start:]:
            # read by traced code, not by code run eagerly (modes.py)
            guard["needs"] = [GRAD_READ] + _own_version_needs(guard)


_SELF_READS = {}


def _self_attribute_reads(cls):
    """The attributes the methods of a module class read off `self`
    (`self.a`, hasattr(self, "a"), getattr(self, "a", None)), per class."""
    found = _SELF_READS.get(cls)
    if found is None:
        found = set()
        for code in _class_codes(cls):
            found |= direct_attribute_reads(code).get(("local", "self"), set())
        found = _SELF_READS[cls] = frozenset(found)
    return found


def _guard_absent_module_attributes(guards, where, steps, module):
    """An attribute its class's methods read off self (`if hasattr(self,
    "a"):`) that the module does not have when the call starts: set later
    (as an int, a parameter, a buffer or a submodule) it is a miss, not the
    entry recorded without it (tests/oracle recomp_k_hasattr_module_int_deleted:
    deleted, then set again to 7). Kept where the call read the name."""
    own = vars(module)
    for attr in sorted(_self_attribute_reads(type(module))):
        if attr in own or attr in own.get("_parameters", ()) or attr in own.get("_buffers", ()) or \
                attr in own.get("_modules", ()) or hasattr(type(module), attr):
            continue
        guards.append({"kind": "DICT_CONTAINS", "source": f"{where}.__dict__", "path": steps + [["attr", "__dict__"]],
                       "key": attr, "present": False, "dict": "hasattr", "needs": [attr],
                       "text": f"not hasattr({where}, {attr!r})"})
        for held in ("_parameters", "_buffers", "_modules"):
            guards.append({"kind": "DICT_CONTAINS", "source": f"{where}.{held}", "path": steps + [["attr", held]],
                           "key": attr, "present": False, "dict": "hasattr", "shown": f"{where}.__dict__",
                           "needs": [attr], "text": f"not hasattr({where}, {attr!r})"})


# The hook dicts Module._call_impl reads before it calls forward.
_HOOK_DICTS = ("_forward_pre_hooks", "_forward_hooks", "_backward_pre_hooks", "_backward_hooks")


def _guard_hooks(guards, where, steps, module):
    """The hooks of a module: Dynamo (skip_nnmodule_hook_guards, the
    default) calls the forward of a module without hooks directly and
    guards none; a module with hooks it inlines through _call_impl, whose
    reads of the hook dicts guard their lengths (a hook removed recompiles:
    `len(G['m']._forward_hooks) != 1`, test_modules.py test_hooks_inner).
    With skip_nnmodule_hook_guards=False every hook dict is guarded, empty
    ones too (`not G['mod']._forward_hooks`, test_hooks.py
    test_nnmodule_hook_guards)."""
    try:
        import torch._dynamo.config as config
        every = not getattr(config, "skip_nnmodule_hook_guards", True)
    except Exception:  # noqa: BLE001 - another torch: Dynamo's default
        every = False
    hooked = any(getattr(module, name, None) for name in _HOOK_DICTS)
    if not every and not hooked:
        return
    for name in _HOOK_DICTS:
        hooks = getattr(module, name, None)
        if not isinstance(hooks, dict) or (not every and not hooks):
            continue
        guards.append({"kind": "LENGTH_CHECK", "source": f"{where}.{name}", "path": steps + [["attr", name]],
                       "length": len(hooks), "dict": "manager",
                       "text": f"not {where}.{name}" if not hooks else f"len({where}.{name}) == {len(hooks)}"})
        # What each hook is (Dynamo inlines it through _call_impl): a
        # function by its code and closure, a hook object (a class with
        # __call__) by its type and the attributes it reads (`self.active`,
        # `self.weight` switched on between steps).
        # (By position: the keys are handle ids, new at each registration.)
        for index, hook in enumerate(list(hooks.values())):
            _guard_hook(guards, f"{where}.{name}[list(dict.keys({where}.{name}))[{index}]]",
                        steps + [["attr", name], ["value_at", index]], hook)


_GUARDING_HOOKS = set()
_DEREFERENCING = set()


def _guard_hook(guards, source, path, hook):
    if id(hook) in _GUARDING_HOOKS:  # (a hook that leads back to a module whose hooks hold it)
        return
    _GUARDING_HOOKS.add(id(hook))
    try:
        _guard_one_hook(guards, source, path, hook)
    finally:
        _GUARDING_HOOKS.discard(id(hook))


def _guard_one_hook(guards, source, path, hook):
    if isinstance(hook, types.MethodType) and isinstance(hook.__self__, torch.nn.Module):
        # A module's own method registered as a hook (`self._grab`): the
        # function and the module by identity (the module is guarded where
        # the frame reaches it).
        for attr in ("__func__", "__self__"):
            target = getattr(hook, attr)
            guards.append({"kind": "ID_MATCH", "source": f"{source}.{attr}", "path": path + [["attr", attr]],
                           "object": target, "expected": _object_name(target) if attr == "__func__" else
                           f"the {type(target).__name__} it was bound to",
                           "text": f"{source}.{attr} is {_object_name(target) if attr == '__func__' else type(target).__name__}"})
    elif isinstance(hook, types.FunctionType):
        _guard_function(guards, source, path, hook)
    elif isinstance(hook, types.MethodType):
        _guard_method(guards, source, path, hook, 1)
    elif type(hook).__module__ not in ("builtins", "torch", "functools") and hasattr(hook, "__dict__") and \
            not isinstance(hook, (torch.nn.Module, type)):
        guards.append({"kind": "TYPE_MATCH", "source": source, "path": path, "type": type(hook),
                       "text": f"type({source}) is {type(hook).__qualname__}"})
        _guard_attributes(guards, source, path, hook, 1)


def _aliasing_guards(guards):
    """Tensors reached by two sources are one graph input: TENSOR_ALIASING
    keeps them the same object; NO_TENSOR_ALIASING keeps the others apart."""
    first = {}
    for index, guard in enumerate(list(guards)):
        if guard["kind"] != "TENSOR_MATCH":
            continue
        known = first.get(id(guard["object"]))
        if known is None:
            first[id(guard["object"])] = index
        else:
            aliasing = {"kind": "TENSOR_ALIASING", "source": guard["source"], "path": guard["path"],
                        "same_as": known, "text": f"{guard['source']} is {guards[known]['source']}"}
            if "shown" in guard:  # (as the reasons name it: self._modules['dec']._parameters['weight'])
                aliasing["shown"] = guard["shown"]
            guards.append(aliasing)
    # Only tensors that come with the call (arguments and what they hold,
    # globals, closures): parameters are distinct by construction.
    inputs = [i for i in first.values() if not any(step[0] == "attr" for step in guards[i]["path"])]
    if len(inputs) > 1:
        sources = ", ".join(guards[i]["source"] for i in inputs)
        guards.append({"kind": "NO_TENSOR_ALIASING", "source": sources, "path": [], "guards": inputs,
                       "text": f"no aliasing between {sources}"})
    for guard in guards:
        if guard["kind"] == "TENSOR_MATCH":
            del guard["object"]


def _json_value(value):
    if value is None or type(value) in (bool, int, str):
        return value
    if type(value) is float:
        return value if math.isfinite(value) else repr(value)
    if type(value) in (set, frozenset) and value:  # in a stable order (members hash by address or salted str)
        members = sorted(_object_name(v) if isinstance(v, (type, types.FunctionType, types.BuiltinFunctionType))
                         else repr(v) for v in value)
        return ("frozenset({" if type(value) is frozenset else "{") + ", ".join(members) + \
            ("})" if type(value) is frozenset else "}")
    return str(value)


def guard_json(guard, names=()):
    """One guard as frames.json shows it: kind, source, readable text, and
    the facts it checks (what dynx-guard-diff compares)."""
    kind = guard["kind"]
    out = {"kind": kind, "source": guard["source"], "text": guard["text"]}
    if kind == "TENSOR_MATCH":
        dims = lambda key: [e.text(names) if isinstance(e, SymExpr) else e  # noqa: E731
                            for e in guard.get("sym_" + key, guard[key])]
        out.update({"type": guard["type"].__name__, "dtype": guard["dtype"], "device": guard["device"],
                    "requires_grad": guard["requires_grad"], "shape": dims("shape"), "stride": dims("stride")})
        if "dispatch_keys_text" in guard:
            out["dispatch_keys"] = guard["dispatch_keys_text"]
    elif kind == "EQUALS_MATCH":
        value = guard["value"]
        out["value"] = f"<{len(value)} bytes>" if type(value) is bytes else _json_value(value)
        out["value_type"] = type(guard["value"]).__name__
    elif kind == "TYPE_MATCH":
        out["type"] = getattr(guard["type"], "__qualname__", str(guard["type"]))
    elif kind == "ID_MATCH":
        out["object"] = guard.get("expected", "")
    elif kind == "LENGTH_CHECK":
        out["length"] = guard["length"]
    elif kind == "DICT_KEYS":
        out["keys"] = [_json_value(k) for k in guard["keys"]]
    elif kind == "DICT_CONTAINS":
        out["key"], out["present"] = _json_value(guard["key"]), bool(guard["present"])
    elif kind == "GLOBAL_STATE":
        out["state"] = {k: _json_value(v) for k, v in guard["state"].items()}
    elif kind == "SHAPE_ENV":
        out["symbols"] = [{k: s[k] for k in ("name", "source", "min", "max", "example")} for s in guard["symbols"]]
        out["divisible"] = guard["divisible"]
    elif kind == "TENSOR_ALIASING":
        out["same_as"] = guard["same_as"]
    elif kind == "NO_TENSOR_ALIASING":
        out["guards"] = guard["guards"]
    return out


# Global state a graph depends on, each read by a C function of torch that
# the frame hook calls directly.
def _matmul_tf32():
    """Whether CUDA matmuls may use TF32 (set_float32_matmul_precision), read
    as Dynamo's guard reads it: the fp32 precision of the CUDA matmul
    backend. (torch._C._get_cublas_allow_tf32 raises once a program mixes
    the legacy flag and the fp32_precision API.)"""
    getter = getattr(torch._C, "_get_fp32_precision_getter", None)
    try:
        return getter("cuda", "matmul") == "tf32" if getter is not None else torch._C._get_cublas_allow_tf32()
    except RuntimeError:
        return None


# (In the order of Dynamo's GlobalStateGuard, whose reason names the fields
# that changed in that order; with warn_only of use_deterministic_algorithms
# and the TF32 flag set_float32_matmul_precision sets, tests/oracle
# recomp_v_deterministic_warn_only_branch.)
_STATE_PROBES = {"grad_mode": torch.is_grad_enabled,
                 "deterministic_algorithms": torch._C._get_deterministic_algorithms,
                 "deterministic_algorithms_warn_only": torch._C._get_deterministic_algorithms_warn_only,
                 "allow_tf32": _matmul_tf32,
                 "num_threads": torch.get_num_threads,
                 "default_dtype": torch.get_default_dtype,
                 "autocast_cpu": functools.partial(torch.is_autocast_enabled, "cpu"),
                 "autocast_cuda": functools.partial(torch.is_autocast_enabled, "cuda")}
# Dynamo's GLOBAL_STATE also holds the torch function state, and it guards
# the torch function mode stack (___check_torch_function_mode_stack()): a
# call inside `with torch._C.DisableTorchFunctionSubclass():` or under
# another mode is another entry. The fast path reads the same three values.
_TORCH_FUNCTION_DEFAULTS = {"torch_function": True, "torch_function_all_disabled": False,
                            "torch_function_mode_stack": 0, "autocast_cpu_dtype": torch.bfloat16}


def user_function_modes():
    """The torch function modes on this thread's stack that are the
    program's (dynx's recorder pushes its own while it records)."""
    modes = []
    for i in range(torch._C._len_torch_function_stack()):
        mode = torch._C._get_function_stack_at(i)
        if not type(mode).__module__.startswith("dynx_recorder"):
            modes.append(mode)
    return modes


def user_function_mode_types():
    return tuple(type(mode) for mode in user_function_modes())


if hasattr(torch._C, "_is_torch_function_all_disabled") and hasattr(torch._C, "_len_torch_function_stack"):
    _STATE_PROBES.update({"torch_function": torch._C._is_torch_function_enabled,
                          "torch_function_all_disabled": torch._C._is_torch_function_all_disabled,
                          "torch_function_mode_stack": lambda: len(user_function_modes())})
if hasattr(torch, "get_autocast_dtype"):
    # The dtype CPU autocast casts to: another one (float16 after bfloat16) recompiles.
    _STATE_PROBES["autocast_cpu_dtype"] = functools.partial(torch.get_autocast_dtype, "cpu")
# Dynamo's order (its reason names the fields that changed in it, measured:
# "grad_mode autocast(cpu)_enabled", "torch_function deterministic_algorithms").
_STATE_ORDER = ("grad_mode", "autocast_cpu", "autocast_cuda", "autocast_cpu_dtype", "torch_function",
                "torch_function_all_disabled", "deterministic_algorithms", "deterministic_algorithms_warn_only",
                "allow_tf32", "num_threads", "default_dtype", "torch_function_mode_stack")
_STATE_PROBES = {field: _STATE_PROBES[field] for field in _STATE_ORDER if field in _STATE_PROBES}


def global_state():
    return {field: probe() for field, probe in _STATE_PROBES.items()}


def _guard_function_modes(guards):
    """The program's torch function modes active at the call: the types on
    the stack in order (the stack's length is GLOBAL_STATE's), and the plain
    values the modes hold that the call's code reads (a mode's scale), as
    Dynamo guards them (`___get_torch_function_mode_stack_at(0).scale == 3`)."""
    modes = user_function_modes()
    if not modes:
        return
    helpers = [["module", __name__]]
    guards.append({"kind": "EQUALS_MATCH", "source": "torch function mode stack",
                   "path": helpers + [["attr", "user_function_mode_types"], ["call", None]],
                   "value": tuple(type(m) for m in modes), "failure": "___check_torch_function_mode_stack()",
                   "specialized": True,
                   "text": "torch function mode stack is " + ", ".join(type(m).__qualname__ for m in modes)})
    for index, mode in enumerate(modes):
        for attr, value in state_attributes(mode):
            if _plain_data(value):
                where = f"___get_torch_function_mode_stack_at({index}).{attr}"
                guards.append({"kind": "EQUALS_MATCH", "source": where,
                               "path": helpers + [["attr", "user_function_modes"], ["call", None], ["item", index],
                                                  ["attr", attr]],
                               "value": value, "specialized": True, "needs": [attr], "text": f"{where} == {value!r}"})


def _global_state_guard():
    state = global_state()
    return {"kind": "GLOBAL_STATE", "source": "global state", "path": [], "state": state, "probes": _STATE_PROBES,
            "text": "global state: " + ", ".join(f"{k}={v}" for k, v in state.items()
                                                 if _TORCH_FUNCTION_DEFAULTS.get(k, not v) != v)}
