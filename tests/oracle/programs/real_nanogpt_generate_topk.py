"""real: nanoGPT-style sampling loop around a compiled model: crop to block_size, logits / temperature, topk masking, multinomial, growing idx -- karpathy/nanoGPT model.py generate + sample.py."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class TinyGPT(nn.Module):
    def __init__(self, vocab=20, block_size=6, d=16):
        super().__init__()
        self.wte, self.wpe = nn.Embedding(vocab, d), nn.Embedding(block_size, d)
        self.blk = nn.TransformerEncoderLayer(d, 2, 32, dropout=0.0, batch_first=True, norm_first=True)
        self.lm_head = nn.Linear(d, vocab, bias=False)

    def forward(self, idx, targets=None):
        t = idx.size(1)
        x = self.wte(idx) + self.wpe(torch.arange(0, t, dtype=torch.long))
        x = self.blk(x, src_mask=nn.Transformer.generate_square_subsequent_mask(t), is_causal=True)
        return self.lm_head(x[:, [-1], :]), None

@torch.no_grad()
def generate(model, idx, max_new_tokens, block_size=6, temperature=1.0, top_k=None):
    for _ in range(max_new_tokens):
        idx_cond = idx if idx.size(1) <= block_size else idx[:, -block_size:]
        logits, _ = model(idx_cond)
        logits = logits[:, -1, :] / temperature
        if top_k is not None:
            v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
            logits[logits < v[:, [-1]]] = -float("Inf")
        probs = F.softmax(logits, dim=-1)
        idx_next = torch.multinomial(probs, num_samples=1)
        idx = torch.cat((idx, idx_next), dim=1)
    return idx

model = torch.compile(TinyGPT().eval())
out = generate(model, torch.zeros((1, 1), dtype=torch.long), max_new_tokens=7, temperature=0.8, top_k=5)
assert out.shape == (1, 8)
