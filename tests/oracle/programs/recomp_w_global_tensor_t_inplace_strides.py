"""recomp: a square global weight is transposed in place with W.t_() between calls (same object, same shape, new strides), then transposed back, then given a new storage offset view -- test_repros.py in-place metadata mutation of a global tensor."""
import torch

torch.manual_seed(0)
W = torch.arange(9.0).reshape(3, 3)


@torch.compile
def f(x):
    return x @ W


x = torch.tensor([[1.0, 2.0, 3.0]])
print(f(x).tolist())
W.t_()
print(f(x).tolist())
print(f(x).tolist())
W.t_()
print(f(x).tolist())
W.mul_(-1)
print(f(x).tolist())
