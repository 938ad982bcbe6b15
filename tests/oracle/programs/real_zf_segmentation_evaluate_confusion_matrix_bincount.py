"""real: torchvision references/segmentation evaluate(): compiled eval step runs a tiny FCN-style model, output['out'].argmax(1), and ConfusionMatrix.update(target.flatten(), pred.flatten()) which lazily creates self.mat with torch.zeros((n, n)) on first call, then k = (a >= 0) & (a < n) boolean-mask indexing, inds = n * a[k] + b[k] and torch.bincount(inds, minlength=n**2).reshape(n, n) accumulated in-place; ignore_index 255 pixels; two batches then compute() of acc_global and IoU."""
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)


class ConfusionMatrix:
    def __init__(self, num_classes):
        self.num_classes = num_classes
        self.mat = None

    def update(self, a, b):
        n = self.num_classes
        if self.mat is None:
            self.mat = torch.zeros((n, n), dtype=torch.int64, device=a.device)
        with torch.inference_mode():
            k = (a >= 0) & (a < n)
            inds = n * a[k].to(torch.int64) + b[k]
            self.mat += torch.bincount(inds, minlength=n ** 2).reshape(n, n)

    def compute(self):
        h = self.mat.float()
        acc_global = torch.diag(h).sum() / h.sum()
        iu = torch.diag(h) / (h.sum(1) + h.sum(0) - torch.diag(h))
        return acc_global, iu


class TinyFCN(nn.Module):
    def __init__(self, num_classes):
        super().__init__()
        self.backbone = nn.Sequential(nn.Conv2d(3, 8, 3, 2, 1), nn.ReLU(), nn.Conv2d(8, 8, 3, 1, 1), nn.ReLU())
        self.classifier = nn.Conv2d(8, num_classes, 1)

    def forward(self, x):
        input_shape = x.shape[-2:]
        features = self.backbone(x)
        out = self.classifier(features)
        return {"out": F.interpolate(out, size=input_shape, mode="bilinear", align_corners=False)}


num_classes = 4
model = TinyFCN(num_classes).eval()
confmat = ConfusionMatrix(num_classes)


@torch.compile(backend="eager")
def eval_step(image, target):
    output = model(image)["out"]
    confmat.update(target.flatten(), output.argmax(1).flatten())


with torch.inference_mode():
    for _ in range(2):
        image = torch.randn(2, 3, 8, 8)
        target = torch.randint(0, num_classes, (2, 8, 8))
        target[:, :2] = 255
        eval_step(image, target)
acc, iu = confmat.compute()
print(round(acc.item(), 4), [round(v, 3) for v in iu.tolist()])
