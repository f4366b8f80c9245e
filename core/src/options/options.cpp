#include <floodgate/options.h>

#include "common/path.h"
#include "filter/files_from.h"
#include "filter/filter.h"
#include "net/socket_tuning.h"
#include "plan/chmod_rules.h"
#include "plan/partial_files.h"
#include "platform/fs.h"

#include <cctype>
#include <cstdint>
#include <limits>
#include <string_view>

namespace fg {
namespace {

// A rule file is written by hand or by a short script: even a hundred thousand
// patterns fit in a few MiB. The cap stops a wrong argument (a disk image,
// /dev/zero) from being read into memory whole.
constexpr size_t kMaxFilterFileBytes = size_t(16) << 20;
// A --files-from list may name every file of a big tree: ten million paths of
// ~100 bytes is about 1 GiB, and the selection built from it is larger still.
constexpr size_t kMaxFilesFromBytes = size_t(1) << 30;

// Windows editors start UTF-8 files with a byte order mark; it is not part of
// the first pattern or path.
std::string_view withoutBom(std::string_view data)
{
    if (data.starts_with("\xEF\xBB\xBF")) data.remove_prefix(3);
    return data;
}

// Lines split on '\n', each without a trailing '\r' (files written on Windows);
// or, when the data holds a NUL (as from `find -print0`, rsync's --from0),
// split on NUL with nothing else removed, since names may hold newlines.
template <class Fn>
void forEachLine(std::string_view data, Fn&& fn)
{
    if (data.find('\0') != std::string_view::npos) {
        size_t start = 0;
        while (start < data.size()) {
            size_t end = data.find('\0', start);
            if (end == std::string_view::npos) end = data.size();
            fn(data.substr(start, end - start));
            start = end + 1;
        }
        return;
    }
    size_t start = 0;
    while (start < data.size()) {
        size_t end = data.find('\n', start);
        if (end == std::string_view::npos) end = data.size();
        std::string_view line = data.substr(start, end - start);
        if (line.ends_with('\r')) line.remove_suffix(1);
        fn(line);
        start = end + 1;
    }
}

Error withContext(Error error, const std::string& context)
{
    error.message = context + ": " + error.message;
    return error;
}

std::string_view trimmed(std::string_view s)
{
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
    return s;
}

char lower(char c)
{
    return c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c;
}

} // namespace

Result<std::vector<FilterSpec>> readFilterFile(const std::string& path, FilterSpec::Kind defaultKind)
{
    const std::string option = defaultKind == FilterSpec::Kind::Include ? "--include-from" : "--exclude-from";
    auto data = platform::readFile(path, kMaxFilterFileBytes);
    if (!data) return withContext(std::move(data).error(), option);

    std::vector<FilterSpec> specs;
    size_t lineNo = 0;
    Status status;
    forEachLine(withoutBom(*data), [&](std::string_view line) {
        ++lineNo;
        if (!status || line.empty() || line.front() == ';' || line.front() == '#') return;
        FilterSpec spec;
        spec.kind = defaultKind;
        if (line.starts_with("+ ")) {
            spec.kind = FilterSpec::Kind::Include;
            line.remove_prefix(2);
        } else if (line.starts_with("- ")) {
            spec.kind = FilterSpec::Kind::Exclude;
            line.remove_prefix(2);
        }
        spec.pattern = std::string(line);
        // Checked here rather than only in validateOptions(): here the message
        // can say which line of which file to fix.
        if (auto one = filter::FilterSet::compile({spec}); !one) {
            status = Error(Errc::InvalidArgument,
                           option + " " + path + " line " + std::to_string(lineNo) + ": " + one.error().message);
            return;
        }
        specs.push_back(std::move(spec));
    });
    if (!status) return std::move(status).error();
    return specs;
}

namespace {

Result<std::vector<FilterSpec>> readMergeFileAt(const std::string& path, int depth)
{
    if (depth > 8) return Error(Errc::InvalidArgument, "--filter merge " + path + ": merge files nest more than 8 deep");
    auto data = platform::readFile(path, kMaxFilterFileBytes);
    if (!data) return withContext(std::move(data).error(), "--filter merge " + path);
    std::vector<FilterSpec> specs;
    size_t lineNo = 0;
    Status status;
    forEachLine(withoutBom(*data), [&](std::string_view line) {
        ++lineNo;
        if (!status || line.empty() || line.front() == '#' || line.front() == ';') return;
        auto parsed = parseFilterRule(line);
        if (!parsed.ok()) {
            status = Error(Errc::InvalidArgument, path + " line " + std::to_string(lineNo) + ": " + parsed.error().message);
            return;
        }
        if (parsed->clear) {
            specs.clear();
        } else if (!parsed->merge.empty()) {
            // A relative name is next to the file that names it.
            const std::string inner = parsed->merge.front() == '/' ? parsed->merge
                                                                    : joinPath(localDirName(path), parsed->merge);
            auto nested = readMergeFileAt(inner, depth + 1);
            if (!nested.ok()) {
                status = std::move(nested).error();
                return;
            }
            specs.insert(specs.end(), nested->begin(), nested->end());
        } else {
            specs.push_back(*parsed->rule);
        }
    });
    if (!status) return std::move(status).error();
    if (auto compiled = filter::FilterSet::compile(specs); !compiled)
        return withContext(std::move(compiled).error(), "--filter merge " + path);
    return specs;
}

// CVS's default ignore list, as rsync's -C has it.
constexpr const char* kCvsIgnore = "RCS SCCS CVS CVS.adm RCSLOG cvslog.* tags TAGS .make.state .nse_depinfo *~ #* .#* ,* "
                                   "_$* *$ *.old *.bak *.BAK *.orig *.rej .del-* *.a *.olb *.o *.obj *.so *.exe *.Z "
                                   "*.elc *.ln core .svn/ .git/ .hg/ .bzr/";

void addWords(std::vector<FilterSpec>& out, std::string_view text)
{
    size_t i = 0;
    while (i < text.size()) {
        while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
        size_t j = i;
        while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
        if (j > i) {
            const std::string_view word = text.substr(i, j - i);
            if (word == "!") out.clear();
            else out.push_back({FilterSpec::Kind::Exclude, std::string(word), 0});
        }
        i = j;
    }
}

} // namespace

Result<std::vector<FilterSpec>> readMergeFile(const std::string& path)
{
    return readMergeFileAt(path, 0);
}

Result<std::vector<FilterSpec>> cvsExcludeRules()
{
    std::vector<FilterSpec> out;
    addWords(out, kCvsIgnore);
    const std::string home = platform::homeDirectory();
    if (!home.empty()) {
        auto text = platform::readFile(home + "/.cvsignore", kMaxFilterFileBytes);
        if (text.ok()) addWords(out, *text);
        else if (text.error().code != Errc::NotFound) return withContext(std::move(text).error(), "-C");
    }
    addWords(out, platform::getEnv("CVSIGNORE"));
    FilterSpec perDir;
    perDir.kind = FilterSpec::Kind::DirMerge;
    perDir.pattern = ".cvsignore";
    perDir.mergeFlags = FilterSpec::kNoInherit | FilterSpec::kAllExclude | FilterSpec::kWords;
    out.push_back(perDir);
    return out;
}

Result<std::vector<std::string>> readFilesFrom(const std::string& path)
{
    if (path == "-")
        return Error(Errc::InvalidArgument, "--files-from: '-' (standard input) must be read by the caller, not as a file");
    auto data = platform::readFile(path, kMaxFilesFromBytes);
    if (!data) return withContext(std::move(data).error(), "--files-from");

    return parseFilesFromList(*data);
}

std::vector<std::string> parseFilesFromList(std::string_view text)
{
    std::vector<std::string> paths;
    forEachLine(withoutBom(text), [&](std::string_view line) {
        if (!line.empty()) paths.emplace_back(line);
    });
    return paths;
}

namespace {

// A number with an optional 1024-based unit (K, M, G, T; "B", "iB" after it
// change nothing). `bareUnit` is what a bare number counts (rsync reads a
// bare --bwlimit as KiB/s); rates may end in "/s".
Result<uint64_t> parseBinaryQuantity(const std::string& text, const std::string& option, uint64_t bareUnit,
                                     bool rate)
{
    const auto bad = [&] {
        return Error(Errc::InvalidArgument, option + ": cannot read '" + text + "' as a " + (rate ? "rate" : "size")
                                                + "; use a number with K, M or G, e.g. " + (rate ? "20M" : "64M"));
    };
    const auto tooLarge = [&] {
        return Error(Errc::InvalidArgument, option + ": '" + text + "' is too large");
    };
    constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
    auto isDigit = [](char c) { return c >= '0' && c <= '9'; };

    std::string_view s = trimmed(text);
    if (rate && s.size() >= 2 && s[s.size() - 2] == '/' && lower(s.back()) == 's')
        s = trimmed(s.substr(0, s.size() - 2));

    size_t i = 0;
    bool anyDigit = false;
    bool nonZero = false;
    uint64_t whole = 0;
    for (; i < s.size() && isDigit(s[i]); ++i) {
        const auto d = uint64_t(s[i] - '0');
        if (whole > (kMax - d) / 10) return tooLarge();
        whole = whole * 10 + d;
        anyDigit = true;
        nonZero = nonZero || d != 0;
    }
    // Fraction digits past the sixth are below a millionth of a unit; dropping
    // them keeps frac * unit inside 64 bits (10^6 * 2^40 < 2^64).
    uint64_t frac = 0;
    uint64_t fracScale = 1;
    if (i < s.size() && s[i] == '.') {
        const size_t first = ++i;
        for (; i < s.size() && isDigit(s[i]); ++i) {
            const auto d = uint64_t(s[i] - '0');
            if (fracScale < 1000000) {
                frac = frac * 10 + d;
                fracScale *= 10;
            }
            nonZero = nonZero || d != 0;
        }
        if (i == first) return bad();
        anyDigit = true;
    }
    if (!anyDigit) return bad();

    std::string_view unit = trimmed(s.substr(i));
    uint64_t multiplier = bareUnit;
    if (!unit.empty()) {
        const char letter = lower(unit.front());
        const std::string_view rest = unit.substr(1);
        if (letter == 'b' && rest.empty()) multiplier = 1;
        else if (letter == 'k') multiplier = uint64_t(1) << 10;
        else if (letter == 'm') multiplier = uint64_t(1) << 20;
        else if (letter == 'g') multiplier = uint64_t(1) << 30;
        else if (letter == 't') multiplier = uint64_t(1) << 40;
        else return bad();
        const bool restOk = rest.empty() || (rest.size() == 1 && lower(rest[0]) == 'b')
            || (rest.size() == 2 && lower(rest[0]) == 'i' && lower(rest[1]) == 'b');
        if (letter != 'b' && !restOk) return bad();
    }

    if (whole > kMax / multiplier) return tooLarge();
    uint64_t bytes = whole * multiplier;
    const uint64_t fracBytes = frac * multiplier / fracScale;
    if (bytes > kMax - fracBytes) return tooLarge();
    bytes += fracBytes;
    // A tiny but nonzero limit must not turn into 0, which means "unlimited".
    if (bytes == 0 && nonZero)
        return Error(Errc::InvalidArgument, option + ": '" + text + "' is less than one byte"
                                                + (rate ? " per second; use 0 for no limit" : ""));
    return bytes;
}

} // namespace

Result<uint64_t> parseRate(const std::string& text)
{
    return parseBinaryQuantity(text, "--bwlimit", 1024, true);
}

Result<FsyncMode> parseFsyncMode(const std::string& text)
{
    if (text == "end") return FsyncMode::End;
    if (text == "file") return FsyncMode::File;
    if (text == "none") return FsyncMode::None;
    return Error(Errc::InvalidArgument, "--fsync: '" + text + "' is not one of end (the default: one flush when "
                                            "the job is done), file (each file before it is renamed into place), none");
}

Result<NameMapping> parseNameMapping(const std::string& text)
{
    if (text == "refuse") return NameMapping::Refuse;
    if (text == "map") return NameMapping::Map;
    if (text == "off") return NameMapping::Off;
    return Error(Errc::InvalidArgument,
                 "--name-mapping: '" + text + "' is not one of refuse (the default: a name the destination cannot "
                 "hold fails, named), map (stored as look-alikes that map back exactly), off (tried as it is)");
}

const char* nameMappingName(NameMapping mapping)
{
    switch (mapping) {
    case NameMapping::Refuse: return "refuse";
    case NameMapping::Map: return "map";
    case NameMapping::Off: return "off";
    }
    return "refuse";
}

const char* fsyncModeName(FsyncMode mode)
{
    switch (mode) {
    case FsyncMode::End: return "end";
    case FsyncMode::File: return "file";
    case FsyncMode::None: return "none";
    }
    return "end";
}

Result<uint64_t> parseSize(const std::string& text, const std::string& option)
{
    return parseBinaryQuantity(text, option, 1, false);
}


std::optional<uint64_t> RateSchedule::constantRate() const
{
    if (rules.empty()) return uint64_t(0);
    const RateRule& first = rules.front();
    if (first.days == 0x7f && first.startMinute == 0 && first.endMinute == 1440) return first.bytesPerSec;
    return std::nullopt;
}

RateSchedule RateSchedule::constant(uint64_t bytesPerSec)
{
    RateSchedule s;
    if (bytesPerSec > 0) s.rules.push_back(RateRule{0x7f, 0, 1440, bytesPerSec});
    return s;
}

uint64_t RateSchedule::rateAt(int weekday, int minute) const
{
    for (const RateRule& r : rules) {
        if (!(r.days & (1u << weekday))) continue;
        const bool inside = r.startMinute <= r.endMinute
                              ? (minute >= r.startMinute && minute < r.endMinute)
                              : (minute >= r.startMinute || minute < r.endMinute); // wraps past midnight
        if (inside) return r.bytesPerSec;
    }
    return 0;
}

namespace {

int dayIndex(std::string_view word)
{
    static const char* names[] = {"mon", "tue", "wed", "thu", "fri", "sat", "sun"};
    std::string w;
    for (char c : word) w.push_back(lower(c));
    for (int i = 0; i < 7; ++i)
        if (w == names[i]) return i;
    return -1;
}

// "HH:MM" -> minutes, or -1.
int minuteOf(std::string_view text)
{
    size_t colon = text.find(':');
    if (colon == std::string_view::npos || colon == 0 || colon > 2 || text.size() - colon != 3) return -1;
    int h = 0;
    int m = 0;
    for (char c : text.substr(0, colon)) {
        if (c < '0' || c > '9') return -1;
        h = h * 10 + (c - '0');
    }
    for (char c : text.substr(colon + 1)) {
        if (c < '0' || c > '9') return -1;
        m = m * 10 + (c - '0');
    }
    if (h > 24 || m > 59 || (h == 24 && m != 0)) return -1;
    return h * 60 + m;
}

} // namespace

Result<RateSchedule> parseRateSchedule(const std::string& text)
{
    RateSchedule schedule;
    const auto bad = [&](const std::string& part, const std::string& why) {
        return Error(Errc::InvalidArgument, "--bwlimit: cannot read '" + part + "' (" + why
                                                + "); write a rate like 20M, or a timetable like "
                                                  "\"Mon-Fri 08:00-18:00 20M, 100M\"");
    };
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        std::string part(trimmed(std::string_view(text).substr(start, comma == std::string::npos ? std::string::npos : comma - start)));
        start = comma == std::string::npos ? text.size() + 1 : comma + 1;
        if (part.empty()) {
            if (comma == std::string::npos && !schedule.rules.empty()) break;
            return bad(text, "an empty rule");
        }
        std::vector<std::string> words;
        for (size_t i = 0; i < part.size();) {
            size_t j = part.find(' ', i);
            if (j == std::string::npos) j = part.size();
            if (j > i) words.push_back(part.substr(i, j - i));
            i = j + 1;
        }
        RateRule rule;
        size_t w = 0;
        if (w < words.size() && std::isalpha(static_cast<unsigned char>(words[w][0])) && words.size() > 1) {
            const std::string& days = words[w++];
            size_t dash = days.find('-');
            int from = dayIndex(std::string_view(days).substr(0, dash));
            int to = dash == std::string::npos ? from : dayIndex(std::string_view(days).substr(dash + 1));
            if (from < 0 || to < 0) return bad(part, "days are Mon, Tue, Wed, Thu, Fri, Sat, Sun or a range like Mon-Fri");
            rule.days = 0;
            for (int d = from;; d = (d + 1) % 7) {
                rule.days |= uint8_t(1u << d);
                if (d == to) break;
            }
        }
        if (w < words.size() && words[w].find(':') != std::string::npos && words.size() > w + 1) {
            const std::string& range = words[w++];
            size_t dash = range.find('-');
            int a = dash == std::string::npos ? -1 : minuteOf(std::string_view(range).substr(0, dash));
            int b = dash == std::string::npos ? -1 : minuteOf(std::string_view(range).substr(dash + 1));
            if (a < 0 || b < 0 || a == b) return bad(part, "times are a range like 08:00-18:00");
            rule.startMinute = uint16_t(a);
            rule.endMinute = uint16_t(b);
        }
        if (w + 1 != words.size()) return bad(part, "expected [DAYS] [HH:MM-HH:MM] RATE");
        const std::string& rate = words[w];
        if (rate == "off" || rate == "unlimited") {
            rule.bytesPerSec = 0;
        } else {
            FG_TRY_ASSIGN(rule.bytesPerSec, parseRate(rate));
        }
        schedule.rules.push_back(rule);
    }
    return schedule;
}

namespace {
// --snapshot makes a fresh folder each run and links unchanged files from
// the last one: options that write into existing files would write into the
// older snapshots' files through those links.
Status checkSnapshotOptions(const TransferOptions& t)
{
    const SnapshotRetention& k = t.keep;
    if (!t.snapshot) {
        if (k.any())
            return Error(Errc::InvalidArgument, "--keep-last, --keep-daily, --keep-weekly and --keep-monthly choose "
                                                "which snapshots stay: they go with --snapshot");
        return {};
    }
    for (uint32_t n : {k.last, k.daily, k.weekly, k.monthly})
        if (n > kMaxSnapshotKeep)
            return Error(Errc::InvalidArgument, "a --keep-* count above " + std::to_string(kMaxSnapshotKeep));
    if (!t.linkDest.empty())
        return Error(Errc::InvalidArgument, "--snapshot links against the newest complete snapshot itself: "
                                            "leave out --link-dest");
    if (t.compare.existingOnly)
        return Error(Errc::InvalidArgument, "--existing cannot be used with --snapshot: each snapshot is a new, empty "
                                            "folder, so nothing would be sent, and retention would count the empty "
                                            "snapshot as a good one");
    if (t.inPlace || t.compare.appendVerify)
        return Error(Errc::InvalidArgument, std::string(t.inPlace ? "--inplace" : "--append-verify")
                                                + " cannot be used with --snapshot: files linked from the last "
                                                  "snapshot would be changed in it too");
    if (t.backup.enabled)
        return Error(Errc::InvalidArgument, "-b/--backup cannot be used with --snapshot: each snapshot is a new "
                                            "folder, so nothing in it is replaced; the older snapshots are the backups");
    if (t.removeSourceFiles)
        return Error(Errc::InvalidArgument, "--remove-source-files cannot be used with --snapshot: a snapshot keeps "
                                            "the source as it is");
    return {};
}
} // namespace

Status validateTransferOptions(const TransferOptions& t)
{
    if (t.deleteExtraneous && t.filesFrom)
        return Error(Errc::InvalidArgument,
                     "--delete cannot be combined with --files-from: the list names only part of the source, so "
                     "everything else on the target would look extraneous and be deleted. Drop --delete to copy "
                     "just the listed files, or sync the whole tree (narrowed with --exclude rules) to mirror it "
                     "with --delete");
    if (t.modifyWindowNs < 0)
        return Error(Errc::InvalidArgument,
                     "--modify-window cannot be negative (got " + std::to_string(t.modifyWindowNs)
                         + " ns): it is how far apart two mtimes may be and still count as equal; use 0 to compare "
                           "them exactly, or 2 seconds for FAT file systems");
    if (t.chunkSize != 0 && (t.chunkSize < kMinChunkSize || t.chunkSize > kMaxChunkSize))
        return Error(Errc::InvalidArgument, "--chunk-size " + std::to_string(t.chunkSize)
                                                + " bytes is outside 1M..4G; chunks much smaller cost more than they "
                                                  "spread, much larger cannot balance the streams (or leave it out "
                                                  "for a size picked per file)");
    // parseCompress checks the CLI's text; this catches a spec built in code
    // (the GUI, a saved job) before it reaches the wire, which refuses it.
    if (t.compress.mode == CompressMode::Zstd
        && (t.compress.level < kMinZstdLevel || t.compress.level > kMaxZstdLevel
            || t.compress.level == 0))
        return Error(Errc::InvalidArgument, "--compress zstd level " + std::to_string(t.compress.level)
                                                + " is not in 1.." + std::to_string(kMaxZstdLevel) + " (or "
                                                + std::to_string(kMinZstdLevel) + "..-1)");
    if (!t.metadata.chmod.empty()) FG_TRY(ChmodRules::parse(t.metadata.chmod));
    FG_TRY(checkPartialDir(t.partialDir));
    if (t.inPlace && !t.partialDir.empty())
        return Error(Errc::InvalidArgument,
                     "--inplace cannot be used with --partial-dir (as in rsync): an in-place file has no partial "
                     "copy to keep. Drop one of them");
    if (t.inPlace && t.backup.enabled)
        return Error(Errc::InvalidArgument,
                     "--inplace with -b/--backup is not supported yet: the backup would have to be a full copy "
                     "made before the file is overwritten. Drop one of them (-b alone keeps old versions safely)");
    if (t.linkDest.size() > kMaxLinkDest)
        return Error(Errc::InvalidArgument, "more than " + std::to_string(kMaxLinkDest) + " --link-dest directories");
    for (const auto& d : t.linkDest)
        if (d.empty()) return Error(Errc::InvalidArgument, "--link-dest needs a directory");
    FG_TRY(checkSnapshotOptions(t));
    if (t.backup.enabled) {
        if (t.backup.suffix.find('/') != std::string::npos)
            return Error(Errc::InvalidArgument, "--suffix '" + t.backup.suffix + "' may not hold a '/'");
        if (t.backup.suffix.size() > 64)
            return Error(Errc::InvalidArgument, "--suffix is longer than 64 bytes");
        if (t.backup.dir.empty() && t.backup.suffix.empty())
            return Error(Errc::InvalidArgument, "an empty --suffix without --backup-dir would put each backup where "
                                                "its file is; give a suffix, or a --backup-dir");
    }
    FG_TRY(filter::FilterSet::compile(t.filters));
    if (t.filesFrom) FG_TRY(filter::FilesFromSet::compile(*t.filesFrom));
    return {};
}

Status validateOptions(const SyncOptions& options)
{
    FG_TRY(validateTransferOptions(options.transfer));
    if (options.ioTimeoutSec > kMaxTimeoutSec || options.connectTimeoutSec > kMaxTimeoutSec
        || options.retryForSec > kMaxTimeoutSec)
        return Error(Errc::InvalidArgument, "--timeout, --contimeout and --retry-for take at most " + std::to_string(kMaxTimeoutSec)
                                                + " seconds (a week)");
    if (options.streams > kMaxStreamsOption)
        return Error(Errc::InvalidArgument, "--streams " + std::to_string(options.streams) + " is more than "
                                                + std::to_string(kMaxStreamsOption)
                                                + " data connections; 2-8 fill most links (or use auto)");
    // Here only: a daemon takes another kernel's choice as a wish.
    FG_TRY(checkCongestion(options.transfer.congestion));
    FG_TRY(checkSshCipher(options.sshCipher));
    return {};
}

} // namespace fg
