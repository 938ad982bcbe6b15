# Python attributes set on an input tensor and on a parameter steer what
# the compiled code computes: dynx guards those the code reads (x.scale
# absent, then 3; the weight's gain), as Dynamo does (tests/oracle
# recomp_tensor_attr_hasattr_deleted, recomp_param_attr_set_outside).
# --verify finds nothing.
# expect-entries: 4
# expect-unsound: 0
# expect-reason: 0/0: not hasattr(x, 'scale')
# expect-reason: 0/1: x.scale == 3
import torch


class Lin(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(2, 2)

    def forward(self, x):
        s = getattr(x, "scale", 1)
        return self.lin(x) * self.lin.weight.gain * s


torch.manual_seed(0)
m = Lin()
m.lin.weight.gain = 2
cm = torch.compile(m)
x = torch.ones(1, 2)
print(cm(x).sum().item())
x.scale = 3
print(cm(x).sum().item())
x.scale = 4
print(cm(x).sum().item())
m.lin.weight.gain = 5
print(cm(x).sum().item())
