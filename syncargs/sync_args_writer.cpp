#include "sync_args_writer.h"

#include <floodgate/options.h>

#include <cstdio>

namespace fg::cli {

namespace {

// Seconds as typed from nanoseconds, exactly: 2000000000 -> "2", 1500000 -> "0.0015".
std::string secondsText(int64_t ns)
{
    std::string text = std::to_string(ns / 1000000000);
    if (const int64_t frac = ns % 1000000000) {
        char digits[16];
        std::snprintf(digits, sizeof digits, ".%09lld", static_cast<long long>(frac));
        std::string f = digits;
        while (f.back() == '0') f.pop_back();
        text += f;
    }
    return text;
}

class Writer {
public:
    void flag(const char* name) { m_args.push_back(std::string("--") + name); }
    void flag(const char* name, bool on)
    {
        if (on) flag(name);
    }
    void value(const char* name, const std::string& v) { m_args.push_back(std::string("--") + name + "=" + v); }
    void number(const char* name, uint64_t n) { value(name, std::to_string(n)); }
    std::vector<std::string> take() { return std::move(m_args); }

private:
    std::vector<std::string> m_args;
};

void writeTransfer(Writer& w, const TransferOptions& t)
{
    w.flag("dry-run", t.dryRun);
    w.flag("mkpath", t.mkpath);
    w.flag("remove-source-files", t.removeSourceFiles);
    if (t.deleteExtraneous) w.flag(t.deletion.excluded ? "delete-excluded" : "delete");
    if (t.deletion.limited) w.number("max-delete", t.deletion.maxDelete);

    const CompareRules& c = t.compare;
    w.flag("checksum", t.checksum);
    w.flag("size-only", c.sizeOnly);
    w.flag("ignore-times", c.ignoreTimes);
    w.flag("update", c.update);
    w.flag("ignore-existing", c.ignoreExisting);
    w.flag("existing", c.existingOnly);
    w.flag("append-verify", c.appendVerify);
    if (c.maxSize) w.value("max-size", binaryQuantityText(c.maxSize));
    if (c.minSize) w.value("min-size", binaryQuantityText(c.minSize));

    const BackupRules& b = t.backup;
    if (b.enabled) {
        if (b.dir.empty()) w.flag("backup");
        else w.value("backup-dir", b.dir);
        // The parser's default: "~" beside the file, nothing in a backup folder.
        if (b.suffix != (b.dir.empty() ? "~" : "")) w.value("suffix", b.suffix);
    }
    for (const std::string& dir : t.linkDest) w.value("link-dest", dir);
    w.flag("snapshot", t.snapshot);
    if (t.keep.last) w.number("keep-last", t.keep.last);
    if (t.keep.daily) w.number("keep-daily", t.keep.daily);
    if (t.keep.weekly) w.number("keep-weekly", t.keep.weekly);
    if (t.keep.monthly) w.number("keep-monthly", t.keep.monthly);
    w.flag("inplace", t.inPlace);
    if (!t.partialDir.empty()) w.value("partial-dir", t.partialDir);

    // Every rule as --filter, in order: the same rules whether they came
    // from --exclude, -F, -C or a merge file (read when the job was made).
    for (const FilterSpec& rule : t.filters) w.value("filter", filterRuleText(rule));

    const MetadataRules& m = t.metadata;
    w.flag("no-perms", !m.perms);
    w.flag("no-times", !m.times);
    if (!m.chmod.empty()) w.value("chmod", m.chmod);

    const OwnershipRules& o = t.ownership;
    // -a asks for owners and groups without insisting (no warning where
    // they cannot be kept); -o and -g insist.
    if (o.owner && o.group && !o.explicitly) w.flag("archive");
    else {
        w.flag("owner", o.owner);
        w.flag("group", o.group);
    }
    w.flag("numeric-ids", o.numericIds);
    if (!o.chownUser.empty() || !o.chownGroup.empty())
        w.value("chown", o.chownGroup.empty() ? o.chownUser : o.chownUser + ":" + o.chownGroup);

    const ScanRules& s = t.scan;
    w.flag("hard-links", s.hardLinks);
    w.flag("one-file-system", s.oneFileSystem);
    w.flag("safe-links", s.safeLinks);
    w.flag("copy-links", s.copyLinks);
    for (const std::string& name : s.excludeIfPresent) w.value("exclude-if-present", name);

    if (t.nameMapping != NameMapping::Refuse) w.value("name-mapping", nameMappingName(t.nameMapping));
    if (t.modifyWindowNs) w.value("modify-window", secondsText(t.modifyWindowNs));
    if (t.chunkSize) w.value("chunk-size", binaryQuantityText(t.chunkSize));
    if (!t.congestion.empty()) w.value("congestion", t.congestion);
    if (t.fsync != FsyncMode::End) w.value("fsync", fsyncModeName(t.fsync));
    if (t.wholeFile == WholeFileMode::Always) w.flag("whole-file");
    if (t.wholeFile == WholeFileMode::Never) w.flag("no-whole-file");
    if (t.compress.mode != CompressMode::None) w.value("compress", compressText(t.compress));
    if (t.checksumChoice != ChecksumChoice::Xxh128) w.value("checksum-choice", checksumChoiceName(t.checksumChoice));
}

} // namespace

Result<std::vector<std::string>> syncArgsFor(const JobSpec& spec)
{
    const SyncOptions& o = spec.options;
    if (o.transfer.filesFrom)
        return Error(Errc::InvalidArgument, "a --files-from list cannot be written into a job's arguments: give "
                                            "the job --files-from FILE, which it reads each time it runs");
    Writer w;
    writeTransfer(w, o.transfer);
    if (!o.bwlimit.empty()) w.value("bwlimit", rateScheduleText(o.bwlimit));
    if (o.streams) w.number("streams", o.streams);
    if (o.cipher != CipherChoice::Auto) w.value("cipher", cipherChoiceName(o.cipher));
    if (!o.sshCipher.empty()) w.value("ssh-cipher", o.sshCipher);
    if (o.ioTimeoutSec) w.number("timeout", o.ioTimeoutSec);
    if (o.connectTimeoutSec) w.number("contimeout", o.connectTimeoutSec);
    if (o.retryForSec != kDefaultRetryForSec) w.number("retry-for", o.retryForSec);
    if (o.rsh != "ssh") w.value("rsh", o.rsh);
    if (o.remoteFloodgate != "floodgate") w.value("remote-floodgate", o.remoteFloodgate);
    if (!o.stateDir.empty()) w.value("state-dir", o.stateDir);

    std::vector<std::string> args = w.take();
    if (spec.source.starts_with('-') || spec.destination.starts_with('-')) args.push_back("--");
    args.push_back(spec.source);
    args.push_back(spec.destination);
    return args;
}

} // namespace fg::cli
