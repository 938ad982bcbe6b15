"""real: gradient accumulation inside the compiled step: loss / accum, backward, and `if (step + 1) % accum == 0: opt.step(); opt.zero_grad()` on the Python int step counter -- common training-loop shape (HF Trainer / nanoGPT micro steps)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Linear(8, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
accum = 2

@torch.compile
def train_step(x, y, step):
    loss = F.mse_loss(model(x), y) / accum
    loss.backward()
    if (step + 1) % accum == 0:
        opt.step()
        opt.zero_grad()
    return loss.detach()

for step in range(5):
    train_step(torch.randn(4, 8), torch.randn(4, 2), step)
