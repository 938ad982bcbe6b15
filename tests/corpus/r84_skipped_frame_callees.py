# A compiled train loop with a print inside its loop: Dynamo gives up on the
# whole frame (gb7000) but keeps its callback installed while it runs, so the
# program's functions it calls (the model's forward, a helper) are compiled
# as frames of their own (measured, torch 2.13: 2 graphs). dynx compiles them
# from the point of the first call where the break shows the frame skipped
# (the second iteration: one entry each) and the second call hits them.
# expect-graphs: 2
# expect-ops: 3 1
# expect-breaks: side-effect@38
# expect-entries: 3
# expect-hits: 4
import torch

torch.manual_seed(0)


class Net(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.fc = torch.nn.Linear(4, 2)

    def forward(self, x):
        return self.fc(x).relu()


model = Net()


def helper(y):
    return y * 2


@torch.compile
def train(batches):
    total = 0.0
    for b in batches:
        out = helper(model(b))
        print("step")
        total = total + out.sum()
    return total


train([torch.ones(3, 4), torch.ones(3, 4)])
train([torch.ones(3, 4), torch.ones(3, 4)])
