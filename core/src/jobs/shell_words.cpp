// A command line's words as a POSIX shell splits them and writes them: how
// a saved job's `sync =` line is read and written, so that a person can
// read and edit it as the command it is.

#include <floodgate/saved_jobs.h>

#include "platform/process.h"

namespace fg {

Result<std::vector<std::string>> splitShellWords(std::string_view line)
{
    if (line.find_first_not_of(" \t\r\n") == std::string_view::npos) return std::vector<std::string>{};
    // The same reading as --rsh's command (one implementation of the rules).
    return platform::splitCommandLine(std::string(line));
}

std::string shellQuoted(const std::vector<std::string>& words)
{
    std::string out;
    for (const std::string& w : words) {
        if (!out.empty()) out += ' ';
        bool plain = !w.empty();
        for (char c : w) {
            const bool safe = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9')
                || std::string_view("-_./=:,+@%").find(c) != std::string_view::npos;
            if (!safe) plain = false;
        }
        if (plain) {
            out += w;
            continue;
        }
        out += '\'';
        for (char c : w) {
            if (c == '\'') out += "'\\''";
            else out += c;
        }
        out += '\'';
    }
    return out;
}

} // namespace fg
