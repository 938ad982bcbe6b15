"""real: Switch Transformer / GShard top-1 router with expert capacity and token dropping (mesh-tensorflow / fairseq MOELayer top1gating shrunk) -- router logits + optional jitter noise in training (`if self.training and self.jitter_noise > 0`), capacity = int(capacity_factor * num_tokens / num_experts) with capacity_factor differing for train/eval, one-hot expert mask, cumsum - 1 positions, tokens beyond capacity dropped (mask *= locations < capacity), load-balancing aux loss (fraction routed * mean prob * E), combine weights; experts in a ModuleList looped in python with boolean indexing; train steps then eval with a different batch size."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class SwitchRouter(nn.Module):
    def __init__(self, d, num_experts, jitter_noise=0.01):
        super().__init__()
        self.classifier = nn.Linear(d, num_experts, bias=False)
        self.num_experts, self.jitter_noise = num_experts, jitter_noise

    def forward(self, hidden_states, capacity_factor):
        if self.training and self.jitter_noise > 0:
            hidden_states = hidden_states * torch.empty_like(hidden_states).uniform_(1.0 - self.jitter_noise, 1.0 + self.jitter_noise)
        router_logits = self.classifier(hidden_states)
        router_probs = F.softmax(router_logits, dim=-1, dtype=torch.float32)
        num_tokens = hidden_states.shape[0]
        capacity = int(capacity_factor * num_tokens / self.num_experts)
        expert_index = torch.argmax(router_probs, dim=-1)
        expert_mask = F.one_hot(expert_index, num_classes=self.num_experts)
        locations = torch.cumsum(expert_mask, dim=0) - 1
        expert_mask = expert_mask * torch.lt(locations, capacity)
        density = expert_mask.float().mean(0)
        density_proxy = router_probs.mean(0)
        aux_loss = (density * density_proxy).sum() * self.num_experts
        gate = (router_probs * expert_mask).sum(-1)
        return expert_mask, gate, aux_loss


class SwitchFF(nn.Module):
    def __init__(self, d=16, h=32, num_experts=4):
        super().__init__()
        self.router = SwitchRouter(d, num_experts)
        self.experts = nn.ModuleList([nn.Sequential(nn.Linear(d, h), nn.ReLU(), nn.Linear(h, d)) for _ in range(num_experts)])
        self.train_capacity_factor, self.eval_capacity_factor = 1.25, 2.0

    def forward(self, x):
        B, S, D = x.shape
        flat = x.reshape(-1, D)
        cf = self.train_capacity_factor if self.training else self.eval_capacity_factor
        expert_mask, gate, aux = self.router(flat, cf)
        out = flat.clone()
        for idx, expert in enumerate(self.experts):
            token_indices = expert_mask[:, idx].bool()
            out[token_indices] = expert(flat[token_indices]).to(out.dtype)
        out = out * gate.unsqueeze(-1)
        return out.reshape(B, S, D), aux


class Model(nn.Module):
    def __init__(self, vocab=30, d=16):
        super().__init__()
        self.emb = nn.Embedding(vocab, d)
        self.moe = SwitchFF(d)
        self.ln = nn.LayerNorm(d)
        self.head = nn.Linear(d, vocab)

    def forward(self, ids):
        h = self.emb(ids)
        m, aux = self.moe(self.ln(h))
        return self.head(h + m), aux


model = Model()
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.Adam(model.parameters(), lr=1e-3)
for step in range(3):
    ids = torch.randint(0, 30, (4, 6))
    logits, aux = cmodel(ids)
    loss = F.cross_entropy(logits[:, :-1].reshape(-1, 30), ids[:, 1:].reshape(-1)) + 0.01 * aux
    opt.zero_grad(); loss.backward(); opt.step()
    print(step, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    logits, aux = cmodel(torch.randint(0, 30, (2, 6)))
    print(round(aux.item(), 4), logits.argmax(-1)[0].tolist())
