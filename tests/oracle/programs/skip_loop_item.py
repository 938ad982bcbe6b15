"""skip: .item() inside a loop -- test_error_messages.py graph break in loop (gb7000)."""
import torch

@torch.compile
def f(x):
    total = 0.0
    for row in x:
        total += row.sum().item()
    return x * total

f(torch.ones(3, 2))
