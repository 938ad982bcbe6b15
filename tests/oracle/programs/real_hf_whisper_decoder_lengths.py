"""real: HF WhisperForConditionalGeneration (tiny config) compiled, log-mel features of batch 1 then 2 with decoder_input_ids of growing length, no_grad, use_cache=False -- transformers Whisper speech-to-text forward (teacher-forced scoring)."""
import torch
from transformers import WhisperConfig, WhisperForConditionalGeneration
torch.manual_seed(0)

config = WhisperConfig(vocab_size=100, num_mel_bins=8, encoder_layers=2, decoder_layers=2,
                       encoder_attention_heads=2, decoder_attention_heads=2, encoder_ffn_dim=64,
                       decoder_ffn_dim=64, d_model=32, max_source_positions=8, max_target_positions=16,
                       pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=3,
                       dropout=0.0)
model = WhisperForConditionalGeneration(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for B, T in ((1, 3), (2, 3), (2, 5)):
        feats = torch.randn(B, 8, 16)
        dec = torch.randint(4, 100, (B, T))
        logits = cmodel(input_features=feats, decoder_input_ids=dec, use_cache=False).logits
        print(B, T, tuple(logits.shape), round(logits.sum().item(), 2))
