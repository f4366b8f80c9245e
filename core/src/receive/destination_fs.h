#pragma once
#include "internal.h"
// The file systems one receiver writes into, each probed once (the first
// time a directory on it is planned) and remembered by device, with the
// notes a user gets once per job about what one cannot keep.

#include "receive/fs_probe.h"

#include <floodgate/error.h>

#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace fg {

class DestinationFileSystems {
public:
    // A note for the job's log: a warning (metadata that is lost) or an
    // information (a rule floodgate follows there).
    using Note = std::function<void(bool warning, const std::string& message)>;
    explicit DestinationFileSystems(Note note) : m_note(std::move(note)) {}

    // The traits of the file system `dir` is on, probing it on first sight.
    // The reference stays valid as long as this object.
    const FsTraits& of(const platform::DirHandle& dir);
    // The same for a file system already seen (device from a stat).
    const FsTraits* known(uint64_t device) const;
    // Every rule of every file system seen: the delete pass compares names
    // under all of them (keeping too much, never deleting a file whose name
    // the source has in another spelling).
    names::NameRules allRules() const;

private:
    void describe(const FsTraits& t) const;

    Note m_note;
    std::map<uint64_t, std::unique_ptr<FsTraits>> m_byDevice;
};

// A chmod error that says the file system cannot set modes at all, rather
// than that this file may not be changed: ENOSYS, EOPNOTSUPP, and EPERM on a
// file the receiver itself created.
bool chmodUnsupported(const Error& error);

} // namespace fg
