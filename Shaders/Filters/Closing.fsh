// filter: closing
// title: Closing
// category: processing
// summary: dilation then erosion with the same square: fills small dark holes, keeps larger shapes
// formula: out = erosion_r(dilation_r(in))
// inputs: 1
// parameter: radius int default 1 range 1...8
// passes: 2
// pass: 1 dilation input=input1
// pass: 2 erosion input=pass1
