"""branch: the compiled function raises ValueError when a data-dependent check on x.sum() fails, and the caller catches it; inputs that pass and inputs that fail alternate -- test_repros.py test_not_rewrite_assert_for_other_errors."""
import torch


@torch.compile(backend="eager")
def f(x):
    b = x.sin()
    if not x.sum() <= 3:
        raise ValueError("input sum needs to be at most 3")
    return x.cos() + b


for vals in ([0.5, 0.5, 0.5], [3.0, 4.0, 5.0], [1.0, 1.0, 0.0], [2.0, 2.0, 2.0]):
    try:
        out = f(torch.tensor(vals))
        print("ok", [round(v, 4) for v in out.tolist()])
    except ValueError as e:
        print("error", e)
