"""recomp: a transformers ModelOutput passed in, iterated with .items(); which optional fields are set changes between calls -- test_model_output.py test_mo_getattr / test_mo_items."""
import dataclasses
from typing import Optional
import torch
from transformers.utils import ModelOutput


@dataclasses.dataclass
class Out(ModelOutput):
    logits: Optional[torch.Tensor] = None
    hidden: Optional[torch.Tensor] = None
    aux: Optional[torch.Tensor] = None


@torch.compile
def f(o):
    acc = 0
    for i, (k, v) in enumerate(o.items()):
        acc = acc + v.sum() * (i + 1)
    return acc


a = torch.ones(2)
print(f(Out(logits=a)).item())
print(f(Out(logits=a, aux=a * 3)).item())
print(f(Out(logits=a, hidden=a * 2, aux=a * 3)).item())
print(f(Out(logits=a * 5, hidden=a)).item())
