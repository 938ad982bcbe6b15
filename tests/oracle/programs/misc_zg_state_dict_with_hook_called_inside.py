"""misc: module with a state_dict post-hook; model.state_dict() is called inside the compiled fn and its keys counted."""
import torch

torch.manual_seed(0)

m = torch.nn.Sequential(torch.nn.Linear(2, 2), torch.nn.ReLU(), torch.nn.Linear(2, 1))


def drop_bias(module, sd, prefix, local_metadata):
    for k in [k for k in sd if k.endswith("bias")]:
        del sd[k]
    return sd


m._register_state_dict_hook(drop_bias)


@torch.compile(backend="eager")
def f(x):
    sd = m.state_dict()
    return m(x) * len(sd)


print(f(torch.ones(1, 2)).shape)
print(f(torch.ones(1, 2)).shape)
