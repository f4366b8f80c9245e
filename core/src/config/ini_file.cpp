#include "config/ini_file.h"

namespace fg::config {
namespace {

// Hand-edited files should not be megabytes; a bigger one is a mistake.
constexpr size_t kMaxLineBytes = 4096;

bool isSpace(char c) { return c == ' ' || c == '\t' || c == '\r'; }

std::string_view trim(std::string_view s)
{
    while (!s.empty() && isSpace(s.front())) s.remove_prefix(1);
    while (!s.empty() && isSpace(s.back())) s.remove_suffix(1);
    return s;
}

bool isKeyChar(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_'
        || c == '.';
}

bool isKey(std::string_view s)
{
    if (s.empty()) return false;
    for (char c : s)
        if (!isKeyChar(c)) return false;
    return true;
}

} // namespace

Result<IniFile> parseIni(std::string_view text, const std::string& source)
{
    IniFile file;
    file.sections.push_back(IniSection{});
    auto fail = [&](int line, const std::string& what) {
        return Error(Errc::InvalidArgument, source + ", line " + std::to_string(line) + ": " + what);
    };
    int lineNo = 0;
    while (!text.empty()) {
        ++lineNo;
        size_t nl = text.find('\n');
        std::string_view raw = text.substr(0, nl);
        text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
        if (raw.size() > kMaxLineBytes)
            return fail(lineNo, "the line is longer than " + std::to_string(kMaxLineBytes) + " bytes");
        if (raw.find('\0') != std::string_view::npos) return fail(lineNo, "the line holds a NUL byte: is this a text file?");
        if (lineNo == 1 && raw.substr(0, 3) == "\xEF\xBB\xBF") raw.remove_prefix(3); // a byte-order mark
        std::string_view line = trim(raw);
        if (line.empty() || line.front() == '#' || line.front() == ';') continue;
        if (line.front() == '[') {
            if (line.back() != ']') return fail(lineNo, "a section header must end with ']'");
            std::string_view inside = trim(line.substr(1, line.size() - 2));
            size_t space = inside.find_first_of(" \t");
            std::string_view name = inside.substr(0, space);
            std::string_view argument = space == std::string_view::npos ? std::string_view() : trim(inside.substr(space));
            if (!isKey(name)) return fail(lineNo, "'" + std::string(line) + "' is not a section header like [daemon] or [module NAME]");
            if (argument.find_first_of(" \t[]") != std::string_view::npos)
                return fail(lineNo, "a section's name is one word: '" + std::string(argument) + "'");
            file.sections.push_back(IniSection{std::string(name), std::string(argument), lineNo, {}});
            continue;
        }
        size_t eq = line.find('=');
        if (eq == std::string_view::npos)
            return fail(lineNo, "expected 'key = value', a [section] or a # comment, got '" + std::string(line) + "'");
        std::string_view key = trim(line.substr(0, eq));
        if (!isKey(key))
            return fail(lineNo, key.empty() ? std::string("a value without a key")
                                            : "'" + std::string(key) + "' is not a key (letters, digits, '-', '_', '.')");
        file.sections.back().entries.push_back(IniEntry{std::string(key), std::string(trim(line.substr(eq + 1))), lineNo});
    }
    return file;
}

} // namespace fg::config
