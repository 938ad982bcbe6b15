"""real: HF BartForConditionalGeneration (tiny config) summarization fine-tuning with labels whose padding is replaced by -100 (ignore_pad_token_for_loss), decoder_input_ids built by the model from labels (shift_tokens_right), then a hand-written greedy decode from decoder_start_token_id reusing encoder_outputs -- transformers examples summarization run_summarization_no_trainer.py."""
import torch
from transformers import BartConfig, BartForConditionalGeneration
torch.manual_seed(0)

config = BartConfig(vocab_size=64, d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=2,
                    decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=32,
                    pad_token_id=1, bos_token_id=0, eos_token_id=2, decoder_start_token_id=2, forced_eos_token_id=None)
model = BartForConditionalGeneration(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=5e-4)
for step in range(3):
    src = torch.randint(3, 64, (2, 10))
    src_mask = torch.ones_like(src)
    src_mask[1, 7:] = 0
    src = src.masked_fill(src_mask == 0, 1)
    labels = torch.randint(3, 64, (2, 5))
    labels[0, 4] = 1
    labels[labels == config.pad_token_id] = -100
    out = cmodel(input_ids=src, attention_mask=src_mask, labels=labels)
    out.loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    print(step, round(out.loss.item(), 4))
model.eval()
with torch.no_grad():
    src = torch.randint(3, 64, (1, 9))
    enc = model.get_encoder()(input_ids=src)
    dec = torch.tensor([[config.decoder_start_token_id]])
    for _ in range(4):
        logits = cmodel(encoder_outputs=enc, decoder_input_ids=dec).logits
        dec = torch.cat([dec, logits[:, -1:].argmax(-1)], dim=1)
print(dec.tolist())
