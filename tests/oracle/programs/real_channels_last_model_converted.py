"""real: a compiled CNN evaluated in the default contiguous format, then the model and inputs converted with .to(memory_format=torch.channels_last) (the same Parameter objects get channels-last data, as the PyTorch channels-last tutorial does) and evaluated again, then one more batch -- PyTorch "Channels Last Memory Format" tutorial with torch.compile."""
import torch
import torch.nn as nn
torch.manual_seed(0)

model = nn.Sequential(
    nn.Conv2d(3, 8, 3, padding=1), nn.BatchNorm2d(8), nn.ReLU(),
    nn.Conv2d(8, 8, 3, padding=1, groups=8), nn.ReLU(),
    nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 2),
).eval()
cm = torch.compile(model)
x = torch.randn(2, 3, 6, 6)
with torch.no_grad():
    print("nchw", [round(v, 4) for v in cm(x).flatten().tolist()])
    model = model.to(memory_format=torch.channels_last)
    xl = x.to(memory_format=torch.channels_last)
    print("nhwc", [round(v, 4) for v in cm(xl).flatten().tolist()], model[0].weight.is_contiguous())
    print("nhwc2", [round(v, 4) for v in cm(xl * 2).flatten().tolist()])
