"""disable: @torch._dynamo.disable on a helper -- test_misc.py test_dynamo_disable_decorator."""
import torch
import torch._dynamo

@torch._dynamo.disable
def helper(x):
    return x * 10

@torch.compile
def f(x):
    return helper(x.sin()).cos()

f(torch.ones(3))
