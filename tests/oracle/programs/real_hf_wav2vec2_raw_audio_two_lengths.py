"""real: HF Wav2Vec2Model (tiny config: 2 conv feature layers, group-norm extractor, weight-normed positional conv) compiled, raw waveforms of two lengths under no_grad, then a padded batch with attention_mask (feature-level mask derived from conv output lengths) -- transformers Wav2Vec2 feature extraction."""
import torch
from transformers import Wav2Vec2Config, Wav2Vec2Model
torch.manual_seed(0)

config = Wav2Vec2Config(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                        conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3), conv_bias=False,
                        num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2,
                        feat_extract_norm="group", do_stable_layer_norm=False, apply_spec_augment=False,
                        hidden_dropout=0.0, attention_dropout=0.0, activation_dropout=0.0,
                        feat_proj_dropout=0.0, layerdrop=0.0)
model = Wav2Vec2Model(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for n in (400, 640):
        out = cmodel(torch.randn(1, n))
        print(n, tuple(out.last_hidden_state.shape), round(out.last_hidden_state.abs().sum().item(), 2))
    wav = torch.randn(2, 640)
    mask = torch.ones(2, 640, dtype=torch.long)
    mask[1, 400:] = 0
    wav[1, 400:] = 0
    out = cmodel(wav, attention_mask=mask)
    print("masked", round(out.last_hidden_state.abs().sum().item(), 2))
