// filter: opening
// title: Opening
// category: processing
// summary: erosion then dilation with the same square: removes small bright specks, keeps larger shapes
// formula: out = dilation_r(erosion_r(in))
// inputs: 1
// parameter: radius int default 1 range 1...8
// passes: 2
// pass: 1 erosion input=input1
// pass: 2 dilation input=pass1
