"""misc: the compiled function registers a gradient hook on its leaf input each call; backward runs outside -- test_backward_higher_order_ops.py test_invoke_in_pt2."""
import torch


def square_grad(g):
    return g * g


@torch.compile
def f(x, y):
    x.register_hook(square_grad)
    return x * y


y = torch.tensor([0.5, 0.5], requires_grad=True)
for i in range(3):
    x = torch.tensor([0.5, 0.5], requires_grad=True)
    f(x, y).backward(torch.tensor([2.0, 2.0]))
    assert torch.allclose(x.grad, (2.0 * y.detach()) ** 2)
