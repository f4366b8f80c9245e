#include "filter/files_from.h"

#include "common/path.h"

namespace fg::filter {

Result<FilesFromSet> FilesFromSet::compile(const std::vector<std::string>& paths)
{
    FilesFromSet set;
    set.m_listed.reserve(paths.size());
    for (size_t i = 0; i < paths.size(); ++i) {
        std::string_view path = paths[i];
        if (path.empty()) continue;
        for (;;) {
            if (path.starts_with('/')) path.remove_prefix(1);
            else if (path.starts_with("./")) path.remove_prefix(2);
            else break;
        }
        while (!path.empty() && path.back() == '/') path.remove_suffix(1);
        if (path.empty() || path == ".") {
            // "." or "/": the source root itself, which a listed directory's
            // rule makes the whole tree.
            set.m_everything = true;
            continue;
        }
        if (Status valid = validateRelativePath(path); !valid)
            return Error(Errc::InvalidArgument, "--files-from entry " + std::to_string(i + 1) + ": "
                             + valid.error().message + " (entries are paths relative to the source)");
        set.m_listed.emplace(path);
        // Parents from the deepest up: once one is known, so are all above it.
        for (std::string_view parent = parentOf(path); !parent.empty(); parent = parentOf(parent))
            if (!set.m_ancestors.emplace(parent).second) break;
    }
    return set;
}

FilesFromSet::Selection FilesFromSet::select(std::string_view relPath, bool isDir) const
{
    if (m_everything) return Selection::Listed;
    if (relPath.empty()) return m_listed.empty() ? Selection::NotSelected : Selection::Ancestor;
    // Each leading part of the path, shortest first: a listed one selects the
    // path; one that is not even on the way to a listed path rules it out, so
    // most unselected paths cost a single lookup.
    size_t slash = relPath.find('/');
    for (;;) {
        std::string_view prefix = relPath.substr(0, slash);
        if (m_listed.contains(prefix)) return Selection::Listed;
        if (slash == std::string_view::npos) break;
        if (!m_ancestors.contains(prefix)) return Selection::NotSelected;
        slash = relPath.find('/', slash + 1);
    }
    return isDir && m_ancestors.contains(relPath) ? Selection::Ancestor : Selection::NotSelected;
}

bool FilesFromSet::empty() const
{
    return !m_everything && m_listed.empty();
}

} // namespace fg::filter
