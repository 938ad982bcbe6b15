"""recomp: an environment variable read inside forward switches the path -- test_misc.py os.environ guards."""
import os
import torch

@torch.compile
def f(x):
    if os.environ.get("DYNX_TEST_FAST", "0") == "1":
        return x + 1
    return x * 2

x = torch.ones(3)
f(x)
os.environ["DYNX_TEST_FAST"] = "1"
f(x)
f(x)
