import DeviceModels
import Foundation
import Quantities
import Reports
import TestSupport
import Testing

/// The plot's recorder adds fine bins up to at most ~one bin per pixel, exactly, whatever the
/// run's length.
@Suite struct PowerSeriesRecorderTests {
  /// Without a CSV, the simulation records at the plot's resolution directly: a 1-2-5 width.
  @Test func choosesANiceWidthForThePlot() {
    let day = PowerSeriesRecorder(components: ["a"], duration: .hours(24))
    // 86 400 s / 520 = 166.2 s: 200 s bins, 432 of them.
    #expect(day.inputBinWidth == .seconds(200))
    #expect(day.binWidth == .seconds(200))
  }

  /// Fed `power.csv`'s bins, it keeps a round width when one is a multiple of them (2 ms → 50
  /// ms for 20 s), and otherwise a 1-2-5 multiple of them (3 ms × 20 = 60 ms).
  @Test func addsUpTheCSVBinsToARoundWidth() {
    let round = PowerSeriesRecorder(
      components: ["a"], duration: .seconds(20), inputBinWidth: .milliseconds(2))
    #expect(round.binWidth == .milliseconds(50))
    let odd = PowerSeriesRecorder(
      components: ["a"], duration: .seconds(20), inputBinWidth: .milliseconds(3))
    #expect(odd.binWidth == .milliseconds(60))
  }

  /// A day of 100 ms bins (864 000 of them, in the simulator's batches of 4096) ends as 432
  /// bins of 200 s holding exactly the energy fed in; memory is the 432 bins, not the input.
  @Test func aDayOfFineBinsStaysSmallAndExact() {
    let recorder = PowerSeriesRecorder(
      components: ["a", "b"], duration: .hours(24), inputBinWidth: .milliseconds(100))
    #expect(recorder.binWidth == .seconds(200))
    let inputBins = 864_000
    var first = 0
    var fedA: Int128 = 0
    while first < inputBins {
      let count = min(4096, inputBins - first)
      var energies: [Int128] = []
      var charge: [Double] = []
      for bin in first..<first + count {
        // a: 1 mW (1e14 aJ per 100 ms bin) plus the bin's index in aJ; b: constant.
        let a = Int128(100_000_000_000_000) + Int128(bin)
        energies.append(a)
        energies.append(5)
        fedA += a
        charge.append(1 - Double(bin) / Double(inputBins))
      }
      recorder.receive(
        PowerBins(
          binWidth: 100_000_000, firstBin: first, componentCount: 2, energies: energies,
          stateOfChargeAtStart: charge))
      first += count
    }
    let series = recorder.series(endStateOfCharge: Fraction(0))
    #expect(series.binCount == 432)
    #expect(series.energy(ofComponent: 0) == Energy(attojoules: fedA))
    #expect(series.energy(ofComponent: 1) == Energy(attojoules: 5 * 864_000))
    // Bin 1 starts at input bin 2000: 1 − 2000 / 864 000.
    #expect(series.stateOfCharge[1] == Fraction(1 - 2000.0 / 864_000))
    #expect(series.stateOfCharge.last == Fraction(0))
    #expect(series.averagePower(bin: 0, component: 0) == Power(nanowatts: 1_000_000))
  }
}

/// A series made from bins collected whole (what `compare` keeps) is the recorder's series.
@Test func seriesFromCollectedBinsMatchesTheRecorder() throws {
  let directory = try TemporaryDirectory()
  let setup = try scenario(workedExample, in: directory).setup
  let (result, recorded) = PowerSeriesRecorder.run(setup)
  let collector = PowerSeriesCollector()
  let width = PowerSeriesRecorder.plotBinWidth(for: setup.duration)
  #expect(width == .milliseconds(50))
  _ = Simulation(setup: setup, recording: RecordingOptions(binWidth: width, sink: collector)).run()
  let collected = PowerSeries(
    try #require(collector.bins), components: result.components.map(\.name),
    duration: result.duration, endStateOfCharge: result.battery?.endStateOfCharge)
  #expect(collected.energies == recorded.energies)
  #expect(collected.stateOfCharge == recorded.stateOfCharge)
  #expect(
    Plot.stackedPower(collected, title: "t") == Plot.stackedPower(recorded, title: "t"))
}
