"""recomp: a helper module (written to a tempdir) and the program both define a global SCALE; only the helper's SCALE is rebound between calls -- test_global.py test_store_global_cross_file."""
import os
import sys
import tempfile

import torch

SCALE = 10.0

_d = os.path.join(tempfile.gettempdir(), "dynx_oracle_helper_o1")  # fixed name: paths appear in recompile records
os.makedirs(_d, exist_ok=True)
with open(os.path.join(_d, "dynx_helper_o1.py"), "w") as fh:
    fh.write("SCALE = 2.0\n\ndef scale(x):\n    return x * SCALE\n")
sys.path.insert(0, _d)
import dynx_helper_o1 as helper  # noqa: E402


@torch.compile(backend="eager")
def f(x):
    return (helper.scale(x) + SCALE).sum()


torch.manual_seed(0)
x = torch.randn(4)
print(round(f(x).item(), 4))
helper.SCALE = 3.0
print(round(f(x).item(), 4))
SCALE = 20.0
print(round(f(x).item(), 4))
helper.SCALE = 3.0
print(round(f(x).item(), 4))
