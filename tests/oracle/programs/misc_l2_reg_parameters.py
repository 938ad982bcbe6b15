"""misc: loss plus an L2 penalty summed over model.parameters() in a generator -- test_modules.py parameters() iteration inside compiled code."""
import torch
torch.manual_seed(0)

model = torch.nn.Sequential(torch.nn.Linear(4, 8), torch.nn.ReLU(), torch.nn.Linear(8, 1))

@torch.compile
def loss_fn(x, y):
    loss = torch.nn.functional.mse_loss(model(x), y)
    reg = sum(p.pow(2).sum() for p in model.parameters())
    return loss + 1e-3 * reg

for _ in range(3):
    loss_fn(torch.randn(5, 4), torch.randn(5, 1)).backward()
