import Synchronization
import Testing

@testable import DesktopLive

/// The session's state with a clock the test moves.
@Suite("MPRIS player state")
struct MPRISPlayerStateTests {
  final class ManualClock: Sendable {
    let now = Mutex(Duration.seconds(100))
    func advance(_ by: Duration) { now.withLock { $0 += by } }
    var read: @Sendable () -> Duration { { [self] in now.withLock { $0 } } }
  }

  @Test("Position moves on while playing, stays while paused, and stops at the length")
  func positionIsLive() {
    let clock = ManualClock()
    let state = PlayerState(clock: clock.read)
    _ = state.store(Sessions.playing)  // at 12 s
    clock.advance(.seconds(3))
    #expect(state.current.position == .seconds(15))
    _ = state.store(Sessions.paused)
    clock.advance(.seconds(3))
    #expect(state.current.position == .seconds(12))
    _ = state.store(
      {
        var playing = Sessions.playing
        playing.position = .seconds(208)
        return playing
      }())
    clock.advance(.seconds(60))
    #expect(state.current.position == .milliseconds(208_947))
  }

  @Test("a seek restarts the count from its place")
  func seekAnchors() {
    let clock = ManualClock()
    let state = PlayerState(clock: clock.read)
    _ = state.store(Sessions.playing)
    clock.advance(.seconds(5))
    state.seek(to: .seconds(60))
    clock.advance(.seconds(2))
    #expect(state.current.position == .seconds(62))
    #expect(state.current.title == "Upside Down")
  }

  @Test("a burst of updates asks for one announcement, with the net change")
  func burstIsOneAnnouncement() {
    let state = PlayerState(clock: ManualClock().read)
    #expect(state.store(Sessions.playing))
    #expect(!state.store(Sessions.paused))
    let (announced, latest) = state.takeAnnouncement()
    #expect(announced == NowPlaying())
    #expect(latest == Sessions.paused)
    #expect(state.store(Sessions.paused))
    #expect(state.takeAnnouncement().announced == Sessions.paused)
  }
}
