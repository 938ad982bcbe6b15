# A generator body runs inside the watched frame.
# expect-graphs: 2
# expect-ops: 1 6
# expect-breaks: generator@7
import torch

def scaled(x, n):
    for i in range(n):
        yield x * i

@torch.compile
def f(x):
    y = x + 1
    return sum(scaled(y, 3))

f(torch.ones(2))
