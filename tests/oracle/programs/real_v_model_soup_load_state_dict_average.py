"""real: greedy model soup: state dicts of fine-tuned copies are averaged and loaded into the compiled evaluation model in place, candidate by candidate -- model soups (Wortsman et al.) evaluation loop."""
import copy
import torch
import torch.nn as nn

torch.manual_seed(0)
base = nn.Sequential(nn.Linear(3, 4), nn.ReLU(), nn.Linear(4, 2))
ingredients = []
for i in range(3):
    m = copy.deepcopy(base)
    with torch.no_grad():
        for p in m.parameters():
            p.add_(torch.randn_like(p) * 0.3)
    ingredients.append(m.state_dict())
evaluator = copy.deepcopy(base)
cev = torch.compile(evaluator)
xv = torch.randn(5, 3)
yv = torch.randint(0, 2, (5,))
soup = []
for sd in ingredients:
    cand = soup + [sd]
    avg = {k: sum(s[k] for s in cand) / len(cand) for k in sd}
    evaluator.load_state_dict(avg)
    with torch.no_grad():
        loss = nn.functional.cross_entropy(cev(xv), yv).item()
    soup = cand
    print(len(cand), round(loss, 4))
