"""disable: inside a torch function mode entered in the compiled function, a torch._dynamo.disable'd helper raises; the mode stack must be empty after the caught exception, and a second call does the same -- test_modes.py test_torch_function_mode_restore_on_exc."""
import torch
from torch.overrides import BaseTorchFunctionMode


class M(BaseTorchFunctionMode):
    pass


@torch._dynamo.disable()
def err():
    raise RuntimeError("boom")


@torch.compile
def f(x):
    with M():
        x += 1
        err()
        x += 2
        return x


for _ in range(2):
    x = torch.ones(2)
    try:
        f(x)
    except RuntimeError as e:
        print("caught", e, x.tolist())
    print("stack", torch._C._len_torch_function_stack())
