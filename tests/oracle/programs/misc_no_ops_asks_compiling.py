"""misc: a compiled function that computes nothing on tensors but asks torch.compiler.is_compiling() -- Dynamo keeps its entry (inconsistent side effects), unlike a frame with no ops (test_misc.py no-op frame skipped)."""
import torch


class Record:
    pass


def fill(rec, t):
    rec.value = t
    if not torch.compiler.is_compiling():
        rec.eager = True
    return rec


f = torch.compile(fill)
f(Record(), torch.ones(2))
with torch.no_grad():
    f(Record(), torch.ones(2))
