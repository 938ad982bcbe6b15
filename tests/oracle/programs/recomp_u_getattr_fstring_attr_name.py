"""recomp: getattr(cfg, f"{PHASE}_lr") on a config object, PHASE a global string; the attribute in use is changed in place, then PHASE changes -- test_functions.py test_getattr_dynamic_name / f-string attribute names."""
import torch


class Cfg:
    def __init__(self):
        self.warm_lr = 0.1
        self.main_lr = 1.0


CFG = Cfg()
PHASE = "warm"


@torch.compile
def step(p, g):
    lr = getattr(CFG, f"{PHASE}_lr")
    return p - lr * g


p = torch.ones(2)
g = torch.full((2,), 2.0)
print([round(v, 4) for v in step(p, g).tolist()])
CFG.warm_lr = 0.25
print([round(v, 4) for v in step(p, g).tolist()])
PHASE = "main"
print([round(v, 4) for v in step(p, g).tolist()])
CFG.main_lr = 0.5
print([round(v, 4) for v in step(p, g).tolist()])
