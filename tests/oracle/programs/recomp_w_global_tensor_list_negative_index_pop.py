"""recomp: a global list of tensors is read as BANK[-1] and len(BANK) in the compiled function; between calls an element is appended, the last popped, and the last edited in place -- test_recompiles.py list guards on a global container."""
import torch

BANK = [torch.ones(2), torch.full((2,), 2.0)]


@torch.compile
def f(x):
    return x * BANK[-1] + len(BANK)


x = torch.arange(2.0)
print(f(x).tolist())
BANK.append(torch.full((2,), 5.0))
print(f(x).tolist())
BANK.pop()
print(f(x).tolist())
BANK[-1].add_(10)
print(f(x).tolist())
BANK[-1] = torch.zeros(2)
print(f(x).tolist())
