"""recomp: a print splits the frame; the code after it reads a global tensor whose dims change, so only the resume function recompiles (automatic dynamic) until recompile_limit=2 stops it -- test_recompile_ux.py test_recompile_limit_resume_function_auto_dynamic."""
import torch

holder = {"t": torch.ones(4, 8, 2)}

def f(x):
    y = x.sin()
    print("break")
    return holder["t"].cos() + y.sum()

cf = torch.compile(f, recompile_limit=2)
cf(torch.ones(4, 8, 2))
holder["t"] = torch.ones(5, 8, 2)
cf(torch.ones(4, 8, 2))
holder["t"] = torch.ones(5, 9, 2)
cf(torch.ones(4, 8, 2))
holder["t"] = torch.ones(6, 9, 3)
cf(torch.ones(4, 8, 2))
