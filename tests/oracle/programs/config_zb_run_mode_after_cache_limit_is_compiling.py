"""config: recompile_limit = 2 with dynamic=False on a frame whose int argument changes every call; f and the helper g it calls both add extra terms only when torch._dynamo.is_compiling(); after the limit the frame runs eagerly (no extra terms), earlier ints still hit their compiled entries -- test_recompiles.py test_run_mode_after_cache_limit_hit."""
import torch
import torch._dynamo

torch._dynamo.config.recompile_limit = 2


def g(x, n):
    x = x + n
    if torch._dynamo.is_compiling():
        x = x + 2
    return x


def f(x, n):
    x = x + n
    if torch._dynamo.is_compiling():
        x = x + 1
    return g(x, n)


opt_f = torch.compile(f, backend="eager", dynamic=False)
for n in [0, 1, 2, 3, 0, 1]:
    print(n, opt_f(torch.ones(3), n).tolist())
