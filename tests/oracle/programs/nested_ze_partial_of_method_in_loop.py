"""nested: functools.partial of a bound module method built inside the frame and called in a loop."""
import functools
import torch


class Scaler(torch.nn.Module):
    def __init__(self, s):
        super().__init__()
        self.s = s

    def apply_k(self, x, k):
        return x * self.s + k


m = Scaler(2.0)


@torch.compile(backend="eager")
def f(x, ks):
    outs = []
    for k in ks:
        g = functools.partial(m.apply_k, k=k)
        outs.append(g(x))
    return torch.stack(outs)


x = torch.ones(2)
print(f(x, [1, 2]))
print(f(x, [1, 2, 3]))
m.s = 3.0
print(f(x, [1, 2, 3]))
