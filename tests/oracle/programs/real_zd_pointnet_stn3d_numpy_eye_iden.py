"""real: fxia22/pointnet.pytorch STN3d -- conv1d over points, torch.max(x, 2, keepdim=True)[0], then iden = Variable(torch.from_numpy(np.array([1,0,0,0,1,0,0,0,1]).astype(np.float32))).view(1,9).repeat(batchsize,1) built inside forward, `if x.is_cuda: iden = iden.cuda()`; PointNetCls with feature_transform_regularizer; train steps with varying batch sizes then eval."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd import Variable
torch.manual_seed(0)


class STN3d(nn.Module):
    def __init__(self):
        super().__init__()
        self.conv1 = nn.Conv1d(3, 16, 1)
        self.conv2 = nn.Conv1d(16, 32, 1)
        self.fc1 = nn.Linear(32, 16)
        self.fc2 = nn.Linear(16, 9)
        self.bn1 = nn.BatchNorm1d(16)
        self.bn2 = nn.BatchNorm1d(32)

    def forward(self, x):
        batchsize = x.size()[0]
        x = F.relu(self.bn1(self.conv1(x)))
        x = F.relu(self.bn2(self.conv2(x)))
        x = torch.max(x, 2, keepdim=True)[0]
        x = x.view(-1, 32)
        x = self.fc2(F.relu(self.fc1(x)))
        iden = Variable(torch.from_numpy(np.array([1, 0, 0, 0, 1, 0, 0, 0, 1]).astype(np.float32))).view(1, 9).repeat(batchsize, 1)
        if x.is_cuda:
            iden = iden.cuda()
        x = x + iden
        return x.view(-1, 3, 3)


class PointNetCls(nn.Module):
    def __init__(self, k=4):
        super().__init__()
        self.stn = STN3d()
        self.conv1 = nn.Conv1d(3, 32, 1)
        self.bn1 = nn.BatchNorm1d(32)
        self.fc = nn.Linear(32, k)

    def forward(self, x):
        n_pts = x.size()[2]
        trans = self.stn(x)
        x = x.transpose(2, 1)
        x = torch.bmm(x, trans)
        x = x.transpose(2, 1)
        x = F.relu(self.bn1(self.conv1(x)))
        x = torch.max(x, 2, keepdim=True)[0].view(-1, 32)
        return F.log_softmax(self.fc(x), dim=1), trans


def feature_transform_regularizer(trans):
    d = trans.size()[1]
    I = torch.eye(d)[None, :, :]
    return torch.mean(torch.norm(torch.bmm(trans, trans.transpose(2, 1)) - I, dim=(1, 2)))


classifier = PointNetCls()
cls = torch.compile(classifier, backend="eager")
optimizer = torch.optim.Adam(classifier.parameters(), lr=1e-3, betas=(0.9, 0.999))
points, target = torch.randn(20, 3, 24), torch.randint(0, 4, (20,))
for epoch in range(2):
    for i in range(0, 20, 8):
        classifier.train()
        optimizer.zero_grad()
        pred, trans = cls(points[i:i + 8])
        loss = F.nll_loss(pred, target[i:i + 8]) + feature_transform_regularizer(trans) * 0.001
        loss.backward()
        optimizer.step()
    print(epoch, round(loss.item(), 4))
classifier.eval()
with torch.no_grad():
    pred, _ = cls(points[:5])
    print(pred.data.max(1)[1].eq(target[:5]).cpu().sum().item())
