"""real: HF LlamaForSequenceClassification (tiny config, pad_token_id set) scoring reward-model style batches with torch.compile(model) and torch._dynamo.mark_dynamic(input_ids, 1) / mark_dynamic(attention_mask, 1) on every batch so padded lengths 7, 9 and 12 are meant to share one graph; right padding, last non-pad token pooling inside the model; no_grad eval."""
import torch
from transformers import LlamaConfig, LlamaForSequenceClassification

torch.manual_seed(0)
config = LlamaConfig(vocab_size=64, hidden_size=32, intermediate_size=64, num_hidden_layers=2, num_attention_heads=4, num_key_value_heads=2,
                     max_position_embeddings=64, num_labels=1, pad_token_id=0, bos_token_id=1, eos_token_id=2, attn_implementation="sdpa")
model = LlamaForSequenceClassification(config).eval()
cmodel = torch.compile(model, backend="eager")

with torch.no_grad():
    for L in (7, 9, 12):
        lens = torch.tensor([L, L - 3])
        input_ids = torch.randint(3, 64, (2, L))
        attention_mask = (torch.arange(L)[None] < lens[:, None]).long()
        input_ids = input_ids.masked_fill(attention_mask == 0, 0)
        torch._dynamo.mark_dynamic(input_ids, 1)
        torch._dynamo.mark_dynamic(attention_mask, 1)
        rewards = cmodel(input_ids=input_ids, attention_mask=attention_mask).logits.squeeze(-1)
        print(L, [round(r, 4) for r in rewards.tolist()])
