"""recomp: torch.inference_mode(False) block inside the compiled function; called normally, then from inside torch.inference_mode(), then normally again -- test_ctx_manager.py inference_mode entered inside and outside (nested)."""
import torch

@torch.compile
def f(x):
    a = x * 2
    with torch.inference_mode(False):
        b = torch.ones(3) + 1
    return a + b, torch.is_inference_mode_enabled()

x = torch.ones(3)
print(f(x)[1])
with torch.inference_mode():
    xi = torch.ones(3)
    print(f(xi)[1])
print(f(x)[1])
