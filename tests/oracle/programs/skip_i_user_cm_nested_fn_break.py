"""skip: a nested function defined in the frame enters a program @contextmanager that records enter/exit, and breaks (print) inside the with-body; called with two shapes -- test_ctx_manager.py test_generator_ctx_manager_graph_break / nested functions entering managers."""
import contextlib
import torch

EVENTS = []


@contextlib.contextmanager
def traced(name):
    EVENTS.append("enter " + name)
    try:
        yield
    finally:
        EVENTS.append("exit " + name)


@torch.compile
def f(x):
    def inner(t):
        with traced("inner"):
            t = t * 2
            print("body", t.shape[0])
            return t + 1
    return inner(x.sin()).cos()


print(round(f(torch.ones(3)).sum().item(), 4))
print(round(f(torch.ones(3)).sum().item(), 4))
print(round(f(torch.ones(5)).sum().item(), 4))
print(EVENTS)
