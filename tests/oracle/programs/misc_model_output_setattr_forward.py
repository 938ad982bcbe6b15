"""misc: forward builds an HF-style ModelOutput whose __setattr__ mirrors fields into the dict, then sets an extra field -- test_model_output.py test_mo_setattr."""
import collections
import dataclasses
from typing import Optional

import torch

torch.manual_seed(0)


class ModelOutput(collections.OrderedDict):
    def __post_init__(self):
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v is not None:
                self[f.name] = v

    def __setattr__(self, name, value):
        if value is not None and name in self.__dataclass_fields__:
            super().__setitem__(name, value)
        super().__setattr__(name, value)


@dataclasses.dataclass
class LMOutput(ModelOutput):
    logits: Optional[torch.Tensor] = None
    loss: Optional[torch.Tensor] = None


class TinyLM(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = torch.nn.Embedding(10, 4)
        self.head = torch.nn.Linear(4, 10)

    def forward(self, ids, labels=None):
        out = LMOutput(logits=self.head(self.emb(ids)))
        if labels is not None:
            out.loss = torch.nn.functional.cross_entropy(out.logits.view(-1, 10), labels.view(-1))
        return out


cm = torch.compile(TinyLM())
ids = torch.tensor([[1, 2, 3]])
o = cm(ids)
print(list(o.keys()))
o = cm(ids, labels=torch.tensor([[2, 3, 4]]))
print(list(o.keys()), o["loss"] is o.loss)
