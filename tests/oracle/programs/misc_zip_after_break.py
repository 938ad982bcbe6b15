"""misc: a loop over a zip argument after a print(): the first graph stays, Dynamo gives up on the rest of the frame -- test_error_messages.py zip input after a graph break."""
import torch


@torch.compile
def f(x, pairs):
    y = x.relu() + 1
    print("step")
    for a, b in pairs:
        y = y + a * b
    return y


f(torch.ones(2), zip([1, 2], [3, 4]))
