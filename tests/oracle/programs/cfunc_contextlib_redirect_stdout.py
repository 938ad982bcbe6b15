"""cfunc: contextlib.redirect_stdout(buffer) around tensor work in the frame (an unsupported context manager class: graph break) -- test_ctx_manager.py test_contextlib_suppress[stdout]."""
import contextlib
import io
import torch

buf = io.StringIO()

@torch.compile
def f(t):
    y = t.sin()
    with contextlib.redirect_stdout(buf):
        y = y + t.cos()
    return y.tan()

t = torch.ones(2)
for _ in range(2):
    print(f(t))
