"""real: mmdet-style ResNet backbone: stages registered with self.add_module(f"layer{i}") and looked up by name with getattr(self, layer_name) over self.res_layers; feature maps collected for i in self.out_indices (tuple attribute); the script changes out_indices for an FPN with more levels, then replaces one stage via setattr(self, name, new_stage) -- open-mmlab mmdet/models/backbones/resnet.py ResNet.forward."""
import torch
import torch.nn as nn
torch.manual_seed(0)


def stage(cin, cout):
    return nn.Sequential(nn.Conv2d(cin, cout, 3, stride=2, padding=1), nn.ReLU())


class ResNet(nn.Module):
    def __init__(self, out_indices=(2,)):
        super().__init__()
        self.stem = nn.Conv2d(3, 4, 3, padding=1)
        self.out_indices = out_indices
        self.res_layers = []
        for i in range(3):
            name = f"layer{i + 1}"
            self.add_module(name, stage(4, 4))
            self.res_layers.append(name)

    def forward(self, x):
        x = self.stem(x)
        outs = []
        for i, layer_name in enumerate(self.res_layers):
            res_layer = getattr(self, layer_name)
            x = res_layer(x)
            if i in self.out_indices:
                outs.append(x)
        return tuple(outs)


net = ResNet().eval()
cnet = torch.compile(net)
x = torch.randn(1, 3, 16, 16)
with torch.no_grad():
    outs = cnet(x)
    print("a", len(outs), [round(o.sum().item(), 4) for o in outs])
    net.out_indices = (0, 1, 2)
    outs = cnet(x)
    print("b", len(outs), [round(o.sum().item(), 4) for o in outs])
    setattr(net, "layer2", stage(4, 4))
    outs = cnet(x)
    print("c", len(outs), [round(o.sum().item(), 4) for o in outs])
