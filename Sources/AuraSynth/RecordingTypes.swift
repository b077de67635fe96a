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

/// What the IMU measured: specific force in g and angular rate in deg/s, sensor frame.
struct ImuRecording {
  var rateHz: Double
  /// barbell (on the bar) or wrist (a watch, turning with the forearm).
  var placement = "barbell"
  /// Gravity's reaction (+1 g upward) in the sensor frame, for formats that split it out.
  var gravityG: [Double]
  /// The same at each sample, where the sensor turns (a watch); empty on the bar.
  var gravityBySample: [[Double]] = []
  var times: [Double] = []
  var accelG: [[Double]] = []
  var gyroDps: [[Double]] = []
}
