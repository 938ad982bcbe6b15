"""recomp: forward calls self.make_scale(), a classmethod; the class attribute it reads (cls.base) and then the classmethod itself are replaced between calls -- test_functions.py classmethods / test_descr.py."""
import torch


class M(torch.nn.Module):
    base = 2.0

    @classmethod
    def make_scale(cls):
        return cls.base * 2

    def forward(self, x):
        return x * self.make_scale()


m = torch.compile(M(), backend="eager")
x = torch.arange(3.0)
print(m(x).sum().item())
M.base = 3.0
print(m(x).sum().item())
M.make_scale = classmethod(lambda cls: cls.base + 100)
print(m(x).sum().item())
