"""real: CPU mixed-precision training loop -- @torch.compile on the forward+loss function run inside torch.autocast(device_type='cpu', dtype=torch.bfloat16), loss divided by accumulation_steps, optimizer step every accumulation_steps micro-batches with clip_grad_norm_ on the fp32 master params, LambdaLR linear warmup then cosine decay, running loss logged via .item() -- timm train.py / accelerate mixed_precision='bf16' + gradient_accumulation_steps."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(16, 32), nn.LayerNorm(32), nn.GELU(), nn.Linear(32, 4))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.05)
accumulation_steps, total_steps, warmup = 2, 4, 1


def lr_lambda(step):
    if step < warmup:
        return float(step + 1) / float(warmup + 1)
    progress = float(step - warmup) / float(max(1, total_steps - warmup))
    return 0.5 * (1.0 + math.cos(math.pi * progress))


scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lr_lambda)


@torch.compile
def forward_loss(x, y):
    with torch.autocast(device_type='cpu', dtype=torch.bfloat16):
        logits = model(x)
        loss = F.cross_entropy(logits, y)
    return loss, logits.dtype


running = 0.0
for micro in range(total_steps * accumulation_steps):
    x, y = torch.randn(8, 16), torch.randint(0, 4, (8,))
    loss, dt = forward_loss(x, y)
    (loss / accumulation_steps).backward()
    running += loss.item()
    if (micro + 1) % accumulation_steps == 0:
        norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm=1.0)
        optimizer.step()
        scheduler.step()
        optimizer.zero_grad(set_to_none=True)
        print((micro + 1) // accumulation_steps, round(running / accumulation_steps, 2), dt,
              round(scheduler.get_last_lr()[0], 7), next(model.parameters()).dtype)
        running = 0.0
