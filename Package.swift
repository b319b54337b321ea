// swift-tools-version: 6.0
//
// powersim: a discrete-event power simulator.
//
// The layers are separate targets, so that a dependency pointing the wrong way does not compile:
//
// Quantities ─┬─> SimulationEngine ─> DeviceModels ─> ScenarioFiles ─> Reports ─> PowerSimCLI ─>
// powersim                 └─> JSONSupport ──────────────────────────┘
//
// The product builds from the Swift toolchain alone: no package dependencies.

import PackageDescription

let swiftSettings: [SwiftSetting] = [
  .enableUpcomingFeature("ExistentialAny"),
  .enableUpcomingFeature("InternalImportsByDefault"),
]

let package = Package(
  name: "powersim",
  // iOS 18 (with macOS 15) brings the Synchronization module's Mutex, which the models use; the
  // PowerSim library builds for iOS so that an app's test target can assert energy budgets.
  platforms: [.macOS(.v15), .iOS(.v18)],
  products: [
    .library(name: "PowerSim", targets: ["PowerSim"]),
    .plugin(name: "PowerSimCheck", targets: ["PowerSimCheck"]),
    .executable(name: "powersim", targets: ["powersim"]),
    .executable(name: "powersim-benchmark", targets: ["PowerSimBenchmark"]),
  ],
  targets: [
    .target(name: "Quantities", swiftSettings: swiftSettings),
    .target(name: "SimulationEngine", dependencies: ["Quantities"], swiftSettings: swiftSettings),
    .target(name: "JSONSupport", dependencies: ["Quantities"], swiftSettings: swiftSettings),
    .target(
      name: "DeviceModels", dependencies: ["Quantities", "SimulationEngine"],
      // Each folder of Runtime has a README.md saying what lives there and what it may touch.
      exclude: ["Runtime/README.md"]
        + ["Core", "Components", "Workloads", "OS", "Environment", "Accounting", "FastForward"]
        .map { "Runtime/\($0)/README.md" },
      swiftSettings: swiftSettings),
    .target(
      name: "ScenarioFiles", dependencies: ["Quantities", "JSONSupport", "DeviceModels"],
      swiftSettings: swiftSettings),
    .target(
      name: "Reports",
      dependencies: ["Quantities", "JSONSupport", "DeviceModels", "ScenarioFiles"],
      swiftSettings: swiftSettings),
    // Reading what users bring: Android power profiles, Linux energy models, power-monitor
    // traces; and fitting a device to a measurement.
    .target(
      name: "DeviceImport",
      dependencies: ["Quantities", "JSONSupport", "DeviceModels", "ScenarioFiles"],
      swiftSettings: swiftSettings),
    // The library: a small public API over the layers below, which stay internal to it.
    .target(
      name: "PowerSim",
      dependencies: ["Quantities", "JSONSupport", "DeviceModels", "ScenarioFiles", "Reports"],
      swiftSettings: swiftSettings),
    .target(
      name: "PowerSimCLI",
      dependencies: [
        "Quantities", "JSONSupport", "DeviceModels", "ScenarioFiles", "Reports", "PowerSim",
        "DeviceImport",
      ],
      swiftSettings: swiftSettings),
    // `swift package powersim-check BUDGETS.json`: runs `powersim check` from SwiftPM.
    .plugin(
      name: "PowerSimCheck",
      capability: .command(
        intent: .custom(
          verb: "powersim-check",
          description: "Checks the energy budgets of a budgets file with powersim check.")),
      dependencies: ["powersim"],
      path: "Sources/PowerSimCheckPlugin"),
    .executableTarget(
      name: "powersim", dependencies: ["PowerSimCLI"], swiftSettings: swiftSettings),
    .executableTarget(
      name: "PowerSimBenchmark",
      dependencies: [
        "Quantities", "SimulationEngine", "JSONSupport", "DeviceModels", "ScenarioFiles", "Reports",
      ],
      // The SimPy model of the many-workloads rows, run by python3 (see the Benchmark article).
      exclude: ["SimPy"],
      swiftSettings: swiftSettings),
    // What several test targets share (test targets cannot import each other): a temporary
    // directory, the device of *The power-state ladder*'s worked example and a JSON Schema
    // validator. Foundation and JSONSupport only; no product depends on it.
    .target(name: "TestSupport", dependencies: ["JSONSupport"], path: "Tests/TestSupport"),
    .testTarget(name: "QuantitiesTests", dependencies: ["Quantities"]),
    .testTarget(name: "SimulationEngineTests", dependencies: ["SimulationEngine"]),
    .testTarget(name: "JSONSupportTests", dependencies: ["JSONSupport"]),
    .testTarget(name: "DeviceModelsTests", dependencies: ["DeviceModels", "Quantities"]),
    .testTarget(
      name: "ScenarioFilesTests",
      dependencies: ["ScenarioFiles", "DeviceModels", "JSONSupport", "Quantities", "TestSupport"]),
    .testTarget(
      name: "ReportsTests",
      dependencies: [
        "Reports", "ScenarioFiles", "DeviceModels", "JSONSupport", "Quantities", "TestSupport",
      ]),
    .testTarget(
      name: "PowerSimCLITests",
      dependencies: [
        "PowerSimCLI", "PowerSim", "Reports", "ScenarioFiles", "JSONSupport", "DeviceModels",
        "TestSupport",
      ]),
    // The library through its public API only, as a package depending on it uses it.
    .testTarget(
      name: "PowerSimTests", dependencies: ["PowerSim", "TestSupport"], exclude: ["Budgets"]),
    .testTarget(
      name: "DeviceImportTests",
      dependencies: [
        "DeviceImport", "ScenarioFiles", "DeviceModels", "JSONSupport", "Quantities", "TestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ReferenceFigureTests",
      dependencies: ["ScenarioFiles", "DeviceModels", "JSONSupport", "Quantities"]),
    // Hostile input, through the real `powersim` executable (a dependency, so `swift test` builds
    // it): the corpus of bad files, limits, interrupted runs, locales.
    .testTarget(
      name: "BadInputTests",
      dependencies: [
        "powersim", "PowerSimCLI", "ScenarioFiles", "DeviceModels", "JSONSupport", "Quantities",
        "TestSupport",
      ],
      exclude: ["Corpus"]),
  ],
  swiftLanguageModes: [.v6]
)
