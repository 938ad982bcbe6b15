"""misc: register_full_backward_pre_hook halves grad_output; compiled module forward, backward run outside."""
import torch

torch.manual_seed(0)

lin = torch.nn.Linear(3, 2)
HITS = []


def pre_bw(mod, grad_output):
    HITS.append(1)
    return (grad_output[0] * 0.5,)


lin.register_full_backward_pre_hook(pre_bw)
c = torch.compile(lin, backend="eager")
for _ in range(3):
    x = torch.ones(2, 3, requires_grad=True)
    c(x).sum().backward()
    print(x.grad.sum().item())
print(len(HITS))
