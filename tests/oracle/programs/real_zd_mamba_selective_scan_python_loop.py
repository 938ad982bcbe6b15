"""real: mamba-minimal (johnma2006/mamba-minimal) MambaBlock -- in_proj split into (x, res), depthwise causal conv1d sliced [:, :, :l], ssm() computing delta/B/C via x_proj split and F.softplus(dt_proj), selective_scan with deltaA = torch.exp(einsum(delta, A, 'b l d_in, d_in n -> b l d_in n')) and a python `for i in range(l)` sequential loop appending ys, torch.stack(ys, dim=1); RMSNorm residual; language-model head with tied weights; prompts of growing length (no cache)."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class RMSNorm(nn.Module):
    def __init__(self, d_model, eps=1e-5):
        super().__init__()
        self.eps = eps
        self.weight = nn.Parameter(torch.ones(d_model))

    def forward(self, x):
        return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps) * self.weight


class MambaBlock(nn.Module):
    def __init__(self, d_model=16, d_state=4, expand=2, d_conv=3):
        super().__init__()
        self.d_inner = expand * d_model
        self.dt_rank = math.ceil(d_model / 16)
        self.in_proj = nn.Linear(d_model, self.d_inner * 2, bias=False)
        self.conv1d = nn.Conv1d(self.d_inner, self.d_inner, kernel_size=d_conv, groups=self.d_inner, padding=d_conv - 1)
        self.x_proj = nn.Linear(self.d_inner, self.dt_rank + d_state * 2, bias=False)
        self.dt_proj = nn.Linear(self.dt_rank, self.d_inner, bias=True)
        A = torch.arange(1, d_state + 1).float().repeat(self.d_inner, 1)
        self.A_log = nn.Parameter(torch.log(A))
        self.D = nn.Parameter(torch.ones(self.d_inner))
        self.out_proj = nn.Linear(self.d_inner, d_model, bias=False)

    def forward(self, x):
        (b, l, d) = x.shape
        x_and_res = self.in_proj(x)
        (x, res) = x_and_res.split(split_size=[self.d_inner, self.d_inner], dim=-1)
        x = x.transpose(1, 2)
        x = self.conv1d(x)[:, :, :l]
        x = F.silu(x.transpose(1, 2))
        y = self.ssm(x)
        return self.out_proj(y * F.silu(res))

    def ssm(self, x):
        (d_in, n) = self.A_log.shape
        A = -torch.exp(self.A_log.float())
        D = self.D.float()
        x_dbl = self.x_proj(x)
        (delta, B, C) = x_dbl.split(split_size=[self.dt_rank, n, n], dim=-1)
        delta = F.softplus(self.dt_proj(delta))
        return self.selective_scan(x, delta, A, B, C, D)

    def selective_scan(self, u, delta, A, B, C, D):
        (b, l, d_in) = u.shape
        n = A.shape[1]
        deltaA = torch.exp(torch.einsum('bld,dn->bldn', delta, A))
        deltaB_u = torch.einsum('bld,bln,bld->bldn', delta, B, u)
        x = torch.zeros((b, d_in, n), device=deltaA.device)
        ys = []
        for i in range(l):
            x = deltaA[:, i] * x + deltaB_u[:, i]
            y = torch.einsum('bdn,bn->bd', x, C[:, i, :])
            ys.append(y)
        y = torch.stack(ys, dim=1)
        return y + u * D


class Mamba(nn.Module):
    def __init__(self, vocab=40, d_model=16, n_layer=2):
        super().__init__()
        self.embedding = nn.Embedding(vocab, d_model)
        self.layers = nn.ModuleList([nn.ModuleDict(dict(mixer=MambaBlock(d_model), norm=RMSNorm(d_model))) for _ in range(n_layer)])
        self.norm_f = RMSNorm(d_model)
        self.lm_head = nn.Linear(d_model, vocab, bias=False)
        self.lm_head.weight = self.embedding.weight

    def forward(self, input_ids):
        x = self.embedding(input_ids)
        for layer in self.layers:
            x = layer['mixer'](layer['norm'](x)) + x
        return self.lm_head(self.norm_f(x))


model = Mamba().eval()
cmodel = torch.compile(model, backend="eager")
input_ids = torch.tensor([[3, 7, 1]])
with torch.no_grad():
    for token_n in range(4):
        next_token_logits = cmodel(input_ids)[:, -1]
        probs = F.softmax(next_token_logits, dim=-1)
        next_indices = torch.topk(probs, k=5)[1]
        next_id = next_indices[:, :1]
        input_ids = torch.cat([input_ids, next_id], dim=1)
print(input_ids.tolist())
