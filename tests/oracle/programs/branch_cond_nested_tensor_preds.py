"""branch: torch.cond whose false branch calls another torch.cond on a second tensor predicate; all four predicate combinations are fed -- test_higher_order_ops.py test_cond_subgraph_name_is_valid (nested cond)."""
import torch

def cond_f(pred, pred2, x, y):
    def true_fn(pred2, x, y):
        return x + y

    def false_fn(pred2, x, y):
        def t2(x, y):
            return x.sin() - y.cos()

        def f2(x, y):
            return x.cos() - y.sin()

        return torch.cond(pred2, t2, f2, (x, y))

    return torch.cond(pred, true_fn, false_fn, (pred2, x, y))

g = torch.compile(cond_f, fullgraph=True)
torch.manual_seed(0)
x, y = torch.randn(2, 3), torch.randn(2, 3)
for p in (True, False):
    for q in (True, False):
        print(g(torch.tensor(p), torch.tensor(q), x, y).sum().item())
