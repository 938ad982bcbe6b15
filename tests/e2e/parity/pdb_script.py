def add(a, b):
    total = a + b
    return total
print(add(2, 3))
