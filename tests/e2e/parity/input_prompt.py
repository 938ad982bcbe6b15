name = input("name? ")
age = input("age? ")
print(f"hello {name}, {int(age) + 1} next year")
