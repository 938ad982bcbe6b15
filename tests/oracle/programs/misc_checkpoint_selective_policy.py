"""misc: selective activation checkpointing (context_fn=create_selective_checkpoint_contexts with a policy that saves matmuls) inside the compiled function -- test_activation_checkpointing.py test_compile_selective_checkpoint_*."""
import functools
import torch
from torch.utils.checkpoint import checkpoint, create_selective_checkpoint_contexts, CheckpointPolicy

def policy(ctx, op, *args, **kwargs):
    if op == torch.ops.aten.mm.default:
        return CheckpointPolicy.MUST_SAVE
    return CheckpointPolicy.PREFER_RECOMPUTE

context_fn = functools.partial(create_selective_checkpoint_contexts, policy)

def block(x, y):
    return torch.sigmoid(torch.mm(x, y)).sin()

@torch.compile
def f(x, y):
    return checkpoint(block, x, y, use_reentrant=False, context_fn=context_fn)

torch.manual_seed(0)
x = torch.randn(3, 3, requires_grad=True)
y = torch.randn(3, 3, requires_grad=True)
for _ in range(2):
    f(x, y).sum().backward()
print(x.grad.shape)
