"""config: set_stance("eager_on_recompile"): a call that would recompile runs eagerly instead -- test_decorators.py test_set_stance_eager_on_recompile."""
import torch

@torch.compile(dynamic=False)
def f(x, n):
    return x + n

x = torch.ones(3)
f(x, 1)
with torch.compiler.set_stance("eager_on_recompile"):
    f(x, 1)
    f(x, 2)
    f(x, 3)
f(x, 2)
