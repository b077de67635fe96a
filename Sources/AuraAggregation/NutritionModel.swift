import AuraDomain
import AuraIngest

/// Nutrition adherence per ISO week: mean calories against the mean target, and protein per kg
/// of bodyweight against the daily target (`aggregation.nutrition.protein_g_per_kg`).
struct NutritionModel {
  let settings: AggregationSettings

  func weeks(athlete: Athlete, days: [NutritionDay]) -> [NutritionWeek] {
    let byWeek = Dictionary(grouping: days) { day in
      ISODates.day(day.date).map { ISODates.isoWeek(day: $0) } ?? ""
    }
    return byWeek.keys.filter { !$0.isEmpty }.sorted().map { week in
      let logged = byWeek[week]!
      let kcal = logged.compactMap(\.kcal)
      let targets = logged.compactMap(\.targetKcal)
      let protein = logged.compactMap(\.proteinGrams)
      let meanKcal = Self.mean(kcal)
      let meanTarget = Self.mean(targets)
      var adherence: Double? = nil
      if let meanKcal, let meanTarget, meanTarget > 0 {
        adherence = (meanKcal / meanTarget * 1000).rounded() / 10
      }
      var perKg: Double? = nil
      var daysMet: Int? = nil
      if let weight = athlete.weightKg, weight > 0, let meanProtein = Self.mean(protein) {
        perKg = (meanProtein / weight * 100).rounded() / 100
        daysMet = protein.filter { $0 / weight >= settings.proteinTargetPerKg }.count
      }
      return NutritionWeek(
        athleteId: athlete.id, isoWeek: week, daysLogged: logged.count,
        meanKcal: meanKcal.map { $0.rounded() }, meanTargetKcal: meanTarget.map { $0.rounded() },
        calorieAdherencePercent: adherence, proteinPerKg: perKg, proteinDaysMet: daysMet)
    }
  }

  static func mean(_ values: [Double]) -> Double? {
    values.isEmpty ? nil : values.reduce(0, +) / Double(values.count)
  }
}
