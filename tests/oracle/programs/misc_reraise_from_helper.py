"""misc: a helper catches, then re-raises with bare raise; the caller swallows it -- test_exceptions.py test_exception_with_another_exception2."""
import torch

def helper(x):
    try:
        x = torch.cos(x)
        raise NotImplementedError("no")
    except NotImplementedError:
        x = torch.sigmoid(x)
        raise

@torch.compile
def f(x):
    try:
        x = torch.cos(x)
        helper(x)
    except Exception:
        pass
    return x + 1

f(torch.ones(4))
