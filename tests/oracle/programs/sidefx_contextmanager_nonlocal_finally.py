"""sidefx: a @contextlib.contextmanager built by a factory in the frame reads and writes nonlocals of its enclosing scope in try/finally; the caller sets one before entering -- test_ctx_manager.py test_change_parent_nonlocal_1."""
import contextlib
import torch

def make():
    z = 1
    k = 2

    def create_ctx():
        @contextlib.contextmanager
        def ctx(x):
            nonlocal z, k
            try:
                yield x.sin()
            finally:
                k = z

        return ctx

    def run_ctx(ctx, x):
        nonlocal z
        z = z + 100
        with ctx(x) as y:
            return y.cos() + k

    @torch.compile(fullgraph=True)
    def fn(x):
        return run_ctx(create_ctx(), x)

    return fn, lambda: (z, k)

fn, state = make()
x = torch.tensor([1.0])
for _ in range(3):
    print(fn(x), state())
