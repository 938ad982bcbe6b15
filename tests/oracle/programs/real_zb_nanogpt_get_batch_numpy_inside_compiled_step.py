"""real: nanoGPT train.py's get_batch(split) (torch.randint offsets into a NumPy token array, torch.stack of torch.from_numpy(data[i:i+block_size].astype(np.int64)) for each offset) called inside the compiled training step together with the model forward and cross-entropy; the step is called for 'train' twice and then for 'val' -- karpathy/nanoGPT train.py get_batch + model.py GPT.forward(idx, targets)."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F

torch.manual_seed(0)
block_size = 8
batch_size = 2
vocab_size = 32
train_data = (np.arange(120, dtype=np.uint16) * 7) % vocab_size
val_data = (np.arange(40, dtype=np.uint16) * 5) % vocab_size


class TinyGPT(nn.Module):
    def __init__(self):
        super().__init__()
        self.wte = nn.Embedding(vocab_size, 16)
        self.wpe = nn.Embedding(block_size, 16)
        self.ln = nn.LayerNorm(16)
        self.attn = nn.Linear(16, 48)
        self.proj = nn.Linear(16, 16)
        self.lm_head = nn.Linear(16, vocab_size, bias=False)

    def forward(self, idx, targets=None):
        b, t = idx.size()
        pos = torch.arange(0, t, dtype=torch.long)
        x = self.wte(idx) + self.wpe(pos)
        q, k, v = self.attn(self.ln(x)).split(16, dim=2)
        q, k, v = (z.view(b, t, 2, 8).transpose(1, 2) for z in (q, k, v))
        y = F.scaled_dot_product_attention(q, k, v, is_causal=True)
        x = x + self.proj(y.transpose(1, 2).contiguous().view(b, t, 16))
        logits = self.lm_head(x)
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        return logits, loss


def get_batch(split):
    data = train_data if split == "train" else val_data
    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([torch.from_numpy((data[i:i + block_size]).astype(np.int64)) for i in ix])
    y = torch.stack([torch.from_numpy((data[i + 1:i + 1 + block_size]).astype(np.int64)) for i in ix])
    return x, y


model = TinyGPT()


@torch.compile(backend="eager")
def step(split):
    X, Y = get_batch(split)
    logits, loss = model(X, Y)
    return loss


with torch.no_grad():
    for split in ["train", "train", "val"]:
        print(split, round(step(split).item(), 4))
