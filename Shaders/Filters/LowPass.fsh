// filter: lowPass
// title: Low-pass filter
// category: processing
// summary: keeps low spatial frequencies: a Gaussian blur (two passes of gaussianBlur); GPUImage's low-pass is temporal (across video frames), this one is spatial
// formula: out = G_sigma * in (see gaussianBlur)
// inputs: 1
// parameter: sigma float default 4.0 range 0.0...64.0 -- cut-off as the Gaussian's standard deviation in pixels
// passes: 2
// pass: 1 gaussianBlur input=input1 direction=1.0,0.0
// pass: 2 gaussianBlur input=pass1 direction=0.0,1.0
