"""real: compiled train-step function that enters torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg.amp) itself, with cfg a SimpleNamespace of run options whose amp flag is switched off after the first steps (bf16 instability fallback) -- timm/fairseq `--amp` flag read inside the compiled step."""
import types
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

cfg = types.SimpleNamespace(amp=True, label_smoothing=0.1)
model = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 4))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def forward_loss(x, y):
    with torch.autocast("cpu", dtype=torch.bfloat16, enabled=cfg.amp):
        logits = model(x)
    return F.cross_entropy(logits.float(), y, label_smoothing=cfg.label_smoothing), logits.dtype


x, y = torch.randn(6, 8), torch.randint(0, 4, (6,))
for step in range(5):
    if step == 2:
        cfg.amp = False
    loss, dt = forward_loss(x, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, dt, round(loss.item(), 3))
