"""misc: a class statement inside the compiled function (LOAD_BUILD_CLASS) -- test_error_messages.py test_load_build_class."""
import torch

@torch.compile
def f(x):
    y = x.sin()

    class Holder:
        scale = 3

    return y * Holder.scale + 1

f(torch.ones(3))
