"""cfunc: torch.get_rng_state()/set_rng_state() around two random draws inside the frame -- _repros_part1.py test_rng_state."""
import torch


@torch.compile
def draw():
    state = torch.get_rng_state()
    before = torch.rand(8)
    torch.set_rng_state(state)
    after = torch.rand(8)
    return before, after


torch.manual_seed(0)
b, a = draw()
assert torch.equal(b, a)
b, a = draw()
assert torch.equal(b, a)
