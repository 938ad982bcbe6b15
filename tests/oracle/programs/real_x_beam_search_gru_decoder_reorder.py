"""real: beam search over a compiled GRU decoder step (embedding -> GRUCell -> log_softmax): beams flattened into the batch, scores + log_probs summed, topk over beam*vocab, beam origin from torch.div(..., rounding_mode='floor') and token from %, hidden reordered with index_select, finished beams tracked in Python lists until eos -- fairseq / OpenNMT-py beam search shape."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(7)

V, H, BEAM, EOS, BOS = 12, 16, 3, 0, 1


class DecoderStep(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(V, H)
        self.cell = nn.GRUCell(H, H)
        self.out = nn.Linear(H, V)

    def forward(self, tokens, hidden):
        hidden = self.cell(self.emb(tokens), hidden)
        return F.log_softmax(self.out(hidden), dim=-1), hidden


step = torch.compile(DecoderStep().eval())


@torch.no_grad()
def beam_search(h0, max_len=5, beam=BEAM):
    hidden = h0.expand(beam, H).contiguous()
    tokens = torch.full((beam,), BOS, dtype=torch.long)
    scores = torch.zeros(beam)
    scores[1:] = -1e9
    seqs = [[] for _ in range(beam)]
    finished = []
    for t in range(max_len):
        logp, hidden = step(tokens, hidden)
        cand = (scores.unsqueeze(1) + logp).view(-1)
        top_scores, top_idx = cand.topk(beam)
        origin = torch.div(top_idx, V, rounding_mode='floor')
        tokens = top_idx % V
        hidden = hidden.index_select(0, origin)
        seqs = [seqs[o] + [tok] for o, tok in zip(origin.tolist(), tokens.tolist())]
        scores = top_scores.clone()
        for b, tok in enumerate(tokens.tolist()):
            if tok == EOS:
                finished.append((round(scores[b].item() / (t + 1), 4), seqs[b]))
                scores[b] = -1e9
        if len(finished) >= beam:
            break
    for b in range(beam):
        if scores[b] > -1e8:
            finished.append((round(scores[b].item() / max_len, 4), seqs[b]))
    return sorted(finished, key=lambda x: -x[0])[:beam]


for i in range(3):
    print(beam_search(torch.randn(1, H)))
print(beam_search(torch.randn(1, H), beam=2))
