"""recomp: the compiled function called inside torch.inference_mode() after a normal call -- test_recompile_ux.py / test_ctx_manager.py test_inference_mode guard."""
import torch

@torch.compile
def f(x):
    return x.relu() + 1

x = torch.ones(3)
f(x)
with torch.inference_mode():
    f(torch.ones(3))
    f(torch.ones(3))
f(x)
