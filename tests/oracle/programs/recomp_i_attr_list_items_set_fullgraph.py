"""recomp: under fullgraph the frame sets .y and .z attributes on each tensor of an input list and multiplies them back; the int z changes and then the list shrinks -- test_input_attr_tracking.py test_complex_attr_access_without_graph_breaks."""
import torch


@torch.compile(fullgraph=True)
def fn(x, y, z):
    for t in x:
        t.y = y
        t.z = y * z
    new_y = 1
    new_z = 1
    for t in x:
        new_y = t.y * new_y
        new_z = t.z * new_z
    return new_y, new_z


y = torch.full((2,), 1.5)
xs = [torch.ones(2) for _ in range(3)]
for z, lst in ((5, xs), (5, xs), (6, xs), (6, xs[:2])):
    a, b = fn(lst, y, z)
    print(round(a.sum().item(), 4), round(b.sum().item(), 4), lst[0].z.tolist())
