#pragma once
#include "internal.h"
// Names that Windows file systems (NTFS, FAT, exFAT, and SMB shares served
// from them) cannot hold, though Linux can: for a message that says which
// rule a refused name broke, and for the Windows platform layer, which
// refuses to create them. Pure functions, the same on every OS.

#include <string>
#include <string_view>

namespace fg::platform {

// Why such a file system would refuse `name`, in a few words ("it holds a
// '\\'", "it ends in a dot", "CON is a reserved device name"); empty when it
// breaks none of their rules.
std::string windowsNameProblem(std::string_view name);

// Those rules in one parenthesis, for a message that names one of them.
inline constexpr std::string_view kWindowsNameRules =
    " (FAT, exFAT and NTFS do not allow \\ : * ? \" < > |, control characters, a final dot or space, or names "
    "like CON and NUL)";

// Whether `name` is one of Windows' device names (CON, PRN, AUX, NUL,
// COM1-9, LPT1-9), alone or with an extension ("nul.txt"), in any case.
bool isReservedDeviceName(std::string_view name);

// Whether a file system of this type ("vfat", "fuseblk", as FileSystemInfo
// names it) holds only the names Windows allows: the FAT family, exFAT,
// NTFS (the kernel's, or ntfs-3g and exfat-fuse as "fuseblk") and SMB
// shares (FileSystemInfo::windowsNames says it for a mounted file system,
// and is always true on Windows).
bool typeFollowsWindowsNames(std::string_view type);

} // namespace fg::platform
