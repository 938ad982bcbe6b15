from . import constants
def describe():
    return f"{__name__} {constants.NAME}"
