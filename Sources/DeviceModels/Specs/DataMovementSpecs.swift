public import Quantities

/// The platform's memory: how DRAM power rises with the bandwidth the components move (see
/// *The cost of moving data* in the article *Peripherals and recipes*).
public struct MemorySpec: Sendable, Hashable {
  /// Power above the platform's awake power for each GB/s (10⁹ bytes per second) moved.
  public var powerPerGigabytePerSecond: Power

  /// A memory model.
  public init(powerPerGigabytePerSecond: Power) {
    self.powerPerGigabytePerSecond = powerPerGigabytePerSecond
  }

  /// The power of moving `bytesPerSecond`, in nanowatts, rounded down: exact integer arithmetic
  /// on the power per GB/s (no rounding before the final division).
  public func nanowatts(movingBytesPerSecond bytesPerSecond: Int64) -> Int64 {
    scaledDown(bytesPerSecond, times: powerPerGigabytePerSecond.nanowatts, per: 1_000_000_000)
  }
}

/// The network stack's work: reference-core time for each megabyte received or sent, run at the
/// transfer's QoS (see *The cost of moving data*).
public struct NetworkStackSpec: Sendable, Hashable {
  /// Reference-core time per megabyte (10⁶ bytes).
  public var cpuPerMegabyte: TimeSpan

  /// A network-stack model.
  public init(cpuPerMegabyte: TimeSpan) {
    self.cpuPerMegabyte = cpuPerMegabyte
  }

  /// The reference-core nanoseconds of `bytes` received or sent, rounded down.
  public func nanoseconds(forBytes bytes: Int64) -> Int64 {
    scaledDown(bytes, times: cpuPerMegabyte.nanoseconds, per: 1_000_000)
  }
}

/// What a generic component's activity moves and, for a camera or an encoder, how its power
/// grows with the pixels it handles (see *Peripherals and recipes*).
public struct GenericLoadSpec: Sendable, Hashable {
  /// Memory bandwidth while active, in bytes per second (a decoder's frames), when the step
  /// gives no resolution and frame rate.
  public var memoryBandwidth: DataRate?
  /// Energy per pixel handled, drawn above the active state's power at the step's pixel rate.
  public var pixelEnergy: Energy?
  /// Bytes of memory traffic per pixel handled (frames written and read back), at the step's
  /// pixel rate; it replaces `memoryBandwidth` for a step with a resolution and frame rate.
  public var pixelMemory: DataSize?

  /// A load model; every part is optional.
  public init(
    memoryBandwidth: DataRate? = nil, pixelEnergy: Energy? = nil, pixelMemory: DataSize? = nil
  ) {
    self.memoryBandwidth = memoryBandwidth
    self.pixelEnergy = pixelEnergy
    self.pixelMemory = pixelMemory
  }

  /// Whether the component's power depends on a step's resolution and frame rate.
  public var dependsOnPixels: Bool { pixelEnergy != nil || pixelMemory != nil }

  /// The power above the active state's of a step at `pixelsPerSecond` (nil: no resolution and
  /// frame rate given), with `memory` pricing its traffic (nil: the device has no memory model).
  /// Exact: attojoules per pixel times pixels per second is 10⁻¹⁸ W, divided once into nW.
  public func extraNanowatts(pixelsPerSecond: Int64?, memory: MemorySpec?) -> Int64 {
    var extra: Int64 = 0
    if let pixelsPerSecond, let pixelEnergy {
      let product = pixelEnergy.attojoules * Int128(pixelsPerSecond)
      extra = Int64(clamping: product / 1_000_000_000)
    }
    guard let memory else { return extra }
    var bytesPerSecond: Int64 = 0
    if let pixelsPerSecond, let pixelMemory {
      bytesPerSecond = Int64(clamping: Int128(pixelsPerSecond) * Int128(pixelMemory.bytes))
    } else if let memoryBandwidth {
      bytesPerSecond = clampedInteger(memoryBandwidth.bytesPerSecond)
    }
    return Saturating.sum(extra, memory.nanowatts(movingBytesPerSecond: bytesPerSecond))
  }
}

/// A video frame size, in pixels (`"3840x2160"`).
public struct Resolution: Sendable, Hashable {
  /// Pixels across.
  public var width: Int64
  /// Pixels down.
  public var height: Int64

  /// A resolution.
  public init(width: Int64, height: Int64) {
    self.width = width
    self.height = height
  }

  /// Pixels per second at `frameRate`, rounded to the nearest pixel.
  public func pixelsPerSecond(at frameRate: Frequency) -> Int64 {
    clampedInteger(Double(width) * Double(height) * frameRate.hertz)
  }
}

/// `amount × rate ÷ unit`, exact in 128 bits, rounded down and clamped to `Int64`.
private func scaledDown(_ amount: Int64, times rate: Int64, per unit: Int128) -> Int64 {
  Int64(clamping: Int128(amount) * Int128(rate) / unit)
}

/// `value` rounded to the nearest integer, within 0...Int64.max (NaN counts as too large).
func clampedInteger(_ value: Double) -> Int64 {
  let rounded = value.rounded()
  return rounded < 9.2e18 ? Int64(max(0, rounded)) : .max
}
