"""Automatic dynamic shapes.

dynx records concrete operations; it does not trace symbolically. A
dimension becomes dynamic when a new entry differs from an earlier one
only in sizes: the two recordings are compared position by position, and
every integer that changed must be explained by one expression over the
changed sizes (s0, 3*s0, s0 + 2, s0 // 2, s0*s1, and 12 // n for an int
argument n), or the new entry stays static. Sizes 0 and 1 stay specialised, as in PyTorch.

Python ints and floats the frame receives (arguments, closure cells, what
arguments hold) are specialised first and become dynamic once their value
changes, as Dynamo's automatic dynamic does with `specialize_int` and
`specialize_float` off (torch 2.13's defaults): the new entry guards only
their type, and its graphs name them as symbols of kind "int" or "float".
Global ints and the ints of nn.Modules stay specialised; floats, wherever
read from, do not."""
import math
import re


class _NotDynamic(Exception):
    pass


class SymExpr:
    """coef * prod(symbols) // div + add, over symbol indices; with `den`
    (symbol indices, an int argument's), coef * prod(symbols) // prod(den)
    + add instead, floor division as Python's (`d // heads`)."""

    __slots__ = ("coef", "symbols", "div", "add", "den")

    def __init__(self, coef, symbols, div=1, add=0, den=()):
        self.coef, self.symbols, self.div, self.add, self.den = coef, tuple(symbols), div, add, tuple(den)

    def eval(self, values):
        product = self.coef
        for s in self.symbols:
            product *= values[s]
        if self.den:
            divisor = 1
            for s in self.den:
                if not isinstance(values[s], int) or isinstance(values[s], bool):
                    return None
                divisor *= values[s]
            return product // divisor + self.add if divisor else None
        if self.div == 1:
            return product + self.add  # also for float symbols: no floor division
        if product % self.div:
            return None  # not exact: outside what this entry covers
        return product // self.div + self.add

    def key(self):
        return (self.coef, self.symbols, self.div, self.add, self.den)

    def text(self, names):
        text = "*".join(([str(self.coef)] if self.coef not in (1, -1) or not self.symbols else []) +
                        [names[s] for s in self.symbols])
        if self.coef == -1 and self.symbols:
            text = "-" + text
        if self.den:
            text = f"({text})" if "*" in text or self.symbols and self.coef < 0 else text
            divisor = "*".join(names[s] for s in self.den)
            text += f"//({divisor})" if len(self.den) > 1 else f"//{divisor}"
        if self.div != 1:
            text += f"//{self.div}"
        if self.add:
            text += f" + {self.add}" if self.add > 0 else f" - {-self.add}"
        return text

    def guard_form(self):
        if self.den:
            raise ValueError("a size divided by a symbol has no guard form")  # never fitted in guards
        return {"expr": [self.coef, list(self.symbols), self.add, self.div]}


class FloatOp(SymExpr):
    """One float symbol and a constant combined by one arithmetic operator,
    as Python computed it: `s0*0.5` (a loss's 0.5 * self.beta), `1.5 - s0`,
    `s0/3.0` (label smoothing's smoothing / (n - 1)), `s0 + 0.25`. Written
    with the constant's repr, so the C++ reader computes the same double."""

    __slots__ = ("op", "const", "left")

    def __init__(self, op, k, const, left):
        if op == "+" and left:
            left = False  # c + s is s + c, to the bit
        if op in "+-" and not left and (const < 0 or const == 0 and math.copysign(1, const) < 0):
            op, const = "+" if op == "-" else "-", -const  # s + -c is s - c, to the bit
        super().__init__(1, (k,))
        self.op, self.const, self.left = op, const, left

    def eval(self, values):
        a, b = (self.const, values[self.symbols[0]]) if self.left else (values[self.symbols[0]], self.const)
        try:
            return a + b if self.op == "+" else a - b if self.op == "-" else a * b if self.op == "*" else a / b
        except (ZeroDivisionError, TypeError):
            return None

    def key(self):
        return ("float-op", self.op, self.symbols, self.const, self.left)

    def text(self, names):
        name, const = names[self.symbols[0]], repr(self.const)
        if self.op in "*/":
            return f"{const}{self.op}{name}" if self.left else f"{name}{self.op}{const}"
        return f"{const} - {name}" if self.left else f"{name} {self.op} {const}"

    def guard_form(self):
        raise ValueError("a float expression has no guard form")  # never in tensor guards

    def renumbered(self, k):
        return FloatOp(self.op, k, self.const, self.left)


def _float_op_fits(k, s_old, s_new, old, new):
    """The FloatOps over float symbol k that give `old` at s_old and `new`
    at s_new exactly, each with the shortest constant that does."""
    if not all(isinstance(v, float) and math.isfinite(v) for v in (s_old, s_new, old, new)) or s_old == s_new:
        return []
    candidates = [("+", False, old - s_old), ("-", False, s_old - old), ("-", True, old + s_old),
                  ("*", False, old / s_old if s_old else None), ("/", False, s_old / old if old else None),
                  ("/", True, old * s_old)]
    fits = []
    for op, left, const in candidates:
        if const is None or not math.isfinite(const) or const == 0:
            continue
        for digits in range(1, 18):
            c = float(f"{const:.{digits}g}")
            if c == 0:
                continue
            expr = FloatOp(op, k, c, left)
            if expr.eval({k: s_old}) == old and expr.eval({k: s_new}) == new:
                fits.append(expr)
                break
    return fits


def _fit(old, new, symbols, consistent=None, usable=None, divisors=()):
    """The one expression over `symbols` ([(old, new)] per symbol; only the
    indices in `usable` if given) that maps old -> new, or None when none or
    several do. `consistent(expr)` drops candidates that contradict what an
    earlier dynamic entry established. `divisors`: the symbols (Python ints
    the frame receives) a constant or a size may be divided by (`d //
    heads`), exactly in both recordings."""
    found = {}
    indices = list(range(len(symbols))) if usable is None else list(usable)
    for i in divisors:
        d_old, d_new = symbols[i]
        if d_old == d_new or d_old < 1 or d_new < 1 or old == new:
            continue
        if old * d_old == new * d_new:  # a constant over the symbol
            e = SymExpr(old * d_old, (), den=(i,))
            found[e.key()] = e
        for k in indices:  # a size over the symbol
            if k != i and symbols[k] == (old * d_old, new * d_new):
                e = SymExpr(1, (k,), den=(i,))
                found[e.key()] = e
    for i in indices:
        if symbols[i] == (old, new):  # the symbol itself (also 0 -> 1, which no product explains)
            e = SymExpr(1, (i,))
            found[e.key()] = e
    products = [((i,), symbols[i][0], symbols[i][1]) for i in indices]
    products += [((i, j), symbols[i][0] * symbols[j][0], symbols[i][1] * symbols[j][1])
                 for a, i in enumerate(indices) for j in indices[a:]]
    for syms, p_old, p_new in products:
        if p_old == p_new:
            continue
        if p_new == 0 or p_old == 0:
            # Only an offset (a Python int that was 0: `count + 1` when count
            # went 0 -> 1); sizes 0 and 1 never get here (they stay specialised).
            if len(syms) == 1 and new - p_new == old - p_old:  # (s0*s0 at 0 -> 1 is s0 again)
                e = SymExpr(1, syms, 1, new - p_new)
                found[e.key()] = e
            continue
        if new % p_new == 0 and old % p_old == 0 and new // p_new == old // p_old and new // p_new >= 1:
            e = SymExpr(new // p_new, syms)
            found[e.key()] = e
        if new - p_new == old - p_old:
            e = SymExpr(1, syms, 1, new - p_new)
            found[e.key()] = e
        if new >= 1 and p_new % new == 0 and p_old % max(old, 1) == 0 and old >= 1 and \
                p_new // new == p_old // old and p_new // new >= 2:
            e = SymExpr(1, syms, p_new // new)
            found[e.key()] = e
    if consistent is not None:
        found = {k: e for k, e in found.items() if consistent(e)}
    if len(found) > 1:
        # The simplest form, when one is simpler than all others: a size's
        # stride 112 -> 144 at s0 = 7 -> 9 is 16*s0, not s0*s0 + 63 (the
        # product of one symbol before a product of two, no offset before one).
        rank = lambda e: (len(e.symbols) + len(e.den), e.add != 0, e.div != 1)  # noqa: E731
        best = min(rank(e) for e in found.values())
        simplest = [e for e in found.values() if rank(e) == best]
        return simplest[0] if len(simplest) == 1 else None
    return next(iter(found.values())) if len(found) == 1 else None


# Fields of a graph document that are no values of the computation (a
# number equal to a dynamic int there is no use of it).
_SKIP_KEYS = {"id", "stack", "weight", "example", "op_count", "version", "frame", "schema"}


_PROBES = (2, 3, 5)


def _same_source(a, b):
    """Input sources name earlier graphs of their own entry ("graph 0/3/0
    output add"): equal up to the entry."""
    pattern = r"^graph \d+/\d+/"
    return isinstance(a, str) and isinstance(b, str) and re.sub(pattern, "graph ", a) == re.sub(pattern, "graph ", b)


def _nonfinite(value):
    """The float a recorded {"float": "inf"} stands for, else None."""
    if isinstance(value, dict) and len(value) == 1 and isinstance(value.get("float"), str):
        return float(value["float"])
    return None


def _same_floats(a, b):
    """Pairs of numbers equal, NaN equal to NaN (a float argument that was NaN)."""
    return all(x == y or x != x and y != y for x, y in zip(a, b))


class _Aligner:
    """Walks an earlier entry's recording (concrete, and symbolic if it was
    dynamic) beside the new one and builds the new symbolic form."""

    def __init__(self, symbols, old_values, new_values, known=0, kinds=None):
        self.symbols = symbols            # [(old, new)] per symbol index
        self.old_values = old_values
        self.new_values = new_values
        self.known = known                # symbols [0, known) come from the earlier entry
        self.kinds = kinds or ["size"] * len(symbols)   # "size", "int" or "float" per symbol
        self.sizes_only = False           # while walking tensor guards: sizes are explained by sizes
        self.input_meta = {}              # single: source -> (shape, stride) its tensor guard binds
        # One recording only (old is new): a Python number already known to
        # be dynamic in this frame names each argument equal to its value
        # (tensor metadata left alone). The entry is settled on every hit,
        # so a constant that only happened to be equal costs an entry, never
        # a wrong hit.
        self.single = False
        self.in_sizes = 0  # single: inside tensor metadata or a list argument, where sizes may stand
        self.loose = False  # the earlier entry's form came from one recording (_single_form)
        self.size_numbers = ()  # single: numbers the code passed to torch as sizes it read (modes.SizeInt)
        self.divisible = {}               # key -> SymExpr whose division must be exact

    def _usable(self):
        wanted = ("size",) if self.sizes_only else ("size", "int")
        return [k for k, kind in enumerate(self.kinds) if kind in wanted]

    def real(self, old, old_sym, new, where):
        """A float: equal, or the value of one float symbol in both calls."""
        if isinstance(old_sym, SymExpr) and _same_floats((old_sym.eval(self.new_values),), (new,)):
            return old_sym
        if _same_floats((old,), (new,)):
            if self.single and not self.sizes_only:
                found = self._same_value(new, ("float",))
                if found is None and new != 0 and isinstance(new, float):
                    # The negated value (`alpha=-lr` in SGD's step).
                    negated = self._same_value(-new, ("float",))
                    found = SymExpr(-1, negated.symbols) if negated is not None else None
                return found or new
            return new
        floats = [k for k, kind in enumerate(self.kinds) if kind == "float" and not self.sizes_only]
        matches = [SymExpr(1, (k,)) for k in floats if _same_floats(self.symbols[k], (old, new))]
        # The negated value (`param.add_(grad, alpha=-lr)` in SGD's step).
        matches += [SymExpr(-1, (k,)) for k in floats if self.symbols[k] == (-old, -new) and old != 0]
        # An integer plus or minus it (`alpha=1 - decay` in an EMA update),
        # as Python computes it, in both calls.
        for k in floats:
            for coef in (1, -1):
                s_old, s_new = self.symbols[k]
                offset = new - coef * s_new
                if offset != 0 and float(offset).is_integer() and abs(offset) < 2 ** 31 and \
                        coef * s_new + int(offset) == new and coef * s_old + int(offset) == old:
                    matches.append(SymExpr(coef, (k,), 1, int(offset)))
        if not matches:
            # One operator and a constant over one float symbol, as Python
            # computed it (`smoothing / (n - 1)`, `0.5 * self.beta`): the
            # shortest constant, then the first operator, that gives both
            # values. (The entry has a Python number made dynamic: its hits
            # are settled, so a wrong pick costs an entry, never a stale graph.)
            fits = [f for k in floats for f in _float_op_fits(k, *self.symbols[k], old, new)]
            fits.sort(key=lambda f: len(repr(f.const)))
            matches = fits[:1]
        if len(matches) > 1 and len({(m.key()[0] if isinstance(m, FloatOp) else m.coef, m.add) for m in matches}) == 1:
            # The same form over floats that moved together (two LoRA layers'
            # `scaling` set alike): which one the operator read the values do
            # not tell; the first is taken (the hits are settled: a wrong pick
            # costs an entry once they move apart).
            matches = matches[:1]
        if len(matches) != 1:
            raise _NotDynamic(f"{where}: {old!r} -> {new!r} is not explained by the changed values")
        return matches[0]

    def consistent_with(self, old_sym):
        """A candidate must agree with the earlier entry wherever that entry
        was valid: its own symbols free, the new ones at their old values."""
        if not self.known:
            return None

        def check(expr):
            for factor in _PROBES:
                values = list(self.old_values)
                for k in range(self.known):
                    values[k] = self.old_values[k] * factor  # keeps exact divisions exact
                want = old_sym.eval(values) if isinstance(old_sym, SymExpr) else old_sym
                if want is None or expr.eval(values) != want:
                    return False
            return True
        return check

    def _same_value(self, value, kinds):
        """single: the one symbol of `kinds` whose value this is, or None."""
        for kind in kinds:  # in order: in sizes, a size before an int of the same value
            matches = [k for k, k_kind in enumerate(self.kinds) if k_kind == kind and self.symbols[k][1] == value]
            if matches:
                return SymExpr(1, (matches[0],)) if len(matches) == 1 else None
        return None

    def _product_of_sizes(self, value):
        """single, in a list of sizes (view's, tensor metadata): the one
        product of two dynamic sizes whose value this is (`x.view(b * t, d)`
        flattening batch and sequence), or None. A constant that only
        happened to be equal costs an entry (the hits are settled)."""
        sizes = [k for k, kind in enumerate(self.kinds) if kind == "size" and self.symbols[k][1] not in (0, 1)]
        matches = [(a, b) for i, a in enumerate(sizes) for b in sizes[i + 1:]
                   if self.symbols[a][1] * self.symbols[b][1] == value]
        return SymExpr(1, matches[0]) if len(matches) == 1 and value not in (0, 1) else None

    def integer(self, old, old_sym, new, where):
        if isinstance(old_sym, SymExpr) and old_sym.eval(self.new_values) == new:
            expr = old_sym
        elif old == new:
            if self.single:
                # A bare number argument equal to a size is left alone (x * 2
                # at size 2); a size stands in metadata and in size lists.
                kinds = ("size",) if self.sizes_only else ("size", "int") if self.in_sizes or \
                    new in self.size_numbers else ("int",)
                found = self._same_value(new, kinds)
                if found is None and self.in_sizes and not self.sizes_only:
                    found = self._product_of_sizes(new)
                return found or new
            return new
        else:
            consistent = self.consistent_with(old_sym if old_sym is not None else old)
            if self.loose and not isinstance(old_sym, SymExpr):
                # The earlier entry came from one recording, which leaves a
                # number it cannot tell from a constant as a number (arange(0,
                # t) at t = 2; a view's offset (t - 1)*d): its hits are
                # settled, and this call, which missed it, shows the number
                # was not one.
                consistent = None
            divisors = [] if self.sizes_only else [k for k, kind in enumerate(self.kinds) if kind == "int"]
            expr = _fit(old, new, self.symbols, consistent, self._usable(), divisors)
            if expr is None and not self.sizes_only and "int" in self.kinds:
                # Two symbols that moved together (a KV cache's length and
                # the int counting it): fits over both are ambiguous. A size
                # in tensor metadata or a list argument is taken from the sizes,
                # a bare number from the ints. The entry has a Python number
                # made dynamic, so its hits are settled (recorded again and
                # compared): a wrong pick costs an entry, never a stale graph.
                kind = "size" if self.in_sizes else "int"
                expr = _fit(old, new, self.symbols, consistent,
                            [k for k in self._usable() if self.kinds[k] == kind],
                            divisors if kind == "int" else ())
            if expr is None and where.endswith(".storage_offset"):
                expr = self._offset_line(old, new, consistent)
            if expr is None:
                raise _NotDynamic(f"{where}: {old} -> {new} is not explained by the changed sizes")
        if expr.div != 1 and not expr.den:
            self.divisible[expr.key()] = expr
        return expr

    def _offset_line(self, old, new, consistent):
        """A view's storage offset is a line in one size (x[:, -1] of an
        [n, t, d] tensor starts at (t - 1)*d): a*s + b through both
        recordings, when one size alone gives one."""
        found = []
        for k in self._usable():
            s_old, s_new = self.symbols[k]
            if s_old == s_new or (new - old) % (s_new - s_old):
                continue
            coef = (new - old) // (s_new - s_old)
            expr = SymExpr(coef, (k,), 1, old - coef * s_old)
            if coef and (consistent is None or consistent(expr)):
                found.append(expr)
        return found[0] if len(found) == 1 else None

    def walk(self, old, old_sym, new, where):
        old_float, new_float = _nonfinite(old), _nonfinite(new)
        if old_float is not None or new_float is not None:
            # inf, -inf, nan as recorded ({"float": "inf"}): a float argument may take them.
            old = old_float if old_float is not None else old
            new = new_float if new_float is not None else new
            if not isinstance(old, float) and not isinstance(new, float):
                raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
            found = self.real(old, old_sym, new, where)
            return found if isinstance(found, SymExpr) or math.isfinite(found) else {"float": repr(found)}
        if type(old) is not type(new) and not (isinstance(old, (int, float)) and isinstance(new, (int, float))
                                                and not isinstance(old, bool) and not isinstance(new, bool)):
            raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
        if isinstance(new, bool) or new is None or isinstance(new, str):
            if old != new and not _same_source(old, new):
                raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
            return new
        if isinstance(new, int) and isinstance(old, int):
            return self.integer(old, old_sym, new, where)
        if isinstance(new, float) or isinstance(old, float):
            return self.real(old, old_sym, new, where)
        if isinstance(new, list):
            if len(old) != len(new):
                raise _NotDynamic(f"{where}: {len(old)} items vs {len(new)}")
            syms = old_sym if isinstance(old_sym, list) and len(old_sym) == len(new) else [None] * len(new)
            # A list an operator takes (view's sizes), or tensor metadata's.
            sizes = bool(re.search(r"\.(args\[\d+\]|kwargs\.\w+|shape|stride)$", where))
            self.in_sizes += sizes
            try:
                return [self.walk(o, s, n, f"{where}[{i}]") for i, (o, s, n) in enumerate(zip(old, syms, new))]
            finally:
                self.in_sizes -= sizes
        if isinstance(new, dict):
            if set(old) - _SKIP_KEYS != set(new) - _SKIP_KEYS:
                raise _NotDynamic(f"{where}: fields differ")
            if self.single and new.get("kind") in ("parameter", "buffer", "constant", "global"):
                return new  # one recording: a weight's sizes are its own (parameters stay static)
            if self.single and not self.sizes_only and re.search(r"\.inputs\[\d+\]$", where):
                # A graph input's sizes are the sizes its guard binds, never
                # a Python int or another size that happens to be equal
                # ([1, s1, 2] at int 2; [s0, 4] at s0 = 4).
                bound = self.input_meta.get(new.get("source"))
                meta = new.get("meta")
                values = lambda dims: [e.eval(self.new_values) if isinstance(e, SymExpr) else e  # noqa: E731
                                       for e in dims]
                if bound is not None and isinstance(meta, dict) and values(bound[0]) == meta.get("shape") and \
                        values(bound[1]) == meta.get("stride"):
                    # (the layout the guard saw: not one an eager in-place
                    # resize_ or t_() gave the tensor before the graph took it)
                    return dict(new, meta=dict(meta, shape=list(bound[0]), stride=list(bound[1])))
                self.sizes_only = True
                try:
                    return self.walk(old, old_sym, new, where)
                finally:
                    self.sizes_only = False
            if "shape" in new and "stride" in new and "dtype" in new:
                contiguous = self._contiguous_meta(old, old_sym, new, where)
                if contiguous is not None:
                    return contiguous
            saved = self.size_numbers
            if self.single and _factory(new.get("op")):
                # A factory's number equal to a size of what it made
                # (arange(7) -> i64[s0], s0 = 7: a length computed in Python
                # from sizes) is that size, as Dynamo traces it (SymInt).
                self.size_numbers = tuple(saved) + tuple(
                    d for out in new.get("outputs") or () if isinstance(out, dict)
                    for d in (out.get("meta") or {}).get("shape") or () if type(d) is int and d > 1)
            try:
                out = {}
                for key, value in new.items():
                    if key in _SKIP_KEYS:
                        out[key] = value
                    else:
                        sym = old_sym.get(key) if isinstance(old_sym, dict) else None
                        out[key] = self.walk(old[key], sym, value, f"{where}.{key}")
            finally:
                self.size_numbers = saved
            return out
        if old != new:
            raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
        return new


    def _contiguous_meta(self, old, old_sym, new, where):
        """Tensor metadata dense in both recordings (contiguous, or a
        permutation of contiguous, as a transpose of a new tensor is): its
        strides are products of its sizes in one order, so they follow from
        the symbolic shape (a growing KV cache [1, s0+1, 8] has stride
        [8*s0 + 8, 8, 1], its transpose [8*s0 + 8, 1, 8]), which no fit of
        one pair of values finds. None where the metadata is not dense in the
        same order in both, or the products are not expressible."""
        if not isinstance(old.get("shape"), list) or not isinstance(new["shape"], list) or \
                len(old["shape"]) != len(new["shape"]):
            return None  # the general walk says what differs
        order = _dense_order(new["shape"], new["stride"])
        if order is None or _dense_order(old["shape"], old["stride"], order) is None:
            return None
        out = {}
        for key, value in new.items():
            if key in _SKIP_KEYS or key == "stride":
                out[key] = value
                continue
            sym = old_sym.get(key) if isinstance(old_sym, dict) else None
            out[key] = self.walk(old[key], sym, value, f"{where}.{key}")
        strides = _strides_in_order(out["shape"], order)
        if strides is None:
            return None
        if any(isinstance(e, SymExpr) and (e.eval(self.new_values) != n or e.eval(self.old_values) != o)
               for e, n, o in zip(strides, new["stride"], old["stride"])):
            return None
        out["stride"] = strides
        return out


def _dense_order(shape, stride, order=None):
    """The order of dimensions, innermost first, in which `stride` is the
    running product of `shape` (as torch lays out a new tensor, or a
    permutation of one), checked for `order` if given; None if there is
    none (sizes 0, overlapping or sliced memory)."""
    if not isinstance(shape, list) or not isinstance(stride, list) or len(shape) != len(stride):
        return None
    if any(not isinstance(d, int) or d < 1 for d in shape):
        return None
    if order is None:
        order = sorted(range(len(shape)), key=lambda d: (stride[d], -d))
    acc = 1
    for dim in order:
        if stride[dim] != acc:
            return None
        acc *= shape[dim]
    return order


# Operators whose bare number arguments are lengths (zeros, full and the
# like take a size list, which is walked as sizes anyway; a fill value or
# randint's bound is no size).
_FACTORIES = frozenset({"arange", "eye", "tril_indices", "triu_indices"})


def _factory(op):
    """Whether a recorded operator ("aten::arange.start") makes a tensor
    whose lengths are its number arguments."""
    if not isinstance(op, str) or not op.startswith("aten::"):
        return False
    return op[6:].split(".", 1)[0] in _FACTORIES


def _dense_strides(sym_shape, shape, stride):
    """The strides of a dense tensor (contiguous, or a permutation of
    contiguous) as products of its symbolic sizes, as Dynamo guards a
    dynamic tensor's strides (a growing KV cache [1, s0, 2] has stride
    [2*s0, 2, 1], not [10, 2, 1]); None when it has no symbolic size or is
    not dense."""
    if not any(isinstance(e, SymExpr) for e in sym_shape):
        return None
    order = _dense_order(shape, stride)
    return None if order is None else _strides_in_order(sym_shape, order)


def _strides_in_order(sym_shape, order):
    """The running products of the (symbolic) sizes in `order`, innermost
    first: a dense layout's strides; None where a product is not
    expressible (_times)."""
    out, acc = [None] * len(order), 1
    for dim in order:
        out[dim] = acc
        acc = _times(acc, sym_shape[dim])
        if acc is None:
            return None
    return out


def _times(a, b):
    """a * b for ints and SymExprs, where the product is a SymExpr (a sum
    times a constant, or two plain products); None otherwise."""
    if isinstance(a, int) and isinstance(b, int):
        return a * b
    if isinstance(a, int):
        a, b = b, a
    if isinstance(b, int):
        if b == 1:
            return a
        if a.div != 1 or a.den:
            return None
        return SymExpr(a.coef * b, a.symbols, 1, a.add * b)
    if a.div != 1 or b.div != 1 or a.add or b.add or a.den or b.den:
        return None
    return SymExpr(a.coef * b.coef, tuple(sorted(a.symbols + b.symbols)), 1, 0)


_CONFIG_DEFAULTS = {"recompile_limit": 8, "automatic_dynamic_shapes": True, "specialize_int": False,
                    "specialize_float": False, "allow_unspec_int_on_nn_module": False,
                    "automatic_dynamic_shapes_mark_as": "dynamic"}


def dynamo_config():
    """The torch._dynamo.config values dynx follows, as the program has set
    them now (it may set them at any time, or patch them for a while);
    Dynamo's defaults where torch has no such setting."""
    import sys
    config = getattr(sys.modules.get("torch._dynamo"), "config", None)
    values = {}
    for name, default in _CONFIG_DEFAULTS.items():
        try:
            values[name] = getattr(config, name, default) if config is not None else default
        except Exception:  # noqa: BLE001 - a config module of another torch: its default
            values[name] = default
    if not isinstance(values["recompile_limit"], int) or isinstance(values["recompile_limit"], bool):
        values["recompile_limit"] = 8
    return values


def scalar_kind(guard):
    """"int" or "float" for a guard on a Python number that automatic
    dynamic may make symbolic (a value the frame receives: an argument, a
    closure cell, what an argument holds), None otherwise. A float read
    from the globals (a learning rate in an optimizer's param_groups) may
    too, as under torch 2.13 (measured: `x * scale` with a global float
    recompiles once, then the entry is dynamic in it), while a global int
    stays specialised (a recompile for each value). The int attributes
    of nn.Modules stay specialised (marked so by the guard walk), bools
    always."""
    if guard["kind"] != "EQUALS_MATCH" or guard.get("specialized") or not guard["path"]:
        return None
    value = guard["value"]
    if guard["path"][0][0] == "global":
        return "float" if type(value) is float else None
    if guard["path"][0][0] not in ("local", "closure"):
        return None
    if type(value) is int:
        return "int"
    if type(value) is float:
        return "float"
    return None


def _size_changes(old_guards, new_guards, scalars=None):
    """[(guard index, dim, old, new)] when two guard lists differ only in
    tensor sizes and strides and in the values of Python numbers that may
    become dynamic (dim None); None when anything else differs."""
    # (Guards on what the call looked up -- a library's functions,
    # registries and flags, "aux" -- are left out: which functions ran may
    # differ with the sizes, `if seq_len > 1: build_mask()`.)
    old_guards = [g for g in old_guards if not g.get("aux")]
    indexed = [(i, g) for i, g in enumerate(new_guards) if not g.get("aux")]
    if len(old_guards) != len(indexed):
        return None
    changes = []
    for (index, b), a in zip(indexed, old_guards):
        if a["kind"] != b["kind"] or a["source"] != b["source"]:
            return None
        if a["kind"] != "TENSOR_MATCH":
            if a["text"] != b["text"]:
                kind = scalar_kind(a)
                if kind is None or scalar_kind(b) != kind or scalars is not None and not scalars[kind]:
                    return None
                changes.append((index, None, a["value"], b["value"]))
            continue
        if (a["dtype"], a["device"], a["requires_grad"], a["type"], len(a["shape"]), a.get("dispatch_keys")) != \
                (b["dtype"], b["device"], b["requires_grad"], b["type"], len(b["shape"]), b.get("dispatch_keys")):
            return None
        static = set(b.get("marks", {}).get("static", ()))
        for dim, (x, y) in enumerate(zip(a["shape"], b["shape"])):
            if x != y:
                if dim in static or b.get("static_shape"):
                    # torch._dynamo.mark_static, or a parameter / a module's buffer
                    # (force_parameter_static_shapes): this size never becomes dynamic
                    return None
                changes.append((index, dim, x, y))
    return changes


def _symbolic_dims(values, exprs, names):
    return [e.text(names) if isinstance(e, SymExpr) else v for v, e in zip(values, exprs)]


def _shown(source):
    """L['x'] -> x, as Dynamo's messages name a frame's locals."""
    return re.sub(r"L\['([^']*)'\]", r"\1", source)


def make_dynamic(previous, guards, documents, mode, marks, dynamic_scalars=(), scalars=None, dynamic_sizes=None,
                 auto_dims=(), sizes_iterated=False, size_numbers=(), looped=()):
    """The dynamic form of a new entry, from the most recent earlier entry
    that differs from it only in sizes and Python numbers. Returns None
    (nothing changed), or a dict: refused (why the entry stays static), or
    symbols, decisions, guards and documents in their symbolic form.
    `sizes_iterated`: the program's code looped over a size (modes._SIZE_LOOPS);
    `size_numbers`: the numbers it passed to torch functions as sizes it
    read (`x * x.shape[0]`: a number equal to a size there is that size)."""
    if mode == "off" and not marks and not any(g.get("marks", {}).get("dynamic") for g in guards):
        # (torch.compile(dynamic=False) still honours the program's own
        # mark_dynamic: it turns automatic dynamic off, nothing more)
        return None
    # The earlier entry to compare with: one that differs only in sizes,
    # preferring one that is already dynamic (its symbols carry over), then
    # the most recent.
    candidates = [(len(e["symbols"]), i, e, c) for i, e in enumerate(previous)
                  for c in [_size_changes(e["concrete_guards"], guards, scalars)] if c]
    first = None
    changed_scalars = {}  # source -> the value the earlier entry had
    for _, _, earlier, changes in sorted(candidates, key=lambda t: (t[0], t[1]), reverse=True):
        result = _dynamic_from(earlier, changes, guards, documents, mode, marks)
        if "refused" not in result:
            return result
        first = first or result
        # A Python number of the frame that changed is dynamic from here on
        # whatever the recordings' difference (Dynamo's frame state is per
        # source: `if y == 2:` taking the other way under dynamic=True keeps
        # y symbolic in the new entry, which then serves y == 7 too).
        # (Not one the frame loops over, `range(n)`: Dynamo specialises it,
        # `n == 3`.)
        for i, d, old, _ in changes:
            # (the frame's own numbers: one an argument's object holds is
            # changed_dims', which leaves a function's internals alone)
            if d is None and len(guards[i]["path"]) == 1 and guards[i]["source"] not in looped:
                changed_scalars.setdefault(guards[i]["source"], old)
    # Sizes that changed since an earlier compile stay dynamic in this
    # compile of the frame, as Dynamo keeps them, also when the recording
    # differs from the earlier entries otherwise (`if x.shape[0] > 3:` took
    # the other way: Dynamo guards the comparison, the size stays symbolic;
    # hits are settled). Not when the program looped over a size and an
    # earlier entry has guards like these: Dynamo specialises a size it
    # loops over (`for row in x`), each size its own entry.
    auto = auto_dims if mode == "auto" and not (candidates and sizes_iterated) else ()
    # torch.compile(dynamic=True): the frame's int arguments are symbolic
    # from the first compile too, as its sizes are (measured, torch 2.13:
    # `x * i` called with i = 10, 11, 12 is one graph, no recompile); not
    # one the frame loops over (range(n): Dynamo specialises it).
    forced = {g["source"] for g in guards if dynamic_sizes == "all" and scalar_kind(g) == "int" and
              len(g.get("path", ())) == 1 and g["path"][0][0] == "local" and g["source"] not in looped}
    single = _single_form(guards, documents,
                          (set(dynamic_scalars) | set(changed_scalars) if mode == "auto" else set()) | forced,
                          scalars, dynamic_sizes or (), auto, size_numbers,
                          first_changes={k: v for k, v in changed_scalars.items() if k not in dynamic_scalars}
                          if mode == "auto" else {}, forced=forced)
    return single if single is not None else first


# An int reached through a function's or a class's internals (a property
# getter's closure cell, a default) stays specialised in Dynamo (measured:
# dict(type(e).__dict__)['flag'].fget.__closure__[0].cell_contents == 0).
_INTERNAL_STEP = re.compile(r"type\(|__dict__|__closure__|cell_contents|__defaults__|__kwdefaults__|\.fget\b|"
                            r"__self__|__func__|__wrapped__|__code__")


_RANGE_ARGUMENTS = {}


def range_arguments(code):
    """The sources (L['n']) of the frame's locals its code passes to
    range() (`for i in range(n)`, `range(0, n, 2)`), read from the
    bytecode: the argument loads between LOAD_GLOBAL range and its call."""
    found = _RANGE_ARGUMENTS.get(code)
    if found is None:
        import dis
        names, depth = set(), None
        try:
            instructions = list(dis.get_instructions(code))
        except Exception:  # noqa: BLE001 - no bytecode to read: nothing looped over
            instructions = []
        for ins in instructions:
            if depth is None:
                if ins.opname == "LOAD_GLOBAL" and ins.argval == "range":
                    depth = 0  # the stack above range (and its NULL)
                continue
            if ins.opname.startswith("LOAD_FAST") or ins.opname == "LOAD_DEREF":
                for name in ins.argval if isinstance(ins.argval, tuple) else (ins.argval,):
                    if isinstance(name, str):
                        names.add(f"L[{name!r}]")
            try:
                depth += dis.stack_effect(ins.opcode, ins.arg, jump=False) if ins.opcode >= dis.HAVE_ARGUMENT \
                    else dis.stack_effect(ins.opcode)
            except ValueError:  # an opcode without a stack effect (CACHE): none
                pass
            if depth < 0 or ins.opname in ("RETURN_VALUE", "RETURN_CONST"):
                depth = None  # the call that took range and its arguments
        found = _RANGE_ARGUMENTS[code] = frozenset(names)
    return found


def changed_dims(history, guards):
    """Automatic dynamic as Dynamo keeps it, per frame and per source, not
    per entry: a dimension of a tensor source whose size differs from the
    one an earlier compile of the frame saw (or was already found dynamic)
    is dynamic, whatever else changed (measured: f(x, y) with y a tensor,
    then an int, then a tensor again, makes x's size dynamic at the first
    change). `history`: {source: [size or None]}, updated. Returns
    {(source, dim)}; dim None for a Python number that is dynamic so."""
    dims = set()
    for g in guards:
        if scalar_kind(g) and isinstance(history.get(g["source"]), list):
            # A tensor before, a Python number now: Dynamo's frame state for
            # the source no longer agrees with itself, the number is dynamic
            # at once (measured: the int that replaced a tensor is no recompile
            # when it changes).
            dims.add((g["source"], None))
        elif scalar_kind(g) == "float" and len(g["path"]) > 1 or \
                scalar_kind(g) == "int" and len(g["path"]) > 1 and not _INTERNAL_STEP.search(g["source"]):
            # A float an object of the frame holds (an optimizer's lr in its
            # param_groups) that another compile of the frame saw with another
            # value is dynamic from this compile on, whatever else changed
            # (measured: a compiled SGD step whose momentum buffers appear
            # while a scheduler changes the float lr recompiles once, not per
            # lr). So is an int an argument's object holds (not a module's,
            # those stay specialised): Dynamo's frame state keeps it per
            # source (measured: a KV cache layer's cumulative_length bumped
            # in the frame, while the keys go from None to a tensor, is
            # dynamic at its first change). The frame's own numbers are
            # left to _Aligner, which sees what the code does with them (a
            # range() it loops over).
            key = "#" + g["source"]
            if key in history and (history[key] is None or history[key] != g["value"]):
                dims.add((g["source"], None))
                history[key] = None
            elif key not in history:
                history[key] = g["value"]
        if g["kind"] != "TENSOR_MATCH" or g.get("static_shape"):
            continue
        seen = history.get(g["source"])
        shape = list(g["shape"])
        if seen is not None and len(seen) == len(shape):
            merged = [None if a is None or a != b else a for a, b in zip(seen, shape)]
            dims.update((g["source"], d) for d, a in enumerate(merged) if a is None)
            history[g["source"]] = merged
        else:
            history[g["source"]] = shape
    return dims


def _single_form(guards, documents, dynamic_scalars, scalars, dynamic_sizes, auto_dims=(), size_numbers=(),
                 first_changes=None, forced=()):
    """The dynamic form of an entry that no earlier one explains, from this
    one recording (see _Aligner.single): for the Python numbers of the frame
    that an earlier entry made dynamic (Dynamo keeps them dynamic in later
    compiles of the frame), and for the sizes the program marked dynamic
    (torch._dynamo.mark_dynamic, maybe_mark_dynamic) or that
    torch.compile(dynamic=True) makes dynamic from the first call
    (`dynamic_sizes`: "marked" or "all"). None when there are none."""
    symbols, changes, decisions, ducked = [], [], [], []
    for i, g in enumerate(guards):
        kind = scalar_kind(g)
        if kind and g["source"] in dynamic_scalars and (scalars is None or scalars[kind]):
            symbols.append({"guard": i, "dim": None, "kind": kind, "example": g["value"]})
            changes.append((i, None, g["value"], g["value"]))
            if g["source"] in (first_changes or {}):
                decisions.append(f"automatic dynamic {kind} {_shown(g['source'])} val {g['value']} != "
                                 f"{first_changes[g['source']]}")
            elif g["source"] in forced:
                decisions.append(f"dynamic {kind} {_shown(g['source'])} = {g['value']}: torch.compile(dynamic=True)")
            else:
                decisions.append(f"automatic dynamic {kind} {_shown(g['source'])}: dynamic since an earlier entry")
        elif g["kind"] == "TENSOR_MATCH" and (dynamic_sizes or auto_dims):
            if dynamic_sizes == "all":
                if any(step[0] == "attr" for step in g["path"]):
                    continue  # parameters and buffers keep their sizes
                dims = [d for d in range(len(g["shape"])) if d not in g.get("marks", {}).get("static", ())]
                why = "torch.compile(dynamic=True)"
            else:
                dims = list(g.get("marks", {}).get("dynamic", [])) if dynamic_sizes else []
                why = "marked dynamic"
            auto = sorted(d for source, d in auto_dims if source == g["source"] and d is not None and d not in dims and
                          d not in g.get("marks", {}).get("static", ()))
            if auto and not dims:
                why = "automatic dynamic: its size changed in an earlier compile of this frame"
            for d in dims + auto:
                if d < len(g["shape"]) and g["shape"][d] not in (0, 1):
                    size = g["shape"][d]
                    same = next((k for k, sym in enumerate(symbols) if "kind" not in sym and sym["example"] == size),
                                None)
                    if same is not None:
                        # Duck sizing: a dynamic size equal to another one
                        # when compiled is that symbol (Dynamo's s0 for both;
                        # the entry then needs them equal).
                        ducked.append((i, d, same))
                    else:
                        symbols.append({"guard": i, "dim": d, "example": size})
                    changes.append((i, d, size, size))
                    decisions.append(f"dynamic size {g['source']} size({d}) = {size}: {why}")
    if not symbols:
        return None
    earlier = {"symbols": symbols, "concrete_guards": guards, "guards": guards, "concrete_documents": documents,
               "documents": documents, "ducked": ducked}
    result = _dynamic_from(earlier, changes, guards, documents, "auto", (), single=True, size_numbers=size_numbers)
    if "refused" in result:
        return None
    from .probe import confirm  # (it imports this module)
    confirmed = confirm(result["documents"], result["symbols"])
    if confirmed is False:
        # One recording cannot tell the dynamic sizes from other numbers
        # equal to them (a hidden size of 8 and a cache length of 8): the
        # entry stays dynamic and settled, its graphs are written at the
        # recorded sizes until a second recording shows which numbers are
        # sizes (Recorder._refine).
        result["unconfirmed"] = True
        decisions.append("graphs written at the recorded sizes: this one recording cannot tell the dynamic "
                         "sizes from other numbers equal to them")
    elif confirmed is not None:
        result["documents"] = confirmed
    result["decisions"] = decisions
    result["settle"] = True
    result["single_form"] = True
    return result


_FLOAT_PARAMETERS = {}


def _float_parameters(op):
    """(positions, names) of an aten operator's arguments typed `float`
    (float, float?, float[]), from its schema; empty for an unknown one."""
    found = _FLOAT_PARAMETERS.get(op)
    if found is None:
        found = (frozenset(), frozenset())
        try:
            import torch
            namespace, _, rest = op.partition("::")
            name, _, overload = rest.partition(".")
            schema = getattr(getattr(getattr(torch.ops, namespace), name), overload or "default")._schema
            typed = [(i, a) for i, a in enumerate(schema.arguments) if re.search(r"\bfloat\b", str(a.type))]
            found = (frozenset(i for i, a in typed if not a.kwarg_only), frozenset(a.name for _, a in typed))
        except Exception:  # noqa: BLE001 - not an operator torch knows: nothing specialised
            pass
        _FLOAT_PARAMETERS[op] = found
    return found


def _symbols_in(value, out):
    if isinstance(value, SymExpr):
        out.update(value.symbols + value.den)
    elif isinstance(value, list):
        for item in value:
            _symbols_in(item, out)
    return out


def _float_argument_symbols(documents, kinds):
    """The float symbols a recorded operator takes as a `float` argument."""
    found = set()
    for doc in documents:
        for node in doc.get("nodes", ()) if isinstance(doc, dict) else ():
            op = node.get("op")
            if not isinstance(op, str) or "::" not in op:
                continue
            positions, names = _float_parameters(op)
            for i, arg in enumerate(node.get("args", ())):
                if i in positions:
                    _symbols_in(arg, found)
            for name, arg in (node.get("kwargs") or {}).items():
                if name in names:
                    _symbols_in(arg, found)
    return {k for k in found if k < len(kinds) and kinds[k] == "float"}


def _specialise(value, fixed, renumber, values):
    """value with the symbols in `fixed` replaced by their values (an
    expression of them alone becomes its number) and the others renumbered."""
    if isinstance(value, SymExpr):
        mine = set(value.symbols + value.den)
        if mine & fixed:
            if not mine <= fixed:
                raise _NotDynamic("a specialised float is combined with another symbol")
            number = value.eval(values)
            # inf, -inf and nan as a graph document records them
            return number if not isinstance(number, float) or math.isfinite(number) else {"float": repr(number)}
        if isinstance(value, FloatOp):
            return value.renumbered(renumber[value.symbols[0]])
        return SymExpr(value.coef, [renumber[k] for k in value.symbols], value.div, value.add,
                       [renumber[k] for k in value.den])
    if isinstance(value, list):
        return [_specialise(item, fixed, renumber, values) for item in value]
    if isinstance(value, tuple):
        return tuple(_specialise(item, fixed, renumber, values) for item in value)
    if isinstance(value, dict):
        return {key: _specialise(item, fixed, renumber, values) for key, item in value.items()}
    return value


def _dynamic_from(earlier, changes, guards, documents, mode, marks, single=False, size_numbers=()):
    """make_dynamic against one earlier entry."""
    wanted = [c for c in changes if mode == "auto" or c[1] is not None and (guards[c[0]]["source"], c[1]) in marks]
    decisions = []
    for i, d, old, new in wanted:
        if d is None:
            decisions.append(f"automatic dynamic {scalar_kind(guards[i])} {_shown(guards[i]['source'])} val {new} != {old}")
        else:
            decisions.append(f"automatic dynamic size {guards[i]['source']} size({d}) {new} != {old}")
    if len(wanted) != len(changes):
        return {"refused": "sizes changed that are not marked dynamic (--dynamic=off)", "decisions": []}
    # config.automatic_dynamic_shapes_mark_as = "unbacked": a size made
    # dynamic by a change is an unbacked symbol, with no 0/1
    # specialisation (sizes 0 and 1 are the same entry's; its hits are
    # settled all the same).
    unbacked = mode == "auto" and not single and \
        dynamo_config()["automatic_dynamic_shapes_mark_as"] == "unbacked"
    for i, d, old, new in wanted:
        if d is not None and new in (0, 1) and not unbacked:
            return {"refused": f"{guards[i]['source']}.size()[{d}] is {new}: sizes 0 and 1 stay specialised",
                    "decisions": []}
    # Symbols: the earlier entry's, then one per distinct (old, new) pair of
    # sizes (duck sizing), one per Python number.
    symbols, binders, kinds = [], [], []
    for sym in earlier.get("symbols", ()):
        binder = guards[sym["guard"]]
        kind = sym.get("kind", "size")
        symbols.append((sym["example"], binder["shape"][sym["dim"]] if kind == "size" else binder["value"]))
        binders.append((sym["guard"], sym["dim"]))
        kinds.append(kind)
    for i, d, old, new in wanted:
        if d is None:
            if (i, None) not in binders:
                symbols.append((old, new))
                binders.append((i, None))
                kinds.append(scalar_kind(guards[i]))
            continue
        if any(pair == (old, new) and kind == "size" for pair, kind in zip(symbols, kinds)):
            continue
        symbols.append((old, new))
        binders.append((i, d))
        kinds.append("size")
    names = [f"s{k}" for k in range(len(symbols))]
    old_values = [s[0] for s in symbols]
    new_values = [s[1] for s in symbols]
    aligner = _Aligner(symbols, old_values, new_values, known=0 if single else len(earlier.get("symbols", ())),
                       kinds=kinds)
    aligner.single = single
    aligner.size_numbers = size_numbers
    aligner.loose = bool(earlier.get("single_form")) and not single
    scalar_binders = {gi: k for k, (gi, dim) in enumerate(binders) if kinds[k] != "size"}
    size_binders = {(gi, dim): k for k, (gi, dim) in enumerate(binders) if kinds[k] == "size"}
    # (sizes duck-sized into another's symbol: _single_form; `symbols` holds the earlier entry's first)
    ducked = {(gi, dim): k for gi, dim, k in earlier.get("ducked", ()) if single}
    try:
        sym_guards = []
        for index, (a, a_sym, b) in enumerate(zip(earlier["concrete_guards"], earlier["guards"], guards)):
            if index in scalar_binders:
                kind = kinds[scalar_binders[index]]
                sym_guards.append({"kind": "TYPE_MATCH", "source": b["source"], "path": b["path"],
                                   "type": int if kind == "int" else float,
                                   "text": f"type({b['source']}) is {kind}"})
                continue
            if b["kind"] != "TENSOR_MATCH":
                sym_guards.append(b)
                continue
            if single and not any(gi == index for gi, _ in list(size_binders) + list(ducked)):
                # One recording: a size of another tensor (a parameter's, an
                # input's that never changed) equal to a dynamic one only
                # happens to be equal; Dynamo duck-sizes dynamic dims only.
                sym_guards.append(b)
                continue
            aligner.sizes_only = True
            if single:
                shape = [SymExpr(1, (size_binders[(index, d)],)) if (index, d) in size_binders else
                         SymExpr(1, (ducked[(index, d)],)) if (index, d) in ducked else n
                         for d, n in enumerate(b["shape"])]
            else:
                shape = aligner.walk(a["shape"], a_sym.get("sym_shape"), b["shape"], f"{b['source']}.size()")
            stride = _dense_strides(shape, b["shape"], b["stride"]) if single else None
            if stride is None:
                stride = aligner.walk(a["stride"], a_sym.get("sym_stride"), b["stride"], f"{b['source']}.stride()")
            aligner.sizes_only = False
            if not any(isinstance(e, SymExpr) for e in shape + stride):
                sym_guards.append(b)
                continue
            g = dict(b)
            g["sym_shape"], g["sym_stride"] = shape, stride
            sym_guards.append(g)
        if single:
            aligner.input_meta = {g["source"]: (g.get("sym_shape", g["shape"]), g.get("sym_stride", g["stride"]))
                                  for g in sym_guards if g["kind"] == "TENSOR_MATCH"}
        if len(earlier["documents"]) != len(documents):
            raise _NotDynamic(f"{len(documents)} graphs vs {len(earlier['documents'])}")
        sym_docs = [aligner.walk(a, s, b, f"graph {b['id']}") for a, s, b in
                    zip(earlier["concrete_documents"], earlier["documents"], documents)]
    except _NotDynamic as e:
        return {"refused": f"sizes or values changed but the recording differs otherwise ({e})",
                "decisions": decisions}
    # NaN and infinity are specialised, as Dynamo's wrap_symfloat does (its
    # guard checks them in the tree of values, not late).
    nonfinite = {k for k, kind in enumerate(kinds) if kind == "float" and not math.isfinite(new_values[k])}
    fixed = _float_argument_symbols(sym_docs, kinds) | nonfinite
    if fixed:
        # A dynamic float an operator takes as a `float` (layer_norm's eps,
        # dropout's p) is specialised, as the argument parser does with a
        # SymFloat there (it guards its value); `Scalar` arguments keep it.
        try:
            keep = [k for k in range(len(kinds)) if k not in fixed]
            renumber = {old: new for new, old in enumerate(keep)}
            sym_docs = _specialise(sym_docs, fixed, renumber, new_values)
            for k in sorted(fixed):
                gi = binders[k][0]
                if k in nonfinite:
                    sym_guards[gi] = guards[gi]
                    decisions.append(f"specialised float {_shown(guards[gi]['source'])} = {new_values[k]!r}: "
                                     f"not finite")
                    continue
                sym_guards[gi] = dict(guards[gi], late=True)  # checked with the shape env, as Dynamo does
                decisions.append(f"specialised {kinds[k]} {_shown(guards[gi]['source'])} = {new_values[k]!r}: "
                                 f"an operator takes it as a float")
            for gi, g in enumerate(sym_guards):
                if "sym_shape" in g:
                    g = sym_guards[gi] = dict(g)
                    g["sym_shape"] = _specialise(g["sym_shape"], fixed, renumber, new_values)
                    g["sym_stride"] = _specialise(g["sym_stride"], fixed, renumber, new_values)
            aligner.divisible = {e.key(): e for e in _specialise(list(aligner.divisible.values()), fixed,
                                                                  renumber, new_values)}
        except _NotDynamic as e:
            return {"refused": str(e), "decisions": decisions}
        late = [binders[k][0] for k in sorted(fixed - nonfinite)]
        binders = [binders[k] for k in keep]
        kinds = [kinds[k] for k in keep]
        new_values = [new_values[k] for k in keep]
        names = [f"s{k}" for k in range(len(keep))]
        if not keep:
            return {"refused": "every value that changed is specialised", "decisions": decisions, "late": late}
    # Each binder dim is its own symbol; other places compare with it.
    for k, (gi, dim) in enumerate(binders):
        if kinds[k] != "size":
            continue
        shape = sym_guards[gi].get("sym_shape")
        if shape is None or not isinstance(shape[dim], SymExpr) or shape[dim].key() != (1, (k,), 1, 0, ()):
            return {"refused": f"{guards[gi]['source']}.size()[{dim}] is not a symbol of its own", "decisions": []}
    if any(kinds[sym] != "size" for e in aligner.divisible.values() for sym in e.symbols):
        return {"refused": "a value is divided by a Python number that changed", "decisions": decisions}
    shape_symbols = []
    for k, (gi, dim) in enumerate(binders):
        if kinds[k] == "size":
            shape_symbols.append({"name": names[k], "source": f"{guards[gi]['source']}.size()[{dim}]", "guard": gi,
                                  "dim": dim, "min": 0 if unbacked else 2, "max": None, "example": new_values[k]})
        else:
            shape_symbols.append({"name": names[k], "source": guards[gi]["source"], "guard": gi, "dim": None,
                                  "kind": kinds[k], "min": None, "max": None, "example": new_values[k]})
        if guards[gi].get("shown"):
            # The binding guard's spelling in Dynamo's reasons (args[0] for
            # the forward of one of torch's modules compiled on its own).
            shape_symbols[-1]["shown"] = guards[gi]["shown"] + (f".size()[{dim}]" if kinds[k] == "size" else "")
    divisible = [[e.coef, list(e.symbols), e.div] for e in aligner.divisible.values()]
    for g in sym_guards:
        if "sym_shape" in g:
            g["text"] = (f"{g['source']}: tensor {g['dtype']}[{', '.join(map(str, _symbolic_dims(g['shape'], g['sym_shape'], names)))}] "
                         f"stride [{', '.join(map(str, _symbolic_dims(g['stride'], g['sym_stride'], names)))}] "
                         f"{g['device']} requires_grad={g['requires_grad']}")
    sym_guards.append({"kind": "SHAPE_ENV", "source": "shape env", "path": [], "symbols": shape_symbols,
                       "divisible": divisible, "text": _shape_env_text(shape_symbols, divisible)})
    return {"symbols": shape_symbols, "decisions": decisions, "guards": sym_guards, "documents": sym_docs,
            "names": names}


def _shape_env_text(shape_symbols, divisible):
    texts = [(f"{s['min']} <= {s['source']}" + (f" <= {s['max']}" if s["max"] is not None else ""))
             if "kind" not in s else f"{s['source']} is a dynamic {s['kind']} ({s['name']})"
             for s in shape_symbols]
    texts += [f"{SymExpr(c, syms).text([s['source'] for s in shape_symbols])} % {div} == 0" for c, syms, div in divisible]
    return ", ".join(texts)


# What `size OP c` giving `outcome` says of the size: (low, high) bounds.
# Equalities say nothing here: a tuple comparison (`x.size() != (5, 1, 2,
# 3)`) compares its items with == until one differs, and Dynamo guards the
# whole comparison, not each item (recorded again and compared instead).
_IMPLIED = {
    (">", True): lambda c: (c + 1, None), (">", False): lambda c: (None, c),
    (">=", True): lambda c: (c, None), (">=", False): lambda c: (None, c - 1),
    ("<", True): lambda c: (None, c - 1), ("<", False): lambda c: (c, None),
    ("<=", True): lambda c: (None, c), ("<=", False): lambda c: (c + 1, None),
}


_NEGATED = {"<": ">=", "<=": ">", ">": "<=", ">=": "<", "==": "!=", "!=": "=="}
_FLIPPED = {"<": ">", "<=": ">=", ">": "<", ">=": "<=", "==": "==", "!=": "!="}


def bound_by_comparisons(dynamic, compares, relations=()):
    """The range each dynamic size holds to, from what the program's code
    compared it with in this recording (modes.SizeInt; `compares`:
    {(source, dim): [(op, int, outcome)]}), as Dynamo guards a comparison
    on a symbolic size (`if x.shape[0] > 3:` false: `2 <= x.size()[0] <=
    3`). A call outside the range misses the entry with that reason; one
    inside is still recorded again and compared (settled). Updates the
    symbols, the shape-env guard and the decisions in place."""
    changed = []
    where = {(dynamic["guards"][sym["guard"]]["source"], sym["dim"]): k
             for k, sym in enumerate(dynamic["symbols"]) if "kind" not in sym}
    compares = {key: list(seen) for key, seen in compares.items()}
    kept = []
    for a, op, b, b_value, outcome in relations:
        ka, kb = where.get(a), where.get(b)
        if ka is not None and kb is not None and ka != kb:
            # Both dynamic: Dynamo guards the comparison itself
            # (`G.size()[0] > G.size()[1]`), as it came out.
            relation = [ka, op if outcome else _NEGATED[op], kb]
            if relation not in kept:
                kept.append(relation)
        elif ka is not None and kb is None:
            compares.setdefault(a, []).append((op, b_value, outcome))  # the other size is a constant here
    seen_relations = [f"{dynamic['symbols'][a]['source']} {op} {dynamic['symbols'][b]['source']}" for a, op, b in kept]
    if kept:
        for g in dynamic["guards"]:
            if g["kind"] == "SHAPE_ENV":
                g["relations"] = kept
    for sym in dynamic["symbols"]:
        if "kind" in sym:
            continue
        seen = compares.get((dynamic["guards"][sym["guard"]]["source"], sym["dim"]))
        if not seen:
            continue
        low, high = sym["min"], sym["max"]
        for op, value, outcome in seen:
            rule = _IMPLIED.get((op, outcome))
            if rule is None:
                continue
            lo, hi = rule(value)
            if lo is not None:
                low = max(low, lo)
            if hi is not None:
                high = hi if high is None else min(high, hi)
        if (low, high) != (sym["min"], sym["max"]) and (high is None or low <= sym["example"] <= high):
            sym["min"], sym["max"] = low, high
            changed.append(f"{low} <= {sym['source']}" + (f" <= {high}" if high is not None else ""))
    changed += seen_relations
    if changed:
        for g in dynamic["guards"]:
            if g["kind"] == "SHAPE_ENV":
                g["text"] = _shape_env_text(g["symbols"], g["divisible"]) + \
                    "".join(f", {r}" for r in seen_relations)
        dynamic["decisions"].append("guarded as the code compared them: " + ", ".join(changed))


def encode_document(sym_doc, concrete, names):
    """A symbolic graph document as written: metas keep their concrete
    shape and stride (this recording's) and add sym_shape/sym_stride;
    integer arguments that depend on sizes become {"sym": "2*s0"}."""
    if isinstance(sym_doc, dict):
        out = {}
        for key, value in sym_doc.items():
            out[key] = encode_document(value, concrete.get(key) if isinstance(concrete, dict) else None, names)
        if "shape" in sym_doc and "stride" in sym_doc and "dtype" in sym_doc:
            out["shape"], out["stride"] = concrete["shape"], concrete["stride"]
            if isinstance(sym_doc.get("storage_offset"), SymExpr):
                out["storage_offset"] = concrete["storage_offset"]
                out["sym_storage_offset"] = sym_doc["storage_offset"].text(names)
            if any(isinstance(e, SymExpr) for e in list(sym_doc["shape"]) + list(sym_doc["stride"])):
                out["sym_shape"] = [e.text(names) if isinstance(e, SymExpr) else e for e in sym_doc["shape"]]
                out["sym_stride"] = [e.text(names) if isinstance(e, SymExpr) else e for e in sym_doc["stride"]]
        return out
    if isinstance(sym_doc, list):
        concrete = concrete if isinstance(concrete, list) else [None] * len(sym_doc)
        return [encode_document(v, c, names) for v, c in zip(sym_doc, concrete)]
    if isinstance(sym_doc, SymExpr):
        return {"sym": sym_doc.text(names)}
    return sym_doc


def hook_guard(guard):
    """The form the frame hook reads: symbolic sizes as {"expr": [...]}. """
    if "sym_shape" not in guard:
        return guard
    g = dict(guard)
    g["shape"] = [e.guard_form() if isinstance(e, SymExpr) else e for e in guard["sym_shape"]]
    g["stride"] = [e.guard_form() if isinstance(e, SymExpr) else e for e in guard["sym_stride"]]
    return g


def parse_marks(marks):
    """--mark-dynamic x:0 -> {("L['x']", 0)}"""
    parsed = set()
    for mark in marks:
        name, _, dim = mark.rpartition(":")
        source = name if name.startswith(("L[", "G[")) else f"L[{name!r}]"
        parsed.add((source, int(dim)))
    return parsed
