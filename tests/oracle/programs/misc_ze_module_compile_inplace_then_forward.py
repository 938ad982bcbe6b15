"""misc: nn.Module.compile() in place; calling m(x) is compiled, m.forward(x) directly is not."""
import torch

torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU())
m.compile(backend="eager")
print(m(torch.randn(2, 3)).shape)
print(m.forward(torch.randn(4, 3)).shape)
print(m.forward(torch.randn(6, 3)).shape)
print(m(torch.randn(2, 3)).shape)
