"""misc: a partial hook that bumps a counter object is registered on the leaf before the compiled call; the compiled function is fullgraph and sees no hook code -- test_backward_higher_order_ops.py test_invoke_in_pt2_compiled_autograd_side_effect."""
import functools
import torch

class Obj:
    def __init__(self):
        self.counter = 0

def stateful(g, obj):
    obj.counter += 1
    return g * g

obj = Obj()
x = torch.tensor([0.5, 0.5], requires_grad=True)
y = torch.tensor([0.5, 0.5], requires_grad=True)
x.register_hook(functools.partial(stateful, obj=obj))

@torch.compile(fullgraph=True)
def f(x, y):
    return x + y

for _ in range(3):
    f(x, y).backward(torch.tensor([2.0, 2.0]))
print(obj.counter, x.grad)
