"""recomp: model.to(torch.bfloat16) for inference and back to float32 for training, with the input cast to the first parameter's dtype inside forward -- test_recompiles.py dtype change of parameters."""
import torch
import torch.nn as nn

torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 4)
        self.fc2 = nn.Linear(4, 2)

    def forward(self, x):
        x = x.to(self.fc1.weight.dtype)
        return self.fc2(torch.relu(self.fc1(x)))


m = Net()
cm = torch.compile(m)
x = torch.randn(3, 4)
print(cm(x).dtype, round(cm(x).float().sum().item(), 2))
m.to(torch.bfloat16)
print(cm(x).dtype, round(cm(x).float().sum().item(), 2))
m.float()
print(cm(x).dtype, round(cm(x).float().sum().item(), 2))
