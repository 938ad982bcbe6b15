"""recomp: `autocast(...) if flag else contextlib.nullcontext()` chosen from a bool arg inside the compiled fn."""
import contextlib
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def f(a, b, amp):
    ctx = torch.autocast("cpu", dtype=torch.bfloat16) if amp else contextlib.nullcontext()
    with ctx:
        out = a @ b
    return out.dtype


a = torch.randn(3, 3)
b = torch.randn(3, 3)
print(f(a, b, False))
print(f(a, b, True))
print(f(a, b, False))
print(f(a, b, True))
