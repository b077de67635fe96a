/// Machines of the built-in catalog (`MachineSpec`).
enum MachineCatalog {
  struct Machine {
    var id, name, manufacturer, type: String
    var cableHigh, cableMid, cableLow, seatAdjustable, padAdjustable: Bool
    var stackMinKg, stackMaxKg, incrementKg: Double
    var camNotes, setup, exerciseId: String
  }

  static let all = [
    Machine(
      id: "m-lat-pulldown", name: "Lat Pulldown Station", manufacturer: "generic", type: "cable",
      cableHigh: true,
      cableMid: false, cableLow: false, seatAdjustable: true, padAdjustable: true, stackMinKg: 5,
      stackMaxKg: 120,
      incrementKg: 5, camNotes: "Round pulley: constant resistance.",
      setup: "Thigh pad snug; grip just outside shoulder width.", exerciseId: "lat_pulldown"),
    Machine(
      id: "m-cable-stack", name: "Cable Stack", manufacturer: "generic", type: "cable",
      cableHigh: true,
      cableMid: true, cableLow: true, seatAdjustable: false, padAdjustable: false, stackMinKg: 2.5,
      stackMaxKg: 90, incrementKg: 2.5, camNotes: "Round pulley: constant resistance.",
      setup: "Pulley at top for pushdowns; elbows pinned to the sides.",
      exerciseId: "triceps_pushdown"),
    Machine(
      id: "m-leg-press", name: "45° Leg Press", manufacturer: "generic", type: "plate-loaded",
      cableHigh: false,
      cableMid: false, cableLow: false, seatAdjustable: true, padAdjustable: false, stackMinKg: 0,
      stackMaxKg: 400, incrementKg: 2.5,
      camNotes: "Sled: resistance is 71 % of the plate load plus the sled.",
      setup: "Feet mid-platform, hip width; lower until the hips start to lift.",
      exerciseId: "leg_press"),
  ]

  static func spec(for exerciseId: String) -> Machine? { all.first { $0.exerciseId == exerciseId } }
}

/// Published findings the pipeline's defaults rest on (`ScienceInsight`), from SCIENCE.md.
enum ScienceInsights {
  struct Insight {
    var id, topic, source, summary: String
    var tempoChange, restChange: String?
    var exercises: String
  }

  static let all = [
    Insight(
      id: "si-velocity-loss", topic: "velocity loss",
      source: "Pareja-Blanco et al. 2017, Scand J Med Sci Sports",
      summary:
        "Stopping squat sets at 20 % velocity loss gave similar strength gains to 40 % with less fatigue.",
      tempoChange: nil, restChange: nil, exercises: "back_squat"),
    Insight(
      id: "si-fractional-sets", topic: "weekly volume",
      source: "Pelland et al. 2024/2025, Sports Medicine",
      summary: "Counting indirect (secondary) sets as half a set predicts growth best.",
      tempoChange: nil,
      restChange: nil, exercises: "all"),
    Insight(
      id: "si-volume-dose", topic: "weekly volume",
      source: "Schoenfeld, Ogborn & Krieger 2017, J Sports Sci",
      summary: "Each extra weekly set per muscle adds about 0.37 % growth; 10+ sets beat fewer.",
      tempoChange: nil, restChange: nil, exercises: "all"),
    Insight(
      id: "si-eccentric-control", topic: "tempo", source: "Pareja-Blanco et al. 2017 (methods)",
      summary: "Reference squat studies controlled the eccentric at 0.50-0.65 m/s.",
      tempoChange: "eccentric about 1-2 s", restChange: nil, exercises: "back_squat,bench_press"),
  ]
}
