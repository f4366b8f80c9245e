#pragma once
#include "internal.h"
// On a file system that folds names, a lookup of "Photo.JPG" finds the file
// stored as "photo.jpg": the same file there, but not the name the source
// now has. Only a directory's listing tells the spelling it holds, so the
// listings of the directories being planned are kept (a few at a time: the
// list comes directory by directory) to find a case-only rename and apply
// it. Planning thread only.

#include "names/name_fold.h"
#include "platform/fs.h"

#include <list>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>

namespace fg {

class StoredNames {
public:
    // The spelling `dir` (at `dirPath` below the destination) holds `name`
    // under when that differs from `name` itself; nullopt when it holds
    // `name` as given, or nothing of that name.
    std::optional<std::string> otherSpelling(const platform::DirHandle& dir, const std::string& dirPath,
                                             std::string_view name, names::NameRules rules);
    // After a rename in that directory.
    void renamed(const std::string& dirPath, const std::string& from, const std::string& to);

private:
    struct Listing {
        std::unordered_set<std::string> names;
        // Folded key -> stored name, made at the first name not stored as
        // given (a directory renamed wholesale would else cost a pass over
        // the listing per file).
        std::unordered_map<std::string, std::string> byKey;
        bool keyed = false;
        names::NameRules rules; // what byKey was made with
    };
    Listing& listingOf(const platform::DirHandle& dir, const std::string& dirPath);

    // Recently used first; a deep tree's path from the root fits in this.
    static constexpr size_t kDirectories = 32;
    std::list<std::pair<std::string, Listing>> m_recent;
};

} // namespace fg
