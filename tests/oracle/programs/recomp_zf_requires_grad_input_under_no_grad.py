"""recomp: a plain input, then a requires_grad input, then the same requires_grad input under torch.no_grad()."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def sq(x):
    return (x * x).sum()


a = torch.ones(3)
b = torch.ones(3, requires_grad=True)
print(sq(a).requires_grad)
print(sq(b).requires_grad)
with torch.no_grad():
    print(sq(b).requires_grad)
print(sq(b).requires_grad)
