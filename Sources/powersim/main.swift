import Foundation
import PowerSimCLI
import Reports

InterruptCleanup.install()
exit(PowerSim.main(Array(CommandLine.arguments.dropFirst())))
