"""real: curriculum learning: a compiled train step crops every batch to cfg.max_len (int field of a dataclass config) and the curriculum raises max_len every two steps; Transformer encoder layer + mean pool classifier -- sequence-length warmup curriculum (Li et al., DeepSpeed curriculum)."""
from dataclasses import dataclass
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


@dataclass
class TrainConfig:
    max_len: int = 3
    lr: float = 0.05


cfg = TrainConfig()
emb = nn.Embedding(12, 8)
enc = nn.TransformerEncoderLayer(8, 2, 16, dropout=0.0, batch_first=True)
head = nn.Linear(8, 2)
params = list(emb.parameters()) + list(enc.parameters()) + list(head.parameters())
opt = torch.optim.SGD(params, lr=cfg.lr)


@torch.compile
def train_step(tokens, labels):
    tokens = tokens[:, : cfg.max_len]
    h = enc(emb(tokens))
    loss = F.cross_entropy(head(h.mean(1)), labels)
    return loss


tokens = torch.randint(0, 12, (4, 8))
labels = torch.tensor([0, 1, 1, 0])
for step in range(5):
    cfg.max_len = 3 + 2 * (step // 2)
    loss = train_step(tokens, labels)
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(step, cfg.max_len, round(loss.item(), 4))
