import Benchmark

/// The regression thresholds the nightly job checks every benchmark against, and the
/// configuration of a benchmark whose every iteration is one query.
///
/// A deviation past any one threshold fails the check (package-benchmark compares each
/// percentile on its own). Time is noisy on shared runners, so wall-clock margins are wide and
/// relative; allocation counts are deterministic for the same code and data, so a few percent
/// more is already a regression; and a search must never find fewer of its targets.
public enum Thresholds {
    public static var nightly: [BenchmarkMetric: BenchmarkThresholds] {
        [
            .wallClock: BenchmarkThresholds(relative: [.p50: 30, .p90: 40, .p99: 60]),
            .mallocCountTotal: BenchmarkThresholds(relative: [.p50: 5, .p99: 10]),
            targetHits: BenchmarkThresholds(absolute: [.p50: 0]),
        ]
    }

    /// One query per iteration, `iterations` of them (a few passes over the queries), after
    /// `warmup` untimed ones; p50, p99 and p100 are then percentiles over queries.
    public static func perQuery(iterations: Int, warmup: Int = 100, extra: [BenchmarkMetric] = []) -> Benchmark.Configuration {
        .init(
            metrics: [.wallClock, .mallocCountTotal] + extra,
            timeUnits: .microseconds,
            warmupIterations: warmup,
            scalingFactor: .one,
            maxDuration: .seconds(300),
            maxIterations: iterations,
            // Only the metrics measured: a threshold of another draws a warning per benchmark.
            thresholds: nightly.filter { ([.wallClock, .mallocCountTotal] + extra).contains($0.key) }
        )
    }

    /// A custom metric that must not fall: the share of the targets a search finds, in percent.
    public static var targetHits: BenchmarkMetric {
        .custom("target hits %", polarity: .prefersLarger, useScalingFactor: false)
    }
}

