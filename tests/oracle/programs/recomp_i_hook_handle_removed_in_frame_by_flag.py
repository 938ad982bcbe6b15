"""recomp: a forward hook handle is stored on a holder object; the compiled function removes it when a Python flag argument is True, then calls the module -- test_hooks.py test_tensor_register_hook_repeated_handle_not_local / handles removed inside the frame."""
import torch

torch.manual_seed(0)
lin = torch.nn.Linear(2, 2)


class Holder:
    handle = None


holder = Holder()
holder.handle = lin.register_forward_hook(lambda m, i, o: o * 10)


@torch.compile
def f(x, drop):
    if drop and holder.handle is not None:
        holder.handle.remove()
        holder.handle = None
    return lin(x).sum()


x = torch.ones(1, 2)
print(round(f(x, False).item(), 4))
print(round(f(x, True).item(), 4))
print(round(f(x, False).item(), 4))
