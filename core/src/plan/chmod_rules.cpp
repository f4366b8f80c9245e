#include "plan/chmod_rules.h"

namespace fg {
namespace {

Error bad(std::string_view item, const std::string& why)
{
    return Error(Errc::InvalidArgument, "--chmod: cannot read '" + std::string(item) + "': " + why
                                            + " (write modes as chmod does: 644, u+rw, go-w, a=rX, or D755,F644)");
}

} // namespace

Result<ChmodRules> ChmodRules::parse(std::string_view text)
{
    ChmodRules rules;
    size_t start = 0;
    while (start <= text.size()) {
        size_t comma = text.find(',', start);
        std::string_view item = text.substr(start, comma == std::string_view::npos ? std::string_view::npos : comma - start);
        start = comma == std::string_view::npos ? text.size() + 1 : comma + 1;
        if (item.empty()) return bad(text, "an empty item");
        Item it;
        std::string_view rest = item;
        if (rest.front() == 'D' || rest.front() == 'F') {
            it.scope = rest.front() == 'D' ? Item::Scope::Dirs : Item::Scope::Files;
            rest.remove_prefix(1);
        }
        if (rest.empty()) return bad(item, "nothing after D or F");
        if (rest.front() >= '0' && rest.front() <= '7') {
            uint32_t v = 0;
            for (char c : rest) {
                if (c < '0' || c > '7') return bad(item, "not an octal mode");
                v = v * 8 + uint32_t(c - '0');
                if (v > 07777) return bad(item, "more than four octal digits");
            }
            it.octal = true;
            it.value = v;
            rules.m_items.push_back(std::move(it));
            continue;
        }
        size_t i = 0;
        uint32_t who = 0;
        for (; i < rest.size() && std::string_view("ugoa").find(rest[i]) != std::string_view::npos; ++i)
            who |= rest[i] == 'u' ? 04700u : rest[i] == 'g' ? 02070u : rest[i] == 'o' ? 01007u : 07777u;
        // No who: all of them (rsync ignores the umask for --chmod).
        it.who = who ? who : 07777u;
        if (i == rest.size()) return bad(item, "no +, - or = after who it is for");
        while (i < rest.size()) {
            const char op = rest[i];
            if (op != '+' && op != '-' && op != '=') return bad(item, std::string("'") + op + "' is not +, - or =");
            ++i;
            Item::Op o{op, 0, false};
            for (; i < rest.size() && std::string_view("rwxXst").find(rest[i]) != std::string_view::npos; ++i) {
                switch (rest[i]) {
                case 'r': o.perms |= 0444; break;
                case 'w': o.perms |= 0222; break;
                case 'x': o.perms |= 0111; break;
                case 'X': o.conditionalX = true; break;
                case 's': o.perms |= 06000; break;
                case 't': o.perms |= 01000; break;
                }
            }
            it.ops.push_back(o);
        }
        rules.m_items.push_back(std::move(it));
    }
    return rules;
}

uint32_t ChmodRules::apply(uint32_t mode, bool isDir) const
{
    mode &= 07777;
    for (const Item& it : m_items) {
        if ((it.scope == Item::Scope::Dirs && !isDir) || (it.scope == Item::Scope::Files && isDir)) continue;
        if (it.octal) {
            mode = it.value;
            continue;
        }
        for (const auto& op : it.ops) {
            uint32_t perms = op.perms;
            // X: execute where it is a directory or someone may execute it already.
            if (op.conditionalX && (isDir || (mode & 0111))) perms |= 0111;
            perms &= it.who;
            // The sticky bit is nobody's but 'o' or 'a' (chmod: +t only with o/a).
            if (!(it.who & 01000)) perms &= ~01000u;
            switch (op.op) {
            case '+': mode |= perms; break;
            case '-': mode &= ~perms; break;
            case '=': mode = (mode & ~(it.who & 07777u)) | perms; break;
            }
        }
    }
    return mode & 07777;
}

} // namespace fg
