NAME = "constants"
