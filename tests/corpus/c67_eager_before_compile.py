# A script that runs its model eagerly before torch.compile (a warm-up, a
# reference output): Dynamo compiles only the calls through the compiled
# module, so the eager calls at batch 2 make no entry and the compiled
# calls at batch 4 no recompile (the automatic policy stays off in a
# script that calls torch.compile).
# expect-graphs: 1
# expect-entries: 1
# expect-hits: 1
# expect-breaks: none
import torch

torch.manual_seed(0)


class Block(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(8, 8)

    def forward(self, x):
        return torch.relu(self.fc(x)) + x


model = Block().eval()
with torch.no_grad():
    reference = model(torch.randn(2, 8))
    compiled = torch.compile(model)
    compiled(torch.randn(4, 8))
    out = compiled(torch.randn(4, 8))
print(tuple(out.shape))
