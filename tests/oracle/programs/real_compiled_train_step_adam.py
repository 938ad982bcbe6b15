"""real: a whole train step compiled (forward, backward, Adam step) as tutorials write it -- PyTorch "Compiling the optimizer" / test_optimizers.py."""
import torch
torch.manual_seed(0)

model = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.ReLU(), torch.nn.Linear(16, 2))
opt = torch.optim.Adam(model.parameters(), lr=1e-3)

@torch.compile
def train_step(x, y):
    loss = torch.nn.functional.cross_entropy(model(x), y)
    loss.backward()
    opt.step()
    opt.zero_grad()
    return loss

for _ in range(3):
    print(round(train_step(torch.randn(4, 8), torch.randint(0, 2, (4,))).item(), 4))
