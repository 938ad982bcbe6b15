# A watched call that raises: the graph up to the exception is kept, the
# entry says it raised, and the program's own handler sees the exception.
# expect-graphs: 1
# expect-ops: 2
# expect-breaks: none
import torch

@torch.compile
def f(x):
    y = (x + 1).exp()
    raise ValueError("bad input")

try:
    f(torch.ones(2))
except ValueError:
    pass
