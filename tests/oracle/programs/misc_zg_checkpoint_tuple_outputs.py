"""misc: checkpointed function returning a tuple of two tensors that are combined after the checkpoint, then backward."""
import torch
import torch.utils.checkpoint as cp

torch.manual_seed(0)

lin = torch.nn.Linear(3, 3)


def body(x):
    h = lin(x)
    return h.relu(), h.sigmoid()


@torch.compile(backend="eager")
def f(x):
    a, b = cp.checkpoint(body, x, use_reentrant=False)
    return (a * b).mean()


for _ in range(3):
    x = torch.ones(2, 3, requires_grad=True)
    loss = f(x)
    loss.backward()
    print(round(loss.item(), 4), x.grad.shape)
