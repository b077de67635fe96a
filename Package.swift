// swift-tools-version:6.0
import PackageDescription

/// Test code is compiled without optimisation, the modules it tests with it: a test's time
/// goes to those modules and to the processes it starts, and optimising the test modules
/// lengthened every CI build without making a test faster.
let testSettings: [SwiftSetting] = [.unsafeFlags(["-Onone"])]

let package = Package(
  name: "AuraLift",
  platforms: [.macOS(.v14)],
  products: [
    .executable(name: "auralift", targets: ["AuraLiftCLI"])
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
    .package(url: "https://github.com/apple/swift-crypto", from: "3.12.3"),
    .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
    .package(url: "https://github.com/jpsim/Yams", from: "6.2.2"),
    .package(url: "https://github.com/hummingbird-project/swift-mustache", from: "2.1.1"),
    .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
    .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
  ],
  targets: [
    // libcsv (Debian libcsv-dev) for general CSV: quoting, CRLF, odd files.
    .systemLibrary(name: "CLibCSV", path: "Sources/CLibCSV"),
    // xxHash (Debian libxxhash-dev): XXH3-128 digests of input files.
    .systemLibrary(name: "CXXHash", path: "Sources/CXXHash"),
    // simdjson (Debian libsimdjson-dev) behind a small C face, for frame JSON.
    .target(name: "CSimdJSON", linkerSettings: [.linkedLibrary("simdjson")]),
    // fast_float (Debian libfast-float-dev, header-only) under a byte scanner for numeric CSV.
    .target(name: "CNumericScan"),
    // glibc's allocator policy (mallopt), set once by the CLI.
    .target(name: "CProcessMemory"),
    // syncfs, which Swift's Glibc module does not declare: one flush for a run's cache entries.
    .target(name: "CFileSystem"),
    // Infrastructure every stage shares: the worker pool, ordered streams, atomic files, the
    // tab-separated bookkeeping tables, hashing, order statistics, error messages.
    .target(
      name: "AuraSupport", dependencies: [.product(name: "Crypto", package: "swift-crypto")]),
    // The domain's vocabulary: exercises, muscle groups, tiers, ids, dates, bounds, parameters.
    .target(name: "AuraDomain"),
    .target(
      name: "AuraIngest",
      dependencies: ["AuraDomain", "AuraSupport", "CLibCSV", "CSimdJSON", "CNumericScan"]),
    .target(name: "AuraFeatures", dependencies: ["AuraDomain", "AuraSupport", "AuraIngest"]),
    .target(name: "AuraScoring", dependencies: ["AuraDomain", "AuraSupport", "AuraFeatures"]),
    .target(
      name: "AuraAggregation",
      dependencies: ["AuraDomain", "AuraIngest", "AuraFeatures", "AuraScoring"]),
    .target(
      name: "AuraStore",
      dependencies: [
        "AuraDomain", "AuraIngest", "AuraScoring", "AuraAggregation",
        .product(name: "GRDB", package: "GRDB.swift"),
        // SQLite's C API, for the CSV export's raw row reads.
        .product(name: "GRDBSQLite", package: "GRDB.swift"),
      ]),
    // SVG charts (bars, lines, volume bands, a dial, a body map): no dependencies.
    .target(name: "AuraCharts"),
    .target(
      name: "AuraReports",
      dependencies: [
        "AuraDomain", "AuraSupport", "AuraStore", "AuraCharts",
        .product(name: "Mustache", package: "swift-mustache"),
      ]),
    .target(name: "AuraSynth", dependencies: ["AuraDomain"]),
    // Features against a generated dataset's truth: the accuracy table of `auralift eval`.
    .target(
      name: "AuraEvaluation",
      dependencies: ["AuraDomain", "AuraSupport", "AuraIngest", "AuraFeatures", "AuraSynth"]),
    // Publication into PostgreSQL (PostgresNIO): schema from the table definitions, one
    // transaction, only what changed.
    // Weekly emails: MIME messages handed to a sendmail-compatible command, and their ledger.
    .target(
      name: "AuraDelivery",
      dependencies: [
        "AuraDomain", "AuraReports", "AuraStore", "AuraSupport",
        .product(name: "Logging", package: "swift-log"),
      ]),
    .target(
      name: "AuraPostgres",
      dependencies: [
        "AuraStore", "AuraSupport",
        .product(name: "PostgresNIO", package: "postgres-nio"),
        .product(name: "NIOCore", package: "swift-nio"),
        .product(name: "NIOSSL", package: "swift-nio-ssl"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The stages' cache: content keys, entries in a binary form, file digests.
    .target(
      name: "AuraCache", dependencies: ["AuraDomain", "AuraSupport", "CFileSystem", "CXXHash"]),
    .target(
      name: "AuraPipeline",
      dependencies: [
        "AuraCache", "AuraDomain", "AuraSupport", "AuraIngest", "AuraFeatures", "AuraScoring",
        "AuraAggregation",
        "AuraStore", "AuraReports", "AuraPostgres", "AuraDelivery", "CFileSystem", "CXXHash",
        .product(name: "Yams", package: "Yams"),
        .product(name: "Logging", package: "swift-log"),
      ]),
    // Sweeps over a parameter grid and the records a paper cites.
    .target(
      name: "AuraExperiments",
      dependencies: [
        "AuraCache", "AuraDomain", "AuraPipeline", "AuraReports", "AuraStore", "AuraSupport",
        .product(name: "Logging", package: "swift-log"),
      ]),
    // The commit the binary is built from (BuildInfo), for --version and experiment records.
    .plugin(name: "BuildInfoPlugin", capability: .buildTool()),
    .executableTarget(
      name: "AuraLiftCLI",
      dependencies: [
        "AuraDomain", "AuraSupport", "AuraIngest", "AuraStore", "AuraPipeline", "AuraExperiments",
        "AuraSynth",
        "AuraEvaluation", "AuraPostgres", "AuraDelivery",
        "CProcessMemory",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
        .product(name: "Logging", package: "swift-log"),
      ],
      plugins: ["BuildInfoPlugin"]),
    // Tests: a unit-test target per module, the whole-run tests in EndToEndTests, and the
    // helpers they share in AuraTestSupport.
    .target(
      name: "AuraTestSupport",
      dependencies: [
        "AuraDomain", "AuraFeatures", "AuraIngest", "AuraPipeline", "AuraStore", "AuraSynth",
        "AuraTestParameters",
      ],
      path: "Tests/AuraTestSupport"),
    .testTarget(
      name: "AuraSupportTests",
      dependencies: ["AuraTestSupport", "AuraDomain", "AuraSupport", "AuraSynth"],
      swiftSettings: testSettings),
    .testTarget(
      name: "AuraIngestTests",
      dependencies: ["AuraTestSupport", "AuraDomain", "AuraFeatures", "AuraIngest", "AuraSynth"],
      swiftSettings: testSettings),
    .testTarget(
      name: "AuraFeaturesTests",
      dependencies: [
        "AuraTestSupport", "AuraDomain", "AuraEvaluation", "AuraFeatures", "AuraIngest",
        "AuraSynth",
      ], swiftSettings: testSettings),
    // The nightly parameters for the tests of a stage that must not link the pipeline.
    .target(
      name: "AuraTestParameters",
      dependencies: ["AuraDomain", .product(name: "Yams", package: "Yams")],
      path: "Tests/AuraTestParameters"),
    .testTarget(
      name: "AuraScoringTests",
      dependencies: [
        "AuraTestParameters", "AuraDomain", "AuraFeatures", "AuraIngest", "AuraScoring",
        "AuraSynth",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "AuraAggregationTests",
      dependencies: [
        "AuraTestParameters", "AuraAggregation", "AuraDomain", "AuraFeatures", "AuraIngest",
        "AuraScoring",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "AuraStoreTests",
      dependencies: [
        "AuraTestSupport", "AuraStore", .product(name: "GRDB", package: "GRDB.swift"),
      ], swiftSettings: testSettings),
    .testTarget(
      name: "AuraChartsTests",
      dependencies: ["AuraTestSupport", "AuraCharts", "AuraDomain"], swiftSettings: testSettings),
    .testTarget(
      name: "AuraEvaluationTests",
      dependencies: ["AuraTestSupport", "AuraDomain", "AuraEvaluation", "AuraIngest", "AuraSynth"],
      swiftSettings: testSettings),
    .testTarget(
      name: "AuraPostgresTests", dependencies: ["AuraPostgres", "AuraTestSupport"],
      swiftSettings: testSettings),
    .testTarget(
      name: "AuraDeliveryTests", dependencies: ["AuraDelivery", "AuraDomain", "AuraTestSupport"],
      swiftSettings: testSettings),
    .testTarget(name: "AuraDomainTests", dependencies: ["AuraDomain"], swiftSettings: testSettings),
    .testTarget(
      name: "AuraReportsTests", dependencies: ["AuraReports", "AuraDomain", "AuraTestParameters"],
      swiftSettings: testSettings),
    .testTarget(
      name: "AuraSynthTests", dependencies: ["AuraSynth", "AuraIngest", "AuraTestSupport"],
      swiftSettings: testSettings),
    .testTarget(name: "AuraCacheTests", dependencies: ["AuraCache"], swiftSettings: testSettings),
    .testTarget(
      name: "AuraExperimentsTests",
      dependencies: ["AuraExperiments", "AuraPipeline", "AuraTestSupport"],
      swiftSettings: testSettings),
    .testTarget(
      name: "AuraPipelineTests",
      dependencies: [
        "AuraCache", "AuraTestSupport", "AuraDomain", "AuraFeatures", "AuraIngest", "AuraPipeline",
        "AuraScoring", "AuraStore", "AuraSupport",
      ], swiftSettings: testSettings),
    .testTarget(
      name: "EndToEndTests",
      dependencies: [
        "AuraTestSupport", "AuraAggregation", "AuraDelivery", "AuraDomain", "AuraEvaluation",
        "AuraExperiments", "AuraFeatures", "AuraIngest", "AuraPipeline", "AuraReports", "AuraStore",
        "AuraSupport",
        "AuraSynth", .product(name: "GRDB", package: "GRDB.swift"),
        .product(name: "Logging", package: "swift-log"),
      ], swiftSettings: testSettings),
  ],
  swiftLanguageModes: [.v6],
  cxxLanguageStandard: .cxx17
)
