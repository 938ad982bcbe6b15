"""real: a compiled train step that calls the optimizer (zero_grad, backward, step) -- issue 13 optimizer in frame."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(4, 1)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

@torch.compile
def train_step(x, y):
    opt.zero_grad()
    loss = torch.nn.functional.mse_loss(model(x), y)
    loss.backward()
    opt.step()
    return loss

for _ in range(2):
    train_step(torch.randn(8, 4), torch.randn(8, 1))
