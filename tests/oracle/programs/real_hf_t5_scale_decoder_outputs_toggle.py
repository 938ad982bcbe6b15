"""real: HF T5ForConditionalGeneration (tiny config, tied embeddings) compiled, teacher-forced scoring under no_grad; between calls the script flips model.config.scale_decoder_outputs (read inside forward to rescale the decoder output by d_model**-0.5 before the tied lm_head), then flips it back -- transformers T5 tie_word_embeddings rescaling toggled on the config."""
import torch
from transformers import T5Config, T5ForConditionalGeneration
torch.manual_seed(0)

config = T5Config(vocab_size=64, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_decoder_layers=2,
                  num_heads=2, decoder_start_token_id=0, pad_token_id=0)
model = T5ForConditionalGeneration(config).eval()
cmodel = torch.compile(model)
src = torch.tensor([[5, 9, 13, 17, 21, 1]])
tgt = torch.tensor([[0, 4, 8, 12]])
with torch.no_grad():
    for flag in (None, False, True):
        if flag is not None:
            model.config.scale_decoder_outputs = flag
        out = cmodel(input_ids=src, decoder_input_ids=tgt)
        ref = model(input_ids=src, decoder_input_ids=tgt)
        print(model.config.scale_decoder_outputs, round(out.logits.abs().sum().item(), 3),
              torch.allclose(out.logits, ref.logits, atol=1e-4))
