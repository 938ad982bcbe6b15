"""recomp: a method is monkeypatched on the class (not the instance) between calls, then on the instance -- test_functions.py test_method_monkeypatch_class."""
import torch


class Block:
    def act(self, x):
        return torch.relu(x)

    def run(self, x):
        return self.act(x) + 1


blk = Block()


@torch.compile(backend="eager")
def f(x):
    return blk.run(x).sum()


def act_sigmoid(self, x):
    return torch.sigmoid(x)


torch.manual_seed(0)
x = torch.randn(5)
print(round(f(x).item(), 4))
Block.act = act_sigmoid
print(round(f(x).item(), 4))
blk.act = lambda x: torch.tanh(x)
print(round(f(x).item(), 4))
del blk.act
print(round(f(x).item(), 4))
