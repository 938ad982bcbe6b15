"""real: mixed-precision train step on CPU: a compiled loss function returns scaler.scale(loss) (GradScaler's _scale lazily created on the first call, then halved/grown in place by update()), backward and scaler.step/update outside -- torch.amp recipe with the scale read inside the compiled region."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(6, 12), nn.ReLU(), nn.Linear(12, 3))
opt = torch.optim.SGD(model.parameters(), lr=0.05)
scaler = torch.amp.GradScaler("cpu", init_scale=1024.0, growth_interval=2)


@torch.compile
def scaled_loss(x, y):
    with torch.autocast("cpu", dtype=torch.bfloat16):
        logits = model(x)
    loss = nn.functional.cross_entropy(logits.float(), y)
    return scaler.scale(loss), loss


x = torch.randn(8, 6)
y = torch.randint(0, 3, (8,))
for step in range(5):
    opt.zero_grad()
    sl, loss = scaled_loss(x, y)
    sl.backward()
    if step == 2:
        model[0].weight.grad[0, 0] = float("inf")
    scaler.step(opt)
    scaler.update()
    print(step, round(loss.item(), 4), round(sl.item() / loss.item()), scaler.get_scale())
