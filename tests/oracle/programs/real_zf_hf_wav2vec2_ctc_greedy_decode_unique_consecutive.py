"""real: HF Wav2Vec2ForCTC (tiny config, random weights) inference with the whole transcribe() compiled: processor-style zero-mean unit-variance normalization of raw audio, logits.argmax(-1), then per-utterance CTC greedy collapse with torch.unique_consecutive and removal of the pad/blank id (boolean mask indexing), joined to python lists with .tolist(); two batches of different audio lengths."""
import torch
from transformers import Wav2Vec2Config, Wav2Vec2ForCTC

torch.manual_seed(0)
config = Wav2Vec2Config(vocab_size=12, hidden_size=32, num_hidden_layers=2, num_attention_heads=4, intermediate_size=64,
                        conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3), num_conv_pos_embeddings=8,
                        num_conv_pos_embedding_groups=4, feat_extract_norm="group", do_stable_layer_norm=False,
                        mask_time_prob=0.0, pad_token_id=0, attn_implementation="eager")
model = Wav2Vec2ForCTC(config).eval()


@torch.compile(backend="eager")
def transcribe(audio):
    audio = (audio - audio.mean(-1, keepdim=True)) / torch.sqrt(audio.var(-1, keepdim=True) + 1e-7)
    with torch.no_grad():
        logits = model(audio).logits
    predicted_ids = torch.argmax(logits, dim=-1)
    out = []
    for ids in predicted_ids:
        ids = torch.unique_consecutive(ids)
        ids = ids[ids != config.pad_token_id]
        out.append(ids.tolist())
    return out


print(transcribe(torch.randn(2, 400)))
print(transcribe(torch.randn(2, 560)))
