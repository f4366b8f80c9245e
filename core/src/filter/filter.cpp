#include "filter/filter.h"

#include "common/path.h"

#include <algorithm>
#include <array>
#include <bitset>
#include <cassert>
#include <cstdint>
#include <string>
#include <unordered_set>

namespace fg::filter {
namespace {

// A pattern longer than the longest path the protocol accepts could still match
// through "**" in theory, but nobody writes one; the cap bounds the matcher's
// state to kMaxWords words on the stack.
constexpr size_t kMaxPatternBytes = kMaxPathBytes;
constexpr size_t kMaxWords = (kMaxPatternBytes + 1 + 63) / 64;

// Runs of consecutive literal rules of one kind at least this long are merged
// into hash sets. Below that a few direct comparisons are cheaper than hashing
// the path; above it an --exclude-from list of thousands of names stays one
// lookup per path instead of thousands of comparisons.
constexpr size_t kMinLiteralGroup = 4;

struct Token {
    enum class Kind : uint8_t { Byte, AnyByte, Class, Star, DoubleStar };
    Kind kind = Kind::Byte;
    unsigned char byte = 0;    // Kind::Byte
    std::bitset<256> accepts;  // Kind::Class, '/' already removed
};

bool addNamedClass(std::string_view name, std::bitset<256>& set)
{
    // ASCII only and independent of the process locale, like rsync's ISxxx
    // macros in the C locale: a rule list must mean the same on every machine.
    auto range = [&](int lo, int hi) {
        for (int c = lo; c <= hi; ++c) set.set(size_t(c));
    };
    if (name == "alnum") { range('0', '9'); range('A', 'Z'); range('a', 'z'); }
    else if (name == "alpha") { range('A', 'Z'); range('a', 'z'); }
    else if (name == "blank") { set.set(' '); set.set('\t'); }
    else if (name == "cntrl") { range(0, 31); set.set(127); }
    else if (name == "digit") { range('0', '9'); }
    else if (name == "graph") { range(33, 126); }
    else if (name == "lower") { range('a', 'z'); }
    else if (name == "print") { range(32, 126); }
    else if (name == "punct") { range(33, 47); range(58, 64); range(91, 96); range(123, 126); }
    else if (name == "space") { range(9, 13); set.set(' '); }
    else if (name == "upper") { range('A', 'Z'); }
    else if (name == "xdigit") { range('0', '9'); range('A', 'F'); range('a', 'f'); }
    else return false;
    return true;
}

// Parses the "[...]" starting at pat[i] the way rsync's wildmatch reads it: a
// ']' right after "[" or "[!" is a member, "a-z" is a range, a backslash escapes
// one character, "[:name:]" is a POSIX class. On success i is past the ']'.
Result<Token> parseClass(std::string_view pat, size_t& i)
{
    const size_t n = pat.size();
    const Error unterminated(Errc::InvalidArgument, "unterminated '[' (write '\\[' for a literal bracket)");
    size_t p = i + 1;
    bool negate = false;
    if (p < n && (pat[p] == '!' || pat[p] == '^')) {
        negate = true;
        ++p;
    }
    std::bitset<256> set;
    int prev = -1; // the last single member, the start of a possible range
    bool first = true;
    for (;;) {
        if (p >= n) return unterminated;
        auto c = static_cast<unsigned char>(pat[p]);
        if (c == ']' && !first) {
            ++p;
            break;
        }
        first = false;
        if (c == '\\') {
            if (p + 1 >= n) return unterminated;
            c = static_cast<unsigned char>(pat[p + 1]);
            set.set(c);
            prev = c;
            p += 2;
        } else if (c == '-' && prev >= 0 && p + 1 < n && pat[p + 1] != ']') {
            auto hi = static_cast<unsigned char>(pat[p + 1]);
            p += 2;
            if (hi == '\\') {
                if (p >= n) return unterminated;
                hi = static_cast<unsigned char>(pat[p]);
                ++p;
            }
            for (int x = prev; x <= hi; ++x) set.set(size_t(x));
            prev = -1;
        } else if (c == '[' && p + 1 < n && pat[p + 1] == ':') {
            size_t nameStart = p + 2;
            size_t close = pat.find(']', nameStart);
            if (close == std::string_view::npos) return unterminated;
            if (close > nameStart && pat[close - 1] == ':') {
                std::string_view name = pat.substr(nameStart, close - 1 - nameStart);
                if (!addNamedClass(name, set))
                    return Error(Errc::InvalidArgument, "unknown character class '[:" + std::string(name)
                                     + ":]' (known: alnum alpha blank cntrl digit graph lower print punct space upper xdigit)");
                p = close + 1;
                prev = -1;
            } else {
                // Not "[:name:]" after all: the '[' is an ordinary member.
                set.set('[');
                prev = '[';
                ++p;
            }
        } else {
            set.set(c);
            prev = c;
            ++p;
        }
    }
    if (negate) set.flip();
    // A class never matches the separator, negated or not (as in rsync).
    set.reset('/');
    i = p;
    Token t;
    t.kind = Token::Kind::Class;
    t.accepts = set;
    return t;
}

Result<std::vector<Token>> parseTokens(std::string_view pat, bool wild)
{
    std::vector<Token> tokens;
    tokens.reserve(pat.size());
    auto byte = [](unsigned char c) {
        Token t;
        t.byte = c;
        return t;
    };
    if (!wild) {
        for (char c : pat) tokens.push_back(byte(static_cast<unsigned char>(c)));
        return tokens;
    }
    size_t i = 0;
    while (i < pat.size()) {
        char c = pat[i];
        if (c == '\\') {
            if (i + 1 >= pat.size())
                return Error(Errc::InvalidArgument, "ends in a lone backslash (write '\\\\' for a literal one)");
            tokens.push_back(byte(static_cast<unsigned char>(pat[i + 1])));
            i += 2;
        } else if (c == '*') {
            size_t run = 0;
            while (i < pat.size() && pat[i] == '*') ++run, ++i;
            Token t;
            // Every run of two or more stars is one "**": "***" differs only in
            // how a directory is matched, which the rule records separately.
            t.kind = run == 1 ? Token::Kind::Star : Token::Kind::DoubleStar;
            tokens.push_back(t);
        } else if (c == '?') {
            Token t;
            t.kind = Token::Kind::AnyByte;
            tokens.push_back(t);
            ++i;
        } else if (c == '[') {
            FG_TRY_ASSIGN(Token t, parseClass(pat, i));
            tokens.push_back(t);
        } else {
            tokens.push_back(byte(static_cast<unsigned char>(c)));
            ++i;
        }
    }
    return tokens;
}

// A wildcard pattern as a bit-parallel NFA (shift-and). State i means "tokens
// [0, i) are matched"; every byte of the text moves all live states at once, so
// matching costs O(text × words) whatever the pattern, with no backtracking:
// "a**a**a**a**b" against a long path is as cheap as "*.o". One 64-bit word
// holds a pattern of up to 63 tokens, which is nearly every pattern written.
class Nfa {
public:
    explicit Nfa(const std::vector<Token>& tokens)
        : m_words((tokens.size() + 1 + 63) / 64), m_acceptWord(tokens.size() / 64),
          m_acceptBit(uint64_t(1) << (tokens.size() % 64)), m_advance(256 * m_words, 0),
          m_stayOther(m_words, 0), m_staySlash(m_words, 0), m_skip(m_words, 0), m_start(m_words, 0)
    {
        for (size_t i = 0; i < tokens.size(); ++i) {
            const size_t w = i / 64;
            const uint64_t bit = uint64_t(1) << (i % 64);
            const Token& t = tokens[i];
            switch (t.kind) {
            case Token::Kind::Byte:
                m_advance[t.byte * m_words + w] |= bit;
                break;
            case Token::Kind::AnyByte:
                for (size_t c = 0; c < 256; ++c)
                    if (c != '/') m_advance[c * m_words + w] |= bit;
                break;
            case Token::Kind::Class:
                for (size_t c = 0; c < 256; ++c)
                    if (t.accepts.test(c)) m_advance[c * m_words + w] |= bit;
                break;
            case Token::Kind::DoubleStar:
                m_staySlash[w] |= bit;
                m_stayOther[w] |= bit;
                m_skip[w] |= bit;
                break;
            case Token::Kind::Star:
                m_stayOther[w] |= bit;
                m_skip[w] |= bit;
                break;
            }
        }
        assert(m_words <= kMaxWords); // kMaxPatternBytes bounds the token count
        m_start[0] = 1;
        close(m_start.data());
    }

    // Matches the whole of: an optional '/', then `text`, then an optional '/'
    // (rsync's way of letting "**/x" match "x" and "dir/***" match "dir").
    // With restartAtSlash a match may also begin right after any '/' of text.
    bool matches(std::string_view text, bool leadSlash, bool trailSlash, bool restartAtSlash) const
    {
        if (m_words == 1) return matchesOneWord(text, leadSlash, trailSlash, restartAtSlash);
        return matchesWords(text, leadSlash, trailSlash, restartAtSlash);
    }

private:
    bool matchesOneWord(std::string_view text, bool leadSlash, bool trailSlash, bool restartAtSlash) const
    {
        const uint64_t start = m_start[0];
        const uint64_t skip = m_skip[0];
        const uint64_t stayOther = m_stayOther[0];
        const uint64_t staySlash = m_staySlash[0];
        uint64_t s = start;
        auto feed = [&](unsigned char c) {
            uint64_t next = ((s & m_advance[c]) << 1) | (s & (c == '/' ? staySlash : stayOther));
            // Consecutive stars are one token, so one closure step is enough.
            next |= (next & skip) << 1;
            if (restartAtSlash && c == '/') next |= start;
            s = next;
        };
        if (leadSlash) feed('/');
        for (size_t i = 0; i < text.size(); ++i) {
            if (s == 0) {
                if (!restartAtSlash) return false;
                // Nothing alive: jump to the next component, where a match may begin.
                i = text.find('/', i);
                if (i == std::string_view::npos) {
                    i = text.size();
                    break;
                }
            }
            feed(static_cast<unsigned char>(text[i]));
        }
        if (trailSlash) feed('/');
        return (s & m_acceptBit) != 0;
    }

    bool matchesWords(std::string_view text, bool leadSlash, bool trailSlash, bool restartAtSlash) const
    {
        std::array<uint64_t, kMaxWords> cur{};
        std::array<uint64_t, kMaxWords> next{};
        std::copy(m_start.begin(), m_start.end(), cur.begin());
        auto alive = [&] {
            for (size_t w = 0; w < m_words; ++w)
                if (cur[w]) return true;
            return false;
        };
        auto feed = [&](unsigned char c) {
            const uint64_t* advance = &m_advance[c * m_words];
            const uint64_t* stay = c == '/' ? m_staySlash.data() : m_stayOther.data();
            uint64_t carry = 0;
            for (size_t w = 0; w < m_words; ++w) {
                uint64_t moved = cur[w] & advance[w];
                next[w] = (moved << 1) | carry | (cur[w] & stay[w]);
                carry = moved >> 63;
            }
            close(next.data());
            if (restartAtSlash && c == '/')
                for (size_t w = 0; w < m_words; ++w) next[w] |= m_start[w];
            std::swap(cur, next);
        };
        if (leadSlash) feed('/');
        for (size_t i = 0; i < text.size(); ++i) {
            if (!alive()) {
                if (!restartAtSlash) return false;
                i = text.find('/', i);
                if (i == std::string_view::npos) break;
            }
            feed(static_cast<unsigned char>(text[i]));
        }
        if (trailSlash) feed('/');
        return (cur[m_acceptWord] & m_acceptBit) != 0;
    }

    // A star may match nothing: a live star state also makes the next one live.
    void close(uint64_t* states) const
    {
        uint64_t carry = 0;
        for (size_t w = 0; w < m_words; ++w) {
            uint64_t stars = states[w] & m_skip[w];
            states[w] |= (stars << 1) | carry;
            carry = stars >> 63;
        }
    }

    size_t m_words;
    size_t m_acceptWord;
    uint64_t m_acceptBit;
    std::vector<uint64_t> m_advance;   // [byte * m_words + w]: states that byte moves forward
    std::vector<uint64_t> m_stayOther; // '*' and "**" states: stay on any byte but '/'
    std::vector<uint64_t> m_staySlash; // "**" states: stay on '/' too
    std::vector<uint64_t> m_skip;      // star states, which may match nothing
    std::vector<uint64_t> m_start;     // state 0 and what it reaches matching nothing
};

struct StringHash {
    using is_transparent = void;
    size_t operator()(std::string_view s) const noexcept { return std::hash<std::string_view>{}(s); }
};
using StringSet = std::unordered_set<std::string, StringHash, std::equal_to<>>;

// A run of literal rules of one kind, as hash sets (see kMinLiteralGroup).
struct LiteralGroup {
    StringSet names;    // "name": the last component
    StringSet dirNames; // "name/"
    StringSet paths;    // "/a/b": the whole path
    StringSet dirPaths; // "/a/b/"

    bool matches(std::string_view path, std::string_view name, bool isDir) const
    {
        auto has = [](const StringSet& set, std::string_view key) { return !set.empty() && set.contains(key); };
        return has(names, name) || has(paths, path) || (isDir && (has(dirNames, name) || has(dirPaths, path)));
    }
};

// Where a pattern is matched, after rsync's rule_matches().
enum class Scope : uint8_t {
    Name,          // no '/' and no "**": the last component only
    Anchored,      // "/...": the whole path from the root
    Tail,          // inner '/' but no "**": exactly the last (slashes + 1) components
    AnyComponent,  // "**" not at the start: from the root or after any '/'
    LeadingStars,  // starts with "**": the whole path with a '/' in front
};

// The last `slashes + 1` components of path, or nothing when it has fewer.
bool tailComponents(std::string_view path, size_t slashes, std::string_view& tail)
{
    size_t end = path.size();
    for (size_t left = slashes; left > 0; --left) {
        size_t slash = end == 0 ? std::string_view::npos : path.rfind('/', end - 1);
        if (slash == std::string_view::npos) return false;
        end = slash;
    }
    size_t slash = end == 0 ? std::string_view::npos : path.rfind('/', end - 1);
    tail = slash == std::string_view::npos ? path : path.substr(slash + 1);
    return true;
}

const char* optionName(FilterSpec::Kind kind)
{
    switch (kind) {
    case FilterSpec::Kind::Include: return "--include";
    case FilterSpec::Kind::Exclude: return "--exclude";
    default: return "--filter";
    }
}

bool allBytes(const std::vector<Token>& tokens, size_t from, size_t to)
{
    for (size_t i = from; i < to; ++i)
        if (tokens[i].kind != Token::Kind::Byte) return false;
    return true;
}

std::string bytesOf(const std::vector<Token>& tokens, size_t from, size_t to)
{
    std::string out;
    for (size_t i = from; i < to; ++i) out.push_back(static_cast<char>(tokens[i].byte));
    return out;
}

} // namespace

struct FilterSet::Rule {
    // The literal and suffix kinds are the common rules ("*.o", "/build/",
    // "node_modules/") answered with one comparison; Glob runs the NFA.
    enum class Kind : uint8_t { NameLiteral, NameSuffix, NamePrefix, NameContains, PathLiteral, TailLiteral, Glob, Group, Merge };
    Kind kind = Kind::Glob;
    Scope scope = Scope::Name;
    bool exclude = true;
    bool protect = false;      // P: --delete keeps it; the sender does not look
    uint8_t mergeFlags = 0;    // Merge: FilterSpec::MergeFlag
    bool dirOnly = false;
    bool dirGetsSlash = false; // "x/***": a directory is matched as "path/"
    size_t tailSlashes = 0;    // Scope::Tail: the pattern's '/' count
    std::string literal;
    std::unique_ptr<const Nfa> nfa;
    std::unique_ptr<const LiteralGroup> group;

    static Result<Rule> compile(const FilterSpec& spec);
    bool matches(std::string_view path, std::string_view name, bool isDir) const;
};

bool FilterSet::Rule::matches(std::string_view path, std::string_view name, bool isDir) const
{
    switch (kind) {
    case Kind::NameLiteral: return name == literal;
    case Kind::NameSuffix: return name.ends_with(literal);
    case Kind::NamePrefix: return name.starts_with(literal);
    case Kind::NameContains: return name.find(literal) != std::string_view::npos;
    case Kind::PathLiteral: return path == literal;
    case Kind::TailLiteral:
        return path.ends_with(literal)
            && (path.size() == literal.size() || path[path.size() - literal.size() - 1] == '/');
    case Kind::Group: return group->matches(path, name, isDir);
    case Kind::Merge: return false; // a placeholder: FilterSet::match takes its directories' rules
    case Kind::Glob: break;
    }
    const bool trail = dirGetsSlash && isDir;
    switch (scope) {
    case Scope::Name: return nfa->matches(name, false, false, false);
    case Scope::Anchored: return nfa->matches(path, false, trail, false);
    case Scope::LeadingStars: return nfa->matches(path, true, trail, false);
    case Scope::AnyComponent: return nfa->matches(path, false, trail, true);
    case Scope::Tail: {
        std::string_view tail;
        return tailComponents(path, tailSlashes, tail) && nfa->matches(tail, false, trail, false);
    }
    }
    return false;
}

Result<FilterSet::Rule> FilterSet::Rule::compile(const FilterSpec& spec)
{
    const std::string& raw = spec.pattern;
    auto fail = [&](const std::string& why) {
        std::string shown = raw.size() > 200 ? raw.substr(0, 200) + "..." : raw;
        return Error(Errc::InvalidArgument, std::string(optionName(spec.kind)) + " pattern '" + shown + "': " + why);
    };
    if (raw.empty()) return fail("empty pattern; a rule needs a name or a wildcard to match");
    if (raw.size() > kMaxPatternBytes) return fail("longer than 4096 bytes, the longest path there can be");

    Rule rule;
    if (spec.kind == FilterSpec::Kind::DirMerge) {
        if (raw.find('/') != std::string::npos) return fail("a dir-merge file is a name in each directory, not a path");
        rule.kind = Kind::Merge;
        rule.literal = raw;
        rule.mergeFlags = spec.mergeFlags;
        return rule;
    }
    rule.exclude = spec.kind != FilterSpec::Kind::Include;
    rule.protect = spec.kind == FilterSpec::Kind::Protect;
    std::string_view pat = raw;
    while (!pat.empty() && pat.back() == '/') {
        rule.dirOnly = true;
        pat.remove_suffix(1);
    }
    const bool anchored = !pat.empty() && pat.front() == '/';
    if (anchored) pat.remove_prefix(1);
    if (pat.empty()) return fail("matches no path: a pattern needs a name, not just '/'");

    // As in rsync, the scope is read from the pattern's text: a backslash only
    // escapes when there is a wildcard, and "**" is any two stars in a row.
    const bool wild = pat.find_first_of("*?[") != std::string_view::npos;
    auto tokens = parseTokens(pat, wild);
    if (!tokens) return fail(tokens.error().message);
    const auto slashes = size_t(std::count(pat.begin(), pat.end(), '/'));
    const bool doubleStar = wild && pat.find("**") != std::string_view::npos;
    if (anchored) rule.scope = Scope::Anchored;
    else if (slashes == 0 && !doubleStar) rule.scope = Scope::Name;
    else if (!doubleStar) rule.scope = Scope::Tail;
    else if (pat.starts_with("**")) rule.scope = Scope::LeadingStars;
    else rule.scope = Scope::AnyComponent;
    rule.tailSlashes = slashes;
    rule.dirGetsSlash = doubleStar && pat.ends_with("***");

    const std::vector<Token>& t = *tokens;
    const size_t n = t.size();
    auto isStar = [&](size_t i) { return t[i].kind == Token::Kind::Star; };
    if (allBytes(t, 0, n) && rule.scope != Scope::AnyComponent && rule.scope != Scope::LeadingStars) {
        rule.literal = bytesOf(t, 0, n);
        rule.kind = rule.scope == Scope::Name ? Kind::NameLiteral
                  : rule.scope == Scope::Anchored ? Kind::PathLiteral
                  : Kind::TailLiteral;
        return rule;
    }
    if (rule.scope == Scope::Name && n >= 1) {
        if (isStar(0) && allBytes(t, 1, n)) {
            rule.kind = Kind::NameSuffix; // "*.o", and "*" itself with an empty suffix
            rule.literal = bytesOf(t, 1, n);
            return rule;
        }
        if (isStar(n - 1) && allBytes(t, 0, n - 1)) {
            rule.kind = Kind::NamePrefix; // "core.*"
            rule.literal = bytesOf(t, 0, n - 1);
            return rule;
        }
        if (n >= 3 && isStar(0) && isStar(n - 1) && allBytes(t, 1, n - 1)) {
            rule.kind = Kind::NameContains; // "*~lock*"
            rule.literal = bytesOf(t, 1, n - 1);
            return rule;
        }
    }
    rule.kind = Kind::Glob;
    rule.nfa = std::make_unique<const Nfa>(t);
    return rule;
}

Result<FilterSet> FilterSet::compile(const std::vector<FilterSpec>& specs)
{
    std::vector<Rule> compiled;
    compiled.reserve(specs.size());
    for (const FilterSpec& spec : specs) {
        FG_TRY_ASSIGN(Rule rule, Rule::compile(spec));
        compiled.push_back(std::move(rule));
    }

    // Merging a run of literal rules of one kind keeps first-match-wins: inside
    // the run every match gives the same answer, so their order does not matter.
    auto groupable = [](const Rule& r) {
        return (r.kind == Rule::Kind::NameLiteral || r.kind == Rule::Kind::PathLiteral) && !r.protect;
    };
    auto rules = std::make_shared<std::vector<Rule>>();
    for (size_t i = 0; i < compiled.size();) {
        size_t end = i;
        while (end < compiled.size() && groupable(compiled[end]) && compiled[end].exclude == compiled[i].exclude) ++end;
        if (end - i < kMinLiteralGroup) {
            const size_t stop = std::max(end, i + 1);
            for (; i < stop; ++i) rules->push_back(std::move(compiled[i]));
            continue;
        }
        auto group = std::make_unique<LiteralGroup>();
        for (size_t k = i; k < end; ++k) {
            Rule& r = compiled[k];
            StringSet& set = r.kind == Rule::Kind::NameLiteral ? (r.dirOnly ? group->dirNames : group->names)
                                                               : (r.dirOnly ? group->dirPaths : group->paths);
            set.insert(std::move(r.literal));
        }
        Rule merged;
        merged.kind = Rule::Kind::Group;
        merged.exclude = compiled[i].exclude;
        merged.group = std::move(group);
        rules->push_back(std::move(merged));
        i = end;
    }
    FilterSet set;
    set.m_rules = std::move(rules);
    return set;
}

bool FilterSet::excluded(std::string_view path, bool isDir) const
{
    return match(path, isDir, Side::Send, nullptr) == Verdict::Exclude;
}

Verdict FilterSet::match(std::string_view path, bool isDir, Side side, const std::vector<MergedRules>* merged) const
{
    if (!m_rules || path.empty()) return Verdict::None;
    const std::string_view name = baseName(path);
    for (size_t r = 0; r < m_rules->size(); ++r) {
        const Rule& rule = (*m_rules)[r];
        if (rule.kind == Rule::Kind::Merge) {
            if (!merged) continue;
            // The nearest directory's file first: it was pushed last.
            for (auto it = merged->rbegin(); it != merged->rend(); ++it) {
                if (it->position != r) continue;
                std::string_view below;
                if (it->dir.empty()) {
                    below = path;
                } else if (path.size() > it->dir.size() && path.starts_with(it->dir) && path[it->dir.size()] == '/') {
                    below = path.substr(it->dir.size() + 1);
                } else {
                    continue;
                }
                // n: the file's rules are for its own directory's entries.
                if (!it->inherited && below.find('/') != std::string_view::npos) continue;
                if (Verdict v = it->rules.match(below, isDir, side, nullptr); v != Verdict::None) return v;
            }
            continue;
        }
        if (rule.protect ? side == Side::Send : side == Side::DeleteExcluded) continue;
        if (rule.dirOnly && !isDir) continue;
        if (rule.matches(path, name, isDir)) return rule.exclude ? Verdict::Exclude : Verdict::Include;
    }
    return Verdict::None;
}

std::vector<FilterSet::DirMerge> FilterSet::dirMerges() const
{
    std::vector<DirMerge> out;
    if (!m_rules) return out;
    for (size_t r = 0; r < m_rules->size(); ++r)
        if ((*m_rules)[r].kind == Rule::Kind::Merge)
            out.push_back({r, (*m_rules)[r].literal, (*m_rules)[r].mergeFlags});
    return out;
}

Result<std::vector<FilterSpec>> parseMergeFile(std::string_view text, uint8_t flags, const std::string& where)
{
    std::vector<FilterSpec> out;
    size_t lineNo = 0;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        if (end == std::string_view::npos) end = text.size();
        std::string_view line = text.substr(start, end - start);
        start = end + 1;
        ++lineNo;
        if (line.ends_with('\r')) line.remove_suffix(1);
        if (line.empty() || line.front() == '#' || line.front() == ';') continue;
        if (flags & (FilterSpec::kAllExclude | FilterSpec::kAllInclude)) {
            // Every word (w) or line is a pattern; "!" clears what came before, as in .cvsignore.
            const auto kind = flags & FilterSpec::kAllExclude ? FilterSpec::Kind::Exclude : FilterSpec::Kind::Include;
            auto add = [&](std::string_view word) {
                if (word == "!") out.clear();
                else if (!word.empty()) out.push_back({kind, std::string(word), 0});
            };
            if (flags & FilterSpec::kWords) {
                size_t i = 0;
                while (i < line.size()) {
                    while (i < line.size() && (line[i] == ' ' || line[i] == '\t')) ++i;
                    size_t j = i;
                    while (j < line.size() && line[j] != ' ' && line[j] != '\t') ++j;
                    add(line.substr(i, j - i));
                    i = j;
                }
            } else {
                add(line);
            }
            continue;
        }
        auto parsed = parseFilterRule(line);
        if (!parsed.ok())
            return Error(Errc::InvalidArgument, where + " line " + std::to_string(lineNo) + ": " + parsed.error().message);
        if (parsed->clear) {
            out.clear();
            continue;
        }
        if (!parsed->merge.empty() || (parsed->rule && parsed->rule->kind == FilterSpec::Kind::DirMerge))
            return Error(Errc::InvalidArgument, where + " line " + std::to_string(lineNo)
                                                    + ": a merge rule inside a per-directory file is not supported yet");
        out.push_back(*parsed->rule);
    }
    for (const FilterSpec& f : out) {
        if (auto one = FilterSet::compile({f}); !one)
            return Error(Errc::InvalidArgument, where + ": " + one.error().message);
    }
    return out;
}

bool FilterSet::empty() const
{
    return !m_rules || m_rules->empty();
}

} // namespace fg::filter
