"""real: detection-style fine-tuning: after a warmup phase every BatchNorm2d of the compiled backbone is replaced by a FrozenBatchNorm2d (buffers copied, eps attribute) with a recursive convert_frozen_batchnorm, then training continues and the model is evaluated -- detectron2 FrozenBatchNorm2d.convert_frozen_batchnorm."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class FrozenBatchNorm2d(nn.Module):
    def __init__(self, num_features, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.register_buffer("weight", torch.ones(num_features))
        self.register_buffer("bias", torch.zeros(num_features))
        self.register_buffer("running_mean", torch.zeros(num_features))
        self.register_buffer("running_var", torch.ones(num_features) - eps)

    def forward(self, x):
        scale = self.weight * (self.running_var + self.eps).rsqrt()
        bias = self.bias - self.running_mean * scale
        return x * scale.reshape(1, -1, 1, 1) + bias.reshape(1, -1, 1, 1)

    @classmethod
    def convert_frozen_batchnorm(cls, module):
        res = module
        if isinstance(module, nn.BatchNorm2d):
            res = cls(module.num_features, module.eps)
            res.weight.data = module.weight.data.clone().detach()
            res.bias.data = module.bias.data.clone().detach()
            res.running_mean.data = module.running_mean.data
            res.running_var.data = module.running_var.data
        else:
            for name, child in module.named_children():
                new_child = cls.convert_frozen_batchnorm(child)
                if new_child is not child:
                    res.add_module(name, new_child)
        return res


model = nn.Sequential(nn.Conv2d(3, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU(),
                      nn.Sequential(nn.Conv2d(4, 4, 3, padding=1), nn.BatchNorm2d(4), nn.ReLU()),
                      nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(4, 2))
cmodel = torch.compile(model)
for step in range(4):
    if step == 2:
        FrozenBatchNorm2d.convert_frozen_batchnorm(model)
    opt = torch.optim.SGD([p for p in model.parameters() if p.requires_grad], lr=0.1)
    x, y = torch.randn(3, 3, 6, 6), torch.tensor([0, 1, 0])
    loss = F.cross_entropy(cmodel(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, type(model[1]).__name__, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    print("eval", round(cmodel(torch.randn(2, 3, 6, 6)).sum().item(), 4))
