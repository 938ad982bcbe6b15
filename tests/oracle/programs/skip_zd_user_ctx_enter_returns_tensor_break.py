"""skip: a user context manager whose __enter__ returns a scaled tensor; the body prints -- test_ctx_manager.py break inside a user ctx."""
import torch


class Scaled:
    def __init__(self, t, k):
        self.t, self.k = t, k

    def __enter__(self):
        return self.t * self.k

    def __exit__(self, *a):
        return False


@torch.compile(backend="eager")
def f(x):
    with Scaled(x, 3) as y:
        print("inside")
        z = y + 1
    return z


print(f(torch.ones(2)))
print(f(torch.ones(2)))
