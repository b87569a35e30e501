import Testing

/// Suites that launch a stream of processes, run one after the other: the crash test's child
/// must commit within 20–120 ms of its launch, and the CLI property's ~200 runs of
/// `contactcore` beside it left it a third of its commits on two cores.
@Suite(.serialized) enum ProcessHeavySuites {}
