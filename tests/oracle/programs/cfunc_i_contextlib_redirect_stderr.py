"""cfunc: contextlib.redirect_stderr(buffer) around tensor work in the frame, the buffer a global replaced between calls -- test_ctx_manager.py test_contextlib_suppress[stderr] family."""
import contextlib
import io
import torch

buf = io.StringIO()


@torch.compile
def f(t, k):
    y = t.sin() * k
    with contextlib.redirect_stderr(buf):
        y = y + t.cos()
    return y.tan()


t = torch.ones(2)
print(round(f(t, 1).sum().item(), 4))
buf = io.StringIO()
print(round(f(t, 1).sum().item(), 4))
print(round(f(t, 2).sum().item(), 4))
