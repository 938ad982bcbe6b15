# A builtin function passed in is guarded by identity: torch.cos after
# torch.sin is a new entry, not a hit that computes sin.
# expect-entries: 2
# expect-hits: 1
# expect-reason: 0/0: ___check_obj_id(fn, <id>), type=<class 'builtin_function_or_method'>  # expected torch.sin, found torch.cos
import torch


@torch.compile
def apply(x, fn):
    return fn(x) + 1


x = torch.linspace(0, 1, 5)
apply(x, torch.sin)
apply(x, torch.sin)
apply(x, torch.cos)
