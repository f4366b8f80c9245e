#include "names/name_fold.h"

#include "common/path.h"

#include <utf8proc.h>

#include <cstdlib>
#include <memory>
#include <unordered_map>

namespace fg::names {
namespace {

// A name whose every byte is ASCII and no letter is upper case is its own key
// under every rule: NFC leaves ASCII alone, and folding maps a lower-case
// ASCII letter to itself. Two different such names never collide.
bool isPlain(std::string_view name)
{
    for (unsigned char c : name)
        if (c >= 0x80 || (c >= 'A' && c <= 'Z')) return false;
    return true;
}

std::string asciiFolded(std::string_view name)
{
    std::string out(name);
    for (char& c : out)
        if (c >= 'A' && c <= 'Z') c = char(c - 'A' + 'a');
    return out;
}

// NFC through utf8proc; the input is valid UTF-8 (checked by the caller).
std::string composed(std::string_view name)
{
    utf8proc_uint8_t* out = nullptr;
    const utf8proc_ssize_t n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(name.data()),
                                            utf8proc_ssize_t(name.size()), &out, utf8proc_option_t(UTF8PROC_STABLE | UTF8PROC_COMPOSE));
    std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
    if (n < 0) return std::string(name);
    return std::string(reinterpret_cast<const char*>(out), size_t(n));
}

// Each code point through its simple upper-case mapping, then its lower-case
// one: "ſ", "s" and "S" all become "s", as an up-case table makes them one.
std::string caseFolded(std::string_view name)
{
    std::string out;
    out.reserve(name.size());
    auto p = reinterpret_cast<const utf8proc_uint8_t*>(name.data());
    utf8proc_ssize_t left = utf8proc_ssize_t(name.size());
    while (left > 0) {
        utf8proc_int32_t cp = 0;
        const utf8proc_ssize_t len = utf8proc_iterate(p, left, &cp);
        if (len <= 0) return asciiFolded(name);
        cp = utf8proc_tolower(utf8proc_toupper(cp));
        utf8proc_uint8_t buf[4];
        const utf8proc_ssize_t w = utf8proc_encode_char(cp, buf);
        out.append(reinterpret_cast<const char*>(buf), size_t(w));
        p += len;
        left -= len;
    }
    return out;
}

} // namespace

bool mayFold(std::string_view name)
{
    return !isPlain(name);
}

std::string comparisonKey(std::string_view name, NameRules rules)
{
    if (isPlain(name) || !rules.any()) return std::string(name);
    if (!isValidUtf8(name)) return rules.foldsCase ? asciiFolded(name) : std::string(name);
    if (!rules.foldsNormalization) return caseFolded(name);
    if (!rules.foldsCase) return composed(name);
    // Folding can undo a composition ("Å" may map through forms NFC would
    // write otherwise): compose on both sides of it.
    return composed(caseFolded(composed(name)));
}

std::vector<uint8_t> collisionBits(const std::vector<std::string_view>& names)
{
    std::vector<uint8_t> bits(names.size(), 0);
    std::vector<size_t> special;
    for (size_t i = 0; i < names.size(); ++i)
        if (!isPlain(names[i])) special.push_back(i);
    if (special.empty()) return bits;

    constexpr struct {
        NameRules rules;
        uint8_t bit;
    } kRules[] = {
        {{true, false}, kCollidesFoldingCase},
        {{false, true}, kCollidesFoldingNormalization},
        {{true, true}, kCollidesFoldingBoth},
    };
    for (const auto& rule : kRules) {
        // The keys of the names that need folding, and who has each.
        std::unordered_map<std::string, std::vector<size_t>> byKey;
        for (size_t i : special) byKey[comparisonKey(names[i], rule.rules)].push_back(i);
        // A plain name is its own key: it collides with the special names
        // that fold onto it.
        for (size_t i = 0; i < names.size(); ++i) {
            if (!isPlain(names[i])) continue;
            auto it = byKey.find(std::string(names[i]));
            if (it != byKey.end()) it->second.push_back(i);
        }
        for (const auto& [key, holders] : byKey)
            if (holders.size() > 1)
                for (size_t i : holders) bits[i] |= rule.bit;
    }
    return bits;
}

bool collidesUnder(uint8_t bits, NameRules rules)
{
    if (rules.foldsCase && rules.foldsNormalization) return bits & kCollidesFoldingBoth;
    if (rules.foldsCase) return bits & kCollidesFoldingCase;
    if (rules.foldsNormalization) return bits & kCollidesFoldingNormalization;
    return false;
}

std::string describeRules(NameRules rules)
{
    if (rules.foldsCase && rules.foldsNormalization)
        return "does not tell upper and lower case apart, nor Unicode normalisation forms";
    if (rules.foldsCase) return "does not tell upper and lower case apart";
    if (rules.foldsNormalization) return "does not tell Unicode normalisation forms apart";
    return "tells every name apart";
}

} // namespace fg::names
