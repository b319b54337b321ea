import DeviceImport
import Foundation
import ScenarioFiles
import TestSupport
import Testing

/// Measured traces: each monitor's export, by its real header, integrated into windows by hand.
@Suite struct MeasuredTraceTests {
  static func read(
    _ csv: String, width: Double = 1, duration: Double, voltage: Double = 4, offset: Double = 0
  ) throws -> MeasuredTrace {
    let directory = try TemporaryDirectory()
    let path = try directory.write(csv, to: "trace.csv")
    return try MeasuredTrace.read(
      path, windowWidth: Int64(width * 1e9), duration: Int64(duration * 1e9), voltage: voltage,
      offset: Int64(offset * 1e9))
  }

  static func close(_ a: [Double], _ b: [Double]) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) < 1e-9 }
  }

  /// Nordic's Power Profiler app writes `Timestamp(ms),Current(uA)` and digital channels
  /// (pc-nrfconnect-ppk). Samples of 1, 3 and 2 mA at 0, 0.5 and 1 s, at 4 V: the first window
  /// holds 4 mW × 0.5 s + 12 mW × 0.5 s = 8 mJ; the second only half covered (the last sample
  /// holds for the interval before it, 0.5 s).
  @Test func nordicPowerProfilerKitII() throws {
    let trace = try Self.read(
      "Timestamp(ms),Current(uA),D0-D7\n0,1000,00000000\n500,3000,00000000\n1000,2000,00000001\n",
      duration: 2)
    #expect(trace.format == "Nordic Power Profiler Kit II")
    #expect(Self.close(trace.energies, [0.008, 0.004]))
    #expect(trace.covers(window: 0) && !trace.covers(window: 1))
  }

  /// PyMonsoon's sampleEngine names its columns `Time(ms)`, `Main(mA)`, `Main Voltage(V)`.
  @Test func monsoon() throws {
    let csv = "Time(ms),Main(mA),Main Voltage(V)\n0,100,4.0\n1000,200,4.0\n2000,300,4.0\n"
    let trace = try Self.read(csv, duration: 3)
    #expect(trace.format == "Monsoon (PyMonsoon or PowerTool)")
    #expect(trace.powerSource == "current × the voltage column")
    #expect(Self.close(trace.energies, [0.4, 0.8, 1.2]))
    // Offset 1 s: the trace's time 1 s is the run's 0.
    let shifted = try Self.read(csv, duration: 3, offset: 1)
    #expect(Self.close(shifted.energies, [0.8, 1.2, 0]))
  }

  /// Joulescope's downsampling logger (pyjoulescope_examples, bin/downsample_logging.py) writes
  /// `time,current,voltage,power,charge,energy,current_min,current_max`, time relative or as UTC
  /// timestamps; with `--header comment` the header is a `#= header=` line.
  @Test func joulescope() throws {
    let relative = try Self.read(
      "time,current,voltage,power,charge,energy,current_min,current_max\n0.000,0.1,4,0.5,0,0,0.1,0.1\n0.500,0.1,4,0.25,0,0,0.1,0.1\n",
      duration: 1)
    #expect(relative.format == "Joulescope")
    #expect(relative.powerSource == "the power column")
    #expect(Self.close(relative.energies, [0.375]))
    let utc = try Self.read(
      "#= header=time,current,voltage,power,charge,energy\n#= units=s,A,V,W,C,J\n20240101T235959.750000Z,0,4,2,0,0\n20240102T000000.250000Z,0,4,1,0,0\n",
      duration: 1)
    #expect(Self.close(utc.energies, [2 * 0.5 + 1 * 0.5]))
  }

  @Test func genericCurrentInMilliamperesTakesTheVoltageGiven() throws {
    let trace = try Self.read(
      "time_s,current_ma\n0,250\n2,250\n", width: 2, duration: 4, voltage: 3.85)
    #expect(trace.format == "generic CSV")
    #expect(Self.close(trace.energies, [0.25 * 3.85 * 2, 0.25 * 3.85 * 2]))
  }

  @Test func badTracesAreErrorsWithLineAndColumn() {
    func message(_ csv: String) -> String? {
      do {
        _ = try Self.read(csv, duration: 1)
        return nil
      } catch {
        return (error as? InputError)?.message
      }
    }
    #expect(
      message("when,watts\n0,1\n")?.hasPrefix(
        "expected a header naming a time column and a power or current column") == true)
    #expect(message("time_s,power_w\n0,1\n1,abc\n") == "expected a number of power, found \"abc\"")
    #expect(
      message("time_s,power_w\n1,1\n0,1\n")
        == "expected times in increasing order, found 0 after a later time")
    #expect(message("time_s,power_w\n") == "expected samples after the header, found none")
    #expect(message("time_s,power_w\n0\n") == "expected 2 fields as the header has, found 1")
  }

  /// The comparison: energy error and per-window errors, computed by hand.
  @Test func comparisonReportsEnergyErrorMAEAndMAPE() throws {
    let trace = try Self.read("time_s,power_w\n0,1\n1,2\n2,4\n", duration: 3)
    let comparison = MeasuredComparison(trace: trace, simulated: [1.1, 1.8, 4])
    #expect(abs(comparison.measuredEnergy - 7) < 1e-12)
    #expect(abs(comparison.simulatedEnergy - 6.9) < 1e-12)
    #expect(abs(comparison.energyErrorPercent! - (-0.1 / 7 * 100)) < 1e-9)
    #expect(abs(comparison.meanAbsoluteError! - 0.1) < 1e-12)
    #expect(abs(comparison.meanAbsolutePercentageError! - (10 + 10 + 0) / 3) < 1e-9)
    #expect(comparison.csv == "time_s,measured_w,simulated_w\n0,1,1.1\n1,2,1.8\n2,4,4\n")
  }
}
