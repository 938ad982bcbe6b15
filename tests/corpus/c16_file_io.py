# File I/O: open, write and the close at the end of `with` each leave the graph.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: side-effect@11 side-effect@12 side-effect@11
import os
import torch

@torch.compile
def f(x, path):
    y = x * 3
    with open(path, "w") as handle:
        handle.write("ok")
    return y + 1

f(torch.ones(2), os.devnull)
