"""recomp: the frame reads a tensor global of another module of the program (written to a temp dir and imported) and rebinds it to itself plus one, then the module's float global is changed from outside -- test_global.py test_store_global_cross_file."""
import os
import sys
import tempfile
import torch

tmp = tempfile.mkdtemp()
with open(os.path.join(tmp, "gutils_i_mod.py"), "w") as f:
    f.write("import torch\ng_tensor_export = torch.zeros(3)\ng_scale = 1.0\n")
sys.path.insert(0, tmp)
import gutils_i_mod as utils  # noqa: E402


@torch.compile
def fn(x):
    val = x * utils.g_scale + utils.g_tensor_export
    utils.g_tensor_export = utils.g_tensor_export + 1
    return val


x = torch.ones(3)
print(round(fn(x).sum().item(), 4))
print(round(fn(x).sum().item(), 4))
utils.g_scale = 4.0
print(round(fn(x).sum().item(), 4))
print(utils.g_tensor_export.tolist())
