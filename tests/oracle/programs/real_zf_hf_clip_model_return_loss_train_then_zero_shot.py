"""real: HF CLIPModel (tiny text+vision configs) contrastive fine-tuning with model.compile(): model(input_ids, attention_mask, pixel_values, return_loss=True).loss with AdamW, the open_clip trick of clamping logit_scale.data to log(100) after each step, then eval zero-shot: get_text_features / get_image_features are NOT compiled, only the full forward is, called with a different number of prompts (3 vs 4) under no_grad, logits_per_image.softmax(-1)."""
import math
import torch
from transformers import CLIPConfig, CLIPModel

torch.manual_seed(0)
text_cfg = dict(vocab_size=50, hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=4, max_position_embeddings=16,
                eos_token_id=2, pad_token_id=0, bos_token_id=1)
vision_cfg = dict(hidden_size=32, intermediate_size=64, num_hidden_layers=1, num_attention_heads=4, image_size=16, patch_size=8, num_channels=3)
config = CLIPConfig(text_config=text_cfg, vision_config=vision_cfg, projection_dim=16)
config._attn_implementation = "eager"
model = CLIPModel(config)
model.compile(backend="eager")
opt = torch.optim.AdamW(model.parameters(), lr=1e-4, weight_decay=0.1)


def make_text(n, L):
    ids = torch.randint(3, 50, (n, L))
    ids[:, -1] = 2
    return ids, torch.ones(n, L, dtype=torch.long)


model.train()
for step in range(2):
    ids, mask = make_text(4, 6)
    pixels = torch.randn(4, 3, 16, 16)
    out = model(input_ids=ids, attention_mask=mask, pixel_values=pixels, return_loss=True)
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    with torch.no_grad():
        model.logit_scale.data.clamp_(0, math.log(100))
    print(step, round(out.loss.item(), 4))

model.eval()
with torch.no_grad():
    for n in (3, 4):
        ids, mask = make_text(n, 6)
        out = model(input_ids=ids, attention_mask=mask, pixel_values=torch.randn(2, 3, 16, 16))
        print(n, tuple(out.logits_per_image.softmax(-1).shape))
