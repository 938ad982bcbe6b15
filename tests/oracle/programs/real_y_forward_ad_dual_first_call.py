"""real: forward-mode AD through a compiled MLP whose FIRST call gets a dual input (make_dual), then plain calls and another dual call with a new tangent -- torch.autograd.forward_ad tutorial, JVP through a compiled model."""
import torch
import torch.nn as nn
import torch.autograd.forward_ad as fwAD
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 6), nn.GELU(), nn.LayerNorm(6), nn.Linear(6, 3)).eval()
cmodel = torch.compile(model, backend="eager")
x = torch.randn(2, 4)
with torch.no_grad():
    with fwAD.dual_level():
        out = cmodel(fwAD.make_dual(x, torch.ones(2, 4)))
        p, t = fwAD.unpack_dual(out)
        print("jvp", round(p.sum().item(), 4), round(t.sum().item(), 4))
    print("plain", round(cmodel(x + 1).sum().item(), 4))
    with fwAD.dual_level():
        out = cmodel(fwAD.make_dual(x, torch.randn(2, 4)))
        print("jvp2", round(fwAD.unpack_dual(out).tangent.sum().item(), 4))
