"""skip: under an outer no_grad, the compiled function opens torch.enable_grad(), calls a helper that prints (a graph break inside the grad block), backpropagates inside the block and returns the input's grad -- test_repros.py test_with_on_graph_break_inst."""
import torch


def reversible(x):
    print("reversible")
    return torch.sin(torch.cos(x))


@torch.compile(backend="eager")
def f(x):
    with torch.enable_grad():
        a = torch.sin(x)
        b = reversible(a)
        c = torch.sigmoid(b)
        c.sum().backward()
        return x.grad


x = torch.linspace(-1.0, 1.0, 3, requires_grad=True)
for _ in range(2):
    x.grad = None
    with torch.no_grad():
        g = f(x)
    print([round(v, 4) for v in g.tolist()])
