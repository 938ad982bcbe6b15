# A generator body runs inside the watched frame: torch 2.13's Dynamo inlines
# generators (checked with TORCH_LOGS=graph_breaks: one graph, no break).
# expect-graphs: 1
# expect-ops: 7
# expect-breaks: none
import torch

def scaled(x, n):
    for i in range(n):
        yield x * i

@torch.compile
def f(x):
    y = x + 1
    return sum(scaled(y, 3))

f(torch.ones(2))
