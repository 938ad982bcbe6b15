"""misc: a Sequential subclass appends every layer output to a list argument and returns it -- _repros_part1.py test_seq_append_list."""
import torch

torch.manual_seed(0)


class RecordingSequential(torch.nn.Sequential):
    def forward(self, x, trace):
        for layer in self:
            x = layer(x)
            trace.append(x)
        return x, trace


model = RecordingSequential(torch.nn.Linear(6, 6), torch.nn.ReLU(), torch.nn.Linear(6, 6), torch.nn.ReLU())
cm = torch.compile(model)
x = torch.randn(2, 6)
trace = [x]
out, t2 = cm(x, trace)
assert t2 is trace and len(trace) == 5
trace2 = []
cm(x, trace2)
assert len(trace2) == 4
cm(x, [x, x])
print(len(trace), len(trace2))
