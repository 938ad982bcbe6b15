"""Iterators Dynamo cannot iterate.

Dynamo wraps an iterator or dict view that reaches a frame from outside
its trace (an argument, a global, a closure cell, or what a call that broke
the graph returned) as a plain object, and knows no way to iterate one:
`zip`, `map`, `filter`, `enumerate`, `reversed`, a generator (such as
`model.parameters()`), `iter(a_list)`, itertools' iterators, `dict.items()`
and `dict.values()`. A builtin that iterates it (iter, list, tuple,
sorted, max...) breaks the graph at the call, "missing tp_iter" (gb0811);
next() on it breaks with "Missing tp_iternext" (gb4347). Where the frame's
own bytecode iterates it (a for loop, unpacking, `[*it]`) Dynamo cannot
resume and gives up on the frame, or on the rest of it after the previous
break. Dynamo wraps a range, a range or tuple iterator, itertools.count
and dict.keys() as values of its own: those iterate (measured, torch 2.13).
The same iterators made inside the frame are Dynamo's own and iterate too.

Only the watched frame's own code is followed: its calls of builtins (a
profile event) and, while such a value is in reach, its instructions
(opcode tracing of that frame alone)."""
import array
import builtins
import collections
import dis
import inspect
import itertools
import sys

import _dynx

# Containers Dynamo wraps as plain objects with no subscript of their own:
# reading an item of one made outside the frame is a break (gb4880,
# "missing_mp_subscript"), the code after it specialised on the item.
UNSUBSCRIPTABLE = (bytearray, array.array)

# Type flag of a class defined in Python (a user iterator class: Dynamo
# inlines its __iter__/__next__).
_HEAPTYPE = 1 << 9
_WRAPPED = frozenset({type(iter(range(0))), type(iter(())), itertools.count})
_VIEWS = frozenset({type({}.items()), type({}.values()),
                    type(collections.OrderedDict().items()), type(collections.OrderedDict().values())})

# Builtins that iterate their argument (Dynamo: tp_iter of a plain object).
_ITERATING_NAMES = frozenset(("iter", "list", "tuple", "set", "frozenset", "sorted", "dict", "zip", "map", "filter",
                              "max", "min", "any", "all", "sum"))
_ITERATING = frozenset(getattr(builtins, name) for name in _ITERATING_NAMES)
# Instructions that iterate the value on top of the stack.
_ITERATING_OPS = frozenset({"GET_ITER", "UNPACK_SEQUENCE", "UNPACK_EX", "LIST_EXTEND", "SET_UPDATE",
                            "CALL_FUNCTION_EX"})
_LOADS = frozenset({"LOAD_FAST", "LOAD_FAST_CHECK", "LOAD_DEREF", "LOAD_CLOSURE", "LOAD_GLOBAL", "LOAD_NAME",
                    "LOAD_CONST", "LOAD_FAST_LOAD_FAST", "LOAD_SMALL_INT", "LOAD_FAST_BORROW",
                    "LOAD_FAST_BORROW_LOAD_FAST_BORROW"})
_CALL_PREFIX = frozenset({"PRECALL", "KW_NAMES", "CACHE"})
_STORES = frozenset({"STORE_FAST", "STORE_DEREF", "STORE_NAME", "STORE_GLOBAL"})


def unwrappable(value):
    """Whether Dynamo wraps `value`, met as an input, as a plain object it
    cannot iterate."""
    kind = type(value)
    if kind in _WRAPPED or kind.__flags__ & _HEAPTYPE:
        return False
    return kind in _VIEWS or hasattr(kind, "__next__")


_INSTRUCTIONS = {}


def _instructions(code):
    """(instructions, {offset: index}) of a code object, kept per code."""
    known = _INSTRUCTIONS.get(code)
    if known is None:
        listing = list(dis.get_instructions(code))
        known = _INSTRUCTIONS[code] = (listing, {ins.offset: i for i, ins in enumerate(listing)})
    return known


def instruction_name(code, offset):
    """The name of the instruction at `offset` of `code`, or None."""
    listing, where = _instructions(code)
    index = where.get(offset)
    return listing[index].opname if index is not None else None


def _global(frame, name):
    """What LOAD_GLOBAL/LOAD_NAME of `name` finds outside the locals."""
    missing = object()
    value = frame.f_globals.get(name, missing)
    return getattr(builtins, name, None) if value is missing else value


def _loaded(frame, ins):
    """The values one load instruction pushes, or None when it is not a
    plain load (LOAD_GLOBAL that also pushes NULL, an attribute...)."""
    name = ins.opname
    if name == "LOAD_CONST" or name == "LOAD_SMALL_INT":
        return [ins.argval]
    if name in ("LOAD_GLOBAL", "LOAD_NAME"):
        if name == "LOAD_GLOBAL" and ins.arg is not None and ins.arg & 1:
            return None  # NULL + global: the function being called, not an argument
        return [_global(frame, ins.argval)]
    names = ins.argval if isinstance(ins.argval, tuple) else (ins.argval,)
    local = frame.f_locals
    return [local.get(n) for n in names]


def _method_load(ins):
    """A LOAD_ATTR that loads a method to call (3.12 on: the low bit of its
    argument), which pushes two values."""
    return sys.version_info >= (3, 12) and ins.arg is not None and ins.arg & 1


def _attribute_chain(frame, listing, j):
    """((value, last attribute name), index of the base load) for `X.a.b`
    whose last LOAD_ATTR is instruction j and X a plain load; attributes
    read as stored (inspect.getattr_static: never a property's code);
    (None, None) otherwise."""
    names = []
    while j >= 0 and listing[j].opname == "LOAD_ATTR":
        if _method_load(listing[j]):
            return None, None
        names.insert(0, listing[j].argval)
        j -= 1
    if j < 0 or listing[j].opname not in _LOADS or listing[j].opname == "LOAD_CONST":
        return None, None
    base = _loaded(frame, listing[j])
    if base is None or len(base) != 1:
        return None, None
    value = base[0]
    try:
        for name in names:
            value = inspect.getattr_static(value, name)
    except Exception:  # noqa: BLE001 - not set, or an object that refuses to be looked at
        return None, None
    return (value, names[-1]), j


def _operands(frame, index, count, via=None):
    """(values, j): the values the plain loads just before instruction
    `index` pushed, in order, at least `count` of them (a load may push
    two), and the index of the instruction before those loads; (None,
    None) when they are not all plain loads. With `via` (a dict), an
    attribute chain on a plain load (`Sched.it`, `self.gen`) is an operand
    too, noted there {id(value): last attribute name}."""
    listing, _ = _instructions(frame.f_code)
    values = []
    j = index - 1
    while len(values) < count:
        if via is not None and j >= 0 and listing[j].opname == "LOAD_ATTR":
            found, base = _attribute_chain(frame, listing, j)
            if found is None:
                return None, None
            values.insert(0, found[0])
            via[id(found[0])] = found[1]
            j = base - 1
            continue
        if j < 0 or listing[j].opname not in _LOADS:
            return None, None
        pushed = _loaded(frame, listing[j])
        if pushed is None:
            return None, None
        values[:0] = pushed
        j -= 1
    return values, j


_ATTRIBUTE_STORES = {}


def attribute_stores(code):
    """The attribute names the code assigns (STORE_ATTR), per code object."""
    found = _ATTRIBUTE_STORES.get(code)
    if found is None:
        listing, _ = _instructions(code)
        found = _ATTRIBUTE_STORES[code] = frozenset(ins.argval for ins in listing if ins.opname == "STORE_ATTR")
    return found


_ATTRIBUTE_ITERATION = {}


def attribute_iteration(code):
    """Whether the code calls next() or a builtin that iterates on an
    attribute (`next(Sched.it)`, `list(self.gen)`): an iterator kept on an
    object came from outside Dynamo's trace like an argument (its
    instructions are then followed, see iterating_call). Per code object."""
    found = _ATTRIBUTE_ITERATION.get(code)
    if found is None:
        found = False
        names = code.co_names
        if "next" in names or any(fn.__name__ in names for fn in _ITERATING):
            listing, _ = _instructions(code)
            for index, ins in enumerate(listing):
                if ins.opname == "CALL" and ins.arg and index and \
                        any(listing[k].opname == "LOAD_ATTR" for k in range(max(0, index - 3), index)):
                    start = index
                    while start > 0 and listing[start - 1].opname in _CALL_PREFIX:
                        start -= 1
                    k, callee = start - 1, None
                    while k >= 0 and listing[k].opname in _LOADS | {"LOAD_ATTR"}:
                        if listing[k].opname == "LOAD_GLOBAL" and listing[k].arg is not None and listing[k].arg & 1:
                            callee = listing[k]  # (NULL + name: the function called)
                            break
                        k -= 1
                    if callee is not None and (callee.argval == "next" or callee.argval in _ITERATING_NAMES):
                        found = True
                        break
        _ATTRIBUTE_ITERATION[code] = found
    return found


# What the call returns when a builtin made an iterator of its argument:
# it iterates the plain object in turn, as unwrappable as it.
_MAKES_ITERATOR = frozenset({iter, zip, map, filter})


def _callee(frame, index, via=None):
    """The function a plain call (`name(args)`) at instruction `index`
    calls and the values of its arguments, or (None, None). (`via`: see
    _operands.)"""
    listing, _ = _instructions(frame.f_code)
    call = listing[index]
    if call.opname != "CALL" or call.arg is None:
        return None, None
    start = index
    while start > 0 and listing[start - 1].opname in _CALL_PREFIX:
        start -= 1
    args, j = _operands(frame, start, call.arg, via)
    if args is None or len(args) != call.arg or j < 0:
        return None, None
    ins = listing[j]
    if ins.opname == "LOAD_GLOBAL" and ins.arg is not None and ins.arg & 1:
        value = _global(frame, ins.argval)
    elif ins.opname in ("LOAD_NAME", "LOAD_GLOBAL", "LOAD_FAST", "LOAD_DEREF") and j > 0 and \
            listing[j - 1].opname == "PUSH_NULL":
        loaded = _loaded(frame, ins)
        value = loaded[0] if loaded and len(loaded) == 1 else None
    else:
        return None, None
    return value, args


def iterating_call(frame, foreign, adopt=None):
    """For the call `frame` is about to make (its current instruction):
    (kind, name, makes_iterator) when it is next() of a value `foreign`
    holds ("missing-tp-iternext") or a builtin that iterates one
    ("missing-tp-iter"), else None. With `adopt`, an iterator the call
    reaches through an attribute the frame does not assign (`next(Sched.it)`,
    `next(self.gen)`: kept on an object before the call, from outside
    Dynamo's trace as an argument is) is handed to it first, foreign from
    then on."""
    listing, where = _instructions(frame.f_code)
    index = where.get(frame.f_lasti)
    if index is None or listing[index].opname != "CALL":
        return None
    via = {} if adopt is not None else None
    fn, args = _callee(frame, index, via)
    if fn is None or fn is not next and fn is not enumerate and fn not in _ITERATING:
        return None
    if via:
        stored = attribute_stores(frame.f_code)
        for a in args:
            if id(a) in via and via[id(a)] not in stored and unwrappable(a):
                adopt(a)
    if not any(foreign(a) for a in args):
        return None
    kind = "missing-tp-iternext" if fn is next else "missing-tp-iter"
    return kind, fn.__name__, fn in _MAKES_ITERATOR


# Builtins whose polyfill is a generator Dynamo inlines: the break inside it
# cannot be handled ("Failed to handle graph break gracefully"), and Dynamo
# gives up on the frame (measured, torch 2.13: enumerate(g) of a generator
# or list iterator passed in -> WON'T CONVERT, no graph).
GIVES_UP = frozenset({"enumerate"})


# Builtins Dynamo runs through a Python polyfill of its own, which meets the
# foreign iterator inside: the break it reports is at that line of the
# polyfill (measured, torch 2.13: sum -> polyfills/functools.py:28, any ->
# polyfills/builtins.py:43, all -> :35, set -> polyfills/__init__.py:424,
# enumerate -> polyfills/builtins.py:56).
# (the polyfill's module, its function, the text of the line that iterates)
_POLYFILLED = {"sum": ("torch._dynamo.polyfills.functools", "reduce", "iter(iterable)"),
               "any": ("torch._dynamo.polyfills.builtins", "any", "for elem in iterable"),
               "all": ("torch._dynamo.polyfills.builtins", "all", "for elem in iterable"),
               "set": ("torch._dynamo.polyfills", "set_update", "for x in set2"),
               "enumerate": ("torch._dynamo.polyfills.builtins", "enumerate", "for x in iterable")}
_POLYFILL_FRAMES = {}


def polyfill_frame(name):
    """The stack entry (file, line, function) of the line where Dynamo's
    polyfill of the builtin `name` iterates its argument, or None (no
    polyfill for it, or this torch has another)."""
    if name not in _POLYFILL_FRAMES:
        found = None
        spec = _POLYFILLED.get(name)
        module = sys.modules.get(spec[0]) if spec else None
        fn = inspect.unwrap(getattr(module, spec[1], None)) if module is not None else None
        try:
            lines, first = inspect.getsourcelines(fn) if fn is not None else ((), 0)
            file = inspect.getsourcefile(fn) if fn is not None else None
        except (OSError, TypeError):
            lines, file = (), None
        for i, text in enumerate(lines):
            if spec[2] in text:
                found = {"file": file, "line": first + i, "function": fn.__name__}
                break
        _POLYFILL_FRAMES[name] = found
    return _POLYFILL_FRAMES[name]


def foreign_getter_call(frame, getters):
    """The operator.itemgetter, attrgetter or methodcaller of `getters`
    ({id: getter}: those the frame found made when it started) that the
    call `frame` is about to make (its current instruction) calls, or None."""
    listing, where = _instructions(frame.f_code)
    index = where.get(frame.f_lasti)
    if index is not None and listing[index].opname == "BINARY_SUBSCR":
        # (or the bytearray / array.array of `getters` it subscripts)
        item = _dynx.stack_item(frame, 1)
        container = item[0] if item is not None else None
        return container if type(container) in UNSUBSCRIPTABLE and getters.get(id(container)) is container else None
    if index is None or listing[index].opname != "CALL":
        return None
    fn, _ = _callee(frame, index)
    return fn if fn is not None and getters.get(id(fn)) is fn else None


def iterating_instruction(frame):
    """(instruction, the value it iterates or None when not a plain load)
    if the instruction `frame` is about to run iterates the top of its
    stack, else (None, None)."""
    listing, where = _instructions(frame.f_code)
    index = where.get(frame.f_lasti)
    if index is None or listing[index].opname not in _ITERATING_OPS:
        return None, None
    ins = listing[index]
    if ins.opname == "CALL_FUNCTION_EX" and ins.arg:
        return None, None  # f(*a, **kw): the mapping is on top
    values, _ = _operands(frame, index, 1)
    return ins, (values[-1] if values else None)


def iteration_words(ins):
    """How the program's code iterates at an instruction, in words."""
    if ins.opname == "GET_ITER":
        return "iterating"
    if ins.opname.startswith("UNPACK"):
        return "unpacking"
    return "unpacking with *"


def follows_call(frame, call_offset):
    """Whether the instruction `frame` is about to run comes right after
    the call at `call_offset` (nothing between but caches)."""
    listing, where = _instructions(frame.f_code)
    index = where.get(call_offset)
    return index is not None and index + 1 < len(listing) and listing[index + 1].offset == frame.f_lasti


def next_opname(frame):
    """The name of the instruction after the one `frame` runs now (a call), or None."""
    listing, where = _instructions(frame.f_code)
    index = where.get(frame.f_lasti)
    return listing[index + 1].opname if index is not None and index + 1 < len(listing) else None


def enters_with(frame):
    """Whether the instruction after the one `frame` runs now (a call)
    enters a with block with what the call returns."""
    listing, where = _instructions(frame.f_code)
    index = where.get(frame.f_lasti)
    return index is not None and index + 1 < len(listing) and \
        listing[index + 1].opname in ("BEFORE_WITH", "SETUP_WITH", "LOAD_SPECIAL")


def stored_name(frame):
    """The variable the instruction `frame` is about to run stores into,
    if it is a plain store, else None."""
    listing, where = _instructions(frame.f_code)
    index = where.get(frame.f_lasti)
    if index is None or listing[index].opname not in _STORES:
        return None
    return listing[index].opname, listing[index].argval


def read_stored(frame, store):
    """The value a plain store (stored_name) put."""
    opname, name = store
    if opname in ("STORE_GLOBAL",):
        return frame.f_globals.get(name)
    if opname == "STORE_NAME":
        return frame.f_locals.get(name, frame.f_globals.get(name))
    return frame.f_locals.get(name)


class ForeignIterators:
    """The unwrappable values of one call of a watched frame that came from
    outside Dynamo's trace (kept alive: they are known by identity), and
    the state of a call that broke on one."""

    def __init__(self):
        self.values = {}
        self.call = None     # (offset, makes an iterator) of the call that broke, until it returns
        self.store = None    # the store of that call's result, read at the next instruction
        self.tracing = False  # the watched frame's instructions are traced (Recorder._trace_iterators)
        self.frame = None     # that frame, once it runs

    def add(self, value):
        if unwrappable(value):
            self.values[id(value)] = value

    def add_inputs(self, arguments, code):
        """The frame's arguments, with what *args and **kwargs hold."""
        packed = set()
        flags = code.co_flags
        position = code.co_argcount + code.co_kwonlyargcount
        if flags & 0x04:  # CO_VARARGS
            packed.add(code.co_varnames[position])
            position += 1
        if flags & 0x08:  # CO_VARKEYWORDS
            packed.add(code.co_varnames[position])
        for name, value in arguments.items():
            self.add(value)
            if name in packed:
                for item in (value.values() if isinstance(value, dict) else value if isinstance(value, tuple) else ()):
                    self.add(item)

    def __contains__(self, value):
        return self.values.get(id(value)) is value and value is not None

    def __bool__(self):
        return bool(self.values)


_LOCK_WITHS = {}


_WITH_OPS = frozenset(dis.opmap[name] for name in ("BEFORE_WITH", "SETUP_WITH") if name in dis.opmap)


def lock_withs(code):
    """[(offset of the BEFORE_WITH, load chain)] for the code's `with X:`
    statements whose manager is a plain load (a global, a local, a closure
    cell, then attributes: `with _lock:`, `with self._lock:`), per code
    object: the only ones whose manager can be told before they run."""
    found = _LOCK_WITHS.get(code)
    if found is None and _WITH_OPS.isdisjoint(code.co_code[::2]):
        found = _LOCK_WITHS[code] = ()  # (no with statement: no listing needed)
    if found is None:
        listing, _ = _instructions(code)
        found = []
        for index, ins in enumerate(listing):
            if ins.opname not in ("BEFORE_WITH", "SETUP_WITH"):
                continue
            chain, k = [], index - 1
            while k >= 0 and listing[k].opname in ("LOAD_ATTR", "LOAD_METHOD"):
                chain.insert(0, ("attr", listing[k].argval))
                k -= 1
            if k < 0 or listing[k].opname not in ("LOAD_GLOBAL", "LOAD_FAST", "LOAD_DEREF", "LOAD_NAME"):
                continue
            chain.insert(0, (listing[k].opname, listing[k].argval))
            found.append((ins.offset, tuple(chain)))
        found = tuple(found)
        _LOCK_WITHS[code] = found
    return found


def load_chain(frame, chain):
    """The value a lock_withs load chain gives in `frame` now, or None."""
    kind, name = chain[0]
    try:
        if kind == "LOAD_GLOBAL":
            value = frame.f_globals[name] if name in frame.f_globals else frame.f_builtins[name]
        else:
            value = frame.f_locals[name]
        for _, attr in chain[1:]:
            value = inspect.getattr_static(value, attr)  # (never runs a property)
    except Exception:  # noqa: BLE001 - not set yet, a property that fails: not told
        return None
    return value
