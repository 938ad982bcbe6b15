"""misc: an HF-style ModelOutput (OrderedDict + dataclass) read by key, attribute, to_tuple() and position -- _repros_part1.py test_hf_model_output."""
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

    def __getitem__(self, k):
        if isinstance(k, str):
            return dict(self.items())[k]
        return self.to_tuple()[k]

    def to_tuple(self):
        return tuple(self[k] for k in self.keys())


@dataclasses.dataclass
class EncoderOutput(ModelOutput):
    last_hidden: Optional[torch.Tensor] = None
    pooled: Optional[torch.Tensor] = None
    attentions: Optional[torch.Tensor] = None


def by_key(o):
    return o["last_hidden"] + 1


def by_attr(o):
    return o.last_hidden + 1


def by_tuple(o):
    return o.to_tuple()[0] + 1


def by_index(o):
    return o[0] + 1


out = EncoderOutput(last_hidden=torch.randn(4), pooled=torch.randn(4))
for fn in (by_key, by_attr, by_tuple, by_index):
    cfn = torch.compile(fn)
    print(cfn(out))
    print(cfn(EncoderOutput(last_hidden=torch.randn(4), attentions=torch.randn(2))))
