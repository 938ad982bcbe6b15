"""sidefx: writing a file inside the frame -- test_repros.py open() in compiled code."""
import os
import tempfile
import torch

path = os.path.join(tempfile.mkdtemp(), "log.txt")

@torch.compile
def f(x):
    y = x * 2
    with open(path, "a") as fh:
        fh.write("x\n")
    return y

f(torch.ones(2))
