"""config: recompile_limit=1 with fail_on_recompile_limit_hit=True -- a flipped bool argument raises instead of falling back."""
import torch
import torch._dynamo

torch._dynamo.config.recompile_limit = 1
torch._dynamo.config.fail_on_recompile_limit_hit = True


@torch.compile(backend="eager")
def pick(x, flag):
    if flag:
        return x * 2
    return x + 1


print(pick(torch.ones(4), True))
try:
    print(pick(torch.ones(4), False))
except Exception as e:
    print("raised", type(e).__name__)
print(pick(torch.ones(4), True))
