"""A small training script for the MLOps pipeline (ci_pipeline.sh): trains an
MLP compiled with torch.compile, then evaluates it. `--batch N` changes the
batch size (a guard change against an earlier release); `--debug-print`
adds a print of a tensor inside forward, the kind of change that adds a
graph break and that the pipeline must catch."""
import argparse

import torch

parser = argparse.ArgumentParser()
parser.add_argument("--batch", type=int, default=16)
parser.add_argument("--debug-print", action="store_true")
args = parser.parse_args()


class MLP(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(32, 64)
        self.fc2 = torch.nn.Linear(64, 4)

    def forward(self, x):
        h = torch.relu(self.fc1(x))
        if args.debug_print:
            print("hidden mean", h.mean())  # a graph break under torch.compile
        return self.fc2(h)


torch.manual_seed(0)
model = MLP()
compiled = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.05)
for step in range(8):
    x, y = torch.randn(args.batch, 32), torch.randn(args.batch, 4)
    loss = torch.nn.functional.mse_loss(compiled(x), y)
    opt.zero_grad()
    loss.backward()
    opt.step()
model.eval()
with torch.no_grad():
    for _ in range(4):
        compiled(torch.randn(args.batch, 32))
print(f"final loss {loss.item():.4f}")
