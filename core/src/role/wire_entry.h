#pragma once
#include "internal.h"
// A file list's entry as it travels in FileListBatch, and back: the sender
// lists what it scanned, the receiver plans what it read.

#include "proto/messages.h"
#include "scan/file_entry.h"

namespace fg {

inline proto::WireEntry toWire(const FileEntry& e)
{
    proto::WireEntry w;
    w.path = e.path;
    w.type = e.isDir() ? proto::WireFileType::Directory
           : e.isSymlink() ? proto::WireFileType::Symlink
                           : proto::WireFileType::Regular;
    w.mode = e.mode;
    w.size = e.size;
    w.mtimeNs = e.mtimeNs;
    w.linkTarget = e.linkTarget;
    w.hash = e.hash;
    w.nameCollisions = e.nameCollisions;
    w.hardLinkTo = e.hardLinkTo;
    w.contentsOmitted = e.contentsOmitted;
    if (e.hasOwner) w.owner = std::make_pair(e.uid, e.gid);
    return w;
}

inline FileEntry fromWire(proto::WireEntry&& w)
{
    FileEntry e;
    e.path = std::move(w.path);
    e.type = w.type == proto::WireFileType::Directory ? platform::FileType::Directory
           : w.type == proto::WireFileType::Symlink   ? platform::FileType::Symlink
                                                      : platform::FileType::Regular;
    e.mode = w.mode;
    e.size = e.isRegular() ? w.size : 0;
    e.mtimeNs = w.mtimeNs;
    e.linkTarget = std::move(w.linkTarget);
    e.hash = w.hash;
    e.nameCollisions = w.nameCollisions;
    e.hardLinkTo = w.hardLinkTo;
    e.contentsOmitted = w.contentsOmitted;
    if (w.owner) {
        e.hasOwner = true;
        e.uid = w.owner->first;
        e.gid = w.owner->second;
    }
    return e;
}

} // namespace fg
