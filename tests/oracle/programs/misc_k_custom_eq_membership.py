"""misc: `x in y` with user objects whose __eq__ compares only field a; later lists where only b differs (same answer) and where a differs (other answer) -- test_guard_serialization.py test_equals_match."""
import torch


class C:
    def __init__(self, a, b):
        self.a = a
        self.b = b

    def __eq__(self, other):
        return self.a == other.a

    def __hash__(self):
        return hash(self.a)


@torch.compile
def fn(t, x, y):
    if x in y:
        return t * 0
    return t + 1


t = torch.ones(3)
print(round(fn(t, C(4, 5), [C(2, 3), C(4, 5)]).sum().item(), 4))
print(round(fn(t, C(4, 5), [C(2, 3), C(4, 9)]).sum().item(), 4))
print(round(fn(t, C(4, 5), [C(2, 3), C(6, 7)]).sum().item(), 4))
print(round(fn(t, C(4, 5), []).sum().item(), 4))
