"""recomp: a compiled method keeps the last three inputs in a list attribute (self.ets = self.ets[-3:]; append) -- test_functions.py test_list_slice."""
import torch

class Recorder:
    def __init__(self):
        self.ets = []

    @torch.compile
    def run(self, x):
        self.ets = self.ets[-3:]
        self.ets.append(x)
        return torch.sin(x)

r = Recorder()
for _ in range(6):
    r.run(torch.ones(4))
print(len(r.ets))
