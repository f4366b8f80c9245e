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
#include <string_view>
#include <vector>

namespace fg::filter {

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

    bool empty() const;

private:
    struct Rule;
    // Compiled rules are immutable, so copies of a set share them.
    std::shared_ptr<const std::vector<Rule>> m_rules;
};

} // namespace fg::filter
