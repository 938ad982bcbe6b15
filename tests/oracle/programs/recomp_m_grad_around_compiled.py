"""recomp: the compiled fn is first called plainly, then under an eager torch.func.grad (functorch state guard) -- _higher_order_ops_test_vmap_guards.py test_grad_guard_fail."""
import torch


@torch.compile(backend="eager")
def fn(x):
    return torch.func.grad(torch.sin)(x.sum())


x = torch.tensor(0.5)
print(round(fn(x).item(), 4))
print(round(fn(x).item(), 4))
print([round(v, 4) for v in torch.func.grad(fn)(torch.tensor([0.1, 0.2, 0.3])).tolist()])
