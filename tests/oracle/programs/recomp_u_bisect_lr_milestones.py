"""recomp: a MultiStepLR-like rate computed with bisect.bisect_right(MILESTONES, step) from a global list; step is a Python int argument and the milestone list is edited in place -- test_functions.py bisect / real schedulers."""
import bisect
import torch

MILESTONES = [2, 4]
GAMMA = 0.5


@torch.compile
def scaled(x, step):
    lr = 1.0 * GAMMA ** bisect.bisect_right(MILESTONES, step)
    return x * lr


x = torch.ones(2)
for s in range(5):
    print(s, scaled(x, s).tolist())
MILESTONES[0] = 0
print(scaled(x, 1).tolist())
