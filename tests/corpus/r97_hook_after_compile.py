# A forward hook registered on a submodule after the first compiled call:
# torch.compile does not guard module hooks (skip_nnmodule_hook_guards), so
# under Dynamo the second call hits the entry and the hook does not run (a
# stale result). dynx counts hooks registered between calls on the modules
# of its entries: the second call is a new entry, with the hook, and no
# entry is unsound.
# expect-entries: 2
# expect-hits: 0
# expect-unsound: 0
import torch

torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU())
c = torch.compile(m)
x = torch.randn(2, 3)
c(x)
m[0].register_forward_hook(lambda mod, args, out: out * 10)
c(x)
