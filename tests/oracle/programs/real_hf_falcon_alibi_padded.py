"""real: HF FalconForCausalLM (tiny config, ALiBi positions, multi-query attention) compiled, scored under no_grad on an unpadded batch, a left-padded batch with attention_mask, then a longer one -- transformers Falcon (falcon-rw style alibi) causal-LM scoring."""
import torch
from transformers import FalconConfig, FalconForCausalLM
torch.manual_seed(0)

config = FalconConfig(vocab_size=100, hidden_size=32, num_hidden_layers=2, num_attention_heads=2,
                      alibi=True, multi_query=True, parallel_attn=True, bias=False,
                      hidden_dropout=0.0, attention_dropout=0.0, max_position_embeddings=32,
                      bos_token_id=1, eos_token_id=2, pad_token_id=0)
model = FalconForCausalLM(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    ids = torch.randint(3, 100, (2, 6))
    print("plain", round(cmodel(input_ids=ids).logits[:, -1].sum().item(), 3))
    mask = torch.ones_like(ids)
    mask[0, :2] = 0
    print("padded", round(cmodel(input_ids=ids, attention_mask=mask).logits[:, -1].sum().item(), 3))
    ids = torch.randint(3, 100, (2, 9))
    print("longer", round(cmodel(input_ids=ids, attention_mask=torch.ones_like(ids)).logits[:, -1].sum().item(), 3))
