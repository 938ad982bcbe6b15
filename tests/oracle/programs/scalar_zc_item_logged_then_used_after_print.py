"""scalar: a loss read with .item(), logged with print and used after the print, on a new random batch each call: Dynamo recompiles the resume function after .item() once on ___stack0 and the one after print once on the local that holds it (l == ...), then both take any float (automatic dynamic) -- test_recompile_ux.py / the classic ".item() causes recompiles" training-loop shape."""
import torch

torch.manual_seed(0)


@torch.compile(backend="eager")
def step(x):
    loss = (x * 2).sum()
    l = loss.item()
    y = x.cos()
    print("loss", round(l, 3))
    z = y * l
    return z


for i in range(4):
    step(torch.randn(3))
