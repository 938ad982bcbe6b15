"""recomp: compiled functions call setters of another module of the program that store its global flag (set true / set true then false); a third compiled function branches on that flag -- test_global.py test_store_global_crossfile_inline."""
import os
import sys
import tempfile
import torch

tmp = tempfile.mkdtemp()
with open(os.path.join(tmp, "flagmod_i_mod.py"), "w") as f:
    f.write(
        "global_flag = False\n"
        "def set_flag_true():\n"
        "    global global_flag\n"
        "    global_flag = True\n"
        "def set_flag_false():\n"
        "    global global_flag\n"
        "    global_flag = False\n"
    )
sys.path.insert(0, tmp)
import flagmod_i_mod as mod  # noqa: E402


@torch.compile
def fn(x):
    mod.set_flag_true()
    mod.set_flag_false()
    return x + 1


@torch.compile
def fn_set_true(x):
    mod.set_flag_true()
    return x + 1


@torch.compile
def use(x):
    if mod.global_flag:
        return x * 2
    return x - 2


x = torch.ones(2, 2)
fn_set_true(x)
print(mod.global_flag, round(use(x).sum().item(), 4))
fn(x)
print(mod.global_flag, round(use(x).sum().item(), 4))
fn_set_true(x)
print(mod.global_flag, round(use(x).sum().item(), 4))
