/// Occurrences: an occurrence runs its steps in order; a step's parts run on lanes; the
/// occurrence completes when its last step does, and its latency is completion minus due time.
extension DeviceSimulation {
  /// Starts an occurrence of `workload` due at `due`, running steps `start ..< end`; a frame of
  /// an animation (`isFrame`) enters its CPU stage (see *OS policies*).
  func startOccurrence(
    _ workload: Int32, due: Int64, steps start: Int32, _ end: Int32, deadline: Int64 = .max,
    isFrame: Bool = false
  ) {
    if shutdown.isOff {
      // Lost: the device is shut down (see *Results and accounting*).
      workloads[Int(workload)].stats.held += 1
      return
    }
    let suspendableApp = workloads[Int(workload)].suspendableApp
    if suspendableApp >= 0 && apps.isSuspended(suspendableApp) {
      // *Apps and push delivery*: a push delivery or a deferrable task runs the app in the
      // background; anything else is held until the app next runs.
      guard workloads[Int(workload)].wakesSuspendedApp else {
        holdOccurrence(workload, due: due, steps: start, end, deadline: deadline, isFrame: isFrame)
        return
      }
      appRunsOccurrence(of: Int(workload), app: Int(suspendableApp))
    } else if suspendableApp >= 0 && workloads[Int(workload)].taskGrant >= 0 {
      appRunsOccurrence(of: Int(workload), app: Int(suspendableApp))
    }
    let number = workloads[Int(workload)].stats.occurrences
    workloads[Int(workload)].stats.occurrences += 1
    guard start < end else {
      recordCompletion(of: workload, due: due)
      return
    }
    workloads[Int(workload)].inFlight += 1
    var started = Occurrence(
      workload: workload, step: start, stepEnd: end, due: due, deadline: deadline,
      number: Int64(number))
    if isFrame {
      started.frameCPUEnd = workloads[Int(workload)].frameCPUEnd
      workloads[Int(workload)].frameInCPUStage = start < started.frameCPUEnd
    }
    let occurrence = occurrences.insert(started)
    activity?.occurrenceStarted(occurrence, workload: workload, due: due, at: now)
    // On its app's main thread, it starts once it holds the thread (see *OS policies*).
    if !needsMainThread(occurrence) || takeMainThread(occurrence) { startStep(of: occurrence) }
  }

  /// Submits every part of the occurrence's current step.
  func startStep(of occurrence: Int32) {
    let stepIndex = occurrences[occurrence].step
    let step = steps[Int(stepIndex)]
    switch step.kind {
    case .cpu:
      let parts = max(1, Int(step.threads))
      var total = Double(step.amount)
      if parts > 1 { total /= step.parallelEfficiency }
      let perPart = total / Double(parts)
      occurrences[occurrence].partsLeft = Int32(parts)
      for _ in 0..<parts {
        var job = Job(occurrence: occurrence, step: stepIndex, priority: step.priority)
        job.remainingWork = perPart
        dispatchCPU(jobs.insert(job))
      }
    case .download, .upload, .radioTime:
      occurrences[occurrence].partsLeft = 1
      let job = jobs.insert(Job(occurrence: occurrence, step: stepIndex, priority: step.priority))
      submitToNetwork(job, radio: step.node)
    case .extendBackground:
      occurrences[occurrence].partsLeft = 1
      extendBackground(of: occurrence)
      stepPartDone(occurrence)
    case .holdAwake:
      occurrences[occurrence].partsLeft = 1
      beginHold(occurrence, for: step.amount)
    case .read, .write, .gpu, .generic:
      occurrences[occurrence].partsLeft = 1
      submit(
        jobs.insert(Job(occurrence: occurrence, step: stepIndex, priority: step.priority)),
        to: Int(step.node))
    case .call:
      // The components it keeps active, each a part, and its packet stream, one more.
      let components = step.threads - 2
      occurrences[occurrence].partsLeft = components + 1
      for offset in 0..<components {
        let part = stepIndex + 1 + offset
        submit(
          jobs.insert(Job(occurrence: occurrence, step: part, priority: step.priority)),
          to: Int(steps[Int(part)].node))
      }
      startCallStream(occurrence, step: stepIndex)
    case .packetUp, .packetDown:
      preconditionFailure("a call's packet step is never an occurrence's current step")
    }
  }

  /// Submits transfer `job` to `radio`, or to the network at the time (`radio` -1). Offline (see
  /// the article *Radios*), it waits for the next spell with a network, whether or not it names a
  /// radio, so that naming the network's radio changes nothing.
  func submitToNetwork(_ job: Int32, radio: Int32) {
    if network.isOffline {
      network.waitingForNetwork.append(job)
      return
    }
    let node = radio >= 0 ? radio : environment.currentNetworkNode
    precondition(node >= 0, "a transfer with no network")
    submitTransfer(job, to: Int(node))
  }

  /// Counts an occurrence of `workload`, due at `due`, that completed now: a deadline miss when
  /// now is after its deadline (completing exactly at it is in time).
  func recordCompletion(of workload: Int32, due: Int64, deadline: Int64 = .max) {
    if now > deadline { workloads[Int(workload)].stats.deadlineMisses += 1 }
    if latencyLog.append(now - due, of: workload) { drainLatencyLog() }
  }

  /// Hands the logged latencies to their workloads' recorders (and, while the fast-forward
  /// watches a cycle, to the cycle's record of them: a batch full in mid-cycle loses nothing).
  func drainLatencyLog() {
    let isWatching = fastForward.period > 0
    latencyLog.drain { workload, latencies in
      if isWatching { fastForward.stretchLatencies.append((workload, Array(latencies))) }
      workloads[workload].stats.latency.record(contentsOf: latencies)
    }
    enforceLatencyBudget()
  }

  /// One part of the occurrence's current step finished.
  func stepPartDone(_ occurrence: Int32) {
    occurrences[occurrence].partsLeft -= 1
    guard occurrences[occurrence].partsLeft == 0 else { return }
    if occurrences[occurrence].isCutOff {
      discardCutOffOccurrence(occurrence)
      return
    }
    let finishedStep = steps[Int(occurrences[occurrence].step)]
    // A call's auxiliary steps (its components and packets) are its parts, not steps of their own.
    // A step index of the program: below the steps' number.
    occurrences[occurrence].step &+= 1 &+ (finishedStep.kind == .call ? finishedStep.threads : 0)
    if occurrences[occurrence].step == occurrences[occurrence].frameCPUEnd {
      // A frame leaves its CPU stage: the animation's next frame may start (see *OS policies*).
      workloads[Int(occurrences[occurrence].workload)].frameInCPUStage = false
      releaseMainThreadIfHeld(occurrence)
    }
    if occurrences[occurrence].step < occurrences[occurrence].stepEnd {
      if tasks.hasInterruptible && mustPauseBetweenSteps(occurrence) {
        pauseBetweenSteps(occurrence)
        return
      }
      startStep(of: occurrence)
      return
    }
    let finished = occurrences[occurrence]
    let workload = Int(finished.workload)
    releaseMainThreadIfHeld(occurrence)
    if finished.isFrame { frameCompleted(finished) }
    workloads[workload].inFlight -= 1
    if workloads[workload].isDeferred { deferredPredecessorFinished() }
    recordCompletion(of: finished.workload, due: finished.due, deadline: finished.deadline)
    if finished.holdsBackgroundTask { endBackgroundTask(of: occurrence) }
    activity?.occurrenceFinished(occurrence, at: now)
    occurrences[occurrence].isLive = false
    occurrences.remove(occurrence)
  }
}
