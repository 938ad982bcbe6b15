"""sidefx: a compiled function that logs to a file first (with open) and then computes -- test_repros.py open() in compiled code, the with block first."""
import os
import tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), "log.txt")

@torch.compile
def f(x):
    with open(path, "a") as fh:
        fh.write("step\n")
    return x.sin() + 1

f(torch.ones(2))
f(torch.ones(2))
