"""sidefx: a compiled function keeps a call counter in a mutable default dict (a module-level dict) it mutates itself, and scales by the count -- test_functions.py test_default_dict_mutation_in_frame."""
import torch


_STATE = {}


@torch.compile(backend="eager")
def f(x, state=_STATE):
    state["n"] = state.get("n", 0) + 1
    return (x * state["n"]).sum()


torch.manual_seed(0)
x = torch.randn(4)
for _ in range(4):
    print(round(f(x).item(), 4))
print(_STATE)
