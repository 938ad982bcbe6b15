"""recomp: a compiled inner function closes over a dict of Python floats; the dict value is mutated through the enclosing scope between calls -- test_guard_serialization.py test_offending_value_path_descends_kwdefaults_and_closures (guards through __closure__)."""
import torch


def outer():
    cfg = {"scale": 2.0, "shift": 0.5}

    @torch.compile
    def fn(x):
        return x * cfg["scale"] + cfg["shift"]

    return fn, cfg


fn, cfg = outer()
x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
cfg["scale"] = 3.0
print(round(fn(x).sum().item(), 4))
cfg["other"] = 1
print(round(fn(x).sum().item(), 4))
cfg["shift"] = -1.0
print(round(fn(x).sum().item(), 4))
