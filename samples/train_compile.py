"""A small training loop that uses torch.compile, the way tutorials do.

    dynx-capture --list-frames samples/train_compile.py
"""
# expect-graphs: 1
# expect-ops: 5
# expect-breaks: none
import argparse

import torch


class MLP(torch.nn.Module):
    def __init__(self, width):
        super().__init__()
        self.fc1 = torch.nn.Linear(16, width)
        self.fc2 = torch.nn.Linear(width, 4)

    def forward(self, x):
        return self.fc2(torch.nn.functional.gelu(self.fc1(x)))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--width", type=int, default=32)
    args = parser.parse_args()

    torch.manual_seed(0)
    model = torch.compile(MLP(args.width))
    optimizer = torch.optim.AdamW(model.parameters(), lr=1e-2)
    inputs, targets = torch.randn(64, 16), torch.randint(0, 4, (64,))
    for step in range(args.steps):
        loss = torch.nn.functional.cross_entropy(model(inputs), targets)
        optimizer.zero_grad()
        loss.backward()
        optimizer.step()
        if step % 5 == 0 or step == args.steps - 1:
            print(f"step {step:3d}  loss {loss.item():.4f}")


if __name__ == "__main__":
    main()
