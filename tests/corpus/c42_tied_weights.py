# Tied weights share one storage in weights.safetensors.
# expect-graphs: 1
# expect-ops: 3
# expect-breaks: none
import torch

class Tied(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.embed = torch.nn.Embedding(5, 3)
        self.out = torch.nn.Linear(3, 5, bias=False)
        self.out.weight = self.embed.weight

    def forward(self, ids):
        return self.out(self.embed(ids))

model = torch.compile(Tied())
model(torch.tensor([0, 3]))
