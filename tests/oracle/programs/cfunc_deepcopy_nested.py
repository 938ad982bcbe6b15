"""cfunc: copy.deepcopy of a config list (traced, no break) and of a dict holding a tensor (breaks inside copy.py) -- test_repros.py deepcopy in compiled code."""
import copy
import torch

@torch.compile
def f(x, cfg):
    sizes = copy.deepcopy(cfg)
    state = copy.deepcopy({"w": x, "n": len(sizes)})
    return state["w"] * state["n"] + x

f(torch.ones(3), [1, 2])
f(torch.ones(3), [1, 2])
