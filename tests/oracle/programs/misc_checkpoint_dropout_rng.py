"""misc: a checkpointed block with dropout (RNG state preserved for the recompute); called in train mode then eval mode -- _higher_order_ops_test_activation_checkpointing.py test_dropout."""
import torch
import torch.utils.checkpoint

torch.manual_seed(0)
drop = torch.nn.Dropout(0.5)
lin = torch.nn.Linear(4, 4)


def block(x):
    return drop(torch.relu(lin(x)))


@torch.compile
def f(x):
    return torch.utils.checkpoint.checkpoint(block, x, use_reentrant=False).sum()


x = torch.randn(3, 4, requires_grad=True)
f(x).backward()
f(x).backward()
drop.eval()
f(x).backward()
