# A __torch_function__ tensor subclass: torch's Tensor.__torch_function__
# runs each operator on plain tensors and wraps the result with
# as_subclass, a new tensor object over the node's memory. That object is
# the node (not a constant of the graph: a later call with another tensor
# of the subclass computes its own result), and a torch.Tensor method set
# on the class later is a miss (Dynamo 2.13 reuses the graph there; tests/oracle
# recomp_tfsub_vs_plain_tensor, recomp_tfsub_method_overridden_later).
# --verify finds nothing.
# expect-entries: 2
# expect-unsound: 0
# expect-reason: 0/0: ___check_obj_id(type(x).sigmoid, <id>), type=<class 'method_descriptor'>  # expected torch.Tensor.sigmoid, found __main__.<lambda>
import torch


class Tagged(torch.Tensor):
    @classmethod
    def __torch_function__(cls, func, types, args=(), kwargs=None):
        return super().__torch_function__(func, types, args, kwargs or {})


@torch.compile
def f(x):
    return x.sigmoid() * 2 + 1


base = torch.zeros(2, 2)
print(type(f(base.as_subclass(Tagged))).__name__, f(base.as_subclass(Tagged)).sum().item())
print(f((base + 1).as_subclass(Tagged)).sum().item())
Tagged.sigmoid = lambda self: self + 10
print(f(base.as_subclass(Tagged)).sum().item())
