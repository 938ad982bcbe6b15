"""recomp: `if cfg:` where the config class defines __bool__ returning self.enabled; the flag is toggled between calls -- test_misc.py test_user_defined_bool / __bool__ on user objects."""
import torch


class DropCfg:
    def __init__(self, enabled, p):
        self.enabled = enabled
        self.p = p

    def __bool__(self):
        return self.enabled


@torch.compile
def f(x, cfg):
    if cfg:
        return x * (1 - cfg.p)
    return x


x = torch.arange(4.0)
c = DropCfg(False, 0.5)
print(f(x, c).tolist())
c.enabled = True
print(f(x, c).tolist())
c.p = 0.25
print(f(x, c).tolist())
c.enabled = False
print(f(x, c).tolist())
