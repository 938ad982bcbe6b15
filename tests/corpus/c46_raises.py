# A watched call that raises with the program's own `raise`: Dynamo finds no
# handler in the frame, breaks at the raise ("Observed exception", gb0088),
# makes no graph of the call and gives up on the frame (0 graphs under the
# real Dynamo of torch 2.13); the program's own handler sees the exception.
# expect-graphs: 0
# expect-entries: 1
# expect-breaks: observed-exception@13
import torch

@torch.compile
def f(x):
    y = (x + 1).exp()
    raise ValueError("bad input")

try:
    f(torch.ones(2))
except ValueError:
    pass
