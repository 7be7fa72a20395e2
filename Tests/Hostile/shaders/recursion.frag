// error: recursion is not allowed
float f(float x) { return f(x); }
void main() { f(1.0); }
