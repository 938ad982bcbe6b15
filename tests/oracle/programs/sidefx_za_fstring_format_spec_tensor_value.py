"""sidefx: an f-string formats a 0-dim tensor with a format spec (Tensor.__format__ reads the value) and the message is appended to a global list; called with two inputs -- test_functions.py string formatting with tensors."""
import torch

MESSAGES = []


@torch.compile(backend="eager")
def fn(x):
    y = (x * 2).sum()
    MESSAGES.append(f"total={y:.3f}")
    return y + 1


print(fn(torch.ones(3)).item())
print(fn(torch.full((3,), 0.25)).item())
print(MESSAGES)
