# A submodule replaced by one of another type (ReLU -> SiLU, no attributes differ).
# expect-entries: 2
# expect-reason: 0/0: ___check_type_id(self._modules['act'], <id>), type=<class 'torch.nn.modules.activation.ReLU'>  # actual type: SiLU (HINT: type ReLU)
import torch
class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.act = torch.nn.ReLU()
    def forward(self, x):
        return self.act(x)
net = torch.compile(Net())
net(torch.randn(4))
net.act = torch.nn.SiLU()
net(torch.randn(4))
