# A value read from os.environ inside the compiled function: no guard can
# see it (dynx guards the module `os` by identity), so the second call hits
# an entry that computes the old scale. --verify reports the unsound guard.
# expect-entries: 1
# expect-hits: 1
# expect-unsound: 1
import os

import torch


@torch.compile
def f(x):
    return x * float(os.environ.get("DYNX_TEST_SCALE", "1"))


f(torch.ones(2))
os.environ["DYNX_TEST_SCALE"] = "2"
f(torch.ones(2))
