precision mediump float;
void main() {
    vec3 a = undefinedThing.xyz * 2.0 + vec3(1.0); // error: use of undeclared identifier 'undefinedThing'
    float b = 1; // error: cannot convert from 'int' to 'float'
    gl_FragColor = vec4(a, b);
}
