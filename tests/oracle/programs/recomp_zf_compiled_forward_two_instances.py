"""recomp: torch.compile(m.forward) for two instances of one module class with different int attributes."""
import torch

torch.manual_seed(0)


class Block(torch.nn.Module):
    def __init__(self, repeats):
        super().__init__()
        self.lin = torch.nn.Linear(3, 3)
        self.repeats = repeats

    def forward(self, x):
        for _ in range(self.repeats):
            x = self.lin(x).relu()
        return x


b1, b2 = Block(1), Block(2)
f1 = torch.compile(b1.forward, backend="eager")
f2 = torch.compile(b2.forward, backend="eager")
x = torch.ones(2, 3)
print(f1(x).shape)
print(f2(x).shape)
print(f1(x).shape)
