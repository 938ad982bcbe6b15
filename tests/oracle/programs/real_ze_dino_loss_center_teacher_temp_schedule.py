"""real: facebookresearch/dino main_dino.DINOLoss -- teacher_temp_schedule np.concatenate((np.linspace(warmup_teacher_temp, teacher_temp, warmup_epochs), np.ones(...) * teacher_temp)) indexed by the python int epoch inside forward (`temp = self.teacher_temp_schedule[epoch]`, a numpy float64), student_out.chunk(ncrops), teacher softmax((teacher_output - self.center) / temp).detach().chunk(2), double loop skipping v == iq, update_center under @torch.no_grad() with center buffer momentum; student/teacher heads with EMA teacher update (momentum schedule from cosine numpy array), train steps across epochs."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class DINOLoss(nn.Module):
    def __init__(self, out_dim, ncrops, warmup_teacher_temp, teacher_temp, warmup_teacher_temp_epochs, nepochs, student_temp=0.1, center_momentum=0.9):
        super().__init__()
        self.student_temp = student_temp
        self.center_momentum = center_momentum
        self.ncrops = ncrops
        self.register_buffer("center", torch.zeros(1, out_dim))
        self.teacher_temp_schedule = np.concatenate((
            np.linspace(warmup_teacher_temp, teacher_temp, warmup_teacher_temp_epochs),
            np.ones(nepochs - warmup_teacher_temp_epochs) * teacher_temp))

    def forward(self, student_output, teacher_output, epoch):
        student_out = student_output / self.student_temp
        student_out = student_out.chunk(self.ncrops)
        temp = self.teacher_temp_schedule[epoch]
        teacher_out = F.softmax((teacher_output - self.center) / temp, dim=-1)
        teacher_out = teacher_out.detach().chunk(2)
        total_loss = 0
        n_loss_terms = 0
        for iq, q in enumerate(teacher_out):
            for v in range(len(student_out)):
                if v == iq:
                    continue
                loss = torch.sum(-q * F.log_softmax(student_out[v], dim=-1), dim=-1)
                total_loss += loss.mean()
                n_loss_terms += 1
        total_loss /= n_loss_terms
        self.update_center(teacher_output)
        return total_loss

    @torch.no_grad()
    def update_center(self, teacher_output):
        batch_center = torch.sum(teacher_output, dim=0, keepdim=True)
        batch_center = batch_center / len(teacher_output)
        self.center = self.center * self.center_momentum + batch_center * (1 - self.center_momentum)


def head():
    return nn.Sequential(nn.Linear(12, 16), nn.GELU(), nn.Linear(16, 8))


student, teacher = head(), head()
teacher.load_state_dict(student.state_dict())
for p in teacher.parameters():
    p.requires_grad = False
dino_loss = DINOLoss(8, ncrops=4, warmup_teacher_temp=0.04, teacher_temp=0.07, warmup_teacher_temp_epochs=2, nepochs=3)
cstudent, cteacher = torch.compile(student, backend="eager"), torch.compile(teacher, backend="eager")
closs = torch.compile(dino_loss, backend="eager")
opt = torch.optim.SGD(student.parameters(), lr=0.01)
momentum_schedule = 1 - (1 - 0.996) * (np.cos(np.pi * np.arange(6) / 6) + 1) / 2
it = 0
for epoch in range(3):
    for _ in range(2):
        crops = [torch.randn(4, 12) for _ in range(4)]
        teacher_output = cteacher(torch.cat(crops[:2]))
        student_output = cstudent(torch.cat(crops))
        loss = closs(student_output, teacher_output, epoch)
        opt.zero_grad(); loss.backward(); opt.step()
        with torch.no_grad():
            m = momentum_schedule[it]
            for param_q, param_k in zip(student.parameters(), teacher.parameters()):
                param_k.data.mul_(m).add_((1 - m) * param_q.detach().data)
        it += 1
    print(epoch, round(loss.item(), 4))
