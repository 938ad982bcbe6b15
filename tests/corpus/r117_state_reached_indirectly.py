# State a compiled function reaches indirectly, changed between calls: an
# iterator kept on an object and advanced with next() (a break, the code
# after it specialised on what next() gave, as Dynamo's resume function
# is), a module the program built with types.ModuleType (its data and its
# functions' defaults), a module the frame imports by name while
# sys.modules is swapped, and the module's globals read as a dict
# (globals()["SCALE"]). Each change is a recompile; --verify finds no
# stale entry.
# expect-unsound: 0
# expect-reason: 1/0: G['helpers'].scale.__defaults__[0] == 2.0
# expect-reason: 1/1: G['helpers'].OFFSET == 1.0
# expect-reason: 2/0: ___check_obj_id(G['__import_knobs'], <id>), type=<class 'module'>  # expected knobs, found the module knobs
# expect-reason: 3/0: G['SCALE'] == 2.0
# expect-breaks: missing-tp-iternext@31 missing-tp-iternext@31 unsupported-builtin@80 unsupported-builtin@80
import sys
import types

import torch


class Schedule:
    def __init__(self):
        self.values = iter([0.5, 1.5, 2.5])


schedule = Schedule()


@torch.compile
def step(x):
    return x + next(schedule.values)


x = torch.zeros(2)
for _ in range(3):
    print(step(x).sum().item())

helper = types.ModuleType("helper")
exec("def scale(x, k=2.0):\n    return x * k\nOFFSET = 1.0\n", helper.__dict__)
sys.modules["helper"] = helper
import helper as helpers  # noqa: E402


@torch.compile
def use_helper(x):
    return helpers.scale(x) + helpers.OFFSET


print(use_helper(x + 1).sum().item())
helpers.scale.__defaults__ = (5.0,)
print(use_helper(x + 1).sum().item())
helpers.OFFSET = -1.0
print(use_helper(x + 1).sum().item())


def make_knobs(k):
    module = types.ModuleType("knobs")
    module.K = k
    return module


sys.modules["knobs"] = make_knobs(2.0)


@torch.compile
def use_knobs(x):
    import knobs
    return x * knobs.K


print(use_knobs(x + 1).sum().item())
sys.modules["knobs"] = make_knobs(5.0)
print(use_knobs(x + 1).sum().item())

SCALE = 2.0


@torch.compile
def use_globals(x):
    return x * globals()["SCALE"]


print(use_globals(x + 1).sum().item())
SCALE = 3.0
print(use_globals(x + 1).sum().item())
