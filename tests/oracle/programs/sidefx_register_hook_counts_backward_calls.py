"""sidefx: a hook registered inside the compiled frame is a bound method of a counter object; the counter only moves when backward runs, outside the frame -- test_backward_higher_order_ops.py test_invoke_in_pt2_compiled_autograd_side_effect."""
import torch


class Counter:
    def __init__(self):
        self.n = 0

    def hook(self, g):
        self.n += 1
        return g + 1


counter = Counter()


@torch.compile
def f(x, y):
    x.register_hook(counter.hook)
    return (x + y).sum()


y = torch.ones(2)
for i in range(3):
    x = torch.zeros(2, requires_grad=True)
    loss = f(x, y)
    assert counter.n == i
    loss.backward()
    assert counter.n == i + 1
    assert torch.allclose(x.grad, torch.full((2,), 2.0))
