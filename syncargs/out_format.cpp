#include "out_format.h"

#include "itemize.h"

#include <cstdio>
#include <string_view>
#include <floodgate/system.h>

namespace fg::cli {
namespace {

constexpr const char* kEscapes = "n, f, i, L, l, b, o, t, p and %";

bool isFlag(char c)
{
    return c == '-' || c == '\'' || (c >= '0' && c <= '9');
}

} // namespace

std::string logTime(char sep) { return localTimestamp(sep); }

Result<OutFormat> OutFormat::parse(const std::string& format, const std::string& option)
{
    for (size_t i = 0; i < format.size(); ++i) {
        if (format[i] != '%') continue;
        size_t k = i + 1;
        while (k < format.size() && isFlag(format[k])) ++k;
        if (k >= format.size())
            return Error(Errc::InvalidArgument, option + ": the format ends in a lone '%'");
        if (std::string_view("nfiLlbotp%").find(format[k]) == std::string_view::npos)
            return Error(Errc::InvalidArgument, option + ": %" + format.substr(i + 1, k - i) + " is not supported yet (there are: "
                                                    + kEscapes + ")");
        i = k;
    }
    OutFormat f;
    f.m_format = format;
    return f;
}

std::string OutFormat::line(const PlanItem& item, bool toRemote) const
{
    std::string out;
    for (size_t i = 0; i < m_format.size(); ++i) {
        const char c = m_format[i];
        if (c != '%') {
            out.push_back(c);
            continue;
        }
        size_t k = i + 1;
        while (k < m_format.size() && isFlag(m_format[k])) ++k;
        const std::string flags = m_format.substr(i + 1, k - i - 1);
        const char what = m_format[k];
        i = k;
        std::string value;
        switch (what) {
        case '%': out.push_back('%'); continue;
        case 'n':
        case 'f': value = item.path == "." ? "./" : item.path + (item.isDir ? "/" : ""); break;
        case 'i': value = itemizeLine(item, toRemote).substr(0, 11); break;
        case 'L': value = item.isSymlink && !item.linkTarget.empty() ? " -> " + item.linkTarget : ""; break;
        case 'l':
        case 'b': value = std::to_string(item.isDir ? 0 : item.size); break;
        case 'o':
            value = item.action == FileAction::Delete ? "del." : toRemote ? "send" : "recv";
            break;
        case 't': value = logTime('-'); break;
        case 'p': value = std::to_string(processId()); break;
        default: break;
        }
        // printf-style width and '-' for left alignment ("%-10l"); rsync's
        // ' (digit grouping) is taken and ignored.
        const bool left = flags.find('-') != std::string::npos;
        size_t width = 0;
        for (char f : flags)
            if (f >= '0' && f <= '9') width = width * 10 + size_t(f - '0');
        const std::string pad(value.size() < width ? width - value.size() : 0, ' ');
        out += left ? value + pad : pad + value;
    }
    return out;
}

} // namespace fg::cli
