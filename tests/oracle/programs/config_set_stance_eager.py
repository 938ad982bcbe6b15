"""config: calls under torch.compiler.set_stance("force_eager") run eagerly, then the default stance compiles -- test_decorators.py test_set_stance_force_eager."""
import torch

@torch.compile
def f(x):
    return x.sin() + 1

with torch.compiler.set_stance("force_eager"):
    f(torch.ones(3))
    f(torch.ones(4))
f(torch.ones(3))
f(torch.ones(3))
