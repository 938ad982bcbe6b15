"""real: beam search over a tiny GRU decoder: compiled step function returns log-probs, the Python driver keeps beams with topk and .tolist(), reorders hidden state with index_select and stops on EOS -- fairseq SequenceGenerator / OpenNMT beam search shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

V, H, EOS = 12, 8, 0

class Decoder(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, H)
        self.cell = nn.GRUCell(H, H)
        self.out = nn.Linear(H, V)

    def forward(self, tok, h):
        h = self.cell(self.emb(tok), h)
        return F.log_softmax(self.out(h), -1), h

dec = Decoder().eval()

@torch.compile
def step(tok, h, scores):
    logp, h = dec(tok, h)
    return scores[:, None] + logp, h

beam = 3
with torch.no_grad():
    h = torch.randn(1, H).expand(beam, H).contiguous()
    tok = torch.full((beam,), 1, dtype=torch.long)
    scores = torch.tensor([0.0] + [-1e9] * (beam - 1))
    hyps = [[] for _ in range(beam)]
    for t in range(4):
        cand, h = step(tok, h, scores)
        top, idx = cand.view(-1).topk(beam)
        origin, tok = (idx // V), (idx % V)
        hyps = [hyps[o] + [w] for o, w in zip(origin.tolist(), tok.tolist())]
        h = h.index_select(0, origin)
        scores = top
        print(t, [round(s, 3) for s in scores.tolist()])
    print(hyps[0])
