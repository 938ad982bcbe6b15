"""recomp: the compiled function registers on its input a lambda hook that adds obj.val, obj an argument whose val is a tensor, another tensor, then an int -- test_hooks.py test_hook_with_closure / test_register_hook_partial_guarding."""
import torch


class ClassWithVal:
    def __init__(self, val):
        self.val = val


@torch.compile
def fn(x, obj):
    y = x.sin()
    x.register_hook(lambda grad: grad + obj.val)
    return y.sin()


for obj in (ClassWithVal(torch.tensor(88.0)), ClassWithVal(torch.tensor(99.0)), ClassWithVal(11)):
    x = torch.ones(4, requires_grad=True)
    fn(x, obj).sum().backward()
    print([round(v, 3) for v in x.grad.tolist()])
