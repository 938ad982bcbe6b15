"""real: SinkhornDistance module (dfdazac/wassdistance, widely copied) -- cost matrix _cost_matrix via |x_col - y_lin|^p summed, mu/nu uniform weights built with torch.empty(...).fill_(1.0 / x_points).squeeze(), log-domain updates u = eps*(log(mu+1e-8) - logsumexp(M(C,u,v))) + u in `for i in range(self.max_iter)` with `if err.item() < thresh: break` early stop, then pi, cost; used as a compiled loss in a small point-cloud fitting loop, and eps changed halfway."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class SinkhornDistance(nn.Module):
    def __init__(self, eps, max_iter, reduction='none'):
        super(SinkhornDistance, self).__init__()
        self.eps = eps
        self.max_iter = max_iter
        self.reduction = reduction

    def forward(self, x, y):
        C = self._cost_matrix(x, y)
        x_points = x.shape[-2]
        y_points = y.shape[-2]
        batch_size = 1 if x.dim() == 2 else x.shape[0]
        mu = torch.empty(batch_size, x_points, dtype=torch.float, requires_grad=False).fill_(1.0 / x_points).squeeze()
        nu = torch.empty(batch_size, y_points, dtype=torch.float, requires_grad=False).fill_(1.0 / y_points).squeeze()
        u = torch.zeros_like(mu)
        v = torch.zeros_like(nu)
        actual_nits = 0
        thresh = 1e-1
        for i in range(self.max_iter):
            u1 = u
            u = self.eps * (torch.log(mu + 1e-8) - torch.logsumexp(self.M(C, u, v), dim=-1)) + u
            v = self.eps * (torch.log(nu + 1e-8) - torch.logsumexp(self.M(C, u, v).transpose(-2, -1), dim=-1)) + v
            err = (u - u1).abs().sum(-1).mean()
            actual_nits += 1
            if err.item() < thresh:
                break
        U, V = u, v
        pi = torch.exp(self.M(C, U, V))
        cost = torch.sum(pi * C, dim=(-2, -1))
        if self.reduction == 'mean':
            cost = cost.mean()
        elif self.reduction == 'sum':
            cost = cost.sum()
        return cost, pi, C

    def M(self, C, u, v):
        return (-C + u.unsqueeze(-1) + v.unsqueeze(-2)) / self.eps

    @staticmethod
    def _cost_matrix(x, y, p=2):
        x_col = x.unsqueeze(-2)
        y_lin = y.unsqueeze(-3)
        return torch.sum((torch.abs(x_col - y_lin)) ** p, -1)


sinkhorn = SinkhornDistance(eps=0.1, max_iter=5, reduction=None)
csink = torch.compile(sinkhorn, backend="eager")
target = torch.randn(6, 2)
points = nn.Parameter(torch.randn(6, 2))
opt = torch.optim.SGD([points], lr=0.5)
for step in range(4):
    if step == 2:
        sinkhorn.eps = 0.05
    dist, P, C = csink(points, target)
    opt.zero_grad(); dist.backward(); opt.step()
    print(step, round(dist.item(), 4))
