print("disguise: not yet")
