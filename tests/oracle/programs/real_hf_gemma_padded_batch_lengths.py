"""real: HF GemmaForCausalLM (tiny config, GeGLU MLP, embedding scaled by sqrt(hidden)) compiled, scored under no_grad on a right-padded batch with attention_mask, the same batch unpadded, then a longer batch -- transformers Gemma batched scoring."""
import torch
from transformers import GemmaConfig, GemmaForCausalLM
torch.manual_seed(0)

config = GemmaConfig(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                     num_attention_heads=2, num_key_value_heads=1, head_dim=16, max_position_embeddings=64,
                     pad_token_id=0, bos_token_id=1, eos_token_id=2)
model = GemmaForCausalLM(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    ids = torch.randint(3, 100, (2, 7))
    mask = torch.ones_like(ids)
    mask[1, 5:] = 0
    print("padded", round(cmodel(input_ids=ids, attention_mask=mask).logits[0, -1].sum().item(), 3))
    print("plain", round(cmodel(input_ids=ids).logits[0, -1].sum().item(), 3))
    ids = torch.randint(3, 100, (2, 10))
    print("longer", round(cmodel(input_ids=ids, attention_mask=torch.ones_like(ids)).logits[:, -1].sum().item(), 3))
