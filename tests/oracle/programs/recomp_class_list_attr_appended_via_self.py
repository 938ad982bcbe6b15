"""recomp: a mutable class-level list (M.hist, shared by instances) is appended to through self inside the compiled forward; its length scales the output, so every call differs -- test_modules.py / test_class.py shared class attributes."""
import torch


class M(torch.nn.Module):
    hist = []

    def forward(self, x):
        self.hist.append(1)
        return x * len(self.hist)


a = torch.compile(M(), backend="eager")
b = M()
x = torch.ones(2)
print(a(x).sum().item())
print(a(x).sum().item())
b.hist.append(5)
print(a(x).sum().item(), len(M.hist))
