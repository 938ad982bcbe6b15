"""real: FreeLB-style adversarial fine-tuning of a compiled tiny DistilBertForSequenceClassification: a clean forward with input_ids, then adversarial forwards with inputs_embeds = word embeddings + a perturbation (input_ids=None), every step -- HF transformers adversarial training loop."""
import torch
from transformers import DistilBertConfig, DistilBertForSequenceClassification

torch.manual_seed(0)
cfg = DistilBertConfig(vocab_size=50, dim=16, n_layers=1, n_heads=2, hidden_dim=32,
                       max_position_embeddings=16, num_labels=2, dropout=0.0, attention_dropout=0.0)
model = DistilBertForSequenceClassification(cfg)
model.train()
opt = torch.optim.SGD(model.parameters(), lr=0.01)
cmodel = torch.compile(model)

adv_steps, adv_lr, eps = 2, 0.1, 0.05
for step in range(2):
    ids = torch.randint(0, 50, (2, 6))
    mask = torch.ones(2, 6, dtype=torch.long)
    labels = torch.tensor([0, 1])
    opt.zero_grad()
    loss = cmodel(input_ids=ids, attention_mask=mask, labels=labels).loss
    loss.backward()
    embeds = model.get_input_embeddings()(ids).detach()
    delta = torch.zeros_like(embeds).uniform_(-eps, eps).requires_grad_()
    for _ in range(adv_steps):
        adv_loss = cmodel(inputs_embeds=embeds + delta, attention_mask=mask, labels=labels).loss / adv_steps
        adv_loss.backward()
        g = delta.grad.detach()
        delta = (delta + adv_lr * g / (g.norm() + 1e-8)).clamp(-eps, eps).detach().requires_grad_()
    opt.step()
    print(step, round(loss.item(), 4))
