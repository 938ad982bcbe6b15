"""branch: a Python assert on a tensor condition (x.min() >= 0) in the frame -- test_repros.py test_assert / rewrite_assert_with_torch_assert."""
import torch

@torch.compile
def f(x):
    assert (x >= 0).all(), "negative input"
    return x.sqrt() + 1

f(torch.arange(4.0))
f(torch.arange(4.0) + 1)
