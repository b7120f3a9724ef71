import Foundation
import MateRunApp

let status = await MateRunCLI.run(
    arguments: Array(CommandLine.arguments.dropFirst()), environment: ProcessInfo.processInfo.environment)
exit(status)
