"""recomp: a module attribute holds a bound method of another object (self.fn = scaler.apply); the other object's class method is replaced between calls, so the stored bound method's __func__ is unchanged but a fresh lookup is not -- test_functions.py bound methods / test_modules.py."""
import torch


class Scaler:
    def apply(self, x):
        return x * 2


scaler = Scaler()


class M(torch.nn.Module):
    def forward(self, x):
        return scaler.apply(x) + 1


m = torch.compile(M(), backend="eager")
x = torch.arange(3.0)
print(m(x).sum().item())
print(m(x).sum().item())
Scaler.apply = lambda self, x: x - 5
print(m(x).sum().item())
