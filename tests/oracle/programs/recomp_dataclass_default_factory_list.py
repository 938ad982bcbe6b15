"""recomp: a dataclass with a default_factory list field is built from an input list of ints that changes -- _repros_part2.py test_dataclass_init_with_default_factory_with_inputs."""
import dataclasses
from typing import Any

import torch

torch.manual_seed(0)


@dataclasses.dataclass
class Shards:
    contexts: Any = dataclasses.field(default_factory=list)
    a: int = 1


@torch.compile
def fn(x, items):
    d = Shards(items)
    d.contexts.append(x.sin() + d.a)
    return d


x = torch.randn(4)
l1 = [1, 2, 3]
r1 = fn(x, l1)
assert r1.contexts is l1 and len(l1) == 4
r2 = fn(x, [2, 3, 4])
r3 = fn(x, [1, 2])
print(len(r2.contexts), len(r3.contexts))
