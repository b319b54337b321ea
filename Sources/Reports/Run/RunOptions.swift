public import Quantities

/// Picks the default width of the power series' bins: the smallest "nice" width (1, 2 or 5
/// times a power of ten nanoseconds) that gives at most `maximumBins` bins.
public enum BinWidth {
  /// About this many rows at most by default (see *The command line*).
  public static let maximumBins = 10_000

  /// The most rows `--resolution` may ask `power.csv` for (about a gigabyte of CSV).
  public static let maximumRequestedBins = 10_000_000

  /// The default bin width for a run of `duration`: at most `maximumBins` bins.
  public static func defaultWidth(for duration: TimeSpan, maximumBins: Int = maximumBins)
    -> TimeSpan
  {
    let bins = Int64(max(1, maximumBins))
    let needed = max(1, (duration.nanoseconds + bins - 1) / bins)
    var magnitude: Int64 = 1
    while true {
      for step in [1, 2, 5] as [Int64] where step * magnitude >= needed {
        return .nanoseconds(step * magnitude)
      }
      magnitude *= 10
    }
  }
}
