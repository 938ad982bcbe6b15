"""recomp: the compiled fn calls a global function whose closure holds a dict; a value is changed between calls -- test_functions.py test_closure_dict_mutation."""
import torch


def make():
    cfg = {"k": 2.0}

    def helper(x):
        return x * cfg["k"]

    return helper, cfg


helper, cfg = make()


@torch.compile
def f(x):
    return helper(x + 1)


x = torch.arange(3.0)
print(f(x).tolist())
cfg["k"] = 5.0
print(f(x).tolist())
