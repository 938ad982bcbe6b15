"""fullgraph: a train step compiled with fullgraph=True that calls opt.step(): the step's own graph_break() is an error -- test_optimizers.py / test_error_messages.py."""
import torch
torch.manual_seed(0)

model = torch.nn.Linear(4, 2)
opt = torch.optim.SGD(model.parameters(), lr=0.1)

@torch.compile(fullgraph=True)
def update(x):
    y = model(x).sum()
    opt.step()
    return y

model(torch.randn(3, 4)).sum().backward()
try:
    update(torch.randn(3, 4))
except Exception as e:
    print(type(e).__name__)
