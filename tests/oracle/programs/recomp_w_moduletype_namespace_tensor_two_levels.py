"""recomp: a helper module made with types.ModuleType and put in sys.modules holds a SimpleNamespace whose attribute is a tensor; the program imports it and reads helper.cfg.w; w is edited in place, rebound, and cfg is replaced -- test_modules.py module attribute two levels deep."""
import sys
import types
import torch

mod = types.ModuleType("w_helper_cfg")
mod.cfg = types.SimpleNamespace(w=torch.tensor([1.0, 2.0]), k=2)
sys.modules["w_helper_cfg"] = mod
import w_helper_cfg  # noqa: E402


@torch.compile
def f(x):
    return x * w_helper_cfg.cfg.w + w_helper_cfg.cfg.k


x = torch.ones(2)
print(f(x).tolist())
w_helper_cfg.cfg.w.add_(1)
print(f(x).tolist())
w_helper_cfg.cfg.w = torch.tensor([-1.0, -2.0])
print(f(x).tolist())
sys.modules["w_helper_cfg"].cfg = types.SimpleNamespace(w=torch.zeros(2), k=7)
print(f(x).tolist())
