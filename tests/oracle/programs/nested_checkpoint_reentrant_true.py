"""nested: activation checkpointing with use_reentrant=True inside the compiled function -- _higher_order_ops_test_activation_checkpointing.py reentrant checkpoint."""
import torch
import torch.utils.checkpoint


def block(x, w):
    return torch.sigmoid(x @ w) * x


@torch.compile
def f(x, w):
    h = x * 2
    h = torch.utils.checkpoint.checkpoint(block, h, w, use_reentrant=True)
    return h.sum()


torch.manual_seed(0)
w = torch.randn(3, 3, requires_grad=True)
for _ in range(2):
    f(torch.randn(4, 3, requires_grad=True), w).backward()
