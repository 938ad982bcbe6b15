"""real: HF SegformerForSemanticSegmentation (tiny config, 2 stages, overlapping patch embeddings, efficient self-attention with sr_ratios) compiled: one train step with pixel-wise labels (upsampled logits + CE loss), then eval prediction under no_grad -- transformers SegFormer semantic segmentation fine-tune."""
import torch
from transformers import SegformerConfig, SegformerForSemanticSegmentation
torch.manual_seed(0)

config = SegformerConfig(num_channels=3, num_encoder_blocks=2, depths=[1, 1], sr_ratios=[2, 1], hidden_sizes=[8, 16],
                         patch_sizes=[3, 3], strides=[2, 2], num_attention_heads=[1, 2], mlp_ratios=[2, 2],
                         decoder_hidden_size=16, num_labels=3, drop_path_rate=0.0, hidden_dropout_prob=0.0,
                         attention_probs_dropout_prob=0.0, classifier_dropout_prob=0.0)
model = SegformerForSemanticSegmentation(config)
cmodel = torch.compile(model)
opt = torch.optim.SGD(model.parameters(), lr=0.1)
pix = torch.randn(2, 3, 16, 16)
labels = torch.randint(0, 3, (2, 16, 16))
model.train()
loss = cmodel(pixel_values=pix, labels=labels).loss
loss.backward()
opt.step()
print("train", round(loss.item(), 4))
model.eval()
with torch.no_grad():
    logits = cmodel(pixel_values=pix).logits
    print("eval", tuple(logits.shape), round(logits.sum().item(), 3))
