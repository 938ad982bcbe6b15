"""real: HF BartForConditionalGeneration (tiny config, random weights) compiled, two AdamW train steps with labels (decoder_input_ids shifted inside), then model.eval() and no_grad scoring at two target lengths -- transformers BartForConditionalGeneration fine-tuning loop."""
import torch
from transformers import BartConfig, BartForConditionalGeneration
torch.manual_seed(0)

config = BartConfig(vocab_size=120, d_model=32, encoder_layers=2, decoder_layers=2,
                    encoder_attention_heads=2, decoder_attention_heads=2,
                    encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=64,
                    dropout=0.0, attention_dropout=0.0, activation_dropout=0.0,
                    pad_token_id=1, bos_token_id=0, eos_token_id=2, decoder_start_token_id=2)
model = BartForConditionalGeneration(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
src = torch.randint(3, 120, (2, 8))
for step in range(2):
    labels = torch.randint(3, 120, (2, 6))
    loss = cmodel(input_ids=src, attention_mask=torch.ones_like(src), labels=labels).loss
    loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", step, round(loss.item(), 3))
model.eval()
with torch.no_grad():
    for T in (6, 4):
        labels = torch.randint(3, 120, (2, T))
        out = cmodel(input_ids=src, labels=labels)
        print("eval", T, tuple(out.logits.shape), round(out.loss.item(), 3))
