"""misc: nn.Module.compile() on a Sequential of built-in layers (every frame lives in torch.nn)."""
import torch

torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(3, 4), torch.nn.ReLU(), torch.nn.Linear(4, 1))
m.compile(backend="eager")
x = torch.randn(2, 3)
print(m(x).shape)
print(m(torch.randn(5, 3)).shape)
print(m(x).shape)
