# State outside the frame that Dynamo reads and dynx used to miss: a tensor
# global of another module of the program (rebound by the frame), a
# torch.backends flag the frame branches on, a threading lock taken two calls
# deep (that helper is skipped; what only it reads is no guard), and `del` of
# a global (a break Dynamo cannot resume from: the frame is skipped).
# Before, the first two hit stale entries under --verify; now each is an
# input, a guard or a break. --verify finds nothing.
# expect-unsound: 0
import sys
import threading
import types

import torch

utils = types.ModuleType("utils_r107")  # as a utils.py of the program's would be
utils.table = torch.zeros(3)
sys.modules["utils_r107"] = utils
import utils_r107  # noqa: E402

_lock = threading.Lock()
registry = {}


def register(name):
    with _lock:
        registry[name] = registry.get(name, 0) + 1


def helper(x):
    y = x.cos()
    register("step")
    return y * 2


@torch.compile
def step(x):
    out = x + utils_r107.table
    utils_r107.table = utils_r107.table + 1
    if torch.backends.mkldnn.enabled:
        out = out * 2
    return helper(out).sum()


@torch.compile
def reset(x):
    global STALE
    y = x + 1
    try:
        del STALE
    except NameError:
        y = y - 1
    return y


STALE = 1
x = torch.ones(3)
print(round(step(x).item(), 4))
print(round(step(x).item(), 4))
torch.backends.mkldnn.enabled = False
print(round(step(x).item(), 4))
torch.backends.mkldnn.enabled = True
print(reset(x).tolist(), reset(x).tolist(), registry)
