#include "common/path.h"

#include <floodgate/json.h>

namespace fg {

bool isValidUtf8(std::string_view text)
{
    // Overlong forms, surrogates and values past U+10FFFF are not UTF-8
    // (utf8SequenceAt gives 0 for them).
    for (size_t i = 0; i < text.size();) {
        const size_t len = utf8SequenceAt(text, i);
        if (len == 0) return false;
        i += len;
    }
    return true;
}

Status validateRelativePath(std::string_view path)
{
    auto refuse = [&](const char* why) {
        return Error(Errc::UnsafePath, "refused path '" + std::string(path.substr(0, 200)) + "': " + why);
    };
    if (path.empty()) return refuse("empty");
    if (path.size() > kMaxPathBytes) return refuse("longer than 4096 bytes");
    if (path.front() == '/') return refuse("absolute paths are not allowed");
    if (path.find('\0') != std::string_view::npos) return refuse("contains a NUL byte");
    size_t start = 0;
    for (;;) {
        size_t end = path.find('/', start);
        std::string_view part = path.substr(start, end == std::string_view::npos ? std::string_view::npos : end - start);
        if (part.empty()) return refuse("empty component");
        if (part == ".") return refuse("'.' component");
        if (part == "..") return refuse("'..' would leave the transfer root");
        if (part.size() > kMaxNameBytes) return refuse("a name is longer than 255 bytes");
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return {};
}

std::vector<std::string_view> splitPath(std::string_view path)
{
    std::vector<std::string_view> parts;
    size_t start = 0;
    while (start <= path.size()) {
        size_t end = path.find('/', start);
        if (end == std::string_view::npos) end = path.size();
        if (end > start) parts.push_back(path.substr(start, end - start));
        start = end + 1;
    }
    return parts;
}

std::string_view parentOf(std::string_view path)
{
    size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? std::string_view() : path.substr(0, slash);
}

std::string_view baseName(std::string_view path)
{
    size_t slash = path.rfind('/');
    return slash == std::string_view::npos ? path : path.substr(slash + 1);
}

std::string joinPath(std::string_view a, std::string_view b)
{
    if (a.empty()) return std::string(b);
    if (b.empty()) return std::string(a);
    std::string out(a);
    if (out.back() != '/') out.push_back('/');
    out.append(b);
    return out;
}

std::string stripTrailingSlashes(std::string_view path)
{
    std::string out(path);
    while (out.size() > 1 && out.back() == '/') out.pop_back();
    return out;
}

std::string localBaseName(std::string_view path)
{
    std::string p = stripTrailingSlashes(path);
    if (p == "/") return "";
    size_t slash = p.rfind('/');
    return slash == std::string::npos ? p : p.substr(slash + 1);
}

std::string localDirName(std::string_view path)
{
    std::string p = stripTrailingSlashes(path);
    size_t slash = p.rfind('/');
    if (slash == std::string::npos) return ".";
    if (slash == 0) return "/";
    return p.substr(0, slash);
}

} // namespace fg
