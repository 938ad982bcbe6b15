"""recomp: a helper branches on torch.is_grad_enabled() to skip caching activations; the caller alternates between training and torch.no_grad evaluation -- training loop with no_grad validation."""
import torch

saved = []


def maybe_save(h):
    if torch.is_grad_enabled():
        saved.append(h)
        return h * 1.0
    return h.detach()


@torch.compile
def step(x, w):
    h = torch.relu(x @ w)
    h = maybe_save(h)
    return h.sum()


torch.manual_seed(0)
w = torch.randn(3, 3, requires_grad=True)
x = torch.randn(2, 3)
step(x, w).backward()
with torch.no_grad():
    step(x, w)
step(x, w).backward()
with torch.no_grad():
    step(x, w)
assert len(saved) == 2
