#version 100
#extension GL_OES_standard_derivatives : enable
#pragma optimize(on)

#if defined(GL_FRAGMENT_PRECISION_HIGH) && GL_FRAGMENT_PRECISION_HIGH == 1
precision highp float;
#define PRECISION highp
#else
precision mediump float;
#define PRECISION mediump
#endif

#define TAPS 5
#define WEIGHT(i) (1.0 / float(TAPS) * (1.0 - abs(float(i) - float(TAPS / 2)) / float(TAPS)))
#define SAMPLE(tex, uv, off) texture2D(tex, (uv) + (off))
#define LUMA(c) dot((c).rgb, vec3(0.299, 0.587, 0.114))

#ifndef BLUR_DIRECTION
#  define BLUR_DIRECTION vec2(1.0, 0.0)
#endif

#if __VERSION__ >= 100 && (TAPS % 2) == 1 && !defined(UNUSED)
#  define HAS_CENTER 1
#elif TAPS > 100
#  error too many taps
#else
#  define HAS_CENTER 0
#endif

uniform sampler2D inputImageTexture;
uniform PRECISION vec2 texelSize;
varying PRECISION vec2 textureCoordinate;

void main()
{
    PRECISION vec4 sum = vec4(0.0);
    for (int i = 0; i < TAPS; i++) {
        vec2 offset = BLUR_DIRECTION * texelSize * float(i - TAPS / 2);
        sum += SAMPLE(inputImageTexture, textureCoordinate, offset) * WEIGHT(i);
    }
#if HAS_CENTER
    float edge = fwidth(LUMA(sum));
    sum.rgb += vec3(edge) * 0.0;
#endif
    gl_FragColor = sum;
}
