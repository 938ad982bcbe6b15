"""recomp: a helper module written to a temporary directory and imported via sys.path; its function reads a module global that the program rebinds between calls -- test_modules.py / test_global.py test_store_global (globals of another user module)."""
import os
import sys
import tempfile
import torch

tmp = tempfile.TemporaryDirectory()
with open(os.path.join(tmp.name, "rtmp_helper.py"), "w") as fh:
    fh.write(
        "ALPHA = 2.0\n"
        "TABLE = {'shift': 1.0}\n"
        "def apply(x):\n"
        "    return x * ALPHA + TABLE['shift']\n"
    )
sys.path.insert(0, tmp.name)
import rtmp_helper


@torch.compile(backend="eager")
def f(x):
    return rtmp_helper.apply(x.cos())


x = torch.arange(3.0)
print(round(f(x).sum().item(), 4))
print(round(f(x).sum().item(), 4))
rtmp_helper.ALPHA = 4.0
print(round(f(x).sum().item(), 4))
rtmp_helper.TABLE["shift"] = -2.0
print(round(f(x).sum().item(), 4))
sys.path.remove(tmp.name)
tmp.cleanup()
