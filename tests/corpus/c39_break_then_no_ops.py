# A break before any operator leaves no empty graph behind.
# expect-graphs: 1
# expect-ops: 1
# expect-breaks: side-effect@9
import torch

@torch.compile
def f(x):
    print("start")
    return x * 2

f(torch.ones(2))
