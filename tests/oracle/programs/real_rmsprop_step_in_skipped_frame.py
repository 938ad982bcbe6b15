"""real: a compiled epoch function that breaks in its batch loop (loss.item()), so Dynamo skips it; the RMSprop step it calls is compiled on its own -- pytorch/examples-style epoch loop."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(5, 1)
opt = torch.optim.RMSprop(model.parameters(), lr=0.01)

@torch.compile
def epoch(batches):
    total = 0.0
    for x, y in batches:
        opt.zero_grad()
        loss = torch.nn.functional.mse_loss(model(x), y)
        loss.backward()
        opt.step()
        total += loss.item()
    return total

data = [(torch.randn(4, 5), torch.randn(4, 1)) for _ in range(3)]
for _ in range(2):
    print(round(epoch(data), 3))
