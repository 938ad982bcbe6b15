# A model full of the graph breaks people hit in practice. Try:
#   dynx-capture -o out samples/graph_breaks.py && cat out/graphs/*.txt
# expect-graphs: 4
# expect-ops: 5 2 1 2
# expect-breaks: data-dependent-branch@18 side-effect@22 tensor-to-python@24 dynamic-shape-op@26 data-dependent-branch@29 data-dependent-branch@29
import torch


class Classifier(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = torch.nn.Linear(8, 4)
        self.threshold = 0.5

    def forward(self, x, verbose=True):
        logits = self.proj(x).relu()
        # 1. Python branches on tensor data
        if logits.mean() > self.threshold:
            logits = logits * 0.5
        # 2. print inside the model
        if verbose:
            print("logits computed")
        # 3. a value pulled out for logging
        scale = logits.abs().max().item()
        # 4. boolean-mask indexing: the output size depends on the data
        positive = logits[logits > 0]
        # 5. a loop driven by tensor data (a break in a loop: not compiled)
        steps = 0
        while positive.sum() > 1 and steps < 3:
            positive = positive / 2
            steps += 1
        return logits / (scale + 1), positive


torch.manual_seed(0)
model = torch.compile(Classifier())
logits, positive = model(torch.randn(3, 8))
print(tuple(logits.shape), positive.numel())
