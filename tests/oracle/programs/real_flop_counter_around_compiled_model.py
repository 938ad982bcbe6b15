"""real: a compiled model is profiled for FLOPs once with torch.utils.flop_counter.FlopCounterMode (a TorchDispatchMode active around the call, display=False) and then used for normal training steps, then profiled again at a larger batch -- torch.utils.flop_counter usage in MFU-reporting training scripts (nanoGPT-style estimate_mfu replaced by FlopCounterMode)."""
import torch
import torch.nn as nn
from torch.utils.flop_counter import FlopCounterMode
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


def measure(x):
    counter = FlopCounterMode(display=False)
    with counter:
        out = cmodel(x)
    return counter.get_total_flops(), round(out.sum().item(), 4)


x = torch.randn(4, 8)
print("flops", *measure(x))
for step in range(2):
    loss = cmodel(x).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4))
print("flops", *measure(x))
