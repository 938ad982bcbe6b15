"""real: HF DeiTForImageClassificationWithTeacher (tiny config, cls + distillation tokens, logits averaged from both heads) compiled, eval under no_grad on two batch sizes, then output_hidden_states=True -- transformers DeiT distilled inference."""
import torch
from transformers import DeiTConfig, DeiTForImageClassificationWithTeacher
torch.manual_seed(0)

config = DeiTConfig(image_size=8, patch_size=4, num_channels=3, hidden_size=32, num_hidden_layers=2,
                    num_attention_heads=2, intermediate_size=64, num_labels=3)
model = DeiTForImageClassificationWithTeacher(config).eval()
cmodel = torch.compile(model)
with torch.no_grad():
    for b in (2, 3):
        out = cmodel(pixel_values=torch.randn(b, 3, 8, 8))
        print(b, out.logits.argmax(-1).tolist(), round((out.cls_logits - out.distillation_logits).abs().sum().item(), 4))
    out = cmodel(pixel_values=torch.randn(2, 3, 8, 8), output_hidden_states=True)
    print("hidden", len(out.hidden_states), round(out.hidden_states[-1].sum().item(), 3))
