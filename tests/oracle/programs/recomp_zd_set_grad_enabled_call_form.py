"""recomp: torch.set_grad_enabled(False) used as a function call (not a with) inside the frame, restored after -- grad mode mutation."""
import torch


@torch.compile(backend="eager")
def f(x):
    prev = torch.is_grad_enabled()
    torch.set_grad_enabled(False)
    y = x * 2
    torch.set_grad_enabled(prev)
    return y + x


x = torch.ones(2, requires_grad=True)
print(f(x).requires_grad)
with torch.no_grad():
    print(f(x).requires_grad)
print(f(x).requires_grad)
