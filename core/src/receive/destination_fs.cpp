#include "receive/destination_fs.h"

#include <cerrno>

namespace fg {
namespace {

std::string stepText(int64_t ns)
{
    if (ns >= 1000000000 && ns % 1000000000 == 0) return std::to_string(ns / 1000000000) + " s";
    if (ns >= 1000000 && ns % 1000000 == 0) return std::to_string(ns / 1000000) + " ms";
    if (ns >= 1000 && ns % 1000 == 0) return std::to_string(ns / 1000) + " µs";
    return std::to_string(ns) + " ns";
}

} // namespace

const FsTraits& DestinationFileSystems::of(const platform::DirHandle& dir)
{
    auto info = dir.stat();
    if (info.ok())
        if (auto it = m_byDevice.find(info->device); it != m_byDevice.end()) return *it->second;
    auto traits = std::make_unique<FsTraits>(probeFileSystem(dir));
    describe(*traits);
    const uint64_t device = info.ok() ? info->device : traits->fs.device;
    auto [it, inserted] = m_byDevice.emplace(device, std::move(traits));
    return *it->second;
}

const FsTraits* DestinationFileSystems::known(uint64_t device) const
{
    auto it = m_byDevice.find(device);
    return it == m_byDevice.end() ? nullptr : it->second.get();
}

names::NameRules DestinationFileSystems::allRules() const
{
    names::NameRules all;
    for (const auto& [device, t] : m_byDevice) {
        all.foldsCase = all.foldsCase || t->names.foldsCase;
        all.foldsNormalization = all.foldsNormalization || t->names.foldsNormalization;
    }
    return all;
}

void DestinationFileSystems::describe(const FsTraits& t) const
{
    if (!m_note) return;
    const std::string where = "the destination (" + t.describe() + ")";
    if (t.names.any())
        m_note(false, where + " " + names::describeRules(t.names)
                          + ": two source names that would be one name there are never merged (both are refused; "
                            "with --name-mapping map where it holds only Windows' names, the second is stored "
                            "with a suffix)");
    if (!t.timesStick)
        m_note(true, where + " does not keep the modification times floodgate sets: every run will send its "
                             "files again; -c (--checksum) compares them by content instead");
    else if (t.timeGranularityNs >= 1000000)
        m_note(false, where + " keeps modification times to " + stepText(t.timeGranularityNs)
                          + ": times that close count as equal (as --modify-window would make them)");
    // (One whose chmod fails outright is warned about by the receiver, once
    // for the job whichever way it learns it.)
    if (!t.keepsModes && t.modeError.empty())
        m_note(false, where + " does not keep permissions: they are neither set nor compared there");
    else if (t.keepsModes && t.keptModeBits == 0200)
        m_note(false, where + " keeps only whether a file is read-only: the other permission bits are neither "
                              "set nor compared there");
}

bool chmodUnsupported(const Error& error)
{
    return error.sysErrno == ENOSYS || error.sysErrno == EOPNOTSUPP || error.sysErrno == ENOTSUP
        || error.sysErrno == EPERM;
}

} // namespace fg
