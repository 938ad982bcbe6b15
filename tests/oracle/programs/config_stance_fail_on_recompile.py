"""config: set_stance("fail_on_recompile") after warm-up; a new dtype raises, caught by the caller -- test_decorators.py test_set_stance_fail_on_recompile."""
import torch

@torch.compile
def f(x):
    return x * 2 + 1

f(torch.ones(3))
with torch.compiler.set_stance("fail_on_recompile"):
    f(torch.ones(3))
    try:
        f(torch.ones(3, dtype=torch.float64))
    except RuntimeError:
        pass
f(torch.ones(3))
