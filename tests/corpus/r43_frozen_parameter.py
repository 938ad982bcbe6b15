# A parameter frozen with requires_grad_(False) between calls.
# expect-entries: 2
# expect-reason: 0/0: tensor 'self.fc.weight' requires_grad mismatch. expected requires_grad=1
import torch
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(3, 3)
    def forward(self, x):
        return self.fc(x)
net = torch.compile(Net())
net(torch.ones(1, 3))
net.fc.weight.requires_grad_(False)
net(torch.ones(1, 3))
