# One graph, as under Dynamo (measured with a counting backend, torch 2.13).
# expect-graphs: 1
# expect-ops: 42
# expect-breaks: none
"""A tiny ConvNeXt built from a transformers config with random weights (no
download): a patchify stem, depthwise 7x7 convolutions, channels-last layer
norms (permute), GELU MLPs with layer scale, downsampling, pooled head."""
import torch
from transformers import ConvNextConfig, ConvNextForImageClassification

torch.manual_seed(0)
config = ConvNextConfig(num_channels=3, hidden_sizes=[8, 16], depths=[1, 1], num_stages=2, num_labels=5,
                        image_size=32)
model = torch.compile(ConvNextForImageClassification(config).eval())
with torch.no_grad():
    print(model(pixel_values=torch.randn(2, 3, 32, 32)).logits.argmax(-1).tolist())
