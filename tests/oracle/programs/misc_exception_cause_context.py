"""misc: `raise ... from ...` inside the frame and an implicit context; the handler inspects __cause__/__context__ types to pick the result; a flag chooses which raise runs -- test_exceptions.py ExceptionTests test_raise_from / testChainingAttrs (test_raise.py TestCause)."""
import torch


@torch.compile
def f(x, explicit):
    try:
        try:
            raise KeyError("k")
        except KeyError as inner:
            if explicit:
                raise ValueError("v") from inner
            raise ValueError("v")
    except ValueError as e:
        if e.__cause__ is not None:
            return x + 1
        if isinstance(e.__context__, KeyError):
            return x + 2
        return x + 3


x = torch.ones(2)
print(f(x, True))
print(f(x, True))
print(f(x, False))
