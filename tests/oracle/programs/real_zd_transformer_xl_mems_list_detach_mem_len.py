"""real: Transformer-XL style segment recurrence (kimiyoung/transformer-xl mem_transformer.py) -- forward(data, *mems) with `if not mems: mems = self.init_mems()` returning a list of empty tensors per layer, each layer attends over torch.cat([mem, h], 0) with a causal mask built by torch.triu(..., diagonal=1+mlen), _update_mems under torch.no_grad: end_idx = mlen + max(0, qlen - 0), beg_idx = max(0, end_idx - self.mem_len), cat[beg_idx:end_idx].detach(); training over consecutive segments passing mems back in, last segment shorter."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class Layer(nn.Module):
    def __init__(self, d, n_head):
        super().__init__()
        self.attn = nn.MultiheadAttention(d, n_head)
        self.ff = nn.Sequential(nn.Linear(d, 2 * d), nn.ReLU(), nn.Linear(2 * d, d))
        self.ln1, self.ln2 = nn.LayerNorm(d), nn.LayerNorm(d)

    def forward(self, h, mem, attn_mask):
        cat = torch.cat([mem, h], 0) if mem.numel() > 0 else h
        out, _ = self.attn(h, cat, cat, attn_mask=attn_mask, need_weights=False)
        h = self.ln1(h + out)
        return self.ln2(h + self.ff(h))


class MemTransformerLM(nn.Module):
    def __init__(self, n_token=30, d=16, n_layer=2, n_head=2, mem_len=6):
        super().__init__()
        self.word_emb = nn.Embedding(n_token, d)
        self.layers = nn.ModuleList([Layer(d, n_head) for _ in range(n_layer)])
        self.out = nn.Linear(d, n_token)
        self.n_layer, self.mem_len, self.d = n_layer, mem_len, d

    def init_mems(self):
        if self.mem_len > 0:
            return [torch.empty(0, dtype=self.word_emb.weight.dtype) for _ in range(self.n_layer + 1)]
        return None

    def _update_mems(self, hids, mems, qlen, mlen):
        if mems is None:
            return None
        with torch.no_grad():
            new_mems = []
            end_idx = mlen + max(0, qlen)
            beg_idx = max(0, end_idx - self.mem_len)
            for i in range(len(hids)):
                cat = torch.cat([mems[i], hids[i]], dim=0) if mems[i].numel() > 0 else hids[i]
                new_mems.append(cat[beg_idx:end_idx].detach())
        return new_mems

    def forward(self, data, target, *mems):
        if not mems:
            mems = self.init_mems()
        qlen, bsz = data.size()
        mlen = mems[0].size(0) if mems is not None else 0
        klen = mlen + qlen
        attn_mask = torch.triu(torch.ones(qlen, klen), diagonal=1 + mlen).bool()
        h = self.word_emb(data)
        hids = [h]
        for i, layer in enumerate(self.layers):
            h = layer(h, mems[i], attn_mask)
            hids.append(h)
        new_mems = self._update_mems(hids, mems, qlen, mlen)
        loss = F.cross_entropy(self.out(h).view(-1, 30), target.reshape(-1))
        return [loss] + new_mems


model = MemTransformerLM()
cmodel = torch.compile(model, backend="eager")
optimizer = torch.optim.Adam(model.parameters(), lr=2.5e-4)
corpus = torch.randint(0, 30, (18, 2))
tgt_len = 4
mems = tuple()
for batch, i in enumerate(range(0, corpus.size(0) - 1, tgt_len)):
    seq_len = min(tgt_len, corpus.size(0) - 1 - i)
    data, target = corpus[i:i + seq_len], corpus[i + 1:i + 1 + seq_len]
    ret = cmodel(data, target, *mems)
    loss, mems = ret[0], ret[1:]
    optimizer.zero_grad(); loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 0.25)
    optimizer.step()
    print(batch, seq_len, tuple(mems[0].shape), round(loss.item(), 4))
