import AuraDomain

/// One sensor's samples as read, already in SI units (m/s² or rad/s).
struct ImuStream {
  var times: [Double]
  /// Line of each sample for messages; nil when unknown.
  var lines: [Int32]?
  var x: [Double]
  var y: [Double]
  var z: [Double]
}

/// Turns accelerometer and gyroscope streams into one canonical `ImuSeries`: checks each time
/// axis (backwards is an error, repeats are dropped), and when the streams are irregular or not
/// sampled together, interpolates both onto one uniform grid at the faster median rate and says
/// so in the quality record.
struct ImuAssembler {
  var path: String
  var format: String
  var placement: ImuPlacement
  /// Relative jitter of intervals above which samples are resampled.
  var jitterTolerance = 0.1

  func assemble(accel: ImuStream, gyro: ImuStream?, notes: [String] = []) throws -> ImuSeries {
    var accel = try checked(accel, name: "accelerometer")
    var gyro = try gyro.map { try checked($0, name: "gyroscope") }
    var notes = notes
    if let g = gyro, g.stream.times == accel.stream.times {
      let held = Self.heldSamples(accel.stream, g.stream)
      if !held.isEmpty {
        let kept = accel.stream.times.indices.filter { !held.contains($0) }
        accel.stream = Self.keeping(kept, of: accel.stream)
        gyro?.stream = Self.keeping(kept, of: g.stream)
        notes.append(
          "\(held.count) samples repeat the one before them on all six axes under a later time "
            + "(the device resent its last reading): dropped")
      }
    }
    let (accelRate, gaps) = try TimeAxis.rateAndGaps(accel.stream.times, path: path)
    var rate = accelRate
    var sameGrid = true
    if let gyro {
      let (gyroRate, _) = try TimeAxis.rateAndGaps(gyro.stream.times, path: path)
      rate = max(rate, gyroRate)
      sameGrid = gyro.stream.times == accel.stream.times
    }
    let irregular =
      !isRegular(accel.stream.times) || !(gyro.map { isRegular($0.stream.times) } ?? true)
    let duplicates = accel.duplicates + (gyro?.duplicates ?? 0)
    var times = accel.stream.times
    var a = accel.stream
    var g = gyro?.stream
    if !sameGrid || irregular {
      let start = max(accel.stream.times[0], gyro?.stream.times[0] ?? -.infinity)
      let end = min(accel.stream.times.last!, gyro?.stream.times.last ?? .infinity)
      guard end > start else {
        throw DatasetProblem(
          path: path, line: 0, reason: "accelerometer and gyroscope samples do not overlap in time")
      }
      let count = Int(((end - start) * rate).rounded(.down)) + 1
      times = (0..<count).map { start + Double($0) / rate }
      a = Self.resample(accel.stream, at: times)
      g = gyro.map { Self.resample($0.stream, at: times) }
      notes.append(
        (sameGrid ? "irregular timestamps" : "accelerometer and gyroscope sampled apart")
          + ": interpolated onto a uniform \(Int(rate.rounded())) Hz grid")
    }
    guard times.count >= 2 else {
      throw DatasetProblem(path: path, line: 0, reason: "fewer than 2 samples")
    }
    let lost = LostPackets.find(x: a.x, y: a.y, z: a.z)
    if let lost { notes.append("packets of samples lost without their time: \(lost.evidence)") }
    return ImuSeries(
      times: times, accelX: a.x, accelY: a.y, accelZ: a.z, gyroX: g?.x ?? [], gyroY: g?.y ?? [],
      gyroZ: g?.z ?? [], placement: placement,
      quality: RecordingQuality(
        path: path, format: format, samples: times.count, sampleRateHz: rate,
        duplicateTimestamps: duplicates, gaps: gaps, missingFraction: 0,
        resampled: !sameGrid || irregular, notes: notes, lostPackets: lost))
  }

  private func checked(_ stream: ImuStream, name: String) throws -> (
    stream: ImuStream, duplicates: Int
  ) {
    for index in stream.times.indices
    where !(stream.x[index].isFinite && stream.y[index].isFinite && stream.z[index].isFinite) {
      throw DatasetProblem(
        path: path, line: stream.lines.map { Int($0[index]) } ?? 0,
        reason: "\(name) sample \(index + 1) has an empty or non-finite axis")
    }
    let axis = try TimeAxis(times: stream.times, lines: stream.lines, path: path)
    guard axis.duplicates > 0 else { return (stream, 0) }
    return (Self.keeping(axis.kept, of: stream), axis.duplicates)
  }

  /// The samples (after the first, before the last) whose accelerometer and gyroscope axes all
  /// equal the sample before them. A device that resends its last reading under a new time
  /// repeats all six axes, and kept, those repeats would set the recording's median interval
  /// to the resend's few milliseconds. A sensor still enough to repeat itself loses nothing by
  /// it: the samples left either side of a run of repeats hold its value.
  static func heldSamples(_ accel: ImuStream, _ gyro: ImuStream) -> Set<Int> {
    Set(
      accel.times.indices.dropFirst().dropLast().filter { i in
        accel.x[i] == accel.x[i - 1] && accel.y[i] == accel.y[i - 1]
          && accel.z[i] == accel.z[i - 1] && gyro.x[i] == gyro.x[i - 1]
          && gyro.y[i] == gyro.y[i - 1] && gyro.z[i] == gyro.z[i - 1]
      })
  }

  /// The samples of `stream` at `indices`.
  static func keeping(_ indices: [Int], of stream: ImuStream) -> ImuStream {
    ImuStream(
      times: indices.map { stream.times[$0] },
      lines: stream.lines.map { l in indices.map { l[$0] } },
      x: indices.map { stream.x[$0] }, y: indices.map { stream.y[$0] },
      z: indices.map { stream.z[$0] })
  }

  private func isRegular(_ times: [Double]) -> Bool {
    guard times.count >= 3 else { return true }
    let median = TimeAxis.medianInterval(times)
    var irregular = 0
    for (later, earlier) in zip(times.dropFirst(), times)
    where abs((later - earlier) - median) > jitterTolerance * median {
      irregular += 1
    }
    // A few long gaps are gaps, not jitter; many off-grid intervals mean an irregular clock.
    return irregular * 20 <= times.count
  }

  /// Linear interpolation of a stream at increasing `times` within its span.
  static func resample(_ stream: ImuStream, at times: [Double]) -> ImuStream {
    var out = ImuStream(times: times, lines: nil, x: [], y: [], z: [])
    var k = 0
    for t in times {
      while k + 2 < stream.times.count, stream.times[k + 1] < t { k += 1 }
      let t0 = stream.times[k]
      let t1 = stream.times[min(k + 1, stream.times.count - 1)]
      let w = t1 > t0 ? min(1, max(0, (t - t0) / (t1 - t0))) : 0
      let next = min(k + 1, stream.times.count - 1)
      out.x.append(stream.x[k] + w * (stream.x[next] - stream.x[k]))
      out.y.append(stream.y[k] + w * (stream.y[next] - stream.y[k]))
      out.z.append(stream.z[k] + w * (stream.z[next] - stream.z[k]))
    }
    return out
  }
}
