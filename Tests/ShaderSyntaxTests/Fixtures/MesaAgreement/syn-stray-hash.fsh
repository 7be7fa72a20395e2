// expect: error 3 (mesa: preprocessor error: syntax error, unexpected HASH_TOKEN)
precision mediump float;
void main() { float x = 1.0 # 2.0; gl_FragColor = vec4(x); }
