#include "platform/windows_names.h"

#include <array>
#include <cctype>

namespace fg::platform {

bool isReservedDeviceName(std::string_view name)
{
    std::string stem(name.substr(0, name.find('.')));
    for (char& c : stem) c = char(std::toupper(static_cast<unsigned char>(c)));
    static constexpr std::array<std::string_view, 4> kDevices = {"CON", "PRN", "AUX", "NUL"};
    for (auto d : kDevices)
        if (stem == d) return true;
    return stem.size() == 4 && (stem.starts_with("COM") || stem.starts_with("LPT")) && stem[3] >= '1' && stem[3] <= '9';
}

std::string windowsNameProblem(std::string_view name)
{
    for (unsigned char c : name) {
        if (c < 0x20) return "it holds a control character (byte " + std::to_string(c) + ")";
        if (std::string_view("\\:*?\"<>|").find(char(c)) != std::string_view::npos)
            return std::string("it holds a '") + char(c) + "'";
    }
    if (!name.empty() && (name.back() == '.' || name.back() == ' '))
        return name.back() == '.' ? "it ends in a dot" : "it ends in a space";
    if (isReservedDeviceName(name)) {
        std::string stem(name.substr(0, name.find('.')));
        for (char& c : stem) c = char(std::toupper(static_cast<unsigned char>(c)));
        return stem + " is a reserved device name";
    }
    // NTFS and exFAT hold 255 UTF-16 units a name: a character past U+FFFF
    // takes two (UTF-8's 4-byte sequences), a UTF-8 continuation byte none.
    size_t units = 0;
    for (unsigned char c : name) {
        if ((c & 0xC0) == 0x80) continue;
        units += c >= 0xF0 ? 2 : 1;
    }
    if (units > 255) return "it is " + std::to_string(units) + " UTF-16 units long, past the 255 a name may have";
    return {};
}

bool typeFollowsWindowsNames(std::string_view type)
{
    static constexpr std::array<std::string_view, 13> kTypes = {
        "msdos", "vfat", "fat", "exfat", "ntfs", "ntfs3", "fuseblk", "fuse.fusefat", "fuse.exfat", "fuse.ntfs-3g",
        "cifs", "smb3", "smbfs"};
    for (auto t : kTypes)
        if (type == t) return true;
    return false;
}

} // namespace fg::platform
