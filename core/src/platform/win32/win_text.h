#pragma once
#include "internal.h"
// Windows speaks UTF-16; the core speaks UTF-8 with '/' between components.
// These convert at the boundary, and nowhere else.

#include <string>
#include <string_view>

namespace fg::platform::win32 {

std::wstring widen(std::string_view utf8);
std::string narrow(std::wstring_view utf16);

// A path for the wide file APIs: absolute, '\' separators, "." and ".."
// resolved, and the \\?\ prefix (\\?\UNC\ for a share) so that paths past
// MAX_PATH work. A path already given as \\?\ is taken as it is.
std::wstring toWindowsPath(const std::string& path);

// What the core shows and compares: no \\?\ prefix, '/' separators
// ("C:/Users/me", "//nas/share/dir").
std::string fromWindowsPath(std::wstring_view path);

} // namespace fg::platform::win32
