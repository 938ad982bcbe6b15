"""skip: a loop in the compiled function adds each tensor of a global list and prints inside the loop (a break in a loop: Dynamo skips the frame); the list is appended to and an element edited in place between calls -- test_misc.py graph break in a for loop."""
import torch

BANK = [torch.ones(2), torch.full((2,), 2.0)]


@torch.compile
def f(x):
    for i, t in enumerate(BANK):
        x = x + t
        print("step", i)
    return x * 2


x = torch.zeros(2)
print(f(x).tolist())
BANK.append(torch.full((2,), 4.0))
print(f(x).tolist())
BANK[0].fill_(-10.0)
print(f(x).tolist())
