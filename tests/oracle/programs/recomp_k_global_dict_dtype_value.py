"""recomp: a global dict maps a role to a torch.dtype used to cast the input; the dict entry is changed between calls -- test_guard_serialization.py EQUALS_MATCH on a dtype read from a global container."""
import torch

DTYPES = {"act": torch.float32}


@torch.compile
def fn(x):
    return (x / 3).to(DTYPES["act"]) * 3


x = torch.ones(3)
y = fn(x)
print(y.dtype, round(y.double().sum().item(), 6))
DTYPES["act"] = torch.float64
y = fn(x)
print(y.dtype, round(y.double().sum().item(), 6))
DTYPES["act"] = torch.bfloat16
y = fn(x)
print(y.dtype, round(y.double().sum().item(), 6))
