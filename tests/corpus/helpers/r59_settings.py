"""A settings module of the program, read by a helper function (for
r59_other_module_global.py)."""
SCALE = 2.0


def scaled(x):
    return x * SCALE
