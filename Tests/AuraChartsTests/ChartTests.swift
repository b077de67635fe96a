import AuraDomain
import Foundation
import Testing

@testable import AuraCharts

/// The SVG chart module: scales, what each chart draws, and what it says in words.
struct ChartTests {
  static func count(_ needle: String, in text: String) -> Int {
    text.components(separatedBy: needle).count - 1
  }

  @Test func niceScaleCoversTheValuesOnRoundTicks() {
    let scale = LinearScale.nice(covering: [0.39, 0.48], including: [0], range: 0...100, ticks: 4)
    #expect(scale.domain == 0...0.6)
    #expect(scale.ticks(4) == [0, 0.2, 0.4, 0.6].map { $0 })
    #expect(abs(scale(0.3) - 50) < 1e-9)
    let inverted = LinearScale(domain: 0...10, range: 20...120, inverted: true)
    #expect(inverted(0) == 120 && inverted(10) == 20)
    #expect(LinearScale.niceStep(0.12) == 0.2 && LinearScale.niceStep(23) == 25)
    #expect(LinearScale.label(0.4, step: 0.2) == "0.4" && LinearScale.label(40, step: 20) == "40")
    #expect(LinearScale.label(100.25, step: 0.25) == "100.25")
  }

  @Test func oneRepeatedValueSitsInTheMiddleOfAReadableScale() {
    // Every sweep variant at 100 %: ticks 90, 95, 100, ... rather than 100.00, 100.25, ...
    let scale = LinearScale.nice(covering: [100, 100], range: 0...100, ticks: 4)
    #expect(scale.domain == 90...110)
    #expect(scale.ticks(4) == [90, 95, 100, 105, 110])
    #expect(abs(scale(100) - 50) < 1e-9)
    let zero = LinearScale.nice(covering: [0], range: 0...100, ticks: 4)
    #expect(zero.domain.contains(0) && zero.domain.lowerBound < 0 && zero.domain.upperBound > 0)
  }

  @Test func barChartFlagsBarsPastTheThresholdAndDrawsItsLine() {
    let chart = BarChart(
      title: "Squat <set 1>", xLabel: "rep", yLabel: "velocity (m/s)",
      bars: [
        .init(label: "1", value: 0.5), .init(label: "2", value: 0.45),
        .init(label: "3", value: 0.36, flagged: true),
      ],
      threshold: .init(value: 0.4, label: "20 % loss: 0.40 m/s"))
    let svg = chart.svg()
    #expect(svg.hasPrefix("<svg ") && svg.hasSuffix("</svg>"))
    #expect(svg.contains("<title id=") && svg.contains("Squat &lt;set 1&gt;"))
    #expect(!svg.contains("<set 1>"))
    // Three bars with tooltips, one hatched as well as coloured.
    #expect(Self.count("<title>", in: svg) == 3)
    #expect(Self.count("url(#hatch)", in: svg) == 1)
    #expect(svg.contains("3: 0.36 (past threshold)"))
    // The threshold's dashed line sits at 0.4 on a 0–0.6 axis between y 36 and 156.
    let y = 156 - 0.4 / 0.6 * 120
    #expect(svg.contains("y1=\"\(n(y))\" x2=") && svg.contains("stroke-dasharray=\"5 3\""))
    #expect(svg.contains("20 % loss: 0.40 m/s"))
    // The text alternative lists every bar.
    #expect(svg.contains("3 bars: 1 0.50, 2 0.45, 3 0.36; threshold 20 % loss: 0.40 m/s"))
  }

  @Test func lineChartBreaksAtMissingValuesAndNamesItsSeries() {
    let chart = LineChart(
      title: "e1RM", xLabel: "ISO week", yLabel: "kg", categories: ["W45", "W46", "W47", "W48"],
      series: [
        .init(name: "Squat", values: [100, 102, nil, 105]),
        .init(name: "Bench", values: [70, 71, 72, 73]),
      ])
    let svg = chart.svg()
    // Squat: two pieces around the gap; bench: one dashed piece.
    #expect(Self.count("<path d=\"M", in: svg) >= 3)
    #expect(Self.count("stroke=\"#0072B2\" stroke-width=\"2\"/>", in: svg) == 2 + 1)
    #expect(svg.contains(">Squat</text>") && svg.contains(">Bench</text>"))
    #expect(svg.contains("Squat: W45 100.0, W46 102.0, W48 105.0; Bench: W45 70.0"))
    // Markers differ by shape: circles for the first series, squares for the second.
    #expect(Self.count("<ellipse", in: svg) == 3 + 1)
    #expect(Self.count("<rect", in: svg) == 4 + 1)
  }

  /// Every point of every series names itself on hover, whatever its marker's shape.
  @Test func everyMarkerShapeCarriesItsTooltip() {
    let names = ["Squat", "Bench", "Deadlift", "Press"]
    let svg = LineChart(
      title: "e1RM", xLabel: "ISO week", yLabel: "kg", categories: ["W45", "W46"],
      series: names.enumerated().map { .init(name: $1, values: [50 + Double($0), 60]) }
    ).svg()
    for name in names {
      #expect(svg.contains("<title>\(name), W45: "), "\(name)")
      #expect(svg.contains("<title>\(name), W46: 60.0</title>"), "\(name)")
    }
  }

  @Test func volumeChartWritesTheBandBesideEachBar() {
    let svg = VolumeBandChart(
      title: "Sets per muscle",
      rows: [
        .init(muscle: "Quadriceps", sets: 14, band: "MAV", landmarks: [8, 12, 18, 20]),
        .init(muscle: "Biceps", sets: 2.5, band: "below MEV", landmarks: [8, 14, 20, 26]),
      ]
    ).svg()
    #expect(svg.contains(">14 · MAV</text>") && svg.contains(">2.5 · below MEV</text>"))
    #expect(svg.contains("Quadriceps: 14 sets; landmarks MEV, MAV, MRV: 8, 12, 18, 20"))
    for band in ["below MEV", "MEV–MAV", "MAV", "MAV–MRV", "above MRV"] {
      #expect(svg.contains(">\(band)</text>"))
    }
  }

  @Test func bodyMapDrawsAllThirtyMusclesWithScoresAndHatchesLowOnes() {
    let ids = BodyMap.shapes.map(\.id)
    #expect(Set(ids) == Set(MuscleGroupType.allCases.map(\.rawValue)))
    #expect(ids.count == 30)
    var recovery: [String: Double] = [:]
    for muscle in MuscleGroupType.allCases { recovery[muscle.rawValue] = 95 }
    recovery["quadriceps"] = 42
    recovery.removeValue(forKey: "biceps")
    let svg = BodyMap(
      title: "Recovery", recovery: recovery, names: ["quadriceps": "Quadriceps"]
    ).svg()
    #expect(svg.contains("<title>Quadriceps: recovery 42/100</title>"))
    #expect(svg.contains("<title>biceps: no data</title>"))
    // Both quadriceps are hatched, and the legend's "needs rest" swatch.
    #expect(Self.count("url(#hatch)", in: svg) == 2 + 1)
    #expect(svg.contains(">42</text>"))
    #expect(svg.contains(">Front</text>") && svg.contains(">Back</text>"))
    #expect(svg.contains(">&lt; 50 needs rest</text>"))
  }

  @Test func dialShowsTheScoreOrSaysWhyNot() {
    let dial = ReadinessDial(title: "Readiness", value: 61.4, caption: "of 100").svg()
    #expect(dial.contains(">61</text>") && dial.contains("61 of 100, of 100"))
    let empty = ReadinessDial(title: "Readiness", value: nil, caption: "no wellness data").svg()
    #expect(empty.contains(">–</text>") && empty.contains(">no wellness data</text>"))
  }
}
