"""real: HF BertForMaskedLM (tiny config) trained on batches masked like DataCollatorForLanguageModeling.torch_mask_tokens (bernoulli 0.15 probability matrix with special tokens excluded, labels -100 off the mask, 80% [MASK], 10% random words, 10% kept) with attention_mask padding, compiled model, then eval perplexity as math.exp(mean loss) -- transformers examples run_mlm_no_trainer.py."""
import math
import torch
from transformers import BertConfig, BertForMaskedLM
torch.manual_seed(0)

VOCAB, PAD, CLS, SEP, MASK = 50, 0, 1, 2, 3
config = BertConfig(vocab_size=VOCAB, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                    intermediate_size=64, max_position_embeddings=32, pad_token_id=PAD)
model = BertForMaskedLM(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)


def make_batch(bs, seqlen):
    ids = torch.randint(4, VOCAB, (bs, seqlen))
    ids[:, 0] = CLS
    lengths = torch.randint(seqlen // 2, seqlen + 1, (bs,))
    attn = (torch.arange(seqlen)[None, :] < lengths[:, None]).long()
    ids = ids.masked_fill(attn == 0, PAD)
    ids[torch.arange(bs), lengths - 1] = SEP
    return ids, attn


def torch_mask_tokens(inputs, mlm_probability=0.15):
    labels = inputs.clone()
    probability_matrix = torch.full(labels.shape, mlm_probability)
    special_tokens_mask = (inputs == PAD) | (inputs == CLS) | (inputs == SEP)
    probability_matrix.masked_fill_(special_tokens_mask, value=0.0)
    masked_indices = torch.bernoulli(probability_matrix).bool()
    labels[~masked_indices] = -100
    indices_replaced = torch.bernoulli(torch.full(labels.shape, 0.8)).bool() & masked_indices
    inputs[indices_replaced] = MASK
    indices_random = torch.bernoulli(torch.full(labels.shape, 0.5)).bool() & masked_indices & ~indices_replaced
    random_words = torch.randint(VOCAB, labels.shape, dtype=torch.long)
    inputs[indices_random] = random_words[indices_random]
    return inputs, labels


model.train()
for step in range(3):
    ids, attn = make_batch(4, 12)
    ids, labels = torch_mask_tokens(ids)
    out = cmodel(input_ids=ids, attention_mask=attn, labels=labels)
    out.loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    print(step, round(out.loss.item(), 4))
model.eval()
losses = []
with torch.no_grad():
    for bs in (4, 2):
        ids, attn = make_batch(bs, 12)
        ids, labels = torch_mask_tokens(ids)
        losses.append(cmodel(input_ids=ids, attention_mask=attn, labels=labels).loss.item())
print('perplexity', round(math.exp(sum(losses) / len(losses)), 3))
