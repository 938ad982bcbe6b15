"""recomp: a @contextlib.contextmanager sets the default dtype from a global for a torch.tensor built inside it (fullgraph=True); the global dtype changes between calls -- test_ctx_manager.py test_ctx_basic0."""
import contextlib

import torch

DTYPE = torch.float64


@contextlib.contextmanager
def default_dtype(dtype):
    old = torch.get_default_dtype()
    try:
        torch.set_default_dtype(dtype)
        yield
    finally:
        torch.set_default_dtype(old)


@torch.compile(backend="eager", fullgraph=True)
def fn(x):
    with default_dtype(DTYPE):
        t = torch.tensor([3.0, 8.0])
    return t * x.sum()


x = torch.ones(2)
print(fn(x).dtype)
print(fn(x).dtype)
DTYPE = torch.float16
print(fn(x).dtype)
print(torch.get_default_dtype())
