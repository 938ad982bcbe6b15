"""real: tiny LM whose lm_head.weight is tied to the embedding (GPT-2 / nanoGPT weight tying), compiled and trained; then untied for fine-tuning (lm_head.weight = nn.Parameter(clone)) and trained/evaluated again -- transformers tie_weights / untie pattern."""
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


class TinyLM(nn.Module):
    def __init__(self, vocab=11, d=8):
        super().__init__()
        self.wte = nn.Embedding(vocab, d)
        self.ln = nn.LayerNorm(d)
        self.lm_head = nn.Linear(d, vocab, bias=False)
        self.lm_head.weight = self.wte.weight

    def forward(self, idx, targets):
        h = self.ln(self.wte(idx))
        logits = self.lm_head(h)
        return F.cross_entropy(logits.view(-1, logits.size(-1)), targets.view(-1))


model = TinyLM()
cmodel = torch.compile(model)


def run(steps):
    opt = torch.optim.SGD(model.parameters(), lr=0.5)
    for _ in range(steps):
        idx = torch.randint(0, 11, (2, 5))
        loss = cmodel(idx, idx.roll(1, dims=1))
        opt.zero_grad()
        loss.backward()
        opt.step()
        print(round(loss.item(), 4))


run(2)
model.lm_head.weight = nn.Parameter(model.wte.weight.detach().clone())
with torch.no_grad():
    model.wte.weight.mul_(0.5)
run(2)
print(model.lm_head.weight is model.wte.weight, round((model.lm_head.weight - model.wte.weight).abs().sum().item(), 4))
