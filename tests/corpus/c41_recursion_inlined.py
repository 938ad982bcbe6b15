# Recursive calls inside a watched frame are inlined into its graph.
# expect-graphs: 1
# expect-ops: 4
# expect-breaks: none
import torch

def power(x, n):
    return x if n == 1 else x * power(x, n - 1)

@torch.compile
def f(x):
    return power(x, 4) + 1

f(torch.full((2,), 2.0))
