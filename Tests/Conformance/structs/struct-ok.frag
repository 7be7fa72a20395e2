// expect: ok
precision mediump float;
struct Light {
    vec3 color;
    float intensity;
};
struct Scene {
    Light key;
    Light fill[2];
};
uniform Scene scene;
void main() {
    Light l = Light(vec3(1.0, 0.5, 0.25), 2.0);
    Light k = scene.key;
    vec3 c = l.color * l.intensity + k.color + scene.fill[1].color;
    gl_FragColor = vec4(c, 1.0);
}
