import Foundation

/// What the camera saw: per frame and joint (Vision's 19, in `jointNames` order), normalised
/// coordinates with the origin bottom-left and a confidence, rounded as files store them.
struct FilmedPose {
  var camera: RecordedSessionSynthesizer.Camera
  var times: [Double] = []
  var x: [[Double]]
  var y: [[Double]]
  var confidence: [[Double]]

  init(camera: RecordedSessionSynthesizer.Camera, jointCount: Int, frames: Int) {
    self.camera = camera
    x = Array(repeating: [], count: jointCount)
    y = x
    confidence = x
    times.reserveCapacity(frames)
  }
}

/// What the bar IMU measured: specific force in g and angular rate in deg/s, sensor frame.
struct ImuRecording {
  var rateHz: Double
  /// Gravity's reaction (+1 g upward) in the sensor frame, for formats that split it out.
  var gravityG: [Double]
  var times: [Double] = []
  var accelG: [[Double]] = []
  var gyroDps: [[Double]] = []
}
