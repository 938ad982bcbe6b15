"""real: a script-level training loop that keeps `global_step` and `best_loss` as module globals updated with `global` statements inside the compiled train step (global_step += 1; warmup factor min(1, global_step / WARMUP) scales the loss; best_loss = min(best_loss, loss)) -- common research-script style with TensorBoard step counters kept as globals."""
import torch
import torch.nn as nn
torch.manual_seed(0)

WARMUP = 3
global_step = 0
best_loss = float("inf")
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x, y):
    global global_step
    global_step += 1
    warm = min(1.0, global_step / WARMUP)
    opt.zero_grad()
    loss = (model(x) - y).pow(2).mean() * warm
    loss.backward()
    return loss


x = torch.randn(6, 4)
y = torch.randn(6, 1)
for i in range(5):
    loss = train_step(x, y)
    opt.step()
    best_loss = min(best_loss, loss.item())
    print(i, global_step, round(loss.item(), 5), round(best_loss, 5))
