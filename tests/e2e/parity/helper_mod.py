VALUE = 41
def bump(x):
    return x + 1
