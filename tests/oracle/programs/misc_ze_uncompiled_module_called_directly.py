"""misc: opt = torch.compile(m); the program also calls the plain module m (eager) with other batch sizes."""
import torch

torch.manual_seed(0)
m = torch.nn.Linear(3, 2)
opt = torch.compile(m, backend="eager")
print(opt(torch.randn(2, 3)).shape)
with torch.no_grad():
    print(m(torch.randn(5, 3)).shape)
    print(m(torch.randn(7, 3)).shape)
print(opt(torch.randn(2, 3)).shape)
