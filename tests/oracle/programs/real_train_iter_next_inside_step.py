"""real: a training_step that pulls its own batch with next(self.train_iter) from an iterator over a list of pre-collated (x, y) tensor batches, as in iteration-based trainers (while step < max_iters: batch = next(data_iter)); the step method of the Trainer is compiled and the iterator is re-created at each epoch -- mmengine IterBasedTrainLoop / fairseq-style iterators."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class Trainer:
    def __init__(self, model, batches):
        self.model = model
        self.batches = batches
        self.opt = torch.optim.SGD(model.parameters(), lr=0.1)
        self.train_iter = iter(self.batches)

    def training_step(self):
        x, y = next(self.train_iter)
        self.opt.zero_grad()
        loss = nn.functional.mse_loss(self.model(x), y)
        loss.backward()
        return loss


batches = [(torch.randn(4, 3), torch.randn(4, 1)) for _ in range(3)]
trainer = Trainer(nn.Linear(3, 1), batches)
step = torch.compile(trainer.training_step)
for epoch in range(2):
    trainer.train_iter = iter(trainer.batches)
    for i in range(3):
        loss = step()
        trainer.opt.step()
        print(epoch, i, round(loss.item(), 4))
