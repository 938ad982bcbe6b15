# File I/O: open() leaves the graph, and the code after it starts by entering
# the file, a context manager Dynamo cannot enter (gb0142): the rest of the
# call is not compiled (oracle: sidefx_file_write, measured against Dynamo).
# expect-graphs: 1
# expect-ops: 1
# expect-breaks: side-effect@13 unsupported-context-manager@13
import os
import torch

@torch.compile
def f(x, path):
    y = x * 3
    with open(path, "w") as handle:
        handle.write("ok")
    return y + 1

f(torch.ones(2), os.devnull)
