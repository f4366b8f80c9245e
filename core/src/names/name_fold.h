#pragma once
#include "internal.h"
// When two names are one name on a destination. ext4, xfs and btrfs keep any
// two different byte strings apart; exFAT, FAT, NTFS and most SMB shares do
// not tell case apart ("A.txt" is "a.txt"), and macOS volumes (and ZFS with
// normalization=formD) do not tell Unicode normalisation forms apart either
// ("é" as one code point is "e" + U+0301). Pure functions: no I/O.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace fg::names {

// How a file system compares names, as a probe of it found.
struct NameRules {
    bool foldsCase = false;          // "A.txt" and "a.txt" are one name
    bool foldsNormalization = false; // NFC and NFD spellings are one name

    bool any() const { return foldsCase || foldsNormalization; }
    bool operator==(const NameRules&) const = default;
};

// The key two names share exactly when `rules` make them one name. Case is
// compared code point by code point through Unicode's simple upper- and
// lower-case mappings (what exFAT's and NTFS's up-case tables do); names
// that are not valid UTF-8 fold ASCII letters only.
std::string comparisonKey(std::string_view name, NameRules rules);

// Bits of a listed entry: the rule under which it and another entry of the
// same directory would be one name (several bits may be set).
enum CollisionBits : uint8_t {
    kCollidesFoldingCase = 1,          // under case folding alone (exFAT, NTFS)
    kCollidesFoldingNormalization = 2, // under normalisation alone
    kCollidesFoldingBoth = 4,          // under both (macOS)
    kAllCollisionBits = 7,
};

// False for a name that no rule folds: ASCII without upper-case letters.
// Two different such names never collide.
bool mayFold(std::string_view name);

// For the names of one directory (all different), the collision bits of
// each, in the same order. Cheap for the usual directory: unless a name has
// an upper-case letter or a byte past ASCII, no two can collide, and only
// such names are folded at all.
std::vector<uint8_t> collisionBits(const std::vector<std::string_view>& names);

// Whether an entry with these bits is one name with another on a
// destination with these rules.
bool collidesUnder(uint8_t bits, NameRules rules);

// "does not tell case apart", "does not tell Unicode normalisation forms
// apart", or both, for messages.
std::string describeRules(NameRules rules);

} // namespace fg::names
