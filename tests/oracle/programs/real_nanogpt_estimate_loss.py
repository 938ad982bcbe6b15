"""real: nanoGPT GPT (CausalSelfAttention flash/non-flash by hasattr, Blocks in ModuleDict, targets/no targets) with estimate_loss under no_grad switching eval()/train() -- karpathy/nanoGPT model.py + train.py."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class CausalSelfAttention(nn.Module):
    def __init__(self, n_embd=16, n_head=2, block_size=8, dropout=0.1):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)
        self.attn_dropout, self.resid_dropout = nn.Dropout(dropout), nn.Dropout(dropout)
        self.n_head, self.n_embd, self.dropout = n_head, n_embd, dropout
        self.flash = hasattr(torch.nn.functional, "scaled_dot_product_attention")
        if not self.flash:
            self.register_buffer("bias", torch.tril(torch.ones(block_size, block_size)).view(1, 1, block_size, block_size))

    def forward(self, x):
        B, T, C = x.size()
        q, k, v = self.c_attn(x).split(self.n_embd, dim=2)
        k = k.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        q = q.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        v = v.view(B, T, self.n_head, C // self.n_head).transpose(1, 2)
        if self.flash:
            y = F.scaled_dot_product_attention(q, k, v, attn_mask=None, dropout_p=self.dropout if self.training else 0, is_causal=True)
        else:
            att = (q @ k.transpose(-2, -1)) * (1.0 / math.sqrt(k.size(-1)))
            att = F.softmax(att.masked_fill(self.bias[:, :, :T, :T] == 0, float("-inf")), dim=-1)
            y = self.attn_dropout(att) @ v
        y = y.transpose(1, 2).contiguous().view(B, T, C)
        return self.resid_dropout(self.c_proj(y))

class Block(nn.Module):
    def __init__(self, n_embd=16):
        super().__init__()
        self.ln_1, self.attn, self.ln_2 = nn.LayerNorm(n_embd), CausalSelfAttention(n_embd), nn.LayerNorm(n_embd)
        self.mlp = nn.Sequential(nn.Linear(n_embd, 4 * n_embd), nn.GELU(), nn.Linear(4 * n_embd, n_embd), nn.Dropout(0.1))

    def forward(self, x):
        x = x + self.attn(self.ln_1(x))
        return x + self.mlp(self.ln_2(x))

class GPT(nn.Module):
    def __init__(self, vocab=32, block_size=8, n_embd=16, n_layer=2):
        super().__init__()
        self.block_size = block_size
        self.transformer = nn.ModuleDict(dict(
            wte=nn.Embedding(vocab, n_embd), wpe=nn.Embedding(block_size, n_embd), drop=nn.Dropout(0.1),
            h=nn.ModuleList([Block(n_embd) for _ in range(n_layer)]), ln_f=nn.LayerNorm(n_embd)))
        self.lm_head = nn.Linear(n_embd, vocab, bias=False)
        self.transformer.wte.weight = self.lm_head.weight

    def forward(self, idx, targets=None):
        b, t = idx.size()
        assert t <= self.block_size, f"Cannot forward sequence of length {t}, block size is only {self.block_size}"
        pos = torch.arange(0, t, dtype=torch.long, device=idx.device)
        x = self.transformer.drop(self.transformer.wte(idx) + self.transformer.wpe(pos))
        for block in self.transformer.h:
            x = block(x)
        x = self.transformer.ln_f(x)
        if targets is not None:
            logits = self.lm_head(x)
            loss = F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1), ignore_index=-1)
        else:
            logits = self.lm_head(x[:, [-1], :])
            loss = None
        return logits, loss

data = torch.randint(0, 32, (100,))

def get_batch():
    ix = torch.randint(len(data) - 8, (2,))
    return torch.stack([data[i:i + 8] for i in ix]), torch.stack([data[i + 1:i + 9] for i in ix])

@torch.no_grad()
def estimate_loss(model, eval_iters=2):
    model.eval()
    losses = torch.zeros(eval_iters)
    for k in range(eval_iters):
        X, Y = get_batch()
        _, loss = model(X, Y)
        losses[k] = loss.item()
    model.train()
    return losses.mean()

raw = GPT()
model = torch.compile(raw)
opt = torch.optim.AdamW(raw.parameters(), lr=1e-3)
for it in range(3):
    if it % 2 == 0:
        estimate_loss(model)
    X, Y = get_batch()
    _, loss = model(X, Y)
    loss.backward()
    opt.step()
    opt.zero_grad(set_to_none=True)
