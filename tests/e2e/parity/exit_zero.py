print("nothing special")
