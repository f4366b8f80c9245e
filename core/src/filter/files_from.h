#pragma once
#include "internal.h"
// The --files-from selection: only the listed paths (a listed directory with
// everything below it) and the directories on the way to them take part in a
// transfer. The scanner asks about each path it meets and descends into an
// Ancestor only to reach what was listed.

#include <floodgate/error.h>

#include <cstddef>
#include <functional>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace fg::filter {

class FilesFromSet {
public:
    enum class Selection {
        Listed,      // listed, or below a listed directory: transferred
        Ancestor,    // a directory on the way to a listed path: created, and walked only towards it
        NotSelected, // neither: left out
    };

    // Entries are relative to the source root. As rsync does, leading "./" and
    // '/' are stripped (a list made with `find .` or absolute-looking paths
    // works), so are trailing '/', and empty entries are skipped; an entry that
    // is only "." or "/" selects the whole root. Anything validateRelativePath()
    // refuses (such as "..") is an Errc::InvalidArgument error naming the entry.
    static Result<FilesFromSet> compile(const std::vector<std::string>& paths);

    // `relPath` as in FilterSet::excluded(); "" is the transfer root itself.
    Selection select(std::string_view relPath, bool isDir) const;

    // True when nothing at all is selected.
    bool empty() const;

private:
    struct StringHash {
        using is_transparent = void;
        size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
    };
    using StringSet = std::unordered_set<std::string, StringHash, std::equal_to<>>;

    StringSet m_listed;
    StringSet m_ancestors; // every proper parent directory of a listed path
    bool m_everything = false;
};

} // namespace fg::filter
