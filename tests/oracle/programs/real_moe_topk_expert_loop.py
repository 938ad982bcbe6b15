"""real: sparse Mixture-of-Experts layer with top-2 routing: router softmax + topk, then a Python loop over experts gathering the tokens routed to each with torch.where (data-dependent shapes) and index_add_ -- Mixtral SparseMoeBlock / fairseq MoE shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

class Expert(nn.Module):
    def __init__(self, d, h):
        super().__init__()
        self.w1 = nn.Linear(d, h, bias=False)
        self.w2 = nn.Linear(h, d, bias=False)

    def forward(self, x):
        return self.w2(F.silu(self.w1(x)))

class MoE(nn.Module):
    def __init__(self, d=8, h=16, n_experts=4, top_k=2):
        super().__init__()
        self.top_k = top_k
        self.gate = nn.Linear(d, n_experts, bias=False)
        self.experts = nn.ModuleList([Expert(d, h) for _ in range(n_experts)])

    def forward(self, x):
        B, S, D = x.shape
        x = x.view(-1, D)
        probs = F.softmax(self.gate(x), dim=-1)
        w, sel = torch.topk(probs, self.top_k, dim=-1)
        w = w / w.sum(-1, keepdim=True)
        out = torch.zeros_like(x)
        for e, expert in enumerate(self.experts):
            tok, slot = torch.where(sel == e)
            if tok.numel() == 0:
                continue
            out.index_add_(0, tok, expert(x[tok]) * w[tok, slot, None])
        return out.view(B, S, D)

moe = MoE().eval()
cmoe = torch.compile(moe)
with torch.no_grad():
    for s in (3, 3, 5):
        x = torch.randn(2, s, 8)
        print(s, round(cmoe(x).sum().item(), 4), round(moe(x).sum().item(), 4))
