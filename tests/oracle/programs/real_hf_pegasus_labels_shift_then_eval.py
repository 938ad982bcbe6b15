"""real: HF PegasusForConditionalGeneration (tiny config, sinusoidal positions, pre-LayerNorm) compiled: a training step where decoder inputs come from labels shifted right (labels padded with -100), then an eval forward with explicit decoder_input_ids of another length -- transformers Pegasus summarisation fine-tune."""
import torch
from transformers import PegasusConfig, PegasusForConditionalGeneration
torch.manual_seed(0)

config = PegasusConfig(vocab_size=100, d_model=32, encoder_layers=1, decoder_layers=1, encoder_attention_heads=2,
                       decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=64,
                       dropout=0.0, attention_dropout=0.0, pad_token_id=0, eos_token_id=1, decoder_start_token_id=0)
model = PegasusForConditionalGeneration(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
src = torch.randint(2, 100, (2, 7))
labels = torch.randint(2, 100, (2, 4))
labels[1, 3] = -100
model.train()
loss = cmodel(input_ids=src, attention_mask=torch.ones_like(src), labels=labels).loss
loss.backward()
opt.step()
print("train", round(loss.item(), 3))
model.eval()
with torch.no_grad():
    dec = torch.zeros(2, 3, dtype=torch.long)
    logits = cmodel(input_ids=src, attention_mask=torch.ones_like(src), decoder_input_ids=dec).logits
    print("eval", round(logits[:, -1].sum().item(), 3))
