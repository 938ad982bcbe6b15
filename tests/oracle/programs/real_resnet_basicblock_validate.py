"""real: small ResNet (BasicBlock with stride-2 downsample, zero_init_residual, AdaptiveAvgPool), SGD momentum + StepLR, then validate with topk accuracy() and a smaller last batch -- pytorch/examples imagenet/main.py + torchvision resnet."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class BasicBlock(nn.Module):
    expansion = 1

    def __init__(self, inplanes, planes, stride=1, downsample=None):
        super().__init__()
        self.conv1 = nn.Conv2d(inplanes, planes, 3, stride, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(planes)
        self.relu = nn.ReLU(inplace=True)
        self.conv2 = nn.Conv2d(planes, planes, 3, 1, 1, bias=False)
        self.bn2 = nn.BatchNorm2d(planes)
        self.downsample = downsample

    def forward(self, x):
        identity = x
        out = self.relu(self.bn1(self.conv1(x)))
        out = self.bn2(self.conv2(out))
        if self.downsample is not None:
            identity = self.downsample(x)
        out += identity
        return self.relu(out)

class ResNet(nn.Module):
    def __init__(self, num_classes=6, zero_init_residual=True):
        super().__init__()
        self.conv1 = nn.Conv2d(3, 8, 3, 1, 1, bias=False)
        self.bn1 = nn.BatchNorm2d(8)
        self.relu = nn.ReLU(inplace=True)
        down = nn.Sequential(nn.Conv2d(8, 16, 1, 2, bias=False), nn.BatchNorm2d(16))
        self.layer1 = nn.Sequential(BasicBlock(8, 8), BasicBlock(8, 16, 2, down))
        self.avgpool = nn.AdaptiveAvgPool2d((1, 1))
        self.fc = nn.Linear(16 * BasicBlock.expansion, num_classes)
        for m in self.modules():
            if isinstance(m, nn.Conv2d):
                nn.init.kaiming_normal_(m.weight, mode="fan_out", nonlinearity="relu")
        if zero_init_residual:
            for m in self.modules():
                if isinstance(m, BasicBlock):
                    nn.init.constant_(m.bn2.weight, 0)

    def forward(self, x):
        x = self.layer1(self.relu(self.bn1(self.conv1(x))))
        return self.fc(torch.flatten(self.avgpool(x), 1))

def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk, batch_size = max(topk), target.size(0)
        _, pred = output.topk(maxk, 1, True, True)
        correct = pred.t().eq(target.view(1, -1).expand_as(pred.t()))
        return [correct[:k].reshape(-1).float().sum(0, keepdim=True).mul_(100.0 / batch_size) for k in topk]

model = torch.compile(ResNet())
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), 0.1, momentum=0.9, weight_decay=1e-4)
scheduler = torch.optim.lr_scheduler.StepLR(optimizer, step_size=1, gamma=0.1)
model.train()
for _ in range(2):
    images, target = torch.randn(4, 3, 8, 8), torch.randint(0, 6, (4,))
    loss = criterion(model(images), target)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
scheduler.step()
model.eval()
with torch.no_grad():
    for bs in (4, 2):
        images, target = torch.randn(bs, 3, 8, 8), torch.randint(0, 6, (bs,))
        acc1, acc5 = accuracy(model(images), target, topk=(1, 5))
