#include "platform/local_path.h"

#include <algorithm>

namespace fg::platform {

bool isNativeLocalPath(std::string_view text)
{
    const auto letter = [](char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); };
    // A drive ("C:", "C:\x", "D:relative"): Windows has no one-letter hosts
    // for ssh to take it for. A share or a device namespace ("\\nas\share",
    // "//nas/share", "\\?\C:\x").
    if (text.size() >= 2 && letter(text[0]) && text[1] == ':') return true;
    return text.size() >= 2 && (text[0] == '\\' || text[0] == '/') && (text[1] == '\\' || text[1] == '/');
}

std::string portableLocalPath(std::string_view text)
{
    std::string out(text);
    std::replace(out.begin(), out.end(), '\\', '/');
    return out;
}

} // namespace fg::platform
