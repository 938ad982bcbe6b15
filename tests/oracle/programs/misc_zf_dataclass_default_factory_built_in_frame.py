"""misc: a dataclass with field(default_factory=list) is built inside the frame and filled with tensors."""
import dataclasses
import torch

torch.manual_seed(0)


@dataclasses.dataclass
class Trace:
    name: str
    items: list = dataclasses.field(default_factory=list)
    scale: float = 1.0

    def total(self):
        return sum(self.items) * self.scale


@torch.compile(backend="eager")
def f(x):
    t = Trace("run", scale=0.5)
    for i in range(3):
        t.items.append(x + i)
    return t.total(), len(t.items)


print(f(torch.ones(2)))
print(f(torch.zeros(2)))
