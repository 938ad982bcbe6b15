# A forward hook registered on a submodule after the first compiled call:
# torch.compile does not guard module hooks (skip_nnmodule_hook_guards), so
# the second call hits the entry and the hook does not run -- as under
# Dynamo (no recompile). --verify reports the hit as unsound and says why.
# expect-entries: 1
# expect-hits: 1
# expect-unsound: 1
# expect-unsound-cause: a forward hook was added to L['self']._modules['0'] after this entry was compiled
import torch

torch.manual_seed(0)
m = torch.nn.Sequential(torch.nn.Linear(3, 3), torch.nn.ReLU())
c = torch.compile(m)
x = torch.randn(2, 3)
c(x)
m[0].register_forward_hook(lambda mod, args, out: out * 10)
c(x)
