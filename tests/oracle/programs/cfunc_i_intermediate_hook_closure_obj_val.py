"""cfunc: a lambda hook adding obj.val is registered on an intermediate (y = x.sin()) in the compiled function; obj.val is mutated in place between calls (tensor, then another tensor, then a Python int) -- test_hooks.py test_intermediate_hook_with_closure_eager."""
import torch


class ClassWithVal:
    def __init__(self, val):
        self.val = val


obj = ClassWithVal(torch.tensor(1.0))


@torch.compile
def fn(x):
    y = x.sin()
    y.register_hook(lambda grad: grad + obj.val)
    return y.sin()


for v in (torch.tensor(1.0), torch.tensor(5.0), 3):
    obj.val = v
    x = torch.ones(4, requires_grad=True)
    fn(x).sum().backward()
    print([round(g, 3) for g in x.grad.tolist()])
