"""fullgraph: torch.func.grad(f, has_aux=True) inside a fullgraph compiled function, the loss closing over a weight tensor; called on inputs of two shapes -- test_higher_order_ops.py test_grad_has_aux / test_grad_freevar_tensor."""
import torch

w = torch.full((3,), 0.5)

def loss(x):
    y = (x * w).sin()
    return y.sum(), y.detach()

@torch.compile(fullgraph=True)
def f(x):
    g, aux = torch.func.grad(loss, has_aux=True)(x)
    return g, aux

print([t.shape for t in f(torch.ones(3))])
print([t.shape for t in f(torch.ones(3) * 2)])
print([t.shape for t in f(torch.ones(2, 3))])
