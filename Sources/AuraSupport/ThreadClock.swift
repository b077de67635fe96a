#if canImport(Glibc)
  import Glibc
#endif

/// CPU time of the calling thread, for accounting work to the sessions a worker computed.
package enum ThreadClock {
  /// Seconds of CPU the calling thread has used.
  package static func cpuSeconds() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
