"""real: HF T5ForConditionalGeneration (tiny config) compiled; the encoder is run once and a hand-written greedy loop calls the compiled model with encoder_outputs, decoder_input_ids of one token and the growing past_key_values (EncoderDecoderCache) returned by the previous step, for two source sentences -- seq2seq incremental decoding without generate()."""
import torch
from transformers import T5Config, T5ForConditionalGeneration
torch.manual_seed(0)

config = T5Config(vocab_size=40, d_model=16, d_kv=8, d_ff=32, num_layers=1, num_decoder_layers=1, num_heads=2,
                  dropout_rate=0.0, decoder_start_token_id=0, pad_token_id=0, eos_token_id=1)
model = T5ForConditionalGeneration(config).eval()
cmodel = torch.compile(model)


def greedy(src, steps=3):
    enc = model.get_encoder()(input_ids=src)
    dec = torch.tensor([[config.decoder_start_token_id]])
    past = None
    toks = []
    for _ in range(steps):
        out = cmodel(encoder_outputs=enc, decoder_input_ids=dec, past_key_values=past, use_cache=True)
        past = out.past_key_values
        dec = out.logits[:, -1:].argmax(-1)
        toks.append(dec.item())
    return toks


with torch.no_grad():
    print(greedy(torch.randint(2, 40, (1, 5))))
    print(greedy(torch.randint(2, 40, (1, 5))))
