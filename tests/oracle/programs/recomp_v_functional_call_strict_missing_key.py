"""recomp: functional_call(strict=True) with a complete params dict, then a dict missing the bias (the compiled call raises, caught by the caller), then strict=False with the same partial dict -- test_higher_order_ops.py functional_call strict."""
import torch
import torch.nn as nn

torch.manual_seed(0)
lin = nn.Linear(2, 2)


@torch.compile
def f(params, x, strict):
    return torch.func.functional_call(lin, params, (x,), strict=strict)


x = torch.ones(1, 2)
full = {"weight": torch.eye(2), "bias": torch.ones(2)}
print(f(full, x, True).tolist())
try:
    f({"weight": torch.eye(2)}, x, True)
except RuntimeError as e:
    print("RuntimeError", "Missing key" in str(e))
print([round(v, 4) for v in f({"weight": torch.eye(2) * 3}, x, False)[0].tolist()])
