"""real: QAT-style fake quantization: a module keeps its per-tensor scale and zero_point as Python float/int attributes updated by a min/max observer after every compiled step, fake-quantizes activations with torch.fake_quantize_per_tensor_affine -- torch.ao FakeQuantize / observer shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)

class FakeQuantAct(nn.Module):
    def __init__(self):
        super().__init__()
        self.scale = 1.0
        self.zero_point = 0
        self.min_val, self.max_val = float("inf"), float("-inf")

    def observe(self, x):
        self.min_val = min(self.min_val, x.min().item())
        self.max_val = max(self.max_val, x.max().item())
        self.scale = max((self.max_val - self.min_val) / 255.0, 1e-8)
        self.zero_point = int(min(255, max(0, round(-self.min_val / self.scale))))

    def forward(self, x):
        return torch.fake_quantize_per_tensor_affine(x, self.scale, self.zero_point, 0, 255)

class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(4, 8)
        self.fq = FakeQuantAct()
        self.fc2 = nn.Linear(8, 2)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        return self.fc2(self.fq(h)), h

net = Net()
cnet = torch.compile(net)
opt = torch.optim.SGD(net.parameters(), lr=0.05)
x = torch.randn(6, 4)
y = torch.randn(6, 2)
for step in range(4):
    out, h = cnet(x)
    loss = (out - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    net.fq.observe(h.detach())
    print(step, round(loss.item(), 4), round(net.fq.scale, 5), net.fq.zero_point)
