"""recomp: a Linear's weight .data is replaced by a float64 tensor (and later a different shape) between calls of the compiled module -- test_modules.py / test_repros.py param.data assignment."""
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(3, 2, bias=False)
cm = torch.compile(lin, backend="eager")
x = torch.ones(1, 3)
print(round(cm(x).sum().item(), 4))
with torch.no_grad():
    lin.weight.data = torch.full((2, 3), 0.5)
print(round(cm(x).sum().item(), 4))
lin.weight.data = torch.full((2, 3), 0.25, dtype=torch.float64)
print(round(cm(x.double()).sum().item(), 4))
lin.weight.data = torch.full((4, 3), 1.0, dtype=torch.float64)
print(round(cm(x.double()).sum().item(), 4))
