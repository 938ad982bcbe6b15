"""real: HF MistralForCausalLM (tiny config, sliding_window=4) compiled, batched scoring under no_grad with left padding (attention_mask) at lengths inside and beyond the window, then an unpadded batch -- transformers batched causal-LM scoring with padding_side='left'."""
import torch
from transformers import MistralConfig, MistralForCausalLM
torch.manual_seed(0)

config = MistralConfig(vocab_size=100, hidden_size=32, intermediate_size=64, num_hidden_layers=2,
                       num_attention_heads=2, num_key_value_heads=1, max_position_embeddings=64,
                       sliding_window=4, pad_token_id=0)
model = MistralForCausalLM(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for T, pad in ((3, 1), (7, 2)):
        ids = torch.randint(1, 100, (2, T))
        mask = torch.ones_like(ids)
        ids[1, :pad] = 0
        mask[1, :pad] = 0
        logits = cmodel(input_ids=ids, attention_mask=mask).logits
        print(T, round(logits[0, -1].sum().item(), 2), round(logits[1, -1].sum().item(), 2))
    logits = cmodel(input_ids=torch.randint(1, 100, (2, 7))).logits
    print("nomask", round(logits[:, -1].sum().item(), 2))
