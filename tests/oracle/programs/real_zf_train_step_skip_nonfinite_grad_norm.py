"""real: fairseq/timm-style train step compiled whole: loss.backward(), total_norm = clip_grad_norm_(params, max_norm, foreach=True), then `if not torch.isfinite(total_norm): optimizer.zero_grad(); return loss, skipped=True` else optimizer.step(); the step returns grad_norm.item() for logging; the third batch gets a huge scaled loss making the norm inf."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(8, 16), nn.GELU(), nn.LayerNorm(16), nn.Linear(16, 3))
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3, weight_decay=0.05)
criterion = nn.CrossEntropyLoss()


@torch.compile(backend="eager")
def train_step(x, y, loss_scale, max_norm=1.0):
    optimizer.zero_grad(set_to_none=True)
    loss = criterion(model(x), y) * loss_scale
    loss.backward()
    total_norm = torch.nn.utils.clip_grad_norm_(model.parameters(), max_norm, foreach=True)
    if not torch.isfinite(total_norm):
        optimizer.zero_grad(set_to_none=True)
        return loss.detach(), float("nan"), True
    optimizer.step()
    return loss.detach(), total_norm.item(), False


for step, scale in enumerate([1.0, 1.0, 1e38, 1.0]):
    x, y = torch.randn(6, 8), torch.randint(0, 3, (6,))
    loss, gn, skipped = train_step(x, y, scale)
    print(step, skipped, round(gn, 3) if not skipped else gn)
