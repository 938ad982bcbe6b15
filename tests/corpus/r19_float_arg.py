# A Python float argument (a blend factor) is guarded by value.
# expect-entries: 2
# expect-reason: 0/0: alpha == 0.5
import torch

@torch.compile
def blend(a, b, alpha):
    return a * alpha + b * (1 - alpha)

blend(torch.ones(3), torch.zeros(3), 0.5)
blend(torch.ones(3), torch.zeros(3), 0.5)
blend(torch.ones(3), torch.zeros(3), 0.25)
