"""recomp: a dict keyed by Enum members is passed to a compiled module; the key set changes -- _repros_part1.py test_tuple_enum_as_key_dict."""
import enum

import torch

torch.manual_seed(0)


class Field(enum.Enum):
    IMAGE = "image"
    TEXT = "text"


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(2, 1)

    def forward(self, batch):
        out = self.proj(batch[Field.IMAGE])
        if Field.TEXT in batch:
            out = out + batch[Field.TEXT].sum()
        return out


head = torch.compile(Head())
head({Field.IMAGE: torch.rand(4, 2)})
head({Field.IMAGE: torch.rand(4, 2)})
head({Field.IMAGE: torch.rand(4, 2), Field.TEXT: torch.rand(3)})
head({Field.IMAGE: torch.rand(4, 2)})
