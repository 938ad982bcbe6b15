"""recomp: torch.nn.functional.gelu replaced by a sigmoid approximation between calls of a compiled nn.Sequential with nn.GELU (whose forward calls F.gelu), then restored -- test_repros.py monkeypatched torch function."""
import torch, torch.nn as nn, torch.nn.functional as F
torch.manual_seed(0)
orig = F.gelu
def fast_gelu(x, approximate="none"):
    return x * torch.sigmoid(1.702 * x)
m = nn.Sequential(nn.Linear(4, 4), nn.GELU())
cm = torch.compile(m)
x = torch.randn(2, 4)
for i in range(4):
    if i == 2:
        F.gelu = fast_gelu
    if i == 3:
        F.gelu = orig
    print(i, round(cm(x).sum().item(), 4), round(m(x).sum().item(), 4))
