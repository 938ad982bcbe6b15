"""recomp: a global dict of scales is indexed with an f-string key built from a global MODE and the input's rank; the value under the key in use changes, then MODE changes -- test_dicts.py test_dict_formatted_key / string formatting in compiled code."""
import torch

MODE = "train"
SCALES = {"train:1": 2.0, "eval:1": 1.0, "train:2": 5.0}


@torch.compile
def f(x):
    key = f"{MODE}:{x.dim()}"
    return x * SCALES[key]


x = torch.ones(2)
print(f(x).tolist())
SCALES["train:1"] = 3.0
print(f(x).tolist())
MODE = "eval"
print(f(x).tolist())
SCALES["eval:1"] = -1.0
print(f(x).tolist())
