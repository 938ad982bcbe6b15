"""real: wav2vec 2.0 GumbelVectorQuantizer: the trainer calls set_num_updates(n) every step, which sets self.curr_temp = max(max_temp * temp_decay ** n, min_temp) (a Python float attribute); the compiled quantizer divides the logits by curr_temp (soft codebook weights for determinism) and reports codebook perplexity -- fairseq fairseq/modules/gumbel_vector_quantizer.py set_num_updates."""
import torch
import torch.nn as nn
torch.manual_seed(0)


class GumbelVectorQuantizer(nn.Module):
    def __init__(self, dim=6, num_vars=5, vq_dim=4, temp=(2.0, 0.5, 0.5)):
        super().__init__()
        self.num_vars = num_vars
        self.vars = nn.Parameter(torch.randn(1, num_vars, vq_dim))
        self.weight_proj = nn.Linear(dim, num_vars)
        self.max_temp, self.min_temp, self.temp_decay = temp
        self.curr_temp = self.max_temp

    def set_num_updates(self, num_updates):
        self.curr_temp = max(self.max_temp * self.temp_decay ** num_updates, self.min_temp)

    def forward(self, x):
        logits = self.weight_proj(x)
        probs = (logits / self.curr_temp).softmax(-1)
        avg = probs.flatten(0, -2).mean(0)
        perplexity = torch.exp(-(avg * torch.log(avg + 1e-7)).sum())
        q = probs @ self.vars[0]
        return q, perplexity


vq = GumbelVectorQuantizer()
cvq = torch.compile(vq)
opt = torch.optim.Adam(vq.parameters(), lr=1e-2)
x = torch.randn(2, 3, 6)
for n in range(4):
    vq.set_num_updates(n)
    q, ppl = cvq(x)
    loss = q.pow(2).mean() + (vq.num_vars - ppl) / vq.num_vars
    opt.zero_grad()
    loss.backward()
    opt.step()
    print(n, vq.curr_temp, round(ppl.item(), 4), round(loss.item(), 4))
