"""recomp: the compiled function branches on whether an intermediate requires grad; the intermediate depends on a global weight that the training loop freezes half-way -- test_autograd_function.py test_requires_grad_in_bwd / requires_grad changes between calls."""
import torch

torch.manual_seed(0)
W = torch.randn(3, 3, requires_grad=True)


@torch.compile
def f(x):
    h = x @ W
    if h.requires_grad:
        return torch.relu(h).sum()
    return h.abs().sum()


x = torch.randn(2, 3)
f(x).backward()
f(x).backward()
W.requires_grad_(False)
r = f(x)
assert not r.requires_grad
assert torch.allclose(r, (x @ W).abs().sum())
