"""The SimPy model of the benchmark's many-workloads scenario (see the Benchmark article).

Usage: python3 workloads.py WORKLOADS SECONDS

The same timers as `ManyWorkloads.scenarioJSON`: workload i is due every
`WORKLOADS x 10 ms + (i x 7919 mod 1000) us` from `i x 10 ms + (i x 31 mod 1000) us`, and each
occurrence runs 200 us of CPU work on one of the phone's eight cores (a SimPy `Resource`). The
model integrates a piecewise-constant power exactly as the events change it (a floor, plus each
busy core), keeps every completion latency, and at the end prints, as `powersim run --json`
prints its summary, each workload's occurrences, energy and latency percentiles as JSON. It is a
much smaller model than powersim's (no ladders, clusters, platform or QoS), so the ratio it gives
is a floor on the engine's advantage.
"""

import json
import sys

import simpy

CORES = 8
FLOOR_W = 0.012
CORE_W = 0.25
WORK_S = 200e-6


class Device:
    def __init__(self, env, count):
        self.env = env
        self.cores = simpy.Resource(env, capacity=CORES)
        self.busy = 0
        self.last = 0.0
        self.energy = 0.0
        self.energy_of = [0.0] * count

    def advance(self):
        now = self.env.now
        self.energy += (FLOOR_W + CORE_W * self.busy) * (now - self.last)
        self.last = now


def workload(env, device, index, start, period, latencies, counts):
    due = start
    yield env.timeout(start)
    while True:
        with device.cores.request() as core:
            yield core
            device.advance()
            device.busy += 1
            yield env.timeout(WORK_S)
            device.advance()
            device.busy -= 1
        device.energy_of[index] += CORE_W * WORK_S
        latencies[index].append(env.now - due)
        counts[index] += 1
        due += period
        yield env.timeout(max(0.0, due - env.now))


def percentile(samples, share):
    if not samples:
        return None
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main():
    count, seconds = int(sys.argv[1]), float(sys.argv[2])
    env = simpy.Environment()
    device = Device(env, count)
    latencies = [[] for _ in range(count)]
    counts = [0] * count
    for index in range(count):
        period = (count * 10_000 + (index * 7919) % 1000) * 1e-6
        start = (index * 10_000 + (index * 31) % 1000) * 1e-6
        env.process(workload(env, device, index, start, period, latencies, counts))
    env.run(until=seconds)
    device.advance()
    summary = {
        "energy_j": device.energy,
        "workloads": {
            "w%06d" % index: {
                "occurrences": counts[index],
                "energy_j": device.energy_of[index],
                "latency_p50_s": percentile(latencies[index], 0.5),
                "latency_p99_s": percentile(latencies[index], 0.99),
            }
            for index in range(count)
        },
    }
    json.dump(summary, sys.stdout, indent=2)
    print()


if __name__ == "__main__":
    main()
