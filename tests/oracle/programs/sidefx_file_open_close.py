"""sidefx: a file opened, written and closed without a with block inside the compiled function -- test_repros.py open() in compiled code."""
import os
import tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), "log.txt")

@torch.compile
def f(x):
    y = x * 2
    fh = open(path, "a")
    fh.write("x\n")
    fh.close()
    return y + 1

f(torch.ones(2))
