"""misc: a keyword call g(x, k=flag) raises TypeError when the flag is set, and the except block sums the values of a dict built in the frame with .items(); the flag flips between calls under fullgraph=True -- test_exceptions.py test_dynamo_undo_kw_names."""
import torch


def g(x, k=None):
    if k:
        raise TypeError("k not supported")
    return x.sin().sum()


@torch.compile(backend="eager", fullgraph=True)
def fn(x, flag):
    d = {"a": x, "b": x * 2}
    try:
        y = g(x, k=flag)
    except Exception:
        y = 0
        for _, b in d.items():
            y += b.sum()
    return y


x = torch.arange(6.0).reshape(2, 3)
for flag in [True, False, True, False]:
    print(flag, round(fn(x, flag).item(), 4))
