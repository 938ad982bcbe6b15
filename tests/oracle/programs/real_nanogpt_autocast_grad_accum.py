"""real: nanoGPT train loop: ctx = torch.autocast(cpu, bfloat16), gradient accumulation micro steps (loss / steps), GradScaler(enabled=False), unscale_ + clip_grad_norm_, scaler.step/update, zero_grad(set_to_none=True) -- karpathy/nanoGPT train.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class TinyLM(nn.Module):
    def __init__(self, vocab=32, d=16, block=8):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(vocab, d), nn.Embedding(block, d)
        self.mlp = nn.Sequential(nn.LayerNorm(d), nn.Linear(d, 4 * d), nn.GELU(), nn.Linear(4 * d, d))
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx, targets=None):
        x = self.wte(idx) + self.wpe(torch.arange(idx.size(1)))
        logits = self.lm_head(x + self.mlp(x))
        loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        return logits, loss

data = torch.randint(0, 32, (64,))

def get_batch():
    ix = torch.randint(len(data) - 8, (2,))
    return torch.stack([data[i:i + 8] for i in ix]), torch.stack([data[i + 1:i + 9] for i in ix])

model = torch.compile(TinyLM())
optimizer = torch.optim.AdamW(model.parameters(), lr=6e-4, betas=(0.9, 0.95))
ctx = torch.autocast(device_type="cpu", dtype=torch.bfloat16)
scaler = torch.amp.GradScaler("cpu", enabled=False)
gradient_accumulation_steps = 2
X, Y = get_batch()
for it in range(2):
    for micro_step in range(gradient_accumulation_steps):
        with ctx:
            logits, loss = model(X, Y)
            loss = loss / gradient_accumulation_steps
        X, Y = get_batch()
        scaler.scale(loss).backward()
    scaler.unscale_(optimizer)
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    scaler.step(optimizer)
    scaler.update()
    optimizer.zero_grad(set_to_none=True)
