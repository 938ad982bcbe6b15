"""misc: a small nn.Module subclass (no params, float attr) is constructed inside the compiled fn on every call."""
import torch

torch.manual_seed(0)


class Scale(torch.nn.Module):
    def __init__(self, k):
        super().__init__()
        self.k = k

    def forward(self, x):
        return x * self.k


@torch.compile(backend="eager")
def f(x):
    s = Scale(2.0)
    t = Scale(0.5)
    return t(s(x) + 1)


print(f(torch.ones(3)))
print(f(torch.ones(3)))
print(f(torch.ones(4)))
