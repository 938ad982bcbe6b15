"""sidefx: a global collections.defaultdict makes a zero tensor for a missing length key; the compiled function accumulates its input into ACC[n] (rebinding) and returns a copy; the dict is cleared and one entry edited in place between calls -- test_misc.py defaultdict side effects."""
import collections
import torch

ACC = collections.defaultdict(lambda: torch.zeros(2))


@torch.compile(backend="eager")
def f(x):
    n = x.shape[0]
    ACC[n] = ACC[n] + x
    return ACC[n] * 1


x = torch.tensor([1.0, 2.0])
print(f(x).tolist())
print(f(x).tolist())
ACC[2].mul_(10)
print(f(x).tolist())
ACC.clear()
print(f(x).tolist(), sorted(ACC))
