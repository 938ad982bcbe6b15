"""recomp: a model's activation submodule is swapped for fresh instances of the same type with equal and different settings -- _repros_part1.py test_hf_gelu_inline (submodules swapped)."""
import torch

torch.manual_seed(0)


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)
        self.act = torch.nn.LeakyReLU(0.2)

    def forward(self, x):
        return self.act(self.fc(x))


m = MLP()
cm = torch.compile(m)
x = torch.randn(2, 4)
print(cm(x).sum())
m.act = torch.nn.LeakyReLU(0.2)
print(cm(x).sum())
m.act = torch.nn.LeakyReLU(0.5)
print(cm(x).sum())
m.act.negative_slope = 0.1
print(cm(x).sum())
m.act = torch.nn.LeakyReLU(0.5, inplace=True)
print(cm(x).sum())
