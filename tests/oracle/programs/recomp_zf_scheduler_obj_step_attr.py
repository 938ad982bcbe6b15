"""recomp: a user-defined scheduler object whose int step attribute is bumped between calls is passed in."""
import torch

torch.manual_seed(0)


class Sched:
    def __init__(self):
        self.step = 0
        self.warmup = 4

    def factor(self):
        return min(1.0, (self.step + 1) / self.warmup)


@torch.compile(backend="eager")
def apply(x, sched):
    return x * sched.factor()


s = Sched()
x = torch.ones(2)
for _ in range(4):
    print(apply(x, s).tolist())
    s.step += 1
