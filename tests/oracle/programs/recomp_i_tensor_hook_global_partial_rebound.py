"""recomp: the compiled function registers a global functools.partial hook on an intermediate; the global partial is rebound with another k between calls; gradients printed -- test_hooks.py test_functools_arg_vary."""
import functools
import torch


def pre_hook(grad, *, k):
    return grad * k


hook = functools.partial(pre_hook, k=1)


@torch.compile
def h(x):
    y = x.mul(2)
    y.register_hook(hook)
    return y.mul(3)


for k in (1, 1, 2):
    hook = functools.partial(pre_hook, k=k)
    x = torch.ones(2, requires_grad=True)
    h(x).sum().backward()
    print(x.grad.tolist())
