"""real: WaveNet (vincentherrmann/pytorch-wavenet / r9y9 wavenet_vocoder shape) -- stack of residual blocks with dilations [1, 2, 4, 8] * stacks built in __init__, causal conv via F.pad(x, (dilation * (k - 1), 0)), gated tanh * sigmoid activation, skip connections summed with `skip = skip + s if skip is not None else s`, 1x1 output conv to 16 mu-law classes; training on random waveforms with CE loss, then autoregressive sampling feeding the receptive-field window of the last R samples (growing until full)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class ResidualBlock(nn.Module):
    def __init__(self, channels, skip_channels, dilation, kernel_size=2):
        super().__init__()
        self.dilation, self.kernel_size = dilation, kernel_size
        self.conv = nn.Conv1d(channels, 2 * channels, kernel_size, dilation=dilation)
        self.res = nn.Conv1d(channels, channels, 1)
        self.skip = nn.Conv1d(channels, skip_channels, 1)

    def forward(self, x):
        h = self.conv(F.pad(x, (self.dilation * (self.kernel_size - 1), 0)))
        a, b = h.split(h.size(1) // 2, dim=1)
        h = torch.tanh(a) * torch.sigmoid(b)
        return x + self.res(h), self.skip(h)


class WaveNet(nn.Module):
    def __init__(self, classes=16, channels=8, skip_channels=8, layers=4, stacks=2):
        super().__init__()
        self.embed = nn.Conv1d(classes, channels, 1)
        self.blocks = nn.ModuleList([ResidualBlock(channels, skip_channels, 2 ** (i % layers)) for i in range(layers * stacks)])
        self.out = nn.Sequential(nn.ReLU(), nn.Conv1d(skip_channels, skip_channels, 1), nn.ReLU(), nn.Conv1d(skip_channels, classes, 1))
        self.receptive_field = sum(b.dilation * (b.kernel_size - 1) for b in self.blocks) + 1
        self.classes = classes

    def forward(self, x):
        x = self.embed(F.one_hot(x, self.classes).transpose(1, 2).float())
        skip = None
        for block in self.blocks:
            x, s = block(x)
            skip = skip + s if skip is not None else s
        return self.out(skip)


model = WaveNet()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
wave = torch.randint(0, 16, (2, 33))
for step in range(3):
    logits = cmodel(wave[:, :-1])
    loss = F.cross_entropy(logits, wave[:, 1:])
    opt.zero_grad(); loss.backward(); opt.step()
    print(step, round(loss.item(), 4))
model.eval()
generated = [3]
with torch.no_grad():
    for _ in range(6):
        window = torch.tensor([generated[-model.receptive_field:]])
        nxt = cmodel(window)[0, :, -1].argmax().item()
        generated.append(nxt)
print(model.receptive_field, generated)
