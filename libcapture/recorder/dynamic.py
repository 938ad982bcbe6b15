"""Automatic dynamic shapes.

dynx records concrete operations; it does not trace symbolically. A
dimension becomes dynamic when a new entry differs from an earlier one
only in sizes: the two recordings are compared position by position, and
every integer that changed must be explained by one expression over the
changed sizes (s0, 3*s0, s0 + 2, s0 // 2, s0*s1), or the new entry stays
static. Sizes 0 and 1 stay specialised, as in PyTorch."""
import re


class _NotDynamic(Exception):
    pass


class SymExpr:
    """coef * prod(symbols) // div + add, over symbol indices."""

    __slots__ = ("coef", "symbols", "div", "add")

    def __init__(self, coef, symbols, div=1, add=0):
        self.coef, self.symbols, self.div, self.add = coef, tuple(symbols), div, add

    def eval(self, values):
        product = self.coef
        for s in self.symbols:
            product *= values[s]
        if product % self.div:
            return None  # not exact: outside what this entry covers
        return product // self.div + self.add

    def key(self):
        return (self.coef, self.symbols, self.div, self.add)

    def text(self, names):
        text = "*".join(([str(self.coef)] if self.coef != 1 else []) + [names[s] for s in self.symbols])
        if self.div != 1:
            text += f"//{self.div}"
        if self.add:
            text += f" + {self.add}" if self.add > 0 else f" - {-self.add}"
        return text

    def guard_form(self):
        return {"expr": [self.coef, list(self.symbols), self.add, self.div]}


def _fit(old, new, symbols, consistent=None):
    """The one expression over `symbols` ([(old, new)] per symbol) that maps
    old -> new, or None when none or several do. `consistent(expr)` drops
    candidates that contradict what an earlier dynamic entry established."""
    found = {}
    n = len(symbols)
    products = [((i,), symbols[i][0], symbols[i][1]) for i in range(n)]
    products += [((i, j), symbols[i][0] * symbols[j][0], symbols[i][1] * symbols[j][1])
                 for i in range(n) for j in range(i, n)]
    for syms, p_old, p_new in products:
        if p_old == p_new or p_new == 0 or p_old == 0:
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
    return next(iter(found.values())) if len(found) == 1 else None


_SKIP_KEYS = {"id", "stack", "weight", "example"}


_PROBES = (2, 3, 5)


def _same_source(a, b):
    """Input sources name earlier graphs of their own entry ("graph 0/3/0
    output add"): equal up to the entry."""
    pattern = r"^graph \d+/\d+/"
    return isinstance(a, str) and isinstance(b, str) and re.sub(pattern, "graph ", a) == re.sub(pattern, "graph ", b)


class _Aligner:
    """Walks an earlier entry's recording (concrete, and symbolic if it was
    dynamic) beside the new one and builds the new symbolic form."""

    def __init__(self, symbols, old_values, new_values, known=0):
        self.symbols = symbols            # [(old, new)] per symbol index
        self.old_values = old_values
        self.new_values = new_values
        self.known = known                # symbols [0, known) come from the earlier entry
        self.divisible = {}               # key -> SymExpr whose division must be exact

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

    def integer(self, old, old_sym, new, where):
        if isinstance(old_sym, SymExpr) and old_sym.eval(self.new_values) == new:
            expr = old_sym
        elif old == new:
            return new
        else:
            expr = _fit(old, new, self.symbols, self.consistent_with(old_sym if old_sym is not None else old))
            if expr is None:
                raise _NotDynamic(f"{where}: {old} -> {new} is not explained by the changed sizes")
        if expr.div != 1:
            self.divisible[expr.key()] = expr
        return expr

    def walk(self, old, old_sym, new, where):
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
            if old != new:
                raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
            return new
        if isinstance(new, list):
            if len(old) != len(new):
                raise _NotDynamic(f"{where}: {len(old)} items vs {len(new)}")
            syms = old_sym if isinstance(old_sym, list) and len(old_sym) == len(new) else [None] * len(new)
            return [self.walk(o, s, n, f"{where}[{i}]") for i, (o, s, n) in enumerate(zip(old, syms, new))]
        if isinstance(new, dict):
            if set(old) - _SKIP_KEYS != set(new) - _SKIP_KEYS:
                raise _NotDynamic(f"{where}: fields differ")
            out = {}
            for key, value in new.items():
                if key in _SKIP_KEYS:
                    out[key] = value
                else:
                    sym = old_sym.get(key) if isinstance(old_sym, dict) else None
                    out[key] = self.walk(old[key], sym, value, f"{where}.{key}")
            return out
        if old != new:
            raise _NotDynamic(f"{where}: {old!r} vs {new!r}")
        return new


def _size_changes(old_guards, new_guards):
    """[(guard index, dim, old, new)] when two guard lists differ only in
    tensor sizes and strides; None when anything else differs."""
    if len(old_guards) != len(new_guards):
        return None
    changes = []
    for index, (a, b) in enumerate(zip(old_guards, new_guards)):
        if a["kind"] != b["kind"] or a["source"] != b["source"]:
            return None
        if a["kind"] != "TENSOR_MATCH":
            if a["text"] != b["text"]:
                return None
            continue
        if (a["dtype"], a["device"], a["requires_grad"], a["type"], len(a["shape"])) != \
                (b["dtype"], b["device"], b["requires_grad"], b["type"], len(b["shape"])):
            return None
        for dim, (x, y) in enumerate(zip(a["shape"], b["shape"])):
            if x != y:
                changes.append((index, dim, x, y))
    return changes


def _symbolic_dims(values, exprs, names):
    return [e.text(names) if isinstance(e, SymExpr) else v for v, e in zip(values, exprs)]


def make_dynamic(previous, guards, documents, mode, marks):
    """The dynamic form of a new entry, from the most recent earlier entry
    that differs from it only in sizes. Returns None (nothing changed size),
    or a dict: refused (why the entry stays static), or symbols, decisions,
    guards and documents in their symbolic form."""
    if mode == "off" and not marks:
        return None
    # The earlier entry to compare with: one that differs only in sizes,
    # preferring one that is already dynamic (its symbols carry over), then
    # the most recent.
    candidates = [(len(e["symbols"]), i, e, c) for i, e in enumerate(previous)
                  for c in [_size_changes(e["concrete_guards"], guards)] if c]
    if not candidates:
        return None
    _, _, earlier, changes = max(candidates, key=lambda t: (t[0], t[1]))
    wanted = [c for c in changes if mode == "auto" or (guards[c[0]]["source"], c[1]) in marks]
    decisions = [f"automatic dynamic size {guards[i]['source']} size({d}) {new} != {old}" for i, d, old, new in wanted]
    if len(wanted) != len(changes):
        return {"refused": "sizes changed that are not marked dynamic (--dynamic=off)", "decisions": []}
    for i, d, old, new in wanted:
        if new in (0, 1):
            return {"refused": f"{guards[i]['source']}.size()[{d}] is {new}: sizes 0 and 1 stay specialised",
                    "decisions": []}
    # Symbols: the earlier entry's, then one per distinct (old, new) pair (duck sizing).
    symbols, binders, names = [], [], []
    for sym in earlier.get("symbols", ()):
        binder = guards[sym["guard"]]
        symbols.append((sym["example"], binder["shape"][sym["dim"]]))
        binders.append((sym["guard"], sym["dim"]))
    for i, d, old, new in wanted:
        if (old, new) in symbols:
            continue
        symbols.append((old, new))
        binders.append((i, d))
    names = [f"s{k}" for k in range(len(symbols))]
    old_values = [s[0] for s in symbols]
    new_values = [s[1] for s in symbols]
    aligner = _Aligner(symbols, old_values, new_values, known=len(earlier.get("symbols", ())))
    try:
        sym_guards = []
        for index, (a, a_sym, b) in enumerate(zip(earlier["concrete_guards"], earlier["guards"], guards)):
            if b["kind"] != "TENSOR_MATCH":
                sym_guards.append(b)
                continue
            shape = aligner.walk(a["shape"], a_sym.get("sym_shape"), b["shape"], f"{b['source']}.size()")
            stride = aligner.walk(a["stride"], a_sym.get("sym_stride"), b["stride"], f"{b['source']}.stride()")
            if not any(isinstance(e, SymExpr) for e in shape + stride):
                sym_guards.append(b)
                continue
            g = dict(b)
            g["sym_shape"], g["sym_stride"] = shape, stride
            sym_guards.append(g)
        if len(earlier["documents"]) != len(documents):
            raise _NotDynamic(f"{len(documents)} graphs vs {len(earlier['documents'])}")
        sym_docs = [aligner.walk(a, s, b, f"graph {b['id']}") for a, s, b in
                    zip(earlier["concrete_documents"], earlier["documents"], documents)]
    except _NotDynamic as e:
        return {"refused": f"sizes changed but the recording differs otherwise ({e})", "decisions": decisions}
    # Each binder dim is its own symbol; other places compare with it.
    for k, (gi, dim) in enumerate(binders):
        shape = sym_guards[gi].get("sym_shape")
        if shape is None or not isinstance(shape[dim], SymExpr) or shape[dim].key() != (1, (k,), 1, 0):
            return {"refused": f"{guards[gi]['source']}.size()[{dim}] is not a symbol of its own", "decisions": []}
    shape_symbols = [{"name": names[k], "source": f"{guards[gi]['source']}.size()[{dim}]", "guard": gi, "dim": dim,
                      "min": 2, "max": None, "example": new_values[k]} for k, (gi, dim) in enumerate(binders)]
    divisible = [[e.coef, list(e.symbols), e.div] for e in aligner.divisible.values()]
    for g in sym_guards:
        if "sym_shape" in g:
            g["text"] = (f"{g['source']}: tensor {g['dtype']}[{', '.join(map(str, _symbolic_dims(g['shape'], g['sym_shape'], names)))}] "
                         f"stride [{', '.join(map(str, _symbolic_dims(g['stride'], g['sym_stride'], names)))}] "
                         f"{g['device']} requires_grad={g['requires_grad']}")
    texts = [f"2 <= {s['source']}" for s in shape_symbols]
    texts += [f"{SymExpr(c, syms).text([s['source'] for s in shape_symbols])} % {div} == 0" for c, syms, div in divisible]
    sym_guards.append({"kind": "SHAPE_ENV", "source": "shape env", "path": [], "symbols": shape_symbols,
                       "divisible": divisible, "text": ", ".join(texts)})
    return {"symbols": shape_symbols, "decisions": decisions, "guards": sym_guards, "documents": sym_docs,
            "names": names}


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
