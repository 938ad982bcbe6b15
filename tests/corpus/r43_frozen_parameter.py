# A parameter frozen with requires_grad_(False) between calls.
# expect-entries: 2
# expect-reason: 0/0: tensor 'self._modules['fc']._parameters['weight']' requires_grad mismatch. expected requires_grad=1. Guard failed on a parameter, consider using torch._dynamo.config.force_parameter_static_shapes = False to allow dynamism on parameters.
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
