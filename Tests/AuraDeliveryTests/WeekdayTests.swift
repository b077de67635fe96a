import Foundation
import Testing

@testable import AuraDelivery

/// When a week's mail is due: from the start of the latest day of the pipeline's choosing.
@Suite struct WeekdayTests {
  @Test func theLatestDayOfThatNameAtOrBeforeNow() throws {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let dates = ISO8601DateFormatter()
    // Friday 27 November 2026, 10:00.
    let now = try #require(dates.date(from: "2026-11-27T10:00:00Z"))
    func start(_ day: Weekday) -> String {
      dates.string(from: day.lastStart(atOrBefore: now, calendar: calendar))
    }
    #expect(start(.monday) == "2026-11-23T00:00:00Z")
    #expect(start(.friday) == "2026-11-27T00:00:00Z")
    #expect(start(.saturday) == "2026-11-21T00:00:00Z")
    #expect(start(.sunday) == "2026-11-22T00:00:00Z")
  }

  @Test func theDeliverBlockNamesADayAndWhetherToCorrect() throws {
    let settings = try DeliverySettings(yaml: [
      "from": "reports@gym.example", "day": "Thursday", "corrections": true,
    ])
    #expect(settings.day == .thursday && settings.corrections)
    #expect(try DeliverySettings(yaml: ["from": "reports@gym.example"]).day == .monday)
    #expect(throws: DeliveryError.self) {
      try DeliverySettings(yaml: ["from": "reports@gym.example", "day": "someday"])
    }
  }
}
