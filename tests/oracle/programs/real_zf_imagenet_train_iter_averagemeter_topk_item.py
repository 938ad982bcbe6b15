"""real: pytorch/examples imagenet/main.py train loop body compiled as one function: compute output, criterion, accuracy(output, target, topk=(1, 5)) under no_grad with topk/t()/eq/expand_as and mul_(100.0 / batch_size), AverageMeter.update(loss.item(), images.size(0)) and top1.update(acc1[0], n) mutating meter objects, SGD zero_grad/backward/step; batches of 8, 8 and a last short one of 3, two epochs with meters reset."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class AverageMeter(object):
    def __init__(self, name, fmt=':f'):
        self.name = name
        self.fmt = fmt
        self.reset()

    def reset(self):
        self.val = 0
        self.avg = 0
        self.sum = 0
        self.count = 0

    def update(self, val, n=1):
        self.val = val
        self.sum += val * n
        self.count += n
        self.avg = self.sum / self.count


def accuracy(output, target, topk=(1,)):
    with torch.no_grad():
        maxk = max(topk)
        batch_size = target.size(0)
        _, pred = output.topk(maxk, 1, True, True)
        pred = pred.t()
        correct = pred.eq(target.view(1, -1).expand_as(pred))
        res = []
        for k in topk:
            correct_k = correct[:k].reshape(-1).float().sum(0, keepdim=True)
            res.append(correct_k.mul_(100.0 / batch_size))
        return res


model = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 10))
criterion = nn.CrossEntropyLoss()
optimizer = torch.optim.SGD(model.parameters(), 0.1, momentum=0.9, weight_decay=1e-4)
losses = AverageMeter('Loss', ':.4e')
top1 = AverageMeter('Acc@1', ':6.2f')
top5 = AverageMeter('Acc@5', ':6.2f')


@torch.compile(backend="eager")
def train_iter(images, target):
    output = model(images)
    loss = criterion(output, target)
    acc1, acc5 = accuracy(output, target, topk=(1, 5))
    losses.update(loss.item(), images.size(0))
    top1.update(acc1[0], images.size(0))
    top5.update(acc5[0], images.size(0))
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()


data = torch.randn(19, 3, 8, 8)
labels = torch.randint(0, 10, (19,))
for epoch in range(2):
    losses.reset(); top1.reset(); top5.reset()
    model.train()
    for i in range(0, 19, 8):
        train_iter(data[i:i + 8], labels[i:i + 8])
    print(epoch, round(losses.avg, 3), round(float(top1.avg), 2), round(float(top5.avg), 2))
