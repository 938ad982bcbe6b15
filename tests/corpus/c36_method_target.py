# torch.compile on a bound method watches that method for that object only.
# expect-graphs: 1
# expect-ops: 2
# expect-breaks: none
import torch

class Scaler:
    def __init__(self):
        self.factor = torch.tensor(3.0)

    def apply(self, x):
        return (x * self.factor).tanh()

s = Scaler()
apply = torch.compile(s.apply)
apply(torch.ones(2))
