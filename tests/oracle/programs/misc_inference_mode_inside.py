"""misc: torch.inference_mode() block inside the compiled function, result reused outside it -- test_ctx_manager.py test_inference_mode."""
import torch

@torch.compile
def f(x):
    with torch.inference_mode():
        stats = x.mean() * 2
    return x * 3, stats

out, stats = f(torch.ones(3))
out, stats = f(torch.ones(3))
