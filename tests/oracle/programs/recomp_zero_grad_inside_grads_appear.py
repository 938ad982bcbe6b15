"""recomp: a compiled function calls optimizer.zero_grad() and then sums the surviving grads; grads are None on the first call and tensors after a backward -- test_optimizers.py zero_grad in a compiled region."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(2, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def reset_and_count(x):
    opt.zero_grad(set_to_none=False)
    out = model(x).sum()
    n = 0
    for p in model.parameters():
        if p.grad is not None:
            n += 1
    return out, n


x = torch.randn(3, 2)
print(reset_and_count(x)[1])
model(x).sum().backward()
print(reset_and_count(x)[1])
print(reset_and_count(x)[1])
