"""real: weight-only fake-quantized linear (int8 weight buffer + per-channel scale buffer, requantized in place with copy_ after each optimizer step) whose forward reads self.bits (Python int) to build qmax; bits lowered from 8 to 4 for the low-bit fine-tune stage -- GPTQ/AWQ-style QuantLinear calibration loop."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class QuantLinear(nn.Module):
    def __init__(self, fin, fout, bits=8):
        super().__init__()
        self.weight = nn.Parameter(torch.randn(fout, fin) * 0.3)
        self.register_buffer("scale", torch.ones(fout, 1))
        self.register_buffer("qweight", torch.zeros(fout, fin, dtype=torch.int8))
        self.bits = bits

    @torch.no_grad()
    def requantize(self):
        qmax = 2 ** (self.bits - 1) - 1
        self.scale.copy_(self.weight.abs().amax(1, keepdim=True) / qmax)
        self.qweight.copy_(torch.round(self.weight / self.scale).clamp(-qmax - 1, qmax).to(torch.int8))

    def forward(self, x):
        qmax = 2 ** (self.bits - 1) - 1
        w_q = torch.clamp(torch.round(self.weight / self.scale), -qmax - 1, qmax) * self.scale
        w = self.weight + (w_q - self.weight).detach()
        return x @ w.t()


layer = QuantLinear(5, 3)
layer.requantize()
step = torch.compile(layer)
opt = torch.optim.SGD(layer.parameters(), lr=0.1)
x, y = torch.randn(8, 5), torch.randn(8, 3)
for it in range(5):
    if it == 3:
        layer.bits = 4
        layer.requantize()
    loss = (step(x) - y).pow(2).mean()
    opt.zero_grad()
    loss.backward()
    opt.step()
    layer.requantize()
    print(it, layer.bits, round(loss.item(), 5), int(layer.qweight.abs().max()))
