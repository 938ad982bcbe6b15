"""recomp: a torch.library.custom_op whose Python implementation reads a global float that changes between calls -- test_higher_order_ops.py / test_misc.py test_custom_op_global."""
import torch

OFFSET = 1.0


@torch.library.custom_op("batchm::shift", mutates_args=())
def shift(x: torch.Tensor) -> torch.Tensor:
    return x + OFFSET


@shift.register_fake
def _(x):
    return torch.empty_like(x)


@torch.compile(backend="eager")
def f(x):
    return shift(x * 2) - 1


x = torch.arange(3.0)
print(f(x).tolist())
OFFSET = 10.0
print(f(x).tolist())
