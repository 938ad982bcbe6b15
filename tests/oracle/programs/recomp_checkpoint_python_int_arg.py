"""recomp: a non-reentrant activation checkpoint wraps a block that takes a Python int (number of repeats) which changes between training steps -- _higher_order_ops_test_activation_checkpointing.py checkpoint with non-tensor args."""
import torch
import torch.utils.checkpoint


def block(x, w, repeats):
    for _ in range(repeats):
        x = torch.tanh(x @ w)
    return x


@torch.compile
def f(x, w, repeats):
    return torch.utils.checkpoint.checkpoint(block, x, w, repeats, use_reentrant=False).sum()


torch.manual_seed(0)
w = torch.randn(4, 4, requires_grad=True)
x = torch.randn(2, 4)
for repeats in (2, 2, 3, 3):
    f(x, w, repeats).backward()
