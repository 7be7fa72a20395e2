// error: missing
