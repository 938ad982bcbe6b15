"""real: modded-nanogpt / Keller Jordan Muon optimizer: @torch.compile'd zeropower_via_newtonschulz5(G, steps) (bfloat16, transpose when G.size(-2) > G.size(-1), quintic iteration loop) called from an eager Muon.step for each 2-D hidden weight of a tiny MLP (wide 32x16, tall 16x32 via mT, square 16x16), nesterov lerp_ momentum, lr scaled by max(1, rows/cols)**0.5; embedding/head on AdamW; ns_steps changed for the last step."""
import torch
import torch.nn as nn

torch.manual_seed(0)


@torch.compile(backend="eager")
def zeropower_via_newtonschulz5(G, steps: int):
    assert G.ndim >= 2
    a, b, c = (3.4445, -4.7750, 2.0315)
    X = G.bfloat16()
    if G.size(-2) > G.size(-1):
        X = X.mT
    X = X / (X.norm(dim=(-2, -1), keepdim=True) + 1e-7)
    for _ in range(steps):
        A = X @ X.mT
        B = b * A + c * A @ A
        X = a * X + B @ X
    if G.size(-2) > G.size(-1):
        X = X.mT
    return X


class Muon(torch.optim.Optimizer):
    def __init__(self, params, lr=0.02, momentum=0.95, nesterov=True, ns_steps=5):
        defaults = dict(lr=lr, momentum=momentum, nesterov=nesterov, ns_steps=ns_steps)
        super().__init__(params, defaults)

    @torch.no_grad()
    def step(self):
        for group in self.param_groups:
            for p in group["params"]:
                if p.grad is None:
                    continue
                g = p.grad
                state = self.state[p]
                if "momentum_buffer" not in state:
                    state["momentum_buffer"] = torch.zeros_like(g)
                buf = state["momentum_buffer"]
                buf.lerp_(g, 1 - group["momentum"])
                g = g.lerp_(buf, group["momentum"]) if group["nesterov"] else buf
                g = zeropower_via_newtonschulz5(g, steps=group["ns_steps"])
                p.add_(g.view_as(p), alpha=-group["lr"] * max(1, p.size(-2) / p.size(-1)) ** 0.5)


model = nn.Sequential(nn.Embedding(20, 16), nn.Linear(16, 32, bias=False), nn.ReLU(), nn.Linear(32, 16, bias=False), nn.ReLU(),
                      nn.Linear(16, 16, bias=False), nn.Linear(16, 20))
hidden = [model[1].weight, model[3].weight, model[5].weight]
other = [model[0].weight, model[6].weight, model[6].bias]
opts = [Muon(hidden, lr=0.02), torch.optim.AdamW(other, lr=1e-3)]

for step in range(3):
    if step == 2:
        opts[0].param_groups[0]["ns_steps"] = 3
    x = torch.randint(0, 20, (4, 5))
    loss = nn.functional.cross_entropy(model(x).view(-1, 20), x.view(-1))
    loss.backward()
    for o in opts:
        o.step()
    model.zero_grad(set_to_none=True)
    print(step, round(loss.item(), 4))
