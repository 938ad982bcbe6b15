"""real: greedy speculative decoding with a draft model and a target model (a deepcopy of the draft with a perturbed head, same class), both compiled: the draft proposes k tokens one at a time, the target scores the prefix plus all proposals in one call, the accepted prefix length comes from comparing argmaxes (a Python int via .tolist()), and the sequence grows by a varying number of tokens each round -- Leviathan et al. speculative sampling as in gpt-fast speculative_decode."""
import copy
import torch
import torch.nn as nn
torch.manual_seed(0)
V = 11


class LM(nn.Module):
    def __init__(self, d):
        super().__init__()
        self.emb = nn.Embedding(V, d)
        self.mix = nn.Linear(d, d)
        self.head = nn.Linear(d, V)

    def forward(self, idx):
        h = self.emb(idx)
        T = idx.size(1)
        h = h.cumsum(1) / torch.arange(1, T + 1).view(1, T, 1)
        return self.head(torch.tanh(self.mix(h)))


draft_model = LM(6).eval()
target_model = copy.deepcopy(draft_model)
with torch.no_grad():
    target_model.head.weight.add_(0.3 * torch.randn_like(target_model.head.weight))
draft = torch.compile(draft_model)
target = torch.compile(target_model)
K = 3
seq = [1, 2]
with torch.no_grad():
    for rnd in range(3):
        proposal = list(seq)
        for _ in range(K):
            logits = draft(torch.tensor([proposal]))
            proposal.append(int(logits[0, -1].argmax()))
        t_logits = target(torch.tensor([proposal]))
        t_pred = t_logits[0, len(seq) - 1:].argmax(-1).tolist()
        n_acc = 0
        for i in range(K):
            if proposal[len(seq) + i] == t_pred[i]:
                n_acc += 1
            else:
                break
        seq = proposal[:len(seq) + n_acc] + [t_pred[n_acc]]
        print(rnd, n_acc, seq)
