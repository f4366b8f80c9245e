// A job written back as `floodgate sync` arguments reads back as the same job:
// the format saved jobs are stored in. Every flag of the table is either
// written for some job or named here as one that never needs writing, so a
// new flag cannot be forgotten by the writer.

#include "sync_args_writer.h"
#include "sync_flags.h"

#include <QTest>

#include <random>
#include <set>

using namespace fg;
using namespace fg::cli;

namespace {

JobSpec baseSpec()
{
    JobSpec spec;
    spec.source = "/home/me/photos/";
    spec.destination = "floodgate://nas:7878/backup/photos";
    return spec;
}

// Written, then read back: the spec the arguments give.
JobSpec roundTrip(const JobSpec& spec, std::vector<std::string>* argsOut = nullptr)
{
    auto args = syncArgsFor(spec);
    if (!args.ok()) qFatal("syncArgsFor: %s", args.error().message.c_str());
    SyncCliOptions read;
    const SyncArgsRead outcome = readSyncArgs(*args, read);
    if (!outcome.error.empty())
        qFatal("readSyncArgs(%s): %s", shellQuoted(*args).c_str(), outcome.error.c_str());
    if (argsOut) *argsOut = *args;
    return read.spec;
}

// A spec with every option away from its default, one way or another.
std::vector<JobSpec> variedSpecs()
{
    std::vector<JobSpec> specs;
    auto add = [&](auto change) {
        JobSpec s = baseSpec();
        change(s.options);
        specs.push_back(s);
    };
    add([](SyncOptions&) {});
    add([](SyncOptions& o) {
        TransferOptions& t = o.transfer;
        t.dryRun = t.mkpath = t.removeSourceFiles = true;
        t.deleteExtraneous = true;
        t.deletion.limited = true;
        t.deletion.maxDelete = 0;
        t.checksum = true;
        t.compare = {true, true, true, true, true, true, uint64_t(100) << 20, 4096};
        t.metadata.perms = false;
        t.metadata.times = false;
        t.metadata.chmod = "D755,F644,go-w";
        t.filters = {{FilterSpec::Kind::Exclude, "*.tmp"},
                     {FilterSpec::Kind::Include, "/keep/ this"},
                     {FilterSpec::Kind::Protect, "/backup/"},
                     {FilterSpec::Kind::DirMerge, ".rsync-filter", 0},
                     {FilterSpec::Kind::DirMerge, ".cvsignore",
                      FilterSpec::kNoInherit | FilterSpec::kAllExclude | FilterSpec::kWords | FilterSpec::kExcludeSelf},
                     {FilterSpec::Kind::DirMerge, ".inc", FilterSpec::kAllInclude}};
        t.nameMapping = NameMapping::Map;
        t.modifyWindowNs = 2000000001;
        t.chunkSize = uint64_t(3) << 19; // 1.5M
        t.congestion = "cubic";
        t.fsync = FsyncMode::None;
        t.wholeFile = WholeFileMode::Always;
        t.compress = {CompressMode::Zstd, 7};
        t.checksumChoice = ChecksumChoice::Sha256;
        o.bwlimit = parseRateSchedule("Mon-Fri 08:00-18:00 20M, Sat 1.5k, Sun-Mon 22:00-06:00 off, 100M").value();
        o.streams = 6;
        o.cipher = CipherChoice::Chacha20Poly1305;
        o.sshCipher = "aes128-gcm@openssh.com";
        o.ioTimeoutSec = 60;
        o.connectTimeoutSec = 9;
        o.retryForSec = 0;
        o.rsh = "ssh -p 2222 -i '/keys/my key'";
        o.remoteFloodgate = "/opt/floodgate/bin/floodgate";
        o.stateDir = "/var/lib/fg state";
    });
    add([](SyncOptions& o) {
        TransferOptions& t = o.transfer;
        t.deleteExtraneous = t.deletion.excluded = true;
        t.backup = {true, "", ".bak"};
        t.ownership = {true, true, true, false, "", ""};
        t.scan = {true, true, true, true, {".nobackup", "CACHEDIR.TAG"}};
        t.inPlace = true;
        t.wholeFile = WholeFileMode::Never;
        t.compress = {CompressMode::Lz4, kDefaultZstdLevel};
        t.checksumChoice = ChecksumChoice::Xxh3;
        o.cipher = CipherChoice::None;
        o.bwlimit = RateSchedule::constant(1000); // not a whole KiB: written in bytes
    });
    add([](SyncOptions& o) {
        TransferOptions& t = o.transfer;
        t.backup = {true, "old versions", ""};
        t.ownership = {true, true, false, false, "", ""}; // -a: owners where possible
        t.linkDest = {"../2026-11-30", "../2026-11-29"};
        t.partialDir = ".rsync-partial";
        t.compress = {CompressMode::Auto, kDefaultZstdLevel};
        o.cipher = CipherChoice::Aes256Gcm;
    });
    add([](SyncOptions& o) {
        TransferOptions& t = o.transfer;
        t.backup = {true, "kept", "~old"};
        t.ownership = {false, true, true, true, "backup", ""};
        t.snapshot = true;
        t.keep = {7, 14, 8, 12};
        t.compress = {CompressMode::Zstd, -5};
        o.cipher = CipherChoice::Aes128Gcm;
        o.streams = 1;
    });
    add([](SyncOptions& o) {
        o.transfer.ownership = {true, false, false, true, "", "staff"};
        o.transfer.ownership.chownUser = "";
    });
    return specs;
}

} // namespace

class TestSyncArgs : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void everyVariedSpecReadsBackTheSame()
    {
        for (const JobSpec& spec : variedSpecs()) {
            std::vector<std::string> args;
            const JobSpec back = roundTrip(spec, &args);
            QVERIFY2(back.options == spec.options, shellQuoted(args).c_str());
            QCOMPARE(back.source, spec.source);
            QCOMPARE(back.destination, spec.destination);
        }
    }

    void defaultsWriteNoOptions()
    {
        const auto args = syncArgsFor(baseSpec());
        QVERIFY(args.ok());
        QCOMPARE(args->size(), size_t(2));
    }

    void endpointsThatLookLikeOptionsComeAfterDoubleDash()
    {
        JobSpec spec = baseSpec();
        spec.source = "-odd name/";
        spec.destination = "--also";
        std::vector<std::string> args;
        const JobSpec back = roundTrip(spec, &args);
        QCOMPARE(back.source, spec.source);
        QCOMPARE(back.destination, spec.destination);
        QCOMPARE(args.at(args.size() - 3), std::string("--"));
    }

    void aFilesFromListIsRefusedWithTheRemedy()
    {
        JobSpec spec = baseSpec();
        spec.options.transfer.filesFrom = std::vector<std::string>{"a", "b"};
        const auto args = syncArgsFor(spec);
        QVERIFY(!args.ok());
        QVERIFY(args.error().message.find("--files-from FILE") != std::string::npos);
    }

    // Quantities and timetables written exactly, at random.
    void randomQuantitiesAndTimetablesReadBack()
    {
        std::mt19937_64 rng(20261203);
        for (int i = 0; i < 2000; ++i) {
            JobSpec spec = baseSpec();
            const int shift = int(rng() % 40);
            const uint64_t v = (rng() >> (24 + rng() % 40)) + 1;
            spec.options.transfer.compare.maxSize = v << (shift % 20);
            spec.options.transfer.chunkSize = (uint64_t(1) << 20) + (rng() % 1024) * 1024;
            RateSchedule schedule;
            const int rules = int(rng() % 4) + 1;
            for (int r = 0; r < rules; ++r) {
                RateRule rule;
                rule.days = uint8_t(rng() % 127 + 1);
                rule.startMinute = uint16_t(rng() % 1440);
                rule.endMinute = uint16_t((rule.startMinute + 1 + rng() % 1439) % 1440 + 1);
                if (rule.endMinute == rule.startMinute) rule.endMinute = 1440;
                rule.bytesPerSec = rng() % 3 == 0 ? 0 : (rng() >> (20 + rng() % 40)) + 1;
                schedule.rules.push_back(rule);
            }
            spec.options.bwlimit = schedule;
            spec.options.transfer.modifyWindowNs = int64_t(rng() % 10000000000ull);
            std::vector<std::string> args;
            const JobSpec back = roundTrip(spec, &args);
            QCOMPARE(back.options.transfer.compare.maxSize, spec.options.transfer.compare.maxSize);
            QCOMPARE(back.options.transfer.chunkSize, spec.options.transfer.chunkSize);
            QCOMPARE(back.options.transfer.modifyWindowNs, spec.options.transfer.modifyWindowNs);
            // A rule over several day runs is written as several rules with
            // the same times: compare by what each minute of the week gets.
            for (int day = 0; day < 7; ++day)
                for (int minute = 0; minute < 1440; minute += 7)
                    QCOMPARE(back.options.bwlimit.rateAt(day, minute), spec.options.bwlimit.rateAt(day, minute));
        }
    }

    // Every flag the table has is written for one of the varied specs, or is
    // an alias, a front end's own flag, or one whose effect is written as
    // another (rules from files as --filter).
    void everyFlagIsWrittenOrAccountedFor()
    {
        std::set<std::string> written;
        for (const JobSpec& spec : variedSpecs()) {
            const auto args = syncArgsFor(spec);
            QVERIFY(args.ok());
            for (const std::string& a : *args) {
                if (!a.starts_with("--") || a == "--") continue;
                written.insert(a.substr(2, a.find('=') == std::string::npos ? std::string::npos : a.find('=') - 2));
            }
        }
        const std::set<std::string> notWritten = {
            // the same as a written one
            "delete-after", "delete-delay", "append", "perms", "times", "links", "recursive", "partial",
            "human-readable", "z", "P", "info",
            // rules and lists read from files when the job is read: written as --filter
            "exclude", "include", "exclude-from", "include-from", "F", "cvs-exclude", "from0", "files-from",
            // what the command line prints, not what the job does
            "progress", "verbose", "itemize-changes", "out-format", "log-file", "log-file-format", "stats",
            "quiet", "json", "help"};
        for (const SyncFlag& f : syncFlags()) {
            const std::string name = f.longName;
            QVERIFY2(written.count(name) || notWritten.count(name),
                     ("--" + name + " is never written by syncArgsFor(): write it, or name it here").c_str());
        }
    }

    void shellQuotingKeepsWordsApart()
    {
        QCOMPARE(shellQuoted({"-a", "--exclude=*.tmp", "my dir/", "it's"}),
                 std::string("-a '--exclude=*.tmp' 'my dir/' 'it'\\''s'"));
        QCOMPARE(shellQuoted({""}), std::string("''"));
    }
};

QTEST_GUILESS_MAIN(TestSyncArgs)
#include "test_sync_args.moc"
