"""real: forward-mode AD through a compiled model (backend="eager", since inductor's out= kernels reject dual tensors): a Jacobian-vector product computed with torch.autograd.forward_ad (dual_level, make_dual, unpack_dual) for a consistency/JVP regulariser on some steps, plain forward evaluation on the others -- torch.autograd.forward_ad tutorial / JVP-based regularisers (consistency models, Jacobian penalties)."""
import torch
import torch.nn as nn
import torch.autograd.forward_ad as fwAD
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 2)).eval()
cmodel = torch.compile(model, backend="eager")  # inductor kernels (addmm out=) have no forward-AD formula
x = torch.randn(3, 4)
v = torch.randn(3, 4)
with torch.no_grad():
    print("plain", round(cmodel(x).sum().item(), 5))
    with fwAD.dual_level():
        out = cmodel(fwAD.make_dual(x, v))
        primal, tangent = fwAD.unpack_dual(out)
        print("jvp", round(primal.sum().item(), 5), round(tangent.sum().item(), 5))
    print("plain again", round(cmodel(x * 2).sum().item(), 5))
    with fwAD.dual_level():
        out = cmodel(fwAD.make_dual(x * 2, v))
        print("jvp again", round(fwAD.unpack_dual(out).tangent.sum().item(), 5))
