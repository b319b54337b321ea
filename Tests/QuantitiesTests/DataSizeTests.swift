import Quantities
import Testing

/// Sizes in whole bytes.
@Suite struct DataSizeTests {
  @Test func prefixes() {
    #expect(DataSize.kilobytes(2) == DataSize(bytes: 2_000))
    #expect(DataSize.kibibytes(2) == DataSize(bytes: 2_048))
    #expect(DataSize.megabytes(2) == DataSize(bytes: 2_000_000))
    #expect(DataSize.mebibytes(2) == DataSize(bytes: 2_097_152))
  }

  /// Flash writes occupy whole pages.
  @Test(arguments: [(0, 0), (1, 4_096), (4_095, 4_096), (4_096, 4_096), (4_097, 8_192)])
  func roundedUpToPages(bytes: Int64, rounded: Int64) {
    #expect(DataSize(bytes: bytes).roundedUp(toMultipleOf: .kibibytes(4)).bytes == rounded)
  }

  @Test func arithmeticAndDescription() {
    #expect(DataSize.kilobytes(3) - .kilobytes(1) + .zero == .kilobytes(2))
    #expect(DataSize.kilobytes(1) < .kibibytes(1))
    #expect(DataSize.megabytes(2).description == "2 MB")
    #expect(DataSize(bytes: 4_096).description == "4.096 KB")
    #expect(DataSize(bytes: 12).description == "12 B")
    #expect(DataSize(bytes: 1_500_000_000).description == "1.5 GB")
  }
}
