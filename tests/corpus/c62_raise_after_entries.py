# A frame compiled once, then a call whose shape sends it to the program's own
# `raise`: under the real Dynamo of torch 2.13 the recompile breaks at the
# raise (gb0088, "Observed exception"), makes no graph and skips the function
# for good, so later calls -- old shape or new -- run eagerly: 1 graph, 1
# recompile, no hits (test_exceptions.py; oracle misc_exception_propagates).
# expect-graphs: 1
# expect-entries: 2
# expect-hits: 0
# expect-breaks: observed-exception@16
import torch

@torch.compile
def f(x):
    y = x * 2
    if x.shape[0] > 2:
        raise RuntimeError("too big")
    return y

f(torch.ones(2))
try:
    f(torch.ones(3))
except RuntimeError:
    pass
f(torch.ones(2))
f(torch.ones(4)[:2])
