"""real: compiled train step taking a dataclass Batch (input tensor, label tensor, a per-batch float loss weight and an Optional attention mask) built by a collate function; mask present only on some batches, weight changes -- custom collate_fn returning a dataclass (HF DataCollator-style batch object)."""
from dataclasses import dataclass
from typing import Optional
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


@dataclass
class Batch:
    inputs: torch.Tensor
    labels: torch.Tensor
    weight: float = 1.0
    mask: Optional[torch.Tensor] = None


def collate(n, weight, masked):
    x = torch.randn(n, 4, 6)
    mask = (torch.arange(4) < 3).expand(n, 4).float() if masked else None
    return Batch(x, torch.arange(n) % 3, weight, mask)


enc = nn.Linear(6, 8)
head = nn.Linear(8, 3)
opt = torch.optim.SGD(list(enc.parameters()) + list(head.parameters()), lr=0.1)


@torch.compile
def train_step(batch: Batch):
    h = torch.tanh(enc(batch.inputs))
    if batch.mask is not None:
        pooled = (h * batch.mask[..., None]).sum(1) / batch.mask.sum(1, keepdim=True)
    else:
        pooled = h.mean(1)
    loss = batch.weight * F.cross_entropy(head(pooled), batch.labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    return loss.detach()


for step, (w, masked) in enumerate([(1.0, False), (1.0, True), (0.5, True), (0.5, False), (2.0, True)]):
    print(step, round(train_step(collate(3, w, masked)).item(), 4))
