// --filter's rule syntax, as rsync's filter rules spell it.

#include <floodgate/options.h>

#include <string>

namespace fg {
namespace {

Error bad(std::string_view text, const std::string& why)
{
    return Error(Errc::InvalidArgument, "--filter '" + std::string(text) + "': " + why
                                            + " (rules: + PATTERN, - PATTERN, P PATTERN, : FILE, . FILE, !)");
}

struct Name {
    std::string_view longName;
    char shortName;
};
constexpr Name kNames[] = {
    {"include", '+'}, {"exclude", '-'}, {"protect", 'P'}, {"dir-merge", ':'}, {"merge", '.'}, {"clear", '!'},
    {"hide", 'H'},    {"show", 'S'},    {"risk", 'R'},
};

} // namespace

Result<ParsedFilterRule> parseFilterRule(std::string_view text)
{
    std::string_view rest = text;
    while (!rest.empty() && (rest.back() == '\r' || rest.back() == '\n')) rest.remove_suffix(1);
    if (rest.empty()) return bad(text, "an empty rule");
    // The rule's name: a long word (then ',' and modifiers), or one character
    // (modifiers right after it).
    char kind = 0;
    std::string_view mods;
    for (const Name& n : kNames) {
        if (rest.starts_with(n.longName)
            && (rest.size() == n.longName.size() || rest[n.longName.size()] == ' ' || rest[n.longName.size()] == ','
                || rest[n.longName.size()] == '_')) {
            kind = n.shortName;
            rest.remove_prefix(n.longName.size());
            if (!rest.empty() && rest.front() == ',') {
                rest.remove_prefix(1);
                size_t end = rest.find_first_of(" _");
                mods = rest.substr(0, end);
                rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
            }
            break;
        }
    }
    if (!kind) {
        kind = rest.front();
        rest.remove_prefix(1);
        size_t end = rest.find_first_of(" _");
        mods = rest.substr(0, end);
        rest = end == std::string_view::npos ? std::string_view() : rest.substr(end);
    }
    // One space or underscore between the rule and its argument.
    std::string_view arg = rest.empty() ? rest : rest.substr(1);

    ParsedFilterRule out;
    switch (kind) {
    case '!':
        if (!mods.empty() || !arg.empty()) return bad(text, "'!' (clear) takes nothing after it");
        out.clear = true;
        return out;
    case 'H':
    case 'S':
    case 'R':
        return bad(text, std::string("'") + kind + "' (hide, show, risk) rules are not supported yet");
    case '+':
    case '-':
    case 'P': {
        if (!mods.empty())
            return bad(text, "the modifier '" + std::string(mods) + "' is not supported yet (write the rule without it)");
        if (arg.empty()) return bad(text, "no pattern");
        FilterSpec f;
        f.kind = kind == '+' ? FilterSpec::Kind::Include : kind == '-' ? FilterSpec::Kind::Exclude : FilterSpec::Kind::Protect;
        f.pattern = std::string(arg);
        out.rule = std::move(f);
        return out;
    }
    case ':':
    case '.': {
        uint8_t flags = 0;
        bool cvs = false;
        for (char m : mods) {
            switch (m) {
            case 'n': flags |= FilterSpec::kNoInherit; break;
            case '-': flags |= FilterSpec::kAllExclude; break;
            case '+': flags |= FilterSpec::kAllInclude; break;
            case 'w': flags |= FilterSpec::kWords; break;
            case 'e': flags |= FilterSpec::kExcludeSelf; break;
            case 'C': cvs = true; break;
            default: return bad(text, std::string("the merge modifier '") + m + "' is not supported yet");
            }
        }
        // C: what CVS does with .cvsignore: words, excludes, not inherited.
        if (cvs) flags |= FilterSpec::kNoInherit | FilterSpec::kAllExclude | FilterSpec::kWords;
        std::string name(arg);
        if (name.empty() && cvs) name = ".cvsignore";
        if (name.empty()) return bad(text, "no file name");
        if ((flags & FilterSpec::kAllExclude) && (flags & FilterSpec::kAllInclude))
            return bad(text, "'-' and '+' cannot both be given");
        if (kind == '.') {
            if (flags) return bad(text, "modifiers on a merge (.) rule are not supported yet");
            out.merge = std::move(name);
            return out;
        }
        // -F's "/.rsync-filter": looked for from the transfer root down, as a
        // name without the slash is.
        while (!name.empty() && name.front() == '/') name.erase(0, 1);
        if (name.empty() || name.find('/') != std::string::npos)
            return bad(text, "a dir-merge file is a name in each directory, not a path");
        FilterSpec f;
        f.kind = FilterSpec::Kind::DirMerge;
        f.pattern = std::move(name);
        f.mergeFlags = flags;
        out.rule = std::move(f);
        return out;
    }
    default: return bad(text, std::string("'") + kind + "' is not a rule");
    }
}

std::string filterRuleText(const FilterSpec& rule)
{
    switch (rule.kind) {
    case FilterSpec::Kind::Include: return "+ " + rule.pattern;
    case FilterSpec::Kind::Exclude: return "- " + rule.pattern;
    case FilterSpec::Kind::Protect: return "P " + rule.pattern;
    case FilterSpec::Kind::DirMerge: break;
    }
    std::string mods;
    if (rule.mergeFlags & FilterSpec::kNoInherit) mods += 'n';
    if (rule.mergeFlags & FilterSpec::kAllExclude) mods += '-';
    if (rule.mergeFlags & FilterSpec::kAllInclude) mods += '+';
    if (rule.mergeFlags & FilterSpec::kWords) mods += 'w';
    if (rule.mergeFlags & FilterSpec::kExcludeSelf) mods += 'e';
    return ":" + mods + " " + rule.pattern;
}

FilterSpec exactPathRule(FilterSpec::Kind kind, std::string_view path, bool isDir)
{
    while (!path.empty() && path.back() == '/') path.remove_suffix(1);
    while (!path.empty() && path.front() == '/') path.remove_prefix(1);
    // A backslash escapes only in a pattern with a wildcard (rsync's rule):
    // a name without one is taken as it is, backslashes and all.
    const bool wild = path.find_first_of("*?[") != std::string_view::npos;
    std::string pattern = "/";
    for (char c : path) {
        if (wild && (c == '*' || c == '?' || c == '[' || c == '\\')) pattern.push_back('\\');
        pattern.push_back(c);
    }
    if (isDir) pattern.push_back('/');
    return FilterSpec{kind, std::move(pattern)};
}

} // namespace fg
