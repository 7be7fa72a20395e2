// filter: smoothToon
// title: Smooth toon
// category: effect
// summary: toon after a Gaussian blur, so noise and fine texture do not become outlines
// formula: out = toon(G_sigma * in)
// inputs: 1
// parameter: sigma float default 2.0 range 0.0...64.0 -- pre-blur standard deviation in pixels
// parameter: threshold float default 0.2 range 0.0...1.0
// parameter: quantizationLevels float default 10.0 range 1.0...64.0
// passes: 3
// pass: 1 gaussianBlur input=input1 direction=1.0,0.0
// pass: 2 gaussianBlur input=pass1 direction=0.0,1.0
// pass: 3 toon input=pass2
