"""recomp: a @contextlib.contextmanager increments a global state dict on enter and yields the count; the compiled function scales by the yielded value, so each call differs -- test_contextlib.py test_contextmanager_plain / test_ctx_manager.py."""
import contextlib
import torch

STATE = {"n": 0}


@contextlib.contextmanager
def tick():
    STATE["n"] += 1
    try:
        yield STATE["n"]
    finally:
        STATE["last"] = STATE["n"]


@torch.compile(backend="eager")
def f(x):
    with tick() as n:
        y = x * n
    return y + 1


x = torch.ones(2)
for _ in range(3):
    print(f(x).sum().item(), STATE["n"], STATE["last"])
