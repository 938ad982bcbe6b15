# Warnings torch raises inside a watched forward (the automatic policy: no
# torch.compile here, so python runs it eagerly too): F.mse_loss's
# broadcast warning (stacklevel=2, from Python), new_tensor's (a C++
# TORCH_WARN), and nn.MSELoss's (raised in torch's own loss.py). Each is
# printed once, at the line python names, however often it repeats.
import torch
import torch.nn.functional as F


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.loss = torch.nn.MSELoss()

    def forward(self, a, b):
        x = F.mse_loss(a, b)
        y = F.mse_loss(a, b)
        z = self.loss(a, b)
        copy = a.new_tensor(a)
        return x + y + z + copy.sum()


net = Net()
for _ in range(3):
    out = net(torch.ones(2, 4), torch.zeros(1, 4))
print(round(out.item(), 3))
