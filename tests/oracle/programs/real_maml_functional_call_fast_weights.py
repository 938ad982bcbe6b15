"""real: MAML inner loop: a compiled adapt_and_eval(params, x_s, y_s, x_q, y_q, inner_lr) runs torch.func.functional_call(model, params, x) with a dict of fast weights, takes torch.autograd.grad(create_graph=True) steps, and returns the query loss; the outer loop updates the meta-parameters and changes the number of inner steps and inner lr between meta-iterations -- learn2learn / higher-free MAML with torch.func."""
import torch
import torch.nn as nn
from torch.func import functional_call
torch.manual_seed(0)

model = nn.Sequential(nn.Linear(1, 8), nn.Tanh(), nn.Linear(8, 1))
meta_opt = torch.optim.Adam(model.parameters(), lr=1e-2)
cfg = {"inner_steps": 1}


@torch.compile
def adapt_and_eval(params, x_s, y_s, x_q, y_q, inner_lr):
    fast = dict(params)
    for _ in range(cfg["inner_steps"]):
        loss = ((functional_call(model, fast, (x_s,)) - y_s) ** 2).mean()
        grads = torch.autograd.grad(loss, list(fast.values()), create_graph=True)
        fast = {name: w - inner_lr * g for (name, w), g in zip(fast.items(), grads)}
    return ((functional_call(model, fast, (x_q,)) - y_q) ** 2).mean()


x = torch.linspace(-2, 2, 6).unsqueeze(1)
for it in range(4):
    if it == 2:
        cfg["inner_steps"] = 2
    amp = 1.0 + 0.5 * it
    y = amp * torch.sin(x)
    params = dict(model.named_parameters())
    loss = adapt_and_eval(params, x[::2], y[::2], x[1::2], y[1::2], 0.1 if it < 3 else 0.05)
    meta_opt.zero_grad()
    loss.backward()
    meta_opt.step()
    print(it, cfg["inner_steps"], round(loss.item(), 4))
