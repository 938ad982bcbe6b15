"""real: HF HubertForSequenceClassification (tiny config) compiled, train steps with SpecAugment time masking (NumPy-random mask indices, seeded) and AdamW, then model.eval() scoring where masking is off -- transformers audio-classification fine-tuning."""
import numpy as np
import torch
from transformers import HubertConfig, HubertForSequenceClassification
torch.manual_seed(0)
np.random.seed(0)

config = HubertConfig(hidden_size=32, num_hidden_layers=2, num_attention_heads=2, intermediate_size=64,
                      conv_dim=(16, 16), conv_stride=(5, 2), conv_kernel=(10, 3), conv_bias=False,
                      num_conv_pos_embeddings=16, num_conv_pos_embedding_groups=2,
                      apply_spec_augment=True, mask_time_prob=0.3, mask_time_length=2, mask_feature_prob=0.0,
                      hidden_dropout=0.0, attention_dropout=0.0, activation_dropout=0.0,
                      feat_proj_dropout=0.0, final_dropout=0.0, layerdrop=0.0,
                      num_labels=3, classifier_proj_size=16)
model = HubertForSequenceClassification(config)
cmodel = torch.compile(model)
opt = torch.optim.AdamW(model.parameters(), lr=1e-3)
for step in range(2):
    out = cmodel(torch.randn(2, 400), labels=torch.tensor([0, 2]))
    out.loss.backward()
    opt.step()
    opt.zero_grad()
    print("train", step, round(out.loss.item(), 3))
model.eval()
with torch.no_grad():
    logits = cmodel(torch.randn(2, 400)).logits
    print("eval", logits.argmax(-1).tolist(), round(logits.abs().sum().item(), 2))
