"""scalar: F.one_hot without num_classes (data-dependent max) on class labels -- test_repros.py one_hot dynamic output / test_misc.py."""
import torch
import torch.nn.functional as F

@torch.compile
def f(labels, w):
    oh = F.one_hot(labels)
    return oh.float() * w

f(torch.tensor([0, 2, 1]), 2.0)
