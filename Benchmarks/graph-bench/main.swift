print("graph-bench: not written yet")
