"""real: HF T5ForConditionalGeneration (tiny config) compiled, seq2seq training steps with labels (decoder inputs shifted from labels, teacher forcing) -- transformers summarization/translation fine-tuning."""
import torch
from transformers import T5Config, T5ForConditionalGeneration
torch.manual_seed(0)

config = T5Config(vocab_size=100, d_model=32, d_kv=16, d_ff=64, num_layers=2, num_decoder_layers=2,
                  num_heads=2, decoder_start_token_id=0, pad_token_id=0)
model = T5ForConditionalGeneration(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for _ in range(2):
    src, tgt = torch.randint(1, 100, (2, 8)), torch.randint(1, 100, (2, 5))
    loss = cmodel(input_ids=src, attention_mask=torch.ones_like(src), labels=tgt).loss
    loss.backward()
    opt.step()
    opt.zero_grad()
