# A value read from os.environ inside the compiled function: dynx guards
# the variable the code reads by name (its presence and value), so the
# second call, after the program set it, is a miss and computes the new
# scale (torch.compile 2.13 guards no environment variable and reuses the
# old graph: tests/oracle recomp_os_environ_flag). --verify finds nothing.
# expect-entries: 2
# expect-hits: 0
# expect-unsound: 0
# expect-reason: 0/0: not ___dict_contains(b'DYNX_TEST_SCALE', os.environ)
import os

import torch


@torch.compile
def f(x):
    return x * float(os.environ.get("DYNX_TEST_SCALE", "1"))


f(torch.ones(2))
os.environ["DYNX_TEST_SCALE"] = "2"
f(torch.ones(2))
