"""real: BatchNorm re-calibration after training: every BatchNorm1d gets momentum = None (cumulative moving average driven by num_batches_tracked) and reset_running_stats(), the compiled model runs forward passes in train mode under no_grad, then momentum is restored and the model evaluated -- torch.optim.swa_utils.update_bn / post-pruning BN recalibration."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(5, 6), nn.BatchNorm1d(6), nn.ReLU(), nn.Linear(6, 2))
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(8, 5)
y = torch.randn(8, 2)
for step in range(2):
    loss = (cmodel(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    print("train", step, round(loss.item(), 4))

bns = [m for m in model.modules() if isinstance(m, nn.BatchNorm1d)]
momenta = {}
for bn in bns:
    bn.reset_running_stats()
    momenta[bn] = bn.momentum
    bn.momentum = None
model.train()
with torch.no_grad():
    for i in range(3):
        cmodel(x * (1 + 0.5 * i))
        print("recal", i, round(bns[0].running_mean.sum().item(), 4), int(bns[0].num_batches_tracked))
for bn in bns:
    bn.momentum = momenta[bn]
model.eval()
with torch.no_grad():
    print("eval", round(cmodel(x).sum().item(), 4))
