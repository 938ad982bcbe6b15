"""misc: a fullgraph function raises GeneratorExit (a BaseException, not an Exception) or ValueError depending on a bool argument; `except Exception` catches only the ValueError, `except BaseException` the other; called with both flags and a longer tensor -- test_exceptions.py test_raise_GeneratorExit."""
import torch


@torch.compile(backend="eager", fullgraph=True)
def fn(t, stop):
    try:
        if stop:
            raise GeneratorExit
        t = t + 1
        raise ValueError("plain")
    except Exception:
        return t.sin()
    except BaseException:
        return t.cos()


a = torch.arange(2.0)
b = torch.arange(3.0)
print([round(v, 4) for v in fn(a, True).tolist()])
print([round(v, 4) for v in fn(a, False).tolist()])
print([round(v, 4) for v in fn(b, True).tolist()])
print([round(v, 4) for v in fn(b, False).tolist()])
