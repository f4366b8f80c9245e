#include "platform/win32/win_text.h"

#include <windows.h>

#include <algorithm>
#include <vector>

namespace fg::platform::win32 {

std::wstring widen(std::string_view utf8)
{
    if (utf8.empty()) return {};
    const int n = ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), nullptr, 0);
    std::wstring out(size_t(std::max(n, 0)), L'\0');
    if (n > 0) ::MultiByteToWideChar(CP_UTF8, 0, utf8.data(), int(utf8.size()), out.data(), n);
    return out;
}

std::string narrow(std::wstring_view utf16)
{
    if (utf16.empty()) return {};
    const int n = ::WideCharToMultiByte(CP_UTF8, 0, utf16.data(), int(utf16.size()), nullptr, 0, nullptr, nullptr);
    std::string out(size_t(std::max(n, 0)), '\0');
    if (n > 0) ::WideCharToMultiByte(CP_UTF8, 0, utf16.data(), int(utf16.size()), out.data(), n, nullptr, nullptr);
    return out;
}

std::wstring toWindowsPath(const std::string& path)
{
    std::wstring wide = widen(path);
    std::replace(wide.begin(), wide.end(), L'/', L'\\');
    if (wide.rfind(L"\\\\?\\", 0) == 0) return wide;
    // GetFullPathNameW does what \\?\ turns off: the current directory for a
    // relative path or a bare drive ("D:relative"), "." and "..".
    DWORD n = ::GetFullPathNameW(wide.c_str(), 0, nullptr, nullptr);
    if (n == 0) return wide;
    std::vector<wchar_t> full(n + 1);
    n = ::GetFullPathNameW(wide.c_str(), DWORD(full.size()), full.data(), nullptr);
    std::wstring absolute(full.data(), n);
    if (absolute.rfind(L"\\\\.\\", 0) == 0) return absolute; // a device
    if (absolute.rfind(L"\\\\", 0) == 0) return L"\\\\?\\UNC\\" + absolute.substr(2);
    return L"\\\\?\\" + absolute;
}

std::string fromWindowsPath(std::wstring_view path)
{
    std::wstring p(path);
    if (p.rfind(L"\\\\?\\UNC\\", 0) == 0) p = L"\\\\" + p.substr(8);
    else if (p.rfind(L"\\\\?\\", 0) == 0) p = p.substr(4);
    std::replace(p.begin(), p.end(), L'\\', L'/');
    return narrow(p);
}

} // namespace fg::platform::win32
