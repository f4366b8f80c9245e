#pragma once
#include "internal.h"
// Opening a child of a directory by its handle (NtCreateFile with a root
// directory): Windows' openat. Everything below a transfer root goes through
// this, so a link planted in a tree, or a directory renamed meanwhile, cannot
// send a read or a write outside it. Only the win32 platform files use it.

#include <floodgate/error.h>

#include <cstdint>
#include <string>
#include <string_view>

#include <windows.h>

namespace fg::platform::win32 {

// What to do when the name does (not) exist.
enum class Disposition : uint32_t { OpenExisting, CreateNew };
// What the open may be: anything, a directory only, a non-directory only.
enum class Kind : uint8_t { Any, Directory, NonDirectory };

struct NtOpen {
    ACCESS_MASK access = 0;  // SYNCHRONIZE is added
    Disposition disposition = Disposition::OpenExisting;
    Kind kind = Kind::Any;
    bool followLink = false; // false: a symlink or junction is opened itself
    uint32_t attributes = FILE_ATTRIBUTE_NORMAL;
};

// Opens `name` (a single component, or empty for the directory itself)
// relative to `dir`. The error names `display` and says what was tried.
Result<HANDLE> openRelative(HANDLE dir, std::string_view name, const NtOpen& how, const std::string& display,
                            const char* doing);

// Whether an open handle is a symbolic link or a junction (a reparse point
// that names another path), as opposed to a file or directory, or a reparse
// point that stands for its own data (deduplicated and cloud files).
bool isNameSurrogate(HANDLE file);

// Sets an information class on a handle through NtSetInformationFile.
long setInformation(HANDLE file, void* data, unsigned long size, int informationClass);

// The information classes this layer uses (winternl.h names only a few).
enum InformationClass : int {
    kFileFullDirectoryInformation = 2,
    kFileRenameInformation = 10,
    kFileLinkInformation = 11,
    kFileDispositionInformation = 13,
    kFileDispositionInformationEx = 64,
    kFileRenameInformationEx = 65,
};

// Lists a directory through NtQueryDirectoryFile: calls `each` with every
// entry's name (UTF-16), attributes and reparse tag. A fresh handle is used,
// so that concurrent listings of one DirHandle do not share a position.
long queryDirectory(HANDLE dir, void* buffer, unsigned long size, bool restart);

} // namespace fg::platform::win32
