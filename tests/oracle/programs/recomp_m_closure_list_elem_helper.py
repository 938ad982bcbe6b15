"""recomp: the compiled fn calls a global closure helper that reads an element of its captured list, mutated between calls -- test_functions.py test_closure_list_mutation."""
import torch


def make():
    coef = [2.0, 1.0]

    def helper(x):
        return x * coef[0] + coef[1]

    return helper, coef


helper, coef = make()


@torch.compile
def f(x):
    return helper(x.sin())


x = torch.arange(3.0)
print([round(v, 4) for v in f(x).tolist()])
coef[0] = -1.0
print([round(v, 4) for v in f(x).tolist()])
