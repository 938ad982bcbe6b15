"""config: torch._dynamo.config.specialize_float=True, python float scale argument takes three distinct values."""
import torch

torch._dynamo.config.specialize_float = True
torch.manual_seed(0)


@torch.compile(backend="eager")
def f(x, scale):
    return x * scale + 1


for s in (0.5, 1.5, 2.5):
    print(f(torch.ones(2), s))
