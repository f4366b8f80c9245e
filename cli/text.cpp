#include "text.h"

#include <cstdint>
#include <cstdio>

namespace fg::cli {


std::string terminalSafe(std::string_view s)
{
    std::string out;
    out.reserve(s.size());
    for (size_t i = 0; i < s.size();) {
        const auto c = static_cast<unsigned char>(s[i]);
        const size_t len = utf8SequenceAt(s, i);
        if (len == 0 || c < 0x20 || c == 0x7f) {
            char buf[8];
            std::snprintf(buf, sizeof buf, "\\#%03o", c);
            out += buf;
            ++i;
            continue;
        }
        out.append(s.substr(i, len));
        i += len;
    }
    return out;
}

} // namespace fg::cli
