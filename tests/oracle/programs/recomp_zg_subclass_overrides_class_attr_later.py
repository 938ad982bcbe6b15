"""recomp: base forward reads self.ACT (class attr); the subclass later gets its own ACT assigned between calls."""
import torch

torch.manual_seed(0)


class Base(torch.nn.Module):
    ACT = "relu"

    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)

    def forward(self, x):
        y = self.lin(x)
        return y.relu() if self.ACT == "relu" else torch.tanh(y)


class Child(Base):
    def __init__(self):
        super().__init__()


m = Child()
c = torch.compile(m, backend="eager")
x = -torch.ones(1, 2)
print([round(v, 3) for v in c(x).flatten().tolist()])
print([round(v, 3) for v in c(x).flatten().tolist()])
Child.ACT = "tanh"
print([round(v, 3) for v in c(x).flatten().tolist()])
