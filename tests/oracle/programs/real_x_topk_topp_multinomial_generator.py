"""real: sampling helper compiled with @torch.compile taking logits, temperature, top_k, top_p and a torch.Generator: temperature scaling, top-k masking with torch.topk, nucleus filtering with sort/cumsum/scatter, softmax, torch.multinomial(probs, 1, generator=g); driven by a decode loop over a tiny LM with per-request sampling params and a reseeded generator for reproducibility -- vLLM / HF sampling (TopKLogitsWarper, TopPLogitsWarper) shape."""
import torch
import torch.nn as nn
torch.manual_seed(0)


@torch.compile
def sample(logits, temperature, top_k, top_p, generator):
    logits = logits / max(temperature, 1e-5)
    if top_k is not None:
        v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
        logits = logits.masked_fill(logits < v[..., -1, None], float('-inf'))
    if top_p is not None:
        sorted_logits, sorted_idx = torch.sort(logits, descending=False)
        cum = sorted_logits.softmax(dim=-1).cumsum(dim=-1)
        remove = cum <= (1 - top_p)
        remove[..., -1:] = False
        remove = remove.scatter(1, sorted_idx, remove)
        logits = logits.masked_fill(remove, float('-inf'))
    probs = torch.softmax(logits, dim=-1)
    return torch.multinomial(probs, num_samples=1, generator=generator)


lm = nn.Sequential(nn.Embedding(20, 16), nn.Linear(16, 20)).eval()
g = torch.Generator()
requests = [dict(temperature=1.0, top_k=5, top_p=None), dict(temperature=0.7, top_k=None, top_p=0.9),
            dict(temperature=0.7, top_k=8, top_p=0.8), dict(temperature=1.0, top_k=5, top_p=None)]
with torch.no_grad():
    for r, params in enumerate(requests):
        g.manual_seed(1234)
        tok = torch.tensor([[r + 1, r + 2]])
        out = []
        for _ in range(4):
            logits = lm(tok)[:, -1, :]
            nxt = sample(logits, params['temperature'], params['top_k'], params['top_p'], g)
            out.append(nxt.item())
            tok = torch.cat([tok, nxt], dim=1)
        print(r, out)
