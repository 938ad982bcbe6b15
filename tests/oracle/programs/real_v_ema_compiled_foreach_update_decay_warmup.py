"""real: the EMA update itself compiled (torch._foreach_mul_ / _foreach_add_ with a decay that warms up per step as a Python float) -- timm ModelEmaV3 decay warmup."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Linear(3, 2)
ema = [p.detach().clone() for p in model.parameters()]


@torch.compile
def ema_update(ema_ps, ps, decay):
    torch._foreach_mul_(ema_ps, decay)
    torch._foreach_add_(ema_ps, ps, alpha=1.0 - decay)


for step in range(1, 5):
    with torch.no_grad():
        for p in model.parameters():
            p.add_(0.1 * step)
    decay = min(0.9, (1 + step) / (10 + step))
    ema_update(ema, [p.detach() for p in model.parameters()], decay)
    print(step, round(decay, 4), round(sum(e.sum().item() for e in ema), 4))
