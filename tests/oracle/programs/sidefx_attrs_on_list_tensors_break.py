"""sidefx: attributes set on each tensor of an input list, then print() breaks, then the attributes are read back after the break; called twice with a changed scalar -- test_input_attr_tracking.py test_complex_attr_access_with_graph_breaks."""
import torch


@torch.compile
def f(xs, y, z):
    for t in xs:
        t.y = y
        t.z = y * z
    print("break here")
    ny = 1
    nz = 1
    for t in xs:
        ny = t.y * ny
        nz = t.z * nz
    return ny, nz


torch.manual_seed(0)
xs = [torch.randn(2, 2) for _ in range(3)]
y = torch.ones(2, 2)
a, b = f(xs, y, 5)
print(a.sum().item(), b.sum().item())
a, b = f(xs, y, 5)
print(a.sum().item(), b.sum().item())
a, b = f(xs, y, 2)
print(a.sum().item(), b.sum().item())
