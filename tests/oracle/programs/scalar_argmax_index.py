"""scalar: idx = scores.argmax().item() then rows[idx] (greedy pick) -- test_misc.py item used as an index / test_repros.py argmax item."""
import torch
torch.manual_seed(0)

@torch.compile
def pick(scores, rows):
    idx = scores.argmax().item()
    return rows[idx] * 2

rows = torch.randn(4, 3)
pick(torch.tensor([0.1, 0.9, 0.3, 0.2]), rows)
pick(torch.tensor([0.1, 0.2, 0.3, 0.9]), rows)
