import AppArchitecture
import TerminalGraphics
import TerminalPOSIX
import TerminalUI
import TunesFeatures

/// The program loop: terminal input becomes actions for the store; every state change is
/// rendered (a pure function) and only the difference from the last frame is written.
///
/// All app state lives in the store. The loop keeps only what belongs to the terminal: the
/// input decoder's partial sequence, the last frame written (for the diff and for clicks).
/// Nothing runs while idle: the spinner and the rate-limit countdown are the reducer's
/// effects, and the lone-ESC timeout is a one-shot sleep on the injected clock.
@MainActor
package final class ProgramLoop {
  /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
  package static let escapeTimeout = Duration.milliseconds(30)
  /// How long after a video in the terminal ends the screen is drawn whole once more.
  package static let videoRedrawDelay = Duration.milliseconds(300)

  private let terminal: TerminalIO
  private let store: Store<AppState, AppAction>
  private let clock: AppClock
  private let log: Log
  private let notices: [String]
  private let shutDownPlayer: @Sendable () async -> Void
  private let listening: ListeningClient
  private let presence: AppPresence
  private var decoder = InputDecoder()
  private var renderer: DiffRenderer
  private let images: ImageLayer?
  private let terminalName: String
  private var lastFrame: Frame?
  /// The last clipboard request written (OSC 52), so each is written once.
  private var copiedID = 0
  private var needsFullRedraw = true
  /// Whether a video preview holds the terminal (mpv draws; the app writes only its last row).
  private var videoHoldsTerminal = false
  /// Whether the line saying what plays was written under mpv's picture.
  private var videoCaptionWritten = false
  /// Set once Ctrl-Z has stopped the process and it runs again, until the terminal session is
  /// entered again (`.resumed`): a frame written in between would land on the shell's screen.
  private var awaitingResume = false
  private var batching = false
  private var renderScheduled = false
  private var escapeTask: Task<Void, Never>?
  private var redrawTask: Task<Void, Never>?
  private var waiters: [Waiter] = []
  private var nextWaiter = 0

  private struct Waiter {
    let id: Int
    let condition: @MainActor (AppState, Frame?) -> Bool
    let continuation: CheckedContinuation<Bool, Never>
  }

  /// The store's state.
  package var state: AppState { store.state }

  /// Creates a loop over a terminal with the given dependencies.
  /// - Parameters:
  ///   - terminal: where to write and what to read.
  ///   - dependencies: the app's clients and clock.
  ///   - colorDepth: colours are downgraded to this depth on output.
  ///   - synchronizedOutput: whether to wrap each frame in DEC mode 2026.
  ///   - log: diagnostics (the `TUNES_LOG` file).
  ///   - notices: what the person must know about the start (history off, a damaged database
  ///     kept aside), shown as the first notice.
  package init(
    terminal: TerminalIO, dependencies: TunesDependencies, colorDepth: ColorDepth,
    synchronizedOutput: Bool, log: Log = Log(environment: [:]), notices: [String] = [],
    terminalName: String = "terminal", images: ImageLayer? = nil
  ) {
    self.images = images
    self.terminal = terminal
    self.clock = dependencies.clock
    self.log = log
    self.notices = notices
    self.shutDownPlayer = dependencies.player.shutdown
    self.listening = dependencies.listening
    self.presence = dependencies.presence
    self.terminalName = terminalName
    self.renderer = DiffRenderer(colorDepth: colorDepth, synchronizedOutput: synchronizedOutput)
    let size = terminal.size()
    let app = AppState(viewport: Viewport(columns: size.columns, rows: size.rows))
    self.store = Store(initialState: app, reducer: AppFeature(dependencies: dependencies))
  }

  /// The last frame written, if any.
  package var frame: Frame? { lastFrame }

  /// The colours frames are drawn in (dark unless the terminal's background is light).
  package var palette: Palette = .dark

  /// Whether to keep each frame's time (render, images, diff, write) in `frameDurations`.
  package var measuresFrames = false
  /// Frame times while `measuresFrames` is on (benchmarks).
  package private(set) var frameDurations: [Duration] = []
  /// The main thread's CPU time of each of those frames, in nanoseconds: a frame whose wall
  /// time is far above it waited for the processor (held by other threads or processes).
  package private(set) var frameCPUTimes: [Int] = []
  /// How many images the last frame showed (benchmarks, tests).
  package var imagesShown: Int { images?.shownInLastFrame ?? 0 }

  /// Runs until the person quits, a terminating signal arrives or input ends, then shuts the
  /// preview player down (mpv ends; `q` asked for it too, but effects are cancelled here, and
  /// a signal or end of input never reaches the reducer). Returns the exit code: 0, or 128 +
  /// the signal number.
  package func run() async -> Int32 {
    store.observer = { [weak self] _ in self?.stateChanged() }
    images?.whenReady { [weak self] in self?.render() }
    // The store owns readiness: an image the layer could not draw goes back to it.
    images?.whenUnavailable { [weak self] source, hadPixels in
      self?.store.send(
        .artwork(hadPixels ? .undrawable(key: source) : .pixelsMissing(key: source)))
    }
    log.log(
      "start \(terminalName) \(state.viewport.columns)x\(state.viewport.rows)"
        + " sync=\(renderer.synchronizedOutput) colours=\(renderer.colorDepth)")
    // The desktop (MPRIS, a media key) sends actions from its own thread: they reach the store on
    // this loop's actor, like every other input.
    presence.start { action in
      Task { @MainActor [weak self] in self?.store.send(action) }
    }
    batch {
      store.send(.appStarted)
      if !notices.isEmpty { store.send(.startupNoticeReported(notices.joined(separator: " "))) }
    }
    var code: Int32 = 0
    loop: for await event in terminal.events {
      switch event {
      case .bytes(let bytes):
        handle(bytes)
      case .resized(let columns, let rows):
        needsFullRedraw = true
        batch { store.send(.resized(columns: columns, rows: rows)) }
      case .resumed:
        awaitingResume = false
        renderer.invalidate()
        needsFullRedraw = true
        render()
      case .signal(let number):
        log.log("signal \(number)")
        code = 128 + number
        break loop
      case .eof:
        log.log("input ended")
        break loop
      }
      if state.shouldQuit { break loop }
    }
    presence.stop()
    escapeTask?.cancel()
    redrawTask?.cancel()
    if let bytes = images?.releaseBytes(), !bytes.isEmpty { terminal.write(bytes) }
    store.observer = nil
    store.cancelAllEffects()
    for waiter in waiters { waiter.continuation.resume(returning: false) }
    waiters.removeAll()
    // A whole episode that plays is remembered where it was left (effects are cancelled above).
    if let progress = state.playback.episodeProgress() { try? await listening.save(progress) }
    await shutDownPlayer()
    log.log("exit \(code)")
    return code
  }

  /// Suspends until the state and the last frame written satisfy `condition` (checked after
  /// every frame), or the loop ends, or `bound` of real time passes; returns whether it held.
  /// The bound only matters when a test fails: the wait ends as soon as the frame is written.
  package func waitUntil(
    bound: Duration = .seconds(20), _ condition: @escaping @MainActor (AppState, Frame?) -> Bool
  ) async -> Bool {
    if condition(state, lastFrame) { return true }
    nextWaiter += 1
    let id = nextWaiter
    let timer = Task { [weak self] in
      try? await Task.sleep(for: bound)
      self?.resumeWaiter(id, with: false)
    }
    defer { timer.cancel() }
    return await withCheckedContinuation { continuation in
      waiters.append(Waiter(id: id, condition: condition, continuation: continuation))
    }
  }

  private func resumeWaiter(_ id: Int, with value: Bool) {
    guard let index = waiters.firstIndex(where: { $0.id == id }) else { return }
    waiters.remove(at: index).continuation.resume(returning: value)
  }

  /// Waits until every effect the store runs has finished.
  package func effectsSettled() async {
    await store.finish()
  }

  /// Decodes input and sends the resulting actions, rendering once afterwards.
  func handle(_ bytes: [UInt8]) {
    escapeTask?.cancel()
    escapeTask = nil
    let events = decoder.feed(bytes)
    batch {
      for event in events { dispatch(event) }
    }
    if decoder.hasPendingInput { scheduleEscapeFlush() }
  }

  private func dispatch(_ event: InputEvent) {
    if case .key(.character("z"), let modifiers) = event, modifiers.contains(.control) {
      // mpv would go on drawing over the shell: a video in the terminal stops first.
      if state.playback.holdsTerminal {
        store.send(.playback(.stopRequested))
        render()
      }
      log.log("suspend")
      terminal.suspend()
      // The process runs again (SIGCONT), but the signal thread may not have entered the
      // alternate screen yet: nothing is written until it says so with `.resumed`.
      awaitingResume = true
      return
    }
    let actions = KeyMap.actions(for: event, state: state, hits: lastFrame?.hits)
    if actions.isEmpty, case .key(let key, var modifiers) = event, modifiers.contains(.alt) {
      // Esc and a key pressed quickly arrive together and decode as Alt+key. Where no row
      // takes Alt+key, they are what was typed: Esc, then the key, each on the state the one
      // before it left.
      modifiers.remove(.alt)
      dispatch(.key(.escape, []))
      if !state.shouldQuit { dispatch(.key(key, modifiers)) }
      return
    }
    // Never what was typed or pasted (a search, a password in a URL): only its kind.
    log.log("input \(Self.loggedKind(of: event)) -> \(actions.count) action(s)")
    for action in actions {
      store.send(action)
      if state.shouldQuit { return }
    }
  }

  /// The decoder holds a lone ESC that may start a sequence: after `escapeTimeout` on the
  /// injected clock with no more bytes, it counts as the Escape key. The partial sequence is
  /// the decoder's, not app state, so this one timer stays with the loop.
  private func scheduleEscapeFlush() {
    let clock = self.clock
    escapeTask = Task { [weak self] in
      do {
        try await clock.sleep(for: Self.escapeTimeout)
      } catch {
        return
      }
      guard let self, !Task.isCancelled else { return }
      let events = self.decoder.flush()
      self.batch {
        for event in events { self.dispatch(event) }
      }
    }
  }

  /// After a video in the terminal, mpv may still finish the frame it was drawing, and it clears
  /// the screen when its video output closes (as it goes idle, just after the end): the screen
  /// is drawn whole once more, `videoRedrawDelay` later on the injected clock.
  private func scheduleRedrawAfterVideo() {
    let clock = self.clock
    redrawTask?.cancel()
    redrawTask = Task { [weak self] in
      do {
        try await clock.sleep(for: Self.videoRedrawDelay)
      } catch {
        return
      }
      guard let self, !Task.isCancelled, !self.videoHoldsTerminal else { return }
      self.renderer.invalidate()
      self.needsFullRedraw = true
      self.render()
    }
  }

  private func batch(_ body: () -> Void) {
    batching = true
    body()
    batching = false
    render()
  }

  /// The store's observer: an action outside a batch (an effect's result) asks for one frame,
  /// drawn once the store has returned, so the loop never sends to the store from inside its
  /// observer and several results in one turn make one frame.
  private func stateChanged() {
    guard !batching, !renderScheduled else { return }
    renderScheduled = true
    Task { @MainActor [weak self] in
      guard let self, self.renderScheduled else { return }
      self.render()
    }
  }

  /// Renders the state and writes the difference from the last frame. What the screen measured
  /// reaches the store first when it changed, and the frame is drawn again from that state, so
  /// one frame is written.
  func render() {
    renderScheduled = false
    let started = measuresFrames ? ContinuousClock.now : nil
    let startedCPU = measuresFrames ? ThreadCPUClock.nanoseconds() : 0
    defer {
      if let started {
        frameDurations.append(ContinuousClock.now - started)
        frameCPUTimes.append(ThreadCPUClock.nanoseconds() - startedCPU)
      }
    }
    let palette = self.palette
    var frame = Theme.$palette.withValue(palette) { AppScreen.render(state) }
    // What the screen measured (page sizes, visible artwork) reaches the store before anything
    // is written, and the frame is drawn again from the state that knows it: one frame per key,
    // never one with a stale layout and then a corrected one. A layout that still moves after a
    // few rounds is drawn as it is; the next action measures again.
    var rounds = 0
    while frame.metrics != state.metrics, rounds < 3 {
      rounds += 1
      batching = true
      store.send(.layoutMeasured(frame.metrics))
      batching = false
      frame = Theme.$palette.withValue(palette) { AppScreen.render(state) }
    }
    // The desktop hears of what plays at the same pace as the screen.
    let announcement = presence.update(state)
    if !announcement.isEmpty, !awaitingResume { terminal.write(announcement) }
    if let copy = state.clipboard, copy.id != copiedID, !awaitingResume {
      copiedID = copy.id
      terminal.write(Clipboard.osc52(copy.text))
    }
    let holds = state.playback.holdsTerminal
    if holds != videoHoldsTerminal {
      // Handing the screen to mpv (cleared for the picture), or taking it back (everything drawn
      // afresh over mpv's last frame).
      videoHoldsTerminal = holds
      videoCaptionWritten = false
      log.log(holds ? "video: the terminal goes to mpv" : "video: the terminal is back")
      renderer.invalidate()
      needsFullRedraw = true
      if !holds { scheduleRedrawAfterVideo() }
    } else if holds {
      // mpv owns the screen: two processes writing to one terminal would cut each other's
      // escape sequences, so the app writes nothing until the video ends, but one line: once
      // mpv has drawn (it clears the screen as its output starts), what plays goes on the row
      // below its picture, in one write (a terminal takes each write whole), the cursor and pen
      // saved and restored around it.
      if !videoCaptionWritten, state.playback.showsVideo, !awaitingResume {
        videoCaptionWritten = true
        let caption = VideoCaption.bytes(
          state.playback, columns: state.viewport.columns, rows: state.viewport.rows)
        if !caption.isEmpty {
          terminal.write(caption)
          log.log("video: caption written")
        }
      }
      lastFrame = frame
      checkWaiters()
      return
    }
    let previous = needsFullRedraw ? nil : lastFrame?.buffer
    let bytes: [UInt8]
    if let images {
      if previous == nil { images.terminalWillRedraw() }
      // Symbol art becomes cells, pixel images stay placements the writer draws.
      images.compose(&frame.buffer)
      var writer = images.writer
      bytes = renderer.render(
        previous: previous, next: frame.buffer, cursor: frame.cursor, images: &writer)
    } else {
      bytes = renderer.render(previous: previous, next: frame.buffer, cursor: frame.cursor)
    }
    if awaitingResume {
      // Not written: the `.resumed` redraw draws everything afresh.
      lastFrame = frame
      checkWaiters()
      return
    }
    needsFullRedraw = false
    lastFrame = frame
    // Placeholder images are transmitted before the text that shows them.
    if let images, images.hasCommands { terminal.write(images.takeCommands()) }
    if !bytes.isEmpty { terminal.write(bytes) }
    checkWaiters()
  }

  private func checkWaiters() {
    guard !waiters.isEmpty else { return }
    let ready = waiters.filter { $0.condition(state, lastFrame) }
    guard !ready.isEmpty else { return }
    waiters.removeAll { waiter in ready.contains { $0.id == waiter.id } }
    for waiter in ready { waiter.continuation.resume(returning: true) }
  }
}

extension ProgramLoop {
  /// What the log says about an input event: its kind, never the keys or text it carries.
  nonisolated static func loggedKind(of event: InputEvent) -> String {
    switch event {
    case .key: return "key"
    case .paste(let text): return "paste of \(text.count) characters"
    case .mouse: return "mouse"
    case .focusGained: return "focus gained"
    case .focusLost: return "focus lost"
    default: return String(describing: event).prefix(60).description
    }
  }
}
