"""real: HF BertForMultipleChoice (SWAG run_swag.py) with a tiny config -- inputs of shape (batch, num_choices, seq) flattened inside the model via input_ids.view(-1, input_ids.size(-1)), labels index the correct choice; training steps with AdamW + get_linear_schedule_with_warmup and clip_grad_norm_, then eval under no_grad with a different number of choices and sequence length."""
import torch
import transformers
from transformers import BertConfig, BertForMultipleChoice, get_linear_schedule_with_warmup
transformers.logging.set_verbosity_error()
torch.manual_seed(0)

config = BertConfig(vocab_size=60, hidden_size=16, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=32, max_position_embeddings=32)
model = BertForMultipleChoice(config)
cmodel = torch.compile(model, backend="eager")
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
scheduler = get_linear_schedule_with_warmup(optimizer, num_warmup_steps=1, num_training_steps=4)


def make(batch, choices, seqlen):
    ids = torch.randint(5, 60, (batch, choices, seqlen))
    tt = torch.zeros_like(ids)
    tt[..., seqlen // 2:] = 1
    mask = torch.ones_like(ids)
    mask[..., -1] = 0
    return ids, tt, mask


model.train()
for step in range(3):
    ids, tt, mask = make(2, 4, 8)
    out = cmodel(input_ids=ids, token_type_ids=tt, attention_mask=mask, labels=torch.tensor([1, 3]))
    out.loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    optimizer.step(); scheduler.step(); optimizer.zero_grad()
    print(step, round(out.loss.item(), 4))
model.eval()
with torch.no_grad():
    for b, c, s in ((2, 4, 8), (3, 2, 10)):
        ids, tt, mask = make(b, c, s)
        print(cmodel(input_ids=ids, token_type_ids=tt, attention_mask=mask).logits.argmax(-1).tolist())
