"""real: a noise-injection module keeps its own torch.Generator on an attribute and draws torch.randn(..., generator=self.gen) in forward; the generator is reseeded between calls and then replaced -- diffusion / augmentation modules with private generators."""
import torch
import torch.nn as nn


class Noisy(nn.Module):
    def __init__(self):
        super().__init__()
        self.gen = torch.Generator().manual_seed(0)

    def forward(self, x):
        return x + 0.1 * torch.randn(x.shape, generator=self.gen)


m = Noisy()
cm = torch.compile(m)
x = torch.zeros(3)
print([round(v, 4) for v in cm(x).tolist()])
print([round(v, 4) for v in cm(x).tolist()])
m.gen.manual_seed(0)
print([round(v, 4) for v in cm(x).tolist()])
m.gen = torch.Generator().manual_seed(1)
print([round(v, 4) for v in cm(x).tolist()])
