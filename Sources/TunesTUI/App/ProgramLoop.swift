import AppArchitecture
import TerminalPOSIX
import TerminalUI
import TunesFeatures

/// The program loop: terminal input becomes actions for the store; every state change is
/// rendered (a pure function) and only the difference from the last frame is written.
///
/// Nothing runs while idle: the spinner ticks only while something loads, the lone-ESC
/// timeout is a one-shot sleep on the injected clock, and the rate-limit countdown is the
/// reducer's own effect.
@MainActor
public final class ProgramLoop {
  /// How long a lone ESC waits for the rest of a sequence before it counts as Escape.
  public static let escapeTimeout = Duration.milliseconds(30)
  /// The spinner's frame time.
  public static let spinnerInterval = Duration.milliseconds(100)

  private let terminal: TerminalIO
  private let store: Store<AppState, AppAction>
  private let clock: AppClock
  private let log: Log
  private let notices: [String]
  private var decoder = InputDecoder()
  private var renderer: DiffRenderer
  private let terminalName: String
  private var lastFrame: Frame?
  private var needsFullRedraw = true
  private var batching = false
  private var escapeTask: Task<Void, Never>?
  private var spinnerTask: Task<Void, Never>?

  /// The current state (the store's app state plus the terminal's own).
  public private(set) var state: TUIState

  /// Creates a loop over a terminal with the given dependencies.
  /// - Parameters:
  ///   - terminal: where to write and what to read.
  ///   - dependencies: the app's clients and clock.
  ///   - colorDepth: colours are downgraded to this depth on output.
  ///   - synchronizedOutput: whether to wrap each frame in DEC mode 2026.
  ///   - log: diagnostics (the `TUNES_LOG` file).
  ///   - notices: what the person must know about the start (history off, a damaged database
  ///     kept aside), shown as the first notice.
  public init(
    terminal: TerminalIO, dependencies: TunesDependencies, colorDepth: ColorDepth,
    synchronizedOutput: Bool, log: Log = Log(environment: [:]), notices: [String] = [],
    terminalName: String = "terminal"
  ) {
    self.terminal = terminal
    self.clock = dependencies.clock
    self.log = log
    self.notices = notices
    self.terminalName = terminalName
    self.renderer = DiffRenderer(colorDepth: colorDepth, synchronizedOutput: synchronizedOutput)
    let size = terminal.size()
    let app = AppState(viewport: Viewport(columns: size.columns, rows: size.rows))
    self.state = TUIState(app: app)
    self.store = Store(initialState: app, reducer: AppFeature(dependencies: dependencies))
  }

  /// The last frame written, if any.
  public var frame: Frame? { lastFrame }

  /// Runs until the person quits, a terminating signal arrives or input ends. Returns the
  /// exit code: 0, or 128 + the signal number.
  public func run() async -> Int32 {
    store.observer = { [weak self] app in self?.stateChanged(app) }
    log.log(
      "start \(terminalName) \(state.app.viewport.columns)x\(state.app.viewport.rows)"
        + " sync=\(renderer.synchronizedOutput) colours=\(renderer.colorDepth)")
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
        store.send(.resized(columns: columns, rows: rows))
      case .resumed:
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
      if state.app.shouldQuit { break loop }
    }
    escapeTask?.cancel()
    spinnerTask?.cancel()
    store.observer = nil
    store.cancelAllEffects()
    log.log("exit \(code)")
    return code
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
      log.log("suspend")
      terminal.suspend()
      return
    }
    let actions = KeyMap.actions(for: event, state: &state, frame: lastFrame)
    log.log(
      "input \(String(describing: event).prefix(80)) -> \(actions.map { String(describing: $0).prefix(60) })"
    )
    for action in actions {
      store.send(action)
      if state.app.shouldQuit { return }
    }
  }

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

  private func batch(_ body: () -> Void) {
    batching = true
    body()
    batching = false
    render()
  }

  private func stateChanged(_ app: AppState) {
    state.app = app
    state.syncQuery()
    updateSpinner()
    if !batching { render() }
  }

  private func updateSpinner() {
    if state.isLoading {
      guard spinnerTask == nil else { return }
      let clock = self.clock
      spinnerTask = Task { [weak self] in
        while !Task.isCancelled {
          do {
            try await clock.sleep(for: Self.spinnerInterval)
          } catch {
            return
          }
          guard let self, !Task.isCancelled else { return }
          self.state.spinnerTick += 1
          self.render()
        }
      }
    } else {
      spinnerTask?.cancel()
      spinnerTask = nil
    }
  }

  /// Renders the state and writes the difference from the last frame.
  func render() {
    let frame = AppScreen.render(state)
    state.resultsOffset = frame.resultsOffset
    state.favoritesOffset = frame.favoritesOffset
    let bytes = renderer.render(
      previous: needsFullRedraw ? nil : lastFrame?.buffer, next: frame.buffer,
      cursor: frame.cursor)
    needsFullRedraw = false
    lastFrame = frame
    if !bytes.isEmpty { terminal.write(bytes) }
  }
}
