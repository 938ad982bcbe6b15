"""recomp: a compiled module's forward called first under torch.vmap over a batch, then directly on one example: the vmapped call is never compiled -- test_higher_order_ops.py test_vmap_call_compiled_fn."""
import torch


class Head(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = torch.nn.Linear(4, 2)

    def forward(self, x):
        return torch.tanh(self.lin(x)).sum()


torch.manual_seed(0)
m = torch.compile(Head())
batch = torch.randn(3, 4)
print([round(v, 4) for v in torch.vmap(m)(batch).tolist()])
print(round(m(batch[0]).item(), 4))
print(round(m(batch[1]).item(), 4))
