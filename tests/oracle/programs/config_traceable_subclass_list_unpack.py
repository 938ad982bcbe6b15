"""config: a plain Tensor subclass (no __torch_function__ override) is added to torch._dynamo.config.traceable_tensor_subclasses and list(x) unpacks it under fullgraph -- test_subclasses.py test_tensor_subclass_unpack."""
import torch


class Foo(torch.Tensor):
    pass


torch._dynamo.config.traceable_tensor_subclasses.add(Foo)


@torch.compile(fullgraph=True)
def unpack(x):
    return list(x)


for n in (3, 3, 4):
    res = unpack(torch.ones(n).as_subclass(Foo))
    print(len(res), [type(e).__name__ for e in res])
