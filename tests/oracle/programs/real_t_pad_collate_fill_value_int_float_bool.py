"""real: a compiled padding collate function pad_batch(seqs, pad_value) that builds torch.full((B, L), pad_value) and copies each sequence in; called for float feature sequences with pad_value 0.0, then (a config typo) 0, then False, then -1.0 -- torch.full's dtype follows the Python type of the fill value (0 == 0.0 == False to Python)."""
import torch
torch.manual_seed(0)


@torch.compile
def pad_batch(seqs, pad_value):
    out = torch.full((len(seqs), 4), pad_value)
    for i, s in enumerate(seqs):
        out[i, : s.shape[0]] = s
    return out


seqs = [torch.randn(3) + 2, torch.randn(2) + 2]
for pv in (0.0, 0, False, -1.0, 0.0):
    out = pad_batch(seqs, pv)
    print(repr(pv), out.dtype, round(float(out.sum()), 4))
