"""config: allow_unspec_int_on_nn_module=True; a module's int attribute (a step counter) changes every call and scales the output -- test_recompiles.py / test_unspec.py unspecialized int on nn.Module."""
import torch

torch._dynamo.config.allow_unspec_int_on_nn_module = True


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.step = 0

    def forward(self, x):
        return x * self.step + 1


m = M()
cm = torch.compile(m)
x = torch.ones(3)
for s in (1, 2, 3, 4):
    m.step = s
    print(s, round(cm(x).sum().item(), 4))
