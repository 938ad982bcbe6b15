"""real: a training loop profiled with torch.profiler.profile(activities=[CPU]) for its first two steps only, the compiled train step labelling its phases with torch.profiler.record_function("forward") / ("loss") inside; later steps run without a profiler -- PyTorch profiler recipe with record_function in a compiled step."""
import torch
import torch.nn as nn
from torch.profiler import profile, record_function, ProfilerActivity
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 10), nn.ReLU(), nn.Linear(10, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x, y):
    with record_function("forward"):
        out = model(x)
    with record_function("loss"):
        loss = nn.functional.cross_entropy(out, y)
    loss.backward()
    return loss


x = torch.randn(5, 6)
y = torch.tensor([0, 1, 2, 0, 1])
with profile(activities=[ProfilerActivity.CPU]) as prof:
    for step in range(2):
        opt.zero_grad()
        loss = train_step(x, y)
        opt.step()
        print("prof", step, round(loss.item(), 4))
print("profiled", len(prof.key_averages()) > 0)
for step in range(2, 4):
    opt.zero_grad()
    loss = train_step(x, y)
    opt.step()
    print(step, round(loss.item(), 4))
