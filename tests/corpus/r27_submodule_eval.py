# Only one submodule is put in eval mode: its training flag is guarded.
# expect-entries: 2
# expect-reason: 0/0: self._modules['drop'].training == True
import torch

class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 4)
        self.drop = torch.nn.Dropout(0.5)

    def forward(self, x):
        return self.drop(self.fc(x))

torch.manual_seed(0)
net = torch.compile(Net())
net(torch.ones(2, 4))
net.drop.eval()
net(torch.ones(2, 4))
