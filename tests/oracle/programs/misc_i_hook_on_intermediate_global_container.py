"""misc: the intermediate is stored in a global list and dict, then a +1 gradient hook is registered on it and both containers' entries are used in the loss (fullgraph) -- test_hooks.py test_hook_on_intermediate_with_container."""
import torch

glb_list = []
glb_dict = {}


@torch.compile(fullgraph=True)
def fn(x):
    y = x * 2
    glb_list.append(y)
    glb_dict["tensor"] = y
    a = glb_list[0] * 3
    b = glb_dict["tensor"]
    y.register_hook(lambda grad: grad + 1)
    return (a + b).sum()


for _ in range(2):
    glb_list.clear()
    glb_dict.clear()
    x = torch.ones(4, requires_grad=True)
    fn(x).backward()
    print(x.grad.tolist(), len(glb_list))
