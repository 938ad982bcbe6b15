def inner(value):
    return {"a": 1}[value]
def outer():
    try:
        inner("b")
    except KeyError as e:
        raise ValueError("lookup failed") from e
outer()
