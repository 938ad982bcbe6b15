"""sidefx: warnings.warn is a skipped function -- test_error_messages.py test_warnings."""
import warnings
import torch

@torch.compile
def f(x):
    y = x.relu()
    warnings.warn("careful")
    return y + 1

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    f(torch.ones(3))
