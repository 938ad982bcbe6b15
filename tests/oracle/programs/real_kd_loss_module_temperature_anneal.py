"""real: knowledge distillation with the loss as a compiled nn.Module holding temperature T and alpha as attributes, T annealed and alpha changed between epochs; teacher frozen in eval -- Hinton KD loss module (torchdistill / RepDistiller DistillKL)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class DistillKL(nn.Module):
    def __init__(self, T, alpha):
        super().__init__()
        self.T = T
        self.alpha = alpha

    def forward(self, s_logits, t_logits, labels):
        p_s = F.log_softmax(s_logits / self.T, dim=1)
        p_t = F.softmax(t_logits / self.T, dim=1)
        kd = F.kl_div(p_s, p_t, reduction="batchmean") * self.T ** 2
        return self.alpha * kd + (1 - self.alpha) * F.cross_entropy(s_logits, labels)


teacher = nn.Sequential(nn.Linear(6, 16), nn.ReLU(), nn.Linear(16, 4)).eval()
student = nn.Linear(6, 4)
crit = DistillKL(T=4.0, alpha=0.9)
ccrit = torch.compile(crit)
opt = torch.optim.SGD(student.parameters(), lr=0.1)
for epoch, (T, alpha) in enumerate([(4.0, 0.9), (4.0, 0.9), (2.0, 0.9), (1.0, 0.5)]):
    crit.T, crit.alpha = T, alpha
    x, y = torch.randn(5, 6), torch.randint(0, 4, (5,))
    with torch.no_grad():
        t = teacher(x)
    loss = ccrit(student(x), t, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, T, alpha, round(loss.item(), 4))
