// error: integer literal '99999999999999999999' is too large
void main() { int i = 99999999999999999999; }
