"""sidefx: a compiled function flips a submodule to eval() inside the frame, runs it, and flips it back to train(); training is then read outside -- test_repros.py training/eval toggles."""
import torch
import torch.nn as nn

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(4, 4), nn.Dropout(0.5), nn.BatchNorm1d(4))


@torch.compile
def eval_pass(x):
    model.eval()
    y = model(x)
    model.train()
    return y


x = torch.randn(3, 4)
y = eval_pass(x)
print(round(y.sum().item(), 4), model.training, model[2].training)
y = eval_pass(x + 1)
print(round(y.sum().item(), 4), model.training, int(model[2].num_batches_tracked))
model.eval()
y = eval_pass(x)
print(round(y.sum().item(), 4), model.training)
