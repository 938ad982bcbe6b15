"""real: an ml_collections-style ConfigDict (plain object keeping its values in self._fields and overriding __getattr__/__setattr__, vendored minimal form) read inside a compiled contrastive loss: config.temperature and config.margin change during training (temperature annealed, margin raised) -- google ml_collections ConfigDict configs (JAX/PyTorch research code, e.g. big_vision-style)."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class ConfigDict:
    def __init__(self, initial=None):
        super().__setattr__("_fields", dict(initial or {}))

    def __getattr__(self, attribute):
        try:
            return self._fields[attribute]
        except KeyError as e:
            raise AttributeError(attribute) from e

    def __setattr__(self, attribute, value):
        self._fields[attribute] = value


config = ConfigDict({"temperature": 0.5, "margin": 0.0, "dim": 4})
enc = nn.Linear(6, config.dim)
opt = torch.optim.SGD(enc.parameters(), lr=0.1)


@torch.compile
def contrastive_loss(a, b):
    za = F.normalize(enc(a), dim=-1)
    zb = F.normalize(enc(b), dim=-1)
    logits = za @ zb.t()
    logits = logits - config.margin * torch.eye(logits.shape[0])
    labels = torch.arange(logits.shape[0])
    return F.cross_entropy(logits / config.temperature, labels)


a = torch.randn(4, 6)
b = a + 0.1 * torch.randn(4, 6)
for step in range(4):
    if step == 1:
        config.temperature = 0.1
    if step == 3:
        config.margin = 0.2
    loss = contrastive_loss(a, b)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, config.temperature, config.margin, round(loss.item(), 4))
