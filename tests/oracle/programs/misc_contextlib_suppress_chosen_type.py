"""misc: contextlib.suppress with an exception type chosen by a str argument around a dict lookup; a missing key is suppressed or escapes depending on the type -- test_contextlib.py TestSuppress test_exact_exception / test_no_exception."""
import contextlib
import torch

KINDS = {"key": KeyError, "lookup": LookupError, "index": IndexError}


@torch.compile
def f(x, table, key, kind):
    y = x
    with contextlib.suppress(KINDS[kind]):
        y = y * table[key]
    return y + 1


x = torch.ones(2)
t = {"a": 2.0}
print(f(x, t, "a", "key"))
print(f(x, t, "z", "key"))
print(f(x, t, "z", "lookup"))
try:
    print(f(x, t, "z", "index"))
except KeyError as e:
    print("escaped", repr(e))
