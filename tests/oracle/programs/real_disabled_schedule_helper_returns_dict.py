"""real: a compiled train step asks a @torch.compiler.disable'd helper for this step's hyper-parameters (get_schedule(step) builds a dict {"lr_scale", "dropout", "aux_weight"} with NumPy interpolation, kept out of the graph on purpose) and uses the dict's values in the loss; the values change with the step, and a second phase restarts the step count with a compressed schedule (MILESTONES rebound), so the same step numbers come back with other values -- schedule helpers excluded from compilation with torch.compiler.disable."""
import numpy as np
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)

MILESTONES = [0, 2, 4]


@torch.compiler.disable
def get_schedule(step):
    aux = float(np.interp(step, MILESTONES, [1.0, 0.5, 0.0]))
    return {"aux_weight": aux, "dropout": 0.0 if step < 2 else 0.25, "use_aux": aux > 0}


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.body = nn.Linear(5, 8)
        self.head = nn.Linear(8, 3)
        self.aux = nn.Linear(8, 3)

    def forward(self, x, p):
        h = F.dropout(torch.relu(self.body(x)), p=p, training=False)
        return self.head(h), self.aux(h)


model = Net()
opt = torch.optim.SGD(model.parameters(), lr=0.1)


@torch.compile
def train_step(x, y, step):
    hp = get_schedule(step)
    out, aux = model(x, hp["dropout"])
    loss = F.cross_entropy(out, y)
    if hp["use_aux"]:
        loss = loss + hp["aux_weight"] * F.cross_entropy(aux, y)
    return loss


x = torch.randn(6, 5)
y = torch.tensor([0, 1, 2, 0, 1, 2])
for phase, milestones in enumerate([[0, 2, 4], [0, 1, 2]]):
    MILESTONES = milestones
    for step in range(3 if phase else 4):
        loss = train_step(x, y, step)
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(phase, step, round(loss.item(), 5))
