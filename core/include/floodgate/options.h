#pragma once
// What a user chooses for one sync job. Plain data: the CLI and the GUI fill it,
// the engine reads it; validation lives in validateOptions().

#include <floodgate/error.h>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace fg {

// One filter rule, in command-line order (first match wins): --include,
// --exclude, and what --filter adds as rsync has it:
// Protect   "P PATTERN": --delete never deletes what it matches (the sender
//           ignores it);
// DirMerge  ": NAME": each directory's file NAME holds more rules for that
//           directory and below (-F's .rsync-filter, -C's .cvsignore), tried
//           where this rule stands; `mergeFlags` are its modifiers.
struct FilterSpec {
    enum class Kind : uint8_t { Include, Exclude, Protect, DirMerge };
    Kind kind = Kind::Exclude;
    std::string pattern; // DirMerge: the file's name
    // DirMerge's modifiers, as rsync's: n (the rules are not inherited by
    // subdirectories), - / + (every line is an exclude / include pattern),
    // w (lines are split into words), e (the file itself is excluded).
    enum MergeFlag : uint8_t { kNoInherit = 1, kAllExclude = 2, kAllInclude = 4, kWords = 8, kExcludeSelf = 16 };
    uint8_t mergeFlags = 0;

    bool operator==(const FilterSpec&) const = default;
};

// Reads one rule as --filter takes it ("- *.o", "+ /keep/", "exclude tmp/",
// "P /backup/", ": .rsync-filter", "dir-merge,n- .cvsignore"). Merge-file
// rules (". FILE") and clears ("!") are read by the caller: `merge` then
// holds the file's name, `clear` is set. The error names --filter, the rule
// and what is wrong.
struct ParsedFilterRule {
    std::optional<FilterSpec> rule;
    std::string merge; // ". FILE" / "merge FILE"
    bool clear = false; // "!" / "clear"
};
Result<ParsedFilterRule> parseFilterRule(std::string_view text);
// A rule written so parseFilterRule() reads it back: "- *.o", "P /keep/",
// ":n- .cvsignore".
std::string filterRuleText(const FilterSpec& rule);
// A rule of `kind` for exactly one path of the transfer (as a plan names
// it, from the transfer's root) and nothing else: anchored, its wildcard
// characters escaped. A directory's rule covers what is under it. What a
// preview's "leave this one out of the run" adds.
FilterSpec exactPathRule(FilterSpec::Kind kind, std::string_view path, bool isDir);

// --filter ". FILE": the rules of a merge file, one a line in --filter's
// syntax ('#' and ';' start comments; "!" clears the rules before it; a
// merge inside merges that file too, up to a few levels).
Result<std::vector<FilterSpec>> readMergeFile(const std::string& path);

// -C / --cvs-exclude: CVS's own list of what not to copy (RCS, CVS, *.o,
// *~, core, .git/, ...), the patterns in $HOME/.cvsignore and $CVSIGNORE,
// and each directory's .cvsignore for its own entries; as rsync adds them,
// after every other rule.
Result<std::vector<FilterSpec>> cvsExcludeRules();

// A bandwidth timetable: "Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M". Rules
// are tried in order and the first that matches the local day and time gives
// the rate; a rule without days or times always matches; 0 means unlimited;
// when none matches, the rate is unlimited. Times may wrap past midnight
// ("22:00-06:00").
struct RateRule {
    uint8_t days = 0x7f;       // bit 0 = Monday ... bit 6 = Sunday
    uint16_t startMinute = 0;  // minutes since midnight
    uint16_t endMinute = 1440; // exclusive
    uint64_t bytesPerSec = 0;  // 0 = unlimited
    bool operator==(const RateRule&) const = default;
};

struct RateSchedule {
    std::vector<RateRule> rules;
    // weekday: 0 = Monday; minute: since midnight, local time.
    uint64_t rateAt(int weekday, int minute) const;
    bool empty() const { return rules.empty(); }
    // A plain rate ("20M"): one rule that always matches. Its rate, or
    // nullopt for a timetable whose rate changes over the week (and 0, for
    // no schedule at all: unlimited).
    std::optional<uint64_t> constantRate() const;
    // The schedule of one plain rate (0: unlimited, an empty schedule).
    static RateSchedule constant(uint64_t bytesPerSec);
    bool operator==(const RateSchedule&) const = default;
};

// Reads a --bwlimit value: a plain rate ("20M") or a timetable as above.
Result<RateSchedule> parseRateSchedule(const std::string& text);
// A timetable written so parseRateSchedule() reads it back exactly:
// "Mon-Fri 08:00-18:00 20M, Sat-Sun 2M, 100M"; empty for an empty one.
std::string rateScheduleText(const RateSchedule& schedule);
// A size or rate written so parseSize() and parseRate() read it back
// exactly, in the largest binary unit that needs no more than three
// decimals: 64 MiB -> "64M", 1.5 GiB -> "1.5G", 1000 -> "1000B"; 0 -> "".
std::string binaryQuantityText(uint64_t value);

// When the receiver forces written data to stable storage:
// End   once, when every file is in place, before the job reports done (the
//       file system is synced as a whole: one flush instead of one a file);
// File  each file before it is renamed into place (slow with many small files);
// None  never: the OS writes it back in its own time.
enum class FsyncMode : uint8_t { End = 0, File = 1, None = 2 };

// "end", "file", "none"; the error names --fsync and the choices.
Result<FsyncMode> parseFsyncMode(const std::string& text);
// The name --fsync takes.
const char* fsyncModeName(FsyncMode mode);

// What happens to a name the destination cannot hold (a ':' or a final dot
// on NTFS, FAT, exFAT or an SMB share; CON; two names that differ only by
// case where case is not told apart), --name-mapping:
// Refuse  each such file fails, named with the rule and the remedy (exit
//         23), before anything is written; the rest is transferred
// Map     stored as look-alikes that map back exactly on the way home
//         (names/windows_mapping.h); case collisions get a suffix
// Off     tried as it is: whatever the file system says goes
enum class NameMapping : uint8_t { Refuse = 0, Map = 1, Off = 2 };

// "refuse", "map", "off"; the error names --name-mapping and the choices.
Result<NameMapping> parseNameMapping(const std::string& text);
const char* nameMappingName(NameMapping mapping);

// How a changed file travels when the receiver has an old copy of it:
// Auto    the receiver picks per file (delta when it has an old copy worth
//         reading, whole when the file is small or the copy is local);
// Always  whole, like rsync -W (no reading of the old copy);
// Never   delta whenever there is an old copy (--no-whole-file).
enum class WholeFileMode : uint8_t { Auto = 0, Always = 1, Never = 2 };
// How data frames are compressed on the wire (--compress):
// None  never;
// Lz4   lz4 (fast, modest ratio), every frame;
// Zstd  zstd at `level`, every frame;
// Auto  zstd with the level following the bottleneck (none while compressing
//       is the slowest stage), skipping known compressed formats by name and
//       data that does not compress by trying.
// Under every mode but None a frame that does not shrink by a few percent is
// sent raw.
enum class CompressMode : uint8_t { None = 0, Lz4 = 1, Zstd = 2, Auto = 3 };

// zstd's negative levels are its fast modes (zstd --fast=N); below -7 they
// gain little speed and lose much ratio. 20-22 (zstd --ultra) only widen the
// window, which 256 KiB frames cannot use.
inline constexpr int kMinZstdLevel = -7;
inline constexpr int kMaxZstdLevel = 19;
inline constexpr int kDefaultZstdLevel = 3;

struct CompressSpec {
    CompressMode mode = CompressMode::None;
    int level = kDefaultZstdLevel; // Zstd only

    bool operator==(const CompressSpec&) const = default;
};

// "none", "lz4", "auto", "zstd" or "zstd:LEVEL"; the error names --compress
// and the choices.
Result<CompressSpec> parseCompress(std::string_view text);
// The spec as --compress takes it ("zstd:3", "auto", ...).
std::string compressText(const CompressSpec& spec);
// ---- file checksums (--checksum-choice) ----
// The hash every chunk and every file is verified with end to end, and the
// one --checksum compares files by:
// Xxh128  XXH3-128 (the default): catches any accidental corruption at
//         memory speed;
// Xxh3    XXH3-64, as rsync's xxh3: the same speed, half the bytes;
// Sha256  SHA-256: a cryptographic hash, for when someone could craft two
//         files with the same XXH3 (untrusted sources, --cipher none) or a
//         policy asks for one. Slower (~1.5-2 GB/s a core with SHA
//         instructions, a few hundred MB/s without).
enum class ChecksumChoice : uint8_t { Xxh128 = 0, Xxh3 = 1, Sha256 = 2 };

// "xxh128", "xxh3" or "sha256"; the error names --checksum-choice and the
// choices.
Result<ChecksumChoice> parseChecksumChoice(std::string_view text);
// The name --checksum-choice takes.
const char* checksumChoiceName(ChecksumChoice choice);

// ---- ciphers (--cipher, --ssh-cipher) ----
// What protects a floodgate:// job's connections (TLS 1.3 suites):
// Auto    AES-128-GCM when both ends have AES instructions, else ChaCha20;
// None    the connections still authenticate with TLS and the control
//         connection stays encrypted, but file data crosses the network in
//         the clear (the daemon's module must allow it). For a trusted LAN
//         where the CPU, not the link, limits the rate.
enum class CipherChoice : uint8_t { Auto = 0, Aes128Gcm = 1, Aes256Gcm = 2, Chacha20Poly1305 = 3, None = 4 };

// "auto", "aes128-gcm", "aes256-gcm", "chacha20-poly1305", "none"; the error
// names --cipher and the choices.
Result<CipherChoice> parseCipherChoice(const std::string& text);
// The name --cipher takes.
const char* cipherChoiceName(CipherChoice choice);

// An --ssh-cipher value goes onto ssh's command line: one word of cipher-name
// characters (a comma-separated list is ssh's own syntax), never an option.
Status checkSshCipher(const std::string& name);

// Which files a job transfers, and how it tells that a file changed: the
// rsync flags of the same names. Decided by the receiver, per file.
struct CompareRules {
    bool update = false;         // -u: skip files whose destination copy is newer
    bool ignoreExisting = false; // --ignore-existing: skip files the destination has
    bool existingOnly = false;   // --existing: create nothing new (files or directories)
    bool sizeOnly = false;       // --size-only: the same size is unchanged, whatever the time
    bool ignoreTimes = false;    // -I: send files even when size and time match
    // --append-verify (and --append): a destination file as long as the
    // source's or longer is left alone; a shorter one gets the rest, as a
    // delta against it (whatever -W and the link say), and the whole file is
    // verified as always.
    bool appendVerify = false;
    uint64_t maxSize = 0;        // --max-size: skip files larger than this (0: no limit)
    uint64_t minSize = 0;        // --min-size: skip files smaller than this

    bool operator==(const CompareRules&) const = default;
};

// How far --delete goes.
struct DeleteRules {
    // --max-delete N: at most N deletions, the rest skipped and reported
    // (exit code 25); 0 with `limited` deletes nothing and lists what would go.
    bool limited = false;
    uint64_t maxDelete = 0;
    // --delete-excluded: excluded paths on the destination go too (by
    // default --delete keeps them).
    bool excluded = false;

    bool operator==(const DeleteRules&) const = default;
};

// Which metadata a job keeps: rsync's -p, -t and --chmod.
struct MetadataRules {
    // --no-perms: modes are not copied or compared; files that exist keep
    // theirs, new ones get the source's less this end's umask.
    bool perms = true;
    // --no-times: modification times are not set (a file then always looks
    // changed to the quick check, as in rsync).
    bool times = true;
    // --chmod, as given ("D755,F644", "go-w"): applied to the source's modes.
    std::string chmod;

    bool operator==(const MetadataRules&) const = default;
};

// rsync's -b, --backup-dir, --suffix: what the job replaces or deletes is
// kept. The suffix is resolved before the job runs: "~" without a backup
// directory, "" with one, unless --suffix says otherwise.
struct BackupRules {
    bool enabled = false;
    std::string dir;    // relative: below the destination; empty: beside each file
    std::string suffix; // added to each backup's name

    bool operator==(const BackupRules&) const = default;
};

// What the sender's scan takes in, as rsync's -H, -x, --safe-links say
// (and --exclude-if-present, as backup tools have it).
struct ScanRules {
    bool hardLinks = false;    // -H: files linked to each other arrive linked, not as copies
    bool oneFileSystem = false; // -x: a directory that is another file system's mount point comes empty
    bool safeLinks = false;    // --safe-links: symlinks that point out of the tree are skipped
    // -L: symlinks arrive as what they point to (files, and folders with their
    // contents); a daemon follows only links that stay inside its module.
    bool copyLinks = false;
    // --exclude-if-present NAME: a directory holding NAME comes without its
    // contents (and --delete leaves what the destination has in it alone).
    std::vector<std::string> excludeIfPresent;

    bool operator==(const ScanRules&) const = default;
};

// Who owns what arrives: rsync's -o, -g, --numeric-ids, --chown. Kept only
// where the receiving end runs as root (it alone may give files away).
struct OwnershipRules {
    bool owner = false;      // -o (and -a): the source's owner
    bool group = false;      // -g (and -a): the source's group
    bool numericIds = false; // --numeric-ids: by number, not matched by name
    bool explicitly = false; // asked with -o/-g/--chown (not only implied by -a): say so when not kept
    // --chown USER:GROUP: these, whatever the source has (either may be empty).
    std::string chownUser;
    std::string chownGroup;

    bool any() const { return owner || group || !chownUser.empty() || !chownGroup.empty(); }
    bool operator==(const OwnershipRules&) const = default;
};

// --retry-for's default: long enough for a daemon restart or a router's
// reboot, short enough that a job whose far end is gone for good ends today.
inline constexpr unsigned kDefaultRetryForSec = 300;

// --snapshot's retention, as restic and borg count it: the newest `last`
// snapshots, and the newest of each of the last `daily` days (`weekly`
// weeks, `monthly` months) that have one. A snapshot kept by none of them is
// removed once a new one is complete; the newest complete snapshot always
// stays. All zero: none is removed.
struct SnapshotRetention {
    uint32_t last = 0;
    uint32_t daily = 0;
    uint32_t weekly = 0;
    uint32_t monthly = 0;
    bool any() const { return last || daily || weekly || monthly; }
    bool operator==(const SnapshotRetention&) const = default;
};
inline constexpr uint32_t kMaxSnapshotKeep = 100000;

// --snapshot: what became of the snapshot the job wrote.
struct SnapshotOutcome {
    std::string name;      // YYYY-MM-DD_HHMMSS
    bool complete = false; // else it stays as NAME.partial for the next run to link from
    // Older snapshots the retention rule removed (a dry run's: would remove).
    std::vector<std::string> removed;
    bool operator==(const SnapshotOutcome&) const = default;
};

// What both ends of a job act on, the same set whoever runs them: the two
// roles of a local copy share it, and a job sends it to a daemon or an ssh
// far end in its request. Everything else in SyncOptions is this end's own.
struct TransferOptions {
    bool dryRun = false;           // -n: plan and report, change nothing
    bool mkpath = false;           // --mkpath: make the destination's missing parent directories
    // --remove-source-files: files the destination has (sent, or already
    // there as they are) are removed from the source once the job is done
    // (after the final flush), each only if it did not change since it was read.
    bool removeSourceFiles = false;
    // --inplace: a changed file is written over its old copy (the same inode:
    // hard links, snapshots and the space of a second copy stay as they
    // are), not into a temporary renamed over it. Until it is complete the
    // file is neither its old nor its new version; a failure leaves it so
    // (and says so), and a re-run completes it.
    bool inPlace = false;
    // --partial-dir DIR: what an interrupted run received is kept as DIR/NAME
    // inside each file's own folder (rsync's layout) instead of beside it as
    // .NAME.fg-partial; DIR is hidden from the scan and kept from --delete.
    std::string partialDir;
    bool deleteExtraneous = false; // --delete: remove target entries the source lacks
    DeleteRules deletion;          // --max-delete, --delete-excluded
    CompareRules compare;          // -u, --ignore-existing, --existing, --size-only, -I, --max/min-size
    MetadataRules metadata;        // --no-perms, --no-times, --chmod
    BackupRules backup;            // -b, --backup-dir, --suffix
    ScanRules scan;                // -H, -x, --safe-links, --exclude-if-present
    OwnershipRules ownership;      // -o, -g, --numeric-ids, --chown
    // --link-dest DIR (in order; at most 20): unchanged files are hard-linked
    // from an earlier snapshot instead of sent.
    std::vector<std::string> linkDest;
    // --snapshot: the destination is a folder of dated snapshots; the job
    // writes a new one (NAME.partial until it is complete, then NAME) with
    // unchanged files hard-linked from the newest complete one, and then
    // applies `keep` to the older ones.
    bool snapshot = false;
    SnapshotRetention keep;        // --keep-last/-daily/-weekly/-monthly
    bool checksum = false;         // -c: compare by full hash, not size+mtime
    std::vector<FilterSpec> filters;
    // --files-from, already read: paths relative to the source root; a listed
    // directory is taken with its contents. Absent: the whole tree; an empty
    // list: nothing.
    std::optional<std::vector<std::string>> filesFrom;
    // --name-mapping: names the destination cannot hold.
    NameMapping nameMapping = NameMapping::Refuse;
    // Quick-check tolerance for mtimes (FAT keeps 2 s, some SMB servers 1 s).
    int64_t modifyWindowNs = 0;
    // Big files are cut into chunks of this size, spread over the streams;
    // 0 = picked per file from its size and the number of streams.
    uint64_t chunkSize = 0;
    // TCP congestion control for data connections ("bbr", "cubic", ...);
    // empty = bbr where the kernel has it.
    std::string congestion;
    // When the receiver makes written files durable (--fsync).
    FsyncMode fsync = FsyncMode::End;
    // -W / --no-whole-file: whole files or differences for changed files.
    WholeFileMode wholeFile = WholeFileMode::Auto;
    // How data is compressed on the wire (--compress, -z).
    CompressSpec compress;
    // What files and chunks are verified with (--checksum-choice).
    ChecksumChoice checksumChoice = ChecksumChoice::Xxh128;
    bool operator==(const TransferOptions&) const = default;
};

struct SyncOptions {
    TransferOptions transfer;
    // --bwlimit, shared by all streams: a rate (a timetable of one rule that
    // always matches) or a timetable; empty = unlimited.
    RateSchedule bwlimit;
    // Data connections to a daemon besides the control connection; 0 = auto
    // (start with a few, add while the total rate still rises).
    unsigned streams = 0;
    // floodgate:// connections (--cipher) and ssh's own cipher (--ssh-cipher,
    // passed as `-c NAME`; empty = ssh's default).
    CipherChoice cipher = CipherChoice::Auto;
    std::string sshCipher;

    // Remote endpoints
    // --timeout SEC: a job with a far end stops, exit 30, once nothing has
    // moved (no byte either way, no file listed or done) for this long;
    // 0 = wait as long as it takes. A local copy has no far end to wait on.
    unsigned ioTimeoutSec = 0;
    // --contimeout SEC: connecting to a daemon (TCP, TLS, its greeting)
    // fails, exit 35, after this long; 0 = the defaults (10 s to connect,
    // 15 s for the handshake).
    unsigned connectTimeoutSec = 0;
    // --retry-for SEC: when the connections to a daemon drop after it took
    // the job (link down, NAT timeout, daemon restart, --timeout ran out),
    // reconnect with growing waits for up to this long and go on with the
    // same job from what the destination already has; 0 = fail at once.
    unsigned retryForSec = kDefaultRetryForSec;
    std::string rsh = "ssh";                 // -e/--rsh: the command that reaches an ssh host
    std::string remoteFloodgate = "floodgate"; // --remote-floodgate: floodgate on the far end
    std::string stateDir;                    // keys and pins; empty = defaultStateDir()
    bool operator==(const SyncOptions&) const = default;
};

// Reads an --exclude-from / --include-from file: one pattern a line; blank lines
// and lines starting with ';' or '#' are skipped; "+ " and "- " prefixes pick the
// rule kind explicitly, otherwise `defaultKind` applies.
Result<std::vector<FilterSpec>> readFilterFile(const std::string& path, FilterSpec::Kind defaultKind);

// Reads a --files-from file ("-" is not supported here: the CLI reads stdin).
Result<std::vector<std::string>> readFilesFrom(const std::string& path);
// The paths of a --files-from list already read: one a line (a trailing '\r'
// dropped), or NUL-separated when it holds a NUL; empty lines skipped.
std::vector<std::string> parseFilesFromList(std::string_view text);

// Checks every option for sense; the error names the option and the remedy.
Status validateOptions(const SyncOptions& options);

// A job setting as its command-line option, as a bottleneck fix names it
// ("--compress zstd:1", "--streams 4", "--cipher none", "--congestion bbr",
// "--checksum-choice xxh128", "--fsync end", "--chunk-size 8M",
// "--whole-file"), applied to
// `options`. Anything else is refused, naming the options this takes.
Status applyOptionSetting(SyncOptions& options, const std::string& setting);
// The part of that check both ends make: what a job request carries. A
// daemon checks a client's request with it (the congestion control a
// client names is a wish there: another kernel may lack it).
Status validateTransferOptions(const TransferOptions& options);

// Parses "10M", "1.5G", "500k" (bytes/s, 1024-based) for --bwlimit; a bare number is KiB/s
// as in rsync.
Result<uint64_t> parseRate(const std::string& text);

// Parses a size ("64M", "1G", "4096"; 1024-based; a bare number is bytes).
// `option` names the flag in the error.
Result<uint64_t> parseSize(const std::string& text, const std::string& option);

inline constexpr unsigned kMaxStreamsOption = 32;
inline constexpr size_t kMaxLinkDest = 20; // rsync's limit too
inline constexpr unsigned kMaxTimeoutSec = 7 * 86400; // --timeout, --contimeout, --retry-for: a week
inline constexpr uint64_t kMinChunkSize = uint64_t(1) << 20;
inline constexpr uint64_t kMaxChunkSize = uint64_t(4) << 30;

} // namespace fg
