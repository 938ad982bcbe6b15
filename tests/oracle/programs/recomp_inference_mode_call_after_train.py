"""recomp: a compiled function called normally, then under torch.inference_mode() with a normal tensor, then with a tensor made under inference mode outside it -- test_recompile_ux.py test_inference_mode / test_misc.py test_inference_mode_recompile."""
import torch


@torch.compile
def fn(x, w):
    return torch.relu(x @ w).sum()


torch.manual_seed(0)
x = torch.randn(3, 4)
w = torch.randn(4, 2)
print(round(fn(x, w).item(), 4))
with torch.inference_mode():
    print(round(fn(x, w).item(), 4))
    xi = torch.randn(3, 4)
    print(round(fn(xi, w).item(), 4))
print(round(fn(xi, w).item(), 4))
print(round(fn(x, w).item(), 4))
