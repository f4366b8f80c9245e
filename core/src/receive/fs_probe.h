#pragma once
#include "internal.h"
// What a destination file system keeps, learned by trying it once with a
// scratch file rather than guessed from its name: FUSE file systems, SMB and
// NFS mounts all look alike from outside. The receiver probes each file
// system it writes to once per job (see DestinationFileSystems).

#include "names/name_fold.h"
#include "platform/fs.h"

#include <cstdint>
#include <string>

namespace fg {

struct FsTraits {
    // How it compares names: case, Unicode normalisation.
    names::NameRules names;
    // The step its modification times keep: 1 ns on ext4, 1 s or 2 s on
    // FAT-like file systems. Times closer than this count as equal, or a
    // no-change re-sync would send everything again.
    int64_t timeGranularityNs = 1;
    // A modification time set on a file reads back (near enough).
    bool timesStick = true;
    // A rename stamps the file anew (fusefat does): its time must be set
    // once it is in place.
    bool stampAfterRename = false;
    // chmod works and the mode reads back; when false, modes are neither set
    // nor compared there.
    bool keepsModes = true;
    // Which bits of a mode it keeps: all, or only the owner's write bit
    // (Windows' and FAT's read-only attribute); the rest are neither set
    // nor compared there.
    uint32_t keptModeBits = 07777;
    // When chmod itself fails (ENOSYS on some FUSE file systems), why.
    std::string modeError;
    // One of the kernel's local disk file systems (ext4, xfs, btrfs, tmpfs,
    // ...), probed and keeping modes and times: a time set on an open file
    // stays through its close, and a close reports no write error of its
    // own (those come with the writes, and with fsync). A file is written
    // there with fewer system calls (Receiver::commit).
    bool localDisk = false;
    // A local disk where a file can be made without a name and named once
    // it is complete (O_TMPFILE, then a link): a small file needs no
    // temporary name, no lock against other jobs' clean-up and no rename
    // (Receiver::openFor).
    bool anonymousTemps = false;
    // False when the probe could not write (a read-only destination, a dry
    // run into a directory it may not change): the fields are then what a
    // look at existing names could tell, and the rest are the defaults.
    bool probed = false;
    platform::FileSystemInfo fs;

    // "fuse.fusefat at /mnt/usb", for messages.
    std::string describe() const;
};

// Probes the file system `dir` is on: a scratch file (".fg-probe-...") is
// made, looked up under other spellings, stamped, chmod'ed and removed; the
// directory's own modification time is put back. Without write access it
// falls back to looking an existing name up in another case.
FsTraits probeFileSystem(const platform::DirHandle& dir);

} // namespace fg
