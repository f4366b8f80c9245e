#include "sync_flags.h"

#include "args.h"
#include "rsync_flags.h"

#include <floodgate/endpoint.h>
#include <floodgate/options.h>
#include <floodgate/saved_jobs.h>

#include <algorithm>

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <optional>

namespace fg::cli {

namespace {

const char* kSyncUsage =
    "usage: floodgate sync [options] SRC DST\n"
    "\n"
    "SRC and DST: a local path, floodgate://HOST[:PORT]/MODULE[/PATH] (a `floodgate serve`\n"
    "daemon), or [user@]host:path (ssh). One of them must be local. As with rsync, SRC/\n"
    "(trailing slash) means the directory's contents; SRC without it means the directory itself.\n"
    "By default files are added and updated, never deleted.\n"
    "\n";

// A flag whose long name is one letter is a short-only flag (-z, -P).
bool shortOnly(const SyncFlag& f)
{
    return std::strlen(f.longName) == 1;
}

} // namespace

const std::vector<SyncFlag>& syncFlags()
{
    static const std::vector<SyncFlag> flags = {
        {"dry-run", 'n', nullptr, "show what would change; change nothing"},
        {"mkpath", 0, nullptr, "make DST's missing parent directories (by default they must exist)"},
        {"remove-source-files", 0, nullptr, "remove from SRC the files DST has once the job is done (after the\n"
                                            "final flush; a file that changed since it was sent is kept)"},
        {"delete", 0, nullptr, "delete files in DST that SRC lacks (excluded files are kept)"},
        {"delete-after", 0, nullptr, "the same as --delete: floodgate always deletes once the transfer is done"},
        {"delete-delay", 0, nullptr, "the same as --delete (deletions happen after the transfer)"},
        {"delete-excluded", 0, nullptr, "with --delete, excluded paths on DST go too (implies --delete)"},
        {"max-delete", 0, "N", "delete at most N entries; the rest are listed and kept (exit code 25);\n"
                               "0 deletes nothing"},
        {"backup", 'b', nullptr, "keep what is replaced or deleted: beside it as NAME~, or in --backup-dir"},
        {"backup-dir", 0, "DIR", "keep backups in DIR (relative: below DST, which --delete then leaves alone),\n"
                                 "under their own paths (implies -b)"},
        {"suffix", 0, "SUFFIX", "what a backup's name gets (default ~, or nothing with --backup-dir)"},
        {"link-dest", 0, "DIR", "hard-link files that DIR (an earlier snapshot) has unchanged instead of sending\n"
                                "them: dated backups that share unchanged files (relative: to DST; repeatable)"},
        {"snapshot", 0, nullptr, "DST is a folder of dated snapshots: write a new one, DST/YYYY-MM-DD_HHMMSS, with\n"
                                 "unchanged files hard-linked from the newest complete one (NAME.partial until done)"},
        {"keep-last", 0, "N", "with --snapshot: once the new one is complete, keep the N newest snapshots ..."},
        {"keep-daily", 0, "N", "... and the newest of each of the last N days that have one ..."},
        {"keep-weekly", 0, "N", "... of each of the last N weeks (Monday to Sunday) ..."},
        {"keep-monthly", 0, "N", "... of each of the last N months; remove the others (none given: keep all)"},
        {"checksum", 'c', nullptr, "compare files by content hash, not size and time"},
        {"size-only", 0, nullptr, "a file of the same size is unchanged, whatever its time"},
        {"ignore-times", 'I', nullptr, "send files even when their size and time match (as deltas where DST has them)"},
        {"update", 'u', nullptr, "skip files whose copy in DST is newer than the source's"},
        {"ignore-existing", 0, nullptr, "skip files that DST already has (new files only)"},
        {"existing", 0, nullptr, "skip files and directories that DST lacks (update only what is there)"},
        {"max-size", 0, "SIZE", "skip files larger than SIZE (e.g. 100M; binary units)"},
        {"min-size", 0, "SIZE", "skip files smaller than SIZE"},
        {"exclude", 0, "PATTERN", "skip matching paths (rsync rules; first match wins)"},
        {"include", 0, "PATTERN", "keep matching paths even if a later --exclude matches"},
        {"exclude-from", 0, "FILE", "read exclude patterns from FILE ('+ ' / '- ' prefixes allowed)"},
        {"include-from", 0, "FILE", "read include patterns from FILE"},
        {"filter", 'f', "RULE", "an rsync filter rule: \"- PATTERN\", \"+ PATTERN\", \"P PATTERN\" (--delete keeps it),\n"
                                "\". FILE\" (rules from FILE), \": NAME\" (each directory's NAME file, as -F),\n"
                                "\"!\" (forget the rules so far); in order with --exclude and --include"},
        {"F", 'F', nullptr, "each directory's .rsync-filter holds rules for it and below (--filter=': /.rsync-filter');\n"
                            "twice (-FF): and the .rsync-filter files themselves are not sent"},
        {"cvs-exclude", 'C', nullptr, "leave out what CVS would (RCS, CVS, *.o, *~, core, .git/, ...), the patterns\n"
                                      "in ~/.cvsignore and $CVSIGNORE, and each directory's .cvsignore"},
        {"files-from", 0, "FILE", "transfer only the paths listed in FILE ('-' = stdin; one a line, or\n"
                                  "NUL-separated as from `find -print0`)"},
        {"from0", '0', nullptr, "--files-from and the pattern files are NUL-separated (also found by itself)"},
        {"modify-window", 0, "SEC", "treat mtimes this close as equal (FAT needs 2)"},
        {"name-mapping", 0, "HOW", "names the destination cannot hold (a ':' or a final dot on NTFS, FAT, exFAT\n"
                                   "or SMB; CON; names one only by case): refuse (default: those files fail,\n"
                                   "named, the rest is sent), map (stored as look-alikes such as a：b that a\n"
                                   "sync back with map restores exactly), off (tried as they are)"},
        {"bwlimit", 0, "RATE", "limit the transfer rate (e.g. 20M = 20 MiB/s; bare number = KiB/s), or\n"
                               "follow a timetable: \"Mon-Fri 08:00-18:00 20M, 100M\" (first match wins)"},
        {"timeout", 0, "SEC", "stop (exit 30) once nothing has moved to or from the far end for SEC\n"
                              "seconds: it stopped, hung, or the link went down (default, and 0: give\n"
                              "up after 300 s of total silence from it; the wait is said after 30 s);\n"
                              "to a daemon, reconnect first (--retry-for)"},
        {"contimeout", 0, "SEC", "give up connecting to a daemon (exit 35) after SEC seconds"},
        {"retry-for", 0, "SEC", "when the connections to a daemon drop mid-job, reconnect for up to SEC\n"
                                "seconds and go on from what the destination has (default 300; 0: fail)"},
        {"streams", 0, "N|auto", "data connections to a daemon (default auto: add while the rate rises)"},
        {"chunk-size", 0, "SIZE", "cut big files into chunks of SIZE spread over the streams (default: per file)"},
        {"congestion", 0, "NAME", "TCP congestion control for data connections (default: bbr where available)"},
        {"fsync", 0, "WHEN", "make written files durable: end (default: once, before the job reports\n"
                             "done), file (each file before it is renamed into place), none"},
        {"whole-file", 'W', nullptr, "send changed files whole (default auto: differences when the\n"
                                     "destination has an old copy and the file is not small or local)"},
        {"no-whole-file", 0, nullptr, "send differences whenever the destination has an old copy"},
        {"compress", 0, "HOW", "compress data on the wire: none (default), lz4, zstd[:LEVEL] (1..19, default 3),\n"
                               "or auto: zstd at a level that follows the bottleneck, skipping data that\n"
                               "does not compress (known formats by name, the rest by trying); zstd\n"
                               "compresses each connection as one stream (8 MiB window), lz4 each frame"},
        {"z", 'z', nullptr, "the same as --compress auto"},
        {"cipher", 0, "NAME", "floodgate:// encryption: auto (default: AES-GCM when both ends have AES\n"
                              "instructions, else ChaCha20), aes128-gcm, aes256-gcm, chacha20-poly1305,\n"
                              "none (file data unencrypted, for a trusted LAN; the module must allow it)"},
        {"ssh-cipher", 0, "NAME", "passed to ssh as -c NAME for host:path (see `ssh -Q cipher`)"},
        {"checksum-choice", 0, "H", "what every chunk and file is verified with, and -c compares: xxh128\n"
                                    "(default: XXH3-128, catches any accidental corruption), xxh3 (XXH3-64),\n"
                                    "sha256 (cryptographic: for sources someone could craft collisions in)"},
        {"rsh", 'e', "COMMAND", "the ssh command for host:path (default: ssh)"},
        {"remote-floodgate", 0, "PATH", "floodgate on the ssh host (default: floodgate)"},
        {"state-dir", 0, "DIR", "keys and pins (default: $FLOODGATE_HOME or ~/.config/floodgate)"},
        {"perms", 'p', nullptr, "keep permissions (always on; --no-perms turns it off)"},
        {"no-perms", 0, nullptr, "do not copy or compare permissions: files DST has keep theirs, new ones get\n"
                                 "the source's less the receiving end's umask"},
        {"chmod", 0, "CHMOD", "change the permissions as chmod would, on the way: \"D755,F644\" (D: directories,\n"
                              "F: the rest), \"go-w\", \"u+rwX\"; several items comma-separated, in order"},
        {"times", 't', nullptr, "keep modification times (always on; --no-times turns it off)"},
        {"no-times", 0, nullptr, "do not set modification times (then every file looks changed the next time,\n"
                                 "as in rsync; use -c or --size-only with it)"},
        {"links", 'l', nullptr, "copy symlinks as symlinks (the default, unless -L)"},
        {"copy-links", 'L', nullptr, "copy what symlinks point to: files as files, folders with their contents\n"
                                     "(a link to nothing is an error; from a daemon, only links that stay\n"
                                     "inside the module)"},
        {"owner", 'o', nullptr, "keep owners (by name, as rsync: the same user here; needs root on the\n"
                                "receiving end, which otherwise says it cannot)"},
        {"group", 'g', nullptr, "keep groups (by name; needs root on the receiving end)"},
        {"numeric-ids", 0, nullptr, "with -o/-g, keep owners and groups by number, not by name"},
        {"chown", 0, "USER:GROUP", "give everything this owner and group (either may be left out: USER, :GROUP)"},
        {"safe-links", 0, nullptr, "skip symlinks that point out of the tree (absolute, or climbing above SRC)"},
        {"hard-links", 'H', nullptr, "files that are hard links of each other in SRC arrive linked in DST, not as\n"
                                     "copies (without -H a warning says how many arrive as copies)"},
        {"one-file-system", 'x', nullptr, "do not cross file systems: a directory that is another one's mount point\n"
                                          "comes empty (and --delete leaves what DST has in it alone)"},
        {"exclude-if-present", 0, "NAME", "a directory holding a file NAME (.nobackup, CACHEDIR.TAG) comes without\n"
                                          "its contents, and --delete leaves what DST has in it alone (repeatable)"},
        {"inplace", 0, nullptr, "write changed files over their old copies (the same inode: hard links and\n"
                                "snapshots keep sharing it, no room for a second copy needed) instead of a\n"
                                "temporary renamed into place; until it is complete such a file is neither\n"
                                "version (sent whole; not with -b)"},
        {"append-verify", 0, nullptr, "a destination file as long as the source's or longer is left alone; a\n"
                                      "shorter one gets the rest (a delta against it), and the whole file is\n"
                                      "verified (for logs and downloads that only grow)"},
        {"append", 0, nullptr, "the same as --append-verify (floodgate always verifies the whole file)"},
        {"partial", 0, nullptr, "keep what an interrupted run received, to resume from (always on: files of\n"
                                "1 MiB or more keep it as .NAME.fg-partial beside the target)"},
        {"partial-dir", 0, "DIR", "keep it as DIR/NAME instead, DIR a folder inside the file's own folder\n"
                                  "(like .rsync-partial: made when needed, removed once empty; never sent,\n"
                                  "never deleted by --delete; not with --inplace)"},
        {"info", 0, "progress2", "rsync's --info=progress2: the same as --progress (one line for the whole job)"},
        {"progress", 0, nullptr, "show progress: one updating line on a terminal, a plain line a second\n"
                                 "into a pipe or file (bytes done, %, rate, ETA, the current file)"},
        {"P", 'P', nullptr, "the same as --partial --progress"},
        {"verbose", 'v', nullptr, "list each file as it is transferred"},
        {"itemize-changes", 'i', nullptr, "one line per change in rsync's format (>f.st...... name), for scripts\n"
                                          "that parse rsync's output; in dry runs too"},
        {"out-format", 0, "FORMAT", "a line of this form per change, as rsync's: %n name, %i itemized change,\n"
                                    "%L \" -> target\", %l length, %o send/recv/del., %t time, %%"},
        {"log-file", 0, "FILE", "append to FILE a time-stamped line per change, each error, and the totals"},
        {"log-file-format", 0, "FORMAT", "the form of --log-file's lines (default \"%i %n%L\")"},
        {"stats", 0, nullptr, "print totals at the end, with rsync's labels (files, created, deleted,\n"
                              "transferred, sizes, bytes sent and received)"},
        {"quiet", 'q', nullptr, "print errors only"},
        {"human-readable", 'h', nullptr, "accepted for rsync habits: sizes and rates are always shown in\n"
                                         "binary units (1 MB = 1,048,576 bytes); -h alone prints this help"},
        {"json", 0, nullptr, "print one JSON object with the results on stdout at exit"},
        {"archive", 'a', nullptr, "as rsync's: recurse, keep times, permissions and symlinks (always on), and\n"
                                  "owners and groups where the receiving end runs as root (-o -g)"},
        {"recursive", 'r', nullptr, "accepted for rsync habits (always on)"},
        {"help", 0, nullptr, "print this help"},
    };
    return flags;
}

std::string syncHelpText()
{
    // "  -n, --dry-run            text": the text starts at column 27, or on
    // the next line when the flag itself is longer.
    constexpr size_t kTextColumn = 27;
    std::string out = kSyncUsage;
    for (const SyncFlag& f : syncFlags()) {
        std::string left = "  ";
        if (shortOnly(f)) {
            left += std::string("-") + f.shortName;
        } else {
            left += f.shortName ? std::string("-") + f.shortName + ", " : std::string("    ");
            left += std::string("--") + f.longName;
        }
        if (f.valueName) left += std::string(" ") + f.valueName;
        std::string indent(kTextColumn, ' ');
        if (left.size() + 1 > kTextColumn) out += left + "\n" + indent;
        else out += left + std::string(kTextColumn - left.size(), ' ');
        for (const char* p = f.help; *p; ++p) {
            out.push_back(*p);
            if (*p == '\n') out += indent;
        }
        out.push_back('\n');
    }
    return out;
}

namespace {

// A count or a number of seconds as typed: digits only, no sign.
std::optional<unsigned long long> parseWholeNumber(const std::string& value)
{
    char* end = nullptr;
    const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
    if (value.empty() || *end != '\0' || value.front() == '-') return std::nullopt;
    return n;
}

SyncArgsRead usageError(std::string message)
{
    return {false, std::move(message)};
}

// An option the parser did not know: rsync's own are "not supported yet",
// the rest are typos.
SyncArgsRead unknownOption(const ParsedArgs& parsed)
{
    const bool isShort = parsed.unknownShort != 0;
    const char* rsyncName = isShort ? rsyncLongNameOf(parsed.unknownShort) : nullptr;
    const bool rsyncs = isShort ? rsyncName != nullptr : isRsyncLongOption(parsed.unknownLong);
    if (!rsyncs) return usageError(parsed.error);
    const std::string typed = isShort ? std::string("-") + parsed.unknownShort : "--" + parsed.unknownLong;
    std::string what = typed;
    if (rsyncName) what += std::string(" (rsync's --") + rsyncName + ")";
    return usageError(what + " is not supported yet, and floodgate will not ignore it: leave it out");
}

Result<std::vector<std::string>> readFilesFromStdin()
{
    std::string all;
    char buf[65536];
    while (size_t n = std::fread(buf, 1, sizeof buf, stdin)) all.append(buf, n);
    return parseFilesFromList(all);
}

std::vector<OptionSpec> optionSpecs()
{
    std::vector<OptionSpec> specs;
    for (const SyncFlag& f : syncFlags()) specs.push_back({f.longName, f.shortName, f.valueName != nullptr});
    return specs;
}

} // namespace

SyncArgsRead readSyncArgs(const std::vector<std::string>& args, SyncCliOptions& o)
{
    o.logFormat = OutFormat::parse("%i %n%L", "--log-file-format").value();
    // rsync prints its help for a lone -h; with anything else -h means
    // human-readable numbers.
    if (args.size() == 1 && args.front() == "-h") return {true, {}};
    static const std::vector<OptionSpec> specs = optionSpecs();
    ParsedArgs parsed = parseArgs(args, specs);
    if (!parsed.unknownLong.empty() || parsed.unknownShort) return unknownOption(parsed);
    if (!parsed.error.empty()) return usageError(parsed.error);
    SyncOptions& opt = o.spec.options;
    bool suffixGiven = false;
    int dashF = 0;
    bool cvsExclude = false;
    for (const auto& [name, value] : parsed.options) {
        if (name == "help") return {true, {}};
        if (name == "dry-run") opt.transfer.dryRun = true;
        else if (name == "mkpath") opt.transfer.mkpath = true;
        else if (name == "remove-source-files") opt.transfer.removeSourceFiles = true;
        else if (name == "delete" || name == "delete-after" || name == "delete-delay") opt.transfer.deleteExtraneous = true;
        else if (name == "delete-excluded") opt.transfer.deleteExtraneous = opt.transfer.deletion.excluded = true;
        else if (name == "max-delete") {
            const auto n = parseWholeNumber(value);
            if (!n) return usageError("--max-delete: '" + value + "' is not a number of entries (0 or more)");
            opt.transfer.deletion.limited = true;
            opt.transfer.deletion.maxDelete = *n;
        } else if (name == "checksum") opt.transfer.checksum = true;
        else if (name == "size-only") opt.transfer.compare.sizeOnly = true;
        else if (name == "append-verify" || name == "append") opt.transfer.compare.appendVerify = true;
        else if (name == "inplace") opt.transfer.inPlace = true;
        else if (name == "backup") opt.transfer.backup.enabled = true;
        else if (name == "hard-links") opt.transfer.scan.hardLinks = true;
        else if (name == "archive") opt.transfer.ownership.owner = opt.transfer.ownership.group = true;
        else if (name == "owner") opt.transfer.ownership.owner = opt.transfer.ownership.explicitly = true;
        else if (name == "group") opt.transfer.ownership.group = opt.transfer.ownership.explicitly = true;
        else if (name == "numeric-ids") opt.transfer.ownership.numericIds = true;
        else if (name == "chown") {
            const size_t colon = value.find(':');
            opt.transfer.ownership.chownUser = value.substr(0, colon);
            opt.transfer.ownership.chownGroup = colon == std::string::npos ? std::string() : value.substr(colon + 1);
            if (opt.transfer.ownership.chownUser.empty() && opt.transfer.ownership.chownGroup.empty())
                return usageError("--chown: give USER, :GROUP or USER:GROUP");
            opt.transfer.ownership.explicitly = true;
        }
        else if (name == "one-file-system") opt.transfer.scan.oneFileSystem = true;
        else if (name == "safe-links") opt.transfer.scan.safeLinks = true;
        else if (name == "copy-links") opt.transfer.scan.copyLinks = true;
        else if (name == "exclude-if-present") {
            if (value.empty() || value.find('/') != std::string::npos || value == "." || value == "..")
                return usageError("--exclude-if-present takes a file name (such as .nobackup), not a path");
            opt.transfer.scan.excludeIfPresent.push_back(value);
        }
        else if (name == "snapshot") opt.transfer.snapshot = true;
        else if (name == "keep-last" || name == "keep-daily" || name == "keep-weekly" || name == "keep-monthly") {
            const auto n = parseWholeNumber(value);
            if (!n || *n == 0 || *n > kMaxSnapshotKeep)
                return usageError("--" + name + ": '" + value + "' is not a number of snapshots (1 to "
                                  + std::to_string(kMaxSnapshotKeep) + ")");
            SnapshotRetention& keep = opt.transfer.keep;
            (name == "keep-last" ? keep.last : name == "keep-daily" ? keep.daily
                                           : name == "keep-weekly"  ? keep.weekly
                                                                    : keep.monthly) = uint32_t(*n);
        }
        else if (name == "link-dest") {
            if (value.empty()) return usageError("--link-dest needs a directory");
            opt.transfer.linkDest.push_back(value);
        }
        else if (name == "partial-dir") {
            if (value.empty()) return usageError("--partial-dir needs a folder name (like .rsync-partial)");
            opt.transfer.partialDir = value;
        }
        else if (name == "backup-dir") {
            if (value.empty()) return usageError("--backup-dir needs a directory");
            opt.transfer.backup.enabled = true;
            opt.transfer.backup.dir = value;
        } else if (name == "suffix") {
            opt.transfer.backup.suffix = value;
            suffixGiven = true;
        }
        else if (name == "no-perms") opt.transfer.metadata.perms = false;
        else if (name == "no-times") opt.transfer.metadata.times = false;
        else if (name == "perms") opt.transfer.metadata.perms = true;
        else if (name == "times") opt.transfer.metadata.times = true;
        else if (name == "chmod") {
            // Several --chmod options add up, as in rsync.
            opt.transfer.metadata.chmod = opt.transfer.metadata.chmod.empty() ? value : opt.transfer.metadata.chmod + "," + value;
        }
        else if (name == "ignore-times") opt.transfer.compare.ignoreTimes = true;
        else if (name == "update") opt.transfer.compare.update = true;
        else if (name == "ignore-existing") opt.transfer.compare.ignoreExisting = true;
        else if (name == "existing") opt.transfer.compare.existingOnly = true;
        else if (name == "max-size" || name == "min-size") {
            auto size = parseSize(value, "--" + name);
            if (!size.ok()) return usageError(size.error().message);
            (name == "max-size" ? opt.transfer.compare.maxSize : opt.transfer.compare.minSize) = *size;
        }
        else if (name == "exclude") opt.transfer.filters.push_back({FilterSpec::Kind::Exclude, value});
        else if (name == "include") opt.transfer.filters.push_back({FilterSpec::Kind::Include, value});
        else if (name == "filter") {
            auto rule = parseFilterRule(value);
            if (!rule.ok()) return usageError(rule.error().message);
            if (rule->clear) {
                opt.transfer.filters.clear();
            } else if (!rule->merge.empty()) {
                auto rules = readMergeFile(rule->merge);
                if (!rules.ok()) return usageError(rules.error().message);
                opt.transfer.filters.insert(opt.transfer.filters.end(), rules->begin(), rules->end());
            } else {
                opt.transfer.filters.push_back(*rule->rule);
            }
        } else if (name == "F") {
            // rsync's -F: the first a dir-merge of .rsync-filter, the second
            // leaves those files out.
            if (++dashF == 1) opt.transfer.filters.push_back({FilterSpec::Kind::DirMerge, ".rsync-filter", 0});
            else if (dashF == 2) opt.transfer.filters.push_back({FilterSpec::Kind::Exclude, ".rsync-filter", 0});
        } else if (name == "cvs-exclude") cvsExclude = true;
        else if (name == "exclude-from" || name == "include-from") {
            auto kind = name == "exclude-from" ? FilterSpec::Kind::Exclude : FilterSpec::Kind::Include;
            auto rules = readFilterFile(value, kind);
            if (!rules.ok()) return usageError("--" + name + ": " + rules.error().message);
            opt.transfer.filters.insert(opt.transfer.filters.end(), rules->begin(), rules->end());
        } else if (name == "files-from") {
            auto paths = value == "-" ? readFilesFromStdin() : readFilesFrom(value);
            if (!paths.ok()) return usageError("--files-from: " + paths.error().message);
            opt.transfer.filesFrom = std::move(paths).value();
        } else if (name == "timeout" || name == "contimeout" || name == "retry-for") {
            const auto sec = parseWholeNumber(value);
            if (!sec || *sec > kMaxTimeoutSec)
                return usageError("--" + name + ": '" + value + "' is not a whole number of seconds (0 to "
                                  + std::to_string(kMaxTimeoutSec) + ")");
            (name == "timeout"      ? opt.ioTimeoutSec
             : name == "contimeout" ? opt.connectTimeoutSec
                                    : opt.retryForSec) = unsigned(*sec);
        } else if (name == "modify-window") {
            char* end = nullptr;
            double sec = std::strtod(value.c_str(), &end);
            if (end == value.c_str() || *end != '\0' || sec < 0)
                return usageError("--modify-window: '" + value + "' is not a number of seconds");
            opt.transfer.modifyWindowNs = std::llround(sec * 1e9);
        } else if (name == "bwlimit") {
            auto schedule = parseRateSchedule(value);
            if (!schedule.ok()) return usageError(schedule.error().message);
            opt.bwlimit = std::move(schedule).value();
        } else if (name == "streams") {
            if (value == "auto") {
                opt.streams = 0;
            } else {
                char* end = nullptr;
                long n = std::strtol(value.c_str(), &end, 10);
                if (value.empty() || *end != '\0' || n < 1 || n > long(kMaxStreamsOption))
                    return usageError("--streams: '" + value + "' is not a number of streams; use 1 to "
                                      + std::to_string(kMaxStreamsOption) + ", or auto");
                opt.streams = unsigned(n);
            }
        } else if (name == "chunk-size") {
            auto size = parseSize(value, "--chunk-size");
            if (!size.ok()) return usageError(size.error().message);
            if (*size == 0) return usageError("--chunk-size: 0 is not a chunk size; leave the option out for a size picked per file");
            opt.transfer.chunkSize = *size;
        } else if (name == "congestion") {
            opt.transfer.congestion = value;
        } else if (name == "name-mapping") {
            auto mapping = parseNameMapping(value);
            if (!mapping.ok()) return usageError(mapping.error().message);
            opt.transfer.nameMapping = *mapping;
        } else if (name == "fsync") {
            auto mode = parseFsyncMode(value);
            if (!mode.ok()) return usageError(mode.error().message);
            opt.transfer.fsync = *mode;
        } else if (name == "whole-file") {
            opt.transfer.wholeFile = WholeFileMode::Always;
        } else if (name == "no-whole-file") {
            opt.transfer.wholeFile = WholeFileMode::Never;
        } else if (name == "compress") {
            auto spec = parseCompress(value);
            if (!spec.ok()) return usageError(spec.error().message);
            opt.transfer.compress = *spec;
        } else if (name == "z") {
            // rsync's -z means "compress, the tool knows how"; auto is the
            // choice built not to slow a transfer down: it leaves incompressible
            // data alone and drops to no compression where compressing, not
            // the link, would set the pace (a fast LAN), where a fixed zstd
            // level would cap a 10 Gbit/s link at a few hundred MB/s a core.
            opt.transfer.compress = CompressSpec{CompressMode::Auto, kDefaultZstdLevel};
        } else if (name == "cipher") {
            auto cipher = parseCipherChoice(value);
            if (!cipher.ok()) return usageError(cipher.error().message);
            opt.cipher = *cipher;
        } else if (name == "ssh-cipher") {
            if (Status st = checkSshCipher(value); !st) return usageError(st.error().message);
            opt.sshCipher = value;
        } else if (name == "checksum-choice") {
            auto choice = parseChecksumChoice(value);
            if (!choice.ok()) return usageError(choice.error().message);
            opt.transfer.checksumChoice = *choice;
        } else if (name == "rsh") opt.rsh = value;
        else if (name == "remote-floodgate") opt.remoteFloodgate = value;
        else if (name == "state-dir") opt.stateDir = value;
        else if (name == "progress" || name == "P") o.progress = true;
        else if (name == "info") {
            // rsync's other --info flags ask for output floodgate does not have.
            if (value != "progress2")
                return usageError("--info=" + value + " is not supported yet; --info=progress2 is (the same as "
                                  "--progress)");
            o.progress = true;
        }
        else if (name == "verbose") o.verbose = true;
        else if (name == "itemize-changes") o.itemize = true;
        else if (name == "out-format" || name == "log-file-format") {
            auto format = OutFormat::parse(value, "--" + name);
            if (!format.ok()) return usageError(format.error().message);
            if (name == "out-format") o.outFormat = std::move(format).value();
            else o.logFormat = std::move(format).value();
        } else if (name == "log-file") {
            if (value.empty()) return usageError("--log-file needs a file");
            o.logFile = value;
        }
        else if (name == "stats") o.stats = true;
        else if (name == "quiet") o.quiet = true;
        else if (name == "json") o.json = true;
        // archive, recursive, human-readable, partial, from0: what they ask
        // for is what floodgate always does (see their help).
    }
    // -C's rules come after every other rule, as rsync adds them.
    if (cvsExclude) {
        auto rules = cvsExcludeRules();
        if (!rules.ok()) return usageError(rules.error().message);
        opt.transfer.filters.insert(opt.transfer.filters.end(), rules->begin(), rules->end());
    }
    // rsync's default suffix: "~" beside the file, none in a backup directory.
    if (!suffixGiven && opt.transfer.backup.enabled) opt.transfer.backup.suffix = opt.transfer.backup.dir.empty() ? "~" : "";
    if (suffixGiven && !opt.transfer.backup.enabled) return usageError("--suffix needs -b or --backup-dir");
    if (parsed.positional.size() != 2)
        return usageError(parsed.positional.size() < 2 ? "give a source and a destination"
                                                       : "more than one source is not supported yet; give SRC and DST");
    o.spec.source = parsed.positional[0];
    o.spec.destination = parsed.positional[1];
    return {};
}

namespace {

// A parsed option as one word: -z, -P, -F as themselves, the rest as --name
// or --name=value.
std::string optionWord(const std::vector<OptionSpec>& specs, const std::string& name, const std::string& value)
{
    if (name.size() == 1) return "-" + name;
    const auto spec = std::find_if(specs.begin(), specs.end(), [&](const OptionSpec& s) { return name == s.longName; });
    return "--" + name + (spec->takesValue ? "=" + value : std::string());
}

} // namespace

void insertBeforeEndpoints(std::vector<std::string>& args, const std::vector<std::string>& words)
{
    size_t at = args.size() < 2 ? args.size() : args.size() - 2;
    if (at > 0 && args[at - 1] == "--") --at;
    args.insert(args.begin() + std::ptrdiff_t(at), words.begin(), words.end());
}

AnchoredArgs anchoredSyncArgs(const std::vector<std::string>& args, const std::string& cwd)
{
    // Read once as the job would be, so that what is wrong is said now, not
    // at two in the morning.
    SyncCliOptions check;
    const SyncArgsRead read = readSyncArgs(args, check);
    if (read.help) return {{}, "--help is not a job"};
    if (!read.error.empty()) return {{}, read.error};
    static const std::vector<OptionSpec> specs = optionSpecs();
    const ParsedArgs parsed = parseArgs(args, specs);
    AnchoredArgs out;
    for (const auto& [name, value] : parsed.options) {
        std::string v = value;
        if (name == "files-from" && value == "-") return {{}, "--files-from -: a saved job has no input to read a list "
                                                               "from; give the list as a file"};
        if (name == "exclude-from" || name == "include-from" || name == "files-from" || name == "log-file"
            || name == "state-dir")
            v = anchoredPath(value, cwd);
        if (name == "filter") {
            // ". FILE" / "merge FILE": the file is read when the job is.
            auto rule = parseFilterRule(value);
            if (rule.ok() && !rule->merge.empty()) v = ". " + anchoredPath(rule->merge, cwd);
        }
        out.args.push_back(optionWord(specs, name, v));
    }
    std::vector<std::string> ends;
    for (const std::string& p : parsed.positional) {
        auto endpoint = parseEndpoint(p);
        ends.push_back(endpoint.ok() && endpoint->kind == Endpoint::Kind::Local ? anchoredPath(p, cwd) : p);
    }
    if (ends.size() == 2 && (ends[0].starts_with('-') || ends[1].starts_with('-'))) out.args.push_back("--");
    out.args.insert(out.args.end(), ends.begin(), ends.end());
    return out;
}

std::vector<std::string> frontEndArgs(const std::vector<std::string>& args)
{
    static const std::vector<OptionSpec> specs = optionSpecs();
    static const std::vector<std::string> kept = {"progress", "P", "info", "verbose", "itemize-changes", "out-format",
                                                  "log-file", "log-file-format", "stats", "quiet", "json",
                                                  "files-from", "from0"};
    std::vector<std::string> out;
    for (const auto& [name, value] : parseArgs(args, specs).options) {
        if (std::find(kept.begin(), kept.end(), name) == kept.end()) continue;
        out.push_back(optionWord(specs, name, value));
    }
    return out;
}

int parseSyncArgs(const std::vector<std::string>& args, SyncCliOptions& o)
{
    const SyncArgsRead read = readSyncArgs(args, o);
    if (read.help) {
        std::fputs(syncHelpText().c_str(), stdout);
        return 0;
    }
    if (!read.error.empty()) {
        std::fprintf(stderr, "floodgate sync: %s\n(see `floodgate sync --help`)\n", read.error.c_str());
        return 1;
    }
    return -1;
}

} // namespace fg::cli
