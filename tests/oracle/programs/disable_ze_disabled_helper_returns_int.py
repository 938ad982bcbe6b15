"""disable: a torch._dynamo.disable'd helper returns a Python int that the frame then uses as a multiplier."""
import torch


@torch._dynamo.disable
def count(x):
    return int((x > 0).sum())


@torch.compile(backend="eager")
def f(x):
    y = x + 1
    k = count(y)
    return y * k


print(f(torch.tensor([1.0, -3.0, 2.0])))
print(f(torch.tensor([1.0, 3.0, 2.0])))
print(f(torch.tensor([-5.0, -3.0, 2.0])))
