"""nested: forward builds functools.partial(self.mix, alpha=...) and calls it; mix prints (graph break) mid-way."""
import functools
import torch

torch.manual_seed(0)


class Mixer(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.a = torch.nn.Linear(2, 2)
        self.b = torch.nn.Linear(2, 2)

    def mix(self, x, alpha=0.5):
        u = self.a(x)
        print("mixing", alpha)
        return alpha * u + (1 - alpha) * self.b(x)

    def forward(self, x):
        g = functools.partial(self.mix, alpha=0.25)
        return g(x).sum()


m = Mixer()
c = torch.compile(m, backend="eager")
print(round(c(torch.ones(1, 2)).item(), 4))
print(round(c(torch.ones(1, 2)).item(), 4))
