#if canImport(Glibc)
  import Glibc
#endif

/// Memory the process has freed, which the C library may keep rather than return.
public enum FreedMemory {
  /// Returns the memory freed so far to the system where the C library keeps it mapped: on Linux
  /// with glibc, `malloc_trim(0)`, which gives back every free page of the heap, not only its
  /// top; elsewhere nothing.
  ///
  /// Decoding a scenario builds the file's JSON tree in many small blocks and frees it once the
  /// scenario is read. For a hundred thousand workloads that is about 50 MB, spread between the
  /// blocks the scenario keeps, which glibc holds on to and a run's tables, allocated whole, cannot
  /// reuse: `powersim run` calls this between decoding and the run, and its peak memory falls by
  /// what the tree left behind (see the benchmark's rows of many workloads).
  public static func returnToSystem() {
    #if canImport(Glibc)
      // Looked up rather than declared: the Glibc module does not export `malloc.h`.
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
