"""real: gradient accumulation where the compiled training_step divides the loss by self.num_accum (an int attribute of a Trainer object) which the loop lowers to the size of the last, shorter accumulation window at the end of the epoch (7 batches, accumulation 3 -> windows 3, 3, 1) -- HF Trainer / Accelerate gradient_accumulation_steps with a ragged final window."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Trainer:
    def __init__(self, model, accum):
        self.model = model
        self.accum = accum
        self.num_accum = accum
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)

    def training_step(self, x, y):
        out = self.model(x)
        loss = nn.functional.mse_loss(out, y) / self.num_accum
        return loss


model = nn.Sequential(nn.Linear(4, 8), nn.Tanh(), nn.Linear(8, 1))
tr = Trainer(model, accum=3)
step_fn = torch.compile(tr.training_step)
data = [(torch.randn(2, 4), torch.randn(2, 1)) for _ in range(7)]
for epoch in range(2):
    total = 0.0
    for i, (x, y) in enumerate(data):
        window_start = (i // tr.accum) * tr.accum
        tr.num_accum = min(tr.accum, len(data) - window_start)
        loss = step_fn(x, y)
        loss.backward()
        total += loss.item()
        if (i + 1) % tr.accum == 0 or i + 1 == len(data):
            tr.opt.step()
            tr.opt.zero_grad()
    print(epoch, round(total, 4), tr.num_accum)
