#include "plan/partial_files.h"

#include "common/path.h"

namespace fg {
namespace {
constexpr std::string_view kPartialSuffix = ".fg-partial";
} // namespace

Status checkPartialDir(std::string_view dir)
{
    if (dir.empty()) return {};
    const std::string shown = "--partial-dir " + std::string(dir);
    if (dir.front() == '/')
        return Error(Errc::InvalidArgument,
                     shown + ": an absolute folder is not supported yet; give a folder name kept inside each "
                             "destination folder (like .rsync-partial)");
    const std::string trimmed = stripTrailingSlashes(dir);
    if (Status safe = validateRelativePath(trimmed); !safe)
        return Error(Errc::InvalidArgument, shown + ": " + safe.error().message
                                           + " (it is a folder inside each destination folder, and must stay there)");
    // It becomes a filter pattern (partialDirRules): one that means only itself.
    if (trimmed.find_first_of("*?[\\") != std::string::npos)
        return Error(Errc::InvalidArgument, shown + ": wildcard characters (* ? [ \\) are not supported in it; "
                                                    "choose a plain folder name");
    return {};
}

Result<PartialLayout> PartialLayout::forPartialDir(std::string_view dir)
{
    FG_TRY(checkPartialDir(dir));
    PartialLayout layout;
    layout.m_folder = stripTrailingSlashes(dir);
    return layout;
}

std::optional<std::string> PartialLayout::pathFor(std::string_view name) const
{
    if (name.empty()) return std::nullopt;
    if (!m_folder.empty()) return joinPath(m_folder, name);
    if (1 + name.size() + kPartialSuffix.size() > kMaxNameBytes) return std::nullopt;
    std::string out = ".";
    out.append(name);
    out.append(kPartialSuffix);
    return out;
}

std::optional<std::string> PartialLayout::targetOf(std::string_view entry) const
{
    if (!m_folder.empty()) return entry.empty() ? std::nullopt : std::optional<std::string>(entry);
    if (entry.size() <= 1 + kPartialSuffix.size() || entry.front() != '.' || !entry.ends_with(kPartialSuffix))
        return std::nullopt;
    return std::string(entry.substr(1, entry.size() - 1 - kPartialSuffix.size()));
}

std::vector<FilterSpec> partialDirRules(std::string_view dir)
{
    if (dir.empty() || dir.front() == '/') return {};
    // Hidden from the sender and kept from --delete; --delete-excluded
    // removes such folders, as in rsync (the job has used what they held).
    return {FilterSpec{FilterSpec::Kind::Exclude, stripTrailingSlashes(dir) + "/", 0}};
}

} // namespace fg
