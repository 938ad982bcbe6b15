"""recomp: the compiled function calls model.eval() itself, so the next call sees training=False."""
import torch

torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.Dropout(0.5))


@torch.compile(backend="eager")
def f(x):
    y = m(x)
    if m.training:
        m.eval()
    return y.sum()


x = torch.randn(2, 3)
torch.manual_seed(1)
print(f(x).shape)
print(f(x))
print(f(x))
