"""sidefx: an input list is extended in the frame, then a graph break, then its length is read -- list mutation replayed across break."""
import torch


@torch.compile(backend="eager")
def f(x, acc):
    acc.extend([x * 2, x * 3])
    torch._dynamo.graph_break()
    return x * len(acc)


acc = []
print(f(torch.ones(2), acc))
print(f(torch.ones(2), acc))
print(len(acc))
