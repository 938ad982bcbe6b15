"""dyn: a list of Python ints (per-channel scales) passed each call; one item changes, then another."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def weigh(x, scales):
    return x[0] * scales[0] + x[1] * scales[1]


x = torch.ones(2, 3)
print(weigh(x, [2, 3]).tolist())
print(weigh(x, [4, 3]).tolist())
print(weigh(x, [5, 3]).tolist())
print(weigh(x, [5, 9]).tolist())
print(weigh(x, [6, 10]).tolist())
