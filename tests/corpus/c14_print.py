# print is a side effect the graph cannot express.
# expect-graphs: 2
# expect-ops: 1 1
# expect-breaks: side-effect@10
import torch

@torch.compile
def f(x):
    y = x + 1
    print("computing")
    return y * 2

f(torch.ones(2))
