"""recomp: an object whose __getattr__ serves attributes from an internal dict (cfg.scale -> cfg._values['scale']); the dict entry changes between calls -- test_misc.py test_getattr / test_functions.py __getattr__ objects."""
import torch


class Cfg:
    def __init__(self, **kw):
        object.__setattr__(self, "_values", dict(kw))

    def __getattr__(self, name):
        try:
            return self._values[name]
        except KeyError:
            raise AttributeError(name)


cfg = Cfg(scale=2.0, use_bias=True)


@torch.compile(backend="eager")
def f(x):
    y = x * cfg.scale
    if cfg.use_bias:
        y = y + 1
    return y


x = torch.arange(3.0)
print(f(x).sum().item())
cfg._values["scale"] = 3.0
print(f(x).sum().item())
cfg._values["use_bias"] = False
print(f(x).sum().item())
