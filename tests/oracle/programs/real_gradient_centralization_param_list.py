"""real: Gradient Centralization: after backward, a compiled function subtracts from every multi-dimensional grad its mean over all dims but the first (params passed as a list, grads set to None by zero_grad each step), then an SGD momentum step -- Yong et al. Gradient Centralization (centralized_gradient)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

model = nn.Sequential(nn.Conv2d(2, 4, 3), nn.ReLU(), nn.Flatten(), nn.Linear(4 * 3 * 3, 3))
params = [p for p in model.parameters() if p.requires_grad]
opt = torch.optim.SGD(params, lr=0.05, momentum=0.9)


@torch.compile
def centralize_gradients(params):
    for p in params:
        g = p.grad
        if g is not None and g.dim() > 1:
            g.sub_(g.mean(dim=tuple(range(1, g.dim())), keepdim=True))


for step in range(4):
    x, y = torch.randn(3, 2, 5, 5), torch.tensor([0, 1, 2])
    loss = F.cross_entropy(model(x), y)
    opt.zero_grad(set_to_none=True)
    loss.backward()
    centralize_gradients(params)
    gsum = sum(p.grad.sum().item() for p in params)
    opt.step()
    print(step, round(loss.item(), 4), round(gsum, 4))
