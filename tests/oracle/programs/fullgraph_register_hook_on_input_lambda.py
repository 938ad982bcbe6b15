"""fullgraph: x.register_hook(lambda g: g * 3) on a leaf input inside a fullgraph compiled function; backward outside, called on two fresh leaves -- test_backward_higher_order_ops.py test_invoke_in_pt2."""
import torch

@torch.compile(fullgraph=True)
def f(x, y):
    x.register_hook(lambda g: g * 3)
    return x * y

for _ in range(2):
    x = torch.tensor([0.5, 0.5], requires_grad=True)
    y = torch.tensor([0.5, 2.0], requires_grad=True)
    f(x, y).backward(torch.tensor([2.0, 2.0]))
    print(x.grad, y.grad)
