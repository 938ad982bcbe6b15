"""recomp: model.double() and model.float() with the default conversion (param.data replaced: same Parameter objects, new dtype), the input dtype following -- test_modules.py module.to(dtype) after compile."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = nn.Linear(3, 3)

    def forward(self, x):
        return self.fc(x).softmax(-1)


model = Net()
cm = torch.compile(model)
x = torch.randn(2, 3)
print(cm(x).dtype, round(cm(x)[0, 0].item(), 4))
model.double()
print(cm(x.double()).dtype, round(cm(x.double())[0, 0].item(), 4))
model.float()
with torch.no_grad():
    model.fc.weight.mul_(3)
print(cm(x).dtype, round(cm(x)[0, 0].item(), 4))
