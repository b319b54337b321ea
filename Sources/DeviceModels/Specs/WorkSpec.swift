public import Quantities

/// One object of a work item: its steps run in a fixed order — `cpu`, `read`, `write`,
/// `download`, `upload`, `gpu`, then generic components (see *OS policies*).
public struct WorkStepSpec: Sendable, Hashable {
  /// Time on the reference core.
  public var cpu: TimeSpan?
  /// How many equal parts the CPU step splits into, which may run in parallel.
  public var threads: Int
  /// The QoS class of every step of this object.
  public var qos: QoSClass
  /// Inflation of total CPU work when `threads > 1`: the work becomes `cpu ÷ efficiency`.
  public var parallelEfficiency: Double
  /// Bytes read from storage.
  public var read: DataSize?
  /// Bytes written to storage.
  public var write: DataSize?
  /// Bytes per write request (`nil`: all at once).
  public var writeSize: DataSize?
  /// Bytes downloaded.
  public var download: DataSize?
  /// Bytes uploaded.
  public var upload: DataSize?
  /// The radio transfers use (`nil`: the environment's network at the time).
  public var via: String?
  /// GPU time at the highest frequency.
  public var gpu: TimeSpan?
  /// Time in the active state of generic components, or of radios carrying no data (radio
  /// time, *Peripherals and recipes*: a Wi-Fi scan), run in the order given (scenario files
  /// list them in device order, as a JSON object's keys have no order; a work list orders them
  /// otherwise).
  public var generic: [GenericStep]
  /// The frame size a camera or encoder step handles (with `frameRate`; see *Peripherals and
  /// recipes*): the component's power grows with the pixels per second.
  public var resolution: Resolution? = nil
  /// The frames per second a camera or encoder step handles (with `resolution`).
  public var frameRate: Frequency? = nil
  /// Asks for the app's background task grant, as `beginBackgroundTask` does (`{ "extend":
  /// "background" }`, see *Apps and push delivery*): a step that takes no time.
  public var extendsBackground = false
  /// Holds the device awake this long (`{ "hold": "awake", "for": … }`: a wake lock, a power
  /// assertion, see *OS policies*): the platform is busy for the workload.
  public var holdAwake: TimeSpan?
  /// A voice or video call over the network at the time, after every other step (see *Radios*).
  public var call: CallSpec?

  /// A work object; every step is optional.
  public init(
    cpu: TimeSpan? = nil, threads: Int = 1, qos: QoSClass = .default,
    parallelEfficiency: Double = 1, read: DataSize? = nil, write: DataSize? = nil,
    writeSize: DataSize? = nil, download: DataSize? = nil, upload: DataSize? = nil,
    via: String? = nil, gpu: TimeSpan? = nil, generic: [GenericStep] = [], call: CallSpec? = nil
  ) {
    self.call = call
    self.cpu = cpu
    self.threads = threads
    self.qos = qos
    self.parallelEfficiency = parallelEfficiency
    self.read = read
    self.write = write
    self.writeSize = writeSize
    self.download = download
    self.upload = upload
    self.via = via
    self.gpu = gpu
    self.generic = generic
  }
}

/// A voice or video call (see *Radios*): a packet each way every ``packetInterval`` on the network
/// at the time, for ``duration``, with the `audio` component active for its length and, for a
/// video call, the `camera`, `encoder` and `video` (decoder) components the device has.
public struct CallSpec: Sendable, Hashable {
  /// How long the call lasts.
  public var duration: TimeSpan
  /// Whether it is a video call.
  public var isVideo: Bool
  /// The data rate each way, headers included.
  public var bitrate: DataRate

  /// The interval of a call's packets: a voice frame every 20 ms (AMR-WB's frame, 3GPP TS
  /// 26.201), which video calls keep for their packets too.
  public static let packetInterval = TimeSpan.milliseconds(20)
  /// A voice call's default rate each way: 40 kbit/s, AMR-WB at 23.85 kbit/s (477 bits, 60 bytes
  /// per 20 ms frame, 3GPP TS 26.190) with 40 bytes of RTP, UDP and IPv4 headers per packet (RFC
  /// 3550, 768, 791; no header compression): 100 bytes every 20 ms.
  public static let voiceBitrate = DataRate(bytesPerSecond: 5_000)
  /// A video call's default rate each way: 1 Mbit/s, video and voice together (a design choice:
  /// 720p H.264 at the rate of the order video-calling services use; no one published figure).
  public static let videoBitrate = DataRate.megabitsPerSecond(1)
  /// The components a call keeps active for its length, when the device has them: the audio
  /// path, and for a video call the camera, the encoder and the video decoder.
  public static func components(video: Bool) -> [String] {
    video ? ["audio", "camera", "encoder", "video"] : ["audio"]
  }

  /// A call.
  public init(duration: TimeSpan, isVideo: Bool = false, bitrate: DataRate? = nil) {
    self.duration = duration
    self.isVideo = isVideo
    self.bitrate = bitrate ?? (isVideo ? Self.videoBitrate : Self.voiceBitrate)
  }

  /// The bytes of each packet each way: the rate over one packet interval, to the nearest byte.
  public var packetBytes: Int64 {
    Int64((bitrate.bytesPerSecond * Double(Self.packetInterval.nanoseconds) / 1e9).rounded())
  }

  /// The packets each way: one per interval from the call's start to its end.
  public var packets: Int64 { Self.packets(lasting: duration.nanoseconds) }

  /// The packets each way of a call lasting `nanoseconds`: one per started interval.
  public static func packets(lasting nanoseconds: Int64) -> Int64 {
    let interval = packetInterval.nanoseconds
    return (nanoseconds + interval - 1) / interval
  }
}

/// Time spent active on a generic component, or on a radio carrying no data (radio time).
public struct GenericStep: Sendable, Hashable {
  /// The component's name.
  public var component: String
  /// How long it stays active.
  public var duration: TimeSpan

  /// A generic step.
  public init(component: String, duration: TimeSpan) {
    self.component = component
    self.duration = duration
  }
}

/// A named work recipe of a device (see *Peripherals and recipes*): the steps of one work object,
/// which a work object names with `"recipe"` instead of writing them out (`location-best`: a
/// satellite fix).
public struct WorkRecipe: Sendable, Hashable {
  /// The recipe's steps; its `qos` is unused (the work object that names the recipe gives it).
  public var steps: WorkStepSpec
  /// The work-object keys the recipe gives (`cpu`, `download`, a generic component's name…),
  /// which the work object naming it may not give again.
  public var keys: [String]

  /// A recipe of `steps`, written with `keys`.
  public init(steps: WorkStepSpec, keys: [String]) {
    self.steps = steps
    self.keys = keys
  }
}

/// A work item: objects run one after another.
public typealias WorkSpec = [WorkStepSpec]
