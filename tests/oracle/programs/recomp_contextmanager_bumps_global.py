"""recomp: a @contextlib.contextmanager increments a module global on entry; the with-body reads that global into the result, so every call sees a new value -- test_ctx_manager.py test_globals_change_in_other_file / test_change_parent_global_0."""
import contextlib
import torch

counter = 0

@contextlib.contextmanager
def bump():
    global counter
    try:
        counter += 1
        yield
    finally:
        pass

@torch.compile(fullgraph=True)
def f(x):
    with bump():
        return x * counter

x = torch.ones(3)
for _ in range(4):
    print(f(x))
print(counter)
