"""real: knowledge distillation: compiled frozen teacher in eval under no_grad, compiled student trained with soft targets (softmax/log_softmax at temperature T, KLDiv batchmean * T**2) plus hard-label CE -- PyTorch knowledge distillation tutorial."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

teacher = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 5)).eval()
student = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 5))
cteacher, cstudent = torch.compile(teacher), torch.compile(student)
opt = torch.optim.Adam(student.parameters(), lr=1e-3)
T, soft_target_loss_weight, ce_loss_weight = 2.0, 0.25, 0.75
student.train()
for _ in range(3):
    inputs, labels = torch.rand(2, 3, 6, 6), torch.randint(0, 5, (2,))
    opt.zero_grad()
    with torch.no_grad():
        teacher_logits = cteacher(inputs)
    student_logits = cstudent(inputs)
    soft_targets = F.softmax(teacher_logits / T, dim=-1)
    soft_prob = F.log_softmax(student_logits / T, dim=-1)
    soft_targets_loss = F.kl_div(soft_prob, soft_targets, reduction="batchmean") * (T ** 2)
    loss = soft_target_loss_weight * soft_targets_loss + ce_loss_weight * F.cross_entropy(student_logits, labels)
    loss.backward()
    opt.step()
