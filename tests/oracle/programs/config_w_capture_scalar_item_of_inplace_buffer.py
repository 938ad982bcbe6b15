"""config: with capture_scalar_outputs=True a module's forward reads self.temp.item() of a buffer edited in place between calls and divides by it -- test_unspec.py capture_scalar_outputs with a mutated buffer."""
import torch
import torch._dynamo
import torch.nn as nn

torch._dynamo.config.capture_scalar_outputs = True


class Temp(nn.Module):
    def __init__(self):
        super().__init__()
        self.register_buffer("temp", torch.tensor(2.0))

    def forward(self, x):
        t = self.temp.item()
        return torch.softmax(x / t, dim=-1)


m = Temp()
cm = torch.compile(m)
x = torch.tensor([1.0, 2.0, 3.0])
print([round(v, 4) for v in cm(x).tolist()])
m.temp.fill_(0.5)
print([round(v, 4) for v in cm(x).tolist()])
m.temp.mul_(10)
print([round(v, 4) for v in cm(x).tolist()])
