"""misc: max() over a dict_values argument: one break at the call (missing tp_iter), the rest resumes -- test_error_messages.py dict view inputs."""
import torch


@torch.compile
def f(x, scores):
    y = x.cos()
    best = max(scores)
    return y * best


scores = {"a": 1.0, "b": 3.0}
f(torch.ones(3), scores.values())
f(torch.ones(3), scores.values())
