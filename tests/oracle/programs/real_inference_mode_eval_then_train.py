"""real: one compiled model used for validation under torch.inference_mode(), then for a training step with grad, then for a metric pass under torch.no_grad(), alternating per epoch -- Lightning-style loop (validation under inference_mode) on a compiled model."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 12), nn.LayerNorm(12), nn.GELU(), nn.Linear(12, 3))
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=0.01)
xv, yv = torch.randn(4, 6), torch.tensor([0, 1, 2, 1])
for epoch in range(3):
    with torch.inference_mode():
        val = F.cross_entropy(cmodel(xv), yv)
    x, y = torch.randn(5, 6), torch.tensor([0, 1, 2, 1, 0])
    loss = F.cross_entropy(cmodel(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    with torch.no_grad():
        acc = (cmodel(xv).argmax(-1) == yv).float().mean()
    print(epoch, round(val.item(), 4), round(loss.item(), 4), acc.item())
