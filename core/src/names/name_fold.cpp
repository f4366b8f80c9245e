#include "names/name_fold.h"

#include "common/path.h"

#include <utf8proc.h>

#include <cstdlib>
#include <memory>
#include <algorithm>
#include <string>

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

bool isAscii(std::string_view name)
{
    for (unsigned char c : name)
        if (c >= 0x80) return false;
    return true;
}

} // namespace

bool mayFold(std::string_view name)
{
    return !isPlain(name);
}

std::string comparisonKey(std::string_view name, NameRules rules)
{
    if (isPlain(name) || !rules.any()) return std::string(name);
    // ASCII is its own NFC, and folds by its letters alone.
    if (isAscii(name)) return rules.foldsCase ? asciiFolded(name) : std::string(name);
    if (!isValidUtf8(name)) return rules.foldsCase ? asciiFolded(name) : std::string(name);
    if (!rules.foldsNormalization) return caseFolded(name);
    if (!rules.foldsCase) return composed(name);
    // Folding can undo a composition ("Å" may map through forms NFC would
    // write otherwise): compose on both sides of it.
    return composed(caseFolded(composed(name)));
}

namespace {

// FNV-1a of a name as `rules` fold it, for ASCII names without a copy; the
// folded string for the others (rare: names past ASCII).
uint64_t keyHash(std::string_view name, NameRules rules, std::string* folded)
{
    uint64_t h = 1469598103934665603ull;
    auto mix = [&](unsigned char c) {
        h ^= c;
        h *= 1099511628211ull;
    };
    if (isAscii(name)) {
        for (unsigned char c : name) mix(rules.foldsCase && c >= 'A' && c <= 'Z' ? char(c - 'A' + 'a') : c);
        return h;
    }
    *folded = comparisonKey(name, rules);
    for (unsigned char c : *folded) mix(c);
    return h;
}

} // namespace

std::vector<uint8_t> collisionBits(const std::vector<std::string_view>& names)
{
    std::vector<uint8_t> bits(names.size(), 0);
    bool anySpecial = false;
    bool ascii = true;
    for (const auto& n : names) {
        if (isPlain(n)) continue;
        anySpecial = true;
        ascii = ascii && isAscii(n);
    }
    if (!anySpecial) return bits;
    // Only upper-case ASCII letters make these names special: normalisation
    // joins no two of them, and with it folding case is folding case alone,
    // so one pass gives all three bits (a directory of IMG_0001.JPG's).
    constexpr struct {
        NameRules rules;
        uint8_t bit;
    } kRules[] = {
        {{true, false}, kCollidesFoldingCase},
        {{false, true}, kCollidesFoldingNormalization},
        {{true, true}, kCollidesFoldingBoth},
    };
    const size_t passes = ascii ? 1 : 3;
    struct Keyed {
        uint64_t hash;
        uint32_t index;
    };
    std::vector<Keyed> keyed(names.size());
    std::vector<std::string> folded(ascii ? 0 : names.size());
    for (size_t pass = 0; pass < passes; ++pass) {
        const NameRules rules = kRules[pass].rules;
        const uint8_t bit = ascii ? uint8_t(kCollidesFoldingCase | kCollidesFoldingBoth) : kRules[pass].bit;
        // Every name by the hash of its key, sorted: names that share a key
        // are neighbours; equal hashes are checked against the keys.
        for (size_t i = 0; i < names.size(); ++i)
            keyed[i] = {keyHash(names[i], rules, ascii ? nullptr : &folded[i]), uint32_t(i)};
        std::sort(keyed.begin(), keyed.end(), [](const Keyed& x, const Keyed& y) { return x.hash < y.hash; });
        for (size_t start = 0; start < keyed.size();) {
            size_t end = start + 1;
            while (end < keyed.size() && keyed[end].hash == keyed[start].hash) ++end;
            for (size_t i = start; end - start > 1 && i < end; ++i) {
                const std::string ki = comparisonKey(names[keyed[i].index], rules);
                for (size_t k = start; k < end; ++k)
                    if (k != i && comparisonKey(names[keyed[k].index], rules) == ki) bits[keyed[i].index] |= bit;
            }
            start = end;
        }
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
