"""sidefx: a hook whose body prints is registered on a leaf input inside the compiled function; the print runs only at backward, outside the frame -- test_backward_higher_order_ops.py test_invoke_in_pt2_compiled_autograd_graph_breaks (hook with a print)."""
import torch

def noisy_hook(g):
    print("hook saw", g.shape)
    return g * g

@torch.compile
def f(x, y):
    x.register_hook(noisy_hook)
    return x + y

for _ in range(2):
    x = torch.tensor([0.5, 0.5], requires_grad=True)
    y = torch.tensor([0.5, 0.5], requires_grad=True)
    f(x, y).backward(torch.tensor([2.0, 2.0]))
    print(x.grad)
