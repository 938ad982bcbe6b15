"""recomp: torch.autocast("cpu", enabled=flag) inside the compiled function with a bool flag argument."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def mm(a, b, use_amp):
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=use_amp):
        return a @ b


a = torch.ones(2, 3)
b = torch.ones(3, 2)
print(mm(a, b, False).dtype)
print(mm(a, b, True).dtype)
print(mm(a, b, False).dtype)
print(mm(a, b, True).dtype)
