"""real: AutoClip adaptive gradient clipping: a global Python list of past gradient norms (floats appended after each step) and the clip value taken as the 10th percentile of that history inside the compiled clip-and-step function -- AutoClip (Seetharaman et al.) reference implementation."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

grad_history = []
model = nn.Sequential(nn.Linear(4, 8), nn.ReLU(), nn.Linear(8, 1))
opt = torch.optim.SGD(model.parameters(), lr=0.05)


def percentile(values, q):
    s = sorted(values)
    return s[min(len(s) - 1, int(q / 100.0 * len(s)))]


@torch.compile
def clip_and_step():
    norm = torch.linalg.vector_norm(torch.stack([p.grad.norm() for p in model.parameters()]))
    clip_value = percentile(grad_history, 10) if grad_history else 1e6
    torch.nn.utils.clip_grad_norm_(model.parameters(), clip_value)
    opt.step()
    return norm


for step in range(5):
    x = torch.randn(8, 4) * (step + 1)
    loss = F.mse_loss(model(x), x.sum(1, keepdim=True))
    opt.zero_grad()
    loss.backward()
    norm = clip_and_step()
    grad_history.append(norm.item())
    print(step, round(loss.item(), 3), round(norm.item(), 3))
