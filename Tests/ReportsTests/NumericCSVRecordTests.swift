import Foundation
import Quantities
import Reports
import TestSupport
import Testing

/// Numeric CSV records: written as bytes, the same text as the String writer makes.
@Suite struct NumericCSVRecordTests {
  @Test func recordsAreWrittenAsTheStringWriterWritesThem() throws {
    let directory = try TemporaryDirectory()
    let file = try OutputFile(destination: directory.path("power.csv"))
    let writer = try CSVStreamWriter(file: file, header: ["time_s", "cpu_w", "total_w", "soc"])
    var record = NumericCSVRecord()
    for row in 0..<3 {
      record.removeAll()
      record.appendField {
        Units.appendSeconds(TimeSpan(nanoseconds: Int64(row) * 50_000_000), to: &$0)
      }
      // 1 J over 3 s, 1.83 J over 20 s, 0.3 W: repeating, terminating and exact.
      record.appendField {
        Units.appendAverageWatts(
          Energy(attojoules: 1_000_000_000_000_000_000), over: .seconds(3), to: &$0)
      }
      record.appendField {
        Units.appendAverageWatts(
          Energy(attojoules: 1_830_000_000_000_000_000), over: .seconds(20), to: &$0)
      }
      record.appendField { Units.appendShare(1 - Double(row) / 8, to: &$0) }
      #expect(record.fieldCount == 4)
      try writer.appendRow(record)
    }
    try file.commit()
    let text = try String(contentsOfFile: directory.path("power.csv"), encoding: .utf8)
    #expect(
      text == """
        time_s,cpu_w,total_w,soc\r
        0,0.33333333333333333,0.0915,1\r
        0.05,0.33333333333333333,0.0915,0.875\r
        0.1,0.33333333333333333,0.0915,0.75\r

        """)
  }
}
