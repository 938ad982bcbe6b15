"""config: specialize_float=False keeps a float argument symbolic until `y == 5.0` guards it; nan always recompiles -- test_unspec.py test_unspec_float_input."""
import math
import torch
import torch._dynamo

torch._dynamo.config.specialize_float = False

@torch.compile
def f(x, y):
    if y == 5.0:
        return x + 2
    return x + y

x = torch.ones(3)
for y in (3.0, 4.0, 5.0, math.nan):
    f(x, y)
