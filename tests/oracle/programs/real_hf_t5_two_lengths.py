"""real: tiny HF T5ForConditionalGeneration compiled, teacher-forced loss at two encoder lengths under no_grad -- transformers seq2seq evaluation."""
import torch
from transformers import T5Config, T5ForConditionalGeneration

torch.manual_seed(0)
config = T5Config(vocab_size=40, d_model=32, d_kv=8, d_ff=64, num_layers=2, num_decoder_layers=2,
                  num_heads=2, dropout_rate=0.0, decoder_start_token_id=0, pad_token_id=0)
model = T5ForConditionalGeneration(config).eval()
cmodel = torch.compile(model)
labels = torch.tensor([[4, 5, 6]])
with torch.no_grad():
    for T in (5, 7):
        ids = torch.arange(1, T + 1).unsqueeze(0)
        out = cmodel(input_ids=ids, labels=labels, use_cache=False)
        print(T, round(out.loss.item(), 3))
