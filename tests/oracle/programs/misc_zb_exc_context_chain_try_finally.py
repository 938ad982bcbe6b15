"""misc: inside the compiled function a TypeError raised in a try block is replaced by a ValueError raised from its finally block; the caught exception's __context__ is checked with isinstance and its args feed the result; the int code argument changes between calls -- test_exceptions.py test_context_of_exception_in_try_and_finally."""
import torch


@torch.compile(backend="eager")
def fn(x, code):
    try:
        try:
            te = TypeError(code)
            raise te
        finally:
            ve = ValueError(code + 1)
            raise ve
    except Exception as e:
        exc = e
    if isinstance(exc.__context__, TypeError):
        x = x + exc.args[0]
    return x * 2


x = torch.zeros(3)
for code in [1, 2, 3, 2]:
    print(code, fn(x, code).tolist())
