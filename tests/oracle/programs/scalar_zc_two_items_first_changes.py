"""scalar: two .item() reads one after the other and both used at the end; only the first value changes on the second call: Dynamo recompiles the resume function after the first .item() (___stack0 == 2.0) and the one after the second, which takes the first value as the local a (a == 2.0) -- test_misc.py item() specialisation across breaks."""
import torch


@torch.compile(backend="eager")
def f(x, y):
    a = y[0].item()
    b = y[1].item()
    return x * a + b


x = torch.ones(2)
print(f(x, torch.tensor([2.0, 1.0])).tolist())
print(f(x, torch.tensor([7.0, 1.0])).tolist())
