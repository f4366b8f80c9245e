#pragma once
#include "internal.h"
// rsync-style --include / --exclude rules, compiled once and asked about every
// path the scanner meets. The semantics follow rsync's exclude.c and wildmatch.c
// so a user's existing rule lists mean the same thing here:
//  - rules are tried in order, the first match decides, no match = included;
//  - "pat/" matches directories only; "/pat" is anchored at the transfer root;
//  - a pattern with an inner '/' or a "**" is matched against the whole path
//    (unanchored, it may start at a component boundary: "a/b" matches "x/a/b",
//    not "xa/b"), otherwise against the last component only;
//  - '*' does not cross '/', "**" does, '?' and "[...]" match one byte other
//    than '/'; a backslash escapes the next character, but only in a pattern
//    that has a wildcard at all (so "a\b" stays a literal backslash);
//  - "dir/***" matches the directory dir and everything below it.
// Matching is byte-wise and case-sensitive, as in rsync.

#include <floodgate/error.h>
#include <floodgate/options.h>

#include <memory>
#include <string>
#include <string_view>
#include <vector>

namespace fg::filter {

// Which rules count: the sender's scan takes include and exclude rules; the
// receiver's --delete pass keeps what they exclude and what protect rules
// match; with --delete-excluded only protect rules keep anything.
enum class Side : uint8_t { Send, Delete, DeleteExcluded };
enum class Verdict : uint8_t { None, Include, Exclude };

struct MergedRules;

class FilterSet {
public:
    // Fails with Errc::InvalidArgument naming the option and the pattern when a
    // pattern is empty, has an unterminated '[', ends in a lone backslash, names
    // an unknown [:class:] or is longer than any path can be.
    static Result<FilterSet> compile(const std::vector<FilterSpec>& specs);

    // `path` is relative to the transfer root, '/'-separated, without a leading
    // or trailing '/' ("src/a/b.txt"). Answers for this path only: skipping the
    // contents of an excluded directory is the scanner's business.
    // Safe to call from several threads at once.
    bool excluded(std::string_view path, bool isDir) const;
    // The first rule that matches, on one side; dir-merge rules take the
    // per-directory rules `merged` holds (innermost last), for the paths below
    // their directories.
    Verdict match(std::string_view path, bool isDir, Side side, const std::vector<MergedRules>* merged) const;

    // Its dir-merge rules: where each stands, and what it asks for.
    struct DirMerge {
        size_t position;
        std::string fileName;
        uint8_t flags; // FilterSpec::MergeFlag
    };
    std::vector<DirMerge> dirMerges() const;

    bool empty() const;

private:
    struct Rule;
    // Compiled rules are immutable, so copies of a set share them.
    std::shared_ptr<const std::vector<Rule>> m_rules;
};

// One directory's merge file, as loaded for a dir-merge rule.
struct MergedRules {
    size_t position;     // the dir-merge rule's place in its set
    std::string dir;     // the directory (as the set's paths name it; "" for the root)
    FilterSet rules;     // its rules, matched against paths below `dir`
    bool inherited = true; // n: only for the directory's own entries
};

// The rules of a merge file's text, read as `flags` say (FilterSpec's
// MergeFlag); `where` names the file in errors.
Result<std::vector<FilterSpec>> parseMergeFile(std::string_view text, uint8_t flags, const std::string& where);

} // namespace fg::filter
