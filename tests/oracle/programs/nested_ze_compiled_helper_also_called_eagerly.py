"""nested: a helper compiled on its own (torch.compile(helper)) is also called eagerly from plain code."""
import torch


def helper(x, k):
    return x * k + 1


chelper = torch.compile(helper, backend="eager")


def driver(x):
    return helper(x, 3) + chelper(x, 2)


print(driver(torch.ones(2)))
print(driver(torch.ones(3)))
print(helper(torch.ones(4), 5))
