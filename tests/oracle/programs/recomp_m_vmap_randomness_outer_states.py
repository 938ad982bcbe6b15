"""recomp: the compiled fn is called under an eager torch.vmap with randomness='same' then 'different' (functorch state guard) -- _higher_order_ops_test_vmap_guards.py test_vmap_recompile_different_states."""
import torch


@torch.compile(backend="eager")
def fn(x):
    return torch.vmap(lambda r: r.sin())(x)


x = torch.zeros(3, 3, 4)
print(round(torch.vmap(fn, randomness="same")(x).sum().item(), 4))
print(round(torch.vmap(fn, randomness="different")(x + 1).sum().item(), 4))
print(round(fn(x + 2).sum().item(), 4))
