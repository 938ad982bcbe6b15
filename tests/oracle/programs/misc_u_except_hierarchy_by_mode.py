"""misc: a helper raises an exception class picked from a dict by an object's mode; the frame catches only ValueError (one of the classes derives from it); the mode changes between calls so the other escapes -- test_exceptions.py test_raise_class_from_dict / except matching subclasses."""
import torch


class Soft(ValueError):
    pass


class Hard(RuntimeError):
    pass


ERRORS = {"soft": Soft, "hard": Hard}


class Checker:
    def __init__(self, mode):
        self.mode = mode

    def check(self, x):
        if self.mode in ERRORS:
            raise ERRORS[self.mode]("bad")
        return x


@torch.compile
def f(x, chk):
    try:
        return chk.check(x) * 2
    except ValueError:
        return x - 1


x = torch.ones(2)
c = Checker("none")
print(f(x, c).tolist())
c.mode = "soft"
print(f(x, c).tolist())
c.mode = "hard"
try:
    print(f(x, c).tolist())
except Hard as e:
    print("escaped", type(e).__name__)
