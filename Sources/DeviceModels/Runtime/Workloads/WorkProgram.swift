/// The kind of a compiled work step.
enum StepKind: UInt8 {
  case cpu, read, write, download, upload, gpu, generic
  /// Time a radio spends active carrying no data (*Peripherals and recipes*: a Wi-Fi scan,
  /// `"wifi": "1.5 s"`): served on the radio's shared link like a transfer that is all round trip.
  case radioTime
  /// A background task's request for the app's extended grant (*Apps and push delivery*): takes no
  /// time.
  case extendBackground
  /// The device held awake for `amount` ns (a wake lock, *OS policies*): the platform busy for the
  /// workload.
  case holdAwake
  /// A call (see ``CallSpec``): its amount is its length, `threads` the auxiliary steps that
  /// follow it (the components it keeps active, then ``packetUp`` and ``packetDown``, whose
  /// amounts are the bytes of each packet). The occurrence skips the auxiliary steps.
  case call
  /// A call's packet up or down: data with no round trip of its own (a one-way media stream).
  case packetUp, packetDown
}

/// One step of a workload's work, compiled for the hot loop: its target lane resolved to a node,
/// its amount in ns (CPU, GPU, generic and radio time) or bytes.
struct CompiledStep {
  var kind: StepKind
  /// The lane node that serves it; for transfers -1 means the environment's network at the time;
  /// for CPU steps unused.
  var node: Int32
  /// Nanoseconds of reference-core, GPU, active or radio time, or bytes.
  var amount: Int64
  var threads: Int32
  /// QoS priority, 0 (user-interactive) to 4 (background).
  var priority: UInt8
  var parallelEfficiency: Double
  /// Bytes per write request, 0 for all at once.
  var requestSize: Int64
  /// A generic step's power above its component's active state (a camera's pixels, the memory
  /// traffic it moves; see *Peripherals and recipes*), in nW; 0 for other steps.
  var extraPower: Int64 = 0
}

/// Compiles work specs into flat step lists.
struct WorkCompiler {
  let nodeForComponent: [String: Int32]
  /// The radios' nodes: a timed step naming one is radio time.
  let radioNodes: Set<Int32>
  let storageNode: Int32
  let gpuNode: Int32
  let hasCPU: Bool
  let dispatchCost: Int64
  /// The network stack's CPU work per megabyte received or sent (see *Peripherals and
  /// recipes*), or `nil`.
  var networkStack: NetworkStackSpec? = nil
  /// The platform's memory model, pricing the traffic of generic steps, or `nil`.
  var memory: MemorySpec? = nil
  /// What generic components move and how their power grows with pixels, by node.
  var genericLoads: [Int32: GenericLoadSpec] = [:]

  /// The steps of one occurrence of `work`, led by the CPU dispatch (merged into the first CPU
  /// step when that step runs on one thread at the same QoS).
  func compile(_ work: WorkSpec, push: PushSpec? = nil) -> [CompiledStep] {
    var steps: [CompiledStep] = []
    for object in work { append(object, to: &steps) }
    let priority = UInt8(work.first?.qos.priority ?? QoSClass.default.priority)
    if let push {
      // The push's downlink on the current network comes first (see *Apps and push delivery*), at
      // the work's QoS, before the CPU's dispatch of the occurrence.
      let delivery = CompiledStep(
        kind: .download, node: -1, amount: push.size.bytes, threads: 1, priority: priority,
        parallelEfficiency: 1, requestSize: 0)
      return [delivery] + stackWork(for: push.size.bytes, priority: priority)
        + withDispatch(steps, priority: priority)
    }
    return withDispatch(steps, priority: priority)
  }

  /// The network stack's CPU work for `bytes` received or sent, at `priority`: one CPU step, or
  /// none when the device has no stack cost or the work rounds down to 0 ns.
  private func stackWork(for bytes: Int64, priority: UInt8) -> [CompiledStep] {
    guard hasCPU, let networkStack else { return [] }
    let amount = networkStack.nanoseconds(forBytes: bytes)
    guard amount > 0 else { return [] }
    return [
      CompiledStep(
        kind: .cpu, node: -1, amount: amount, threads: 1, priority: priority,
        parallelEfficiency: 1, requestSize: 0)
    ]
  }

  /// `steps` led by the CPU dispatch at `priority`.
  private func withDispatch(_ compiled: [CompiledStep], priority: UInt8) -> [CompiledStep] {
    var steps = compiled
    guard hasCPU else { return steps }
    if let first = steps.first, first.kind == .cpu, first.threads == 1, first.priority == priority {
      // Saturating: CPU work of centuries plus the dispatch still never finishes in the run.
      steps[0].amount = Saturating.sum(steps[0].amount, dispatchCost)
    } else {
      let dispatch = CompiledStep(
        kind: .cpu, node: -1, amount: dispatchCost, threads: 1, priority: priority,
        parallelEfficiency: 1, requestSize: 0)
      steps.insert(dispatch, at: 0)
    }
    return steps
  }

  private func append(_ object: WorkStepSpec, to steps: inout [CompiledStep]) {
    let priority = UInt8(object.qos.priority)
    func step(_ kind: StepKind, node: Int32, amount: Int64, threads: Int32 = 1) -> CompiledStep {
      CompiledStep(
        kind: kind, node: node, amount: amount, threads: threads, priority: priority,
        parallelEfficiency: object.parallelEfficiency,
        requestSize: object.writeSize?.bytes ?? 0)
    }
    if let cpu = object.cpu {
      steps.append(step(.cpu, node: -1, amount: cpu.nanoseconds, threads: Int32(object.threads)))
    }
    if let read = object.read { steps.append(step(.read, node: storageNode, amount: read.bytes)) }
    if let write = object.write {
      steps.append(step(.write, node: storageNode, amount: write.bytes))
    }
    let radio = object.via.map { nodeForComponent[$0] ?? -1 } ?? -1
    // The network stack handles what a transfer receives after it arrives, and prepares what it
    // sends before it leaves (see *Peripherals and recipes*).
    if let download = object.download {
      steps.append(step(.download, node: radio, amount: download.bytes))
      steps += stackWork(for: download.bytes, priority: priority)
    }
    if let upload = object.upload {
      steps += stackWork(for: upload.bytes, priority: priority)
      steps.append(step(.upload, node: radio, amount: upload.bytes))
    }
    if let gpu = object.gpu { steps.append(step(.gpu, node: gpuNode, amount: gpu.nanoseconds)) }
    if object.extendsBackground { steps.append(step(.extendBackground, node: -1, amount: 0)) }
    if let hold = object.holdAwake {
      steps.append(step(.holdAwake, node: -1, amount: hold.nanoseconds))
    }
    for generic in object.generic {
      let node = nodeForComponent[generic.component] ?? -1
      precondition(node >= 0, "unknown generic component \(generic.component)")
      let kind = radioNodes.contains(node) ? StepKind.radioTime : .generic
      var compiled = step(kind, node: node, amount: generic.duration.nanoseconds)
      if kind == .generic, let load = genericLoads[node] {
        let pixels = object.resolution.flatMap { resolution in
          object.frameRate.map { resolution.pixelsPerSecond(at: $0) }
        }
        compiled.extraPower = load.extraNanowatts(pixelsPerSecond: pixels, memory: memory)
      }
      steps.append(compiled)
    }
    if let call = object.call {
      let components = CallSpec.components(video: call.isVideo).compactMap {
        nodeForComponent[$0]
      }
      var leader = step(.call, node: -1, amount: call.duration.nanoseconds)
      leader.threads = Int32(components.count + 2)
      steps.append(leader)
      for node in components {
        steps.append(step(.generic, node: node, amount: call.duration.nanoseconds))
      }
      steps.append(step(.packetUp, node: -1, amount: call.packetBytes))
      steps.append(step(.packetDown, node: -1, amount: call.packetBytes))
    }
  }
}

/// A piece of work being served by a lane: one part of a step of an occurrence.
struct Job {
  var occurrence: Int32
  var step: Int32
  var priority: UInt8
  var segment: Int32 = 0
  var segmentCount: Int32 = 1
  /// CPU: work left in reference-core nanoseconds, when the current speed began, and the
  /// operating point asked.
  var remainingWork: Double = 0
  var rateStart: Int64 = 0
  var requestedOPP: Int32 = 0
  /// CPU: when a core started running the part (its CPU time, by class, counts from here).
  var coreStart: Int64 = 0
}

/// An occurrence of a workload in progress.
struct Occurrence {
  var workload: Int32
  /// The step running now and the end of the occurrence's steps (indices into the program).
  var step: Int32
  var stepEnd: Int32
  /// Parts of the current step still running.
  var partsLeft: Int32 = 0
  /// When it was due (latency is measured from here).
  var due: Int64
  /// The deadline of deferrable work, or `Int64.max`.
  var deadline: Int64
  /// Which occurrence of its workload it is (0 for the first): with `due` and `workload`, it
  /// orders steps that reach one component at one instant (see *The power-state ladder*).
  var number: Int64
  /// For a frame of an animation, the index of its first step after the CPU steps it starts
  /// with (its CPU stage, *OS policies*); -1 for any other occurrence.
  var frameCPUEnd: Int32 = -1
  var isLive = true
  /// Its app was suspended while it ran (see *Apps and push delivery*): it is already counted
  /// unfinished, no further step starts, and it is discarded when its running parts end.
  var isCutOff = false
  /// It found its app's main thread held and waited for it (see *OS policies*).
  var waitedForMainThread = false
  /// It ran a step `{ "extend": "background" }`: its app has a background task open until it
  /// ends (see *Apps and push delivery*).
  var holdsBackgroundTask = false

  /// Whether it is a frame of an animation, whose `deadline` is its due time plus one frame
  /// interval.
  var isFrame: Bool { frameCPUEnd >= 0 }
}

/// Slots for values that come and go — jobs, occurrences — each freed slot reused by the next
/// insertion, so the pool grows only to the most that are alive at once. The lowest free slot is
/// reused first: which slot the next value takes depends only on which slots are free, not on the
/// order they were freed in, so two states with the same values in the same slots behave alike
/// (the fast-forward compares them as equal; see *The fast-forward*).
///
/// The free slots are a bitmap in two levels: a bit per slot, set while it is free, and a bit per
/// word of those, set while the word has a free slot. The lowest free slot is then two
/// trailing-zero counts away (after a scan of the second level, one word per 4,096 slots, that
/// stops at its first word with a bit set), and freeing a slot sets two bits: a pool of a
/// thousand slots once needed costs the same per insertion as one of ten. (A binary min-heap of
/// free indices, before, sifted through ten levels for each.)
///
/// A final class over memory it manages itself, like ``TableMemory``'s tables: the hot loop reads
/// and writes jobs and occurrences several times per event, and as an array held by the
/// simulation every write paid a uniqueness check. Confined to the simulation's thread, it skips
/// the runtime's exclusivity checks. Freeing checks its index in every build, and growing checks
/// that every index still fits an `Int32`; a read or write of a slot checks it in debug builds,
/// where the tests run, like the tables of ``TableMemory`` (the indices come from the pool
/// itself: the slot of a job or occurrence in flight; the storm reads and writes a dozen slots
/// per event, and the check, a load and a comparison each, cost about 20 instructions per event).
final class Pool<Element: BitwiseCopyable> {
  @exclusivity(unchecked) private var items: UnsafeMutablePointer<Element>
  /// Bit `slot % 64` of word `slot / 64` is set while `slot` is free (bits of slots never handed
  /// out are clear).
  @exclusivity(unchecked) private var freeBits: UnsafeMutablePointer<UInt64>
  /// Bit `word % 64` of word `word / 64` is set while `freeBits[word]` has a bit set.
  @exclusivity(unchecked) private var freeWords: UnsafeMutablePointer<UInt64>
  /// Slots allocated; a multiple of 64, so that the first bitmap is whole words.
  @exclusivity(unchecked) private var capacity: Int
  /// How many slots have ever been used.
  @exclusivity(unchecked) private var usedCount = 0
  @exclusivity(unchecked) private var freeCount = 0

  /// An empty pool with room for `minimumCapacity` values before it grows.
  init(minimumCapacity: Int = 64) {
    capacity = Self.roundedCapacity(minimumCapacity)
    items = .allocate(capacity: capacity)
    (freeBits, freeWords) = Self.allocateBitmaps(capacity)
  }

  deinit {
    items.deallocate()
    freeBits.deallocate()
    freeWords.deallocate()
  }

  /// `minimum` rounded up to whole words of the first bitmap.
  private static func roundedCapacity(_ minimum: Int) -> Int {
    (max(1, minimum) + 63) / 64 * 64
  }

  /// Words of the second bitmap for `capacity` slots.
  private static func groupCount(_ capacity: Int) -> Int { (capacity / 64 + 63) / 64 }

  /// Zeroed bitmaps for `capacity` slots.
  private static func allocateBitmaps(_ capacity: Int)
    -> (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt64>)
  {
    let wordCount = capacity / 64
    let groupCount = Self.groupCount(capacity)
    let bits = UnsafeMutablePointer<UInt64>.allocate(capacity: wordCount)
    bits.initialize(repeating: 0, count: wordCount)
    let words = UnsafeMutablePointer<UInt64>.allocate(capacity: groupCount)
    words.initialize(repeating: 0, count: groupCount)
    return (bits, words)
  }

  /// Stores `element`, returning its index.
  @inline(__always)
  func insert(_ element: Element) -> Int32 {
    if freeCount > 0 {
      // A free slot exists, so a word of the second level has a bit set.
      var group = 0
      while freeWords[group] == 0 { group &+= 1 }
      let groupBits = freeWords[group]
      let word = group &<< 6 | groupBits.trailingZeroBitCount
      let bits = freeBits[word]
      let index = word &<< 6 | bits.trailingZeroBitCount
      let remaining = bits & (bits &- 1)
      freeBits[word] = remaining
      // The word's own bit is the lowest of its group's.
      if remaining == 0 { freeWords[group] = groupBits & (groupBits &- 1) }
      freeCount &-= 1
      items[index] = element
      return Int32(truncatingIfNeeded: index)
    }
    if usedCount == capacity { grow() }
    (items + usedCount).initialize(to: element)
    usedCount &+= 1
    return Int32(truncatingIfNeeded: usedCount &- 1)
  }

  /// Frees `index` for reuse.
  @inline(__always)
  func remove(_ index: Int32) {
    checkIndex(index)
    assert(!isFree(index), "a pool slot freed twice")
    let slot = Int(index)
    let word = slot &>> 6
    freeBits[word] |= 1 &<< UInt64(slot & 63)
    freeWords[word &>> 6] |= 1 &<< UInt64(word & 63)
    freeCount &+= 1
  }

  /// How many slots have ever been used: every live index is below it.
  var slotCount: Int { usedCount }

  /// Frees every slot (the device shut down, *Results and accounting*).
  func removeAll() {
    freeBits.update(repeating: 0, count: capacity / 64)
    freeWords.update(repeating: 0, count: Self.groupCount(capacity))
    usedCount = 0
    freeCount = 0
  }

  /// How many slots have been handed out (live or free since).
  var usedSlots: Int { usedCount }

  /// How many of the slots handed out are free.
  var freeSlotCount: Int { freeCount }

  /// Whether slot `index`, one handed out, is free.
  func isFree(_ index: Int32) -> Bool {
    checkIndex(index)
    let slot = Int(index)
    return freeBits[slot &>> 6] &>> UInt64(slot & 63) & 1 != 0
  }

  subscript(index: Int32) -> Element {
    get {
      assert(isHandedOut(index), "a pool index out of range")
      return items[Int(index)]
    }
    _modify {
      assert(isHandedOut(index), "a pool index out of range")
      yield &items[Int(index)]
    }
  }

  /// Stops the run on an index outside the slots handed out.
  @inline(__always)
  private func checkIndex(_ index: Int32) {
    precondition(isHandedOut(index), "a pool index out of range")
  }

  /// Whether `index` is one of the slots handed out (negative ones wrap to large).
  @inline(__always)
  private func isHandedOut(_ index: Int32) -> Bool {
    UInt(bitPattern: Int(index)) < UInt(bitPattern: usedCount)
  }

  /// Doubles the room for values and the bitmaps with it.
  private func grow() {
    let larger = Self.roundedCapacity(capacity * 2)
    precondition(larger <= Int(Int32.max) + 1, "more pool slots than an Int32 index can name")
    let newItems = UnsafeMutablePointer<Element>.allocate(capacity: larger)
    newItems.moveInitialize(from: items, count: usedCount)
    items.deallocate()
    items = newItems
    let (newBits, newWords) = Self.allocateBitmaps(larger)
    newBits.update(from: freeBits, count: capacity / 64)
    newWords.update(from: freeWords, count: Self.groupCount(capacity))
    freeBits.deallocate()
    freeWords.deallocate()
    freeBits = newBits
    freeWords = newWords
    capacity = larger
  }
}
