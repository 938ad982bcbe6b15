"""nested: a helper that breaks (print) called from the compiled function with three sizes: the helper, the code after its break and the caller's code after the call are frames of their own, each recompiling once on the new size -- test_recompile_ux.py / test_error_messages.py nested graph breaks."""
import torch

def helper(t):
    y = t * 2
    print("in helper")
    return y + 1

@torch.compile
def f(x):
    return helper(x) * 3

for n in (2, 3, 4):
    f(torch.ones(n))
