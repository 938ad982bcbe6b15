"""skip: print inside a user context manager -- test_error_messages.py test_generic_ctx_mgr_with_graph_break."""
import torch

class Timer:
    def __enter__(self):
        self.n = 0
        return self

    def __exit__(self, *exc):
        return False

@torch.compile
def f(x):
    with Timer():
        y = x.sin()
        print("inside")
        y = y + 1
    return y

f(torch.ones(3))
