"""misc: a torch.Size built in the frame from a list lives across a print graph break, is checked with isinstance after it and sizes a new tensor; a second call with another input shape -- test_repros.py test_Size."""
import torch


@torch.compile(backend="eager")
def fn(x):
    s = torch.Size([x.shape[0], 2])
    print("break", tuple(s))
    if not isinstance(s, torch.Size):
        raise TypeError("lost torch.Size")
    return x.new_ones(s) * x.sum()


print(fn(torch.ones(3)).tolist())
print(fn(torch.ones(3)).tolist())
print(fn(torch.ones(4)).tolist())
