"""real: Pointer Network / attention model for TSP trained with REINFORCE (pemami4911/neural-combinatorial-rl-pytorch, wouterkool attention-learn-to-route shape) -- LSTM-free encoder (Linear embed), decoder loop `for i in range(n_nodes)` computing attention logits over nodes, logits.masked_fill(mask, -inf), Categorical sampling in train / argmax in eval (`if self.decode_type == 'greedy'`), mask = mask.scatter(1, idx.unsqueeze(-1), True), tour length via gather; exponential moving-average baseline as python float; compiled decoding step function."""
import torch
import torch.nn as nn
from torch.distributions import Categorical
torch.manual_seed(0)


class PointerDecoder(nn.Module):
    def __init__(self, d=16):
        super().__init__()
        self.embed = nn.Linear(2, d)
        self.q = nn.Linear(2 * d, d)
        self.k = nn.Linear(d, d)
        self.decode_type = 'sampling'

    def step(self, h, context, mask):
        logits = torch.einsum('bd,bnd->bn', self.q(context), self.k(h)) / 4.0
        logits = 10.0 * torch.tanh(logits)
        logits = logits.masked_fill(mask, float('-inf'))
        probs = torch.softmax(logits, dim=-1)
        if self.decode_type == 'greedy':
            idx = probs.argmax(-1)
        else:
            idx = Categorical(probs).sample()
        logp = torch.log(probs.gather(1, idx.unsqueeze(-1)).squeeze(-1) + 1e-10)
        return idx, logp


model = PointerDecoder()
step = torch.compile(model.step, backend="eager")


def rollout(coords):
    b, n, _ = coords.shape
    h = model.embed(coords)
    graph = h.mean(1)
    mask = torch.zeros(b, n, dtype=torch.bool)
    last = graph
    tour, logps = [], []
    for i in range(n):
        idx, logp = step(h, torch.cat([graph, last], -1), mask)
        mask = mask.scatter(1, idx.unsqueeze(-1), True)
        last = h.gather(1, idx[:, None, None].expand(-1, 1, h.size(-1))).squeeze(1)
        tour.append(idx); logps.append(logp)
    tour = torch.stack(tour, 1)
    ordered = coords.gather(1, tour[..., None].expand(-1, -1, 2))
    length = (ordered - ordered.roll(-1, dims=1)).norm(dim=-1).sum(1)
    return length, torch.stack(logps, 1).sum(1)


opt = torch.optim.Adam(model.parameters(), lr=1e-3)
baseline = None
for it in range(3):
    coords = torch.rand(4, 5, 2)
    length, logp = rollout(coords)
    baseline = length.mean().item() if baseline is None else 0.8 * baseline + 0.2 * length.mean().item()
    loss = ((length - baseline) * logp).mean()
    opt.zero_grad(); loss.backward(); opt.step()
    print(it, round(length.mean().item(), 4))
model.decode_type = 'greedy'
with torch.no_grad():
    length, _ = rollout(torch.rand(2, 6, 2))
    print(round(length.mean().item(), 4))
