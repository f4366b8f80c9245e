#include "job/roots.h"

#include "common/path.h"
#include "filter/filter.h"
#include "platform/fs.h"

namespace fg {

Status checkDestinationOutsideSource(const RootSpec& source, const RootSpec& destination, const TransferParams& params)
{
    auto src = platform::canonicalPath(source.base);
    if (!src.ok()) return {}; // the sender reports a missing source
    // The destination may not exist yet: resolve its nearest existing ancestor.
    std::string probe = destination.base;
    std::string rest;
    Result<std::string> dst = platform::canonicalPath(probe);
    while (!dst.ok() && probe != "/" && probe != ".") {
        rest = joinPath(localBaseName(probe), rest);
        probe = localDirName(probe);
        dst = platform::canonicalPath(probe);
    }
    if (!dst.ok()) return {};
    std::string full = joinPath(*dst, rest);
    const std::string& root = *src;
    if (full != root && full.compare(0, root.size() + 1, root + "/") != 0) return {};
    if (full == root) return Error(Errc::InvalidArgument, "the source and the destination are the same directory");
    // The destination's name as the filters see it: below "src/" for a
    // contents copy, below "src/<name>" for a named one.
    std::string inside = full.substr(root.size() + 1);
    std::string name = source.trailingSlash ? inside : joinPath(localBaseName(root), inside);
    auto filters = filter::FilterSet::compile(params.filters);
    if (filters.ok()) {
        // Excluding any directory on the way to it is enough.
        std::string prefix;
        for (std::string_view part : splitPath(name)) {
            prefix = joinPath(prefix, part);
            if (filters->excluded(prefix, true)) return {};
        }
    }
    return Error(Errc::InvalidArgument, "the destination " + destination.base + " is inside the source " + source.base
                                            + ", so the copy would copy itself; choose a destination outside the "
                                              "source, or exclude it with --exclude='/" + name + "/'");
}

RootSpec rootFor(const Endpoint& ep)
{
    RootSpec root;
    root.trailingSlash = ep.trailingSlash();
    std::string path = ep.path;
    while (path.size() > 1 && path.back() == '/') path.pop_back();
    root.base = path.empty() ? std::string(".") : path;
    return root;
}

} // namespace fg
