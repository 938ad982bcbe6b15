"""recomp: the compiled model called under torch.autocast("cpu") after a plain call -- test_recompile_ux.py / test_ctx_manager.py autocast global state."""
import torch
torch.manual_seed(0)

m = torch.nn.Linear(4, 4)
c = torch.compile(m)
x = torch.randn(2, 4)
c(x)
with torch.autocast("cpu", dtype=torch.bfloat16):
    c(x)
    c(x)
c(x)
