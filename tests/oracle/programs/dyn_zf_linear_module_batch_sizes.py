"""dyn: a compiled nn.Linear model fed batches 2, 3, 4, 4 and then a single-example batch of 1."""
import torch

torch.manual_seed(0)
model = torch.nn.Sequential(torch.nn.Linear(4, 3), torch.nn.ReLU())
cmodel = torch.compile(model, backend="eager")
for bs in [2, 3, 4, 4, 1]:
    print(cmodel(torch.ones(bs, 4)).shape)
