"""real: HF DebertaV2ForSequenceClassification (tiny config, relative_attention with position_buckets, pos_att_type ['p2c','c2p'], share_att_key) fine-tuning loop like run_glue: AdamW + get_linear_schedule_with_warmup, clip_grad_norm_, labels passed so the model computes CrossEntropy loss, logging every 2 steps, then evaluation under no_grad on a padded batch of a different length with attention_mask."""
import torch
from transformers import DebertaV2Config, DebertaV2ForSequenceClassification, get_linear_schedule_with_warmup
torch.manual_seed(0)
config = DebertaV2Config(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                         max_position_embeddings=64, relative_attention=True, position_buckets=8, max_relative_positions=16,
                         pos_att_type=["p2c", "c2p"], share_att_key=True, position_biased_input=False, num_labels=3, norm_rel_ebd="layer_norm")
model = DebertaV2ForSequenceClassification(config)
cmodel = torch.compile(model, backend="eager")
opt = torch.optim.AdamW(model.parameters(), lr=5e-5)
sched = get_linear_schedule_with_warmup(opt, num_warmup_steps=1, num_training_steps=4)
model.train()
for step in range(4):
    ids = torch.randint(5, 100, (4, 10))
    out = cmodel(input_ids=ids, attention_mask=torch.ones_like(ids), labels=torch.randint(0, 3, (4,)))
    out.loss.backward()
    torch.nn.utils.clip_grad_norm_(model.parameters(), 1.0)
    opt.step(); sched.step(); opt.zero_grad()
    if step % 2 == 0:
        print(step, round(out.loss.item(), 4), sched.get_last_lr()[0])
model.eval()
with torch.no_grad():
    ids = torch.randint(5, 100, (3, 12))
    mask = torch.ones_like(ids); mask[1, 8:] = 0; ids[1, 8:] = 0
    print(cmodel(input_ids=ids, attention_mask=mask).logits.argmax(-1).tolist())
