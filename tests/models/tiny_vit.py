# One graph, as under Dynamo (measured with a counting backend, torch 2.13).
# expect-graphs: 1
# expect-ops: 88
# expect-breaks: none
"""A tiny ViT built from a transformers config with random weights (no
download): patch embedding (a strided convolution), a class token,
position embeddings, pre-norm attention blocks with GELU MLPs, the
classifier on the class token."""
import torch
from transformers import ViTConfig, ViTForImageClassification

torch.manual_seed(0)
config = ViTConfig(image_size=32, patch_size=8, num_channels=3, hidden_size=32, num_hidden_layers=2,
                   num_attention_heads=2, intermediate_size=64, num_labels=5)
model = torch.compile(ViTForImageClassification(config).eval())
with torch.no_grad():
    print(model(pixel_values=torch.randn(2, 3, 32, 32)).logits.argmax(-1).tolist())
