"""real: polynomial regression: compiled get_batch (make_features list-comp cat, f() adds b_target.item()) and a compiled train step (smooth_l1_loss, backward, manual param.add_ under no_grad, output.item() returned), stop on loss -- pytorch/examples regression/main.py."""
from itertools import count
import torch
import torch.nn.functional as F
torch.manual_seed(0)

POLY_DEGREE = 4
W_target = torch.randn(POLY_DEGREE, 1) * 5
b_target = torch.randn(1) * 5

def make_features(x):
    x = x.unsqueeze(1)
    return torch.cat([x ** i for i in range(1, POLY_DEGREE + 1)], 1)

def f(x):
    return x.mm(W_target) + b_target.item()

@torch.compile
def get_batch(batch_size=8):
    random = torch.randn(batch_size)
    x = make_features(random)
    return x, f(x)

fc = torch.nn.Linear(W_target.size(0), 1)

@torch.compile
def train_step(batch_x, batch_y):
    fc.zero_grad()
    output = F.smooth_l1_loss(fc(batch_x), batch_y)
    output.backward()
    with torch.no_grad():
        for param in fc.parameters():
            param.add_(-0.1 * param.grad)
    return output.item()

for batch_idx in count(1):
    loss = train_step(*get_batch())
    if loss < 1e-3 or batch_idx == 3:
        break
