"""recomp: the compiled fn calls a global function whose closure holds a SimpleNamespace; an attribute is changed between calls -- test_functions.py test_closure_object_attr."""
import types
import torch


def make():
    ns = types.SimpleNamespace(k=2.0)

    def helper(x):
        return x * ns.k

    return helper, ns


helper, ns = make()


@torch.compile
def f(x):
    return helper(x + 1)


x = torch.arange(3.0)
print(f(x).tolist())
ns.k = 5.0
print(f(x).tolist())
