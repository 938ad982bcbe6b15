"""real: a flat parameter vector is written back with torch.nn.utils.vector_to_parameters (param.data becomes a view of the vector), then the vector is edited in place (an evolution-strategies / flat-optimizer step), then written again from a new vector -- ES / flat-param training loops."""
import torch
import torch.nn as nn
from torch.nn.utils import parameters_to_vector, vector_to_parameters

torch.manual_seed(0)
model = nn.Sequential(nn.Linear(3, 2), nn.Tanh(), nn.Linear(2, 1))
cm = torch.compile(model)
x = torch.randn(4, 3)
with torch.no_grad():
    print(round(cm(x).sum().item(), 4))
    vec = parameters_to_vector(model.parameters()).clone()
    vec.mul_(0.5)
    vector_to_parameters(vec, model.parameters())
    print(round(cm(x).sum().item(), 4))
    vec.add_(0.1)
    print(round(cm(x).sum().item(), 4))
    vec2 = torch.linspace(-1, 1, vec.numel())
    vector_to_parameters(vec2, model.parameters())
    print(round(cm(x).sum().item(), 4))
    vec2.zero_()
    print(round(cm(x).sum().item(), 4))
