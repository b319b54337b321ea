extension EnergyLedger {
  /// Hands the ledger's state to `visitor` (see ``DeviceSimulation/visitSteadyState(_:)``): each
  /// node's open segment, owners and shared set are compared; the energies, residencies,
  /// wake-ups and attributions are sums the skip extrapolates. The power recorder (bins and
  /// battery) is carried over by the fast-forward from the period's power curve instead (see
  /// ``PowerRecorder/fastForward(from:to:curve:)``).
  func visitSteadyState<V: SteadyStateVisitor>(_ visitor: inout V) {
    for node in 0..<nodeRecords.count {
      visitor.instant(&nodeRecords[node].start)
      visitor.instant(&nodeRecords[node].attributedUntil)
      visitor.value(nodeRecords[node].power)
      visitor.value(nodeRecords[node].dynamicPower)
      visitor.value(nodeRecords[node].slot)
      visitor.value(nodeRecords[node].ownerCount)
      visitor.value(nodeRecords[node].firstOwner)
      visitor.value(nodeRecords[node].isShared)
    }
    visitor.values(ownerPool)
    visitor.values(sharedOwners)
    visitor.values(sharedCount)
    visitor.values(lowestSharedOwner)
    visitor.values(ownedPower)
    // Each owner's start in its parent's running sum, last set when it joined.
    for node in 0..<nodeRecords.count where parentRow[node] >= 0 {
      let row = Int(parentRow[node]) * ownerRowWidth
      for index in row..<(row + ownerRowWidth) {
        visitor.lastSet(&sharedOwnerRecords[index].shareStart)
        visitor.value(sharedOwnerRecords[index].uses)
        visitor.value(sharedOwnerRecords[index].slot)
      }
    }
    visitor.accumulator(shareSum)
    visitor.accumulator(floorEnergy)
    visitor.accumulator(fixedEnergy)
    visitor.accumulator(dynamicEnergy)
    visitor.accumulator(slotResidency)
    visitor.accumulator(slotEnergy)
    visitor.accumulator(slotWakeups)
    visitor.accumulator(componentClosedEnergy)
    visitor.accumulator(attribution)
    visitor.values(componentPower)
    visitor.value(totalPower)
    visitor.instant(&clock)
    visitor.value(peakPower)
    // The energies since the thermal governor's last poll: read at the next poll.
    visitor.value(heatEnergy)
    visitor.value(packageEnergy)
    visitor.value(isOff)
    visitor.instant(&offSince)
    var off = Int128(offTime)
    visitor.accumulator(&off)
    offTime = Int64(off)
  }
}
