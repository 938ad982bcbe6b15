"""skip: a while True loop that exits on a .item() comparison -- graph break inside a loop skips the frame."""
import torch


@torch.compile(backend="eager")
def f(x):
    steps = 0
    while True:
        x = x * 0.5
        steps += 1
        if x.max().item() < 0.1:
            break
    return x, steps


print(f(torch.ones(2)))
print(f(torch.ones(2) * 4))
