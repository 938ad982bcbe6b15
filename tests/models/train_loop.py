# Training mode: batch norm updates num_batches_tracked in place, dropout draws random numbers.
# expect-graphs: 1
# expect-ops: 12
# expect-breaks: none
"""A training loop with an optimizer: the compiled module's forward is
captured in training mode (dropout, batch-norm statistics updated in place)."""
import torch

class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.net = torch.nn.Sequential(torch.nn.Linear(8, 16), torch.nn.BatchNorm1d(16), torch.nn.GELU(),
                                       torch.nn.Dropout(0.1), torch.nn.Linear(16, 3))

    def forward(self, x):
        return self.net(x)

torch.manual_seed(0)
model = torch.compile(MLP())
optimizer = torch.optim.SGD(model.parameters(), lr=0.05, momentum=0.9)
x, y = torch.randn(32, 8), torch.randint(0, 3, (32,))
for step in range(5):
    loss = torch.nn.functional.cross_entropy(model(x), y)
    optimizer.zero_grad()
    loss.backward()
    optimizer.step()
print(f"{loss.item():.4f}")
