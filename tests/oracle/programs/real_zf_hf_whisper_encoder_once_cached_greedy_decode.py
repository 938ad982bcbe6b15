"""real: HF WhisperForConditionalGeneration (tiny config) hand-written greedy transcription with a compiled model: encoder_outputs = model.get_encoder()(input_features) computed eagerly once, then the compiled model is called with encoder_outputs=(hidden,), decoder_input_ids of the forced prefix (sot, lang, task) and use_cache=True, then one token at a time with past_key_values (EncoderDecoderCache, cross-attention cache filled on the first decode step); two audio clips."""
import torch
from transformers import WhisperConfig, WhisperForConditionalGeneration

torch.manual_seed(0)
config = WhisperConfig(vocab_size=64, num_mel_bins=8, encoder_layers=1, decoder_layers=2, encoder_attention_heads=4,
                       decoder_attention_heads=4, d_model=32, encoder_ffn_dim=64, decoder_ffn_dim=64, max_source_positions=16,
                       max_target_positions=32, decoder_start_token_id=1, pad_token_id=0, eos_token_id=2, bos_token_id=1,
                       attn_implementation="eager")
model = WhisperForConditionalGeneration(config).eval()
cmodel = torch.compile(model, backend="eager")


@torch.no_grad()
def transcribe(features, max_new_tokens=3):
    enc = model.get_encoder()(features).last_hidden_state
    prefix = torch.tensor([[1, 5, 6]])
    out = cmodel(encoder_outputs=(enc,), decoder_input_ids=prefix, use_cache=True)
    past = out.past_key_values
    toks = [out.logits[:, -1].argmax(-1, keepdim=True)]
    for _ in range(max_new_tokens - 1):
        out = cmodel(encoder_outputs=(enc,), decoder_input_ids=toks[-1], past_key_values=past, use_cache=True)
        past = out.past_key_values
        toks.append(out.logits[:, -1].argmax(-1, keepdim=True))
    return torch.cat(toks, 1).tolist()


print(transcribe(torch.randn(1, 8, 32)))
print(transcribe(torch.randn(1, 8, 32)))
