#include "receive/link_dest.h"

#include "common/path.h"

namespace fg {
namespace {

// "a/b" + "../c" -> "a/c"; nullopt when it climbs above the start.
std::optional<std::string> joinWithin(std::string_view base, std::string_view rel)
{
    std::vector<std::string_view> parts = splitPath(base);
    for (std::string_view p : splitPath(rel)) {
        if (p == ".") continue;
        if (p == "..") {
            if (parts.empty()) return std::nullopt;
            parts.pop_back();
            continue;
        }
        parts.push_back(p);
    }
    std::string out;
    for (auto p : parts) out = joinPath(out, p);
    return out;
}

} // namespace

Result<std::unique_ptr<LinkDest>> LinkDest::open(const RootSpec& root, const std::vector<std::string>& dirs,
                                                 std::vector<std::string>* skipped)
{
    std::unique_ptr<LinkDest> l(new LinkDest());
    const bool confined = !root.displayBase.empty();
    for (const std::string& dir : dirs) {
        Result<platform::DirHandle> handle = Error(Errc::NotFound, "");
        if (confined) {
            if (dir.front() == '/')
                return Error(Errc::InvalidArgument, "--link-dest " + dir + ": a daemon links from inside the module "
                                                        "only; give a path relative to the destination");
            auto inside = joinWithin(root.relative, dir);
            if (!inside)
                return Error(Errc::UnsafePath, "--link-dest " + dir + " would leave the module " + root.shownBase());
            handle = openBelow(root.base, *inside, root.displayBase);
        } else {
            const std::string path = dir.front() == '/' ? dir : joinPath(stripTrailingSlashes(root.base), dir);
            handle = platform::DirHandle::open(path);
        }
        if (!handle.ok()) {
            if (handle.error().code != Errc::NotFound) return std::move(handle).error();
            if (skipped) skipped->push_back(dir);
            continue;
        }
        l->m_dirs.push_back(std::make_unique<DirCache>(std::move(handle).value()));
    }
    return l;
}

std::unique_ptr<LinkDest> LinkDest::fromDirs(std::vector<platform::DirHandle> dirs)
{
    std::unique_ptr<LinkDest> l(new LinkDest());
    for (auto& dir : dirs) l->m_dirs.push_back(std::make_unique<DirCache>(std::move(dir)));
    return l;
}

std::optional<LinkDest::Match> LinkDest::findAny(const std::string& target)
{
    const std::string name(baseName(target));
    for (auto& cache : m_dirs) {
        auto dir = cache->get(parentOf(target));
        if (!dir.ok()) continue;
        auto info = (*dir)->statAt(name);
        if (info.ok() && info->type == platform::FileType::Regular) return Match{*dir, name};
    }
    return std::nullopt;
}

std::optional<LinkDest::Match> LinkDest::find(const FileEntry& source, const std::string& target, const PlanRules& rules)
{
    if (!source.isRegular()) return std::nullopt;
    const std::string name(baseName(target));
    for (auto& cache : m_dirs) {
        auto dir = cache->get(parentOf(target));
        if (!dir.ok()) continue;
        auto info = (*dir)->statAt(name);
        if (!info.ok() || info->type != platform::FileType::Regular) continue;
        // Identical in what is kept: a link shares all of it.
        if (info->size != source.size || !sameTime(info->mtimeNs, source.mtimeNs, rules.modifyWindowNs)) continue;
        if (rules.modesDiffer(info->mode, source.mode)) continue;
        return Match{*dir, name};
    }
    return std::nullopt;
}

} // namespace fg
