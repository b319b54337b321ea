import Foundation
import TestSupport
import Testing

/// A bad input file and the exact error it must produce (after `Error: `): the file, the JSON
/// path or line and column, what was expected and what was found.
struct BadInput: Sendable, CustomTestStringConvertible {
  /// The scenario file, relative to `Corpus/`.
  let file: String
  /// The variant `run` must be asked for to meet the error (`validate` checks every variant).
  let variant: String?
  /// The whole error line without `Error: ` and the newline.
  let message: String

  init(_ file: String, variant: String? = nil, _ message: String) {
    self.file = file
    self.variant = variant
    self.message = message
  }

  var testDescription: String { file }
}

/// The corpus of bad scenario, device and trace files under `Corpus/`, one table per kind of
/// mistake. Device files that scenarios refer to live in `devices/parts/`, trace files in
/// `traces/data/`.
enum BadInputCorpus {
  static let all =
    syntax + quantities + workloads + environment + devices + variants + traces + apps
    + limits
}

/// Every corpus file, through the real `powersim` process: exit status 1, nothing on standard
/// output, and exactly the expected error on standard error — from `validate`, and from `run`,
/// which must also leave no output behind.
@Suite struct CorpusTests {
  @Test(arguments: BadInputCorpus.all)
  func validateReportsTheExactError(_ input: BadInput) throws {
    let outcome = try PowerSimProcess.run(["validate", input.file])
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == "Error: \(input.message)\n")
    #expect(outcome.standardOutput == "")
  }

  @Test(arguments: BadInputCorpus.all)
  func runReportsTheSameErrorAndWritesNothing(_ input: BadInput) throws {
    let output = try TemporaryDirectory()
    let variant = input.variant.map { ["--variant", $0] } ?? []
    let outcome = try PowerSimProcess.run(
      ["run", input.file, "--out", output.path("results")] + variant)
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == "Error: \(input.message)\n")
    #expect(outcome.standardOutput == "")
    #expect(try FileManager.default.contentsOfDirectory(atPath: output.url.path) == [])
  }

  /// Every budgets file of the corpus, through `powersim check`: exit status 1, nothing on
  /// standard output, and exactly the expected error.
  @Test(arguments: BadInputCorpus.budgets)
  func checkReportsTheExactError(_ input: BadInput) throws {
    let outcome = try PowerSimProcess.run(["check", input.file])
    #expect(outcome.exited(with: 1), "\(outcome)")
    #expect(outcome.standardError == "Error: \(input.message)\n")
    #expect(outcome.standardOutput == "")
  }

  /// A new file in the corpus needs its expected message in a table, and the tables name only
  /// files that exist.
  @Test func everyScenarioInTheCorpusHasAnExpectedMessage() throws {
    let root = PowerSimProcess.corpus
    var files: [String] = []
    for kind in try FileManager.default.contentsOfDirectory(atPath: root.path) {
      let directory = root.appendingPathComponent(kind)
      for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
      where name.hasSuffix(".json") {
        files.append(kind + "/" + name)
      }
    }
    #expect(files.sorted() == (BadInputCorpus.all + BadInputCorpus.budgets).map(\.file).sorted())
    #expect(files.count >= 60)
  }
}
