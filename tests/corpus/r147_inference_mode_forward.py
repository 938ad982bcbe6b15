# A forward decorated with @torch.inference_mode() (Meta's Llama reference
# code) compiled through torch.compile(model): Dynamo simulates the
# decorator's inference_mode.clone and traces through it, no break; the
# int argument recompiles once and is dynamic after (torch 2.13: 2 graphs).
# expect-graphs: 2
# expect-entries: 2
# expect-breaks: none
import torch


class M(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(4, 4)

    @torch.inference_mode()
    def forward(self, x, start):
        return self.l(x) + start


cm = torch.compile(M(), backend="eager")
for s in range(3):
    print(cm(torch.ones(2, 4), s).sum())
