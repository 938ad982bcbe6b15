# A global of another module of the program, read by a function of that
# module the compiled function calls, is changed between calls.
# expect-entries: 2
# expect-reason: 0/0: G['__import_helpers_dot_r59_settings'].SCALE == 2.0
import torch

from helpers import r59_settings as settings


@torch.compile
def f(x):
    return settings.scaled(x) + 1


f(torch.ones(2))
settings.SCALE = 3.0
f(torch.ones(2))
