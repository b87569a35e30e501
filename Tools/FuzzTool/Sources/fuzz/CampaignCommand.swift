import ArgumentParser
import Foundation
import FuzzToolKit

/// `fuzz campaign` (`make coverage`): every target fuzzes for CAMPAIGN_SECONDS (CAMPAIGN_PARALLEL
/// at a time, one per core) from its corpus into its working corpus, then `coverage` counts both.
struct CampaignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "campaign", abstract: "Fuzz every target for CAMPAIGN_SECONDS, then report coverage.")

    func run() throws {
        let project = try Project.current()
        let settings = project.settings
        let targets = try project.targets().replayed
        try project.build(targets, settings.fuzzBuild())
        try Files.makeDirectory(settings.logDirectory)
        var running: [Shell.Running] = []
        var failed = false
        func waitForOne() {
            while true {
                if let index = running.firstIndex(where: { !$0.isRunning }) {
                    failed = failed || !running.remove(at: index).wait().succeeded
                    return
                }
                Thread.sleep(forTimeInterval: 0.2)
            }
        }
        for target in targets {
            while running.count >= settings.campaignParallel { waitForOne() }
            let log = "\(settings.logDirectory)/\(target).campaign.log"
            print("campaign: \(target) for \(settings.campaignSeconds)s (log: \(log))")
            running.append(try project.startFuzzing(target, seconds: settings.campaignSeconds, output: .file(log)))
        }
        while !running.isEmpty { waitForOne() }
        for target in targets {
            let stats = FuzzerStats(log: try Files.read("\(settings.logDirectory)/\(target).campaign.log"))
            func text(_ number: Int?) -> String { number.map(String.init) ?? "-" }
            print("\(target): exec/s, edges, features, corpus, repeats, programs/s: \(text(stats.execsPerSecond)) "
                + "\(text(stats.edges)) \(text(stats.features)) \(stats.corpus ?? "-") \(stats.repeatsShare) "
                + "\(text(stats.programsPerSecond))")
        }
        try CoverageCommand.report(project, withWorkCorpus: true)
        if failed {
            throw FuzzToolError.failure("a target stopped early: see \(settings.logDirectory)/<Target>.campaign.log "
                + "and \(Layout.crashRoot)")
        }
    }
}
