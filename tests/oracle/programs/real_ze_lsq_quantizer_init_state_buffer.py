"""real: LSQ / LSQ+ learned-step-size quantization-aware training (zhutmost/lsq-net, hustzxd/LSQuantization) -- Quantizer with `self.register_buffer('init_state', torch.zeros(1))` and data-dependent first-call initialisation `if self.training and self.init_state == 0: self.s.data.copy_(2 * x.abs().mean() / math.sqrt(self.thd_pos)); self.init_state.fill_(1)`, grad_scale (y.detach() - y_grad).detach() + y_grad and round_pass straight-through, QuanConv2d / QuanLinear wrappers replacing layers via named_children, cosine LR schedule, grad clipping, eval under no_grad."""
import math
import torch
import torch.nn as nn
import torch.nn.functional as F
torch.manual_seed(0)


def grad_scale(x, scale):
    y_grad = x * scale
    return (x - y_grad).detach() + y_grad


def round_pass(x):
    y_grad = x
    return (x.round() - y_grad).detach() + y_grad


class LsqQuan(nn.Module):
    def __init__(self, bit, all_positive=False, per_channel=False):
        super().__init__()
        if all_positive:
            self.thd_neg, self.thd_pos = 0, 2 ** bit - 1
        else:
            self.thd_neg, self.thd_pos = -2 ** (bit - 1) + 1, 2 ** (bit - 1) - 1
        self.per_channel = per_channel
        self.s = nn.Parameter(torch.ones(1))
        self.register_buffer('init_state', torch.zeros(1))

    def forward(self, x):
        if self.training and self.init_state == 0:
            self.s.data.copy_(2 * x.detach().abs().mean() / math.sqrt(self.thd_pos))
            self.init_state.fill_(1)
        s_grad_scale = 1.0 / ((self.thd_pos * x.numel()) ** 0.5)
        s_scale = grad_scale(self.s, s_grad_scale)
        x = x / s_scale
        x = torch.clamp(x, self.thd_neg, self.thd_pos)
        x = round_pass(x)
        return x * s_scale


class QuanConv2d(nn.Conv2d):
    def __init__(self, m: nn.Conv2d, quan_w_fn, quan_a_fn):
        super().__init__(m.in_channels, m.out_channels, m.kernel_size, stride=m.stride, padding=m.padding, bias=m.bias is not None)
        self.quan_w_fn, self.quan_a_fn = quan_w_fn, quan_a_fn
        self.weight = nn.Parameter(m.weight.detach())
        if m.bias is not None:
            self.bias = nn.Parameter(m.bias.detach())

    def forward(self, x):
        return self._conv_forward(self.quan_a_fn(x), self.quan_w_fn(self.weight), self.bias)


def quantize_model(model):
    for name, child in model.named_children():
        if isinstance(child, nn.Conv2d) and child.in_channels > 3:
            setattr(model, name, QuanConv2d(child, LsqQuan(4), LsqQuan(4, all_positive=True)))
        else:
            quantize_model(child)
    return model


net = nn.Sequential(nn.Conv2d(3, 8, 3, padding=1), nn.ReLU(), nn.Sequential(nn.Conv2d(8, 8, 3, padding=1), nn.ReLU()),
                    nn.Conv2d(8, 8, 3, padding=1), nn.ReLU(), nn.AdaptiveAvgPool2d(1), nn.Flatten(), nn.Linear(8, 4))
net = quantize_model(net)
cnet = torch.compile(net, backend="eager")
opt = torch.optim.SGD(net.parameters(), lr=0.01, momentum=0.9)
sched = torch.optim.lr_scheduler.CosineAnnealingLR(opt, T_max=4)
for epoch in range(4):
    net.train()
    x, y = torch.randn(6, 3, 8, 8), torch.randint(0, 4, (6,))
    loss = F.cross_entropy(cnet(x), y)
    opt.zero_grad(); loss.backward()
    nn.utils.clip_grad_norm_(net.parameters(), 1.0)
    opt.step(); sched.step()
    net.eval()
    with torch.no_grad():
        acc = (cnet(torch.randn(6, 3, 8, 8)).argmax(1) == y).float().mean()
    print(epoch, round(loss.item(), 4), acc.item())
