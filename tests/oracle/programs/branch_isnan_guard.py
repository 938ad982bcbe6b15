"""branch: `if torch.isnan(loss).any(): raise` sanity check inside a training step -- test_repros.py data-dependent check on nan (tensor bool)."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(4, 1)

@torch.compile
def step(x, y):
    loss = torch.nn.functional.mse_loss(model(x), y)
    if torch.isnan(loss).any():
        raise RuntimeError("nan loss")
    return loss * 2

step(torch.randn(3, 4), torch.randn(3, 1))
step(torch.randn(3, 4), torch.randn(3, 1))
