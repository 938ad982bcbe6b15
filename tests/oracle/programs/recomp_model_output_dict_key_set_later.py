"""recomp: a ModelOutput-like dataclass subclassing OrderedDict (attributes mirrored into dict keys) is passed to a compiled head; its optional field 'aux' goes from None to a tensor, then its scale field changes -- test_model_output.py test_mo_getattr / test_mo_setitem."""
import collections
import dataclasses
from typing import Optional
import torch


class ModelOutput(collections.OrderedDict):
    def __post_init__(self):
        for f in dataclasses.fields(self):
            v = getattr(self, f.name)
            if v is not None:
                self[f.name] = v

    def __setattr__(self, name, value):
        if value is not None:
            super().__setitem__(name, value)
        super().__setattr__(name, value)


@dataclasses.dataclass
class Out(ModelOutput):
    hidden: Optional[torch.Tensor] = None
    aux: Optional[torch.Tensor] = None
    scale: float = 1.0


@torch.compile(backend="eager")
def head(out):
    y = out.hidden * out.scale
    if out.get("aux") is not None:
        y = y + out["aux"]
    return y.sum()


torch.manual_seed(0)
o = Out(hidden=torch.ones(3))
print(head(o).item())
o.aux = torch.full((3,), 2.0)
print(head(o).item())
o.scale = 3.0
print(head(o).item())
