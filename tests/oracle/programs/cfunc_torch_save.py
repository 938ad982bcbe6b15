"""cfunc: torch.save inside the frame -- test_error_messages.py test_torch_save."""
import io
import torch

@torch.compile
def f(x):
    y = x * 2
    buf = io.BytesIO()
    torch.save(y, buf)
    return y + 1

f(torch.ones(3))
