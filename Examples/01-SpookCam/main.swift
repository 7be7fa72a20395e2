print("spookcam: not written yet")
