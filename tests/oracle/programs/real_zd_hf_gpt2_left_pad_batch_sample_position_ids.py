"""real: batched left-padded sampling with HF GPT2LMHeadModel the way prepare_inputs_for_generation does it by hand -- position_ids = attention_mask.long().cumsum(-1) - 1, position_ids.masked_fill_(attention_mask == 0, 1), past_key_values reused, position_ids[:, -1:] for each step, temperature + top_k filtering with torch.topk / logits < v[:, [-1]] -> -inf, torch.multinomial with a seeded generator, attention_mask grown with torch.cat."""
import torch
import transformers
from transformers import GPT2Config, GPT2LMHeadModel
transformers.logging.set_verbosity_error()
torch.manual_seed(0)

config = GPT2Config(n_layer=2, n_embd=32, n_head=2, vocab_size=100, n_positions=64)
model = GPT2LMHeadModel(config).eval()
cmodel = torch.compile(model, backend="eager")
PAD = 0

prompts = [[5, 6, 7, 8], [9, 10], [11, 12, 13]]
maxlen = max(len(p) for p in prompts)
input_ids = torch.tensor([[PAD] * (maxlen - len(p)) + p for p in prompts])
attention_mask = (input_ids != PAD).long()
gen = torch.Generator().manual_seed(0)
temperature, top_k = 0.8, 10
with torch.no_grad():
    position_ids = attention_mask.long().cumsum(-1) - 1
    position_ids.masked_fill_(attention_mask == 0, 1)
    out = cmodel(input_ids=input_ids, attention_mask=attention_mask, position_ids=position_ids, use_cache=True)
    past = out.past_key_values
    logits = out.logits[:, -1, :]
    generated = input_ids
    for step in range(5):
        logits = logits / temperature
        v, _ = torch.topk(logits, min(top_k, logits.size(-1)))
        logits[logits < v[:, [-1]]] = -float('Inf')
        probs = torch.softmax(logits, dim=-1)
        next_tok = torch.multinomial(probs, num_samples=1, generator=gen)
        generated = torch.cat([generated, next_tok], dim=-1)
        attention_mask = torch.cat([attention_mask, attention_mask.new_ones((attention_mask.shape[0], 1))], dim=-1)
        position_ids = (attention_mask.long().cumsum(-1) - 1)[:, -1:]
        out = cmodel(input_ids=next_tok, attention_mask=attention_mask, position_ids=position_ids,
                     past_key_values=past, use_cache=True)
        past = out.past_key_values
        logits = out.logits[:, -1, :]
print(generated.tolist())
