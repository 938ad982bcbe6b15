"""recomp: a LazyLinear materialised by the first compiled call (class becomes Linear), then a second, still lazy model of the same class is passed -- test_modules.py test_lazy_module1..6."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Lazy(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.LazyLinear(2)

    def forward(self, x):
        return self.fc(x).tanh()


@torch.compile
def run(model, x):
    return model(x) * 2


m1 = Lazy()
print(round(run(m1, torch.ones(2, 3)).sum().item(), 4), tuple(m1.fc.weight.shape))
print(round(run(m1, torch.ones(2, 3) * 2).sum().item(), 4))
m2 = Lazy()
print(round(run(m2, torch.ones(2, 3) * 3).sum().item(), 4), tuple(m2.fc.weight.shape))
print(type(m1.fc).__name__, type(m2.fc).__name__)
