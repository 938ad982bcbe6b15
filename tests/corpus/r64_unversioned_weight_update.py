# Weights updated behind autograd's version counter (p.data.add_, as
# hand-written SGD in pytorch/examples does): an entry recorded after the
# update stores the updated weights, so its graph replays to what eager
# computed (the corpus replays every graph on its stored weights).
# expect-entries: 2
# expect-graphs: 2
# expect-reason: 0/0: tensor 'args[0]' size mismatch at index 0. expected 3, actual 5
import torch

torch.manual_seed(0)
model = torch.nn.Linear(4, 2)
compiled = torch.compile(model)
for step, batch in enumerate((3, 5, 7)):
    loss = compiled(torch.ones(batch, 4)).sum()
    model.zero_grad()
    loss.backward()
    for p in model.parameters():
        p.data.add_(p.grad, alpha=-0.1)
