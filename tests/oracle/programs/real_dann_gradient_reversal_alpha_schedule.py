"""real: DANN domain adaptation: a GradientReversal autograd.Function (forward view_as, backward -alpha * grad) between the feature extractor and the domain classifier, alpha = 2 / (1 + exp(-10 p)) - 1 from the training progress p passed as a Python float to the compiled model each step -- fungtion/DANN model.py ReverseLayerF."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class ReverseLayerF(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, alpha):
        ctx.alpha = alpha
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output.neg() * ctx.alpha, None


class DANN(nn.Module):
    def __init__(self):
        super().__init__()
        self.feature = nn.Sequential(nn.Linear(4, 8), nn.ReLU())
        self.class_classifier = nn.Linear(8, 3)
        self.domain_classifier = nn.Sequential(nn.Linear(8, 4), nn.ReLU(), nn.Linear(4, 2))

    def forward(self, x, alpha):
        f = self.feature(x)
        reverse = ReverseLayerF.apply(f, alpha)
        return self.class_classifier(f), self.domain_classifier(reverse)


model = DANN()
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
xs, ys = torch.randn(6, 4), torch.tensor([0, 1, 2, 0, 1, 2])
xt = torch.randn(6, 4) + 1.0
n = 4
for i in range(n):
    p = i / n
    alpha = 2.0 / (1.0 + math.exp(-10 * p)) - 1
    cls_out, dom_s = cmodel(xs, alpha)
    _, dom_t = cmodel(xt, alpha)
    loss = F.cross_entropy(cls_out, ys) + F.cross_entropy(dom_s, torch.zeros(6, dtype=torch.long)) \
        + F.cross_entropy(dom_t, torch.ones(6, dtype=torch.long))
    opt.zero_grad()
    loss.backward()
    g = model.feature[0].weight.grad.sum().item()
    opt.step()
    print(i, round(alpha, 4), round(loss.item(), 4), round(g, 4))
