"""misc: a benchmark script's shape: the model runs eagerly first (warm-up and a reference output, at another batch size), then torch.compile(model) runs it twice; Dynamo compiles only the compiled calls (one graph, no recompile for the eager batch size)."""
import torch
torch.manual_seed(0)

class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 8)
        self.norm = torch.nn.LayerNorm(8)

    def forward(self, x):
        return self.norm(torch.relu(self.fc(x)) + x)

model = Block().eval()
with torch.no_grad():
    for _ in range(2):
        reference = model(torch.randn(2, 8))
    compiled = torch.compile(model)
    out = compiled(torch.randn(4, 8))
    out = compiled(torch.randn(4, 8))
print(tuple(out.shape))
