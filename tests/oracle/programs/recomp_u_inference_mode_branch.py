"""recomp: a branch on torch.is_inference_mode_enabled(); the compiled function is called outside and inside `with torch.inference_mode()` -- test_misc.py test_inference_mode / test_ctx_manager.py."""
import torch


@torch.compile
def f(x):
    if torch.is_inference_mode_enabled():
        return x + 100
    return x * 2


x = torch.ones(2)
print(f(x).tolist())
with torch.inference_mode():
    print(f(x).tolist())
print(f(x).tolist())
