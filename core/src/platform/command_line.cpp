// Splitting a -e/--rsh command into words is the same on every OS (the
// words are the user's, written as for a POSIX shell), so it lives beside
// the interfaces rather than in posix/ or win32/.
#include "platform/process.h"

#include <string_view>

namespace fg::platform {

Result<std::vector<std::string>> splitCommandLine(const std::string& command)
{
    std::vector<std::string> words;
    std::string current;
    bool inWord = false;
    char quote = 0;
    for (size_t i = 0; i < command.size(); ++i) {
        char c = command[i];
        if (quote) {
            if (c == quote) quote = 0;
            // Inside double quotes a backslash escapes only what the shell
            // gives a meaning there (" \ $ `); elsewhere it is itself, as in
            // "C:\Program Files\ssh.exe".
            else if (c == '\\' && quote == '"' && i + 1 < command.size()
                     && std::string_view("\"\\$`").find(command[i + 1]) != std::string_view::npos)
                current.push_back(command[++i]);
            else current.push_back(c);
            continue;
        }
        if (c == '\'' || c == '"') {
            quote = c;
            inWord = true;
        } else if (c == '\\' && i + 1 < command.size()) {
            current.push_back(command[++i]);
            inWord = true;
        } else if (c == ' ' || c == '\t' || c == '\n' || c == '\r') {
            if (inWord) words.push_back(std::move(current));
            current.clear();
            inWord = false;
        } else {
            current.push_back(c);
            inWord = true;
        }
    }
    if (quote) return Error(Errc::InvalidArgument, "unterminated quote in command: " + command);
    if (inWord) words.push_back(std::move(current));
    if (words.empty()) return Error(Errc::InvalidArgument, "empty command");
    return words;
}

} // namespace fg::platform
