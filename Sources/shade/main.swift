import Foundation
import ShadeCLI

// All behaviour lives in ShadeCLI so tests can drive it; this file only forwards.
exit(ShadeCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
