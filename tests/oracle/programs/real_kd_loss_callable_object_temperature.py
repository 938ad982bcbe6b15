"""real: knowledge-distillation criterion written as a plain callable class (not an nn.Module): DistillationLoss.__call__ reads self.T and self.alpha and combines the soft KL term with hard-label CE; the compiled train step calls the global criterion object, and the script anneals criterion.T and lowers criterion.alpha between epochs -- DeiT DistillationLoss / many KD repos' plain-class loss objects."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class DistillationLoss:
    def __init__(self, T=4.0, alpha=0.9):
        self.T = T
        self.alpha = alpha

    def __call__(self, student_logits, teacher_logits, labels):
        soft = F.kl_div(F.log_softmax(student_logits / self.T, -1), F.softmax(teacher_logits / self.T, -1),
                        reduction="batchmean") * self.T * self.T
        hard = F.cross_entropy(student_logits, labels)
        return self.alpha * soft + (1 - self.alpha) * hard


teacher = nn.Linear(6, 3).eval()
student = nn.Sequential(nn.Linear(6, 4), nn.ReLU(), nn.Linear(4, 3))
criterion = DistillationLoss()
opt = torch.optim.SGD(student.parameters(), lr=0.1)


@torch.compile
def train_step(x, y):
    with torch.no_grad():
        t = teacher(x)
    return criterion(student(x), t, y)


x, y = torch.randn(5, 6), torch.tensor([0, 1, 2, 1, 0])
for epoch in range(4):
    if epoch == 1:
        criterion.T = 2.0
    if epoch == 3:
        criterion.alpha = 0.5
    loss = train_step(x, y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(epoch, criterion.T, criterion.alpha, round(loss.item(), 4))
