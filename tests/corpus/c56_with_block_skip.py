# A graph break inside the with block of the program's own context manager:
# Dynamo cannot resume under it (gb0066) and runs the whole frame eagerly, so
# nothing is compiled (checked against Dynamo by the oracle, skip_ctx_break);
# under torch.no_grad() the same break only splits the frame.
# expect-graphs: 2
# expect-ops: 2 1
# expect-entries: 2
# expect-breaks: explicit@26 explicit@36
import torch
import torch._dynamo


class Tag:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False


@torch.compile
def skipped(x):
    x = x + 1
    with Tag():
        x = x * 2
        torch._dynamo.graph_break()
        x = x - 1
    return x


@torch.compile
def split(x):
    x = x + 1
    with torch.no_grad():
        x = x * 2
        torch._dynamo.graph_break()
        x = x - 1
    return x


skipped(torch.ones(3))
split(torch.ones(3))
