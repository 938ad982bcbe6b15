"""recomp: the frame enters torch.backends.mkldnn.flags(enabled=flag) with a Python bool argument and reads torch.backends.mkldnn.is_available()/enabled inside -- test_ctx_manager.py torch.backends flags context managers."""
import torch


@torch.compile
def f(x, flag):
    with torch.backends.mkldnn.flags(enabled=flag):
        y = x * 2
        if torch.backends.mkldnn.enabled:
            y = y + 1
    return y.sum()


x = torch.ones(3)
print(round(f(x, True).item(), 4), torch.backends.mkldnn.enabled)
print(round(f(x, False).item(), 4), torch.backends.mkldnn.enabled)
print(round(f(x, True).item(), 4), torch.backends.mkldnn.enabled)
