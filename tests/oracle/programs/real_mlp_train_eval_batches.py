"""real: an MLP classifier trained on full batches and a smaller last batch, then evaluated under no_grad on two batch sizes: one recompile for the batch size, one for the grad mode, then the eval entry keeps the batch dynamic -- pytorch/examples train/test loop without drop_last."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(20, 32), nn.ReLU(), nn.Linear(32, 4))
cmodel = torch.compile(model)
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for batch in (16, 16, 7):
    x, y = torch.randn(batch, 20), torch.randint(0, 4, (batch,))
    opt.zero_grad()
    F.cross_entropy(cmodel(x), y).backward()
    opt.step()
model.eval()
with torch.no_grad():
    for batch in (16, 5, 9):
        cmodel(torch.randn(batch, 20)).softmax(-1)
