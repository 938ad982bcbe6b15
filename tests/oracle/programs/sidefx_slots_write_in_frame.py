"""sidefx: the frame writes a __slots__ attribute of an argument (a step counter) and reads it back, and a slot left unset is probed with hasattr -- test_descr.py test_slots (slot assignment and AttributeError on an empty slot)."""
import torch


class State:
    __slots__ = ("step", "extra")

    def __init__(self):
        self.step = 0


@torch.compile
def tick(x, st):
    st.step = st.step + 1
    if hasattr(st, "extra"):
        x = x + st.extra
    return x * st.step


st = State()
x = torch.ones(2)
print(tick(x, st))
print(tick(x, st))
st.extra = 10.0
print(tick(x, st))
print(st.step)
