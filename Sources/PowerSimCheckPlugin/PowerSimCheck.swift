import Foundation
import PackagePlugin

/// `swift package powersim-check BUDGETS.json [OPTIONS]`: runs `powersim check` on a budgets
/// file, as a pull request's CI would, and fails when a budget is breached.
///
/// The arguments are those of `powersim check`. Relative paths are read relative to the
/// package's directory. Writing a report (`--junit`, `--markdown`, `--record`) into the package
/// needs `swift package --allow-writing-to-package-directory powersim-check …` where SwiftPM
/// sandboxes plugins (macOS).
@main
struct PowerSimCheck: CommandPlugin {
  func performCommand(context: PluginContext, arguments: [String]) async throws {
    let tool = try context.tool(named: "powersim")
    let process = Process()
    process.executableURL = tool.url
    process.arguments = ["check"] + arguments
    process.currentDirectoryURL = context.package.directoryURL
    try process.run()
    process.waitUntilExit()
    guard process.terminationReason == .exit, process.terminationStatus == 0 else {
      Diagnostics.error(
        "powersim check exited with status \(process.terminationStatus): "
          + (process.terminationStatus == 1
            ? "a budget is breached, or an input is invalid (see above)"
            : "see the usage above"))
      throw PowerSimCheckFailure(status: process.terminationStatus)
    }
  }
}

/// `powersim check` failed; its own output says why.
struct PowerSimCheckFailure: Error, CustomStringConvertible {
  /// The exit status of `powersim check`.
  let status: Int32

  var description: String { "powersim check failed (exit status \(status))" }
}
