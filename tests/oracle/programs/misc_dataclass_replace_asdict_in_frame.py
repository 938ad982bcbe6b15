"""misc: dataclasses.replace() and dataclasses.asdict() on a dataclass argument inside the frame, with the dataclass's float field changing between calls -- test_misc.py dataclass tests (dataclasses.replace / fields)."""
import dataclasses
import torch


@dataclasses.dataclass
class Norm:
    eps: float
    scale: float = 1.0


@torch.compile
def normalize(x, cfg):
    tight = dataclasses.replace(cfg, eps=cfg.eps / 10)
    total = sum(dataclasses.asdict(tight).values())
    return x / (x.abs().sum() + tight.eps) * total


x = torch.tensor([1.0, -2.0, 3.0])
print(normalize(x, Norm(1e-3)))
print(normalize(x, Norm(1e-3)))
print(normalize(x, Norm(1e-2, 2.0)))
