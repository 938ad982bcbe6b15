"""real: HF MBartForConditionalGeneration (tiny config, pre-LN) compiled; encoder run once through model.get_encoder(), then a manual greedy loop calling the compiled model with encoder_outputs= and a growing decoder_input_ids (use_cache=False) -- transformers seq2seq greedy translation without generate()."""
import torch
from transformers import MBartConfig, MBartForConditionalGeneration
torch.manual_seed(0)

config = MBartConfig(vocab_size=100, d_model=32, encoder_layers=2, decoder_layers=2, encoder_attention_heads=2,
                     decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64, max_position_embeddings=32,
                     dropout=0.0, attention_dropout=0.0, activation_dropout=0.0,
                     pad_token_id=1, bos_token_id=0, eos_token_id=2, decoder_start_token_id=2)
model = MBartForConditionalGeneration(config).eval()
cmodel = torch.compile(model)
src = torch.randint(3, 100, (1, 7))
with torch.no_grad():
    enc = model.get_encoder()(input_ids=src)
    dec = torch.tensor([[config.decoder_start_token_id]])
    for _ in range(4):
        logits = cmodel(encoder_outputs=enc, decoder_input_ids=dec, use_cache=False).logits
        dec = torch.cat([dec, logits[:, -1:].argmax(-1)], dim=1)
    print(dec.tolist())
