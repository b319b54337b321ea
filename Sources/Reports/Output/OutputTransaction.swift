import Foundation
import ScenarioFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files that appear together or not at all: nothing is renamed until every file is complete;
/// on failure every temporary file is removed.
///
/// A transaction refuses an output that is the same file as another of its outputs or as an
/// input this process read (the scenario, a device file, a trace), compared by device and inode
/// where the file exists and by path with symbolic links resolved where it does not yet.
///
/// Two processes committing into one directory never leave a mix of their files: the renames
/// run under an exclusive advisory lock (`flock(2)`) on each directory they rename into, taken
/// in path order, so one process's files all land before the other's. The lock is on the
/// directory itself, so it leaves no lock file behind; on a file system without `flock` on
/// directories the renames run unlocked, as before.
///
/// Several files going into one directory (`run --out`'s) replace their old versions at once:
/// the directory is exchanged atomically with a copy holding the new files and links to
/// everything else in it (see ``DirectorySwap``), so that even a SIGKILL leaves all old files or
/// all new ones. Where the system cannot exchange directories, the renames happen one after
/// another: if one fails part way (a full disk does not fail a rename, but a permission change
/// between the checks and the renames could), the files already renamed stay in place and the
/// error names the one that failed.
public final class OutputTransaction {
  private var files: [OutputFile] = []

  /// An empty transaction.
  public init() {}

  /// Opens a new output file at `path`, creating missing directories when asked.
  public func file(at path: String, createDirectories: Bool = true) throws(OutputError)
    -> OutputFile
  {
    try OutputPath.validate(path)
    if createDirectories && OutputPath.descriptorNamed(path) == nil {
      try Self.createDirectory(OutputPath.directory(of: path))
    }
    let route = try OutputPath.route(path)
    let identity = OutputPath.identity(of: route)
    try Self.checkDistinct(path, identity, from: files.map { ($0.destination, $0.identity) })
    let file = try OutputFile(destination: path, route: route, identity: identity)
    files.append(file)
    return file
  }

  /// Writes a whole file from `text`.
  public func write(_ text: String, to path: String) throws(OutputError) {
    try file(at: path).write(text)
  }

  /// Refuses `paths` before anything is computed for them: an empty path, a directory, two
  /// outputs that are one file, an output that is an input of the run.
  public static func check(_ paths: [String]) throws(OutputError) {
    var earlier: [(String, OutputPath.Identity)] = []
    for path in paths {
      let identity = OutputPath.identity(of: try OutputPath.route(path))
      try checkDistinct(path, identity, from: earlier)
      earlier.append((path, identity))
    }
  }

  /// Refuses `path` if it is one of `outputs` or an input of the run.
  private static func checkDistinct(
    _ path: String, _ identity: OutputPath.Identity,
    from outputs: [(path: String, identity: OutputPath.Identity)]
  ) throws(OutputError) {
    /// ` (as OTHER)` when `other` spells the file differently from `path`.
    func alias(_ other: String) -> String {
      other == path ? "" : " (as \(OutputPath.shown(other)))"
    }
    if let file = identity.file, let input = InputFiles.path(of: file) {
      throw OutputError(
        path: path,
        message: "cannot write an output there: this run reads it as an input\(alias(input))")
    }
    if let other = outputs.first(where: { $0.identity.isSameFile(as: identity) }) {
      throw OutputError(
        path: path,
        message:
          "cannot write an output there: this run writes another output to it\(alias(other.path))")
    }
  }

  /// Creates `directory` and its missing parents, as `mkdir -p`.
  private static func createDirectory(_ directory: String) throws(OutputError) {
    var status = stat()
    if stat(directory, &status) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else {
        throw OutputError(path: directory, message: "cannot write into it: it is not a directory")
      }
      return
    }
    guard errno == ENOENT else { throw OutputError.system(directory, "create the directory") }
    let parent = OutputPath.directory(of: directory)
    if parent != directory && parent != "." && parent != "/" { try createDirectory(parent) }
    guard mkdir(directory, 0o777) == 0 || errno == EEXIST else {
      throw OutputError.system(directory, "create the directory")
    }
  }

  /// Finishes every file, then renames them all into place, in the order they were opened.
  ///
  /// Nothing is renamed until every file is written and synced and no destination is a
  /// directory; the renames then run under the directories' locks, with the cleanup signals
  /// held back, so an interruption leaves either every old file or every new one (it takes
  /// effect once they are all in place).
  public func commit() throws(OutputError) {
    do {
      for file in files {
        try file.checkDestination()
        try file.finishWriting()
      }
    } catch {
      discard()
      throw error
    }
    // By directory, canonical so that one directory spelt two ways is locked once. Where several
    // files go into one directory, they replace their old versions all at once if the system can
    // exchange the directory with a copy (see ``DirectorySwap``).
    var byDirectory: [String: [OutputFile]] = [:]
    for file in files {
      guard let replaced = file.replacedPath else { continue }
      byDirectory[OutputPath.canonical(OutputPath.directory(of: replaced)), default: []].append(
        file)
    }
    let locks = DirectoryLock.acquire(byDirectory.keys.sorted())
    defer { locks.release() }
    var failure: OutputError?
    TemporaryFiles.blockSignals {
      var swapped = Set<ObjectIdentifier>()
      for directory in byDirectory.keys.sorted() where byDirectory[directory]!.count > 1 {
        let group = byDirectory[directory]!
        if DirectorySwap.replace(directory, with: group) {
          swapped.formUnion(group.map(ObjectIdentifier.init))
        }
      }
      for file in files where failure == nil && !swapped.contains(ObjectIdentifier(file)) {
        do throws(OutputError) {
          try file.moveIntoPlace()
        } catch {
          failure = error
        }
      }
    }
    if let failure {
      discard()
      throw failure
    }
    files.removeAll()
  }

  /// Discards every file not yet committed.
  public func discard() {
    for file in files { file.discard() }
    files.removeAll()
  }

  /// Writes whole files from text as one transaction: every file appears, or none does and
  /// earlier files at those paths stay as they were.
  public static func write(_ files: [(path: String, text: String)]) throws(OutputError) {
    guard !files.isEmpty else { return }
    let transaction = OutputTransaction()
    do {
      for file in files { try transaction.write(file.text, to: file.path) }
      try transaction.commit()
    } catch {
      transaction.discard()
      throw error
    }
  }
}
