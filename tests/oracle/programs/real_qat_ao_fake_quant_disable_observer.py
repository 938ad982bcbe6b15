"""real: quantization-aware training with torch.ao.quantization: a small conv net with QuantStub/DeQuantStub is prepared with prepare_qat (FakeQuantize modules whose observer_enabled / fake_quant_enabled are uint8 buffers and whose scale/zero_point buffers are updated by the observers), compiled, trained two steps, then model.apply(disable_observer) freezes the quantization parameters for two more steps, then evaluated -- PyTorch static quantization tutorial QAT loop."""
import torch
import torch.nn as nn
import torch.ao.quantization as tq
torch.manual_seed(0)


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.quant = tq.QuantStub()
        self.conv = nn.Conv2d(2, 4, 3)
        self.relu = nn.ReLU()
        self.pool = nn.AdaptiveAvgPool2d(1)
        self.fc = nn.Linear(4, 3)
        self.dequant = tq.DeQuantStub()

    def forward(self, x):
        x = self.quant(x)
        x = self.relu(self.conv(x))
        x = self.pool(x).flatten(1)
        return self.dequant(self.fc(x))


model = Net()
model.qconfig = tq.get_default_qat_qconfig("fbgemm")
model.train()
tq.prepare_qat(model, inplace=True)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
x = torch.randn(4, 2, 6, 6)
y = torch.tensor([0, 1, 2, 0])
for step in range(4):
    if step == 2:
        model.apply(tq.disable_observer)
    loss = nn.functional.cross_entropy(cmodel(x * (1 + step)), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, round(loss.item(), 4), round(model.conv.weight_fake_quant.scale.sum().item(), 6))
model.eval()
with torch.no_grad():
    print("eval", round(cmodel(x).sum().item(), 4))
