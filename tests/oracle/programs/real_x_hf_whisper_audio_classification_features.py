"""real: HF WhisperForAudioClassification (tiny config) fine-tuned on log-mel input_features of the fixed 2 * max_source_positions frames, labels per clip, weighted-layer-sum off, then eval with argmax predictions and accuracy -- transformers examples audio-classification run_audio_classification.py with a Whisper encoder."""
import torch
from transformers import WhisperConfig, WhisperForAudioClassification
torch.manual_seed(0)

config = WhisperConfig(vocab_size=64, num_mel_bins=8, d_model=32, encoder_layers=2, encoder_attention_heads=2,
                       decoder_layers=1, decoder_attention_heads=2, encoder_ffn_dim=64, decoder_ffn_dim=64,
                       max_source_positions=8, max_target_positions=8, num_labels=3, classifier_proj_size=16,
                       pad_token_id=0, bos_token_id=1, eos_token_id=2, decoder_start_token_id=3, begin_suppress_tokens=None)
model = WhisperForAudioClassification(config)
cmodel = torch.compile(model)
optimizer = torch.optim.AdamW(model.parameters(), lr=1e-3)
frames = 2 * config.max_source_positions
for step in range(3):
    feats = torch.randn(2, config.num_mel_bins, frames)
    labels = torch.randint(0, 3, (2,))
    out = cmodel(input_features=feats, labels=labels)
    out.loss.backward()
    optimizer.step()
    optimizer.zero_grad()
    print(step, round(out.loss.item(), 4))
model.eval()
correct = 0
with torch.no_grad():
    for bs in (3, 1):
        feats = torch.randn(bs, config.num_mel_bins, frames)
        labels = torch.randint(0, 3, (bs,))
        preds = cmodel(input_features=feats).logits.argmax(-1)
        correct += (preds == labels).sum().item()
print('accuracy', correct, '/ 4')
