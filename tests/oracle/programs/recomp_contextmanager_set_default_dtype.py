"""recomp: a @contextlib.contextmanager switches the default dtype to float64 around a torch.tensor call in a fullgraph function; later the program itself changes the default dtype -- test_ctx_manager.py test_ctx_basic0."""
import contextlib
import torch

@contextlib.contextmanager
def default_dtype(dtype):
    old = torch.get_default_dtype()
    try:
        torch.set_default_dtype(dtype)
        yield
    finally:
        torch.set_default_dtype(old)

@torch.compile(fullgraph=True)
def f(x):
    with default_dtype(torch.float64):
        t = torch.tensor([3.0, 1.0])
    return t, x + torch.ones(2)

x = torch.zeros(2)
print([a.dtype for a in f(x)])
print([a.dtype for a in f(x)])
torch.set_default_dtype(torch.float64)
print([a.dtype for a in f(x.double())])
torch.set_default_dtype(torch.float32)
print([a.dtype for a in f(x)])
