#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The peak resident set size of this process so far.
enum PeakMemory {
  /// Peak resident set size in bytes: `VmHWM` from `/proc/self/status` on Linux, else
  /// `getrusage`'s `ru_maxrss` (kilobytes on Linux, bytes on macOS).
  static func residentBytes() -> Int {
    if let kilobytes = highWaterMarkKilobytes() { return kilobytes * 1024 }
    var usage = rusage()
    #if canImport(Darwin)
      guard getrusage(RUSAGE_SELF, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss)
    #else
      guard getrusage(RUSAGE_SELF.rawValue, &usage) == 0 else { return 0 }
      return Int(usage.ru_maxrss) * 1024
    #endif
  }

  /// The `VmHWM:` line of `/proc/self/status`, in kB, where there is one.
  private static func highWaterMarkKilobytes() -> Int? {
    guard let file = fopen("/proc/self/status", "r") else { return nil }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
      let text = String(
        decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      guard text.hasPrefix("VmHWM:") else { continue }
      let digits = text.dropFirst(6).filter(\.isNumber)
      return Int(digits)
    }
    return nil
  }
}
