#include "rsync_flags.h"

#include <algorithm>
#include <iterator>
#include <vector>

namespace fg::cli {
namespace {

// From rsync(1) of rsync 3.2.7, sorted for binary search. Floodgate's own
// options are looked up first, so a name here that Floodgate also has is
// simply the supported one.
constexpr std::string_view kLongNames[] = {
    "8-bit-output", "acls", "address", "append", "append-verify", "archive", "atimes",
    "backup", "backup-dir", "block-size", "blocking-io", "bwlimit", "cc", "checksum", "checksum-choice",
    "checksum-seed", "chmod", "chown", "compare-dest", "compress", "compress-choice", "compress-level",
    "contimeout", "copy-as", "copy-dest", "copy-devices", "copy-dirlinks", "copy-links", "copy-unsafe-links",
    "crtimes", "cvs-exclude", "debug", "del", "delay-updates", "delete", "delete-after", "delete-before",
    "delete-delay", "delete-during", "delete-excluded", "delete-missing-args", "devices", "dirs",
    "dry-run", "early-input", "exclude", "exclude-from", "executability", "existing", "fake-super",
    "files-from", "filter", "force", "from0", "fsync", "fuzzy", "groupmap", "group", "hard-links", "help",
    "human-readable", "iconv", "ignore-errors", "ignore-existing", "ignore-missing-args", "ignore-times",
    "include", "include-from", "info", "inplace", "ipv4", "ipv6", "itemize-changes", "keep-dirlinks",
    "link-dest", "links", "list-only", "log-file", "log-file-format", "max-alloc", "max-delete",
    "max-size", "min-size", "mkpath", "modify-window", "munge-links", "no-implied-dirs", "no-motd",
    "numeric-ids", "old-args", "old-compress", "old-d", "old-dirs", "omit-dir-times", "omit-link-times",
    "one-file-system", "only-write-batch", "open-noatime", "out-format", "outbuf", "owner", "partial",
    "partial-dir", "password-file", "perms", "port", "preallocate", "progress", "protect-args",
    "protocol", "prune-empty-dirs", "quiet", "read-batch", "recursive", "relative", "remote-option",
    "remove-source-files", "rsh", "rsync-path", "safe-links", "secluded-args", "size-only", "skip-compress",
    "sockopts", "sparse", "specials", "stats", "stderr", "stop-after", "stop-at", "suffix", "super",
    "temp-dir", "timeout", "times", "trust-sender", "update", "usermap", "verbose", "version",
    "whole-file", "write-batch", "write-devices", "xattrs", "zc", "zl", "new-compress", "no-W", "no-r",
    "no-i-r", "no-inc-recursive", "inc-recursive",
};

struct ShortName {
    char letter;
    const char* longName;
};

constexpr ShortName kShortNames[] = {
    {'0', "from0"},         {'4', "ipv4"},           {'6', "ipv6"},          {'8', "8-bit-output"},
    {'A', "acls"},          {'B', "block-size"},     {'C', "cvs-exclude"},   {'D', "devices --specials"},
    {'E', "executability"}, {'F', "filter"},         {'H', "hard-links"},    {'I', "ignore-times"},
    {'J', "omit-link-times"}, {'K', "keep-dirlinks"}, {'L', "copy-links"},   {'M', "remote-option"},
    {'N', "crtimes"},       {'O', "omit-dir-times"}, {'P', "partial --progress"}, {'R', "relative"},
    {'S', "sparse"},        {'T', "temp-dir"},       {'U', "atimes"},        {'V', "version"},
    {'W', "whole-file"},    {'X', "xattrs"},         {'a', "archive"},       {'b', "backup"},
    {'c', "checksum"},      {'d', "dirs"},           {'e', "rsh"},           {'f', "filter"},
    {'g', "group"},         {'h', "human-readable"}, {'i', "itemize-changes"}, {'k', "copy-dirlinks"},
    {'l', "links"},         {'m', "prune-empty-dirs"}, {'n', "dry-run"},     {'o', "owner"},
    {'p', "perms"},         {'q', "quiet"},          {'r', "recursive"},     {'s', "secluded-args"},
    {'t', "times"},         {'u', "update"},         {'v', "verbose"},       {'x', "one-file-system"},
    {'y', "fuzzy"},         {'z', "compress"},
};

} // namespace

bool isRsyncLongOption(std::string_view name)
{
    static const std::vector<std::string_view> sorted = [] {
        std::vector<std::string_view> names(std::begin(kLongNames), std::end(kLongNames));
        std::sort(names.begin(), names.end());
        return names;
    }();
    if (std::binary_search(sorted.begin(), sorted.end(), name)) return true;
    // rsync takes --no-OPTION for most of its flags (--no-perms, --no-times).
    return name.starts_with("no-") && std::binary_search(sorted.begin(), sorted.end(), name.substr(3));
}

const char* rsyncLongNameOf(char shortName)
{
    auto it = std::find_if(std::begin(kShortNames), std::end(kShortNames),
                           [&](const ShortName& s) { return s.letter == shortName; });
    return it == std::end(kShortNames) ? nullptr : it->longName;
}

} // namespace fg::cli
