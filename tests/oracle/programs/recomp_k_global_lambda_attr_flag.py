"""recomp: a global lambda carries a float attribute (scale_flag) the frame compares before calling the lambda; the attribute is changed between calls -- test_guard_serialization.py test_guard_rooted_at_global_lambda (EQUALS_MATCH on a function attribute)."""
import torch

GLOBAL_LAMBDA = lambda x: x * 3  # noqa: E731
GLOBAL_LAMBDA.scale_flag = 2.0


@torch.compile
def fn(x):
    if GLOBAL_LAMBDA.scale_flag == 2.0:
        x = x + 1
    return GLOBAL_LAMBDA(x) * GLOBAL_LAMBDA.scale_flag


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
GLOBAL_LAMBDA.scale_flag = 3.0
print(round(fn(x).sum().item(), 4))
GLOBAL_LAMBDA.scale_flag = 2.0
print(round(fn(x).sum().item(), 4))
