"""Run under `dynx-capture -o DIR`: the recorder's fast versions of two
things it asks of Python and torch, against the slow originals in this
environment. The table behind torch.overrides.resolve_name and the set of
overridable functions (dynx builds both without torch's slow self-check,
dynx_recorder/modes.py), and the
attribute names a code object reads and its instruction listing (dynx scans
the code units, where dis builds an Instruction for each,
dynx_recorder/guards.py), over every code object of torch's loaded modules. Exits 1 on any difference."""
import sys
import time
import types
import warnings

import torch
import torch.overrides

from dynx_recorder.guards import _names_by_dis, _names_by_scan, instructions_by_dis, instructions_by_scan
from dynx_recorder.modes import _name_index, _name_tables

warnings.simplefilter("ignore")  # deprecated aliases met on the walk below
ours = _name_index()
theirs = torch.overrides._get_overridable_functions()[1]
missing = [name for f, name in theirs.items() if ours.get(f) != name]
extra = [name for f, name in ours.items() if f not in theirs]
print(f"names: {len(theirs)} in torch's table, {len(ours)} in dynx's; {len(missing)} differ, {len(extra)} extra")
for name in (missing + extra)[:20]:
    print("  differs:", name)
ours_overridable = _name_tables()[1]
theirs_overridable = {f for fs in torch.overrides.get_overridable_functions().values() for f in fs}
overridable_differ = [theirs.get(f, ours.get(f, repr(f))) for f in ours_overridable ^ theirs_overridable]
print(f"overridable: {len(theirs_overridable)} in torch's set, {len(ours_overridable)} in dynx's; "
      f"{len(overridable_differ)} differ")
for name in overridable_differ[:20]:
    print("  overridable differs:", name)


def codes():
    seen = set()
    classes = set()
    stack = [value for name, module in list(sys.modules.items()) if name.startswith("torch")
             for value in list(vars(module).values())]
    while stack:
        value = stack.pop()
        if isinstance(value, type):
            if id(value) not in classes:
                classes.add(id(value))
                stack.extend(vars(value).values())
            continue
        function = getattr(value, "__func__", value) if isinstance(value, types.MethodType) else value
        code = function.__code__ if isinstance(function, types.FunctionType) else None
        if isinstance(code, types.CodeType) and code not in seen:
            seen.add(code)
            stack.extend(c for c in code.co_consts if isinstance(c, types.CodeType) and c not in seen)
            yield code
        elif isinstance(value, types.CodeType) and value not in seen:
            seen.add(value)
            stack.extend(c for c in value.co_consts if isinstance(c, types.CodeType))
            yield value


def final(code, written, read):
    return (set(code.co_names) - (written - read)) | {c for c in code.co_consts if type(c) is str}


count = 0
differ = []
differ_listing = []
spent = [0.0, 0.0, 0.0, 0.0]
for code in codes():
    count += 1
    start = time.perf_counter()
    by_dis = final(code, *_names_by_dis(code))
    middle = time.perf_counter()
    by_scan = final(code, *_names_by_scan(code))
    spent[0] += middle - start
    spent[1] += time.perf_counter() - middle
    if by_dis != by_scan:
        differ.append(f"{code.co_filename}:{code.co_firstlineno} {code.co_qualname}")
    start = time.perf_counter()
    listed = instructions_by_dis(code)
    middle = time.perf_counter()
    scanned = instructions_by_scan(code)
    spent[2] += middle - start
    spent[3] += time.perf_counter() - middle
    if listed != scanned:
        differ_listing.append(f"{code.co_filename}:{code.co_firstlineno} {code.co_qualname}")
print(f"code objects: {count}; names read differ for {len(differ)}; "
      f"dis {spent[0] * 1e3:.0f} ms, scan {spent[1] * 1e3:.0f} ms")
print(f"instruction listings differ for {len(differ_listing)}; dis {spent[2] * 1e3:.0f} ms, "
      f"scan {spent[3] * 1e3:.0f} ms")
for where in differ[:20]:
    print("  differs:", where)
for where in differ_listing[:20]:
    print("  listing differs:", where)
sys.exit(1 if missing or extra or overridable_differ or len(ours_overridable) < 500 or len(ours) < 1000 or differ or differ_listing or count < 1000 else 0)
