"""misc: torch.func.grad_and_value of a scalar loss inside a compiled function, manual parameter update."""
import torch

torch.manual_seed(0)


def loss_fn(w, x, y):
    pred = x @ w
    return ((pred - y) ** 2).mean()


@torch.compile(backend="eager")
def step(w, x, y):
    g, v = torch.func.grad_and_value(loss_fn)(w, x, y)
    return w - 0.1 * g, v


w = torch.zeros(3)
x = torch.randn(5, 3)
y = torch.randn(5)
for _ in range(3):
    w, v = step(w, x, y)
    print(round(v.item(), 4))
