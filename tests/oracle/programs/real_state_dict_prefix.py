"""real: OptimizedModule state_dict keys and _orig_mod -- test_misc.py OptimizedModule attributes."""
import torch
torch.manual_seed(0)

m = torch.nn.Linear(2, 2)
cm = torch.compile(m)
keys = list(cm.state_dict().keys())
orig = getattr(cm, "_orig_mod", cm)
cm(torch.ones(1, 2))
print(keys[0].startswith("_orig_mod."), orig is m)
