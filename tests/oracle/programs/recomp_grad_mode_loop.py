"""recomp: torch.set_grad_enabled(flag) inside the frame with a bool argument alternating in a loop -- test_ctx_manager.py test_set_grad_enabled / test_recompiles.py test_recompiles_true_false_flop."""
import torch

@torch.compile
def f(x, flag):
    with torch.set_grad_enabled(flag):
        y = x * 2
    return y + 1

x = torch.ones(3, requires_grad=True)
for step in range(6):
    f(x, step % 2 == 0)
