"""recomp: a compiled function mutates a column of its input in place, called on a fresh tensor, a transposed view and an offset slice -- test_repros.py test_inplace_view_on_graph_input."""
import torch

torch.manual_seed(0)


@torch.compile
def bump(x):
    x[:, 0].add_(1.0)
    return x * 2


a = torch.zeros(3, 3)
print(round(bump(a).sum().item(), 4), round(a.sum().item(), 4))
base = torch.zeros(3, 3)
t = base.t()
print(round(bump(t).sum().item(), 4), [round(v, 4) for v in base[0].tolist()])
base2 = torch.zeros(4, 3)
s = base2[1:]
print(round(bump(s).sum().item(), 4), [round(v, 4) for v in base2[:, 0].tolist()])
base3 = torch.zeros(5, 3)
print(round(bump(base3[2:]).sum().item(), 4), round(base3.sum().item(), 4))
