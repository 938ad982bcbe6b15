"""real: a compiled text classifier whose first step is Python tokenization (lower/split, vocab dict lookup, padding) of a list of strings before torch.tensor(ids) -- HF-style preprocessing inside the compiled function."""
import torch
import torch.nn as nn
torch.manual_seed(0)

VOCAB = {"<pad>": 0, "the": 1, "cat": 2, "sat": 3, "on": 4, "mat": 5, "dog": 6}
emb, head = nn.Embedding(8, 4), nn.Linear(4, 2)

@torch.compile
def classify(texts, max_len=4):
    rows = []
    for text in texts:
        toks = text.lower().split()[:max_len]
        ids = [VOCAB.get(w, 7) for w in toks]
        rows.append(ids + [0] * (max_len - len(ids)))
    x = torch.tensor(rows)
    mask = (x != 0).unsqueeze(-1).float()
    pooled = (emb(x) * mask).sum(1) / mask.sum(1).clamp(min=1)
    return head(pooled).softmax(-1)

classify(["The cat sat", "the dog"])
classify(["A dog sat on the mat", "cat"])
classify(["The cat sat", "the dog"])
classify(["the mat", "dog sat", "on"])
