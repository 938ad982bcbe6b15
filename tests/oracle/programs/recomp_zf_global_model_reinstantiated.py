"""recomp: a compiled function reads a global model that is re-created (same class, new weights) between calls."""
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)


@torch.compile(backend="eager")
def predict(x):
    return model(x).softmax(-1)


x = torch.ones(1, 4)
print(predict(x).shape)
model = torch.nn.Linear(4, 2)
print(predict(x).shape)
model = torch.nn.Linear(4, 2, bias=False)
print(predict(x).shape)
