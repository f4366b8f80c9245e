#include "names/windows_mapping.h"

#include "platform/windows_names.h"

#include <utf8proc.h>

#include <vector>

namespace fg::names {
namespace {

constexpr char32_t kEscape = 0x201B;       // ‛
constexpr char32_t kFinalDot = 0xFF0E;     // ．
constexpr char32_t kFinalSpace = 0x2420;   // ␠
constexpr std::string_view kRefused = "<>:\"\\|?*";

// One character of a name: its code point, or -1 for a byte that is not
// UTF-8 (kept as it is), and its bytes.
struct Unit {
    int32_t cp = -1;
    std::string_view raw;
};

std::vector<Unit> unitsOf(std::string_view name)
{
    std::vector<Unit> out;
    out.reserve(name.size());
    for (size_t at = 0; at < name.size();) {
        utf8proc_int32_t cp = -1;
        auto len = utf8proc_iterate(reinterpret_cast<const utf8proc_uint8_t*>(name.data() + at),
                                    utf8proc_ssize_t(name.size() - at), &cp);
        if (len <= 0) {
            out.push_back({-1, name.substr(at, 1)});
            ++at;
            continue;
        }
        out.push_back({cp, name.substr(at, size_t(len))});
        at += size_t(len);
    }
    return out;
}

void append(std::string& out, char32_t cp)
{
    utf8proc_uint8_t buf[4];
    const auto n = utf8proc_encode_char(utf8proc_int32_t(cp), buf);
    out.append(reinterpret_cast<const char*>(buf), size_t(n));
}

// Full-width forms are ASCII + 0xFEE0 (U+FF01-U+FF5E).
char32_t fullWidth(char32_t ascii) { return ascii + 0xFEE0; }
bool isFullWidthOfRefused(int32_t cp)
{
    return cp >= 0xFF01 && cp <= 0xFF5E && kRefused.find(char(cp - 0xFEE0)) != std::string_view::npos;
}
bool isControlPicture(int32_t cp) { return cp >= 0x2401 && cp <= 0x241F; }
bool isFullWidthLetter(int32_t cp) { return (cp >= 0xFF21 && cp <= 0xFF3A) || (cp >= 0xFF41 && cp <= 0xFF5A); }

// Whether `name` would be a device name with its first character, a
// full-width letter, read as the ASCII letter it stands for.
bool reservedWithAsciiFirst(std::string_view name, const Unit& first)
{
    if (!isFullWidthLetter(first.cp)) return false;
    std::string plain(1, char(first.cp - 0xFEE0));
    plain.append(name.substr(first.raw.size()));
    return platform::isReservedDeviceName(plain);
}

bool plainAscii(std::string_view name)
{
    for (unsigned char c : name)
        if (c < 0x20 || c >= 0x80 || kRefused.find(char(c)) != std::string_view::npos) return false;
    return true;
}

} // namespace

std::string toWindowsName(std::string_view name)
{
    if (name.empty()) return {};
    // The usual name, ASCII Windows allows: itself.
    if (plainAscii(name) && name.back() != '.' && name.back() != ' ' && !platform::isReservedDeviceName(name))
        return std::string(name);
    const std::vector<Unit> units = unitsOf(name);
    std::string out;
    out.reserve(name.size() + 8);
    for (size_t i = 0; i < units.size(); ++i) {
        const Unit& u = units[i];
        const bool last = i + 1 == units.size();
        if (i == 0 && platform::isReservedDeviceName(name)) {
            append(out, fullWidth(char32_t(u.cp))); // a letter: C, P, A, N or L
        } else if (i == 0 && reservedWithAsciiFirst(name, u)) {
            append(out, kEscape);
            out += u.raw;
        } else if (u.cp == int32_t(kEscape)) {
            append(out, kEscape);
            append(out, kEscape);
        } else if (u.cp > 0 && u.cp < 0x80 && kRefused.find(char(u.cp)) != std::string_view::npos) {
            append(out, fullWidth(char32_t(u.cp)));
        } else if (u.cp > 0 && u.cp < 0x20) {
            append(out, 0x2400 + char32_t(u.cp));
        } else if (isFullWidthOfRefused(u.cp) || isControlPicture(u.cp)) {
            append(out, kEscape);
            out += u.raw;
        } else if (last && (u.cp == '.' || u.cp == ' ')) {
            append(out, u.cp == '.' ? kFinalDot : kFinalSpace);
        } else if (last && (u.cp == int32_t(kFinalDot) || u.cp == int32_t(kFinalSpace))) {
            append(out, kEscape);
            out += u.raw;
        } else {
            out += u.raw;
        }
    }
    return out;
}

namespace {

// A stored name's characters with its escapes read and its collision
// suffixes dropped: what decides which character is first and last.
struct Token {
    Unit unit;
    bool literal = false; // escaped: itself, whatever its place
};

std::vector<Token> tokensOf(std::string_view stored)
{
    const std::vector<Unit> units = unitsOf(stored);
    std::vector<Token> tokens;
    tokens.reserve(units.size());
    auto isDigit = [&](size_t i) { return i < units.size() && units[i].cp >= '0' && units[i].cp <= '9'; };
    for (size_t i = 0; i < units.size(); ++i) {
        if (units[i].cp == int32_t(kEscape) && i + 1 < units.size()) {
            if (isDigit(i + 1)) {
                while (isDigit(i + 1)) ++i;
                continue;
            }
            tokens.push_back({units[++i], true});
            continue;
        }
        tokens.push_back({units[i], false});
    }
    return tokens;
}

} // namespace

std::string fromWindowsName(std::string_view stored)
{
    if (plainAscii(stored)) return std::string(stored);
    const std::vector<Token> tokens = tokensOf(stored);
    std::string out;
    out.reserve(stored.size());
    for (size_t i = 0; i < tokens.size(); ++i) {
        const Token& t = tokens[i];
        const int32_t cp = t.unit.cp;
        const bool last = i + 1 == tokens.size();
        if (t.literal) out += t.unit.raw;
        else if (isFullWidthOfRefused(cp)) out += char(cp - 0xFEE0);
        else if (isControlPicture(cp)) out += char(cp - 0x2400);
        else if (last && cp == int32_t(kFinalDot)) out += '.';
        else if (last && cp == int32_t(kFinalSpace)) out += ' ';
        else out += t.unit.raw;
    }
    // A device name's first letter, read once the rest is as it was.
    if (!tokens.empty() && !tokens[0].literal && reservedWithAsciiFirst(out, tokens[0].unit))
        out.replace(0, tokens[0].unit.raw.size(), 1, char(tokens[0].unit.cp - 0xFEE0));
    return out;
}

std::string withoutCollisionSuffix(std::string_view stored)
{
    if (plainAscii(stored)) return std::string(stored);
    std::string out;
    out.reserve(stored.size());
    for (const Token& t : tokensOf(stored)) {
        if (t.literal) append(out, kEscape);
        out += t.unit.raw;
    }
    return out;
}

std::string withCollisionSuffix(std::string_view stored, unsigned n)
{
    std::string suffix;
    append(suffix, kEscape);
    suffix += std::to_string(n);
    const size_t dot = stored.rfind('.');
    std::string out(stored);
    if (dot == std::string_view::npos || dot == 0) return out + suffix;
    return out.insert(dot, suffix);
}

} // namespace fg::names
