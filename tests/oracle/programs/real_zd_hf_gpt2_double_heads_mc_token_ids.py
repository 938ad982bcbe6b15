"""real: HF GPT2DoubleHeadsModel (transfer-learning-conv-ai train.py) with a tiny config -- input_ids (batch, num_candidates, seq), mc_token_ids pointing at each candidate's last real token, lm_labels with -100 on padding and the distractors, mc_labels; loss = lm_loss * lm_coef + mc_loss * mc_coef, grad accumulation over 2 steps with clip_grad_norm_, then eval picking the candidate by mc_logits.argmax under no_grad."""
import torch
import transformers
from transformers import GPT2Config, GPT2DoubleHeadsModel
transformers.logging.set_verbosity_error()
torch.manual_seed(0)

config = GPT2Config(n_layer=2, n_embd=32, n_head=2, vocab_size=100, n_positions=32)
model = GPT2DoubleHeadsModel(config)
cmodel = torch.compile(model, backend="eager")
optimizer = torch.optim.AdamW(model.parameters(), lr=6.25e-4)
lm_coef, mc_coef, grad_acc = 2.0, 1.0, 2


def make(batch, cands, seqlen):
    ids = torch.randint(1, 100, (batch, cands, seqlen))
    lengths = torch.randint(seqlen // 2, seqlen + 1, (batch, cands))
    pos = torch.arange(seqlen)
    ids = ids.masked_fill(pos >= lengths[..., None], 0)
    labels = ids.masked_fill(pos >= lengths[..., None], -100)
    labels[:, :-1] = -100
    return ids, lengths - 1, labels, torch.full((batch,), cands - 1)


model.train()
for it in range(4):
    ids, mc_ids, lm_labels, mc_labels = make(2, 2, 8)
    out = cmodel(input_ids=ids, mc_token_ids=mc_ids, labels=lm_labels, mc_labels=mc_labels)
    loss = (out.loss * lm_coef + out.mc_loss * mc_coef) / grad_acc
    loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    if (it + 1) % grad_acc == 0:
        optimizer.step(); optimizer.zero_grad()
    print(it, round(loss.item(), 4))
model.eval()
with torch.no_grad():
    for b, c, s in ((2, 2, 8), (1, 3, 6)):
        ids, mc_ids, _, _ = make(b, c, s)
        print(cmodel(input_ids=ids, mc_token_ids=mc_ids).mc_logits.argmax(-1).tolist())
